"""Settings: theme (the ANSI themes use your terminal's own colours), animations, confirmations."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Header, Label, Select, Switch

from cardgames.tui.settings import Settings


class SettingsScreen(Screen[None]):
    BINDINGS = [Binding("escape", "app.pop_screen", "Back")]

    def compose(self) -> ComposeResult:
        settings: Settings = self.app.settings  # type: ignore[attr-defined]
        themes = sorted(self.app.available_themes)
        yield Header(icon="♠")
        with VerticalScroll(id="settings"):
            yield Label("Theme (ansi-dark and ansi-light use your terminal's own palette)")
            yield Select([(t, t) for t in themes], value=settings.theme if settings.theme in themes else "textual-dark",
                         allow_blank=False, id="theme")
            yield Label("Animations")
            yield Switch(value=settings.animations, id="animations")
            yield Label("Ask before ending your maneuver phase or turn with gold left")
            yield Switch(value=settings.confirm_end_turn, id="confirm")
            yield Label("Who is asked to respond is set per player when a game starts (New game).")
        yield Footer()

    def on_mount(self) -> None:
        self.title = "Settings"

    @on(Select.Changed, "#theme")
    def _theme(self, event: Select.Changed) -> None:
        self._change(theme=str(event.value))

    @on(Switch.Changed, "#animations")
    def _animations(self, event: Switch.Changed) -> None:
        self._change(animations=event.value)

    @on(Switch.Changed, "#confirm")
    def _confirm(self, event: Switch.Changed) -> None:
        self._change(confirm_end_turn=event.value)

    def _change(self, **values: object) -> None:
        settings: Settings = self.app.settings  # type: ignore[attr-defined]
        for key, value in values.items():
            setattr(settings, key, value)
        settings.save()
        self.app.apply_settings()  # type: ignore[attr-defined]
