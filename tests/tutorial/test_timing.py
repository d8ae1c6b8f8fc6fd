"""How long a lesson takes, worked out from the lesson (cardgames/tutorial/timing.py): the count on
a small hand-counted script, the real games' `play_minutes` measured again, and each game's core
path (the lessons not marked optional) within the issue's 15 minutes."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardgames.tui.screens.tutorials import lesson_line, lesson_numbers
from cardgames.tui.settings import GAMES
from cardgames.tutorial import Progress, lessons_of
from cardgames.tutorial.loader import Lesson, games_with_lessons
from cardgames.tutorial.script import parse_script
from cardgames.tutorial.timing import (
    CORE_MINUTES,
    answers,
    core_minutes,
    lesson_minutes,
    lesson_seconds,
    measure_play,
    read_words,
    words,
)

FIXTURE = """---
title: Counting
summary: Not read in the lesson (it is on the list).
learner: Paul
learn:
  - Enlisting a unit
outro: Next, **your own** battles.
---

## Welcome
rule: 1. The goal, and what is on the table

Read this, then press **n**.

## Enlist a unit
rule: 4. Maneuvers > Enlisting a unit
show: infantry
expect: enlist infantry
expect: pass
wrong: pass => Passing ends your maneuver phase, so do not.

Enlist the *Infantry*: it costs 4 gold.

## Smite it
rule: 4. Maneuvers > Using hero abilities and cooldowns
expect: ability smite -> knight-errant

Smite the Knight.

## Allison attacks
do: Allison: battle Paul

She attacks you.
"""


def test_the_estimate_counts_what_the_learner_reads_and_answers() -> None:
    script = parse_script(FIXTURE)
    assert not script.problems
    # Read: "Read this, then press n" 5, "Enlist the Infantry: it costs 4 gold" 7, "Smite the Knight" 3,
    # "She attacks you" 3, learn "Enlisting a unit" 3, outro "Next, your own battles" 4 = 25 words;
    # not the directives, the summary, nor the wrong answer's explanation.
    assert read_words(script) == 25
    # Answers: "enlist infantry" (its alternative "pass" is the same pick) 1, "smite -> knight" 2.
    assert answers(script) == 3
    assert lesson_seconds(script) == pytest.approx(25 * 60 / 200 + 3 * 5)  # 7.5 s + 15 s
    assert lesson_minutes(script) == 1


def test_words_are_counted_as_a_reader_counts_them() -> None:
    assert words("**Smite** an exhausted blocker — 3–4 players, don't.") == 8
    assert words("- `t` gives a hint") == 4


def test_the_real_game_and_optional_lessons_count_as_the_front_matter_says() -> None:
    game = parse_script(FIXTURE.replace("learner: Paul", "learner: Paul\nplay_minutes: 4.5")
                        .replace("expect: ability smite -> knight-errant", "expect: play on"))
    assert not game.problems
    assert answers(game) == 1  # the real game's decisions are in play_minutes
    assert lesson_seconds(game) == pytest.approx(25 * 60 / 200 + 5 + 4.5 * 60)
    optional = parse_script(FIXTURE.replace("learner: Paul", "learner: Paul\noptional: true"))
    assert optional.optional and not optional.problems
    assert core_minutes([parse_script(FIXTURE), game, optional]) == 6  # 22.5 + 282.5 s, the optional one left out


def test_a_real_game_without_its_minutes_is_refused() -> None:
    script = parse_script(FIXTURE.replace("expect: ability smite -> knight-errant", "expect: play on"))
    assert any("play_minutes" in p for p in script.problems)
    for front in ("play_minutes: 3", "play_minutes: soon", "optional: for groups"):  # no game; not a number; not a flag
        problems = parse_script(FIXTURE.replace("learner: Paul", f"learner: Paul\n{front}")).problems
        assert any(front.split(":")[0] in p for p in problems), front


REAL_GAMES = [lesson for game in games_with_lessons() for lesson in lessons_of(game) if lesson.script.play_minutes]


@pytest.mark.parametrize("lesson", REAL_GAMES, ids=lambda x: x.key)
def test_play_minutes_is_what_the_game_measures(lesson: Lesson) -> None:
    """The figure in the front matter is the measured one: a changed scenario must measure again
    (tests/tutorial/test_timing.py's `measure_play`; the script's comment says how)."""

    measured = measure_play(lesson)
    assert lesson.script.play_minutes == measured, f"{lesson.key}: the game now measures {measured} min: " \
        f"write `play_minutes: {measured}` in its script.md"


@pytest.mark.parametrize("game", games_with_lessons())
def test_each_games_first_evening_fits_15_minutes(game: str) -> None:
    scripts = [lesson.script for lesson in lessons_of(game)]
    per_lesson = {lesson.id: lesson_minutes(lesson.script) for lesson in lessons_of(game) if not lesson.script.optional}
    assert core_minutes(scripts) <= CORE_MINUTES, f"{game}: core path {core_minutes(scripts)} min: {per_lesson}"


DOC = Path(__file__).resolve().parents[2] / "docs" / "tutorials.md"


@pytest.mark.parametrize("game", games_with_lessons())
def test_the_docs_table_shows_each_lessons_estimate(game: str) -> None:
    """docs/tutorials.md, "How long a lesson takes": under the game's `#### <title>`, a row per
    lesson with its words, answers, real game and minutes, and the first evening's total, as the
    lessons work out now (write the table again when a lesson changes)."""
    section = DOC.read_text(encoding="utf-8").split("## How long a lesson takes", 1)[1].split("\n## ", 1)[0]
    title = dict((name, title) for title, name in GAMES)[game]
    table = next((part for part in section.split("\n#### ") if part.startswith(title + "\n")), None)
    assert table is not None, f"docs/tutorials.md has no `#### {title}` table"
    lessons = lessons_of(game)
    rows = [f"| {x.id} | {read_words(x.script)} | {answers(x.script)} | {x.script.play_minutes or '—'} | "
            f"{lesson_minutes(x.script)} | {'optional' if x.script.optional else 'yes'} |" for x in lessons]
    rows.append(f"| **first evening** | | | | **{core_minutes(x.script for x in lessons)}** | |")
    found = [line for line in table.splitlines() if line.startswith("| ") and not line.startswith("| Lesson ")]
    assert found == rows


def test_the_lesson_list_shows_minutes_and_the_first_evening(tmp_path: Path) -> None:
    progress = Progress(tmp_path)
    lesson = next(x for x in lessons_of("allegiance") if x.script.optional)
    assert f"(about {lesson_minutes(lesson.script)} min, optional)" in str(lesson_line(6, lesson, progress))
    first = lessons_of("allegiance")[0]
    assert f"(about {lesson_minutes(first.script)} min) — not started" in str(lesson_line(1, first, progress))
    assert lesson_numbers([1, 2, 3, 4, 5]) == "lessons 1–5"
    assert lesson_numbers([1, 2, 4]) == "lessons 1, 2 and 4"
    assert lesson_numbers([1, 2]) == "lessons 1 and 2"
    assert lesson_numbers([3]) == "lesson 3"
