"""The base every game's rules derive from: names, formats, setup, frame kinds and hooks."""

from __future__ import annotations

import hashlib
import sys
from pathlib import Path
from typing import Any, ClassVar

from cardgames.engine.decisions import CardgamesError
from cardgames.engine.events import Event
from cardgames.engine.flow import Flow, FrameKind
from cardgames.engine.setup import Format, SetupForm
from cardgames.engine.state import GameObject, Json, State
from cardgames.engine.stops import STOP_SETTINGS


class SetupError(CardgamesError, ValueError):
    """The players or options given to a new game are not valid for it."""



def checked_stops(stop: object, names: list[str]) -> dict[str, str]:
    """The `stop` option — each player's name to a stop setting — checked against the players and
    the settings there are; SetupError says what is wrong."""
    if not isinstance(stop, dict):
        raise SetupError("`stop` must map player names to a setting")
    for who, setting in stop.items():
        if who not in names:
            raise SetupError(f"stop: {who!r} is not one of the players")
        if setting not in STOP_SETTINGS:
            raise SetupError(f"stop: {setting!r} for {who}; settings: {', '.join(STOP_SETTINGS)}")
    return dict(stop)

_BUILDS: dict[type[Ruleset], str] = {}
"""Each Ruleset class's `build_fingerprint`, worked out once per process."""


class Ruleset:
    """One game's rules. Subclasses set the class attributes and implement the hooks."""

    name: ClassVar[str] = ""
    title: ClassVar[str] = ""
    rules_version: ClassVar[str] = "0"
    """Bumped whenever a rules change could make an old log replay differently."""
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2

    frame_kinds: dict[str, FrameKind]

    public_decisions: ClassVar[frozenset[str]] = frozenset()
    """Decision kinds whose options never come from hidden cards (units on the table, attackers,
    triggers in play): when one of them leaves a single thing to do, it is answered for the seat
    (`engine.handover.forced_answer`) — whatever the seat holds, so that tells nobody anything."""

    sealed_decisions: ClassVar[frozenset[str]] = frozenset()
    """Decision kinds made in secret by each seat in turn and revealed together (e.g. a draft
    pick): always answered behind the curtain, on the seat's own screen (`engine.handover`)."""

    private_groups: ClassVar[frozenset[str]] = frozenset()
    """Option groups whose choice is itself a secret though the option names no hidden card (e.g.
    which resource comes into play face down): chosen on the seat's own screen, never on the
    public table (`engine.handover`)."""

    preferences: ClassVar[dict[str, tuple[str, ...]]] = {}
    """Per-seat settings a player may change during the game (name -> allowed values), e.g. when
    to be asked to respond. They live in the player's props; a change is a recorded input
    (`PreferenceSet`), replayed from saves like an answer."""

    def catalog_fingerprint(self) -> str:
        """A short hash of the card data the rules read; saves record it."""
        raise NotImplementedError

    def build_fingerprint(self) -> str:
        """A short hash of the code that plays this game — every module of the engine, of the
        card catalog's loader and of the game's own package, as they are on disk; saves record it.

        A save of the very same build gives the same log again when replayed (the rules are
        deterministic, which the fuzz checks), so it may be folded instead (`api.load_game`);
        any change to that code, version bumped or not, makes its saves be replayed and checked.
        """
        cls = type(self)
        known = _BUILDS.get(cls)
        if known is None:
            module = sys.modules[cls.__module__]
            own = Path(str(module.__file__))
            engine = Path(__file__).parent
            sources = [*sorted(engine.glob("*.py")), *sorted((engine.parent / "catalog").glob("*.py")),
                       *(sorted(own.parent.glob("*.py")) if module.__package__ else [own])]
            h = hashlib.sha256()
            for source in sources:
                h.update(f"{source.parent.name}/{source.name}\n".encode())
                h.update(source.read_bytes())
            known = _BUILDS[cls] = h.hexdigest()[:16]
        return known

    def normalize_options(self, names: list[str], options: dict[str, Json]) -> dict[str, Json]:
        """Check the players and options of a new game and fill in defaults; raise SetupError."""
        raise NotImplementedError

    def setup_form(self) -> SetupForm:
        """What a new game asks (formats, each player's choices, game options): the app's New game
        form is built from it, and filled in it gives options `normalize_options` accepts. By
        default: no format and no choices, for `min_players` to `max_players` players."""
        return SetupForm((Format("", self.title, tuple(range(self.min_players, self.max_players + 1))),))

    def setup(self, flow: Flow, names: list[str], options: dict[str, Json]) -> None:
        """Emit the events that set the table, and push the first frame."""
        raise NotImplementedError

    # -- presentation hooks (used by views and the log) ---------------------------------------

    def card_name(self, state: State, obj: GameObject) -> str:
        return obj.card

    def card_back(self, state: State, obj: GameObject) -> str:
        """The public fact a hidden card shows (e.g. which deck it came from)."""
        return str(obj.props.get("back", "card"))

    def card_facts(self, state: State, obj: GameObject) -> dict[str, Any]:
        """Current public characteristics of a face-up card (after modifiers), for views."""
        return {}

    def describe(self, state: State, ev: Event, viewer: int | None) -> str | None:
        """One line of the players' log for `ev` as `viewer` may read it, or None to hide it."""
        return None

    def why_not(self, state: State, seat: int, legal: set[str]) -> list[tuple[str, str]]:
        """(what, why not) for each thing `seat` might expect to do but cannot now ("Play X",
        "costs 3 gold; you have 1"); `legal` holds the keys of the options the seat has now (empty
        when it is not deciding). Answered from what `seat` may know: its own hand and other cards
        only it sees, and public facts (the table, counters, the phase) — never another seat's
        hidden cards, nor the order of a deck. By default: nothing to say."""
        return []

    def invariants(self, state: State) -> list[str]:
        """Game-specific checks that must hold after every event; returns what is wrong."""
        return []

    def settled_invariants(self, state: State) -> list[str]:
        """Checks that must hold whenever the game waits on a decision or has ended (rules may
        break them for a moment in the middle of a step, e.g. a unit with lethal damage before
        the state check destroys it). Includes `invariants`."""
        return self.invariants(state)
