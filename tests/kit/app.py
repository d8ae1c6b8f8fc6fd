"""Driving the app as a player would (key presses through its real key handling; the drivers live
in `cardgames.tools.keys`, shared with the key-to-screen bench), and the hot-seat no-leak check:
which card names a seat may not see, and whether a screen shows one."""

from __future__ import annotations

import html
import re

from textual.pilot import Pilot
from textual.screen import Screen
from textual.widgets import OptionList, Select, Static

from cardgames.engine.game import Game
from cardgames.engine.view import can_see
from cardgames.tools.keys import Check, play_by_bot, play_by_keys, press, take_the_screen
from cardgames.tui.app import CardgamesApp
from cardgames.tui.boards.base import Board
from cardgames.tui.screens.game import GameScreen
from cardgames.tui.screens.setup import SetupScreen

__all__ = ["Check", "LayoutCount", "board_text", "leaked", "names_by_visibility", "open_new_game", "own_board",
           "play_by_bot", "play_by_keys", "press", "screen_text", "take_the_screen"]


class LayoutCount:
    """Counts the layout passes a screen makes from now on (`count`), by wrapping its layout."""

    def __init__(self, screen: Screen[object]) -> None:
        self.count = 0
        original = screen._refresh_layout

        def counted(*args: object, **kwargs: object) -> None:
            self.count += 1
            original(*args, **kwargs)  # type: ignore[arg-type]

        screen._refresh_layout = counted  # type: ignore[method-assign]


def screen_text(app: CardgamesApp) -> str:
    """Every character the terminal shows now (from the app's own screenshot)."""
    svg = app.export_screenshot()
    return html.unescape(" ".join(re.findall(r">([^<>]*)</text>", svg))).replace("\xa0", " ")


def board_text(screen: GameScreen, displayed_only: bool = False) -> str:
    """Everything the board and the decision panel hold: panels' contents and border titles, and
    the options (`displayed_only`: leave out panels not displayed now, e.g. a region folded away)."""
    parts = []
    for widget in screen.query("Static").results(Static):
        if widget.display or not displayed_only:
            parts += [str(widget.content), str(widget.border_title or "")]
    options = screen.query_one("#options", OptionList)
    parts += [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]
    return "\n".join(parts)


def names_by_visibility(game: Game, seat: int | None) -> tuple[set[str], set[str]]:
    """(names of cards `seat` may not see now, names of cards it sees); a name in both sets
    (two copies, one visible) is only in the second. Seat None: the public table."""
    state, rules = game.state, game.ruleset
    hidden: set[str] = set()
    shown: set[str] = set()
    for obj in state.objects.values():
        (shown if can_see(state, obj, seat) else hidden).add(rules.card_name(state, obj))
    return hidden - shown, shown


def screen_names(screen: GameScreen, game: Game, seat: int | None) -> tuple[set[str], set[str]]:
    """(hidden, known) card names for the screen of `seat` (None: the public table): the names of
    cards that seat cannot see, and those it may read — the cards it sees and any hidden card its
    own log has named (e.g. a card it drew earlier)."""
    hidden, shown = names_by_visibility(game, seat)
    return hidden, shown | {n for n in hidden if any(n in line for line in screen.feeds[seat].lines)}


def leaked(text: str, hidden: set[str], public: set[str]) -> list[str]:
    """Hidden names found in `text` once every public name is taken out (longest first, so that
    a hidden "Rally" is not found inside a public "Rally the Ranks"). A public name wrapped at
    the end of a line ("unlocks Rally the" / "Ranks" in a tile) is taken out too: an occurrence
    whose rest of the line, up to the border, continues a public name that it begins."""
    for name in sorted(public, key=len, reverse=True):
        text = text.replace(name, " ")
    found = []
    for name in hidden:
        at = text.find(name)
        while at >= 0:
            if not _wrapped_public(text, at, name, public):
                found.append(name)
                break
            at = text.find(name, at + 1)
    return sorted(found)


def _wrapped_public(text: str, at: int, name: str, public: set[str]) -> bool:
    end = text.find("\n", at)
    rest = text[at:end if end >= 0 else len(text)]
    shown = rest.split("│")[0].split("┃")[0].split("║")[0].rstrip()
    return len(shown) > len(name) and any(
        p.startswith(shown) and len(p) > len(shown) and p[len(shown)] == " " for p in public)


async def open_new_game(app: CardgamesApp, pilot: Pilot[None], game: str | None = None) -> SetupScreen:
    """From the title screen, Enter on New game: the setup form, as a player opens it (with `game`
    chosen in it, if given)."""
    await pilot.pause()
    await pilot.press("enter")
    await pilot.pause()
    screen = app.screen
    assert isinstance(screen, SetupScreen)
    if game is not None:
        screen.query_one("#game", Select).value = game
        await pilot.pause()
    return screen


async def own_board(pilot: Pilot[None]) -> Board:
    """Take the deciding player's own screen (as `take_the_screen`) and return its board."""
    await take_the_screen(pilot)
    screen = pilot.app.screen
    assert isinstance(screen, GameScreen)
    return screen.query_one(Board)
