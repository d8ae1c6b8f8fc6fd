"""`cardgames validate` and `cardgames schema`: check card files, print their JSON Schema."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from importlib import import_module
from pathlib import Path
from typing import Any, TextIO

from pydantic import BaseModel

from cardgames.catalog.loader import Problem, yaml_files
from cardgames.catalog.paths import cards_dir
from cardgames.tools import UsageError

CATALOGS: dict[str, tuple[str, str]] = {
    "algomancy": ("cardgames.games.algomancy.catalog:load_cards_flat",
                  "cardgames.games.algomancy.schema:CardFile"),
    "allegiance": ("cardgames.games.allegiance.catalog:load_cards",
                   "cardgames.games.allegiance.schema:CardFile"),
    "altered": ("cardgames.games.altered.catalog:load_cards_flat",
                "cardgames.games.altered.schema:CardFile"),
    "mechamancers": ("cardgames.games.mechamancers.catalog:load_cards",
                     "cardgames.games.mechamancers.schema:CardFile"),
    "arcmage": ("cardgames.games.arcmage.catalog:load_cards_flat", "cardgames.games.arcmage.schema:CardFile"),
}
"""Game -> ("module:function" loading its cards, "module:Model" of one card file)."""

LoadCards = Callable[[list[Path] | None], tuple[dict[str, Any], list[Problem], str]]


def _attr(spec: str) -> Any:
    module, name = spec.split(":")
    return getattr(import_module(module), name)


def _game(name: str) -> tuple[str, str]:
    try:
        return CATALOGS[name]
    except KeyError:
        games = ", ".join(sorted(CATALOGS))
        raise UsageError(f"no card catalog for game {name!r}; games: {games}") from None


def schema(game: str) -> dict[str, Any]:
    """The JSON Schema of `game`'s card files, from its pydantic model."""
    model: type[BaseModel] = _attr(_game(game)[1])
    out: dict[str, Any] = {"$schema": "https://json-schema.org/draft/2020-12/schema"}
    out.update(model.model_json_schema())
    out.setdefault("title", f"{game} card file")
    return out


def print_schema(game: str, out: TextIO) -> int:
    out.write(json.dumps(schema(game), indent=2) + "\n")
    return 0


@dataclass
class Report:
    """What `validate` found for one game."""

    game: str
    files: int
    cards: dict[str, Any]
    problems: list[Problem] = field(default_factory=list)

    def summary(self) -> str:
        kinds = Counter(str(getattr(c, "kind", type(c).__name__)) for c in self.cards.values())
        per_kind = ", ".join(f"{k} {n}" for k, n in sorted(kinds.items()))
        hooks = sum(1 for c in self.cards.values() if getattr(c, "hook", None))
        return (f"{self.game}: {self.files} file(s), {len(self.cards)} card(s)"
                f"{f' ({per_kind})' if per_kind else ''}; hooks: {hooks}")


def infer_game(paths: list[Path]) -> str:
    """The game these card files are for: a `<game>` folder in their path, else the only game."""
    found = {part for p in paths for part in p.resolve().parts if part in CATALOGS}
    if len(found) == 1:
        return found.pop()
    if len(CATALOGS) == 1:
        return next(iter(CATALOGS))
    raise UsageError("cannot tell which game these card files are for; pass --game")


def validate(game: str, paths: list[Path] | None) -> Report:
    """Load and check every card file of `game` (default: its shipped cards)."""
    loader: LoadCards = _attr(_game(game)[0])
    roots = paths or [cards_dir(game)]
    for p in roots:
        if not p.exists():
            raise UsageError(f"{p}: no such file or folder", code=1)
    files = yaml_files(roots)
    cards, problems, _ = loader(roots)
    return Report(game, len(files), cards, list(problems))


def run_validate(paths: list[str], game: str | None, out: TextIO) -> int:
    """Print every problem, then a summary per game; 1 if there was any problem."""
    reports: list[Report] = []
    if paths:
        chosen = [Path(p) for p in paths]
        for p in chosen:
            if not p.exists():
                raise UsageError(f"{p}: no such file or folder", code=1)
        reports.append(validate(game or infer_game(chosen), chosen))
    else:
        for name in ([game] if game else sorted(CATALOGS)):
            reports.append(validate(name, None))
    total = 0
    for rep in reports:
        for prob in sorted(rep.problems, key=lambda p: (p.file, p.line)):
            out.write(f"{prob}\n")
        total += len(rep.problems)
    for rep in reports:
        out.write(rep.summary() + "\n")
    if total:
        files = len({p.file for r in reports for p in r.problems})
        out.write(f"{total} problem(s) in {files} file(s)\n")
        return 1
    out.write("ok: no problems\n")
    return 0
