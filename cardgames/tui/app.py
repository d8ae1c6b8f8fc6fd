"""The cardgames Textual app: screens, global keys, starting and continuing games."""

from __future__ import annotations

from pathlib import Path

from textual import events
from textual.app import App
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import OptionList

from cardgames.engine.decisions import CardgamesError
from cardgames.tui.frames import quiet_scroll_bars
from cardgames.tui.idlegc import IdleCollector
from cardgames.tui.screens.text import help_screen
from cardgames.tui.screens.title import TitleScreen
from cardgames.tui.session import Session
from cardgames.tui.settings import Settings


class CardgamesApp(App[None]):
    TITLE = "cardgames"
    CSS_PATH = Path(__file__).parent / "app.tcss"
    BINDINGS = [
        Binding("ctrl+q", "quit", "Quit", priority=True),
        Binding("f1", "help", "Help", show=False),
        Binding("j", "list_move(1)", "Down", show=False),  # as on the game screen: j/k move in any list
        Binding("k", "list_move(-1)", "Up", show=False),
    ]

    def __init__(self, session: Session | None = None, save_path: Path | None = None) -> None:
        super().__init__()
        quiet_scroll_bars()
        self.session = session
        self.save_path = save_path
        self.pending_start: tuple[str, list[str], int, dict[str, object]] | None = None
        """A game to start as soon as the app runs (`cardgames play`)."""
        self.pending_lessons: str | None = None
        """A game whose lessons open as soon as the app runs (`cardgames learn`)."""
        self.settings = Settings.load()
        self.collector = IdleCollector()
        """Runs the garbage collector's full passes while the player pauses, not mid-answer."""

    def get_default_screen(self) -> Screen[None]:
        return TitleScreen()

    def apply_settings(self) -> None:
        if self.settings.theme in self.available_themes:
            self.theme = self.settings.theme
        self.animation_level = "full" if self.settings.animations else "none"

    def on_mount(self) -> None:
        self.apply_settings()
        self.collector.start()
        self.set_interval(0.2, self.collector.tick, name="idle collector")
        if self.pending_start is not None:
            try:
                self.start_game(*self.pending_start)
            except CardgamesError as exc:
                self.exit(message=f"cardgames: {exc}", return_code=2)
        elif self.session is not None:
            self.show_game(self.session)
        elif self.pending_lessons is not None:
            from cardgames.tui.screens.tutorials import TutorialsScreen

            self.push_screen(TutorialsScreen(self.pending_lessons))

    def on_unmount(self) -> None:
        self.collector.stop()

    async def on_event(self, event: events.Event) -> None:
        if isinstance(event, events.InputEvent):
            self.collector.touched()
        await super().on_event(event)

    def show_game(self, session: Session) -> None:
        from cardgames.tui.screens.game import GameScreen  # the rules load with the first game

        self.push_screen(GameScreen(session))

    def start_game(self, game: str, players: list[str], seed: int, options: dict[str, object]) -> None:
        """Start a new game (raises CardgamesError for bad players or options)."""
        self.session = Session.start(game, players, seed, options, self.save_path)
        self.show_game(self.session)

    def action_continue_game(self) -> None:
        """Continue: the list of saved games (or, with a fixed save path, that game)."""
        if self.save_path is not None:
            self.open_save(self.save_path)
            return
        from cardgames.tui.screens.saves import SavesScreen

        self.push_screen(SavesScreen())

    def open_save(self, path: Path) -> None:
        """Resume the game saved at `path` (a finished one opens at its end)."""
        try:
            self.session = Session.resume(path)
        except CardgamesError as exc:
            self.notify(f"Cannot continue: {exc}", severity="error", timeout=10)
            return
        warnings = self.session.game.header.get("warnings")
        if warnings:
            self.notify(str(warnings), severity="warning", timeout=10)
        self.show_game(self.session)

    def action_list_move(self, step: int) -> None:
        """j/k in a menu or list (title, saved games, lessons …) move as the arrow keys do."""
        focused = self.focused
        if isinstance(focused, OptionList):
            if step > 0:
                focused.action_cursor_down()
            else:
                focused.action_cursor_up()

    def action_help(self) -> None:
        self.push_screen(help_screen())
