"""Load YAML card files into pydantic models; every problem has its file, line, card and field."""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, TypeVar

import yaml
from pydantic import BaseModel, ValidationError

from cardgames.engine.decisions import CardgamesError

try:  # the C loader is several times faster where libyaml is present
    from yaml import CSafeLoader as _Loader
except ImportError:  # pragma: no cover - depends on the platform build
    from yaml import SafeLoader as _Loader  # type: ignore[assignment]

M = TypeVar("M", bound=BaseModel)


@dataclass(frozen=True)
class Problem:
    """One thing wrong in a card file."""

    file: str
    line: int
    card: str | None
    field: str | None
    message: str

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}"
        who = f" card {self.card!r}" if self.card else ""
        what = f" field {self.field!r}" if self.field else ""
        return f"{where}:{who}{what}: {self.message}" if who or what else f"{where}: {self.message}"


def _line_of(node: yaml.Node, loc: tuple[Any, ...]) -> int:
    """1-based line of the deepest node along `loc` that exists in the YAML tree."""
    line = node.start_mark.line + 1
    for part in loc:
        if isinstance(node, yaml.MappingNode):
            for key, value in node.value:
                if key.value == part:
                    line = key.start_mark.line + 1
                    node = value
                    break
            else:
                continue  # a pydantic-only location part (e.g. a union tag): stay here
        elif (isinstance(node, yaml.SequenceNode) and isinstance(part, int)
              and part < len(node.value)):
            node = node.value[part]
            line = node.start_mark.line + 1
        else:
            break
    return line


def _duplicate_keys(node: yaml.Node, file: str) -> list[Problem]:
    problems: list[Problem] = []
    if isinstance(node, yaml.MappingNode):
        seen: set[str] = set()
        for key, value in node.value:
            if key.value in seen:
                problems.append(Problem(file, key.start_mark.line + 1, None, str(key.value),
                                        "this key appears twice in the same mapping"))
            seen.add(key.value)
            problems.extend(_duplicate_keys(value, file))
    elif isinstance(node, yaml.SequenceNode):
        for item in node.value:
            problems.extend(_duplicate_keys(item, file))
    return problems


def _field_name(loc: tuple[Any, ...], tags: frozenset[str]) -> str | None:
    """The field a pydantic error location names, below the card (`loc[2:]`), without the parts
    that name no field: a discriminated union's tag (which never follows another tag, so a field
    spelled like a tag, right after one, stays) and pydantic's validator wrappers."""
    parts: list[str] = []
    after_tag = False
    for p in loc[2:]:
        if isinstance(p, str) and p in _WRAPPERS:
            continue
        if isinstance(p, str) and p in tags and not after_tag:
            after_tag = True
            continue
        after_tag = False
        parts.append(str(p))
    return ".".join(parts) or None


_WRAPPERS = frozenset({"function-after", "function-before"})
"""Location parts pydantic adds for validators, naming no field."""


@cache
def union_tags(model: type[BaseModel]) -> frozenset[str]:
    """Every tag of every discriminated union in `model` (e.g. the kinds of card a file may hold):
    pydantic puts the tag in an error's location, where it names no field of the file."""
    tags: set[str] = set()
    todo: list[Any] = [model.__pydantic_core_schema__]
    seen: set[int] = set()
    while todo:
        node = todo.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        if isinstance(node, dict):
            if node.get("type") == "tagged-union":
                tags.update(str(tag) for tag in node["choices"])
            todo.extend(node.values())
        elif isinstance(node, list | tuple):
            todo.extend(node)
    return frozenset(tags)


def line_of(node: yaml.Node, loc: tuple[Any, ...]) -> int:
    """1-based line of the deepest node along `loc` (a pydantic error location) in a YAML tree."""
    return _line_of(node, loc)


def list_lines(node: yaml.Node | None) -> dict[str, list[int]]:
    """1-based line of each item of every top-level list (`cards:`, `decks:`…), in order."""
    if not isinstance(node, yaml.MappingNode):
        return {}
    return {str(key.value): [item.start_mark.line + 1 for item in value.value]
            for key, value in node.value if isinstance(value, yaml.SequenceNode)}


def card_lines(node: yaml.Node | None) -> list[int]:
    """1-based line of each item of the top-level `cards:` list, in order (empty if none)."""
    return list_lines(node).get("cards", [])


class CatalogError(CardgamesError, ValueError):
    """The card files have problems; `problems` lists each with file and line."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = problems
        super().__init__("\n".join(str(p) for p in problems))


@dataclass
class Loaded:
    """One card file as loaded: the model (None if it has problems), the problems, card lines."""

    model: Any
    problems: list[Problem]
    card_lines: list[int]
    """Line of each item of `cards:` by position (so `model.cards[i]` starts at `card_lines[i]`)."""
    lines: dict[str, list[int]] = field(default_factory=dict)
    """Line of each item of every top-level list, by key (`lines["decks"][i]`)."""

    def line(self, key: str, index: int) -> int:
        """Where item `index` of the top-level list `key` starts (1 if unknown)."""
        at = self.lines.get(key, [])
        return at[index] if index < len(at) else 1


def read_yaml(path: Path,
              display: str | None = None) -> tuple[Any, yaml.Node | None, list[Problem]]:
    """Read and parse a YAML file: (data, node tree, problems); a problem means data is unusable."""
    name = display or str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        return None, None, [Problem(name, 1, None, None, f"cannot read the file: {exc}")]
    try:  # one parse gives both the node tree (for line numbers) and the data
        loader = _Loader(text)
        try:
            node = loader.get_single_node()
            data = loader.construct_document(node) if node is not None else None
        finally:
            loader.dispose()
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = mark.line + 1 if mark is not None else 1
        msg = getattr(exc, "problem", None) or str(exc)
        return None, None, [Problem(name, line, None, None, f"invalid YAML: {msg}")]
    return data, node, []


def load_file(path: Path, model: type[M],
              display: str | None = None) -> tuple[M | None, list[Problem]]:
    """Load one YAML file as `model`; returns (model or None, problems)."""
    loaded = load_file_lines(path, model, display)
    return loaded.model, loaded.problems


def load_file_lines(path: Path, model: type[BaseModel], display: str | None = None) -> Loaded:
    """Load one YAML file as `model`, also returning the line where each card starts."""
    name = display or str(path)
    data, node, problems = read_yaml(path, display)
    if problems:
        return Loaded(None, problems, [])
    if node is None:
        empty = Problem(name, 1, None, None, "the file is empty; expected `cards:` with a list")
        return Loaded(None, [empty], [])
    lines = list_lines(node)
    problems = _duplicate_keys(node, name)
    try:
        result = model.model_validate(data)
    except ValidationError as exc:
        tags = union_tags(model)
        for err in exc.errors():
            loc = tuple(err["loc"])
            card = None
            if len(loc) >= 2 and loc[0] == "cards" and isinstance(loc[1], int):
                try:
                    card = str(data["cards"][loc[1]].get("id")) or None
                except (KeyError, IndexError, TypeError, AttributeError):
                    card = None
            problems.append(Problem(name, _line_of(node, loc), card, _field_name(loc, tags), err["msg"]))
        return Loaded(None, problems, lines.get("cards", []), lines)
    return Loaded(None if problems else result, problems, lines.get("cards", []), lines)


def yaml_files(paths: Iterable[Path]) -> list[Path]:
    """Every .yaml/.yml file under the given files and folders, sorted."""
    out: list[Path] = []
    for p in paths:
        if p.is_dir():
            out.extend(sorted(q for q in p.rglob("*") if q.suffix in (".yaml", ".yml")))
        else:
            out.append(p)
    return out


@dataclass
class CardFiles:
    """Every card file under some folders, loaded: the cards by id (the first definition wins;
    a repeated id is a problem), where each card starts, each file's model, and a fingerprint."""

    cards: dict[str, Any]
    where: dict[str, tuple[str, int]]
    files: list[tuple[Path, Loaded]]
    problems: list[Problem]
    fingerprint: str

    def collect(self, section: str, what: str) -> dict[str, Any]:
        """The items of every file's `section` list (decklists, …) by id, the first definition
        winning; a repeated id is a problem naming `what` (e.g. "decklist"); each item's place is
        kept in `where` as "<section singular>:<id>" — `decks` gives "deck:<id>"."""
        out: dict[str, Any] = {}
        prefix = section.removesuffix("s")
        for path, file in self.files:
            for i, item in enumerate(getattr(file.model, section)):
                line = file.line(section, i)
                if item.id in out:
                    self.problems.append(Problem(str(path), line, item.id, "id", f"duplicate {what} id"))
                    continue
                out[item.id] = item
                self.where[f"{prefix}:{item.id}"] = (str(path), line)
        return out


_PARSED: dict[tuple[type[BaseModel], str], tuple[bytes, Loaded]] = {}
"""Card files already loaded in this process, by (model, path): the bytes the file held and what
loading them gave. Loading the same bytes again reuses that instead of parsing and validating."""


def _load_card_file(path: Path, model: type[BaseModel]) -> tuple[bytes, Loaded]:
    """A card file's bytes and `load_file_lines(path, model)`, parsed and validated once per
    process for as long as the file holds the same bytes (an edited file is loaded again). The
    models are shared by every load (they are frozen, and nothing changes them after loading);
    the containers around them are each caller's own."""
    data = path.read_bytes()
    key = (model, str(path))
    cached = _PARSED.get(key)
    if cached is None or cached[0] != data:
        cached = _PARSED[key] = (data, load_file_lines(path, model))
    loaded = cached[1]
    return data, Loaded(loaded.model, list(loaded.problems), list(loaded.card_lines),
                        {k: list(v) for k, v in loaded.lines.items()})


def load_card_files(roots: list[Path], model: type[BaseModel]) -> CardFiles:
    """Load every .yaml file under `roots` as `model` (whose `cards` items have an `id`).

    A file that holds the same bytes as when this process last loaded it is not parsed and
    validated again: a second ruleset of a game loads in a fraction of the first's time."""
    files = yaml_files(roots)
    out = CardFiles({}, {}, [], [], "")
    digest = hashlib.sha256()
    if not files:
        out.problems.append(Problem(str(roots[0]), 1, None, None, "no .yaml card files found here"))
    for path in files:
        data, loaded = _load_card_file(path, model)
        digest.update(path.name.encode() + b"\0" + data)
        out.problems.extend(loaded.problems)
        if loaded.model is None:
            continue
        out.files.append((path, loaded))
        for i, card in enumerate(loaded.model.cards):
            line = loaded.line("cards", i)
            if card.id in out.cards:
                first = out.where[card.id]
                out.problems.append(Problem(str(path), line, card.id, "id",
                                            f"duplicate card id (also at {first[0]}:{first[1]})"))
                continue
            out.cards[card.id] = card
            out.where[card.id] = (str(path), line)
    out.fingerprint = digest.hexdigest()[:16]
    return out
