"""Costs, legal targets, and what a player may play or activate now (queries, no events)."""

from __future__ import annotations

from collections.abc import Mapping

from cardgames.engine.state import GameObject, State
from cardgames.games.altered import steps
from cardgames.games.altered import table as t
from cardgames.games.altered.schema import Ability, Card, TargetSpec


def legal_targets(state: State, cards: Mapping[str, Card], spec: TargetSpec, seat: int) -> list[int]:
    """Objects a target slot may name: Characters in expeditions, Landmarks, or cards in a Reserve."""
    found: list[GameObject] = []
    for s in range(len(state.players)):
        if spec.type == "reserve_card":
            found += state.cards_in(t.reserve(s))
            continue
        found += t.characters(state, s)
        if spec.type == "character_or_permanent":
            found += state.cards_in(t.landmarks(s))
    out = []
    for obj in found:
        if spec.side == "yours" and obj.controller != seat:
            continue
        if spec.max_hand_cost is not None:
            cost = cards[obj.card].cost
            if (cost[0] if cost else 0) > spec.max_hand_cost:
                continue
        out.append(obj.id)
    return out


def still_legal(state: State, cards: Mapping[str, Card], spec: TargetSpec, seat: int, oid: int) -> bool:
    return oid in state.objects and oid in legal_targets(state, cards, spec, seat)


def tough_surcharge(state: State, cards: Mapping[str, Card], seat: int, targets: list[int]) -> int:
    """Tough X: an opponent's card or ability that targets the object costs X more."""
    return sum(
        t.tough(state, cards, state.objects[o])
        for o in targets
        if o in state.objects and state.objects[o].controller != seat
    )


def discounts(state: State, seat: int) -> tuple[int, int]:
    """What the player's Ongoing Emblems take off the next card's cost: (any other card, a Permanent)."""
    other = permanent = 0
    for e in state.globals.get("emblems") or ():
        if e["seat"] != seat:
            continue
        kind = e["kind"]
        if kind == "next_card_cost":
            other += int(e["amount"])
            permanent += int(e["amount"])
        elif kind == "next_permanent_cost":
            permanent += int(e["amount"])
    return other, permanent


def reductions(state: State, seat: int, card: Card) -> int:
    """What the player's Ongoing Emblems take off the next card's cost."""
    return discounts(state, seat)[card.kind == "permanent"]


def card_cost(state: State, cards: Mapping[str, Card], seat: int, obj: GameObject, surcharge: int = 0) -> int:
    """Ruling H9: the Hand or Reserve cost, plus increases (Tough), less reductions, never below 0."""
    card = cards[obj.card]
    assert card.cost is not None
    base = card.cost[1] if obj.zone == t.reserve(seat) else card.cost[0]
    return max(0, base + surcharge - reductions(state, seat, card))


def playable(state: State, cards: Mapping[str, Card], seat: int) -> list[tuple[GameObject, int]]:
    """Cards the player could play now from Hand or (ready) from Reserve, paying the cost before
    targets, each with its cost (`card_cost`)."""
    out = []
    orbs = t.ready_orbs(state, seat)
    off = discounts(state, seat)
    objects = state.objects
    for zone, side in ((t.hand(seat), 0), (t.reserve(seat), 1)):
        for oid in state.zones[zone].cards:
            obj = objects[oid]
            if side and obj.exhausted:
                continue
            card = cards[obj.card]
            assert card.cost is not None
            cost = max(0, card.cost[side] - off[card.kind == "permanent"])
            if cost <= orbs:
                out.append((obj, cost))
    return out


def play_cost(state: State, cards: Mapping[str, Card], seat: int, oid: int) -> int | None:
    """What object `oid` costs to play now if it is one of `playable`'s, else None (one card checked
    alone, as a replay finds a saved play)."""
    obj = state.objects.get(oid)
    if obj is None or (obj.zone != t.hand(seat) and (obj.zone != t.reserve(seat) or obj.exhausted)):
        return None
    cost = card_cost(state, cards, seat, obj)
    return cost if cost <= t.ready_orbs(state, seat) else None


def ability_cost(state: State, ab: Ability, seat: int) -> int:
    cost = ab.quick or ab.support or ab.cost
    if cost is None:
        return 0
    more = cost.more_if_not_first if t.first_player(state) != seat else 0
    return cost.mana + more


def _usable(state: State, seat: int, obj: GameObject, i: int, ab: Ability, in_reserve: bool, orbs: int) -> bool:
    """Whether ability `i` of `obj` (in play, or in the Reserve) can be used now (`usable_abilities`)."""
    cost = ab.support if in_reserve else ab.quick
    if cost is None:
        return False
    if (cost.exhaust or in_reserve) and obj.exhausted:
        return False
    if not steps.condition_holds(state, ab.condition, seat):
        return False
    if ability_cost(state, ab, seat) > orbs:
        return False
    return steps.uses(state, f"q:{obj.id}:{i}") < t.LIMIT


def usable_abilities(state: State, cards: Mapping[str, Card], seat: int) -> list[tuple[GameObject, int, Ability]]:
    """Quick actions of what the player controls in play, and support abilities of ready cards in
    their Reserve (fragment 2.2.10.g), that can be paid now and have been used under 100 times today."""
    out = []
    orbs = t.ready_orbs(state, seat)
    zones, objects = state.zones, state.objects
    for obj in [objects[i] for z in steps.in_play_zones(seat) for i in zones[z].cards]:
        for i, ab in cards[obj.card].quick_actions:
            if _usable(state, seat, obj, i, ab, False, orbs):
                out.append((obj, i, ab))
    for obj in state.cards_in(t.reserve(seat)):
        for i, ab in cards[obj.card].supports:
            if _usable(state, seat, obj, i, ab, True, orbs):
                out.append((obj, i, ab))
    return out


def usable_ability(state: State, cards: Mapping[str, Card], seat: int, oid: int, i: int) -> Ability | None:
    """Ability `i` of object `oid` if `usable_abilities` lists it, else None (one ability checked
    alone, as a replay finds a saved quick action)."""
    obj = state.objects.get(oid)
    if obj is None or obj.zone not in (*steps.in_play_zones(seat), t.reserve(seat)):
        return None
    abilities = cards[obj.card].abilities
    if not 0 <= i < len(abilities):
        return None
    ab = abilities[i]
    return ab if _usable(state, seat, obj, i, ab, obj.zone == t.reserve(seat), t.ready_orbs(state, seat)) else None
