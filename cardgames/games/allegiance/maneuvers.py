"""The six maneuvers: which are legal now, announcing them (costs, targets) and resolving them.

Rulebook: Maneuvers (p.16-19), Timing of Maneuvers and Responses (p.22-23), Triggered Effects
(p.25).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardgames.engine import chain as chainmod
from cardgames.engine import core_events as ce
from cardgames.engine import effects
from cardgames.engine.decisions import Ask, EngineError, Option
from cardgames.engine.flow import Flow
from cardgames.engine.state import ChainEntry, Frame, Json, State
from cardgames.games.allegiance import board, damage, targeting
from cardgames.games.allegiance.events import GoldChanged, hero_ref
from cardgames.games.allegiance.schema import ActionCard, TargetSpec, UnitCard

if TYPE_CHECKING:
    from cardgames.games.allegiance.rules import Allegiance


CANCEL = "cancel"
DONE = "done"


def is_main(state: State, seat: int, frame: Frame) -> bool:
    """Own maneuver phase, empty chain, no battle: when non-reaction maneuvers are allowed."""
    return (frame.data.get("window") == "main" and seat == state.active
            and not state.chain and state.battle is None)


def cooldowns(state: State, seat: int) -> dict[str, int]:
    return dict(state.players[seat].props.get("cooldowns") or {})


class Maneuvers:
    """Priority hooks and the announce / resolve logic, bound to one Allegiance ruleset."""

    def __init__(self, rules: Allegiance) -> None:
        self.r = rules
        self.cat = rules.cat

    # -- what may be played --------------------------------------------------------------

    def priority_options(self, state: State, seat: int, frame: Frame) -> list[Option]:
        cat, p = self.cat, state.players[seat]
        gold = p.counters.get("gold", 0)
        main = is_main(state, seat, frame)
        opts: list[Option] = []
        hero = cat.hero(str(p.props["hero"]))
        cds = cooldowns(state, seat)
        if main:
            from cardgames.games.allegiance.battle import eligible_attackers

            if eligible_attackers(self.r, state, seat):
                for opp in board.opponents(state, seat):
                    opts.append(
                        Option(
                            f"battle:{opp}",
                            f"Initiate a battle against {state.players[opp].name}",
                            "battle",
                            hero_ref(opp),
                        )
                    )
            for obj in state.cards_in(board.hand(seat)):
                card = cat.card(obj.card)
                if isinstance(card, UnitCard) and card.cost <= gold:
                    opts.append(Option(f"enlist:{obj.id}", f"Enlist {card.name} ({card.cost} gold)",
                                       "enlist", obj.id))
        for ab in hero.abilities:
            if cds.get(ab.id) == 0 and (main or ab.reaction) and targeting.can_announce(
                cat, state, ab.targets, seat, None
            ):
                tag = " (reaction)" if ab.reaction else ""
                opts.append(Option(f"ability:{ab.id}", f"Use {ab.name}{tag}", "ability"))
        for obj in state.cards_in(board.hand(seat)):
            card = cat.card(obj.card)
            if not isinstance(card, ActionCard):
                continue
            for i, half in enumerate(card.halves):
                if half.cost <= gold and targeting.can_announce(
                    cat, state, half.targets, seat, obj.id
                ):
                    name = half.name or card.name
                    opts.append(Option(f"action:{obj.id}:{i}", f"Play {name} ({half.cost} gold)",
                                       "action", obj.id))
        for obj in state.cards_in(board.territory(seat)):
            if obj.controller != seat:
                continue
            for i, act in enumerate(cat.abilities_of(obj)):
                if act.cost is None or act.cost.gold > gold or (act.cost.exhaust and obj.exhausted):
                    continue
                if targeting.can_announce(cat, state, act.targets, seat, obj.id):
                    opts.append(
                        Option(
                            f"activate:{obj.id}:{i}",
                            f"{cat.display_name(obj)}: {act.text or 'activate'}",
                            "activate",
                            obj.id,
                        )
                    )
        if main:
            unlocked_levels = {a.level for a in hero.abilities if a.id in cds}
            for ab in hero.abilities:
                if ab.id not in cds and ab.cost <= gold and (ab.level - 1) in unlocked_levels:
                    opts.append(
                        Option(f"unlock:{ab.id}", f"Unlock {ab.name} ({ab.cost} gold)", "unlock")
                    )
        return opts

    def pass_label(self, state: State, seat: int, frame: Frame) -> str:
        if state.chain:
            return "Pass (no response)"
        if seat == state.active and frame.data.get("window") == "main":
            return "End your maneuver phase"
        if seat == state.active and frame.data.get("window") == "end":
            return "End your turn"
        return "Pass"

    def wants_priority(self, state: State, seat: int, frame: Frame) -> bool:
        """Whom to ask, by public information and the seat's own setting only (ruling R96).

        The current player is always asked in their own maneuver phase. Otherwise, by the seat's
        `stop` setting: "always" asks at every chance to respond; "never" never; "auto" (the
        default) asks whenever the seat could respond by public information (an action card in
        hand, a ready reaction ability, a usable activated ability), whatever the maneuver:
        every maneuver can be responded to by any player (p.22). "relevant" narrows "auto" to
        the moments that concern the seat (the newest maneuver targets its hero or cards or
        attacks it, or it takes part in the battle).
        """
        if is_main(state, seat, frame):
            return True
        stop = str(state.players[seat].props.get("stop", "auto"))
        if stop == "always":
            return True
        if stop == "never" or not self.could_respond(state, seat):
            return False
        return stop != "relevant" or self.concerns(state, seat)

    def could_respond(self, state: State, seat: int) -> bool:
        """Whether, by public information, `seat` might have a reaction to play."""
        cat = self.cat
        if any(o.props.get("back") == "action" for o in state.cards_in(board.hand(seat))):
            return True
        hero = cat.hero(str(state.players[seat].props["hero"]))
        cds = cooldowns(state, seat)
        if any(a.reaction and cds.get(a.id) == 0 for a in hero.abilities):
            return True
        for obj in state.cards_in(board.territory(seat)):
            if obj.controller == seat:
                for ab in cat.abilities_of(obj):
                    if ab.cost is not None and not (ab.cost.exhaust and obj.exhausted):
                        return True
        return False

    def concerns(self, state: State, seat: int) -> bool:
        """Whether the present moment concerns `seat`, by public information."""
        battle = state.battle
        if battle is not None and seat in (int(battle["attacker"]), int(battle["defender"])):
            return True
        if not state.chain:
            return False
        top = state.chain[-1]
        if top.controller == seat:
            return False
        if top.kind == "battle" and int(top.data.get("defender", -1)) == seat:
            return True
        for refs in top.targets.values():
            for ref in refs:
                if ref == hero_ref(seat) or (ref > 0 and state.objects[ref].controller == seat):
                    return True
        return False

    # -- announcing ------------------------------------------------------------------------

    def begin_maneuver(self, flow: Flow, seat: int, option: Option, frame: Frame) -> None:
        state, cat = flow.state, self.cat
        kind, _, rest = option.key.partition(":")
        p = state.players[seat]
        if kind == "battle":
            opp = int(rest)
            self._push(
                flow,
                seat,
                "battle",
                f"{p.name} initiates a battle against {state.players[opp].name}",
                data={"defender": opp},
            )
        elif kind == "enlist":
            obj = state.objects[int(rest)]
            card = cat.card(obj.card)
            assert isinstance(card, UnitCard)
            flow.emit(GoldChanged(seat, -card.cost, f"enlist {card.name}"))
            board.move(flow, obj.id, board.LIMBO)
            self._push(flow, seat, "enlist", f"{p.name} enlists {card.name}", source=obj.id)
        elif kind == "unlock":
            ab = cat.hero_ability(str(p.props["hero"]), rest)
            flow.emit(GoldChanged(seat, -ab.cost, f"unlock {ab.name}"))
            self._push(flow, seat, "unlock", f"{p.name} unlocks {ab.name}", data={"ability": rest})
        elif kind in ("ability", "action", "activate"):
            if kind == "ability":
                ref = f"hero:{p.props['hero']}:{rest}"
                source = None
            elif kind == "action":
                oid, half = rest.split(":")
                ref, source = f"card:{state.objects[int(oid)].card}:play:{half}", int(oid)
            else:
                oid, idx = rest.split(":")
                source = int(oid)
                ref = cat.ability_ref(state.objects[source], int(idx))
            flow.push("announce", seat=seat, key=option.key, ref=ref, source=source, chosen={},
                      slot_done=[], trigger=None, accepted=False)
        else:
            raise EngineError(f"unknown maneuver {option.key}")

    def _push(self, flow: Flow, seat: int, kind: str, label: str, *, source: int | None = None,
              ability: str | None = None, targets: dict[str, list[int]] | None = None,
              data: dict[str, Json] | None = None, first: int | None = None) -> None:
        flow.emit(
            ce.ChainPushed(
                flow.new_id(), seat, kind, label, source, ability, targets or {}, data or {}
            )
        )
        chainmod.reopen(flow, seat if first is None else first)

    def target_label(self, state: State, ref: int) -> str:
        return board.name_of(self.cat, state, ref)

    # announce frame: choose targets slot by slot, then pay and put it on the chain

    def announce_run(self, flow: Flow, frame: Frame) -> Ask | None:
        state, cat = flow.state, self.cat
        d = frame.data
        seat = int(d["seat"])
        eff = cat.effect(str(d["ref"]))
        trig = d.get("trigger")
        if trig is not None and not d.get("accepted"):
            if not targeting.can_announce(cat, state, eff.targets, seat, d["source"]):
                flow.emit(ce.TriggersTaken([int(trig["id"])]))
                flow.pop(frame)
                return None
            if trig.get("optional"):
                return Ask(seat, "optional_trigger", f"{trig['label']} — use it?",
                           [Option("use", "Yes, use it", "yes"), Option("decline", "No", "no")])
            flow.update(frame, accepted=True)
            return None
        chosen: dict[str, list[int]] = d["chosen"]
        for slot, spec in eff.targets.items():
            if slot in d["slot_done"]:
                continue
            picked = chosen.get(slot, [])
            if len(picked) >= spec.count:
                flow.update(frame, slot_done=[*d["slot_done"], slot])
                return None
            cands = [
                c
                for c in targeting.candidates(cat, state, spec, seat, d["source"])
                if c not in picked
            ]
            if not cands and (spec.up_to or picked):
                flow.update(frame, slot_done=[*d["slot_done"], slot])
                return None
            return self._ask_target(
                state, frame, seat, slot, spec, picked, cands, eff.name, trig is None
            )
        self._finish_announce(flow, frame)
        return None

    def _ask_target(self, state: State, frame: Frame, seat: int, slot: str, spec: TargetSpec,
                    picked: list[int], cands: list[int], name: str, cancellable: bool) -> Ask:
        opts = [Option(f"target:{c}", self.target_label(state, c), "target", c) for c in cands]
        if spec.up_to and len(picked) < spec.count:
            opts.append(Option(DONE, f"Done ({len(picked)} of up to {spec.count} chosen)", "done"))
        if cancellable:
            opts.append(Option(CANCEL, "Cancel this maneuver", "cancel"))
        n = f"up to {spec.count}" if spec.up_to else str(spec.count)
        what = spec.type.replace("_or_", " or ").replace("_", " ")
        return Ask(
            seat,
            "target",
            f"{name}: select {n} target {what}" + ("s" if spec.count > 1 else ""),
            opts,
            {"slot": slot, "picked": picked},
        )

    def announce_answer(self, flow: Flow, frame: Frame, option: Option) -> None:
        d = frame.data
        if option.key == CANCEL:
            flow.pop(frame)
            return
        if option.key == "use":
            flow.update(frame, accepted=True)
            return
        if option.key == "decline":
            flow.emit(ce.TriggersTaken([int(d["trigger"]["id"])]))
            flow.pop(frame)
            return
        eff = self.cat.effect(str(d["ref"]))
        slot = next(s for s in eff.targets if s not in d["slot_done"])
        if option.key == DONE:
            flow.update(frame, slot_done=[*d["slot_done"], slot])
            return
        ref = int(option.key.split(":")[1])
        chosen = dict(d["chosen"])
        chosen[slot] = [*chosen.get(slot, []), ref]
        flow.update(frame, chosen=chosen)

    def _finish_announce(self, flow: Flow, frame: Frame) -> None:
        state, cat = flow.state, self.cat
        d = frame.data
        seat = int(d["seat"])
        ref = str(d["ref"])
        targets = {slot: list(d["chosen"].get(slot, [])) for slot in cat.effect(ref).targets}
        p = state.players[seat]
        flow.pop(frame)
        trig = d.get("trigger")
        if trig is not None:
            flow.emit(ce.TriggersTaken([int(trig["id"])]))
            self._push(
                flow,
                seat,
                "trigger",
                str(trig["label"]),
                source=trig.get("source"),
                ability=ref,
                targets=targets,
                data=dict(trig.get("data") or {}),
                first=state.active,
            )
            return
        kind, _, rest = str(d["key"]).partition(":")
        if kind == "ability":
            ab = cat.hero_ability(str(p.props["hero"]), rest)
            cds = cooldowns(state, seat)
            cds[ab.id] = ab.delay
            flow.emit(ce.PlayerPropSet(seat, "cooldowns", cds))
            self._push(
                flow,
                seat,
                "ability",
                f"{p.name} uses {ab.name}",
                ability=ref,
                targets=targets,
                data={"ability": ab.id},
            )
            damage.fire(flow, cat, "you_use_ability", [
                o for o in state.cards_in(board.territory(seat)) if o.controller == seat])
        elif kind == "action":
            oid, half = (int(x) for x in rest.split(":"))
            card = cat.card(state.objects[oid].card)
            assert isinstance(card, ActionCard)
            play = card.halves[half]
            if play.cost:
                flow.emit(GoldChanged(seat, -play.cost, f"play {play.name or card.name}"))
            board.move(flow, oid, board.LIMBO, face=half)
            self._push(flow, seat, "action", f"{p.name} plays {play.name or card.name}", source=oid,
                       ability=ref, targets=targets, data={"half": half})
        elif kind == "activate":
            oid, idx = (int(x) for x in rest.split(":"))
            obj = state.objects[oid]
            act = cat.abilities_of(obj)[idx]
            assert act.cost is not None
            if act.cost.gold:
                flow.emit(GoldChanged(seat, -act.cost.gold, f"activate {cat.display_name(obj)}"))
            if act.cost.exhaust:
                flow.emit(ce.ObjectChanged(oid, exhausted=True))
            self._push(flow, seat, "activated", f"{cat.display_name(obj)}: {act.text}", source=oid,
                       ability=ref, targets=targets)
        else:
            raise EngineError(f"cannot finish announcing {d['key']}")

    # -- triggers --------------------------------------------------------------------------

    def flush_triggers(self, flow: Flow) -> bool:
        """Put pending triggers on the chain: current player first, then clockwise (p.25)."""
        state = flow.state
        pending = state.pending_triggers
        if not pending:
            return False
        for seat in state.seats_from(state.active):
            mine = [t for t in pending if t["controller"] == seat]
            if not mine:
                continue
            if len(mine) == 1:
                self.announce_trigger(flow, mine[0])
            else:
                flow.push("order_triggers", seat=seat)
            return True
        flow.emit(ce.TriggersTaken([int(t["id"]) for t in pending]))
        return True

    def announce_trigger(self, flow: Flow, trig: dict[str, Json]) -> None:
        flow.push(
            "announce",
            seat=trig["controller"],
            key="trigger",
            ref=trig["ref"],
            source=trig["source"],
            chosen={},
            slot_done=[],
            trigger=trig,
            accepted=False,
        )

    def order_run(self, flow: Flow, frame: Frame) -> Ask | None:
        seat = int(frame.data["seat"])
        mine = [t for t in flow.state.pending_triggers if t["controller"] == seat]
        if len(mine) <= 1:
            flow.pop(frame)
            return None
        return Ask(seat, "order_triggers",
                   "Several of your effects trigger at once: which goes on the chain next? "
                   "(the first added resolves last)",
                   [Option(f"trigger:{t['id']}", str(t["label"]), "trigger") for t in mine])

    def order_answer(self, flow: Flow, frame: Frame, option: Option) -> None:
        tid = int(option.key.split(":")[1])
        trig = next(t for t in flow.state.pending_triggers if t["id"] == tid)
        flow.pop(frame)
        self.announce_trigger(flow, trig)

    # -- resolving ---------------------------------------------------------------------------

    def resolve_top(self, flow: Flow) -> None:
        entry = flow.state.chain[-1]
        effects.start(
            flow,
            entry.ability or f"rule:{entry.kind}",
            entry.controller,
            source=entry.source,
            targets=entry.targets,
            entry=entry.id,
            vars=dict(entry.data),
        )

    def entry(self, state: State, frame: Frame) -> ChainEntry | None:
        eid = frame.data.get("entry")
        return next((c for c in state.chain if c.id == eid), None)

    def start_resolution(self, flow: Flow, frame: Frame) -> bool:
        """Re-check targets; if every one is gone the whole effect is lost (p.14, ruling R22)."""
        state, cat = flow.state, self.cat
        entry = self.entry(state, frame)
        if entry is None and frame.data.get("entry") is not None:
            return False
        if (
            entry is not None
            and entry.kind == "battle"
            and state.players[int(entry.data["defender"])].eliminated
        ):
            flow.emit(ce.ChainPopped(entry.id, "fizzled", entry.label))
            return False
        targets: dict[str, list[int]] = frame.data["targets"]
        if not any(targets.values()):
            return True
        specs = cat.effect(str(frame.data["ref"])).targets
        seat = int(frame.data["controller"])
        kept = {
            slot: [t for t in refs if slot in specs
                   and targeting.legal(cat, state, specs[slot], seat, frame.data["source"], t)]
            for slot, refs in targets.items()
        }
        if not any(kept.values()):
            if entry is not None:
                flow.emit(ce.ChainPopped(entry.id, "fizzled", entry.label))
                self._card_after(flow, entry, fizzled=True)
            return False
        if kept != targets:
            flow.update(frame, targets=kept)
        return True

    def finish_resolution(self, flow: Flow, frame: Frame) -> None:
        state = flow.state
        entry = self.entry(state, frame)
        if entry is None:
            damage.check_state(flow, self.cat)
            return
        flow.emit(ce.ChainPopped(entry.id, "resolved", entry.label))
        if entry.kind == "unlock":
            cds = cooldowns(state, entry.controller)
            cds[str(entry.data["ability"])] = 0
            flow.emit(ce.PlayerPropSet(entry.controller, "cooldowns", cds))
        elif entry.kind == "enlist" and entry.source is not None:
            self.r.put_into_play(flow, entry.source, entry.controller)
            damage.fire(flow, self.cat, "opponent_enlists", [
                o for s in board.opponents(state, entry.controller)
                for o in state.cards_in(board.territory(s)) if o.controller == s])
        elif entry.kind == "battle":
            from cardgames.games.allegiance.battle import start_battle

            start_battle(flow, entry.controller, int(entry.data["defender"]))
        else:
            self._card_after(flow, entry, fizzled=False, targets=frame.data["targets"])
        damage.check_state(flow, self.cat)

    def _card_after(self, flow: Flow, entry: ChainEntry, *, fizzled: bool,
                    targets: dict[str, list[int]] | None = None) -> None:
        """An action card goes to the discard pile, or attaches to its host (p.18, p.24)."""
        state, cat = flow.state, self.cat
        if entry.kind != "action" or entry.source is None:
            return
        obj = state.objects[entry.source]
        if obj.zone != board.LIMBO:
            return
        card = cat.card(obj.card)
        assert isinstance(card, ActionCard)
        play = card.halves[int(entry.data.get("half", 0))]
        host_slot = play.attach
        hosts = (targets or {}).get(host_slot or "", [])
        if not fizzled and host_slot and hosts and board.alive(state, hosts[0]):
            host = state.objects[hosts[0]]
            board.move(flow, obj.id, board.territory(host.controller), controller=entry.controller)
            flow.emit(ce.ObjectChanged(obj.id, attached_to=host.id))
            return
        damage.leave_play(flow, cat, obj.id)
