"""Allegiance invariants, after every event and at rest.

Cards are conserved, gold is never negative, health stays within bounds.
"""

from __future__ import annotations

from collections import Counter

from cardgames.engine.state import State
from cardgames.games.allegiance import board
from cardgames.games.allegiance.cards import Cards


def check(cat: Cards, state: State, *, settled: bool = True) -> list[str]:
    """Everything wrong with `state` (empty when all is well).

    With `settled` False, only what holds after every event; with True (the default), also what
    holds once the rules have finished a step (at every decision): no unit in play with lethal
    damage, a hero at 0 health is eliminated, attachments sit on units in play.
    """
    problems: list[str] = []
    objects = state.objects
    seen: set[int] = set()
    placed = 0
    for zone in state.zones.values():
        zid = zone.id
        for oid in zone.cards:
            placed += 1
            seen.add(oid)
            obj = objects.get(oid)
            if obj is None:
                problems.append(f"zone {zid} holds unknown object {oid}")
            elif obj.zone != zid:
                problems.append(f"object {oid} is in {zid} but says {obj.zone}")
    if placed != len(seen):
        counts = Counter(oid for zone in state.zones.values() for oid in zone.cards)
        problems.extend(f"object {oid} is in {n} zones" for oid, n in counts.items() if n > 1)
    if len(seen) != len(objects):
        problems.extend(f"object {oid} is in no zone (lost)" for oid in objects if oid not in seen)
    decks = board.DECKS
    shared = 0
    late: list[str] = []  # what only holds once a step is finished, found in the same pass over the objects
    for obj in objects.values():
        if obj.props.get("back") in decks:
            shared += 1
        if settled and board.in_play(state, obj):
            if (
                obj.props.get("type") == "unit"
                and obj.attached_to is None
                and obj.counters.get("damage", 0) >= board.max_health(cat, state, obj)
                and state.outcome is None
            ):
                late.append(f"unit {obj.id} ({obj.card}) has lethal damage but is in play")
            if obj.attached_to is not None:
                host = objects.get(obj.attached_to)
                if host is None or not board.in_play(state, host):
                    late.append(f"attachment {obj.id} is attached to {obj.attached_to}, which is not in play")
    if state.players and state.zones:
        expected = _shared_copies(cat)
        if shared != expected:
            problems.append(f"{shared} shared-deck cards exist, expected {expected}")
    for p in state.players:
        gold = p.counters.get("gold", 0)
        if gold < 0:
            problems.append(f"{p.name} has negative gold {gold}")
        health, most = p.counters.get("health", 0), p.counters.get("max_health", 0)
        if not 0 <= health <= most:
            problems.append(f"{p.name} health {health} outside 0..{most}")
        dead = health <= 0
        if (p.eliminated != dead if settled else p.eliminated and not dead) and not p.props.get(
            "conceded"
        ):
            problems.append(f"{p.name} eliminated={p.eliminated} with health {health}")
        for ab, cd in (p.props.get("cooldowns") or {}).items():
            if cd < 0:
                problems.append(f"{p.name} cooldown of {ab} is {cd}")
    return problems + late


_SHARED: dict[int, tuple[object, int]] = {}


def _shared_copies(cat: Cards) -> int:
    """How many cards the three shared decks hold in all (cached per catalog)."""
    hit = _SHARED.get(id(cat))
    if hit is None or hit[0] is not cat:
        hit = (cat, sum(c.copies for d in board.DECKS for c in cat.shared(d)))
        _SHARED[id(cat)] = hit
    return hit[1]
