"""A board redraws only the panels whose part of the view changed (`Board.put_drawn`); a kept
panel must show exactly what drawing it anew would."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from kit.app import play_by_bot
from textual.widgets import Static

from cardgames.bots.keen_bot import KeenBot
from cardgames.engine.decisions import Decision
from cardgames.engine.view import GameView
from cardgames.tui.app import CardgamesApp
from cardgames.tui.boards import algomancy, allegiance, mechamancers
from cardgames.tui.boards.algomancy_grid import region_body
from cardgames.tui.boards.base import Board, marked_refs
from cardgames.tui.screens.game import GameScreen
from cardgames.tui.session import Session
from cardgames.tui.settings import with_app_stops
from cardgames.tui.sheet import Sheet

FOUR = ["Ann", "Bob", "Cid", "Dee"]
SCREENS = 160
Fresh = Callable[[Board, GameView, "Decision | None"], dict[str, Sheet]]
"""Each panel the board keeps when unchanged, drawn anew from the view."""


def drawn(board: Board, panel: str, draw: Callable[[Sheet], None]) -> Sheet:
    sheet = board.sheet(board.query_one(f"#{panel}", Static))
    draw(sheet)
    return sheet


def allegiance_seats(board: Board, view: GameView, d: Decision | None) -> dict[str, Sheet]:
    assert isinstance(board, allegiance.AllegianceBoard)
    return {f"seat-{p.seat}": drawn(board, f"seat-{p.seat}",
                                    partial(allegiance.seat_body, view=view, cat=board.rules.cat, p=p, decision=d))
            for p in view.players}


def mechamancers_seats(board: Board, view: GameView, d: Decision | None) -> dict[str, Sheet]:
    return {f"seat-{p.seat}": drawn(board, f"seat-{p.seat}",
                                    partial(mechamancers.seat_body, view=view, p=p, decision=d))
            for p in view.players}


def algomancy_players(board: Board, view: GameView, d: Decision | None) -> dict[str, Sheet]:
    assert isinstance(board, algomancy.AlgomancyBoard)
    me = view.viewer if view.viewer is not None else 0
    refs = marked_refs(d, view.viewer)
    drafting = d is not None and d.kind == "draft" and d.seat_index == me
    out = {"you": drawn(board, "you", partial(algomancy.player_body, rules=board.rules, view=view,
                                               p=view.players[me], refs=refs, show_hand=not drafting))}
    for p in view.players:
        if p.seat != me and board.many:
            out[f"opponent-{p.seat}"] = drawn(board, f"opponent-{p.seat}",
                                              partial(algomancy.compact_body, rules=board.rules, view=view, p=p))
        elif p.seat != me:
            out["opponent"] = drawn(board, "opponent", partial(algomancy.player_body, rules=board.rules, view=view,
                                                               p=p, refs=refs, show_hand=True))
    for seat in board.seats:
        panel = board.query_one(f"#region-{seat}", Static)
        if panel.display:
            out[f"region-{seat}"] = drawn(board, f"region-{seat}", partial(
                region_body, view=view, seat=seat, decision=d, refs=refs, colour=board.colour))
    return out


class Enough(Exception):
    """Seen enough screens."""


@pytest.mark.parametrize(("game", "players", "options", "fresh"), [
    ("allegiance", FOUR, {"format": "teams"}, allegiance_seats),
    ("allegiance", FOUR, {"format": "ffa"}, allegiance_seats),
    ("mechamancers", FOUR, {}, mechamancers_seats),
    ("algomancy", FOUR[:2], {}, algomancy_players),
    ("algomancy", FOUR, {}, algomancy_players),
])
async def test_every_kept_panel_shows_what_a_fresh_drawing_would(
        game: str, players: list[str], options: dict[str, Any], fresh: Fresh, cardgames_home: Path) -> None:
    session = Session.start(game, players, 7, with_app_stops(players, options), cardgames_home / "s.save")
    app = CardgamesApp(session)
    checks = {"kept": 0, "drawn": 0}
    last_keys: dict[str, object] = {}

    def check(app: CardgamesApp, screen: GameScreen) -> None:
        board = screen.board
        assert board._last is not None
        view, decision = board._last
        for panel, sheet in fresh(board, view, decision).items():
            content = sheet.content()
            assert board._shown[panel] == (content.plain, tuple(content.spans)), \
                f"the {panel} panel is stale ({game} {options})"
            key = board._drawn_from[panel][0]
            checks["kept" if last_keys.get(panel) == key else "drawn"] += 1
            last_keys[panel] = key
        if sum(checks.values()) >= SCREENS * len(view.players):
            raise Enough

    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        with pytest.raises(Enough):
            await play_by_bot(app, pilot, KeenBot(7), each=check)
    assert checks["kept"] > checks["drawn"] > 50, checks  # most panels are kept, and many were redrawn
