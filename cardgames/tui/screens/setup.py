"""New game: the game, its format, players and their heroes, and an optional seed."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Footer, Header, Input, Label, Select, Static

from cardgames.engine.decisions import CardgamesError
from cardgames.games import find_ruleset
from cardgames.games.allegiance.rules import FORMATS, Allegiance
from cardgames.tui.settings import STOPS

GAMES = [("Allegiance: A Realm Divided", "allegiance")]
"""Only playable games are offered."""
DEFAULT_NAMES = ["Ann", "Bob", "Cid", "Dee"]


class SetupScreen(Screen[None]):
    BINDINGS = [Binding("escape", "app.pop_screen", "Back"), Binding("ctrl+s", "start", "Start the game")]

    def compose(self) -> ComposeResult:
        rules = find_ruleset("allegiance")
        assert isinstance(rules, Allegiance)
        heroes = [(f"{h.name} — {h.title}", h.id) for h in sorted(rules.cat.heroes(), key=lambda h: h.name)]
        yield Header(icon="♠")
        with VerticalScroll(id="setup"):
            yield Label("Game")
            yield Select(GAMES, value="allegiance", allow_blank=False, id="game")
            yield Label("Format")
            yield Select([(f"{f} ({lo}–{hi} players)" if lo != hi else f"{f} ({lo} players)", f)
                          for f, (lo, hi) in FORMATS.items()], value="duel", allow_blank=False, id="format")
            yield Label("Players (2 to 4)")
            yield Select([(str(n), n) for n in (2, 3, 4)], value=2, allow_blank=False, id="count")
            for i in range(4):
                with Horizontal(classes="player-row", id=f"row-{i}"):
                    yield Input(DEFAULT_NAMES[i], placeholder=f"Player {i + 1}", id=f"name-{i}")
                    yield Select([("Random hero", "random"), *heroes], value="random", allow_blank=False,
                                 id=f"hero-{i}")
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

    @on(Select.Changed, "#count")
    def _count(self) -> None:
        self._rows()

    @on(Select.Changed, "#format")
    def _format(self) -> None:
        lo, hi = FORMATS[str(self.query_one("#format", Select).value)]
        count = self.query_one("#count", Select)
        if not lo <= int(str(count.value)) <= hi:
            count.value = lo

    def _rows(self) -> None:
        n = int(str(self.query_one("#count", Select).value))
        for i in range(4):
            self.query_one(f"#row-{i}").display = i < n

    @on(Input.Submitted)
    @on(Button.Pressed, "#start")
    def action_start(self) -> None:
        import random

        n = int(str(self.query_one("#count", Select).value))
        names = [self.query_one(f"#name-{i}", Input).value.strip() for i in range(n)]
        heroes = [str(self.query_one(f"#hero-{i}", Select).value) for i in range(n)]
        seed_text = self.query_one("#seed", Input).value.strip()
        seed = int(seed_text) if seed_text else random.SystemRandom().randrange(1, 10**9)
        stops = {names[i]: str(self.query_one(f"#stop-{i}", Select).value) for i in range(n)}
        options = {"format": str(self.query_one("#format", Select).value),
                   "heroes": [None if h == "random" else h for h in heroes], "stop": stops}
        try:
            self.app.start_game("allegiance", names, seed, options)  # type: ignore[attr-defined]
        except CardgamesError as exc:
            self.query_one("#error", Static).update(f"[red]{exc}[/]")
