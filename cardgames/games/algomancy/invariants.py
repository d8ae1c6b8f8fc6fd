"""Algomancy invariants: cards conserved across zones, no negative mana sources, sane life and formations."""

from __future__ import annotations

from collections import Counter

from cardgames.engine.state import State
from cardgames.games.algomancy import formation as fm
from cardgames.games.algomancy.board import stats_of
from cardgames.games.algomancy.context import Rules


def invariants(rules: Rules, state: State) -> list[str]:
    """What must hold after every event: every object in exactly the zone it names (one pass over the
    zones; the duplicates are counted only when there are some)."""
    problems: list[str] = []
    objects = state.objects
    seen: set[int] = set()
    placed = 0
    for zid, zone in state.zones.items():
        placed += len(zone.cards)
        seen.update(zone.cards)
        for oid in zone.cards:
            obj = objects.get(oid)
            if obj is not None and obj.zone != zid:
                problems.append(f"object {oid} is in {zid} but says {obj.zone}")
    if placed != len(seen):
        counts = Counter(oid for zone in state.zones.values() for oid in zone.cards)
        problems += [f"object {oid} is in {n} zones" for oid, n in counts.items() if n > 1]
    if not objects.keys() >= seen:
        problems += [f"a zone holds unknown object {oid}" for oid in sorted(seen - objects.keys())]
    if len(seen) != len(objects):
        problems.append(f"{len(objects) - len(seen)} object(s) are in no zone")
    for p in state.players:
        if p.props.get("activations", 0) > 2:
            problems.append(f"{p.name} activated {p.props['activations']} resources this turn (at most 2)")
    if state.globals.get("setup") == "joint":
        problems += _joint(state)
    return problems


def _joint(state: State) -> list[str]:
    """Joint teams (R72): one life total a team, shown alike on every member; one region a team; out together."""
    problems = []
    for team in sorted({p.team for p in state.players}):
        members = [p for p in state.players if p.team == team]
        if len({p.counters.get("life", 0) for p in members}) > 1:
            problems.append(f"team {team + 1}'s members show different life totals")
        if len({p.eliminated for p in members}) > 1:
            problems.append(f"team {team + 1} is only partly eliminated")
        if any(f"region:{p.seat}" in state.zones for p in members[1:]):
            problems.append(f"team {team + 1} has more than one region")
    return problems


def settled_invariants(rules: Rules, state: State) -> list[str]:
    """What must also hold whenever the game waits on a decision: no unit with lethal damage,
    formations hold only units in the battle's region, front rows filled, nothing on the stack
    outside a priority window."""
    problems = invariants(rules, state)
    for zone in state.zones.values():
        if not zone.id.startswith("region:"):
            continue
        for oid in zone.cards:
            obj = state.objects[oid]
            if rules.cards[obj.card].is_unit:
                _, d = stats_of(rules, state, obj)
                if state.outcome is None and (d <= 0 or obj.counters.get("damage", 0) >= d):
                    problems.append(f"{rules.card_name(state, obj)} ({oid}) is in play with lethal damage")
    b = state.battle
    if b and b.get("region") is not None:
        here = f"region:{b['region']}"
        for key in ("attack", "defence"):
            form = b.get(key)
            for u in fm.units_in(form) if form else []:
                if state.objects[u].zone != here:
                    problems.append(f"unit {u} is in the {key} formation but in {state.objects[u].zone}")
        if b.get("attack") and b.get("step") in ("declare", "attack_window", "block"):
            problems += [f"attack formation: {p}" for p in fm.validate_attack(b["attack"])]
    for p in state.players:
        if not p.eliminated and state.outcome is None and p.counters.get("life", 0) <= 0:
            problems.append(f"{p.name} is at {p.counters.get('life', 0)} life but not eliminated")
    return problems
