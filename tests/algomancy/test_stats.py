"""Rules of stats and attributes: BATTLE: Attributes (p.24-25), Miscellaneous: Stat changes and counters, and the
Q&A on units (stat layers, Tough and Balanced, negative power); rulings R47-R50."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardgames.games.algomancy.formation import Formation, column_at, remove_unit
from cardgames.games.algomancy.stats import (
    COMBAT_ATTRIBUTES,
    NON_COMBAT_ATTRIBUTES,
    add_counters,
    column_attributes,
    combat_power,
    counter_delta,
    layered_stats,
    unit_attributes,
)

BLOODWIND_REVENANT = ["flying"]
TIDEPOOL_TERROR = ["deadly"]
DUNE_DRIFTER = ["swift"]
RAMPART_GUARDIAN = ["tough"]
STONE_EQUILIBRIST = ["balanced"]
REALITY_BENDER = ["inverted"]


def test_combat_and_non_combat_attributes() -> None:
    """Attributes: combat attributes (gold text) are shared; "burst and unstable ... are referred to as non-combat
    attributes"."""
    assert {"flying", "swift", "sluggish", "deadly", "tough", "balanced", "inverted", "unaware"} == COMBAT_ATTRIBUTES
    assert {"burst", "unstable"} == NON_COMBAT_ATTRIBUTES
    assert not COMBAT_ATTRIBUTES & NON_COMBAT_ATTRIBUTES


def test_bloodwind_revenant_shares_flying_with_its_column() -> None:
    """Attributes: "if Bloodwind Revenant ... attacks with another unit in front or behind it, both of those units
    have the Flying attribute"."""
    assert column_attributes([BLOODWIND_REVENANT, []]) == ["flying"]
    assert column_attributes([[], BLOODWIND_REVENANT]) == ["flying"]
    shared = column_attributes([[], BLOODWIND_REVENANT])
    assert unit_attributes([], shared) == ["flying"], "the column mate has Flying"


def test_attributes_are_lost_when_their_carrier_leaves_the_column() -> None:
    """Attributes: "When a unit with attributes is removed from a column, all other units in its column
    immediately lose access to any attributes which that unit may have been sharing"."""
    own = {1: BLOODWIND_REVENANT, 2: []}
    attack: Formation = [[1, 2]]
    assert column_attributes([own[u] for u in column_at(attack, 0)]) == ["flying"]
    attack = remove_unit(attack, 1, blocks_declared=False)
    assert column_attributes([own[u] for u in column_at(attack, 0)]) == []


def test_combat_attributes_are_not_shared_sideways() -> None:
    """Attributes: "Combat attributes are not shared by units to the left or to the right, they are only shared in
    their columns"."""
    own = {1: BLOODWIND_REVENANT, 2: [], 3: []}
    attack: Formation = [[1], [2, 3]]
    assert column_attributes([own[u] for u in column_at(attack, 1)]) == []


def test_non_combat_attributes_are_not_shared() -> None:
    """Non-combat attributes: "These attributes are not shared in formation, and simply exist to modify cards"."""
    shared = column_attributes([["unstable", "swift"], ["burst"]])
    assert shared == ["swift"]
    assert unit_attributes(["burst"], shared) == ["swift", "burst"]
    assert unit_attributes([], shared) == ["swift"], "the front unit does not get Burst"


def test_column_attributes_front_unit_first_duplicates_once() -> None:
    """R50: "each column has one ordered attribute list, taken front unit first, then back unit ... Duplicates
    count once, at their first position"."""
    assert column_attributes([["tough", "swift"], ["balanced", "tough", "deadly"]]) == [
        "tough", "swift", "balanced", "deadly",
    ]


def test_tough_doubles_defense_after_counters() -> None:
    """Q&A: "the impact of -1/-1 counters take place before the defense is doubled, so a 0/4 tough unit with a
    -1/-1 counter on it would become a -1/6"."""
    assert layered_stats((0, 4), None, counter_delta({"-1/-1": 1}), ["tough"]) == (-1, 6)
    assert layered_stats((1, 3), None, counter_delta({"-1/-1": 1}), RAMPART_GUARDIAN) == (0, 4)


def test_malformed_monstrosity_inverted_by_reality_bender() -> None:
    """Attribute combos: "Malformed Monstrosity would gain the Inverted attribute, which reverses its stat changes.
    Its -7/-7 ability now becomes +7/+7 turning it into a 17/16" (R48)."""
    printed, ability = (10, 9), (-7, -7)
    alone = column_attributes([[]])
    with_bender = column_attributes([[], REALITY_BENDER])
    assert layered_stats(printed, None, ability, alone) == (3, 2)
    assert layered_stats(printed, None, ability, with_bender) == (17, 16)


def test_tough_front_unit_then_balanced_back_unit_doubles_then_balances() -> None:
    """Q&A: "if a tough unit attacks with a Balanced unit behind it, it will have its defense doubled, then its
    stats balanced" (R47, R50)."""
    shared = column_attributes([RAMPART_GUARDIAN, STONE_EQUILIBRIST])
    assert shared == ["tough", "balanced"]
    assert layered_stats((1, 5), None, (0, 0), shared) == (6, 6), "Stone Equilibrist: 1/10, then ⌈11/2⌉"
    assert layered_stats((1, 3), None, (0, 0), shared) == (4, 4), "Rampart Guardian: 1/6, then ⌈7/2⌉"


def test_tough_augment_below_balanced_balances_then_doubles() -> None:
    """Q&A: "Attributes apply in order from top to bottom" — a Tough mod below a Balanced card: balance, then
    double (R50)."""
    own = STONE_EQUILIBRIST + RAMPART_GUARDIAN
    assert layered_stats((1, 5), None, (0, 0), column_attributes([own])) == (3, 6)


def test_balanced_rounds_up() -> None:
    """R47: "P' = D' = ⌈(P + D) / 2⌉" — 1/5 becomes 3/3, 1/4 becomes 3/3, -3/0 becomes -1/-1."""
    assert layered_stats((1, 5), None, (0, 0), ["balanced"]) == (3, 3)
    assert layered_stats((1, 4), None, (0, 0), ["balanced"]) == (3, 3)
    assert layered_stats((-3, 0), None, (0, 0), ["balanced"]) == (-1, -1)


def test_base_stats_replace_printed_stats_before_changes() -> None:
    """Q&A: ""base 3/3" ... means the units base stats are changed to be 3/3 or 5/0, before any other modifiers
    like +1/+1 and -1/-1 counters apply"."""
    assert layered_stats((1, 1), (3, 3), (1, 1), []) == (4, 4)
    assert layered_stats((4, 4), (5, 0), (0, 2), ["tough"]) == (5, 4)


def test_inverted_reverses_only_stat_changes_after_tough() -> None:
    """Q&A: layers "4. Attributes like Tough, 5. Inverted" — R48: "A Tough unit's doubled defense is not
    re-doubled by the inversion"."""
    assert layered_stats((0, 4), None, (-1, -1), ["tough", "inverted"]) == (1, 8)
    assert layered_stats((2, 2), (5, 5), (0, 0), ["inverted"]) == (5, 5), "a base override is not a change"


def test_unaware_sets_power_to_zero_last() -> None:
    """Q&A: layer "6. Unaware" comes after everything else (R49: power becomes 0)."""
    assert layered_stats((5, 6), None, (0, 0), ["unaware"]) == (0, 6)
    assert layered_stats((10, 9), None, (-7, -7), ["inverted", "unaware"]) == (0, 16)
    assert layered_stats((1, 5), None, (0, 0), ["unaware", "balanced"]) == (0, 3)


def test_negative_power_deals_zero_damage() -> None:
    """Q&A: "What happens when a unit has negative power? It deals 0 damage"."""
    assert combat_power(-1) == 0
    assert combat_power(0) == 0
    assert combat_power(17) == 17


def test_opposite_counters_cancel_out() -> None:
    """Stat changes and counters: "If both a +1/+1 counter and -1/-1 counter are placed on a unit, the two cancel
    out and will both be removed"."""
    counters = add_counters({}, "+1/+1", 2)
    assert counters == {"+1/+1": 2}
    assert add_counters(counters, "-1/-1", 1) == {"+1/+1": 1}
    assert add_counters(counters, "-1/-1", 2) == {}
    assert add_counters(counters, "-1/-1", 5) == {"-1/-1": 3}
    assert counter_delta({"-1/-1": 3}) == (-3, -3)
    assert counter_delta({}) == (0, 0)
    assert counters == {"+1/+1": 2}, "the input is not changed"


def test_placing_a_negative_number_of_counters_is_an_error() -> None:
    """Stat changes and counters: counters are placed, never placed in negative numbers."""
    with pytest.raises(ValueError, match="cannot place -1 counters"):
        add_counters({}, "+1/+1", -1)


@given(st.lists(st.tuples(st.sampled_from(["+1/+1", "-1/-1"]), st.integers(0, 5)), max_size=12))
def test_counters_never_hold_both_kinds_and_keep_the_net_change(placements: list[tuple[str, int]]) -> None:
    """Stat changes and counters: after cancelling, a unit never holds both kinds, and the stat change is the net
    of everything placed."""
    counters: dict[str, int] = {}
    for kind, n in placements:
        counters = add_counters(counters, kind, n)
        assert not ("+1/+1" in counters and "-1/-1" in counters)
        assert all(v > 0 for v in counters.values())
    net = sum(n if kind == "+1/+1" else -n for kind, n in placements)
    assert counter_delta(counters) == (net, net)


@given(st.integers(-20, 20), st.integers(-20, 20), st.integers(-9, 9), st.integers(-9, 9))
def test_layers_without_attributes_are_base_plus_changes(p: int, d: int, dp: int, dd: int) -> None:
    """Q&A layers 1-3: with no attributes, stats are the base stats plus the stat changes; Tough only doubles
    defense; Unaware only zeroes power."""
    assert layered_stats((p, d), None, (dp, dd), []) == (p + dp, d + dd)
    assert layered_stats((p, d), None, (dp, dd), ["tough"]) == (p + dp, 2 * (d + dd))
    assert layered_stats((p, d), None, (dp, dd), ["unaware"]) == (0, d + dd)
    assert layered_stats((p, d), None, (dp, dd), ["inverted"]) == (p - dp, d - dd)
