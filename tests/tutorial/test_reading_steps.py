"""Every game's lessons: a step that only explains is shown once the opponent has answered what
the script left to them, so the table it describes is the table on the screen."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardgames.tutorial import Coach, load_lesson
from cardgames.tutorial.loader import games_with_lessons, lesson_dirs

LESSONS = [d for game in games_with_lessons() for d in lesson_dirs(game)]


def test_every_game_with_lessons_is_checked() -> None:
    assert {"allegiance", "algomancy", "altered", "arcmage", "mechamancers"} <= set(games_with_lessons())


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_a_reading_step_waits_on_the_learner_not_the_opponent(path: Path) -> None:
    coach = Coach(load_lesson(path))
    while not coach.done:
        step = coach.current
        assert step is not None
        if step.kind == "read":
            d = coach.decision
            assert d is None or d.seat_index == coach.seat, f"{step.title!r} is read while {d.seat} decides {d.kind}"
            assert coach.go_on()
        elif coach.free_play():
            d = coach.decision
            assert d is not None
            assert coach.answer(coach.bot.choose(d).key).ok
        else:
            option = coach.expected()
            assert option is not None, step.title
            assert coach.answer(option.key).ok
