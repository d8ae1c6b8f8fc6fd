"""The turn (rulebook p.13): production, refresh, draw, maneuvers, end of turn.

Also the draw frame (choosing a deck; the drawing itself is `drawing.py`) and equipping.
"""

from __future__ import annotations

from cardgames.engine import chain as chainmod
from cardgames.engine import core_events as ce
from cardgames.engine.decisions import Ask, Option
from cardgames.engine.flow import Flow
from cardgames.engine.state import Frame, State
from cardgames.games.allegiance import board, damage, drawing, entering
from cardgames.games.allegiance.cards import Cards
from cardgames.games.allegiance.events import GoldChanged
from cardgames.games.allegiance.offers import option
from cardgames.games.allegiance.schema import GearCard


def first_turn_exempt(state: State, seat: int) -> bool:
    """2 players: the first player skips the production increase and the draw on turn one (p.26)."""
    return (len(state.players) == 2 and seat == int(state.globals.get("first_player", 0))
            and int(state.players[seat].props.get("turns_taken", 0)) == 0)


class Turn:
    """Frame kinds "turn", "draw" and "equip"."""

    def __init__(self, cat: Cards) -> None:
        self.cat = cat

    def run(self, flow: Flow, frame: Frame) -> Ask | None:
        state = flow.state
        step = str(frame.data["step"])
        seat = state.active
        if step != "begin" and state.players[seat].eliminated and step != "cleanup":
            flow.update(frame, step="cleanup")
            return None
        if step == "begin":
            nxt = (
                int(state.globals["first_player"])
                if state.turn == 0
                else state.seats_from(seat + 1)[0]
            )
            flow.emit(ce.TurnBegan(state.turn + 1, nxt))
            for p in state.players:
                if p.counters.get("armor_used"):
                    flow.emit(
                        ce.PlayerCounterAdded(p.seat, "armor_used", -p.counters["armor_used"])
                    )
            flow.emit(ce.PhaseBegan("production"))
            flow.update(frame, step="production")
        elif step == "production":
            if not first_turn_exempt(state, seat):
                flow.emit(ce.PlayerCounterAdded(seat, "production", 1))
            flow.emit(GoldChanged(seat, state.players[seat].counters["production"], "production"))
            flow.emit(ce.PhaseBegan("refresh"))
            flow.update(frame, step="refresh")
        elif step == "refresh":
            self._refresh(flow, seat)
            flow.emit(ce.PhaseBegan("draw"))
            flow.update(frame, step="draw")
        elif step == "draw":
            flow.update(frame, step="maneuver")
            if not first_turn_exempt(state, seat):
                flow.push("draw", seat=seat, count=1, deck="any", reason="draw phase")
        elif step == "maneuver":
            flow.emit(ce.PhaseBegan("maneuver"))
            flow.update(frame, step="end_triggers")
            chainmod.open_window(flow, seat, "main", "Maneuver phase")
        elif step == "end_triggers":
            flow.emit(ce.PhaseBegan("end"))
            flow.update(frame, step="end_window")
            damage.fire(flow, self.cat, "end_of_your_turn", [
                o for o in state.cards_in(board.territory(seat)) if o.controller == seat
            ])
            hosted = [
                o
                for p in state.players
                for o in state.cards_in(board.territory(p.seat))
                if o.attached_to is not None and state.objects[o.attached_to].controller == seat
            ]
            damage.fire(flow, self.cat, "end_of_attached_controllers_turn", hosted)
        elif step == "end_window":
            flow.update(frame, step="cleanup")
            chainmod.open_window(flow, seat, "end", "End of turn (reactions only)")
        elif step == "cleanup":
            self._cleanup(flow, seat)
            flow.update(frame, step="begin")
        return None

    def answer(self, flow: Flow, frame: Frame, option: Option) -> None:  # pragma: no cover
        raise AssertionError("the turn frame never asks")

    def _refresh(self, flow: Flow, seat: int) -> None:
        """Cooldown counters move one space toward ready, then refresh exhausted cards (p.13)."""
        state = flow.state
        cds = dict(state.players[seat].props.get("cooldowns") or {})
        if any(v > 0 for v in cds.values()):
            flow.emit(
                ce.PlayerPropSet(seat, "cooldowns", {k: max(0, v - 1) for k, v in cds.items()})
            )
        # which cards to refresh, all found before the first is refreshed (refreshing one changes
        # no other's attachments: the table is not looked through again after each)
        ready = [
            obj for obj in state.cards_in(board.territory(seat))
            if obj.exhausted and obj.controller == seat and not any(
                "no_refresh" in self.cat.keywords(a) for a in board.attachments(state, obj.id))
        ]
        for obj in ready:
            flow.emit(ce.ObjectChanged(obj.id, exhausted=False))

    def _cleanup(self, flow: Flow, seat: int) -> None:
        """Effects that last until the end of the turn finish (p.13)."""
        state = flow.state
        expired = [m.id for m in state.modifiers if m.until in ("end_of_turn", "end_of_battle")]
        expired += [s.id for s in state.shields if s.until in ("end_of_turn", "end_of_battle")]
        if expired:
            flow.emit(ce.EffectsExpired(expired))
        for oid, back in dict(state.globals.get("returns") or {}).items():
            obj = state.objects[int(oid)]
            if (
                board.in_play(state, obj)
                and obj.controller != int(back)
                and not state.players[int(back)].eliminated
            ):
                board.move(
                    flow,
                    obj.id,
                    board.territory(int(back)),
                    controller=int(back),
                    entered_turn=state.turn,
                )
        if state.globals.get("returns"):
            flow.emit(ce.GlobalSet("returns", {}))
        for obj in [o for o in state.objects.values() if o.counters and o.counters.get("hasty")]:
            flow.emit(ce.CounterAdded(obj.id, "hasty", -obj.counters["hasty"]))
        for obj in list(state.cards_in(board.REMOVED)):
            if state.players[obj.controller].eliminated:
                # Its controller left the game meanwhile: it has nowhere to return (R79).
                damage.leave_play(flow, self.cat, obj.id)
            else:
                entering.put_into_play(flow, self.cat, obj.id, obj.controller)
        p = state.players[seat]
        flow.emit(ce.PlayerPropSet(seat, "turns_taken", int(p.props.get("turns_taken", 0)) + 1))
        damage.check_state(flow, self.cat)

    # -- drawing -----------------------------------------------------------------------------

    def draw_run(self, flow: Flow, frame: Frame) -> Ask | None:
        state = flow.state
        seat = int(frame.data["seat"])
        want = str(frame.data["deck"])
        decks = [
            d for d in (board.DECKS if want == "any" else (want,)) if drawing.can_supply(state, d)
        ]
        if int(frame.data["count"]) <= 0 or not decks or state.players[seat].eliminated:
            flow.pop(frame)
            return None
        if len(decks) == 1 and want != "any":
            drawing.draw_from(flow, self.cat, seat, decks[0])
            flow.update(frame, count=int(frame.data["count"]) - 1)
            return None
        hakor = "hakor-no-units" in damage.special_rules(self.cat, state, seat)
        opts = []
        for d in decks:
            n = len(state.zones[board.deck(d)].cards)
            if hakor and d in board.UNIT_DECKS:
                opts.append(
                    option(f"deck:{d}", f"{d.title()} deck: mill its top card (Hakor)", "deck")
                )
            else:
                opts.append(option(f"deck:{d}", f"Draw from the {d} deck ({n} left)", "deck"))
        return Ask(seat, "draw", f"Draw a card ({frame.data['reason']}): choose a deck", opts)

    def draw_answer(self, flow: Flow, frame: Frame, option: Option) -> None:
        drawing.draw_from(flow, self.cat, int(frame.data["seat"]), option.key.split(":")[1])
        flow.update(frame, count=int(frame.data["count"]) - 1)

    # -- equipping ---------------------------------------------------------------------------

    def equip_run(self, flow: Flow, frame: Frame) -> Ask | None:
        state = flow.state
        seat = int(frame.data["seat"])
        for kind in ("weapon", "armor"):
            if kind in frame.data["done"]:
                continue
            obj = board.gear(state, seat, kind)
            card = self.cat.card(obj.card) if obj else None
            if (
                obj is None
                or not isinstance(card, GearCard)
                or len({f.name for f in card.faces}) < 2
            ):
                flow.update(frame, done=[*frame.data["done"], kind])
                return None
            opts = [
                Option(
                    f"{kind}:{i}",
                    f"{f.name} ({self._face_stat(f)})" + (" — current" if i == obj.face else ""),
                    "face",
                    obj.id,
                )
                for i, f in enumerate(card.faces)
            ]
            return Ask(seat, "equip", f"Equip: which {kind} side should be face up?", opts)
        flow.pop(frame)
        return None

    @staticmethod
    def _face_stat(face: object) -> str:
        attack = getattr(face, "attack", None)
        return f"attack {attack}" if attack is not None else f"armor {getattr(face, 'armor', 0)}"

    def equip_answer(self, flow: Flow, frame: Frame, option: Option) -> None:
        kind, _, face = option.key.partition(":")
        seat = int(frame.data["seat"])
        obj = board.gear(flow.state, seat, kind)
        assert obj is not None
        if obj.face != int(face):
            flow.emit(ce.ObjectChanged(obj.id, face=int(face)))
        flow.update(frame, done=[*frame.data["done"], kind])
