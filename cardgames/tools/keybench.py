"""Key-to-screen latency: games played through the app headless (Textual's `run_test`) by the keys
a player would press, the keen bot choosing (`cardgames.tools.keys.KeyPlayer`), each key timed
from its press to the settled screen. To stay quick and still see the whole game (a board fills
up as it goes), the bot first plays the game whole in the engine; then the app is opened on it,
as Continue does, at points spread over it (its start, a third of the way, two thirds, ...) and
played by keys for a number of keys from each.

A key's time runs from putting it into the app's input (as a terminal driver does) to the end of
the last frame it caused, once the app has handled every message it set off and nothing is left
to paint (`keys.settle`). Frames are painted by the screen's own update timer (60 a second, as in
a terminal) and each frame is also encoded into the escape codes a terminal would be sent (the
headless driver skips that, a terminal pays it); nothing is written. The bot's thinking is not
timed. Keys come back to back, as a quick player's would: the app runs the garbage collector's
full passes only once the input pauses (`cardgames.tui.idlegc`), so none runs mid-measure here; a
key pressed just as such a pass begins waits for it (~75 ms for the first, 8–15 ms later on).
Keys are counted by what they brought on screen:

- "same seat": the seat's own screen, redrawn in place;
- "public table": the public table (an answer given on it, or one that handed the screen back);
- "curtain": the curtain (the next answer needs another seat's private screen, or "Look at my
  hand" on the public table);
- "own screen": Enter at a curtain, the seat's private screen drawn for it;
- "palette": `/` and the letters typed to find an option past 9 (the palette's Enter that answers
  is counted by what it brought);
- "other": the game-over screen, a confirmation.
"""

from __future__ import annotations

import asyncio
import os
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from textual._compositor import CompositorUpdate
from textual.command import CommandPalette
from textual.screen import Screen

from cardgames.api import new_game
from cardgames.bots import DEFAULT_BOT, make_bot
from cardgames.engine.game import Game
from cardgames.tools.keys import play_bot_by_keys, press_and_settle, settle
from cardgames.tools.simulate import CAP, NAMES
from cardgames.tui.app import CardgamesApp
from cardgames.tui.screens.curtain import CurtainScreen
from cardgames.tui.screens.game import GameScreen
from cardgames.tui.screens.gameover import GameOverScreen
from cardgames.tui.session import Session
from cardgames.tui.settings import Settings, with_app_stops


@dataclass(frozen=True)
class Setup:
    """One game to play by keys."""

    game: str
    format: str
    players: int
    seed: int = 1

    @property
    def label(self) -> str:
        return f"{self.game} {self.format}"


SETUPS = (Setup("allegiance", "duel", 2), Setup("allegiance", "ffa", 4), Setup("algomancy", "draft", 2),
          Setup("arcmage", "1v1", 2),
          Setup("altered", "", 2),
          Setup("mechamancers", "", 3))
"""The games played by keys: Allegiance's duel and 4-player free-for-all, Algomancy's draft, ARC-mage's
1v1, Altered, Mechamancers with 3 players."""

KINDS = ("same seat", "public table", "curtain", "own screen", "palette", "other")
"""What a key brought on screen (see the module's docstring); every key is one of them."""
ANSWER_KINDS = ("same seat", "public table", "curtain", "own screen")
"""The kinds shown apart in the bench's table."""

SIZE = (120, 40)
"""Columns and rows of the headless terminal (the bench's first frame uses the same)."""

BOT = DEFAULT_BOT


def _q(ordered: Sequence[float], q: float) -> float:
    """The q-quantile (nearest rank) of sorted values; 0 without any."""
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


def figures(seconds: Sequence[float]) -> dict[str, Any]:
    """p50, p90 and max in milliseconds, and how many keys they are of."""
    ordered = sorted(seconds)
    return {"p50_ms": 1000 * _q(ordered, 0.5), "p90_ms": 1000 * _q(ordered, 0.9),
            "max_ms": 1000 * (ordered[-1] if ordered else 0.0), "keys": len(ordered)}


class FrameClock:
    """Notes when the app paints a frame (and encodes it for a terminal, as a real one would)."""

    def __init__(self, app: CardgamesApp, encode: bool = True) -> None:
        self.count = 0
        self.last = 0.0
        original = app._display

        def display(screen: Screen[Any], renderable: Any) -> None:
            original(screen, renderable)
            if renderable is None or app._batch_count:
                return  # nothing painted
            if encode and isinstance(renderable, CompositorUpdate):
                renderable.render_segments(app.console)
            self.count += 1
            self.last = time.perf_counter()

        setattr(app, "_display", display)  # noqa: B010 - an instance attribute over the method


def _shown(app: CardgamesApp) -> tuple[str, int | None]:
    """What the app shows: the screen's kind, and the seat on a game screen (None: public table)."""
    screen = app.screen
    if isinstance(screen, GameScreen):
        return "game", screen.session.seated
    if isinstance(screen, CurtainScreen):
        return "curtain", None
    if isinstance(screen, CommandPalette):
        return "palette", None
    if isinstance(screen, GameOverScreen):
        return "game over", None
    return type(screen).__name__, None


def kind(before: tuple[str, int | None], after: tuple[str, int | None]) -> str:
    """What a key brought on screen (one of KINDS), from what was shown before and after it."""
    screen, seat = after
    if screen == "curtain":
        return "curtain"
    if screen == "palette":
        return "palette"
    if screen != "game":
        return "other"
    if before[0] == "curtain":
        return "own screen"
    if seat is None:
        return "public table"
    return "same seat" if seat == before[1] or before[0] == "palette" else "other"


@contextmanager
def _own_home() -> Iterator[Path]:
    """A fresh CARDGAMES_HOME for the app (default settings, saves thrown away)."""
    before = os.environ.get("CARDGAMES_HOME")
    with tempfile.TemporaryDirectory() as home:
        os.environ["CARDGAMES_HOME"] = home
        try:
            yield Path(home)
        finally:
            if before is None:
                os.environ.pop("CARDGAMES_HOME", None)
            else:
                os.environ["CARDGAMES_HOME"] = before


@dataclass
class KeyRun:
    """Keys pressed in one game, in stretches."""

    setup: Setup
    keys: list[tuple[str, str, float]] = field(default_factory=list)
    """(key, kind, seconds) of each key pressed."""
    finished: bool = False
    """A stretch reached the game-over screen."""
    starts: list[int] = field(default_factory=list)
    """The answers already given when each stretch began."""
    decisions: int = 0
    """Answers in the whole game (the bot's, played in the engine)."""
    frames: int = 0
    seconds: float = 0.0


def stretch_starts(setup: Setup, stretches: int) -> tuple[list[Game], int]:
    """The games at the start of each stretch: the whole game played by the bot in the engine
    first, then new games fed its answers up to 0, 1/n, 2/n ... of the way; and its length."""
    names = list(NAMES[:setup.players])
    options = with_app_stops(names, {"format": setup.format})
    whole = new_game(setup.game, names, setup.seed, options)
    bot = make_bot(BOT, setup.seed)
    for _ in range(CAP):
        if whole.outcome is not None:
            break
        whole.choose(bot.choose(whole.decision))
    answers = [key for _, key in whole.choices()]
    starts = []
    for i in range(stretches):
        game = new_game(setup.game, names, setup.seed, options)
        for key in answers[:len(answers) * i // stretches]:
            game.choose(key)
        starts.append(game)
    return starts, len(answers)


async def play(game: Game, run: KeyRun, max_keys: int, path: Path, bot_seed: int, encode: bool = True) -> None:
    """Open the app on `game` (as Continue does) and play it by keys, the bot choosing, until the
    game-over screen or `max_keys` keys; each key and its time go into `run`."""
    app = CardgamesApp(Session(game, path))
    app.settings = Settings()  # the defaults, whatever the user chose
    run.starts.append(len(game.choices()))
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)  # the first screen (the public table or a curtain) is up
        clock = FrameClock(app, encode)

        async def timed(key: str) -> None:
            before = _shown(app)
            painted = clock.count
            t0 = time.perf_counter()
            await press_and_settle(app, pilot, key)
            end = clock.last if clock.count > painted else time.perf_counter()
            run.keys.append((key, kind(before, _shown(app)), end - t0))

        await play_bot_by_keys(app, pilot, make_bot(BOT, bot_seed), max_keys, timed)
        run.finished = run.finished or isinstance(app.screen, GameOverScreen)
        run.frames += clock.count


def play_setup(setup: Setup, stretches: int, keys_per_stretch: int, home: Path) -> KeyRun:
    """`keys_per_stretch` keys from each of `stretches` points spread over one game of `setup`."""
    t0 = time.perf_counter()
    starts, decisions = stretch_starts(setup, stretches)
    run = KeyRun(setup, decisions=decisions)
    for i, game in enumerate(starts):
        path = home / f"{setup.game}-{setup.format}-{i}.save"
        asyncio.run(play(game, run, keys_per_stretch, path, setup.seed + i))
    run.seconds = time.perf_counter() - t0
    return run


def summarize(run: KeyRun) -> dict[str, Any]:
    """The figures of one game played by keys: all keys, and per kind."""
    overall = figures([s for _, _, s in run.keys])
    return {
        "game": run.setup.game, "format": run.setup.format, "players": run.setup.players,
        "seed": run.setup.seed, "bot": BOT, "size": list(SIZE),
        "decisions": run.decisions, "stretch_starts": run.starts, "finished": run.finished,
        "frames": run.frames, "seconds": run.seconds,
        **overall,
        "kinds": {k: figures([s for _, kd, s in run.keys if kd == k]) for k in KINDS},
        "slowest": [{"key": k, "kind": kd, "ms": 1000 * s}
                    for k, kd, s in sorted(run.keys, key=lambda x: -x[2])[:5]],
    }


def key_latency(games: Sequence[str], stretches: int, keys_per_stretch: int,
                say: Callable[[str], None] | None = None,
                setups: Sequence[Setup] = SETUPS) -> dict[str, Any]:
    """Key-to-screen latency of every setup of `games`: {label: figures, or {"error": ...}}."""
    out: dict[str, Any] = {}
    with _own_home() as home:
        for setup in setups:
            if setup.game not in games:
                continue
            if say:
                say(f"{setup.label}: keys to the screen")
            try:
                out[setup.label] = summarize(play_setup(setup, stretches, keys_per_stretch, home))
            except Exception as exc:  # a broken screen: say so, and measure the others
                out[setup.label] = {"game": setup.game, "format": setup.format,
                                    "error": f"{type(exc).__name__}: {exc}"}
    return out
