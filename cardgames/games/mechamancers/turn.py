"""A player's turn: the resource phase (mana, draws, privilege, hand limit) and the activation phase."""

from __future__ import annotations

from cardgames.engine import core_events as ce
from cardgames.engine.decisions import Ask, Option
from cardgames.engine.flow import Flow, FnFrame, FrameKind
from cardgames.engine.state import Frame
from cardgames.games.mechamancers import board as b
from cardgames.games.mechamancers import table as t
from cardgames.games.mechamancers.catalog import Catalog
from cardgames.games.mechamancers.damage import heal, settle
from cardgames.games.mechamancers.events import TURN_PROPS, Discarded
from cardgames.games.mechamancers.supply import activate, available, draw, field_full, open_piles, pile_options

TRANSMUTE_MANA = 2


class Turn:
    """The `turn` frame (one seat's turn, step by step) and the `limit` frame (discard to 7)."""

    def __init__(self, cat: Catalog) -> None:
        self.cat = cat

    def frame_kinds(self) -> dict[str, FrameKind]:
        return {"turn": FnFrame(self.run, self.answer), "limit": FnFrame(self.limit_run, self.limit_answer)}

    def name(self, flow: Flow, oid: int) -> str:
        return self.cat.card(flow.state.objects[oid].card).name

    # -- the turn, step by step ------------------------------------------------------------

    def run(self, flow: Flow, frame: Frame) -> Ask | None:
        if settle(flow):
            return None
        state = flow.state
        seat, step = int(frame.data["seat"]), str(frame.data["step"])
        role = self.cat.role(str(frame.data.get("role") or t.role_of(state, seat)))
        if step == "start":
            flow.emit(ce.GlobalSet("turn_role", role.id))
            flow.emit(ce.TurnBegan(state.turn + 1, seat))
            flow.emit(ce.PhaseBegan("resource"))
            flow.emit(ce.PlayerCounterAdded(seat, "mana", role.mana))
            for reactor in b.with_word(self.cat, state, seat, "generate"):
                flow.emit(ce.PlayerCounterAdded(seat, "mana", b.state_of(self.cat, reactor).potency))
            flow.update(frame, step="draw", draws=list(role.draws))
            return None
        if step == "draw":
            draws = list(frame.data["draws"])
            if not draws:
                flow.update(frame, step=role.privilege)
                return None
            kind = draws[0]
            if kind != "any" and available(state, kind):
                draw(flow, seat, kind)
                flow.update(frame, draws=draws[1:])
                return None
            if not open_piles(state):
                flow.update(frame, draws=draws[1:])
                return None
            why = "any pile" if kind == "any" else f"the {kind} pile is empty: another pile"
            return Ask(seat, "draw_pile", f"{role.name}: draw a card from {why}", pile_options(state))
        if step == "foresight":
            return self._foresight(flow, frame, seat)
        if step == "repair":
            damaged = [o for o in t.field_cards(state, seat) if b.damage(o)]
            if not damaged:
                flow.update(frame, step="limit")
                return None
            opts = [Option(f"repair:{o.id}", f"Repair {self.cat.mech(o.card).name} by 1", "repair", o.id)
                    for o in damaged]
            return Ask(seat, "privilege", "The Barricade's Repair: heal one of your damaged mecha by 1",
                       [*opts, Option("skip", "Do not repair", "done")])
        if step == "transmute":
            hand = state.cards_in(t.hand(seat))
            if not hand:
                flow.update(frame, step="limit")
                return None
            opts = [Option(f"transmute:{o.id}", f"Transmute {self.cat.card(o.card).name} into {TRANSMUTE_MANA} mana",
                           "transmute", o.id) for o in hand]
            return Ask(seat, "privilege", "The Cabalist's Transmute: discard cards from your hand for 2 mana each",
                       [*opts, Option("done", "Done transmuting", "done")])
        if step in ("crown", "overdrive"):
            flow.update(frame, step="limit")
            return None
        if step == "limit":
            flow.update(frame, step="activation")
            flow.emit(ce.PhaseBegan("activation"))
            flow.push("limit", seat=seat)
            return None
        if step == "activation":
            return self._activation(flow, frame, seat)
        if step == "replace":
            oid = int(frame.data["activating"])
            opts = [Option(f"scrap:{o.id}", f"Scrap {self.cat.mech(o.card).name} to make room", "scrap", o.id)
                    for o in t.field_cards(state, seat)]
            return Ask(seat, "replace", f"Your field is full: scrap a mecha to activate {self.name(flow, oid)}",
                       [*opts, Option("cancel", "Keep the field as it is", "cancel")])
        if step == "tinker":
            left = int(frame.data["heal_left"])
            damaged = [o for o in t.field_cards(state, seat) if b.damage(o)]
            if left <= 0 or not damaged:
                flow.update(frame, step="activation")
                return None
            opts = [Option(f"heal:{o.id}", f"Heal {self.cat.mech(o.card).name} by 1", "heal", o.id) for o in damaged]
            return Ask(seat, "repair", f"Patch Tinker: heal up to {left} more damage among your mecha",
                       [*opts, Option("done", "Done healing", "done")])
        if step == "combat":
            flow.update(frame, step="end")
            flow.emit(ce.PhaseBegan("combat"))
            flow.push("combat", seat=seat, step="strike", overdrive=role.privilege == "overdrive",
                      rally_one=False, assault={})
            return None
        # end of turn: forget the turn, then the hand limit (H20)
        for obj in t.field_cards(state, seat):
            for key in TURN_PROPS:
                if key in obj.props:
                    flow.emit(ce.ObjectPropSet(obj.id, key, None))
        flow.pop(frame)
        flow.push("limit", seat=seat)
        return None

    def _foresight(self, flow: Flow, frame: Frame, seat: int) -> Ask | None:
        """The Quirk looks at the top two events, alone, and may put one on the bottom (H10)."""
        state = flow.state
        looked = state.cards_in(t.look(seat))
        if not looked:
            pile = state.zones[t.EVENTS].cards
            if not pile or frame.data.get("looked"):
                flow.update(frame, step="limit")
                return None
            top = list(reversed(pile[-2:]))  # the top card first
            flow.update(frame, looked=top)
            for oid in top:
                flow.emit(ce.ObjectMoved(oid, t.look(seat)))
            return None
        opts = [Option(f"bottom:{o.id}", f"Put {self.cat.card(o.card).name} on the bottom of the event pile",
                       "bottom", o.id) for o in looked]
        return Ask(seat, "foresight", "Foresight: the top of the event pile (top first). Put one on the bottom?",
                   [*opts, Option("keep", "Leave them as they are", "done")])

    def _activation(self, flow: Flow, frame: Frame, seat: int) -> Ask:
        state = flow.state
        mana = t.mana(state, seat)
        opts: list[Option] = []
        for o in state.cards_in(t.hand(seat)):
            card = self.cat.mech(o.card)
            if card.cost <= mana:
                opts.append(Option(f"activate:{o.id}", f"Activate {card.name} ({card.cost} mana)", "activate", o.id))
        for o in b.with_word(self.cat, state, seat, "repair"):
            if not o.props.get("ability_used") and any(b.damage(x) for x in t.field_cards(state, seat)):
                opts.append(Option(f"tinker:{o.id}", f"Patch Tinker: {b.state_of(self.cat, o).label}", "ability", o.id))
        opts.append(Option("combat", "Go to combat", "done"))
        return Ask(seat, "activation", f"Activation phase: {mana} mana", opts)

    def answer(self, flow: Flow, frame: Frame, option: Option) -> None:
        state = flow.state
        seat = int(frame.data["seat"])
        verb, _, arg = option.key.partition(":")
        if verb == "pile":
            draw(flow, seat, arg)
            flow.update(frame, draws=list(frame.data["draws"])[1:])
        elif verb == "repair":
            heal(flow, int(arg), 1)
            flow.update(frame, step="limit")
        elif verb == "skip":
            flow.update(frame, step="limit")
        elif verb == "transmute":
            obj = state.objects[int(arg)]
            flow.emit(Discarded(obj.id, seat, t.discard(self.cat.mech(obj.card).type), "transmute", TRANSMUTE_MANA))
        elif verb == "bottom" or verb == "keep":
            self._put_back(flow, frame, seat, int(arg) if arg else None)
        elif verb == "activate":
            oid = int(arg)
            if field_full(state, seat):
                flow.update(frame, step="replace", activating=oid)
            else:
                activate(self.cat, flow, seat, oid, self.cat.mech(state.objects[oid].card).cost, None)
        elif verb == "scrap":
            oid = int(frame.data["activating"])
            activate(self.cat, flow, seat, oid, self.cat.mech(state.objects[oid].card).cost, int(arg))
            flow.update(frame, step="activation", activating=None)
        elif verb == "cancel":
            flow.update(frame, step="activation", activating=None)
        elif verb == "tinker":
            flow.emit(ce.ObjectPropSet(int(arg), "ability_used", True))
            flow.update(frame, step="tinker", heal_left=b.state_of(self.cat, state.objects[int(arg)]).potency)
        elif verb == "heal":
            heal(flow, int(arg), 1)
            flow.update(frame, heal_left=int(frame.data["heal_left"]) - 1)
        elif option.key == "done" and frame.data["step"] == "tinker":
            flow.update(frame, step="activation")
        elif option.key == "done":
            flow.update(frame, step="limit")
        elif verb == "combat":
            flow.update(frame, step="combat")

    def _put_back(self, flow: Flow, frame: Frame, seat: int, bottom: int | None) -> None:
        """Foresight's cards go back: the one chosen to the bottom, the rest on top as they were."""
        looked = [int(x) for x in frame.data["looked"]]
        for oid in reversed(looked):  # the lower card first, so the top card ends on top
            if oid != bottom:
                flow.emit(ce.ObjectMoved(oid, t.EVENTS))
        if bottom is not None:
            flow.emit(ce.ObjectMoved(bottom, t.EVENTS, index=0))
        flow.update(frame, step="limit")

    # -- the hand limit ----------------------------------------------------------------------

    def limit_run(self, flow: Flow, frame: Frame) -> Ask | None:
        seat = int(frame.data["seat"])
        hand = flow.state.cards_in(t.hand(seat))
        if len(hand) <= t.HAND_LIMIT:
            flow.pop(frame)
            return None
        opts = [Option(f"discard:{o.id}", f"Discard {self.cat.card(o.card).name}", "discard", o.id) for o in hand]
        return Ask(seat, "discard", f"Hand limit: you hold {len(hand)} cards; discard down to {t.HAND_LIMIT}", opts)

    def limit_answer(self, flow: Flow, frame: Frame, option: Option) -> None:
        obj = flow.state.objects[int(option.key.split(":")[1])]
        flow.emit(Discarded(obj.id, int(frame.data["seat"]), t.discard(self.cat.mech(obj.card).type), "hand limit"))
