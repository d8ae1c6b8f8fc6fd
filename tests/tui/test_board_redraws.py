"""A board redraws only the panels whose part of the view changed (`Board.put_drawn`); a kept
panel must show exactly what drawing it anew would."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from kit.app import play_by_bot

from cardgames.bots.keen_bot import KeenBot
from cardgames.engine.decisions import Decision
from cardgames.engine.view import GameView, PlayerView
from cardgames.tui.app import CardgamesApp
from cardgames.tui.boards import allegiance, mechamancers
from cardgames.tui.boards.base import Board
from cardgames.tui.screens.game import GameScreen
from cardgames.tui.session import Session
from cardgames.tui.settings import with_app_stops
from cardgames.tui.sheet import Sheet

FOUR = ["Ann", "Bob", "Cid", "Dee"]
SCREENS = 160
Draw = Callable[[Board, Sheet, GameView, PlayerView, "Decision | None"], None]


def allegiance_seat(board: Board, sheet: Sheet, view: GameView, p: PlayerView, d: Decision | None) -> None:
    assert isinstance(board, allegiance.AllegianceBoard)
    allegiance.seat_body(sheet, view, board.rules.cat, p, d)


def mechamancers_seat(board: Board, sheet: Sheet, view: GameView, p: PlayerView, d: Decision | None) -> None:
    mechamancers.seat_body(sheet, view, p, d)


class Enough(Exception):
    """Seen enough screens."""


@pytest.mark.parametrize(("game", "options", "seat"), [
    ("allegiance", {"format": "teams"}, allegiance_seat),
    ("allegiance", {"format": "ffa"}, allegiance_seat),
    ("mechamancers", {}, mechamancers_seat),
])
async def test_every_kept_seat_panel_shows_what_a_fresh_drawing_would(
        game: str, options: dict[str, Any], seat: Draw, cardgames_home: Path) -> None:
    session = Session.start(game, FOUR, 7, with_app_stops(FOUR, options), cardgames_home / "s.save")
    app = CardgamesApp(session)
    checks = {"kept": 0, "drawn": 0}
    last_keys: dict[str, object] = {}

    def check(app: CardgamesApp, screen: GameScreen) -> None:
        board = screen.board
        assert board._last is not None
        view, decision = board._last
        for p in view.players:
            panel = board.query_one(f"#seat-{p.seat}")
            fresh = board.sheet(panel)
            seat(board, fresh, view, p, decision)
            content = fresh.content()
            assert board._shown[panel.id or ""] == (content.plain, tuple(content.spans)), \
                f"seat {p.seat}'s panel is stale ({game} {options})"
            key = board._drawn_from[panel.id or ""][0]
            checks["kept" if last_keys.get(panel.id or "") == key else "drawn"] += 1
            last_keys[panel.id or ""] = key
        if sum(checks.values()) >= SCREENS * len(view.players):
            raise Enough

    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        with pytest.raises(Enough):
            await play_by_bot(app, pilot, KeenBot(7), each=check)
    assert checks["kept"] > checks["drawn"] > 50, checks  # most panels are kept, and many were redrawn
