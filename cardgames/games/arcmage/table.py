"""Zones and read-only questions about an ARC-mage table: cities, residents, army, vaults, who is where."""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

from cardgames.engine.state import GameObject, Json, State

HAND_LIMIT = 7
OPENING_HAND = 7
STACK = "stack"
FACTION_ORDER = ("gaian", "dark-legion", "red-banner", "house-of-nobles", "empire")


@cache
def deck(s: int) -> str:
    return f"deck:{s}"


@cache
def hand(s: int) -> str:
    return f"hand:{s}"


@cache
def unbuilt(s: int) -> str:
    return f"unbuilt:{s}"


@cache
def kingdom(s: int) -> str:
    return f"kingdom:{s}"


@cache
def army(s: int) -> str:
    return f"army:{s}"


@cache
def ench(s: int) -> str:
    return f"ench:{s}"


@cache
def vault(s: int) -> str:
    return f"vault:{s}"


@cache
def grave(s: int) -> str:
    return f"grave:{s}"


@cache
def gone(s: int) -> str:
    return f"gone:{s}"


@cache
def residents_zone(city: int) -> str:
    """A city's residents zone. Zone names are made once per seat or city (`functools.cache`): every
    pass over the table asks for them, and formatting one costs more than looking it up."""
    return f"res:{city}"


def cities(state: State, s: int) -> list[GameObject]:
    """The player's cities in play (Kingdom)."""
    return state.cards_in(kingdom(s))


def residents(state: State, city: int) -> list[GameObject]:
    return state.cards_in(residents_zone(city))


def city_of(obj: GameObject) -> int | None:
    """The city a resident lives in, or None."""
    return int(obj.zone[4:]) if obj.zone.startswith("res:") else None


def in_army(obj: GameObject) -> bool:
    return obj.zone.startswith("army:")


def creature_zones(state: State, s: int) -> list[str]:
    return [army(s)] + [residents_zone(c.id) for c in cities(state, s)]


def creatures_of(state: State, s: int) -> list[GameObject]:
    """Every creature the player controls in play: army, then residents city by city."""
    found = creatures_by_seat(state).get(s)
    return found if found is not None else _creatures_of(state, s)


def creatures_by_seat(state: State) -> dict[int, list[GameObject]]:
    """`creatures_of` every live player, by seat, in turn order (until the next event)."""
    return state.cached("arc.cr", lambda: _creatures_by_seat(state))


def _creatures_by_seat(state: State) -> dict[int, list[GameObject]]:
    """`_creatures_of` for every live player in one pass over the armies and cities (the rules ask for
    every player's creatures between two events: one pass instead of one per player)."""
    objects, zones = state.objects, state.zones
    out: dict[int, list[GameObject]] = {}
    abroad: list[GameObject] = []  # infiltrators: after their controller's own cities' residents
    for p in state.players:
        if p.eliminated:
            continue
        s = p.seat
        own = out[s] = []
        for i in zones[army(s)].cards:
            o = objects[i]
            if o.controller == s:
                own.append(o)
        for c in zones[kingdom(s)].cards:
            for i in zones[residents_zone(c)].cards:
                r = objects[i]
                if r.controller == s:
                    own.append(r)
                else:
                    abroad.append(r)
    for r in abroad:
        found = out.get(r.controller)
        if found is not None:
            found.append(r)
    return out


def _creatures_of(state: State, s: int) -> list[GameObject]:
    """Army, own cities, then opponents' cities (Infiltrate) — each creature where its controller has it."""
    zones = creature_zones(state, s)
    zones += [residents_zone(c.id) for o in state.live_seats() if o != s for c in cities(state, o)]
    out: list[GameObject] = []
    for z in zones:
        out.extend(o for o in state.cards_in(z) if o.controller == s)
    return out


def all_creatures(state: State) -> list[GameObject]:
    return state.cached("arc.creatures", lambda: [o for found in creatures_by_seat(state).values() for o in found])


def all_cities(state: State) -> list[GameObject]:
    return [c for s in state.live_seats() for c in cities(state, s)]


def all_enchantments(state: State) -> list[GameObject]:
    return state.cached("arc.ench", lambda: [o for s in state.live_seats() for o in state.cards_in(ench(s))])


def in_play(obj: GameObject) -> bool:
    z = obj.zone
    return z.startswith(("army:", "res:", "kingdom:", "ench:"))


def resources(state: State, s: int, faction: str | None = None, *, unmarked: bool = False) -> list[GameObject]:
    return [o for o in state.cards_in(vault(s)) if (faction is None or o.props.get("faction") == faction)
            and not (unmarked and o.exhausted)]


def pool(state: State, s: int, faction: str) -> int:
    """Produced, unspent resources of a faction (they expire at the end of the turn)."""
    return state.players[s].counters.get(f"pool:{faction}", 0)


def available(state: State, s: int, faction: str) -> int:
    """Unmarked resource cards and produced resources of a faction the player can spend now."""
    found = spendable(state, s).by_faction.get(faction)
    return pool(state, s, faction) if found is None else found  # None: no resource card of a faction not in play


def total_available(state: State, s: int) -> int:
    return spendable(state, s).total


class Spendable(NamedTuple):
    """What a player can spend now: unmarked resource cards and produced resources."""

    by_faction: dict[Json, int]
    """`available` for every faction of FACTION_ORDER and every faction a resource card of theirs has."""
    total: int
    """`available` summed over FACTION_ORDER."""


def spendable(state: State, s: int) -> Spendable:
    """The player's `Spendable`, counted in one pass over the vault per event (legal plays ask per card)."""
    return state.cached(_spendable_key(s), lambda: _spendable(state, s))


@cache
def _spendable_key(s: int) -> str:
    return f"arc.spend.{s}"


_POOLS = tuple((f, f"pool:{f}") for f in FACTION_ORDER)
"""Each faction with its produced resources' counter (see `pool`)."""


def _spendable(state: State, s: int) -> Spendable:
    objects, counters = state.objects, state.players[s].counters
    by_faction: dict[Json, int] = {f: counters.get(key, 0) for f, key in _POOLS}
    for i in state.zones[vault(s)].cards:
        o = objects[i]
        if not o.exhausted:
            f = o.props.get("faction")
            if f in by_faction:
                by_faction[f] += 1
            else:  # a faction outside FACTION_ORDER: its produced ones too, as `pool` finds them
                by_faction[f] = 1 + counters.get(f"pool:{f}", 0)
    return Spendable(by_faction, sum(by_faction[f] for f in FACTION_ORDER))


def opponents(state: State, s: int) -> list[int]:
    """Live players on other teams, in turn order after `s`."""
    team = state.players[s].team
    return [o for o in state.seats_from(s) if o != s and state.players[o].team != team]


def teammates(state: State, s: int) -> list[int]:
    team = state.players[s].team
    return [o for o in state.live_seats() if o != s and state.players[o].team == team]
