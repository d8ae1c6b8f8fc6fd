"""Saves are never lost: every game has its own save, Continue lists them to resume or delete,
New game never overwrites one, and the command line lists and loads them."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from kit.app import press, take_the_screen

from cardgames.cli import main
from cardgames.tui.app import CardgamesApp
from cardgames.tui.saves import list_saves, unfinished
from cardgames.tui.screens.confirm import ConfirmScreen
from cardgames.tui.screens.game import GameScreen
from cardgames.tui.screens.saves import SavesScreen
from cardgames.tui.screens.title import TitleScreen

SIZE = (120, 40)
DUEL = {"heroes": ["beledan-kind", "thedric-egen"]}


async def _play_some(app: CardgamesApp, pilot: Any, answers: int) -> None:
    """Answer `answers` decisions by keys ("1", Enter at curtains) the way a player would."""
    assert app.session is not None
    start = len(app.session.game.choices())
    while len(app.session.game.choices()) < start + answers:
        screen = app.screen
        await press(app, pilot, "1" if isinstance(screen, GameScreen) else "enter" if not isinstance(
            screen, ConfirmScreen) else "y")


async def test_two_games_in_turn_quit_midway_and_both_resume(cardgames_home: Path) -> None:
    made: dict[str, int] = {}
    for game, players, options in (("allegiance", ["Ann", "Bob"], DUEL), ("algomancy", ["Cid", "Dee"], {})):
        app = CardgamesApp()
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            app.start_game(game, players, 5, options)
            await pilot.pause()
            await _play_some(app, pilot, 12)
        # the app quits here, midway through the game
        assert app.session is not None and app.session.game.outcome is None
        made[game] = len(app.session.game.events)
    saves = unfinished()
    assert sorted(s.game for s in saves) == ["algomancy", "allegiance"]
    assert len({s.path for s in saves}) == 2
    for info in saves:
        app = CardgamesApp()
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            app.action_continue_game()
            await pilot.pause()
            assert isinstance(app.screen, SavesScreen)
            app.screen.query_one("#saves").highlighted = [
                o.id for o in app.screen.query_one("#saves")._options].index(str(info.path))
            await pilot.press("enter")
            await take_the_screen(pilot)
            assert isinstance(app.screen, GameScreen) and app.session is not None
            assert app.session.game.ruleset.name == info.game
            assert len(app.session.game.events) == made[info.game]


async def test_a_new_game_never_overwrites_an_unfinished_one(cardgames_home: Path) -> None:
    app = CardgamesApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.start_game("allegiance", ["Ann", "Bob"], 1, DUEL)
        await pilot.pause()
        first = app.session.path if app.session else None
        app.start_game("allegiance", ["Ann", "Bob"], 1, DUEL)
        await pilot.pause()
        second = app.session.path if app.session else None
    assert first is not None and second is not None and first != second
    assert {s.path for s in list_saves()} == {first, second}


async def test_continue_lists_games_and_deletes_one_after_asking(cardgames_home: Path) -> None:
    for seed in (1, 2):
        app = CardgamesApp()
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            app.start_game("allegiance", ["Ann", "Bob"], seed, DUEL)
            await pilot.pause()
    assert len(list_saves()) == 2
    app = CardgamesApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        app.action_continue_game()
        await pilot.pause()
        assert isinstance(app.screen, SavesScreen)
        await pilot.press("d")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")  # changed their mind: nothing is deleted
        await pilot.pause()
        assert len(list_saves()) == 2
        await pilot.press("d")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert len(list_saves()) == 1
        assert isinstance(app.screen, SavesScreen)


def test_the_old_single_autosave_is_kept_and_listed(cardgames_home: Path) -> None:
    """A game saved by an earlier version (one `autosave.save`) is moved into the list, not lost."""
    from cardgames import new_game

    g = new_game("allegiance", ["Ann", "Bob"], 3, DUEL)
    g.choose(g.decision.options[0])
    g.save(cardgames_home / "autosave.save")
    saves = list_saves()
    assert [(s.game, s.players) for s in saves] == [("allegiance", ["Ann", "Bob"])]
    assert not (cardgames_home / "autosave.save").exists()


def test_saves_command_lists_games_and_play_load_refuses_a_bad_file(cardgames_home: Path) -> None:
    from cardgames import new_game

    g = new_game("allegiance", ["Ann", "Bob"], 3, DUEL)
    g.save(cardgames_home / "saves" / "mine.save")
    out = io.StringIO()
    import contextlib

    with contextlib.redirect_stdout(out):
        assert main(["saves", "--json"]) == 0
    rows = [json.loads(line) for line in out.getvalue().splitlines()]
    assert rows == [{"file": str(cardgames_home / "saves" / "mine.save"), "game": "allegiance",
                     "players": ["Ann", "Bob"], "turn": rows[0]["turn"], "finished": False, "result": None,
                     "last_played": rows[0]["last_played"]}]
    bad = cardgames_home / "bad.save"
    bad.write_text("not a save\n")
    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        assert main(["play", "--load", str(bad)]) == 1
    assert "bad.save" in err.getvalue() and "not a cardgames save" in err.getvalue()


def test_each_answer_is_in_the_file_at_once_and_synced_to_disk_behind_the_screen(
        cardgames_home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The autosave's new events are written before the screen changes (a killed program loses
    nothing), and the sync to disk (against a power cut) follows on the autosave thread, not on
    the key's path."""
    import os
    import threading

    from cardgames.engine.save import read_save
    from cardgames.tui.session import Session

    synced: list[tuple[str, str]] = []
    real_fsync = os.fsync

    def fsync(fd: int) -> None:
        synced.append((threading.current_thread().name, os.readlink(f"/proc/self/fd/{fd}")))
        real_fsync(fd)

    session = Session.start("allegiance", ["Ann", "Bob"], 3, DUEL)
    assert session.synced is None  # the first write is the whole file, synced as it is written
    monkeypatch.setattr(os, "fsync", fsync)
    session.choose(session.game.decision.options[0])
    assert len(read_save(session.path).events) == len(session.game.events)  # before any sync
    assert session.synced is not None
    session.synced.result(timeout=10)
    assert synced and all(name.startswith("autosave-sync") for name, _ in synced)
    assert {path for _, path in synced} == {str(session.path.resolve())}
