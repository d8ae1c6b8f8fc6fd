"""Find and load lessons: `lessons/<game>/<NN-name>/` holding `scenario.yaml` and `script.md`.

A lesson is data only: the scenario sets the table (docs/scenarios.md; its `when` lines, if any,
are played before the lesson starts) and the script says what the coach explains and expects.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from cardgames.catalog.paths import doc_path
from cardgames.engine.decisions import CardgamesError
from cardgames.scenarios.loader import ScenarioError, load_scenario
from cardgames.scenarios.model import Scenario
from cardgames.tutorial.script import Script, parse_script


class LessonError(CardgamesError, ValueError):
    """A lesson folder that cannot be read; the message lists every problem with file and line."""


@dataclass(frozen=True)
class Lesson:
    game: str
    id: str
    """The folder name, e.g. `01-first-turn` (lessons are taken in this order)."""
    path: Path
    scenario: Scenario
    script: Script

    @property
    def title(self) -> str:
        return self.script.title

    @property
    def key(self) -> str:
        """`<game>/<id>`: how progress remembers the lesson."""
        return f"{self.game}/{self.id}"


def lessons_root() -> Path:
    """The shipped lessons (inside the installed package, or in a checkout)."""
    return Path(str(resources.files("cardgames.tutorial"))) / "lessons"


def lesson_dirs(game: str, root: Path | None = None) -> list[Path]:
    folder = (root or lessons_root()) / game
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.iterdir() if p.is_dir() and (p / "script.md").is_file())


def games_with_lessons(root: Path | None = None) -> list[str]:
    base = root or lessons_root()
    return sorted(p.name for p in base.iterdir() if p.is_dir() and lesson_dirs(p.name, base)) if base.is_dir() else []


def lessons_of(game: str, root: Path | None = None) -> list[Lesson]:
    """Every lesson of a game, in order (LessonError if one cannot be read)."""
    return [load_lesson(p) for p in lesson_dirs(game, root)]


@dataclass(frozen=True)
class BrokenLesson:
    """A lesson folder that cannot be read: where it is and what is wrong (file, line, what)."""

    game: str
    id: str
    path: Path
    error: str

    @property
    def key(self) -> str:
        return f"{self.game}/{self.id}"


def scan_lessons(game: str, root: Path | None = None) -> list[Lesson | BrokenLesson]:
    """Every lesson of a game, in order; one that cannot be read is listed as broken, so the
    others still run."""
    out: list[Lesson | BrokenLesson] = []
    for p in lesson_dirs(game, root):
        try:
            out.append(load_lesson(p))
        except LessonError as exc:
            out.append(BrokenLesson(game, p.name, p, str(exc)))
    return out


def broken_lessons(game: str, root: Path | None = None) -> list[BrokenLesson]:
    return [x for x in scan_lessons(game, root) if isinstance(x, BrokenLesson)]


HEADING = re.compile(r"^(#{2,3}) (.+?)\s*$")


def rule_sections(game: str) -> list[str]:
    """The sections of a game's rules page (docs/rules/<game>.md): `## A` is `A`, a `### B`
    under it is `A > B`."""
    try:
        text = doc_path(f"rules/{game}.md").read_text(encoding="utf-8")
    except OSError:
        return []
    out: list[str] = []
    top = ""
    for line in text.splitlines():
        m = HEADING.match(line)
        if not m:
            continue
        if m.group(1) == "##":
            top = m.group(2)
            out.append(top)
        elif top:
            out.append(f"{top} > {m.group(2)}")
    return out


def load_lesson(path: Path) -> Lesson:
    """Read one lesson folder, checking the script against the scenario and the rules page."""
    script_file = path / "script.md"
    scenario_file = path / "scenario.yaml"
    problems: list[str] = []
    try:
        script = parse_script(script_file.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise LessonError(f"{script_file}:1: cannot read the file: {exc}") from None
    problems += [f"{script_file}:{p}" for p in script.problems]
    try:
        scenario = load_scenario(scenario_file)
    except ScenarioError as exc:
        raise LessonError("\n".join(problems + exc.problems)) from None
    except OSError as exc:
        raise LessonError(f"{scenario_file}: {exc}") from None
    game = scenario.file.game
    players = scenario.file.players
    if script.learner and script.learner not in players:
        problems.append(f"{script_file}:2: learner {script.learner!r} is not a player ({', '.join(players)})")
    known = set(rule_sections(game))
    for step in script.steps:
        for rule in step.rules:
            if rule not in known:
                problems.append(f"{script_file}:{step.line}: rule {rule!r} is not a section of "
                                f"docs/rules/{game}.md")
        for d in step.do:
            who = d.partition(":")[0].strip()
            if who not in players or who == script.learner:
                problems.append(f"{script_file}:{step.line}: `do:` is for the opponent, not {who!r}")
    if problems:
        raise LessonError("\n".join(problems))
    return Lesson(game, path.name, path, scenario, script)
