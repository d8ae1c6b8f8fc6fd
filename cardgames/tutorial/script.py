"""Read a lesson's Markdown script: YAML front matter, then one `## ` heading per step.

Inside a step, lines that start with a directive (`rule:`, `show:`, `expect:`, `wrong:`, `do:`)
say what the step checks; every other line is the coach's text, shown as Markdown.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import yaml

DIRECTIVE = re.compile(r"^(rule|show|expect|wrong|do):\s*(.*)$")


@dataclass(frozen=True)
class Wrong:
    """A likely wrong answer (written as a `when` choice) and why it is wrong."""

    choice: str
    why: str
    line: int


@dataclass(frozen=True)
class Step:
    """One step of a lesson: the learner acts (`expect`), the opponent acts (`do`), or the
    learner reads and goes on (neither)."""

    title: str
    line: int
    text: str
    rules: tuple[str, ...] = ()
    """Rule sections this step teaches, as `<section> > <subsection>` of the game's rules page."""
    show: tuple[str, ...] = ()
    """What to highlight: a card id, or a board panel's id (e.g. `seat-0`, `region-1`)."""
    expect: tuple[str, ...] = ()
    """Accepted answers (any one), each a `when` choice with `->` for the picks that follow."""
    wrong: tuple[Wrong, ...] = ()
    do: tuple[str, ...] = ()
    """The opponent's scripted moves, each `<player>: <choice>` as in a scenario's `when`."""

    @property
    def kind(self) -> str:
        return "opponent" if self.do else "act" if self.expect else "read"


@dataclass(frozen=True)
class Script:
    title: str
    summary: str
    learner: str
    learn: tuple[str, ...]
    steps: tuple[Step, ...]
    outro: str = ""
    opponent: str = "pass"
    """Who answers the opponent's unscripted decisions: `pass` (pass, done, or the only answer)
    or `bot` (a keen bot: for the final, real game)."""
    optional: bool = False
    """Not on the core path (the lessons a 2-player first evening needs), e.g. a lesson for 3 or 4
    players: marked on the lesson list and left out of the game's first-evening total."""
    play_minutes: float = 0
    """The real game's measured length (`expect: play on`), in minutes: the lesson's time estimate
    adds it (cardgames/tutorial/timing.py; tests/tutorial/test_timing.py measures it again)."""
    problems: tuple[str, ...] = field(default=())


def _front(text: str) -> tuple[dict[str, object] | None, str, int, list[str]]:
    """The front matter (None if it is not a YAML mapping), the body, the body's line offset, problems."""
    lines = text.split("\n")
    if not lines or lines[0].strip() != "---":
        return {}, text, 0, ["1: a script starts with front matter between `---` lines"]
    try:
        end = next(i for i in range(1, len(lines)) if lines[i].strip() == "---")
    except StopIteration:
        return {}, text, 0, ["1: the front matter has no closing `---`"]
    try:
        data = yaml.safe_load("\n".join(lines[1:end])) or {}
    except yaml.YAMLError as exc:
        return None, "\n".join(lines[end + 1:]), end + 1, [_yaml_problem(exc)]
    if not isinstance(data, dict):
        return None, "\n".join(lines[end + 1:]), end + 1, [
            "2: front matter must be a mapping (title, summary, learner, learn)"]
    return data, "\n".join(lines[end + 1:]), end + 1, []


def _yaml_problem(exc: yaml.YAMLError) -> str:
    """ "line: what" for front matter that is not YAML (the front matter starts on line 2)."""
    mark = getattr(exc, "problem_mark", None)
    line = mark.line + 2 if mark is not None else 2
    what = " ".join(x for x in (getattr(exc, "context", None), getattr(exc, "problem", None)) if x) or str(exc)
    start = getattr(exc, "context_mark", None)
    since = f" (it starts on line {start.line + 2})" if start is not None and start.line + 2 != line else ""
    return f"{line}: front matter is not valid YAML: {what}{since}"


FRONT_KEYS = {"title", "summary", "learner", "learn", "outro", "opponent", "optional", "play_minutes"}


def parse_script(text: str) -> Script:
    """Parse a script; problems (each "line: what") are collected, never raised."""
    parsed, body, offset, problems = _front(text)
    front = parsed or {}
    for key in sorted(set(front) - FRONT_KEYS):
        problems.append(f"2: front matter: unknown key {key!r} (keys: {', '.join(sorted(FRONT_KEYS))})")
    for key in ("title", "learner") if parsed is not None else ():  # unreadable: its problem says so
        if not front.get(key):
            problems.append(f"2: front matter: `{key}` is required")
    learn = front.get("learn") or []
    if not isinstance(learn, list):
        problems.append("2: front matter: `learn` is a list of what the lesson teaches")
        learn = []
    opponent = str(front.get("opponent") or "pass")
    if opponent not in ("pass", "bot"):
        problems.append(f"2: front matter: opponent {opponent!r}: `pass` or `bot`")
    optional = front.get("optional", False)
    if not isinstance(optional, bool):
        problems.append(f"2: front matter: optional {optional!r}: `true` (not needed for a 2-player first evening) "
                        "or `false`")
        optional = False
    play = front.get("play_minutes") or 0
    if isinstance(play, bool) or not isinstance(play, (int, float)) or play < 0:
        problems.append(f"2: front matter: play_minutes {play!r}: the real game's minutes, a number")
        play = 0
    steps: list[Step] = []
    current: dict[str, object] | None = None

    def close() -> None:
        if current is None:
            return
        steps.append(_step(current, problems))

    for i, raw in enumerate(body.split("\n"), start=offset + 1):
        if raw.startswith("## "):
            close()
            current = {"title": raw[3:].strip(), "line": i, "text": [], "rule": [], "show": [],
                       "expect": [], "wrong": [], "do": []}
            continue
        if current is None:
            if raw.strip():
                problems.append(f"{i}: text before the first `## ` step heading")
            continue
        m = DIRECTIVE.match(raw)
        if m:
            key, value = m.group(1), m.group(2).strip()
            if not value:
                problems.append(f"{i}: `{key}:` needs a value")
            elif key == "wrong":
                choice, arrow, why = value.partition("=>")
                if not arrow or not choice.strip() or not why.strip():
                    problems.append(f"{i}: write `wrong: <choice> => <why it is wrong>`")
                else:
                    current["wrong"].append(Wrong(choice.strip(), why.strip(), i))  # type: ignore[attr-defined]
            else:
                current[key].append(value)  # type: ignore[attr-defined]
        else:
            current["text"].append(raw)  # type: ignore[attr-defined]
    close()
    if not steps:
        problems.append(f"{offset + 1}: no steps (each starts with a `## ` heading)")
    free = any("play on" in step.expect for step in steps)
    if free and not play:
        problems.append("2: front matter: a lesson with `expect: play on` says its game's minutes (`play_minutes:`)")
    elif play and not free:
        problems.append("2: front matter: `play_minutes` is for a lesson with a real game (`expect: play on`)")
    return Script(str(front.get("title") or ""), str(front.get("summary") or ""),
                  str(front.get("learner") or ""), tuple(str(x) for x in learn), tuple(steps),
                  str(front.get("outro") or ""), opponent, optional, float(play), tuple(problems))


def _step(raw: dict[str, object], problems: list[str]) -> Step:
    def items(key: str) -> tuple[str, ...]:
        value = raw[key]
        assert isinstance(value, list)
        return tuple(value)

    text = "\n".join(items("text")).strip()
    step = Step(str(raw["title"]), int(str(raw["line"])), text, items("rule"), items("show"),
                items("expect"), tuple(raw["wrong"]), items("do"))  # type: ignore[arg-type]
    if step.do and step.expect:
        problems.append(f"{step.line}: a step has `expect:` (the learner acts) or `do:` (the opponent acts), not both")
    if step.wrong and not step.expect:
        problems.append(f"{step.line}: `wrong:` needs an `expect:` in the same step")
    for d in step.do:
        if ":" not in d:
            problems.append(f"{step.line}: write `do: <player>: <choice>`, not {d!r}")
    return step
