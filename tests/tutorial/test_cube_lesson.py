"""Algomancy's cube-draft lesson says what the table shows: the pack of 10 and the 2 drawn, the
pack that comes back from Bob, the hand growing by 2 a round, and the first pack back in round 3
with the card the learner put in (rulebook: Algomancy cube draft; ruling A69)."""

from __future__ import annotations

from cardgames.games.algomancy import table as t
from cardgames.tutorial import Coach, lessons_of
from tutorial.walk import follow_script

LESSON = next(x for x in lessons_of("algomancy") if x.id == "10-cube-draft")


def step_to(coach: Coach, title: str) -> None:
    """Give the expected answers up to the step with this title."""
    while coach.current is not None and coach.current.title != title:
        follow_script(coach)
    assert coach.current is not None, f"no step {title!r}"


def cards(coach: Coach, zone: str) -> list[str]:
    state = coach.game.state
    return sorted(state.objects[oid].card for oid in state.zones[zone].cards)


def test_the_lesson_is_an_optional_two_player_cube_from_its_first_decision() -> None:
    assert LESSON.script.optional
    assert LESSON.scenario.file.options["format"] == "cube" and "given" not in LESSON.scenario.file.options
    coach = Coach(LESSON)
    d = coach.decision
    assert d is not None and d.seat_index == coach.seat and d.kind == "draft"
    assert len(cards(coach, t.pack(coach.seat))) == 10
    assert cards(coach, t.hand(coach.seat)) == ["maw-of-damnation", "mold-the-current"]  # "you drew 2"


def test_the_pack_that_comes_back_is_bobs_and_the_hand_grows_by_two() -> None:
    coach = Coach(LESSON)
    bob = 1 - coach.seat
    dealt_to_bob = cards(coach, t.pack(bob))
    step_to(coach, "What comes back")
    assert cards(coach, t.pack(coach.seat)) == dealt_to_bob
    assert len(cards(coach, t.hand(coach.seat))) == 4
    step_to(coach, "Fifteen rounds, thirty cards")
    ann = cards(coach, t.pack(coach.seat))
    assert len(ann) == 10 and ann.count("maw-of-damnation") == 2  # the pack's own Maw and the one put in
    assert len(cards(coach, t.hand(coach.seat))) == 6
    assert coach.game.state.globals.get("cube_round") == 2  # two rounds passed: round 3 has begun
