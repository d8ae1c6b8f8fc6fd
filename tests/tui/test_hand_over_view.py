"""After a hand-over the new player sees their own area and the log's newest lines, at once."""

from __future__ import annotations

from pathlib import Path

from kit.app import LayoutCount
from textual.widgets import RichLog

from cardgames.tools.keybench import FrameClock
from cardgames.tools.keys import press_and_settle, settle
from cardgames.tui.app import CardgamesApp
from cardgames.tui.boards.base import Board
from cardgames.tui.screens.curtain import CurtainScreen
from cardgames.tui.screens.game import GameScreen
from cardgames.tui.session import Session
from cardgames.tui.settings import Settings, with_app_stops

NAMES = ["Ann", "Bob", "Cy", "Di"]


async def test_a_lifted_curtain_shows_the_own_area_and_the_newest_log_lines(tmp_path: Path) -> None:
    options = with_app_stops(NAMES, {"format": "ffa"})
    app = CardgamesApp(Session.start("allegiance", NAMES, 3, options, tmp_path / "g.save"))
    app.settings = Settings()
    lifts = tall = 0
    looked = False
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(app, pilot)
        for _ in range(80):
            if isinstance(app.screen, CurtainScreen):
                await press_and_settle(app, pilot, "enter")
                screen = app.screen
                assert isinstance(screen, GameScreen) and screen.session.seated is not None
                board, log = screen.query_one(Board), screen.query_one("#log", RichLog)
                lifts += 1
                tall += board.max_scroll_y > 0
                assert board.scroll_y == board.max_scroll_y  # the own area, at the bottom, in view
                assert log.scroll_y == log.max_scroll_y  # the newest lines
                if board.max_scroll_y > 0 and not looked:  # the cursor takes the board elsewhere
                    await press_and_settle(app, pilot, "tab")  # the board's cursor, on the own area
                    for _ in range(30):
                        if board.scroll_y < board.max_scroll_y:
                            break
                        await press_and_settle(app, pilot, "up")  # to the cards above
                    moved = board.scroll_y
                    board.refresh(layout=True)
                    await settle(app, pilot)
                    assert board.scroll_y == moved < board.max_scroll_y  # and it stays there
                    looked = True
                    await press_and_settle(app, pilot, "escape")
            else:
                await press_and_settle(app, pilot, "1")
    assert lifts >= 3 and tall >= 1 and looked


async def test_enter_at_a_curtain_only_uncovers_the_screen_drawn_behind_it(tmp_path: Path) -> None:
    # the deciding seat's own screen is drawn and laid out while the curtain is up (the terminal
    # is changing hands), so Enter costs one frame painted from the widgets' caches, no layout
    options = with_app_stops(NAMES, {"format": "ffa"})
    app = CardgamesApp(Session.start("allegiance", NAMES, 3, options, tmp_path / "g.save"))
    app.settings = Settings()
    lifts = 0
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(app, pilot)
        game = app.screen
        assert isinstance(game, GameScreen)
        layouts = LayoutCount(game)
        clock = FrameClock(app)
        for _ in range(60):
            if isinstance(app.screen, CurtainScreen):
                d = game.session.decision
                assert d is not None and game.session.seated == d.seat_index  # drawn behind it
                layouts.count, frames = 0, clock.count
                await press_and_settle(app, pilot, "enter")
                assert app.screen is game
                assert (layouts.count, clock.count - frames) == (0, 1)
                lifts += 1
            else:
                await press_and_settle(app, pilot, "1")
    assert lifts >= 3
