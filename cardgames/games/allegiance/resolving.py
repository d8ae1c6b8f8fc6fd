"""Resolving the top of the chain: targets checked again, the effect run, then its card's fate.

Rulebook: Maneuvers (p.16-19), Selecting Targets (p.14, ruling R22), Battles (p.20).
"""

from __future__ import annotations

from cardgames.engine import core_events as ce
from cardgames.engine import effects
from cardgames.engine.flow import Flow
from cardgames.engine.state import ChainEntry, Frame, State
from cardgames.games.allegiance import board, damage, entering, targeting
from cardgames.games.allegiance.battle import start_battle
from cardgames.games.allegiance.cards import Cards
from cardgames.games.allegiance.schema import ActionCard


class Resolving:
    """The effect hooks of the "resolve" frame (engine.effects.EffectRules), for chain entries."""

    def __init__(self, cat: Cards) -> None:
        self.cat = cat

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
        for c in reversed(state.chain):  # from the top: the entry resolving is nearly always there
            if c.id == eid:
                return c
        return None

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
            cds = board.cooldowns(state, entry.controller)
            cds[str(entry.data["ability"])] = 0
            flow.emit(ce.PlayerPropSet(entry.controller, "cooldowns", cds))
        elif entry.kind == "enlist" and entry.source is not None:
            entering.put_into_play(flow, self.cat, entry.source, entry.controller)
            damage.fire(flow, self.cat, "opponent_enlists", [
                o for s in board.opponents(state, entry.controller)
                for o in state.cards_in(board.territory(s)) if o.controller == s])
        elif entry.kind == "battle":
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
