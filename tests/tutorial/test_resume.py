"""Leaving a lesson and coming back: the learner's answers, replayed on the lesson's scenario,
bring a new coach to the same point (undo included); the progress file keeps them, and a
damaged progress file is reported and never loses what can still be read."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardgames.bots.keen_bot import KeenBot
from cardgames.cli import main
from cardgames.tui.app import CardgamesApp
from cardgames.tutorial import Coach, Lesson, Progress, lessons_of
from cardgames.tutorial.progress import FILE, KEPT


def play(coach: Coach, answers: int) -> None:
    """Give `answers` expected answers (n on reading steps; a learner's pick in the free game, made
    by a bot of its own: the coach's bot plays the opponent)."""
    learner = KeenBot(7)
    for _ in range(answers):
        if coach.done:
            return
        if coach.current_kind() == "read":
            assert coach.go_on()
        elif coach.free_play():
            d = coach.decision
            assert d is not None
            assert coach.answer(learner.choose(d).key).ok
        else:
            option = coach.expected()
            assert option is not None
            assert coach.answer(option.key).ok


def same_point(a: Coach, b: Coach) -> None:
    assert (a.step, a.part, a.alive) == (b.step, b.part, b.alive)
    assert a.game.events == b.game.events
    assert a.moves == b.moves


FIRST = [lessons_of(game)[0] for game in ("allegiance", "algomancy", "arcmage")]
LAST = [next(x for x in lessons_of(game) if x.script.opponent == "bot") for game in ("allegiance", "mechamancers")]
"""The free games against the bot (a later lesson may teach a variant, scripted)."""


@pytest.mark.parametrize("lesson", FIRST + LAST, ids=lambda x: x.key)
def test_replaying_the_answers_reaches_the_same_point(lesson: Lesson) -> None:
    coach = Coach(lesson)
    play(coach, 5)
    coach.undo()  # undone answers are not replayed, and the bot answers again as it did
    play(coach, 2)
    assert coach.moves and not coach.done
    again = Coach(lesson)
    assert again.replay(list(coach.moves)) == len(coach.moves)
    same_point(again, coach)
    assert again.undo() and coach.undo()  # undo works after a resume too
    same_point(again, coach)


def test_answers_that_no_longer_fit_stop_the_replay_where_they_stop_fitting() -> None:
    lesson = FIRST[0]
    coach = Coach(lesson)
    play(coach, 3)
    kept = list(coach.moves)
    again = Coach(lesson)
    assert again.replay([*kept, "no-such-option", None]) == len(kept)
    same_point(again, coach)


def test_progress_keeps_the_place_and_forgets_it_when_done(tmp_path: Path) -> None:
    p = Progress.load(tmp_path)
    p.remember("allegiance/01-first-turn", 3, [None, "ability:equip", None])
    p.finish("algomancy/01-first-turn")
    again = Progress.load(tmp_path)
    left = again.left_at("allegiance/01-first-turn")
    assert left is not None and left.step == 3 and left.moves == (None, "ability:equip", None)
    assert again.is_done("algomancy/01-first-turn") and not again.problems
    again.finish("allegiance/01-first-turn")
    assert Progress.load(tmp_path).left_at("allegiance/01-first-turn") is None


def test_a_damaged_entry_is_reported_and_the_rest_kept(tmp_path: Path) -> None:
    (tmp_path / FILE).write_text(json.dumps({
        "done": ["allegiance/01-first-turn", 7],
        "started": {"allegiance/02-battles": {"step": 2, "moves": [None, "pass"]},
                    "algomancy/02-battle": {"step": "two", "moves": 5}},
        "later": {"kept": True}}))
    p = Progress.load(tmp_path)
    assert p.is_done("allegiance/01-first-turn")
    assert p.left_at("allegiance/02-battles") is not None
    assert p.left_at("algomancy/02-battle") is None
    assert any("algomancy/02-battle" in x for x in p.problems) and any("`done`" in x for x in p.problems)
    p.finish("arcmage/01-first-turn")
    raw = json.loads((tmp_path / FILE).read_text())
    assert raw["later"] == {"kept": True}  # what this version does not know is written back
    assert set(raw["done"]) == {"allegiance/01-first-turn", "arcmage/01-first-turn"}
    assert "allegiance/02-battles" in raw["started"]


def test_a_file_that_is_not_json_is_reported_and_kept_aside(tmp_path: Path) -> None:
    damaged = '{"done": ["allegiance/01-first-turn"'
    (tmp_path / FILE).write_text(damaged)
    p = Progress.load(tmp_path)
    assert p.problems and "not valid JSON" in p.problems[0] and KEPT in p.problems[0]
    p.finish("arcmage/01-first-turn")
    assert (tmp_path / KEPT).read_text() == damaged  # nothing lost: the old file is kept as it was
    assert Progress.load(tmp_path).is_done("arcmage/01-first-turn")


def test_learn_reports_a_damaged_progress_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("CARDGAMES_HOME", str(tmp_path))
    (tmp_path / FILE).write_text("[1, 2")
    monkeypatch.setattr(CardgamesApp, "run", lambda self, **_: None)
    assert main(["learn", "allegiance"]) == 0
    err = capsys.readouterr().err
    assert "tutorial progress" in err and "not valid JSON" in err and str(tmp_path / FILE) in err
