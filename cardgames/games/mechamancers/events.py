"""Mechamancers' own events (draws, damage, activation, theft, the pledge) and how each applies."""

from __future__ import annotations

from dataclasses import dataclass

from cardgames.engine.events import Event, applies, event
from cardgames.engine.state import State

TURN_PROPS = ("used", "bonus_swords", "hit_bonus", "rallied", "ability_used", "overdriven")
"""What a mecha keeps about the current turn; it forgets them when it leaves the field."""


def _move(s: State, oid: int, to: str, index: int | None = None) -> None:
    obj = s.objects[oid]
    s.zones[obj.zone].cards.remove(oid)
    if index is None:
        s.zones[to].cards.append(oid)
    else:
        s.zones[to].cards.insert(index, oid)
    obj.zone = to


def _forget(s: State, oid: int) -> None:
    obj = s.objects[oid]
    obj.counters = {}
    for key in (*TURN_PROPS, "salvaged"):
        obj.props.pop(key, None)
    obj.controller = obj.owner


@event("mechamancers.Drawn")
@dataclass(frozen=True, slots=True)
class Drawn(Event):
    """A seat draws the top card of a mecha pile into its hand."""

    id: int
    seat: int
    pile: str


@applies(Drawn)
def _drawn(s: State, e: Drawn) -> None:
    _move(s, e.id, f"hand:{e.seat}")
    s.objects[e.id].controller = e.seat


@event("mechamancers.Activated")
@dataclass(frozen=True, slots=True)
class Activated(Event):
    """A mecha goes from its owner's hand onto the field, undamaged, for `cost` mana."""

    id: int
    seat: int
    cost: int


@applies(Activated)
def _activated(s: State, e: Activated) -> None:
    _move(s, e.id, f"field:{e.seat}")
    s.players[e.seat].counters["mana"] -= e.cost


@event("mechamancers.Damaged")
@dataclass(frozen=True, slots=True)
class Damaged(Event):
    """A mecha takes damage and turns a quarter for each point; `by` is the attacking mecha
    (None: ability damage), `hit` says whether it was an attack."""

    id: int
    amount: int
    hit: bool = False
    by: int | None = None

    def touched(self, state: State) -> tuple[int, ...]:
        return ()


@applies(Damaged)
def _damaged(s: State, e: Damaged) -> None:
    c = s.objects[e.id].counters
    c["damage"] = c.get("damage", 0) + e.amount


@event("mechamancers.Healed")
@dataclass(frozen=True, slots=True)
class Healed(Event):
    """A mecha heals (turns back) `amount` points."""

    id: int
    amount: int

    def touched(self, state: State) -> tuple[int, ...]:
        return ()


@applies(Healed)
def _healed(s: State, e: Healed) -> None:
    c = s.objects[e.id].counters
    left = c.get("damage", 0) - e.amount
    if left > 0:
        c["damage"] = left
    else:
        c.pop("damage", None)


@event("mechamancers.Left")
@dataclass(frozen=True, slots=True)
class Left(Event):
    """A mecha leaves a field: `destroyed` (damage reached its health) or scrapped; to its type's
    discard pile, or out of the game for a Bulwark (H5). `seat`: whose field it left (-1 in saves
    from before it was recorded)."""

    id: int
    to: str
    destroyed: bool
    seat: int = -1


@applies(Left)
def _left(s: State, e: Left) -> None:
    _forget(s, e.id)
    _move(s, e.id, e.to)


@event("mechamancers.Discarded")
@dataclass(frozen=True, slots=True)
class Discarded(Event):
    """A card leaves a hand for its discard pile (`why`: the hand limit, or transmuted for mana)."""

    id: int
    seat: int
    to: str
    why: str
    mana: int = 0


@applies(Discarded)
def _discarded(s: State, e: Discarded) -> None:
    _forget(s, e.id)
    _move(s, e.id, e.to)
    if e.mana:
        s.players[e.seat].counters["mana"] += e.mana


@event("mechamancers.Assaulted")
@dataclass(frozen=True, slots=True)
class Assaulted(Event):
    """An assault resolved: the attacker takes `amount` VP (maybe 0) from the defender (`attack` against
    `shield`, as counted)."""

    thief: int
    victim: int
    amount: int
    attack: int
    shield: int


@applies(Assaulted)
def _assaulted(s: State, e: Assaulted) -> None:
    s.players[e.victim].counters["vp"] -= e.amount
    s.players[e.thief].counters["vp"] += e.amount
    s.players[e.thief].counters["stolen"] = s.players[e.thief].counters.get("stolen", 0) + e.amount


@event("mechamancers.RolePicked")
@dataclass(frozen=True, slots=True)
class RolePicked(Event):
    """In the pledge a seat keeps one role of the pack it holds, face down until all have chosen."""

    id: int
    seat: int


@applies(RolePicked)
def _picked(s: State, e: RolePicked) -> None:
    _move(s, e.id, f"pledge:{e.seat}")


@event("mechamancers.EventRevealed")
@dataclass(frozen=True, slots=True)
class EventRevealed(Event):
    """The top event card is turned face up at the round's end, to be resolved."""

    id: int


@applies(EventRevealed)
def _revealed(s: State, e: EventRevealed) -> None:
    _move(s, e.id, "events:done")


@event("mechamancers.Placed")
@dataclass(frozen=True, slots=True)
class Placed(Event):
    """A card set where a prepared board (`given`) puts it, with its damage: setup, not play, so
    the players' log leaves it out."""

    id: int
    to: str
    controller: int
    damage: int = 0


@applies(Placed)
def _placed(s: State, e: Placed) -> None:
    _forget(s, e.id)
    _move(s, e.id, e.to)
    obj = s.objects[e.id]
    obj.controller = e.controller
    if e.damage:
        obj.counters["damage"] = e.damage
