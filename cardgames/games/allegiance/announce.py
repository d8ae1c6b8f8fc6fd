"""Announcing a maneuver or a trigger: choosing its targets, paying, putting it on the chain.

Rulebook: Maneuvers (p.16-19), Selecting Targets (p.14), Triggered Effects (p.25).
"""

from __future__ import annotations

from cardgames.engine import chain as chainmod
from cardgames.engine import core_events as ce
from cardgames.engine.decisions import Ask, EngineError, Option
from cardgames.engine.flow import Flow
from cardgames.engine.state import Frame, Json, State
from cardgames.games.allegiance import board, damage, targeting
from cardgames.games.allegiance.cards import Cards
from cardgames.games.allegiance.events import GoldChanged
from cardgames.games.allegiance.offers import offer, option
from cardgames.games.allegiance.schema import ActionCard, TargetSpec, UnitCard

CANCEL = "cancel"
DONE = "done"


class Announcing:
    """Frame kinds "announce" and "order_triggers", and how a maneuver or trigger starts them."""

    def __init__(self, cat: Cards) -> None:
        self.cat = cat

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
                           [option("use", "Yes, use it", "yes"), option("decline", "No", "no")])
            flow.update(frame, accepted=True)
            return None
        chosen: dict[str, list[int]] = d["chosen"]
        for slot, spec in eff.targets.items():
            if slot in d["slot_done"]:
                continue
            picked = chosen.get(slot, [])
            sl = targeting.slot(spec)
            if len(picked) >= sl.count:
                flow.update(frame, slot_done=[*d["slot_done"], slot])
                return None
            cands = [
                c
                for c in targeting.candidates(cat, state, spec, seat, d["source"])
                if c not in picked
            ]
            if not cands and (sl.up_to or picked):
                flow.update(frame, slot_done=[*d["slot_done"], slot])
                return None
            return self._ask_target(
                state, frame, seat, slot, spec, picked, cands, eff.name, trig is None
            )
        self._finish_announce(flow, frame)
        return None

    def _ask_target(self, state: State, frame: Frame, seat: int, slot: str, spec: TargetSpec,
                    picked: list[int], cands: list[int], name: str, cancellable: bool) -> Ask:
        opts = [offer("target", c, self.target_label(state, c)) for c in cands]
        if spec.up_to and len(picked) < spec.count:
            opts.append(option(DONE, f"Done ({len(picked)} of up to {spec.count} chosen)", "done"))
        if cancellable:
            opts.append(option(CANCEL, "Cancel this maneuver", "cancel"))
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
            cds = board.cooldowns(state, seat)
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
