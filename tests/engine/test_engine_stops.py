"""Stop settings mean the same in every game (engine.stops): each game supplies only its public
facts; "relevant" asks only when the moment concerns the seat, "auto" whenever it could respond."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

from cardgames import new_game
from cardgames.bots.keen_bot import KeenBot
from cardgames.engine.stops import STOP_HELP, STOP_SETTINGS, wants_priority


@dataclass
class Facts:
    must: bool = False
    could: bool = True
    concerned: bool = False

    def must_ask(self, state: Any, seat: int, frame: Any) -> bool:
        return self.must

    def could_respond(self, state: Any, seat: int, frame: Any) -> bool:
        return self.could

    def concerns(self, state: Any, seat: int, frame: Any) -> bool:
        return self.concerned


class _Player:
    def __init__(self, stop: str) -> None:
        self.props = {"stop": stop}


class _State:
    def __init__(self, stop: str) -> None:
        self.players = [_Player(stop)]


@pytest.mark.parametrize(("stop", "facts", "asked"), [
    ("always", Facts(could=False), True),
    ("never", Facts(concerned=True), False),
    ("never", Facts(must=True), True),
    ("auto", Facts(could=True), True),
    ("auto", Facts(could=False), False),
    ("relevant", Facts(could=True, concerned=False), False),
    ("relevant", Facts(could=True, concerned=True), True),
    ("relevant", Facts(could=False, concerned=True), False),
])
def test_each_stop_setting_asks_as_its_help_says(stop: str, facts: Facts, asked: bool) -> None:
    assert wants_priority(facts, _State(stop), 0, None) is asked


def test_every_setting_is_explained() -> None:
    assert set(STOP_HELP) == set(STOP_SETTINGS)


def _asked(game: str, stop: str, seed: int) -> tuple[int, int]:
    """(times the non-active seat was asked in a priority window with others, decisions) over a
    keen-bot game where both seats keep `stop`."""
    g = new_game(game, ["Ann", "Bob"], seed, {"stop": {"Ann": stop, "Bob": stop}})
    bot = KeenBot(seed)
    asked = decisions = 0
    while g.outcome is None:
        d = g.decision
        frame = g.state.frames[-1] if g.state.frames else None
        if d.kind == "priority" and frame is not None and len(frame.data.get("seats") or [0, 1]) > 1:
            asked += 1
        g.choose(bot.choose(d))
        decisions += 1
    return asked, decisions


@pytest.mark.parametrize("game", ["allegiance", "algomancy"])
def test_relevant_asks_less_often_than_auto_and_auto_no_more_than_always(game: str) -> None:
    """"relevant" is a real setting in every game: fewer priority windows than "auto"
    (Algomancy's used to fall through to "auto"), which asks no more than "always"."""
    per = {stop: sum(_asked(game, stop, seed)[0] / _asked(game, stop, seed)[1] for seed in (1, 2, 3))
           for stop in ("relevant", "auto", "always")}
    assert per["relevant"] < per["auto"] <= per["always"], per
