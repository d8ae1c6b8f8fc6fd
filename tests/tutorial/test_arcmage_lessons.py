"""ARC-mage's lessons: a step that only explains is shown once the opponent has answered what
the script left to them, so the table it describes is the table on the screen."""

from __future__ import annotations

import pytest

from cardgames.tutorial import Coach, Lesson, lessons_of


@pytest.mark.parametrize("lesson", lessons_of("arcmage"), ids=lambda x: x.id)
def test_a_reading_step_waits_on_the_learner_not_the_opponent(lesson: Lesson) -> None:
    coach = Coach(lesson)
    read = 0
    while not coach.done:
        step = coach.current
        assert step is not None
        if step.kind == "read":
            d = coach.decision
            assert d is None or d.seat_index == coach.seat, f"{step.title!r} is read while {d.seat} decides {d.kind}"
            read += 1
            assert coach.go_on()
        elif coach.free_play():
            d = coach.decision
            assert d is not None
            assert coach.answer(coach.bot.choose(d).key).ok
        else:
            option = coach.expected()
            assert option is not None, step.title
            assert coach.answer(option.key).ok
    assert read > 0
