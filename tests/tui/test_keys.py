"""Keys that mean one thing: every option reachable by keyboard however many there are, and the
key that lifts a curtain does nothing else."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from kit.app import take_the_screen
from textual.command import CommandPalette
from textual.widgets import OptionList

from cardgames.tui import scenes_algomancy as scenes
from cardgames.tui.app import CardgamesApp
from cardgames.tui.screens.curtain import CurtainScreen
from cardgames.tui.screens.game import GameScreen

SIZE = (140, 45)


async def test_an_option_past_nine_is_chosen_by_moving_down_to_it(cardgames_home: Path) -> None:
    session = scenes.start(cardgames_home / "s.save")  # a draft pick: pack and hand, 17 options
    app = CardgamesApp(session)
    async with app.run_test(size=SIZE) as pilot:
        await take_the_screen(pilot)
        d = session.game.decision
        assert len(d.options) > 9
        before = len(session.game.choices())
        for _ in range(11):
            await pilot.press("j")
        await pilot.press("enter")
        await pilot.pause()
        assert session.game.choices()[before] == (d.seat_index, d.options[11].key)


async def test_slash_finds_any_option_by_name(cardgames_home: Path) -> None:
    session = scenes.start(cardgames_home / "s.save")
    app = CardgamesApp(session)
    async with app.run_test(size=SIZE) as pilot:
        await take_the_screen(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        assert "past 9" in str(screen.query_one("#prompt").content)
        await pilot.press("slash")
        await pilot.pause()
        assert isinstance(app.screen, CommandPalette)


async def test_the_key_that_lifts_a_curtain_does_nothing_else(cardgames_home: Path) -> None:
    session = scenes.start(cardgames_home / "s.save")
    app = CardgamesApp(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        if isinstance(app.screen, GameScreen):  # at the public table: take the screen first
            await pilot.press("enter")
            await pilot.pause()
        assert isinstance(app.screen, CurtainScreen)
        before = len(session.game.choices())
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert len(session.game.choices()) == before
        options: Any = app.screen.query_one("#options", OptionList)
        assert options.highlighted == 0
