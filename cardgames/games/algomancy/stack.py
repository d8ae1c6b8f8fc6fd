"""The stack's effect references: what an effect on the stack (or a trigger) does, as target slots and steps.

An effect reference names what resolves: "card:<id>:play" (a card's own effect), "card:<id>:ab:<n>"
and "card:<id>:aug:<n>" (its abilities), "unit:<id>" (a unit being played: no effect),
"graft:<host>,<mod>,..." (a graft ability with what is grafted on it), "virus:<id>" and "ambush:<id>"
(rulebook: The stack; Modifications; Ambush). How an entry resolves is in `resolve.py`.
"""

from __future__ import annotations

from typing import Any

from cardgames.engine.state import GameObject
from cardgames.games.algomancy.context import Rules
from cardgames.games.algomancy.schema import TargetSpec


def effect_of(rules: Rules, ref: str) -> tuple[dict[str, TargetSpec], list[dict[str, Any]], str]:
    """(target slots, effect steps, name) of an effect reference. "unit:<id>" is a unit being
    played (no effect); "graft:<host>,<mod>,..." is a graft ability with the effects grafted
    on it, top to bottom (rulebook: Graft)."""
    if ref.startswith("unit:"):
        return {}, [], rules.cards[ref.split(":")[1]].name
    if ref.startswith(("virus:", "ambush:")):
        return _mod_effect(rules, ref)
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


def _mod_effect(rules: Rules, ref: str) -> tuple[dict[str, TargetSpec], list[dict[str, Any]], str]:
    """(target slots, steps, name) of "virus:<card>" and "ambush:<card>" (their verbs are in `mods.py`)."""
    how, cid = ref.split(":", 1)
    name = rules.cards[cid].name
    if how == "virus":
        return {"host": TargetSpec(type="unit", count=1)}, [{"attach_virus": {}}], name
    return {"ally": TargetSpec(type="unit", side="ally", count=1)}, [{"ambush": {}}], name
