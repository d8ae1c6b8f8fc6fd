"""Continue: every saved game — unfinished ones to resume, finished ones to look back on — and delete."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.markup import escape
from textual.widgets import Header, OptionList, Static
from textual.widgets.option_list import Option

from cardgames.tui.footer import KeyFooter
from cardgames.tui.frames import PacedScreen
from cardgames.tui.saves import SaveInfo, list_saves
from cardgames.tui.screens.confirm import ConfirmScreen


def describe(info: SaveInfo) -> str:
    """One line of the list: game, players, how far, when last played."""
    mark = "[dim]finished[/]" if info.finished else f"turn {info.turn}"
    return (f"[b]{escape(info.title())}[/]  ·  {mark}  ·  last played {info.last_played()}"
            + (f"\n   [dim]{escape(info.ended or '')}[/]" if info.finished else ""))


class SavesScreen(PacedScreen[None]):
    """The saved games, the most recently played first: Enter resumes (or opens a finished game
    to read how it went), `d` deletes after asking, Esc goes back."""

    DEFAULT_CSS = """
    SavesScreen #saves-box { width: 100; max-width: 100%; height: 1fr; margin: 1 2; }
    SavesScreen #saves { height: 1fr; }
    SavesScreen #saves-help { color: $text-muted; height: auto; margin: 1 0 0 0; }
    """
    BINDINGS = [
        Binding("d,delete", "delete", "Delete"),
        Binding("escape", "app.pop_screen", "Back"),
    ]

    def compose(self) -> ComposeResult:
        yield Header(icon="♠")
        with Vertical(id="saves-box"):
            yield Static("[b]Saved games[/]", id="saves-title")
            yield OptionList(id="saves")
            yield Static("Enter: continue (a finished game opens at its end)   d: delete   Esc: back",
                         id="saves-help")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.title = "Continue"
        self.refresh_list()
        self.query_one("#saves", OptionList).focus()

    def refresh_list(self) -> None:
        self.saves = {str(i.path): i for i in list_saves()}
        ordered = sorted(self.saves.values(), key=lambda i: (i.finished, -i.modified))
        menu = self.query_one("#saves", OptionList)
        menu.set_options([Option(describe(i), id=str(i.path)) for i in ordered])
        if not ordered:
            menu.set_options([Option("No saved games yet: start one with New game.", id="none", disabled=True)])
        elif menu.highlighted is None:
            menu.highlighted = 0

    def _current(self) -> SaveInfo | None:
        menu = self.query_one("#saves", OptionList)
        if menu.highlighted is None or not menu.option_count:
            return None
        return self.saves.get(menu.get_option_at_index(menu.highlighted).id or "")

    @on(OptionList.OptionSelected, "#saves")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        info = self.saves.get(event.option.id or "")
        if info is not None:
            self.app.open_save(info.path)  # type: ignore[attr-defined]

    def action_delete(self) -> None:
        info = self._current()
        if info is None:
            return

        def answer(yes: bool | None) -> None:
            if yes:
                try:
                    info.path.unlink()
                except OSError as exc:
                    self.notify(f"Could not delete {info.path}: {exc.strerror}", severity="error")
                self.refresh_list()

        what = "finished game" if info.finished else "unfinished game"
        self.app.push_screen(ConfirmScreen(f"Delete the {what} {info.title()} ({info.status()})? "
                                           "It cannot be brought back."), answer)
