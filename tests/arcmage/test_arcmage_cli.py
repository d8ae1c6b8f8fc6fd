"""`cardgames play arcmage`: the headed giant's teams (`--teams`) and the rulings' toggles (`--option`) reach
the game the app starts; bad ones are refused in one line before the app opens."""

from __future__ import annotations

from typing import Any

import pytest

from cardgames.cli import main
from cardgames.tui.app import CardgamesApp


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """What the app would start with (the app itself is not run)."""
    seen: list[Any] = []
    monkeypatch.setattr(CardgamesApp, "run", lambda self, *a, **k: seen.append(self.pending_start))
    return seen


def test_play_giant_with_teams_from_the_command_line(started: list[Any]) -> None:
    assert main(["play", "arcmage", "--players", "Ann,Bob,Cid,Dee", "--format", "giant", "--teams", "A,A,b,B",
                 "--seed", "3"]) == 0
    game, names, seed, options = started[0]
    assert (game, names, seed) == ("arcmage", ["Ann", "Bob", "Cid", "Dee"], 3)
    assert options["teams"] == {"Ann": "A", "Bob": "A", "Cid": "B", "Dee": "B"}


def test_play_teams_alone_means_the_headed_giant(started: list[Any]) -> None:
    from cardgames.games.arcmage.rules import Arcmage

    assert main(["play", "arcmage", "--players", "Ann,Bob,Cid", "--teams", "A,B,B"]) == 0
    options = Arcmage().normalize_options(["Ann", "Bob", "Cid"], dict(started[0][3]))
    assert options["format"] == "giant" and options["teams"] == {"Ann": "A", "Bob": "B", "Cid": "B"}


@pytest.mark.parametrize(("argv", "expected"), [
    (["--teams", "A,B"], "--teams names 2 teams for 3 players"),
    (["--teams", "A,A,A"], "teams: 3 against 0"),
    (["--teams", "A,B,C"], "give every player a team, A or B"),
    (["--format", "ffa", "--teams", "A,B,B"], "teams are for the headed giant format"),
    (["--option", "group_moves"], "give KEY=VALUE"),
    (["--option", "group_moves=maybe"], "group_moves: on or off"),
    (["--option", "no_such=on"], "unknown option(s) no_such"),
])
def test_play_refuses_bad_teams_or_options_in_one_line(capsys: pytest.CaptureFixture[str], started: list[Any],
                                                         argv: list[str], expected: str) -> None:
    code = main(["play", "arcmage", "--players", "Ann,Bob,Cid", *argv])
    err = capsys.readouterr().err
    assert code in (1, 2) and expected in err and len(err.strip().splitlines()) == 1
    assert not started


def test_play_with_the_toggles_on(started: list[Any]) -> None:
    assert main(["play", "arcmage", "--players", "Ann,Bob", "--option", "group_moves=on",
                 "--option", "unmark_before_founding=on"]) == 0
    options = started[0][3]
    assert options["group_moves"] == "on" and options["unmark_before_founding"] == "on"
