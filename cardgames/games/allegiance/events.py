"""Allegiance's own events: damage, healing, gold and drawing (everything else uses engine events).

Damage, healing, gold and reveals keep the values `State.cached` remembers (`KEEPS_CACHED`): the
rules' remembered queries (could respond, attackers, attachments, statics, attack options) and the
engine's (hand-over secrets) read neither damage, health nor gold, and a reveal changes no table
fact (the engine alone notes who knows the card); tests/allegiance/test_cached_in_every_format.py
works every remembered value out afresh after each event of every format and compares.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardgames.engine.events import Event, applies, event
from cardgames.engine.state import State


def is_hero(ref: int) -> bool:
    """Heroes are referred to as -(seat+1); objects by their (positive) id."""
    return ref < 0


def hero_ref(seat: int) -> int:
    return -(seat + 1)


def hero_seat(ref: int) -> int:
    return -ref - 1


@event("allegiance.Damaged")
@dataclass(frozen=True, slots=True)
class Damaged(Event):
    """`amount` damage (after prevention) was dealt to a unit or hero."""

    KEEPS_CACHED = True  # no `State.cached` query reads damage or health (see module docstring)
    target: int
    amount: int
    source: int | None = None
    battle: bool = False
    prevented: int = 0


@applies(Damaged)
def _damaged(s: State, e: Damaged) -> None:
    if is_hero(e.target):
        c = s.players[hero_seat(e.target)].counters
        c["health"] = max(0, c["health"] - e.amount)
    elif e.amount:
        c = s.objects[e.target].counters
        c["damage"] = c.get("damage", 0) + e.amount


@event("allegiance.Healed")
@dataclass(frozen=True, slots=True)
class Healed(Event):
    """`amount` damage (already capped at the maximum) was healed from a unit or hero."""

    KEEPS_CACHED = True  # no `State.cached` query reads damage or health (see module docstring)
    target: int
    amount: int
    source: int | None = None


@applies(Healed)
def _healed(s: State, e: Healed) -> None:
    if is_hero(e.target):
        s.players[hero_seat(e.target)].counters["health"] += e.amount
    else:
        c = s.objects[e.target].counters
        left = c.get("damage", 0) - e.amount
        if left > 0:
            c["damage"] = left
        else:
            c.pop("damage", None)


@event("allegiance.GoldChanged")
@dataclass(frozen=True, slots=True)
class GoldChanged(Event):
    KEEPS_CACHED = True  # no `State.cached` query reads gold (see module docstring)
    seat: int
    delta: int
    reason: str


@applies(GoldChanged)
def _gold(s: State, e: GoldChanged) -> None:
    c = s.players[e.seat].counters
    c["gold"] = c.get("gold", 0) + e.delta
    if c["gold"] < 0:
        raise ValueError(f"gold of seat {e.seat} would go negative")


@event("allegiance.CardDrawn")
@dataclass(frozen=True, slots=True)
class CardDrawn(Event):
    """A card moved from a deck to a hand: its face is now known to that hand's owner."""

    REVEALS = True
    id: int
    seat: int
    deck: str


@applies(CardDrawn)
def _drawn(s: State, e: CardDrawn) -> None:
    obj = s.objects[e.id]
    s.zones[obj.zone].cards.remove(e.id)
    hand = f"hand:{e.seat}"
    s.zones[hand].cards.append(e.id)
    obj.zone = hand
    obj.controller = e.seat


@event("allegiance.Revealed")
@dataclass(frozen=True, slots=True)
class Revealed(Event):
    """A hidden card's face became known (milled from a deck, discarded from a hand...)."""

    REVEALS = True
    KEEPS_CACHED = True  # changes no table fact at all: the engine notes who knows the card
    id: int


@applies(Revealed)
def _revealed(s: State, e: Revealed) -> None:
    return None
