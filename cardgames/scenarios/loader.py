"""Read a scenario YAML file into a Scenario, reporting every problem with its file and line."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml
from pydantic import ValidationError

from cardgames.catalog.loader import line_of, read_yaml
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
                         prefix: tuple[Any, ...] = ()) -> list[str]:
    out = []
    for err in exc.errors():
        loc = prefix + tuple(err["loc"])
        out.append(f"{name}:{line_of(node, loc)}: {_where(loc)}: {err['msg']}")
    return out


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
    try:
        file = ScenarioFile.model_validate(data)
    except ValidationError as exc:
        raise ScenarioError(_validation_problems(name, node, exc)) from None
    errors: list[str] = []
    steps: list[Step] = []
    players = set(file.players)
    if "all" in players or "check" in players:
        errors.append(f"{name}:{line_of(node, ('players',))}: players: `all` and `check` are reserved")
    for i, item in enumerate(file.when):
        line = line_of(node, ("when", i))
        if len(item) != 1:
            errors.append(f"{name}:{line}: when.{i}: write one `player: choice` per line "
                          f"(this line has {len(item)} keys)")
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
                          f"(players: {', '.join(file.players)}; or `all`, `check`)")
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
    if errors:
        raise ScenarioError(errors)
    then_line = line_of(node, ("then",)) if file.then is not None else line_of(node, ())
    return Scenario(name, file, steps, then_line)


def scenario_files(paths: list[Path]) -> list[Path]:
    """The scenario files named, folders searched recursively for *.yaml / *.yml, sorted."""
    out: list[Path] = []
    for p in paths:
        if p.is_dir():
            out.extend(sorted(q for q in p.rglob("*") if q.suffix in (".yaml", ".yml")))
        else:
            out.append(p)
    return out
