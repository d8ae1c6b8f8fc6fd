"""Driving the app headless as a player would: key presses through its real key handling, a wait
until the screen has settled, and whole games played by keys — "1" at every decision, or a bot's
choice entered as the keys a player presses (a number key, or `/` and its name in the palette for
an option past 9; Enter at a curtain, and on the public table to take the screen).

Used by the key-to-screen bench (`cardgames.tools.keybench`) and by the tests' kit (`kit.app`).
It reaches into a few private parts of Textual 8 (the pilot's wait for a screen, message queues,
the screen's refresh flags): the project pins Textual exactly.
"""

from __future__ import annotations

import asyncio
import time
import unicodedata
from collections.abc import Awaitable, Callable
from functools import partial

from textual import events
from textual.command import CommandList, CommandPalette
from textual.keys import REPLACED_KEYS, _character_to_key, _get_unicode_name_from_key
from textual.pilot import Pilot
from textual.widgets import OptionList

from cardgames.bots import Bot
from cardgames.engine.decisions import Option
from cardgames.tui.app import CardgamesApp
from cardgames.tui.frames import busy
from cardgames.tui.screens.confirm import ConfirmScreen
from cardgames.tui.screens.curtain import CurtainScreen
from cardgames.tui.screens.game import LOOK, GameScreen
from cardgames.tui.screens.gameover import GameOverScreen

Check = Callable[[CardgamesApp, GameScreen], None]
"""Called at every game screen a player is shown, before they answer (e.g. a no-leak check)."""
Press = Callable[[str], Awaitable[None]]
"""Presses one key and waits until the screen has settled."""

SETTLE_TIMEOUT = 30.0
"""Seconds a key's effects may take to settle before the driver gives up."""


# -- one key -------------------------------------------------------------------------------------

def key_event(key: str) -> events.Key:
    """The Key event a terminal sends for `key` (a key name such as "enter", or one character), as
    the pilot makes it."""
    if len(key) == 1 and not key.isalnum():
        key = _character_to_key(key)
    try:
        char: str | None = unicodedata.lookup(_get_unicode_name_from_key(REPLACED_KEYS.get(key, key)))
    except KeyError:
        char = key if len(key) == 1 else None
    return events.Key(key, char)


def send_key(app: CardgamesApp, key: str) -> None:
    """Put one key press into the app's message queue, as its terminal driver does, but at once
    (the driver posts it from a task a loop turn later), so the app is busy from this moment."""
    event = key_event(key)
    event.set_sender(app)
    assert app._driver is not None, "the app is not running"
    app.post_message(event)


def quiet(app: CardgamesApp) -> bool:
    """Nothing left to do on the app and its screen: no message waiting or being handled, no
    refresh, layout or callback pending, no update held back (`delay_update`), no worker running.
    (Cheap: the screen's widgets are not looked at; `settle` does that once this holds.)"""
    screen = app.screen
    if app._batch_count or busy(app) or busy(screen):
        return False
    if (screen._layout_required or screen._scroll_required or screen._repaint_required
            or screen._recompose_required or screen._dirty_widgets or screen._callbacks):
        return False
    return all(worker.is_finished for worker in app.workers)


async def settle(app: CardgamesApp, pilot: Pilot[None], timeout: float = SETTLE_TIMEOUT) -> None:
    """Wait until the app has handled everything a key set off and painted the result: until it is
    `quiet`, then every widget of the screen has handled its messages (the pilot's own wait), and
    it is still quiet. The screen's own update timer paints (nothing is forced), so what is waited
    for is what a player would wait for."""
    deadline = time.perf_counter() + timeout
    while True:
        while not quiet(app):
            if app._exception is not None:
                raise RuntimeError(f"the app failed: {app._exception!r}") from app._exception
            if time.perf_counter() > deadline:
                raise TimeoutError(f"the screen did not settle within {timeout:.0f} s")
            await asyncio.sleep(0)
        await pilot._wait_for_screen(timeout)
        if quiet(app) and not any(busy(w) for w in app.screen.walk_children()):
            return


async def press(app: CardgamesApp, pilot: Pilot[None], key: str) -> None:
    """Send one key press through the app's real key handling, then wait until every widget has
    processed its messages (not for the frame to be painted: see `settle`). (Pilot.press also
    waits for the process to look idle, which costs ~100 ms a key here; whole games take
    hundreds of keys.)"""
    send_key(app, key)
    await pilot._wait_for_screen()
    await pilot._wait_for_screen()


async def press_and_settle(app: CardgamesApp, pilot: Pilot[None], key: str) -> None:
    """Send one key press and wait until its effects are painted (`settle`)."""
    send_key(app, key)
    await settle(app, pilot)


# -- whole games -------------------------------------------------------------------------------

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
    until the game-over screen; returns the screens checked (every game screen shown). Answers go
    straight to the screen (`GameScreen.answer`), not as keys: see `KeyPlayer` for that."""
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


def _typed(label: str) -> str:
    """What a player types in the palette to find an option: its letters, digits and spaces."""
    return "".join(c for c in label.lower() if c.isascii() and (c.isalnum() or c == " "))


def _palette_hit(option: object) -> str | None:
    """The decision key a palette entry answers with (None: not one of the decision's options)."""
    command = getattr(getattr(option, "hit", None), "command", None)
    if isinstance(command, partial) and len(command.args) == 1 and isinstance(command.args[0], str):
        return command.args[0]
    return None


class KeyPlayer:
    """A bot at the keyboard: at each screen, the next key a player would press to give the bot's
    answer. A number key for one of the first nine options; past nine, `/` opens the palette, then
    the option's name is typed until it is the first hit, and Enter (↓ to it first if the whole
    name did not bring it to the top). On the public table an answer offered there is given there;
    else Enter on "Look at my hand" (the first entry), then Enter at the curtain, then the answer.
    Enter at every curtain, y at a confirmation."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.answer: Option | None = None
        """The bot's answer to the pending decision, kept until it has been given."""
        self.typed = 0
        """Characters of the answer's name typed into the palette so far."""

    def next_key(self, app: CardgamesApp) -> str | None:
        """The key to press now; None at the game-over screen."""
        screen = app.screen
        if isinstance(screen, GameOverScreen):
            return None
        if isinstance(screen, CurtainScreen):
            return "enter"
        if isinstance(screen, ConfirmScreen):
            return "y"
        if isinstance(screen, CommandPalette):
            return self._in_palette(screen)
        if not isinstance(screen, GameScreen):
            raise AssertionError(f"unexpected screen {type(screen).__name__}")
        decision = screen.session.decision
        assert decision is not None, "a game screen without a decision"
        if self.answer is None or self.answer.key not in {o.key for o in decision.options}:
            self.answer = self.bot.choose(decision)
        offered = [key for _, key in screen.legal_actions()]
        if self.answer.key not in offered:
            if screen.session.seated is not None:
                raise AssertionError(f"the bot's answer {self.answer.label!r} is not on its own screen")
            options = screen.query_one("#options", OptionList)
            first = options.get_option_at_index(0).id if options.option_count else None
            if first != LOOK or options.highlighted != 0:
                raise AssertionError("the public table does not offer to take the screen first")
            return "enter"  # Look at my hand: the curtain, then the answer on the private screen
        n = offered.index(self.answer.key) + 1
        if n <= 9:
            self.answer = None
            return str(n)
        self.typed = 0
        return "slash"

    def _in_palette(self, palette: CommandPalette) -> str:
        assert self.answer is not None, "the palette is open without an answer to find"
        hits = palette.query_one(CommandList)
        keys = [_palette_hit(hits.get_option_at_index(i)) for i in range(hits.option_count)]
        text = _typed(self.answer.label)
        if self.answer.key in keys and (keys.index(self.answer.key) == 0 or self.typed >= len(text)):
            at = keys.index(self.answer.key)
            if (hits.highlighted or 0) < at:
                return "down"
            self.answer = None
            return "enter"
        if self.typed >= len(text):
            raise AssertionError(f"the palette does not find {self.answer.label!r}")
        self.typed += 1
        char = text[self.typed - 1]
        return "space" if char == " " else char


async def play_bot_by_keys(app: CardgamesApp, pilot: Pilot[None], bot: Bot, limit: int = 5_000,
                           press_key: Press | None = None) -> int:
    """Play the game by keys, `bot` choosing (`KeyPlayer`), until the game-over screen or `limit`
    keys; returns the keys pressed. `press_key` presses one and waits (default:
    `press_and_settle`)."""
    player = KeyPlayer(bot)
    send = press_key or partial(press_and_settle, app, pilot)
    keys = 0
    while keys < limit and (key := player.next_key(app)) is not None:
        await send(key)
        keys += 1
    return keys
