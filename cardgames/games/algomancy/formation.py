"""Formations as grids of unit ids: declaring, holding the line, adjacency and blocked columns (BATTLE: Formations)."""

# Representation (plain JSON data, no game state):
#
# * An attacking formation (`Formation`) is a list of columns, left to right from the attacker's view; each
#   column is a list of unit ids, front first: `[front]` or `[front, back]`.  Column indexes 0..k-1 are the
#   "attacker indexes" of the battle (R35).  After blocks a column may be empty (`[]`): it keeps its place so
#   that indexes keep matching the blocks (Hold the line).
# * A defending formation (`DefendingFormation`) is `{"first": f, "columns": [c_f, c_f+1, ...]}`: its columns
#   are aligned to the attacker indexes, `columns[j]` standing in front of attacking column `f + j`.  `first`
#   may be below 0 and the columns may run past the attacker's width (flanking columns, R36); any column may
#   be empty.  The defence that blocks nothing is `{"first": 0, "columns": []}`.
# * A declaration being checked (`Declared`) may also hold `None` for an empty slot, so that "a back unit with
#   no front" can be expressed and reported: `[[None, 7]]`.
#
# Rows: FRONT = 0, BACK = 1.  Every function returns new lists and never changes its arguments.

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TypedDict, overload

FRONT = 0
BACK = 1
ROWS = 2
"""A formation has a front and a back row (rulebook: Formations)."""

Column = list[int]
Formation = list[Column]
Declared = Sequence[Sequence[int | None]]


class DefendingFormation(TypedDict):
    """Blockers aligned to the attacker's column indexes: `columns[j]` is attacker index `first + j`."""

    first: int
    columns: list[Column]


def no_defence() -> DefendingFormation:
    """The defending formation of a player who declares no blocks."""
    return {"first": 0, "columns": []}


def make_defence(columns: dict[int, list[int]]) -> DefendingFormation:
    """Build a defending formation from {attacker index: blockers front first}; trims empty outer columns."""
    used = [i for i, units in columns.items() if units]
    if not used:
        return no_defence()
    lo, hi = min(used), max(used)
    return {"first": lo, "columns": [list(columns.get(i, [])) for i in range(lo, hi + 1)]}


def _grid(formation: Formation | DefendingFormation) -> tuple[int, list[Column]]:
    """(attacker index of the first column, the columns) of either kind of formation."""
    if isinstance(formation, list):
        return 0, formation
    return formation["first"], formation["columns"]


def units_in(formation: Formation | DefendingFormation) -> list[int]:
    """Every unit of the formation, column by column from the left, front before back."""
    return [unit for column in _grid(formation)[1] for unit in column]


def column_at(formation: Formation | DefendingFormation, index: int) -> Column:
    """The units (front first) at attacker index `index`; [] for a column the formation does not have."""
    first, columns = _grid(formation)
    j = index - first
    return list(columns[j]) if 0 <= j < len(columns) else []


def column_of(formation: Formation | DefendingFormation, unit: int) -> int | None:
    """The attacker index of the column holding `unit`, or None if it is not in this formation."""
    first, columns = _grid(formation)
    for j, column in enumerate(columns):
        if unit in column:
            return first + j
    return None


def row_of(formation: Formation | DefendingFormation, unit: int) -> int | None:
    """FRONT (0) or BACK (1) for `unit`, or None if it is not in this formation."""
    for column in _grid(formation)[1]:
        if unit in column:
            return column.index(unit)
    return None


def adjacent(formation: Formation | DefendingFormation, unit: int) -> list[int]:
    """The orthogonal neighbours of `unit` in its own formation (R41): left, right, then front or back.

    Units on either side of an empty column are not adjacent; a unit not in the formation has none.
    """
    index, row = column_of(formation, unit), row_of(formation, unit)
    if index is None or row is None:
        return []
    found: list[int] = []
    for side in (index - 1, index + 1):
        neighbour = column_at(formation, side)
        if row < len(neighbour):
            found.append(neighbour[row])
    found.extend(u for u in column_at(formation, index) if u != unit)
    return found


def _duplicates(declared: Declared) -> list[str]:
    counts = Counter(u for column in declared for u in column if u is not None)
    return [f"unit {u} is placed {n} times: each unit takes one slot" for u, n in sorted(counts.items()) if n > 1]


def _column_problems(label: str, column: Sequence[int | None]) -> list[str]:
    problems: list[str] = []
    if len(column) > ROWS:
        problems.append(f"{label} has {len(column)} rows: a formation has only a front and a back row")
    units = list(column[:ROWS])
    if len(units) == ROWS and units[FRONT] is None and units[BACK] is not None:
        problems.append(f"{label} has unit {units[BACK]} in the back row but no front unit: "
                        "the front row of a column must be filled first (Hold the line)")
    return problems


def validate_attack(declared: Declared) -> list[str]:
    """What is wrong with a declared attacking formation ([] if nothing): front row filled first, no empty
    columns, at most two rows, each unit once (Formations, Hold the line)."""
    problems: list[str] = []
    if not any(u is not None for column in declared for u in column):
        problems.append("an attacking formation needs at least one unit")
    for i, column in enumerate(declared):
        label = f"column {i}"
        if all(u is None for u in column):
            problems.append(f"{label} is empty: an attacking formation has no empty columns")
            continue
        problems.extend(_column_problems(label, column))
    return problems + _duplicates(declared)


def validate_defence(declared: Declared, *, first: int = 0, attack: Formation | None = None) -> list[str]:
    """What is wrong with a declared defending formation ([] if nothing): front row filled first in each column,
    at most two rows, each unit once, and no attacking unit among the blockers (Blocking, R36).

    `declared[j]` stands at attacker index `first + j`; empty columns and flanking columns are allowed.
    """
    problems: list[str] = []
    for j, column in enumerate(declared):
        problems.extend(_column_problems(f"defending column {first + j}", column))
    problems.extend(_duplicates(declared))
    if attack is not None:
        attackers = set(units_in(attack))
        problems.extend(f"unit {u} is attacking and cannot also block"
                        for u in sorted({u for column in declared for u in column if u in attackers}))
    return problems


def compact(declared: Declared) -> Formation:
    """A declared grid with its empty slots (None) dropped, each column front first."""
    return [[u for u in column if u is not None] for column in declared]


def blocked_columns(attack: Formation, defence: DefendingFormation) -> list[int]:
    """Attacker indexes of the columns that are blocked: a defending unit stands in front of them (R36).

    Blocked status is fixed when blocks are declared (R37): compute this once then and store it.
    """
    return [i for i in range(len(attack)) if attack[i] and column_at(defence, i)]


@overload
def remove_unit(formation: Formation, unit: int, *, blocks_declared: bool) -> Formation: ...


@overload
def remove_unit(formation: DefendingFormation, unit: int, *, blocks_declared: bool) -> DefendingFormation: ...


def remove_unit(
    formation: Formation | DefendingFormation, unit: int, *, blocks_declared: bool
) -> Formation | DefendingFormation:
    """The formation without `unit` (Hold the line): the unit behind it moves to the front; a column left
    empty closes (columns to its right shift one left) only before blocks are declared.

    A defending formation exists only once blocks are declared, so its columns never close.
    Raises ValueError if the unit is not in the formation.
    """
    first, columns = _grid(formation)
    index = column_of(formation, unit)
    if index is None:
        raise ValueError(f"unit {unit} is not in this formation")
    new = [[u for u in column if u != unit] for column in columns]
    if isinstance(formation, list):
        if not blocks_declared and not new[index]:
            del new[index]
        return new
    if not blocks_declared:
        raise ValueError("a defending formation exists only once blocks are declared")
    return {"first": first, "columns": new}


@overload
def replace_unit(formation: Formation, old: int, new: int) -> Formation: ...


@overload
def replace_unit(formation: DefendingFormation, old: int, new: int) -> DefendingFormation: ...


def replace_unit(formation: Formation | DefendingFormation, old: int, new: int) -> Formation | DefendingFormation:
    """The formation with `new` in the slot of `old` (Ambush: the ambushing unit takes the recalled unit's place).

    Raises ValueError if `old` is not in the formation or `new` already is.
    """
    first, columns = _grid(formation)
    if column_of(formation, old) is None:
        raise ValueError(f"unit {old} is not in this formation")
    if column_of(formation, new) is not None:
        raise ValueError(f"unit {new} is already in this formation")
    grid = [[new if u == old else u for u in column] for column in columns]
    if isinstance(formation, list):
        return grid
    return {"first": first, "columns": grid}
