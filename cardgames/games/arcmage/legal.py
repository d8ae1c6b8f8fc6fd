"""Legal targets, and whether a player can pay a cost (loyalty from the card's own faction, the rest from any)."""

from __future__ import annotations

from cardgames.engine.state import State
from cardgames.games.arcmage import board
from cardgames.games.arcmage import table as t
from cardgames.games.arcmage.context import Rules
from cardgames.games.arcmage.events import player_ref
from cardgames.games.arcmage.schema import TargetSpec


def targets(rules: Rules, state: State, seat: int, spec: TargetSpec, source: int | None) -> list[int]:
    """Every legal choice for a target slot, as object ids (players as -(seat+1)).

    Sanctuary: a creature with it can't be targeted by its controller's opponents' cards (R64)."""
    kind, side = spec.kind, spec.side
    out: list[int] = []
    if kind == "player":
        for s in state.live_seats():
            if side == "opponent" and s not in t.opponents(state, seat):
                continue
            if side == "mine" and s != seat:
                continue
            out.append(player_ref(s))
        return out
    if kind == "stack":
        return [e.source for e in state.chain if e.kind == "card" and e.source is not None and e.source != source]
    if kind in ("creature", "creature_or_city"):
        here = state.objects[source].zone if source is not None and side == "here" else None
        if side == "here" and (here is None or not here.startswith("res:")):
            return []  # "sharing its city": only while it lives in one
        for o in t.all_creatures(state):
            if (side == "mine" and o.controller != seat) or (side == "opponent" and o.controller == seat):
                continue
            if here is not None and (o.zone != here or o.id == source):
                continue
            if o.controller != seat and board.has_keyword(rules, state, o, "sanctuary"):
                continue
            if spec.where == "army" and not t.in_army(o):
                continue
            if spec.types and not set(spec.types) & set(board.creature_types(rules, state, o)):
                continue
            out.append(o.id)
    if kind in ("city", "creature_or_city"):
        for c in t.all_cities(state):
            if (side == "mine" and c.controller != seat) or (side == "opponent" and c.controller == seat):
                continue
            out.append(c.id)
    if kind == "enchantment":
        out = [e.id for e in t.all_enchantments(state)]
    return out


def targets_exist(rules: Rules, state: State, seat: int, slots: dict[str, TargetSpec], source: int | None) -> bool:
    """Every slot has a choice; slots that must be distinct have as many choices between them as slots."""
    found = [targets(rules, state, seat, spec, source) for spec in slots.values()]
    distinct = [f for f, spec in zip(found, slots.values(), strict=True) if spec.distinct]
    if distinct and len(set().union(*distinct)) < len(distinct):
        return False
    return all(found)


def open_targets(rules: Rules, state: State, seat: int, spec: TargetSpec, source: int | None,
                 chosen: list[int]) -> list[int]:
    """The choices left for a slot once other slots are chosen (a distinct slot never repeats one)."""
    found = targets(rules, state, seat, spec, source)
    return [o for o in found if o not in chosen] if spec.distinct else found


def can_pay(state: State, seat: int, cost: int, loyalty: int, faction: str) -> bool:
    """Playing a card: `loyalty` of the cost from the card's own faction's resources, the rest from any."""
    own = t.available(state, seat, faction)
    return own >= loyalty and t.total_available(state, seat) >= cost


def max_x(state: State, seat: int, base: int, loyalty: int, faction: str) -> int:
    """The largest X a player could pay for a card costing X + base."""
    if t.available(state, seat, faction) < loyalty:
        return -1
    return max(-1, t.total_available(state, seat) - max(base, 0))
