"""ARC-mage invariants: cards conserved across zones, resources and defenses sane, creatures where they may be."""

from __future__ import annotations

from collections import Counter

from cardgames.engine.state import State
from cardgames.games.arcmage import board, checks
from cardgames.games.arcmage import table as t
from cardgames.games.arcmage.context import Rules


def invariants(rules: Rules, state: State) -> list[str]:
    """What must hold after every event: every object in exactly the zone it names; no negative pool
    (one pass over the zones; the duplicates are counted only when there are some)."""
    problems: list[str] = []
    objects = state.objects
    seen: set[int] = set()
    placed = 0
    for zid, zone in state.zones.items():
        placed += len(zone.cards)
        seen.update(zone.cards)
        for oid in zone.cards:
            obj = objects.get(oid)
            if obj is None:
                problems.append(f"zone {zid} holds unknown object {oid}")
            elif obj.zone != zid:
                problems.append(f"object {oid} is in {zid} but says {obj.zone}")
    if placed != len(seen):
        counts = Counter(oid for zone in state.zones.values() for oid in zone.cards)
        problems += [f"object {oid} is in {n} zones" for oid, n in counts.items() if n > 1]
    if len(seen) != len(objects):
        problems.append(f"{len(objects) - len(seen)} object(s) are in no zone")
    for p in state.players:
        for key, n in p.counters.items():
            if key.startswith("pool:") and n < 0:
                problems.append(f"{p.name} has {n} {key}")
    return problems


def settled_invariants(rules: Rules, state: State) -> list[str]:
    """Also whenever the game waits: no creature with lethal damage in play, creatures only in armies and
    cities, cities only in kingdoms, nothing left in the stack zone without a stack item, hands ≤ 7
    after a Discard phase is never checked here (the limit is the player's own phase)."""
    problems = invariants(rules, state)
    guarding = any(f.kind == "bodyguard" for f in state.frames)  # R44: deaths wait for the bodyguard's answer
    over = state.outcome is not None  # the table is left as the game ended (a defeat's cards leaving may
    for o in t.all_creatures(state):  # shrink a survivor, e.g. Foul Imps counting every Imp in play)
        if checks.lethal(rules, state, o) and not board.has_keyword(rules, state, o, "indestructible") \
                and not guarding and not over:
            problems.append(f"{rules.card_name(state, o)} has lethal damage but is in play")
        if not rules.cards[o.card].is_creature:
            problems.append(f"{rules.card_name(state, o)} is not a creature but is in {o.zone}")
    for s in state.live_seats():
        for c in t.cities(state, s):
            if not rules.cards[c.card].is_city:
                problems.append(f"{c.card} in a kingdom is not a city")
    on_chain = {e.source for e in state.chain}
    for oid in state.zones[t.STACK].cards:
        if oid not in on_chain and not any(f.kind == "cast" and f.data.get("card") == oid for f in state.frames):
            problems.append(f"{rules.card_name(state, state.objects[oid])} lies on the stack with no stack item")
    return problems
