"""A board redraws only the panels whose part of the view changed (`Board.put_drawn`); a kept
panel must show exactly what drawing it anew would."""

from __future__ import annotations

from pathlib import Path

import pytest
from kit.app import play_by_bot

from cardgames.bots.keen_bot import KeenBot
from cardgames.tui.app import CardgamesApp
from cardgames.tui.boards.allegiance import AllegianceBoard, seat_body
from cardgames.tui.screens.game import GameScreen
from cardgames.tui.session import Session
from cardgames.tui.settings import with_app_stops

FOUR = ["Ann", "Bob", "Cid", "Dee"]
SCREENS = 160


class Enough(Exception):
    """Seen enough screens."""


@pytest.mark.parametrize("fmt", ["teams", "ffa"])
async def test_every_kept_seat_panel_shows_what_a_fresh_drawing_would(fmt: str, cardgames_home: Path) -> None:
    options = with_app_stops(FOUR, {"format": fmt})
    session = Session.start("allegiance", FOUR, 7, options, cardgames_home / "s.save")
    app = CardgamesApp(session)
    checks = {"kept": 0, "drawn": 0}
    last_keys: dict[str, object] = {}

    def check(app: CardgamesApp, screen: GameScreen) -> None:
        board = screen.board
        assert isinstance(board, AllegianceBoard) and board._last is not None
        view, decision = board._last
        for p in view.players:
            panel = board.query_one(f"#seat-{p.seat}")
            fresh = board.sheet(panel)
            seat_body(fresh, view, board.rules.cat, p, decision)
            content = fresh.content()
            shown = content if isinstance(content, str) else (content.plain, tuple(content.spans))
            assert board._shown[panel.id or ""] == shown, f"seat {p.seat}'s panel is stale ({fmt})"
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
