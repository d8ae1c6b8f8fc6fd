"""New game: the game, its format and options, the players (with hero or deck), and an optional seed."""

from __future__ import annotations

from pathlib import Path

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Footer, Header, Input, Label, Select, Static

from cardgames.engine.decisions import CardgamesError
from cardgames.games import find_ruleset
from cardgames.games.algomancy.catalog import read_deck_file
from cardgames.games.algomancy.rules import Algomancy
from cardgames.games.allegiance.rules import FORMATS, Allegiance
from cardgames.tui.settings import GAMES, STOPS

DEFAULT_NAMES = ["Ann", "Bob", "Cid", "Dee"]
ALGOMANCY_FORMATS = [("Live draft (draft from a shared deck each turn)", "draft"),
                     ("Constructed (a decklist each)", "constructed")]
ELEMENT_CHOICES = [("The three elements at random", "random"),
                   ("Players choose the elements in turn", "alternate")]


class SetupScreen(Screen[None]):
    BINDINGS = [Binding("escape", "app.pop_screen", "Back"), Binding("ctrl+s", "start", "Start the game")]

    def compose(self) -> ComposeResult:
        allegiance = find_ruleset("allegiance")
        algomancy = find_ruleset("algomancy")
        assert isinstance(allegiance, Allegiance) and isinstance(algomancy, Algomancy)
        heroes = [(f"{h.name} — {h.title}", h.id) for h in sorted(allegiance.cat.heroes(), key=lambda h: h.name)]
        decks = [(d.name, d.id) for d in sorted(algomancy.cat.decks.values(), key=lambda d: d.name)]
        yield Header(icon="♠")
        with VerticalScroll(id="setup"):
            yield Label("Game")
            yield Select(GAMES, value="allegiance", allow_blank=False, id="game")
            with Vertical(id="allegiance-options", classes="game-options"):
                yield Label("Format")
                yield Select([(f"{f} ({lo}–{hi} players)" if lo != hi else f"{f} ({lo} players)", f)
                              for f, (lo, hi) in FORMATS.items()], value="duel", allow_blank=False, id="format")
                yield Label("Players (2 to 4)")
                yield Select([(str(n), n) for n in (2, 3, 4)], value=2, allow_blank=False, id="count")
            with Vertical(id="algomancy-options", classes="game-options"):
                yield Label("Format (two players)")
                yield Select(ALGOMANCY_FORMATS, value="draft", allow_blank=False, id="algo-format")
                yield Label("Elements of the shared deck", id="elements-label")
                yield Select(ELEMENT_CHOICES, value="random", allow_blank=False, id="element-choice")
            for i in range(4):
                with Horizontal(classes="player-row", id=f"row-{i}"):
                    yield Input(DEFAULT_NAMES[i], placeholder=f"Player {i + 1}", id=f"name-{i}")
                    yield Select([("Random hero", "random"), *heroes], value="random", allow_blank=False,
                                 id=f"hero-{i}")
                    yield Select([("Random decklist", "random"), *decks], value="random", allow_blank=False,
                                 id=f"deck-{i}")
                    yield Input(placeholder="or a deck file (.yaml)", id=f"deckfile-{i}", classes="deckfile")
                    yield Select([(label, key) for key, label in STOPS.items()], value="relevant",
                                 allow_blank=False, id=f"stop-{i}")
            yield Label("Seed (optional: the same seed deals the same game)")
            yield Input(placeholder="random", id="seed", type="integer")
            yield Static(id="error")
            with Vertical(id="start-row"):
                yield Button("Start", variant="primary", id="start")
        yield Footer()

    def on_mount(self) -> None:
        self.title = "New game"
        self._rows()

    def _game(self) -> str:
        return str(self.query_one("#game", Select).value)

    def _count(self) -> int:
        return 2 if self._game() == "algomancy" else int(str(self.query_one("#count", Select).value))

    @on(Select.Changed, "#game")
    @on(Select.Changed, "#count")
    @on(Select.Changed, "#algo-format")
    def _changed(self) -> None:
        self._rows()

    @on(Select.Changed, "#format")
    def _format(self) -> None:
        lo, hi = FORMATS[str(self.query_one("#format", Select).value)]
        count = self.query_one("#count", Select)
        if not lo <= int(str(count.value)) <= hi:
            count.value = lo

    def _rows(self) -> None:
        """Show only what the chosen game (and format) asks for."""
        game = self._game()
        constructed = str(self.query_one("#algo-format", Select).value) == "constructed"
        self.query_one("#allegiance-options").display = game == "allegiance"
        self.query_one("#algomancy-options").display = game == "algomancy"
        for w in ("#elements-label", "#element-choice"):
            self.query_one(w).display = not constructed
        n = self._count()
        for i in range(4):
            self.query_one(f"#row-{i}").display = i < n
            self.query_one(f"#hero-{i}").display = game == "allegiance"
            self.query_one(f"#deck-{i}").display = game == "algomancy" and constructed
            self.query_one(f"#deckfile-{i}").display = game == "algomancy" and constructed

    def options(self, names: list[str]) -> dict[str, object]:
        """The chosen game's options, as `new_game` takes them."""
        n = len(names)
        stops = {names[i]: str(self.query_one(f"#stop-{i}", Select).value) for i in range(n)}
        if self._game() == "allegiance":
            heroes = [str(self.query_one(f"#hero-{i}", Select).value) for i in range(n)]
            return {"format": str(self.query_one("#format", Select).value),
                    "heroes": [None if h == "random" else h for h in heroes], "stop": stops}
        fmt = str(self.query_one("#algo-format", Select).value)
        if fmt == "constructed":
            decks: dict[str, object] = {}
            for i, name in enumerate(names):
                path = self.query_one(f"#deckfile-{i}", Input).value.strip()
                listed = str(self.query_one(f"#deck-{i}", Select).value)
                if path:
                    decks[name] = read_deck_file(Path(path).expanduser())  # CardgamesError: shown below
                elif listed != "random":
                    decks[name] = listed
            return {"format": fmt, "decks": decks, "stop": stops}
        return {"format": fmt, "element_choice": str(self.query_one("#element-choice", Select).value),
                "stop": stops}

    @on(Input.Submitted)
    @on(Button.Pressed, "#start")
    def action_start(self) -> None:
        import random

        names = [self.query_one(f"#name-{i}", Input).value.strip() for i in range(self._count())]
        seed_text = self.query_one("#seed", Input).value.strip()
        seed = int(seed_text) if seed_text else random.SystemRandom().randrange(1, 10**9)
        try:
            self.app.start_game(self._game(), names, seed,  # type: ignore[attr-defined]
                                self.options(names))
        except CardgamesError as exc:
            self.query_one("#error", Static).update(f"[red]{exc}[/]")
