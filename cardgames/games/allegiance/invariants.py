"""Invariants that hold after every Allegiance event: cards conserved, no negative gold, bounded health."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from cardgames.engine.state import State
from cardgames.games.allegiance import board

if TYPE_CHECKING:
    from cardgames.games.allegiance.rules import Allegiance


def check(rules: Allegiance, state: State) -> list[str]:
    """Everything wrong with `state` (empty when all is well)."""
    problems: list[str] = []
    seen: Counter[int] = Counter()
    for zone in state.zones.values():
        for oid in zone.cards:
            seen[oid] += 1
            obj = state.objects.get(oid)
            if obj is None:
                problems.append(f"zone {zone.id} holds unknown object {oid}")
            elif obj.zone != zone.id:
                problems.append(f"object {oid} is in {zone.id} but says {obj.zone}")
    for oid, n in seen.items():
        if n > 1:
            problems.append(f"object {oid} is in {n} zones")
    for oid in state.objects:
        if oid not in seen:
            problems.append(f"object {oid} is in no zone (lost)")
    if state.players and state.zones:
        expected = sum(c.copies for d in board.DECKS for c in rules.cat.shared(d))
        shared = sum(1 for o in state.objects.values() if o.props.get("back") in board.DECKS)
        if shared != expected:
            problems.append(f"{shared} shared-deck cards exist, expected {expected}")
    for p in state.players:
        gold = p.counters.get("gold", 0)
        if gold < 0:
            problems.append(f"{p.name} has negative gold {gold}")
        health, most = p.counters.get("health", 0), p.counters.get("max_health", 0)
        if not 0 <= health <= most:
            problems.append(f"{p.name} health {health} outside 0..{most}")
        if p.eliminated != (health <= 0) and not p.props.get("conceded"):
            problems.append(f"{p.name} eliminated={p.eliminated} with health {health}")
        for ab, cd in (p.props.get("cooldowns") or {}).items():
            if cd < 0:
                problems.append(f"{p.name} cooldown of {ab} is {cd}")
    for obj in state.objects.values():
        if board.in_play(state, obj) and obj.props.get("type") == "unit" and obj.attached_to is None:
            if obj.counters.get("damage", 0) >= board.max_health(rules.cat, state, obj) and state.outcome is None:
                problems.append(f"unit {obj.id} ({obj.card}) has lethal damage but is in play")
        if obj.attached_to is not None and board.in_play(state, obj):
            host = state.objects.get(obj.attached_to)
            if host is None or not board.in_play(state, host):
                problems.append(f"attachment {obj.id} is attached to {obj.attached_to}, which is not in play")
    return problems
