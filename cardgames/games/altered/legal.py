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


def reductions(state: State, seat: int, card: Card) -> int:
    """What the player's Ongoing Emblems take off the next card's cost."""
    total = 0
    for e in steps.emblems(state):
        if e["seat"] != seat:
            continue
        if e["kind"] == "next_card_cost" or (e["kind"] == "next_permanent_cost" and card.kind == "permanent"):
            total += int(e["amount"])
    return total


def card_cost(state: State, cards: Mapping[str, Card], seat: int, obj: GameObject, surcharge: int = 0) -> int:
    """Ruling H9: the Hand or Reserve cost, plus increases (Tough), less reductions, never below 0."""
    card = cards[obj.card]
    assert card.cost is not None
    base = card.cost[1] if obj.zone == t.reserve(seat) else card.cost[0]
    return max(0, base + surcharge - reductions(state, seat, card))


def playable_cards(state: State, cards: Mapping[str, Card], seat: int) -> list[GameObject]:
    """Cards the player could play now from Hand or (ready) from Reserve, paying the cost before targets."""
    out = []
    orbs = t.ready_orbs(state, seat)
    for zone in (t.hand(seat), t.reserve(seat)):
        for obj in state.cards_in(zone):
            if zone == t.reserve(seat) and obj.exhausted:
                continue
            if card_cost(state, cards, seat, obj) <= orbs:
                out.append(obj)
    return out


def ability_cost(state: State, ab: Ability, seat: int) -> int:
    cost = ab.quick or ab.support or ab.cost
    if cost is None:
        return 0
    more = cost.more_if_not_first if t.first_player(state) != seat else 0
    return cost.mana + more


def usable_abilities(state: State, cards: Mapping[str, Card], seat: int) -> list[tuple[GameObject, int, Ability]]:
    """Quick actions of what the player controls in play, and support abilities of ready cards in
    their Reserve (fragment 2.2.10.g), that can be paid now and have been used under 100 times today."""
    out = []
    orbs = t.ready_orbs(state, seat)
    sources = [*steps.in_play_of(state, seat), *state.cards_in(t.reserve(seat))]
    for obj in sources:
        in_reserve = obj.zone == t.reserve(seat)
        for i, ab in enumerate(cards[obj.card].abilities):
            cost = ab.support if in_reserve else ab.quick
            if cost is None:
                continue
            if (cost.exhaust or in_reserve) and obj.exhausted:
                continue
            if not steps.condition_holds(state, ab.condition, seat):
                continue
            if ability_cost(state, ab, seat) > orbs:
                continue
            if steps.uses(state, f"q:{obj.id}:{i}") >= t.LIMIT:
                continue
            out.append((obj, i, ab))
    return out
