"""Rules of formations: BATTLE: Formations, Hold the line, Blocking (rulebook p.22-23; rulings R35-R37, R41)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardgames.games.algomancy.formation import (
    BACK,
    FRONT,
    DefendingFormation,
    Formation,
    adjacent,
    blocked_columns,
    column_at,
    column_of,
    compact,
    make_defence,
    no_defence,
    remove_unit,
    replace_unit,
    row_of,
    units_in,
    validate_attack,
    validate_defence,
)


def test_front_row_of_a_column_is_filled_first() -> None:
    """Hold the line: "The front row of a column must be filled first before a unit can be placed in a back row"."""
    problems = validate_attack([[1, 2], [None, 3]])
    assert len(problems) == 1
    assert "column 1" in problems[0] and "unit 3" in problems[0] and "front row" in problems[0]
    assert validate_attack([[1, 2], [3]]) == []


def test_attacking_formation_has_no_empty_columns() -> None:
    """Blocking: "unlike offensive formations, the defending formation is allowed to be assigned with empty
    columns" — so an attacking column may not be empty."""
    problems = validate_attack([[1], [], [2], [None, None]])
    assert problems == [
        "column 1 is empty: an attacking formation has no empty columns",
        "column 3 is empty: an attacking formation has no empty columns",
    ]


def test_attack_needs_at_least_one_unit() -> None:
    """Attacking: players "select a set of units ... to bring into a neighboring enemy region"."""
    assert validate_attack([]) == ["an attacking formation needs at least one unit"]


def test_each_unit_takes_one_slot() -> None:
    """Formations: units are "locked in position" — one position each."""
    problems = validate_attack([[1, 2], [1]])
    assert problems == ["unit 1 is placed 2 times: each unit takes one slot"]
    assert validate_defence([[5], [5]]) == ["unit 5 is placed 2 times: each unit takes one slot"]


def test_formation_has_only_a_front_and_a_back_row() -> None:
    """Formations: "Formations have a front and back row but can scale infinitely in width"."""
    assert validate_attack([[1, 2, 3]]) == ["column 0 has 3 rows: a formation has only a front and a back row"]
    assert validate_attack([[i] for i in range(40)]) == []


def test_defending_formation_may_leave_columns_empty_and_flank() -> None:
    """Blocking: the defending formation "is allowed to be assigned with empty columns. Units may even be placed
    blocking in slots where attackers aren't" (R36)."""
    attack: Formation = [[1], [2]]
    assert validate_defence([[5], [], [None], [6, 7]], first=-1, attack=attack) == []
    defence = make_defence({-1: [5], 2: [6, 7]})
    assert defence == {"first": -1, "columns": [[5], [], [], [6, 7]]}
    assert column_at(defence, -1) == [5] and column_at(defence, 2) == [6, 7] and column_at(defence, 0) == []
    assert column_at(defence, 9) == [] and make_defence({0: []}) == no_defence()


def test_defending_column_fills_its_front_row_first() -> None:
    """Hold the line applies to the defending formation too (R36: "In defending columns, too, the front row
    fills first")."""
    problems = validate_defence([[5], [None, 6]], first=2)
    assert len(problems) == 1 and problems[0].startswith("defending column 3 has unit 6 in the back row")


def test_attacking_unit_cannot_also_block() -> None:
    """Blocking: the defender places its units in front of the formation that is attacking them."""
    assert validate_defence([[1]], attack=[[1, 2]]) == ["unit 1 is attacking and cannot also block"]


def test_compact_drops_empty_slots() -> None:
    """Formations: a declared grid becomes columns of units, front first."""
    assert compact([[None, None], [4, None], [5, 6]]) == [[], [4], [5, 6]]


def test_unit_behind_moves_up_when_front_unit_is_removed() -> None:
    """Hold the line: "If a unit is removed from a formation, any units behind it move to the front row and take
    its place"."""
    attack: Formation = [[1, 2], [3, 4]]
    for declared in (False, True):
        new = remove_unit(attack, 1, blocks_declared=declared)
        assert new == [[2], [3, 4]]
        assert row_of(new, 2) == FRONT
    assert remove_unit(attack, 4, blocks_declared=False) == [[1, 2], [3]]
    assert attack == [[1, 2], [3, 4]], "the input is not changed"


def test_empty_column_closes_only_before_blocks() -> None:
    """Hold the line: "If the last unit in a column is removed from a formation, the columns on its sides will
    close in to fill the gap. This only happens before blocks are declared"."""
    attack: Formation = [[1, 2], [3], [4, 5]]
    before = remove_unit(attack, 3, blocks_declared=False)
    assert before == [[1, 2], [4, 5]]
    assert column_of(before, 4) == 1


def test_columns_do_not_move_after_blocks() -> None:
    """Hold the line: "After blocks, columns will not move to fill gaps"."""
    attack: Formation = [[1, 2], [3], [4, 5]]
    after = remove_unit(attack, 3, blocks_declared=True)
    assert after == [[1, 2], [], [4, 5]]
    assert column_of(after, 4) == 2


def test_column_stays_blocked_when_its_blocker_is_removed() -> None:
    """Blocked: "The column is considered blocked even if the defending unit is removed during combat!" (R37:
    blocked status is fixed at declaration)."""
    attack: Formation = [[1], [2], [3]]
    defence = make_defence({0: [10], 2: [11, 12]})
    blocked = blocked_columns(attack, defence)
    assert blocked == [0, 2]
    defence = remove_unit(defence, 10, blocks_declared=True)
    defence = remove_unit(defence, 11, blocks_declared=True)
    assert defence == {"first": 0, "columns": [[], [], [12]]}, "defending columns never close"
    assert blocked == [0, 2], "the stored status is what counts"


def test_only_defenders_in_front_of_an_attacking_column_block_it() -> None:
    """Blocking: "Once a defending unit has been placed in front of an attacking column, that entire column is
    considered blocked" — flanking defenders and empty defending columns block nothing (R36)."""
    attack: Formation = [[1, 2], [3]]
    assert blocked_columns(attack, make_defence({-1: [10], 2: [11]})) == []
    assert blocked_columns(attack, make_defence({1: [10, 11]})) == [1]
    assert blocked_columns(attack, no_defence()) == []


def test_defending_formation_cannot_close_before_blocks() -> None:
    """Blocking: the defending formation is set during the block step, so it never exists before blocks."""
    defence: DefendingFormation = {"first": 0, "columns": [[10]]}
    with pytest.raises(ValueError, match="only once blocks are declared"):
        remove_unit(defence, 10, blocks_declared=False)


def test_removing_a_unit_not_in_formation_is_an_error() -> None:
    """Hold the line: only a unit in the formation can be removed from it."""
    with pytest.raises(ValueError, match="unit 9 is not in this formation"):
        remove_unit([[1]], 9, blocks_declared=True)


def test_units_are_adjacent_to_left_right_front_and_back_neighbours() -> None:
    """Formations: units "are considered adjacent to their left, right, front and back neighbors" (R41)."""
    attack: Formation = [[1, 2], [3, 4], [5]]
    assert adjacent(attack, 3) == [1, 5, 4]
    assert adjacent(attack, 4) == [2, 3], "no diagonal neighbours, no back unit to the right"
    assert adjacent(attack, 5) == [3]
    assert adjacent(attack, 99) == [], "a unit outside formation has no neighbours"


def test_adjacency_stays_inside_one_formation() -> None:
    """R41: adjacency "does not cross between the attacking and defending formations"; flanking columns count."""
    attack: Formation = [[1], [2]]
    defence = make_defence({-1: [10], 0: [11, 12]})
    assert adjacent(attack, 1) == [2]
    assert adjacent(defence, 11) == [10, 12]
    assert adjacent(defence, 12) == [11]
    assert column_of(defence, 10) == -1 and row_of(defence, 12) == BACK


def test_an_empty_column_after_blocks_separates_neighbours() -> None:
    """Hold the line: after blocks the gap stays, so the units either side of it are no longer neighbours."""
    attack = remove_unit([[1], [2], [3]], 2, blocks_declared=True)
    assert adjacent(attack, 1) == [] and adjacent(attack, 3) == []
    closed = remove_unit([[1], [2], [3]], 2, blocks_declared=False)
    assert adjacent(closed, 1) == [3]


def test_ambushing_unit_takes_the_recalled_units_place() -> None:
    """Ambush: it will "recall an allied unit, placing the ambushing unit directly into their position"."""
    assert replace_unit([[1, 2], [3]], 2, 7) == [[1, 7], [3]]
    defence = make_defence({1: [10]})
    assert replace_unit(defence, 10, 11) == {"first": 1, "columns": [[11]]}
    with pytest.raises(ValueError, match="already in"):
        replace_unit([[1], [3]], 1, 3)


@st.composite
def attacks(draw: st.DrawFn) -> Formation:
    sizes = draw(st.lists(st.integers(1, 2), min_size=1, max_size=7))
    formation: Formation = []
    next_id = 1
    for size in sizes:
        formation.append(list(range(next_id, next_id + size)))
        next_id += size
    return formation


@given(attacks(), st.data(), st.booleans())
def test_hold_the_line_keeps_every_other_unit_once_and_the_front_row_filled(
    attack: Formation, data: st.DataObject, declared: bool
) -> None:
    """Hold the line: removing a unit moves the unit behind forward and keeps every other unit in place; before
    blocks no column is left empty, after blocks the width is unchanged."""
    assert validate_attack(attack) == []
    gone = data.draw(st.sampled_from(units_in(attack)))
    new = remove_unit(attack, gone, blocks_declared=declared)
    assert sorted(units_in(new)) == sorted(u for u in units_in(attack) if u != gone)
    assert all(len(column) <= 2 for column in new)
    if declared:
        assert len(new) == len(attack)
        assert all(column_of(new, u) == column_of(attack, u) for u in units_in(new))
    else:
        assert all(new), "before blocks, empty columns close"
        if units_in(new):
            assert validate_attack(new) == []
    assert units_in(new) == [u for u in units_in(attack) if u != gone], "left-to-right order is kept"


@given(attacks(), st.data())
def test_adjacency_is_symmetric(attack: Formation, data: st.DataObject) -> None:
    """Formations: adjacency between neighbours goes both ways, and a unit is never its own neighbour."""
    unit = data.draw(st.sampled_from(units_in(attack)))
    for other in adjacent(attack, unit):
        assert other != unit
        assert unit in adjacent(attack, other)
