"""Zones of the Altered table and read-only questions about a State: the adventure track, expeditions,
statistics, initiative order.

Everything is per player (each player's own two expeditions and markers), so that 2v2 and
free-for-all can be added later with their own facing rules (`facing`).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache

from cardgames.engine.state import GameObject, State
from cardgames.games.altered.schema import TERRAINS, Card, Terrain

TRACK = 8
"""Regions of the adventure: the hero region (0), six tumult halves (1–6), the companion region (7)."""
HERO_START, COMPANION_START = 0, TRACK - 1
KINDS = ("hero", "companion")
"""A player's two expeditions."""
LIMIT = 100
"""Fragment 1.4.6: a quick action may be played, a reaction activate, 100 times a day."""
DAY_ONE_DRAW, DAY_ONE_ORBS, DAILY_DRAW = 6, 3, 2


@cache  # a zone's name, asked for in every rules step: built once
def deck(s: int) -> str:
    return f"deck:{s}"


@cache
def hand(s: int) -> str:
    return f"hand:{s}"


@cache
def mana(s: int) -> str:
    return f"mana:{s}"


@cache
def reserve(s: int) -> str:
    return f"reserve:{s}"


@cache
def landmarks(s: int) -> str:
    return f"landmarks:{s}"


@cache
def discard(s: int) -> str:
    return f"discard:{s}"


@cache
def hero_zone(s: int) -> str:
    return f"hero:{s}"


@cache
def expedition(s: int, kind: str) -> str:
    return f"exp:{s}:{kind}"


LIMBO = "limbo"
GONE = "gone"
"""Where tokens go when they cease to exist (fragment: a token leaving the Expedition zone)."""


@cache
def tumult(k: int) -> str:
    """A face-down tumult card (hidden from everyone)."""
    return f"tumult:{k}"


@cache
def revealed(k: int) -> str:
    """The same tumult card once turned face up."""
    return f"region:{k}"


# -- who, when ---------------------------------------------------------------------------


def first_player(state: State) -> int:
    return int(state.globals.get("first", 0))


def day(state: State) -> int:
    return int(state.globals.get("day", 1))


def opponents(state: State, seat: int) -> list[int]:
    return [s for s in state.live_seats() if s != seat]


def initiative_order(state: State) -> list[int]:
    """Fragment 1.4.5: the player taking their turn first during Afternoon, else the first player."""
    lead = state.active if state.phase == "afternoon" else first_player(state)
    return state.seats_from(lead)


def facing(state: State, seat: int, kind: str) -> tuple[int, str]:
    """The expedition an expedition races against: the other player's of the same kind (2 players)."""
    return opponents(state, seat)[0], kind


# -- the adventure -------------------------------------------------------------------------


def region_slot(index: int) -> tuple[int, int] | None:
    """(tumult card, half as placed) of a tumult region, None for the hero and companion regions."""
    if index in (HERO_START, COMPANION_START):
        return None
    return (index - 1) // 2, (index - 1) % 2


def tumult_card(state: State, k: int) -> GameObject | None:
    for zone in (revealed(k), tumult(k)):
        cards = state.zones[zone].cards
        if cards:
            return state.objects[cards[0]]
    return None


def is_revealed(state: State, index: int) -> bool:
    slot = region_slot(index)
    return slot is None or bool(state.zones[revealed(slot[0])].cards)


def region_types(state: State, cards: Mapping[str, Card], index: int) -> tuple[Terrain, ...]:
    """The region types at `index` (ruling H1: a tumult card shows both halves once entered); the
    Arena (tiebreakers) and the hero and companion regions have all three."""
    if state.globals.get("arena"):
        return TERRAINS
    slot = region_slot(index)
    if slot is None:
        return TERRAINS
    obj = tumult_card(state, slot[0])
    if obj is None:
        return TERRAINS
    half = slot[1] if not obj.props.get("flipped") else 1 - slot[1]
    return tuple(cards[obj.card].halves[half])


def position(state: State, seat: int, kind: str) -> int:
    return int(state.players[seat].props.get(f"{kind}_at", HERO_START if kind == "hero" else COMPANION_START))


def forward(kind: str) -> int:
    return 1 if kind == "hero" else -1


def distance(state: State, seat: int, kind: str) -> int:
    at = position(state, seat, kind)
    return at if kind == "hero" else COMPANION_START - at


def total_distance(state: State, seat: int) -> int:
    return distance(state, seat, "hero") + distance(state, seat, "companion")


def met_or_crossed(state: State, seat: int) -> bool:
    """Fragment 4.3.a–b: the player's expeditions meet on one region, or have crossed."""
    return position(state, seat, "hero") >= position(state, seat, "companion")


# -- characters and statistics ---------------------------------------------------------


def characters(state: State, seat: int, kind: str | None = None) -> list[GameObject]:
    """Characters a player controls in one expedition (or both); a Gigantic one is in both but
    listed once, in the expedition it lies in."""
    zones, objects = state.zones, state.objects
    if kind is not None:
        return [objects[i] for i in zones[expedition(seat, kind)].cards]
    return [objects[i] for k in KINDS for i in zones[expedition(seat, k)].cards]


def all_characters(state: State) -> list[GameObject]:
    return [o for s in range(len(state.players)) for o in characters(state, s)]


def expedition_of(obj: GameObject) -> str | None:
    """ "hero" or "companion" for a Character in an expedition, else None."""
    zone = obj.zone
    return zone[zone.rindex(":") + 1 :] if zone.startswith("exp:") else None


def in_play(obj: GameObject) -> bool:
    return obj.zone.startswith(("exp:", "landmarks:", "hero:"))


def stat(cards: Mapping[str, Card], obj: GameObject, terrain: Terrain) -> int:
    card = cards[obj.card]
    printed = card.stats[TERRAINS.index(terrain)] if card.stats else 0
    return printed + obj.counters.get("boost", 0)


def present(state: State, cards: Mapping[str, Card], seat: int, kind: str) -> list[GameObject]:
    """The Characters present in one expedition: its own and the player's Gigantic ones in the other."""
    other = "companion" if kind == "hero" else "hero"
    return characters(state, seat, kind) + [o for o in characters(state, seat, other) if cards[o.card].gigantic]


def expedition_stats(state: State, cards: Mapping[str, Card], seat: int, kind: str) -> dict[str, int]:
    """Dusk statistics of an expedition: the sum of its present Characters' statistics; Asleep
    ones count for nothing."""
    return _sums(cards, present(state, cards, seat, kind))


def arena_stats(state: State, cards: Mapping[str, Card], seat: int) -> dict[str, int]:
    """Fragment 4.3.h.1: one set of statistics from every Character in both expeditions
    (a Gigantic one counted once, ruling H12)."""
    return _sums(cards, characters(state, seat))


def _sums(cards: Mapping[str, Card], objs: list[GameObject]) -> dict[str, int]:
    """The sum of each statistic (`stat`) of these Characters; Asleep ones count for nothing."""
    out: dict[str, int] = {t: 0 for t in TERRAINS}
    for obj in objs:
        if obj.props.get("asleep"):
            continue
        printed = cards[obj.card].stats or (0, 0, 0)
        boost = obj.counters.get("boost", 0)
        for k, t in enumerate(TERRAINS):
            out[t] += printed[k] + boost
    return out


def is_defender(state: State, cards: Mapping[str, Card], obj: GameObject) -> bool:
    card = cards[obj.card]
    if card.defender:
        return True
    if card.defender_unless_plants:
        plants = [o for o in characters(state, obj.controller) if o.id != obj.id and "Plant" in cards[o.card].subtypes]
        return len(plants) < card.defender_unless_plants
    return False


def tough(state: State, cards: Mapping[str, Card], obj: GameObject) -> int:
    """Tough X of an object in play: its own and what the controller's Landmarks give."""
    if not in_play(obj):
        return 0
    value = cards[obj.card].tough
    if expedition_of(obj) is not None:
        for lid in state.zones[landmarks(obj.controller)].cards:
            value += sum(p.tough_yours for p in cards[state.objects[lid].card].passives)
    return value


def hero_of(state: State, seat: int) -> GameObject | None:
    cards = state.zones[hero_zone(seat)].cards
    return state.objects[cards[0]] if cards else None


def ready_orbs(state: State, seat: int) -> int:
    """Mana orbs ready to pay with: only their number matters (the fragment's 3.2.9.e exchange)."""
    return len(state.zones[mana(seat)].cards) - state.players[seat].counters.get("orbs_exhausted", 0)


def limits(state: State, cards: Mapping[str, Card], seat: int) -> tuple[int, int]:
    """(reserve limit, landmark limit) from the Hero (2 and 2 without one)."""
    hero = hero_of(state, seat)
    if hero is None:
        return 2, 2
    card = cards[hero.card]
    return card.reserve_limit, card.landmark_limit
