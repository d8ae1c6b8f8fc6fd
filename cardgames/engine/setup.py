"""What a new game asks its players (formats, each player's choices, game options), as data a form is built from."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from cardgames.engine.state import Json

RANDOM = "random"
"""The value of a player's choice left to the game ("Random hero"): left out of the options."""

Items = tuple[tuple[str, str], ...]
"""What a choice offers: (label, value) pairs, in the order shown."""


@dataclass(frozen=True)
class Format:
    """One way to play the game: the `format` option's value, its label, and how many may play it."""

    key: str
    """The `format` option ("" for a game without formats: the options then have no `format`)."""
    label: str
    seats: tuple[int, ...]
    """The numbers of players the format allows, in increasing order."""


@dataclass(frozen=True)
class Choice:
    """A game-wide option chosen from a list (e.g. how the elements of a draft deck are chosen)."""

    key: str
    """The option it sets (`options[key]` is the chosen value)."""
    label: str
    items: Items
    """The first item is the default."""
    formats: tuple[str, ...] = ()
    """The formats that ask it; empty: every format."""
    seat_items: bool = False
    """Items whose value is a seat number ("0", "1", ...) name a player: offered only when that
    many play (e.g. "the fourth player listed" only with four)."""

    def asked(self, fmt: str) -> bool:
        return not self.formats or fmt in self.formats

    def items_for(self, players: int) -> Items:
        """The items offered when `players` play."""
        if not self.seat_items:
            return self.items
        return tuple((label, value) for label, value in self.items
                     if not value.isdigit() or int(value) < players)


@dataclass(frozen=True)
class SeatChoice:
    """Something each player chooses for themselves: a hero, a decklist, or a file of their own."""

    name: str
    """One word for what is chosen ("hero"); the form names its fields after it."""
    option: str
    """The option it sets ("heroes")."""
    items: Items
    random: str | None = None
    """The label of the item that leaves the choice to the game ("Random hero"), if it may."""
    by_player: bool = False
    """The option's shape: False, a list with one value per player in seat order (None where the
    game chooses); True, a mapping from player name to value, without the players it chooses for."""
    file: str | None = None
    """If a player may give a file instead (their own deck), the hint of the field that takes its path."""
    read_file: Callable[[Path], Json] | None = None
    """Reads that file into the option's value; raises CardgamesError naming the file, line and rule."""
    formats: tuple[str, ...] = ()
    """The formats that ask it; empty: every format."""

    def __post_init__(self) -> None:
        if (self.file is None) != (self.read_file is None):
            raise ValueError(f"seat choice {self.name!r}: a file field needs both `file` and `read_file`")
        if not self.items and self.random is None:
            raise ValueError(f"seat choice {self.name!r} offers nothing")

    def asked(self, fmt: str) -> bool:
        return not self.formats or fmt in self.formats

    def offered(self) -> Items:
        """The items as a form offers them: the random one first, when there is one."""
        return ((self.random, RANDOM), *self.items) if self.random is not None else self.items

    def value(self, picked: str | Path) -> Json:
        """The option value of one player's pick: an item's value, None for random, a file read."""
        if isinstance(picked, Path):
            if self.read_file is None:
                raise ValueError(f"seat choice {self.name!r} takes no file")
            return self.read_file(picked)
        return None if picked == RANDOM else picked


@dataclass(frozen=True)
class SetupForm:
    """Everything a game asks before it starts; `Ruleset.setup_form()` returns it. Filled in, it
    gives the options `normalize_options` and `new_game` take (`options`)."""

    formats: tuple[Format, ...]
    """The first is the default."""
    seat_choices: tuple[SeatChoice, ...] = ()
    choices: tuple[Choice, ...] = ()
    short: str = ""
    """A short name for the game's own fields in a form (its format field is `<short>-format`);
    unique among the games. Empty: the game's name."""

    def __post_init__(self) -> None:
        if not self.formats:
            raise ValueError("a setup form offers at least one format")

    def format(self, key: str) -> Format:
        for f in self.formats:
            if f.key == key:
                return f
        raise KeyError(f"no format {key!r}; formats: {', '.join(f.key for f in self.formats)}")

    def seats(self) -> tuple[int, ...]:
        """Every number of players some format allows, in increasing order."""
        return tuple(sorted({n for f in self.formats for n in f.seats}))

    def options(self, fmt: str, names: Sequence[str], picks: Mapping[str, str],
                seats: Sequence[Mapping[str, str | Path]]) -> dict[str, Json]:
        """The options of a game in format `fmt` for players `names`: `picks` holds the game-wide
        choices by key (a missing one is its default), `seats` each player's picks by choice name
        (an item's value, RANDOM, or the Path of a file; missing: RANDOM). Reading a file may raise
        CardgamesError."""
        out: dict[str, Json] = {"format": fmt} if fmt else {}
        for choice in self.choices:
            if choice.asked(fmt):
                out[choice.key] = picks.get(choice.key, choice.items[0][1])
        for seat_choice in self.seat_choices:
            if not seat_choice.asked(fmt):
                continue
            values = [seat_choice.value(seat.get(seat_choice.name, RANDOM)) for seat in seats]
            if seat_choice.by_player:
                out[seat_choice.option] = {n: v for n, v in zip(names, values, strict=True) if v is not None}
            else:
                out[seat_choice.option] = values
        return out

