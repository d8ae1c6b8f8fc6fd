"""Play a lesson through its script headless, as a learner who always gives the expected answer."""

from __future__ import annotations

from cardgames.tutorial import Coach, Lesson

FREE_PLAY_CAP = 3000


def walk(lesson: Lesson, *, try_wrong: bool = True) -> Coach:
    """Every step in order; at each act step, every scripted wrong answer first (each must be
    refused with its own explanation and leave the table as it was), then the expected one."""
    coach = Coach(lesson)
    answers = 0
    tried: set[tuple[int, int]] = set()
    while not coach.done:
        step = coach.current
        assert step is not None
        if step.kind == "read":
            assert coach.go_on()
            continue
        if coach.free_play():
            d = coach.decision
            assert d is not None
            assert coach.answer(coach.bot.choose(d).key).ok
            answers += 1
            assert answers < FREE_PLAY_CAP, "the free game did not end"
            continue
        option = coach.expected()
        assert option is not None, f"{lesson.key}: step {step.title!r}: no option matches {step.expect}"
        pointed = coach.spotlight()[0]  # the option the screen highlights: Enter would choose it
        assert pointed in (None, option.key), f"{lesson.key}: step {step.title!r} highlights {pointed}"
        if try_wrong:
            for wrong in coach.wrongs_now():
                tried.add((coach.step, wrong.line))
                before = len(coach.game.events)
                verdict = coach.why_wrong(wrong.choice)
                assert not verdict.ok, f"{lesson.key}: {wrong.choice!r} was accepted at {step.title!r}"
                assert verdict.why == wrong.why
                assert verdict.rules == step.rules
                assert len(coach.game.events) == before
        assert coach.answer(option.key).ok
    if try_wrong:
        scripted = {(i, w.line) for i, s in enumerate(lesson.script.steps) for w in s.wrong}
        assert scripted <= tried, f"{lesson.key}: wrong answers never tried: {sorted(scripted - tried)}"
    return coach


def follow_script(coach: Coach) -> None:
    """One move as the script has it: on at a reading step, else the step's expected answer."""
    if coach.current_kind() == "read":
        assert coach.go_on()
        return
    option = coach.expected()
    assert option is not None
    assert coach.answer(option.key).ok
