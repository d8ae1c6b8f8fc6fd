"""Settings: theme (the ANSI themes use your terminal's own colours), animations, confirmations,
and during a game the seated player's own stop setting."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Header, Label, Select, Static, Switch

from cardgames.tui.footer import KeyFooter
from cardgames.tui.frames import PacedScreen
from cardgames.tui.session import Session
from cardgames.tui.settings import STOPS, Settings, stop_help


class SettingsScreen(PacedScreen[None]):
    """The app's settings; given the game being played, also the seated player's stop setting."""

    BINDINGS = [Binding("escape", "dismiss", "Back")]

    def __init__(self, session: Session | None = None) -> None:
        super().__init__()
        self.session = session

    def _seated_stop(self) -> tuple[str, str] | None:
        """(player name, current stop setting) of the seated player, if a game is being played."""
        s = self.session
        if s is None or s.seated is None or s.game.outcome is not None or "stop" not in s.game.ruleset.preferences:
            return None
        player = s.view().players[s.seated]
        return player.name, str(player.props.get("stop", "auto"))

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
            yield Label("Answer for me when there is only one thing to do (it says so on screen)")
            yield Switch(value=settings.auto_answer, id="auto-answer")
            seated = self._seated_stop()
            if seated is None:
                yield Label("Who is asked to respond is set per player when a game starts (New game), "
                            "and each player can change their own during the game (s).")
            else:
                name, stop = seated
                yield Label(f"{name}: when to ask you to respond (saved with the game; "
                            "the others can see it)")
                yield Select([(label, key) for key, label in STOPS.items()], value=stop,
                             allow_blank=False, id="stop")
                yield Static(stop_help(), id="stop-help")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.title = "Settings"

    @on(Select.Changed, "#theme")
    def _theme(self, event: Select.Changed) -> None:
        self._change(theme=str(event.value))

    @on(Select.Changed, "#stop")
    def _stop(self, event: Select.Changed) -> None:
        seated = self._seated_stop()
        if self.session is None or seated is None or seated[1] == event.value:
            return
        self.session.set_preference("stop", str(event.value))
        self.notify(f"{seated[0]}: {STOPS[str(event.value)]}")

    @on(Switch.Changed, "#animations")
    def _animations(self, event: Switch.Changed) -> None:
        self._change(animations=event.value)

    @on(Switch.Changed, "#confirm")
    def _confirm(self, event: Switch.Changed) -> None:
        self._change(confirm_end_turn=event.value)

    @on(Switch.Changed, "#auto-answer")
    def _auto_answer(self, event: Switch.Changed) -> None:
        self._change(auto_answer=event.value)

    def _change(self, **values: object) -> None:
        settings: Settings = self.app.settings  # type: ignore[attr-defined]
        for key, value in values.items():
            setattr(settings, key, value)
        settings.save()
        self.app.apply_settings()  # type: ignore[attr-defined]
