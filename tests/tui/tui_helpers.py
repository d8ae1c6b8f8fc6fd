"""Driving the app by key presses only, as a player would."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual import events
from textual.pilot import Pilot

from cardgames import new_game
from cardgames.tui.app import CardgamesApp
from cardgames.tui.screens.confirm import ConfirmScreen
from cardgames.tui.screens.curtain import CurtainScreen
from cardgames.tui.screens.game import GameScreen
from cardgames.tui.screens.gameover import GameOverScreen


def presses_needed(players: list[str], seed: int, options: dict[str, Any], cap: int = 3000) -> int:
    """Key presses a "1 at every decision, Enter at every curtain" game takes (engine only)."""
    g = new_game("allegiance", players, seed, options)
    seated, presses = None, 0
    while g.outcome is None and presses < cap:
        d = g.decision
        if d.seat_index != seated:
            presses, seated = presses + 1, d.seat_index
        g.choose(d.options[0])
        presses += 1
    return presses if g.outcome is not None else cap


def short_seed(players: list[str], options: dict[str, Any], seeds: range = range(1, 40)) -> int:
    """The seed among `seeds` whose game is shortest by keys (keeps UI tests quick)."""
    return min(seeds, key=lambda s: presses_needed(players, s, options))


async def take_the_screen(pilot: Pilot[None]) -> None:
    """Let the app start, then press Enter at the curtain as the first player would."""
    await pilot.pause()
    await pilot.press("enter")
    await pilot.pause()


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


async def play_by_keys(app: CardgamesApp, pilot: Pilot[None], limit: int = 5_000,
                       each: Callable[[CardgamesApp, GameScreen], None] | None = None) -> int:
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
