"""docs/tutorials.md maps every rules section of each game to the lesson and step that teaches
it: no section without a row, no row for a section that does not exist, no row whose step does
not name its section."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from cardgames.tutorial import lessons_of
from cardgames.tutorial.loader import rule_sections

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "tutorials.md"
GAMES = ["allegiance", "algomancy", "altered", "mechamancers", "arcmage"]


def table(game: str) -> list[tuple[str, str, str]]:
    """(section, lesson id, step title) rows of the game's coverage table."""
    text = DOC.read_text(encoding="utf-8")
    heading = re.search(rf"^### [^\n]+ \(docs/rules/{game}\.md\)$", text, re.MULTILINE)  # "### ARC-mage (...)"
    assert heading is not None, f"docs/tutorials.md has no coverage table for {game}"
    body = text[heading.end():].split("\n### ", 1)[0]
    rows = []
    for line in body.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 3 and cells[0] not in ("Rulebook section",) and not set(cells[0]) <= set("-"):
            rows.append((cells[0], cells[1], cells[2]))
    return rows


@pytest.mark.parametrize("game", GAMES)
def test_every_section_has_a_lesson_step(game: str) -> None:
    listed = {section for section, _, _ in table(game)}
    missing = [s for s in rule_sections(game) if s not in listed]
    assert not missing, f"sections no lesson teaches (add a step, then a row): {missing}"


@pytest.mark.parametrize("game", GAMES)
def test_every_row_names_a_real_section_and_a_step_that_teaches_it(game: str) -> None:
    sections = set(rule_sections(game))
    lessons = {lesson.id: lesson for lesson in lessons_of(game)}
    problems = []
    for section, lesson_id, step_title in table(game):
        if section not in sections:
            problems.append(f"{section!r} is not a section of docs/rules/{game}.md")
        lesson = lessons.get(lesson_id)
        step = None if lesson is None else next((s for s in lesson.script.steps if s.title == step_title), None)
        if step is None:
            problems.append(f"{lesson_id} has no step {step_title!r}")
        elif section not in step.rules:
            problems.append(f"{lesson_id} / {step_title!r} does not name {section!r} (`rule:`)")
    assert not problems, "\n".join(problems)


def test_the_table_reader_sees_rows() -> None:
    rows = table("allegiance")
    assert ("6. Battles > Armor", "01-first-turn", "Equip: and your armor's face") in rows
    assert re.search(r"\| 6\. Battles > Armor \|", DOC.read_text(encoding="utf-8"))
