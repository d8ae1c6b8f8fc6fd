"""The stack: what an effect on it does, and how it resolves, fizzles, and where its card goes then.

An effect reference names what resolves: "card:<id>:play" (a card's own effect), "card:<id>:ab:<n>"
and "card:<id>:aug:<n>" (its abilities), "unit:<id>" (a unit being played: no effect),
"graft:<host>,<mod>,..." (a graft ability with what is grafted on it), "virus:<id>" and "ambush:<id>"
(rulebook: The stack; Modifications; Ambush).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardgames.engine import core_events as ce
from cardgames.engine.flow import Flow
from cardgames.engine.state import Frame, GameObject
from cardgames.games.algomancy.schema import TargetSpec

if TYPE_CHECKING:
    from cardgames.games.algomancy.rules import Algomancy


def effect_of(rules: Algomancy, ref: str) -> tuple[dict[str, TargetSpec], list[dict[str, Any]], str]:
    """(target slots, effect steps, name) of an effect reference. "unit:<id>" is a unit being
    played (no effect); "graft:<host>,<mod>,..." is a graft ability with the effects grafted
    on it, top to bottom (rulebook: Graft)."""
    if ref.startswith("unit:"):
        return {}, [], rules.cards[ref.split(":")[1]].name
    if ref.startswith(("virus:", "ambush:")):
        from cardgames.games.algomancy import mods

        return mods.effect(rules, ref)
    if ref.startswith("graft:"):
        ids = ref.split(":")[1].split(",")
        host = rules.cards[ids[0]]
        slots: dict[str, TargetSpec] = {}
        steps: list[dict[str, Any]] = []
        for i, cid in enumerate(ids):
            g = rules.cards[cid.lstrip("-")].graft
            if g is None or cid.startswith("-"):  # a bounded effect already fired this turn
                continue
            names = {k: (k if i == 0 else f"{k}{i}") for k in g.targets}  # each effect its own targets
            slots.update({names[k]: v for k, v in g.targets.items()})
            steps += [_renamed(step, names) for step in g.effect]
        return slots, steps, host.name
    eff = rules.cat.effect(ref)
    return dict(eff.targets), eff.steps, eff.name


def graft_ref(host: GameObject) -> str:
    """The effect reference of a unit's graft ability with what is grafted on it, top to bottom;
    a bounded effect that already fired this turn is marked "-" (left out)."""
    used = {int(i) for i in host.props.get("graft_used", [])}
    grafts = [("-" if i in used else "") + str(c) for i, c in enumerate(host.props.get("grafts", []), start=1)]
    return "graft:" + ",".join([host.card, *grafts])


def _renamed(value: Any, names: dict[str, str]) -> Any:
    """An effect step with its target-slot names replaced."""
    if isinstance(value, dict):
        return {k: _renamed(v, names) for k, v in value.items()}
    if isinstance(value, list):
        return [_renamed(v, names) for v in value]
    return names.get(value, value) if isinstance(value, str) else value


def start_resolution(rules: Algomancy, flow: Flow, frame: Frame) -> bool:
    """Targets are checked again: all gone → it fizzles; some gone → it does what it can (Q&A Interaction)."""
    from cardgames.games.algomancy.checks import still_legal

    entry_id = frame.data.get("entry")
    entry = next((e for e in flow.state.chain if e.id == entry_id), None)
    targets: dict[str, list[int]] = {k: list(v) for k, v in dict(frame.data["targets"]).items()}
    if not targets:
        return True
    slots = effect_of(rules, str(entry.ability))[0] if entry is not None and entry.ability else {}
    kinds = {k: spec.type for k, spec in slots.items()}
    kept = {k: [x for x in v if still_legal(rules, flow.state, x, entry, kinds.get(k))]
            for k, v in targets.items()}
    if not any(kept.values()):
        finish(rules, flow, entry, fizzled=True)
        return False
    if kept != targets:
        flow.update(frame, targets=kept)
    return True


def finish_resolution(rules: Algomancy, flow: Flow, frame: Frame) -> None:
    entry_id = frame.data.get("entry")
    entry = next((e for e in flow.state.chain if e.id == entry_id), None)
    finish(rules, flow, entry, fizzled=False)


def finish(rules: Algomancy, flow: Flow, entry: Any, *, fizzled: bool) -> None:
    """The card goes where it belongs: a unit or spell unit spawns (unless it fizzled), a
    spell goes to its owner's bin (erased if unstable), a spell token is erased."""
    from cardgames.games.algomancy.checks import spawn, to_bin

    if entry is None:
        return
    state = flow.state
    flow.emit(ce.ChainPopped(entry.id, "fizzled" if fizzled else "resolved"))
    src = state.objects.get(entry.source) if entry.source is not None else None
    if src is None or src.zone != "stack":
        return
    card = rules.cards[src.card]
    if entry.data.get("unstable"):
        flow.emit(ce.ObjectPropSet(src.id, "unstable", True))
    if card.is_unit and not fizzled:
        spawn(rules, flow, src.id, entry.controller, int(entry.data.get("region", entry.controller)))
    else:
        to_bin(rules, flow, src.id)
