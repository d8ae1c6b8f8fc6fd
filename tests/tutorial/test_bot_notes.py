"""The free-game lessons: after each of the learner's moves, the coach tells what the bot did —
one line per bot move, and one for each new turn it led to, in the log's own words — as the
scripted steps tell the opponent's moves."""

from __future__ import annotations

import pytest

from cardgames.bots.keen_bot import KeenBot
from cardgames.tutorial import Coach, Lesson, lessons_of
from cardgames.tutorial.loader import games_with_lessons
from tutorial.walk import follow_script

FREE_GAMES = [x for game in games_with_lessons() for x in lessons_of(game) if x.script.opponent == "bot"]
LEARNER_MOVES = 60


def test_every_game_has_a_free_game_lesson() -> None:
    assert {x.game for x in FREE_GAMES} == set(games_with_lessons())


@pytest.mark.parametrize("lesson", FREE_GAMES, ids=lambda x: x.key)
def test_the_coach_tells_each_bot_move(lesson: Lesson) -> None:
    coach = Coach(lesson)
    learner = KeenBot(3)
    opponent = next(p for p in lesson.scenario.file.players if p != lesson.script.learner)
    book = coach.game.logbook(coach.seat)
    told = 0
    moves = 0
    while not coach.done and moves < LEARNER_MOVES:
        if not coach.free_play():
            follow_script(coach)
            continue
        d = coach.decision
        assert d is not None and d.seat_index == coach.seat
        before = len(book.read(coach.game.events))
        assert coach.answer(learner.choose(d).key).ok
        moves += 1
        new = book.read(coach.game.events)[before:]
        heads = [line for line in new if line.startswith("— ")]
        for note in coach.notes:
            label, _, said = note.partition("**: ")
            # a bot move's note, or one for a turn or round it led to, headed by its log line
            turn = any(label == f"**{h.strip('— ')}" for h in heads)
            assert turn or label == f"**{opponent}", note
            assert not any(part.startswith("— ") for part in said.split("; ")), f"a new turn inside {note!r}"
            assert all(line in "; ".join(new) for line in said.split("; ")), f"{note!r} is not in the log since: {new}"
        if coach.notes:
            told += 1
    if moves >= 20:  # long enough for the bot to take turns (Algomancy's ends in one attack)
        assert told >= 3, f"the coach told the bot's moves only {told} times in {moves} moves"
