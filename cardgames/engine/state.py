"""The game state: objects, zones, players, chain, modifiers and the flow agenda, all plain data.

State is only ever changed by applying events (see `events.py`). Every value held here is
JSON-native (int, str, bool, None, list, dict) so that a state folded from a saved log compares
equal to the live one.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal, TypeVar

T = TypeVar("T")

Json = Any
"""A JSON-native value: int, str, bool, None, or lists and dicts of them."""

Visibility = Literal["public", "owner", "hidden"]
"""Who may see the faces of a zone's cards: everyone, only its owner, or nobody."""

ZoneKind = Literal["pile", "hand", "area", "grid", "stack"]


_ATOMS = frozenset({int, str, bool, float, type(None)})


def clone(value: Json) -> Json:
    """Copy a JSON-native value deeply (much faster than `copy.deepcopy` for plain data)."""
    t = type(value)
    if t is dict:
        return {k: v if type(v) in _ATOMS else clone(v) for k, v in value.items()}
    if t is list:
        return [v if type(v) in _ATOMS else clone(v) for v in value]
    if t in _ATOMS:
        return value
    if isinstance(value, dict):
        return {k: clone(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [clone(v) for v in value]
    return value


def update_cloned(target: dict[str, Json], changes: dict[str, Json]) -> None:
    """`target.update(clone(changes))` without first building the copy of `changes` (a frame
    update, the commonest event of a log, does this)."""
    for k, v in changes.items():
        target[k] = v if type(v) in _ATOMS else clone(v)


@dataclass
class GameObject:
    """A card (or token) in the game, wherever it is."""

    id: int
    card: str
    """The id of the card definition in the catalog."""
    owner: int
    """Seat index of the owner (who it returns to)."""
    controller: int
    zone: str
    face: int = 0
    """Which face is up, for double-sided cards."""
    exhausted: bool = False
    counters: dict[str, int] = field(default_factory=dict)
    attached_to: int | None = None
    entered_turn: int = 0
    """The turn number on which it last entered its controller's territory or region."""
    pos: list[int] | None = None
    """(column, row) in a grid zone, for formations."""
    props: dict[str, Json] = field(default_factory=dict)
    """Game-specific facts about this object (e.g. which deck it belongs to)."""
    known: int = 0
    """Who knows this card where it lies: a bit per seat s (2 << s) and one for the public
    table (1); kept by the engine from zone visibility (see `engine.knowledge`)."""
    gen: int = 0
    """Its generation: a new one whenever it goes out of sight of someone who then cannot
    follow it (drawn, shuffled, handed on); hidden cards' handles in views change with it."""


@dataclass
class Zone:
    """An ordered collection of objects: a deck, hand, discard pile, territory, region or grid."""

    id: str
    kind: ZoneKind
    owner: int | None
    visibility: Visibility
    cards: list[int] = field(default_factory=list)
    """Object ids; for piles the last one is the top."""
    shape: list[int] | None = None
    """For grid zones: [columns, rows]."""
    scope: str | None = None
    """The region this zone belongs to, where regions scope interaction (Algomancy)."""


@dataclass
class Player:
    """One seat at the table."""

    seat: int
    name: str
    team: int
    counters: dict[str, int] = field(default_factory=dict)
    """Numeric resources: gold, production, health, armor budget used, focus counters..."""
    props: dict[str, Json] = field(default_factory=dict)
    """Game-specific facts: hero, ability cooldowns, first-turn flags..."""
    eliminated: bool = False


@dataclass
class ChainEntry:
    """A pending item on the chain (stack): an announced maneuver or a triggered effect."""

    id: int
    controller: int
    kind: str
    """What it is: "action", "ability", "enlist", "battle", "trigger", "unlock"..."""
    label: str
    source: int | None = None
    """The object it comes from, if any."""
    ability: str | None = None
    """Reference to the effect to run, resolved by the ruleset (e.g. "skilled-strike#play")."""
    targets: dict[str, list[int]] = field(default_factory=dict)
    """Target slot name -> chosen object ids (or -(seat+1) for players/heroes)."""
    data: dict[str, Json] = field(default_factory=dict)


@dataclass
class Frame:
    """One item of the flow agenda: a phase, a priority window, a resolution in progress."""

    id: int
    kind: str
    data: dict[str, Json] = field(default_factory=dict)


@dataclass
class AgendaMoves:
    """What the flow did to the agenda since it was last logged, for the one event that logs it."""

    popped: list[int] = field(default_factory=list)
    """Frames of the logged agenda since taken off it, in order."""
    changed: dict[int, set[str]] = field(default_factory=dict)
    """Frames of the logged agenda still on it: the keys of their data since changed."""
    pushed: set[int] = field(default_factory=set)
    """Frames pushed since (logged whole, with their data as it is then, if still on the agenda)."""


@dataclass
class Modifier:
    """A continuous effect on a stat with a duration ("until end of turn", "this battle")."""

    id: int
    target: int
    stat: str
    amount: int
    until: str
    source: int | None = None
    controller: int | None = None


@dataclass
class Shield:
    """A prevention effect: prevent the next `amount` damage to `target` (or `per_hit`)."""

    id: int
    target: int
    """Object id, or -(seat+1) for a hero."""
    amount: int
    until: str
    per_hit: bool = False
    source: int | None = None
    controller: int | None = None


@dataclass
class Outcome:
    """How the game ended."""

    winners: list[int]
    reason: str
    draw: bool = False


@dataclass
class State:
    """Everything about a game in progress, as data."""

    game: str
    players: list[Player]
    objects: dict[int, GameObject] = field(default_factory=dict)
    zones: dict[str, Zone] = field(default_factory=dict)
    turn: int = 0
    active: int = 0
    """Seat whose turn it is."""
    phase: str = "setup"
    chain: list[ChainEntry] = field(default_factory=list)
    frames: list[Frame] = field(default_factory=list)
    modifiers: list[Modifier] = field(default_factory=list)
    shields: list[Shield] = field(default_factory=list)
    pending_triggers: list[dict[str, Json]] = field(default_factory=list)
    battle: dict[str, Json] | None = None
    globals: dict[str, Json] = field(default_factory=dict)
    """Game-wide facts that belong to no object or player."""
    next_id: int = 1
    rng_draws: int = 0
    """How many random outcomes have been drawn; the RNG is derived from the seed and this."""
    outcome: Outcome | None = None
    folded: int = 0
    """How many events have been applied: the length of the log this state is the fold of."""
    revealed_at: int = -1
    """Position in the log of the first event that revealed a hidden card to a seat since the
    last answer (a Chose that is not automatic), or -1: undo may not cross it."""
    held: dict[int, int] = field(default_factory=dict)
    """For each card moved, turned or shuffled since the last answer: who held it at that answer
    (knowledge bits, see `GameObject.known`: who saw it or had it by its id in their view)."""
    _memo: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)
    agenda_moves: AgendaMoves | None = field(default=None, compare=False, repr=False)
    """What the flow did to `frames` since the agenda was last logged (None: nothing); it logs
    that when it stops (`Flow.log_agenda`, `AgendaChanged`)."""

    # -- small queries used everywhere -------------------------------------------------

    def cached(self, key: str, compute: Callable[[], T]) -> T:
        """`compute()`, remembered until an event changes the table (any event but the flow
        agenda's own — frames and answers — and a new phase). For expensive queries that rules
        ask many times between two changes, e.g. the static effects in play; `compute` must read
        this state only, and neither its frames nor the phase's name (tests/engine/
        test_engine_cached.py checks every game's queries against a fresh computation)."""
        memo = self._memo
        if key in memo:
            return memo[key]  # type: ignore[no-any-return]
        value = memo[key] = compute()
        return value

    def zone_of(self, obj_id: int) -> Zone:
        return self.zones[self.objects[obj_id].zone]

    def cards_in(self, zone_id: str) -> list[GameObject]:
        return [self.objects[i] for i in self.zones[zone_id].cards]

    def top_frame(self) -> Frame | None:
        return self.frames[-1] if self.frames else None

    def live_seats(self) -> list[int]:
        return [p.seat for p in self.players if not p.eliminated]

    def seats_from(self, first: int) -> list[int]:
        """Live seats in clockwise order starting at `first` (or the next live seat after it)."""
        n = len(self.players)
        order = [(first + i) % n for i in range(n)]
        return [s for s in order if not self.players[s].eliminated]
