"""The title screen: New game, Tutorials, Continue (the saved games), Rules, Quit (only what works is offered)."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.containers import Center, Middle
from textual.widgets import Header, OptionList, Static
from textual.widgets.option_list import Option

from cardgames.tui.footer import KeyFooter
from cardgames.tui.frames import PacedScreen
from cardgames.tui.saves import list_saves

BANNER = "[b]cardgames[/]\nTabletop card games, every rule enforced, hot-seat at one terminal"


class TitleScreen(PacedScreen[None]):
    def compose(self) -> ComposeResult:
        yield Header(icon="♠")
        with Middle(), Center():
            yield Static(BANNER, id="banner")
            items = [Option("New game", id="new"), Option("Tutorials", id="tutorials")]
            if list_saves():
                items.append(Option("Continue", id="continue"))
            items += [Option("Rules", id="rules"), Option("Settings", id="settings"), Option("Quit", id="quit")]
            yield OptionList(*items, id="menu")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.title = "cardgames"
        self.query_one("#menu", OptionList).focus()

    def on_screen_resume(self) -> None:
        menu = self.query_one("#menu", OptionList)
        has = any(menu.get_option_at_index(i).id == "continue" for i in range(menu.option_count))
        if list_saves() and not has:
            menu.add_option(Option("Continue", id="continue"))

    @on(OptionList.OptionSelected, "#menu")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        choice = event.option.id
        if choice == "new":
            from cardgames.tui.screens.setup import SetupScreen

            self.app.push_screen(SetupScreen())
        elif choice == "tutorials":
            from cardgames.tui.screens.tutorials import TutorialsScreen

            self.app.push_screen(TutorialsScreen())
        elif choice == "continue":
            self.app.action_continue_game()  # type: ignore[attr-defined]
        elif choice == "rules":
            from cardgames.tui.screens.text import RulesMenu

            self.app.push_screen(RulesMenu())
        elif choice == "settings":
            from cardgames.tui.screens.settings import SettingsScreen

            self.app.push_screen(SettingsScreen())
        elif choice == "quit":
            self.app.exit()
