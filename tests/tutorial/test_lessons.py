"""Every shipped lesson loads, completes through its scripted answers headless, and refuses each
scripted wrong answer with its explanation; undo and hints work; the format's errors are named."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardgames.tutorial import Coach, LessonError, lessons_of, load_lesson
from cardgames.tutorial.loader import games_with_lessons, lesson_dirs, rule_sections
from cardgames.tutorial.script import parse_script
from tutorial.walk import walk

LESSONS = [d for game in games_with_lessons() for d in lesson_dirs(game)]


def test_both_finished_games_have_lessons() -> None:
    assert {"allegiance", "algomancy"} <= set(games_with_lessons())


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_lesson_completes_through_its_script(path: Path) -> None:
    lesson = load_lesson(path)
    coach = walk(lesson)
    assert coach.done
    assert lesson.script.learn, "a lesson says what it teaches"


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_act_step_teaches_a_rule(path: Path) -> None:
    lesson = load_lesson(path)
    missing = [s.title for s in lesson.script.steps if s.kind == "act" and not s.rules]
    assert not missing, f"steps that name no rule section: {missing}"


def test_a_wrong_answer_changes_nothing_and_the_lesson_goes_on() -> None:
    lesson = lessons_of("allegiance")[0]
    coach = Coach(lesson)
    while coach.current is not None and coach.current.title != "Enlist a unit":
        if coach.current.kind == "read":
            coach.go_on()
        else:
            option = coach.expected()
            assert option is not None
            coach.answer(option.key)
    step, events = coach.step, len(coach.game.events)
    verdict = coach.why_wrong("pass")
    assert not verdict.ok and "ends your maneuver phase" in verdict.why
    assert "4. Maneuvers > Enlisting a unit" in verdict.rules
    assert (coach.step, len(coach.game.events)) == (step, events)
    assert coach.hint() == "Choose: Enlist Infantry (4 gold)"
    unscripted = coach.why_wrong("ability equip")
    assert not unscripted.ok and "Enlist Infantry" in unscripted.why  # a generic refusal names the way on
    option = coach.expected()
    assert option is not None and coach.answer(option.key).ok
    assert coach.step == step + 1
    assert coach.undo()
    assert (coach.step, len(coach.game.events)) == (step, events)
    assert coach.hint() == "Choose: Enlist Infantry (4 gold)"


def test_a_reading_step_waits_for_n_and_refuses_answers() -> None:
    coach = Coach(lessons_of("allegiance")[0])
    assert coach.current_kind() == "read"
    d = coach.decision
    assert d is not None
    assert not coach.answer(d.options[0].key).ok
    assert coach.go_on()
    assert coach.step == 1


def test_rule_sections_read_the_rules_page() -> None:
    sections = rule_sections("allegiance")
    assert "6. Battles > Armor" in sections
    assert "5. The chain" in sections


def test_script_problems_are_named_with_their_line() -> None:
    script = parse_script("---\ntitle: x\n---\n\n## A\nwrong: pass\ndo: nobody\n")
    assert any(p.startswith("2:") and "learner" in p for p in script.problems)
    assert any(p.startswith("6:") and "=>" in p for p in script.problems)
    assert any("not both" in p or "do: <player>" in p for p in script.problems)


def test_a_rule_that_is_not_a_section_is_refused(tmp_path: Path) -> None:
    source = lesson_dirs("allegiance")[0]
    folder = tmp_path / "01-x"
    folder.mkdir()
    (folder / "scenario.yaml").write_text((source / "scenario.yaml").read_text())
    text = (source / "script.md").read_text().replace("rule: 6. Battles > Armor", "rule: 6. Battles > Shields", 1)
    (folder / "script.md").write_text(text)
    with pytest.raises(LessonError, match="Shields"):
        load_lesson(folder)


def test_backing_out_of_a_half_made_answer_starts_the_step_again() -> None:
    lesson = next(x for x in lessons_of("allegiance") if x.id == "03-hero-abilities")
    coach = Coach(lesson)
    while coach.current is not None and coach.current.title != "Use Smite at once":
        if coach.current.kind == "read":
            coach.go_on()
        else:
            option = coach.expected()
            assert option is not None
            coach.answer(option.key)
    step, events = coach.step, len(coach.game.events)
    option = coach.expected()
    assert option is not None and coach.answer(option.key).ok  # "Use Smite": now the target
    assert coach.part == 1
    d = coach.decision
    assert d is not None and "cancel" in {o.key for o in d.options}
    assert coach.answer("cancel").ok
    assert (coach.step, coach.part, len(coach.game.events)) == (step, 0, events)
