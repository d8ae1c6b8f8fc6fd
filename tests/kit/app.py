"""Driving the app as a player would (key presses through its real key handling), and the
hot-seat no-leak check: which card names a seat may not see, and whether a screen shows one."""

from __future__ import annotations

import html
import re
from collections.abc import Callable

from textual import events
from textual.pilot import Pilot

from cardgames.bots import Bot
from cardgames.engine.game import Game
from cardgames.engine.view import can_see
from cardgames.tui.app import CardgamesApp
from cardgames.tui.screens.confirm import ConfirmScreen
from cardgames.tui.screens.curtain import CurtainScreen
from cardgames.tui.screens.game import LOOK, GameScreen
from cardgames.tui.screens.gameover import GameOverScreen

Check = Callable[[CardgamesApp, GameScreen], None]
"""Called at every game screen a player is shown, before they answer (e.g. a no-leak check)."""


async def take_the_screen(pilot: Pilot[None]) -> None:
    """Let the app start, then take the deciding player's own screen as they would: Enter on
    "Look at my hand" at the public table (if the game starts there), Enter at the curtain."""
    await pilot.pause()
    for _ in range(4):
        screen = pilot.app.screen
        if isinstance(screen, GameScreen) and screen.session.seated is not None:
            return
        await pilot.press("enter")
        await pilot.pause()
    raise AssertionError("the deciding player could not take the screen")


async def press(app: CardgamesApp, pilot: Pilot[None], key: str) -> None:
    """Send one key press through the app's real key handling, then wait until every widget
    has processed its messages. (Pilot.press also waits for the process to look idle, which
    costs ~100 ms a key here; whole games take hundreds of keys.)"""
    event = events.Key(key, key if len(key) == 1 else None)
    event.set_sender(app)
    assert app._driver is not None
    app._driver.send_message(event)
    await pilot._wait_for_screen()
    await pilot._wait_for_screen()


async def play_by_keys(app: CardgamesApp, pilot: Pilot[None], limit: int = 5_000, each: Check | None = None) -> int:
    """Press "1" at every decision and Enter at every curtain until the game-over screen."""
    presses = 0
    while presses < limit:
        screen = app.screen
        if isinstance(screen, GameOverScreen):
            await pilot.pause()  # let the new screen finish mounting before the test tears down
            return presses
        if isinstance(screen, CurtainScreen):
            await press(app, pilot, "enter")
        elif isinstance(screen, ConfirmScreen):
            await press(app, pilot, "y")
        elif isinstance(screen, GameScreen):
            if each is not None:
                each(app, screen)
            await press(app, pilot, "1")
        else:
            raise AssertionError(f"unexpected screen {type(screen).__name__}")
        presses += 1
    raise AssertionError(f"no game over after {limit} key presses")


async def play_by_bot(app: CardgamesApp, pilot: Pilot[None], bot: Bot, limit: int = 5_000,
                      each: Check | None = None) -> int:
    """Answer every decision with `bot` through the game screen as players would — on the public
    table when the answer is offered there, else "Look at my hand" and Enter at the curtain —
    until the game-over screen; returns the screens checked (every game screen shown)."""
    checked = 0
    pending = None  # the bot's answer, kept while its player takes the screen to give it
    for _ in range(limit):
        screen = app.screen
        if isinstance(screen, GameOverScreen):
            await pilot.pause()
            return checked
        if isinstance(screen, CurtainScreen):
            await press(app, pilot, "enter")
            continue
        assert isinstance(screen, GameScreen), f"unexpected screen {type(screen).__name__}"
        game = screen.session.game
        seated = screen.session.seated
        assert seated in (None, game.decision.seat_index), "a private screen shows a seat the game does not wait on"
        if each is not None:
            each(app, screen)
        checked += 1
        option = pending or bot.choose(game.decision)
        pending = None
        if seated is None and option.key not in {k for _, k in screen.legal_actions()}:
            pending = option
            screen.answer(LOOK)
        else:
            screen.answer(option.key)
        await pilot._wait_for_screen()
    raise AssertionError(f"no game over after {limit} screens")


def screen_text(app: CardgamesApp) -> str:
    """Every character the terminal shows now (from the app's own screenshot)."""
    svg = app.export_screenshot()
    return html.unescape(" ".join(re.findall(r">([^<>]*)</text>", svg))).replace("\xa0", " ")


def names_by_visibility(game: Game, seat: int | None) -> tuple[set[str], set[str]]:
    """(names of cards `seat` may not see now, names of cards it sees); a name in both sets
    (two copies, one visible) is only in the second. Seat None: the public table."""
    state, rules = game.state, game.ruleset
    hidden, shown = set(), set()
    for obj in state.objects.values():
        (shown if can_see(state, obj, seat) else hidden).add(rules.card_name(state, obj))
    return hidden - shown, shown


def leaked(text: str, hidden: set[str], public: set[str]) -> list[str]:
    """Hidden names found in `text` once every public name is taken out (longest first, so that
    a hidden "Rally" is not found inside a public "Rally the Ranks")."""
    for name in sorted(public, key=len, reverse=True):
        text = text.replace(name, " ")
    return sorted(n for n in hidden if n in text)
