"""Selecting targets (rulebook: Selecting Targets, p.14): which objects a target slot allows."""

from __future__ import annotations

from collections.abc import Iterator

from cardgames.engine.state import GameObject, State
from cardgames.games.allegiance import board
from cardgames.games.allegiance.cards import Cards
from cardgames.games.allegiance.events import hero_ref, hero_seat, is_hero
from cardgames.games.allegiance.schema import TargetSpec


def _side_ok(state: State, spec: TargetSpec, seat: int, ctrl: int,
             opps: list[int] | None = None) -> bool:
    """Whether a card or hero controlled by `ctrl` is on the side the slot asks for (`opps`:
    `board.opponents(state, seat)` if already known)."""
    if spec.controller == "you":
        return ctrl == seat
    if spec.controller == "opponent":
        return ctrl in (board.opponents(state, seat) if opps is None else opps)
    return True


def legal(cat: Cards, state: State, spec: TargetSpec, seat: int, source: int | None,
          ref: int) -> bool:
    """Whether `ref` (an object id, or -(seat+1) for a hero/player) fits the slot now."""
    if not board.alive(state, ref):
        return False
    if spec.other and ref == source:
        return False
    if is_hero(ref):
        return _hero_fits(cat, state, spec, seat, source, ref)
    return _card_fits(state, spec, seat, state.objects[ref])


def _hero_fits(cat: Cards, state: State, spec: TargetSpec, seat: int, source: int | None,
               ref: int, opps: list[int] | None = None) -> bool:
    """`legal` for a live hero (not the source)."""
    if spec.type not in ("hero", "unit_or_hero", "player"):
        return False
    if spec.type != "player" and board.hero_protected(cat, state, ref, seat, source):
        return False
    return _side_ok(state, spec, seat, hero_seat(ref), opps)


def _card_fits(state: State, spec: TargetSpec, seat: int, obj: GameObject,
               opps: list[int] | None = None) -> bool:
    """`legal` for a card in play (not the source)."""
    kind = obj.props.get("type")
    if spec.type in ("unit", "unit_or_hero"):
        if kind != "unit" or obj.attached_to is not None:
            return False
    elif spec.type == "weapon":
        if obj.id != state.players[obj.controller].props.get("weapon"):
            return False
    elif spec.type == "attached_card":
        if obj.attached_to is None:
            return False
    else:
        return False
    if not _side_ok(state, spec, seat, obj.controller, opps):
        return False
    battle = state.battle or {}
    if spec.attacking is not None and (obj.id in (battle.get("attackers") or [])) != spec.attacking:
        return False
    if spec.exhausted is not None and obj.exhausted != spec.exhausted:
        return False
    if (
        spec.deck is not None
        and obj.props.get("back") != spec.deck
        and obj.props.get("deck") != spec.deck
    ):
        return False
    return not (spec.entered_this_turn is not None
                and (obj.entered_turn == state.turn) != spec.entered_this_turn)


def _legal_refs(cat: Cards, state: State, spec: TargetSpec, seat: int,
                source: int | None) -> Iterator[int]:
    """The legal choices for the slot, heroes first (in seat order from `seat`), then cards.

    What `legal` says of each, without asking again what holds of them all: the heroes of live
    seats and the cards in a territory are alive, and the seat's opponents are the same for all."""
    opps = board.opponents(state, seat) if spec.controller == "opponent" else None
    other = source if spec.other else None
    if spec.type in ("hero", "unit_or_hero", "player"):
        for s in state.seats_from(seat):
            ref = hero_ref(s)
            if ref != other and _hero_fits(cat, state, spec, seat, source, ref, opps):
                yield ref
    if spec.type != "hero" and spec.type != "player":
        zones, objects = state.zones, state.objects
        for p in state.players:
            for ref in zones[board.territory(p.seat)].cards:
                if ref != other and _card_fits(state, spec, seat, objects[ref], opps):
                    yield ref


def candidates(
    cat: Cards, state: State, spec: TargetSpec, seat: int, source: int | None
) -> list[int]:
    """Every legal choice for the slot, heroes first (in seat order from `seat`), then cards."""
    return list(_legal_refs(cat, state, spec, seat, source))


def can_announce(cat: Cards, state: State, targets: dict[str, TargetSpec], seat: int,
                 source: int | None) -> bool:
    """Every required slot has enough legal targets (ruling R20)."""
    for spec in targets.values():
        if spec.up_to:
            continue
        for found, _ in enumerate(_legal_refs(cat, state, spec, seat, source), 1):
            if found >= spec.count:
                break
        else:
            return False
    return True
