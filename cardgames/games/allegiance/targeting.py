"""Selecting targets (rulebook: Selecting Targets, p.14): which objects a target slot allows."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from cardgames.engine.state import State
from cardgames.games.allegiance import board
from cardgames.games.allegiance.cards import Cards
from cardgames.games.allegiance.events import hero_ref, hero_seat, is_hero
from cardgames.games.allegiance.schema import TargetSpec


class Slot:
    """A target slot's facts as plain attributes: a pydantic model's are several times slower to
    read, and finding the legal choices reads them for every card on the table. Never changed
    once made; a plain class, as a dataclass costs more to define than it saves in a short run."""

    __slots__ = ("attacking", "cards", "controller", "count", "deck", "entered_this_turn",
                 "exhausted", "heroes", "other", "spec", "type", "units", "up_to")

    def __init__(self, spec: TargetSpec) -> None:
        self.spec = spec
        self.type: str = spec.type
        self.controller: str = spec.controller
        self.count: int = spec.count
        self.up_to: bool = spec.up_to
        self.other: bool = spec.other
        self.attacking: bool | None = spec.attacking
        self.exhausted: bool | None = spec.exhausted
        self.deck: str | None = spec.deck
        self.entered_this_turn: bool | None = spec.entered_this_turn
        self.heroes = spec.type in ("hero", "unit_or_hero", "player")
        """Heroes (players) may be chosen."""
        self.cards = spec.type not in ("hero", "player")
        """Cards may be chosen."""
        self.units = spec.type in ("unit", "unit_or_hero")
        """Only units may be chosen among the cards."""


_SLOTS: dict[int, Slot] = {}
"""Slot of each TargetSpec by its id (the Slot holds the spec, so the id stays its own)."""


def slot(spec: TargetSpec) -> Slot:
    """The spec's facts, read once (the catalog's specs never change)."""
    found = _SLOTS.get(id(spec))
    if found is None:
        found = _SLOTS[id(spec)] = Slot(spec)
    return found


def _side_ok(state: State, sl: Slot, seat: int, ctrl: int, opps: list[int] | None = None) -> bool:
    """Whether a card or hero controlled by `ctrl` is on the side the slot asks for (`opps`:
    `board.opponents(state, seat)` if already known)."""
    if sl.controller == "you":
        return ctrl == seat
    if sl.controller == "opponent":
        return ctrl in (board.opponents(state, seat) if opps is None else opps)
    return True


def legal(cat: Cards, state: State, spec: TargetSpec, seat: int, source: int | None,
          ref: int) -> bool:
    """Whether `ref` (an object id, or -(seat+1) for a hero/player) fits the slot now."""
    if not board.alive(state, ref):
        return False
    sl = slot(spec)
    if sl.other and ref == source:
        return False
    if is_hero(ref):
        return _hero_fits(cat, state, sl, seat, source, ref)
    return next(_fitting(state, sl, seat, (ref,), None), None) is not None


def _hero_fits(cat: Cards, state: State, sl: Slot, seat: int, source: int | None,
               ref: int, opps: list[int] | None = None) -> bool:
    """`legal` for a live hero (not the source)."""
    if not sl.heroes:
        return False
    if sl.type != "player" and source is not None and board.hero_protected(
            cat, state, ref, seat, source):
        return False
    return _side_ok(state, sl, seat, hero_seat(ref), opps)


def _fitting(state: State, sl: Slot, seat: int, refs: Iterable[int],
             opps: list[int] | None) -> Iterator[int]:
    """`legal` for cards in play (not the source): those of `refs` that fit the slot, in order."""
    objects, players, kind, side = state.objects, state.players, sl.type, sl.controller
    if side == "opponent" and opps is None:
        opps = board.opponents(state, seat)
    attackers: list[int] | None = None
    for ref in refs:
        obj = objects[ref]
        if side == "you":
            if obj.controller != seat:
                continue
        elif opps is not None and obj.controller not in opps:
            continue
        if sl.units:
            if obj.props.get("type") != "unit" or obj.attached_to is not None:
                continue
        elif kind == "weapon":
            if ref != players[obj.controller].props.get("weapon"):
                continue
        elif kind != "attached_card" or obj.attached_to is None:
            continue
        if sl.attacking is not None:
            if attackers is None:
                attackers = (state.battle or {}).get("attackers") or []
            if (ref in attackers) != sl.attacking:
                continue
        if sl.exhausted is not None and obj.exhausted != sl.exhausted:
            continue
        if sl.deck is not None and obj.props.get("back") != sl.deck and obj.props.get("deck") != sl.deck:
            continue
        if sl.entered_this_turn is not None and (obj.entered_turn == state.turn) != sl.entered_this_turn:
            continue
        yield ref


def _legal_refs(cat: Cards, state: State, spec: TargetSpec, seat: int,
                source: int | None) -> Iterator[int]:
    """The legal choices for the slot, heroes first (in seat order from `seat`), then cards.

    What `legal` says of each, without asking again what holds of them all: the heroes of live
    seats and the cards in a territory are alive, and the seat's opponents are the same for all."""
    sl = slot(spec)
    opps = board.opponents(state, seat) if sl.controller == "opponent" else None
    if sl.heroes:
        for s in state.seats_from(seat):
            ref = hero_ref(s)
            if _hero_fits(cat, state, sl, seat, source, ref, opps):
                yield ref
    if sl.cards:
        zones = state.zones
        for p in state.players:
            refs = zones[board.TERRITORIES[p.seat]].cards
            if sl.other and source in refs:
                refs = [r for r in refs if r != source]
            yield from _fitting(state, sl, seat, refs, opps)


def candidates(
    cat: Cards, state: State, spec: TargetSpec, seat: int, source: int | None
) -> list[int]:
    """Every legal choice for the slot, heroes first (in seat order from `seat`), then cards."""
    return list(_legal_refs(cat, state, spec, seat, source))


def can_announce(cat: Cards, state: State, targets: dict[str, TargetSpec], seat: int,
                 source: int | None) -> bool:
    """Every required slot has enough legal targets (ruling R20)."""
    for spec in targets.values():
        sl = slot(spec)
        if sl.up_to:
            continue
        for found, _ in enumerate(_legal_refs(cat, state, spec, seat, source), 1):
            if found >= sl.count:
                break
        else:
            return False
    return True
