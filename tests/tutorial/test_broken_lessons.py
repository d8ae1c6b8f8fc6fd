"""Bad lesson data never stops the others: a lesson that cannot be read is listed as broken with
its file, line and problem, and every other lesson of the game still loads."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from cardgames.cli import main
from cardgames.tui.app import CardgamesApp
from cardgames.tutorial import Lesson, LessonError, load_lesson, loader
from cardgames.tutorial.loader import BrokenLesson, lesson_dirs, scan_lessons
from cardgames.tutorial.script import parse_script

BAD_FRONT = "learn:\n  - one thing\n  - [unclosed\n"


def lessons_with_a_broken_one(tmp_path: Path) -> Path:
    """A lessons folder holding Allegiance's first three lessons, the second with broken front matter."""
    root = tmp_path / "lessons"
    for source in lesson_dirs("allegiance")[:3]:
        shutil.copytree(source, root / "allegiance" / source.name)
    script = root / "allegiance" / lesson_dirs("allegiance")[1].name / "script.md"
    text = script.read_text(encoding="utf-8")
    start = text.index("learn:")
    end = text.index("outro:") if "outro:" in text else text.index("\n---", 4) + 1
    script.write_text(text[:start] + BAD_FRONT + text[end:], encoding="utf-8")
    return root


def test_front_matter_that_is_not_yaml_names_its_line() -> None:
    script = parse_script("---\ntitle: x\nlearner: Ann\nlearn: [a, b\nsummary: s\n---\n\n## A\nSome text.\n")
    assert len(script.problems) == 1, script.problems  # no follow-on noise ("title is required", ...)
    problem = script.problems[0]
    assert problem.startswith("5: front matter is not valid YAML") and "line 4" in problem
    assert parse_script("---\ntitle: x\nsummary: a: b\n---\n## A\n").problems[0].startswith("3: ")


def test_a_broken_lesson_is_listed_and_the_others_load(tmp_path: Path) -> None:
    root = lessons_with_a_broken_one(tmp_path)
    lessons = scan_lessons("allegiance", root)
    assert [type(x) for x in lessons] == [Lesson, BrokenLesson, Lesson]
    broken = lessons[1]
    assert isinstance(broken, BrokenLesson)
    script = root / "allegiance" / broken.id / "script.md"
    line = script.read_text(encoding="utf-8").split("\n").index("  - [unclosed") + 1
    assert f"{script}:{line + 1}: front matter is not valid YAML" in broken.error
    assert f"line {line}" in broken.error
    with pytest.raises(LessonError):
        load_lesson(broken.path)


def test_learn_names_a_broken_lesson_and_still_opens(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    root = lessons_with_a_broken_one(tmp_path)
    monkeypatch.setattr(loader, "lessons_root", lambda: root)
    opened: list[str | None] = []
    monkeypatch.setattr(CardgamesApp, "run", lambda self, **_: opened.append(self.pending_lessons))
    assert main(["learn", "allegiance"]) == 0
    assert opened == ["allegiance"]
    err = capsys.readouterr().err
    broken = lesson_dirs("allegiance", root)[1]
    assert f"allegiance/{broken.name} cannot be opened" in err
    assert f"{broken / 'script.md'}:" in err and "front matter is not valid YAML" in err


BAD_FILES = {
    "script not UTF-8": ("script.md", b"---\ntitle: \xff\xfe\n---\n"),
    "script empty": ("script.md", b""),
    "front matter a list": ("script.md", b"---\n- a\n---\n## A\n"),
    "front matter odd values": ("script.md", b"---\ntitle: {a: 1}\nlearner: {x: 1}\nlearn: [1]\nopponent: [1]\n---\n"),
    "scenario not UTF-8": ("scenario.yaml", b"game: \xff\xfe\n"),
    "scenario not YAML": ("scenario.yaml", b"game: [allegiance\n"),
    "scenario empty": ("scenario.yaml", b""),
    "scenario of no game": ("scenario.yaml", b"game: nope\nplayers: [A, B]\n"),
}


@pytest.mark.parametrize("name", sorted(BAD_FILES))
def test_bad_lesson_files_are_refused_with_the_file_never_a_crash(name: str, tmp_path: Path) -> None:
    file, data = BAD_FILES[name]
    folder = tmp_path / "allegiance" / "01-x"
    shutil.copytree(lesson_dirs("allegiance")[0], folder)
    (folder / file).write_bytes(data)
    with pytest.raises(LessonError, match=rf"{folder / file}:\d+: "):
        load_lesson(folder)
    assert [type(x) for x in scan_lessons("allegiance", tmp_path)] == [BrokenLesson]
