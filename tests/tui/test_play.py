"""Whole games played through the app by key presses only, hot-seat, to the game-over screen."""

from __future__ import annotations

from kit.app import play_by_keys
from tui_helpers import short_seed

from cardgames.tui.app import CardgamesApp
from cardgames.tui.screens.gameover import GameOverScreen
from cardgames.tui.session import Session
from cardgames.tui.settings import with_app_stops

TWO = ["Ann", "Bob"]
FOUR = ["Ann", "Bob", "Cid", "Dee"]


async def test_two_player_game_by_keys_reaches_game_over() -> None:
    options = with_app_stops(TWO, {"heroes": ["beledan-kind", "thedric-egen"]})
    session = Session.start("allegiance", TWO, short_seed(TWO, options), options)
    app = CardgamesApp(session)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        presses = await play_by_keys(app, pilot)
        assert isinstance(app.screen, GameOverScreen)
        assert session.game.outcome is not None and session.game.outcome.winners
        assert presses > 20


async def test_four_player_team_game_by_keys_reaches_game_over() -> None:
    options = with_app_stops(FOUR, {"format": "teams"})
    session = Session.start("allegiance", FOUR, short_seed(FOUR, options), options)
    app = CardgamesApp(session)
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        await play_by_keys(app, pilot)
        outcome = session.game.outcome
        assert outcome is not None
        assert len({session.game.state.players[w].team for w in outcome.winners}) == 1
