"""New game: the game, its format and options, the players and their choices, a seed — as each game declares."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Button, Header, Input, Label, Select, Static

from cardgames.engine.decisions import CardgamesError
from cardgames.engine.knowledge import fresh_seed
from cardgames.engine.setup import SeatChoice, SetupForm
from cardgames.games import find_ruleset
from cardgames.tui.footer import KeyFooter
from cardgames.tui.frames import PacedScreen
from cardgames.tui.settings import GAMES, STOPS

DEFAULT_NAMES = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay"]


def seats_text(seats: Sequence[int]) -> str:
    """How many players, in words: "2 players", "3–4 players", "2, 4 players"."""
    if len(seats) > 1 and list(seats) == list(range(seats[0], seats[-1] + 1)):
        return f"{seats[0]}–{seats[-1]} players"
    return f"{', '.join(map(str, seats))} player{'' if list(seats) == [1] else 's'}"


class GameForm:
    """One game's setup form and the ids of the fields it has in the screen."""

    def __init__(self, name: str, form: SetupForm, stops: bool, taken: set[str]) -> None:
        self.name = name
        self.form = form
        self.stops = stops
        """Whether each player sets when to be asked to respond (the game's `stop` preference)."""
        short = form.short or name
        self.format_id = f"{short}-format"
        self.choice_ids = {c.key: f"{short}-{c.key.replace('_', '-')}" for c in form.choices}
        self.seat_ids: dict[str, str] = {}
        """Choice name -> the base of its fields' ids (`<base>-<seat>`, `<base>file-<seat>`): the
        choice's name, or prefixed with the game's when another game's choice has that name."""
        for choice in form.seat_choices:
            base = choice.name if choice.name not in taken else f"{short}-{choice.name}"
            taken.add(base)
            self.seat_ids[choice.name] = base

    def same_seats(self) -> bool:
        """Whether every format allows the same numbers of players (said once, not per format)."""
        return len({f.seats for f in self.form.formats}) == 1

    def format_items(self) -> list[tuple[str, str]]:
        if self.same_seats():
            return [(f.label, f.key) for f in self.form.formats]
        return [(f"{f.label} ({seats_text(f.seats)})", f.key) for f in self.form.formats]

    def count_heading(self) -> str:
        seats = self.form.seats()
        return f"Players ({seats[0]} to {seats[-1]})"

    def format_heading(self) -> str:
        return f"Format ({seats_text(self.form.seats())})" if self.same_seats() else "Format"

    def seat_fields(self, choice: SeatChoice, i: int) -> ComposeResult:
        base = self.seat_ids[choice.name]
        items = choice.offered()
        yield Select(items, value=items[0][1], allow_blank=False, id=f"{base}-{i}")
        if choice.file is not None:  # `.deckfile`: app.tcss's width for a file field in a player's row
            yield Input(placeholder=choice.file, id=f"{base}file-{i}", classes="deckfile")


class SetupScreen(PacedScreen[None]):
    AUTO_FOCUS = "#game"
    """The first field has the keys, so Enter opens the list of games (not the scrolling form)."""
    BINDINGS = [Binding("escape", "app.pop_screen", "Back"), Binding("ctrl+s", "start", "Start the game")]

    def __init__(self) -> None:
        super().__init__()
        taken: set[str] = set()
        self.games: dict[str, GameForm] = {}
        for _, name in GAMES:
            rules = find_ruleset(name)
            self.games[name] = GameForm(name, rules.setup_form(), "stop" in rules.preferences, taken)
        self.rows = max(n for g in self.games.values() for n in g.form.seats())
        self._offered: dict[str, tuple[tuple[str, str], ...]] = {}
        """The items a choice of players by number offers now, by its Select's id (all at first)."""

    def compose(self) -> ComposeResult:
        first = self.games[GAMES[0][1]]
        yield Header(icon="♠")
        with VerticalScroll(id="setup"):
            yield Label("Game")
            yield Select(GAMES, value=first.name, allow_blank=False, id="game")
            for game in self.games.values():
                with Vertical(id=f"{game.name}-options", classes="game-options"):
                    yield Label(game.format_heading())
                    yield Select(game.format_items(), value=game.form.formats[0].key, allow_blank=False,
                                 id=game.format_id, classes="format")
                    for choice in game.form.choices:
                        yield Label(choice.label, id=f"{game.choice_ids[choice.key]}-label")
                        yield Select(choice.items, value=choice.items[0][1], allow_blank=False,
                                     id=game.choice_ids[choice.key])
            yield Label(first.count_heading(), id="count-label")
            yield Select([(str(n), n) for n in first.form.seats()], value=first.form.seats()[0],
                         allow_blank=False, id="count")
            for i in range(self.rows):
                with Horizontal(classes="player-row", id=f"row-{i}"):
                    name = DEFAULT_NAMES[i] if i < len(DEFAULT_NAMES) else f"Player {i + 1}"
                    yield Input(name, placeholder=f"Player {i + 1}", id=f"name-{i}")
                    for game in self.games.values():
                        for seat_choice in game.form.seat_choices:
                            yield from game.seat_fields(seat_choice, i)
                    yield Select([(label, key) for key, label in STOPS.items()], value="relevant",
                                 allow_blank=False, id=f"stop-{i}")
            yield Label("Seed (optional: the same seed deals the same game)")
            yield Input(placeholder="random", id="seed", type="integer")
            yield Static(id="error")
            with Vertical(id="start-row"):
                yield Button("Start", variant="primary", id="start")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.title = "New game"
        self._rows()

    def _game(self) -> GameForm:
        return self.games[str(self.query_one("#game", Select).value)]

    def _format(self) -> str:
        return str(self.query_one(f"#{self._game().format_id}", Select).value)

    def _count(self) -> int:
        seats = self._game().form.seats()
        return seats[0] if len(seats) == 1 else int(str(self.query_one("#count", Select).value))

    @on(Select.Changed, "#game")
    def _game_changed(self) -> None:
        """Offer the numbers of players the new game allows, keeping the one chosen if it may."""
        game = self._game()
        count = self.query_one("#count", Select)
        chosen = count.value
        count.set_options([(str(n), n) for n in game.form.seats()])
        self.query_one("#count-label", Label).update(game.count_heading())
        self._fit_count(chosen)
        self._rows()

    @on(Select.Changed, ".format")
    def _format_changed(self) -> None:
        self._fit_count(self.query_one("#count", Select).value)
        self._rows()

    def _fit_count(self, chosen: object) -> None:
        """Keep the number of players chosen if the format allows it, else the fewest it does."""
        seats = self._game().form.format(self._format()).seats
        self.query_one("#count", Select).value = chosen if chosen in seats else seats[0]

    @on(Select.Changed, "#count")
    def _count_changed(self) -> None:
        self._rows()

    def _rows(self) -> None:
        """Show only what the chosen game (and format) asks for."""
        chosen, fmt = self._game(), self._format()
        several = len(chosen.form.seats()) > 1
        self.query_one("#count-label").display = several
        self.query_one("#count").display = several
        for game in self.games.values():
            self.query_one(f"#{game.name}-options").display = game is chosen
        for choice in chosen.form.choices:
            for suffix in ("-label", ""):
                self.query_one(f"#{chosen.choice_ids[choice.key]}{suffix}").display = choice.asked(fmt)
        n = self._count()
        for choice in chosen.form.choices:
            if choice.seat_items:  # a player by number: only those who play
                select = self.query_one(f"#{chosen.choice_ids[choice.key]}", Select)
                items = choice.items_for(n)
                if self._offered.get(select.id or "", choice.items) != items:
                    kept = select.value
                    select.set_options(items)
                    select.value = kept if any(v == kept for _, v in items) else items[0][1]
                    self._offered[select.id or ""] = items
        for i in range(self.rows):
            self.query_one(f"#row-{i}").display = i < n
            self.query_one(f"#stop-{i}").display = chosen.stops
            for game in self.games.values():
                for seat_choice in game.form.seat_choices:
                    shown = game is chosen and seat_choice.asked(fmt)
                    base = game.seat_ids[seat_choice.name]
                    self.query_one(f"#{base}-{i}").display = shown
                    if seat_choice.file is not None:
                        self.query_one(f"#{base}file-{i}").display = shown

    def options(self, names: list[str]) -> dict[str, object]:
        """The chosen game's options, as `new_game` takes them; reading a player's file may raise
        CardgamesError (it names the file, the line and what is wrong)."""
        game, fmt = self._game(), self._format()
        picks = {c.key: str(self.query_one(f"#{game.choice_ids[c.key]}", Select).value) for c in game.form.choices}
        seats: list[dict[str, str | Path]] = []
        for i in range(len(names)):
            seat: dict[str, str | Path] = {}
            for choice in game.form.seat_choices:
                base = game.seat_ids[choice.name]
                path = self.query_one(f"#{base}file-{i}", Input).value.strip() if choice.file is not None else ""
                seat[choice.name] = (Path(path).expanduser() if path
                                     else str(self.query_one(f"#{base}-{i}", Select).value))
            seats.append(seat)
        out: dict[str, object] = dict(game.form.options(fmt, names, picks, seats))
        if game.stops:
            out["stop"] = {names[i]: str(self.query_one(f"#stop-{i}", Select).value) for i in range(len(names))}
        return out

    @on(Input.Submitted)
    @on(Button.Pressed, "#start")
    def action_start(self) -> None:
        names = [self.query_one(f"#name-{i}", Input).value.strip() for i in range(self._count())]
        seed_text = self.query_one("#seed", Input).value.strip()
        seed = int(seed_text) if seed_text else fresh_seed()
        try:
            self.app.start_game(self._game().name, names, seed,  # type: ignore[attr-defined]
                                self.options(names))
        except CardgamesError as exc:
            self.query_one("#error", Static).update(f"[red]{exc}[/]")
