"""Read a scenario YAML file into a Scenario, reporting every problem with its file and line."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml
from pydantic import ValidationError

from cardgames.catalog.loader import line_of, read_yaml, yaml_files
from cardgames.engine.decisions import CardgamesError
from cardgames.scenarios.model import Scenario, ScenarioFile, Step, Then


class ScenarioError(CardgamesError, ValueError):
    """A scenario file that cannot be read; `problems` lists each as "file:line: message"."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = problems
        super().__init__("\n".join(problems))


def _where(loc: tuple[Any, ...]) -> str:
    return ".".join(str(p) for p in loc)


def _validation_problems(name: str, node: yaml.Node, exc: ValidationError,
                         prefix: tuple[Any, ...] = (), skip_steps: bool = False) -> list[str]:
    out = []
    for err in exc.errors():
        loc = prefix + tuple(err["loc"])
        if skip_steps and len(loc) > 1 and loc[0] == "when":
            continue  # each `when` line is checked (and reported) on its own
        hint = ""
        if err["type"] == "string_type" and isinstance(err.get("input"), dict):
            hint = " (a text with `: ` in it must be quoted, e.g. \"Mend Wounds: resolves\")"
        out.append(f"{name}:{line_of(node, loc)}: {_where(loc)}: {err['msg']}{hint}")
    return out


def _by_line(problems: list[str]) -> list[str]:
    def key(p: str) -> int:
        parts = p.split(":")
        return int(parts[1]) if len(parts) > 1 and parts[1].isdigit() else 0

    return sorted(problems, key=key)


def _text(value: Any) -> str | None:
    """A `when` choice as text (YAML turns `yes`/`no` into booleans and digits into numbers)."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int | float | str):
        return str(value).strip()
    return None


def load_scenario(path: str | Path) -> Scenario:
    """Load and check one scenario file; raises ScenarioError listing every problem."""
    p = Path(path)
    name = str(path)
    data, node, problems = read_yaml(p)
    if problems:
        raise ScenarioError([f"{pr.file}:{pr.line}: {pr.message}" for pr in problems])
    if node is None or not isinstance(data, dict):
        raise ScenarioError([f"{name}:1: a scenario is a mapping with `name`, `game`, `players`, "
                             "`options`, `when` and `then`"])
    errors: list[str] = []
    file: ScenarioFile | None = None
    try:
        file = ScenarioFile.model_validate(data)
    except ValidationError as exc:
        errors.extend(_validation_problems(name, node, exc, skip_steps=True))
    raw_players = data.get("players")
    players = [str(x) for x in raw_players] if isinstance(raw_players, list) else []
    raw_when = data.get("when")
    steps = _steps(name, node, raw_when if isinstance(raw_when, list) else [], players, errors)
    if errors or file is None:
        raise ScenarioError(_by_line(errors))
    then_line = line_of(node, ("then",)) if file.then is not None else line_of(node, ())
    return Scenario(name, file, steps, then_line)


def _steps(name: str, node: yaml.Node, items: list[Any], players: list[str],
           errors: list[str]) -> list[Step]:
    steps: list[Step] = []
    if "all" in players or "check" in players:
        errors.append(f"{name}:{line_of(node, ('players',))}: players: "
                      "`all` and `check` are reserved")
    for i, item in enumerate(items):
        line = line_of(node, ("when", i))
        if isinstance(item, str):
            who_text, colon, rest = item.partition(":")
            if not colon:
                errors.append(f"{name}:{line}: when.{i}: write `<player>: <choice>`, not {item!r}")
                continue
            item = {who_text.strip(): rest.strip()}
        if not isinstance(item, dict) or len(item) != 1:
            errors.append(f"{name}:{line}: when.{i}: write one `<player>: <choice>` per line")
            continue
        (who, value), = item.items()
        who = str(who)
        if who == "check":
            try:
                steps.append(Step(line, "check", "", Then.model_validate(value)))
            except ValidationError as exc:
                errors.extend(_validation_problems(name, node, exc, ("when", i, "check")))
            continue
        if who != "all" and who not in players:
            errors.append(f"{name}:{line}: when.{i}: {who!r} is not a player "
                          f"(players: {', '.join(players)}; or `all`, `check`)")
            continue
        text = _text(value)
        if not text:
            errors.append(f"{name}:{line}: when.{i}: {who}: expected a choice such as "
                          "`play skilled-strike -> infantry` or `pass`")
            continue
        if who == "all" and text != "pass":
            errors.append(f"{name}:{line}: when.{i}: `all` can only `pass`")
            continue
        steps.append(Step(line, who, text))
    return steps


def scenario_files(paths: list[Path]) -> list[Path]:
    """The scenario files named, folders searched recursively for *.yaml / *.yml, sorted."""
    return yaml_files(paths)
