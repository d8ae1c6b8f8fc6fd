"""Unit stats: the six stat layers, +1/+1 and -1/-1 counters, and combat attributes shared down a column."""

# Plain data only: stats are (power, defense) tuples of ints, attributes are lower-case names as printed
# ("flying", "tough", ...), counters are {"+1/+1": n, "-1/-1": m} with str keys.

from __future__ import annotations

COMBAT_ATTRIBUTES: frozenset[str] = frozenset(
    {"flying", "swift", "sluggish", "deadly", "tough", "balanced", "inverted", "unaware"}
)
"""Combat attributes (gold text): shared by every unit in the same column of a formation (Attributes)."""

NON_COMBAT_ATTRIBUTES: frozenset[str] = frozenset({"burst", "unstable"})
"""Non-combat attributes (purple text): never shared in formation (Attributes)."""

PLUS = "+1/+1"
MINUS = "-1/-1"
COUNTER_KINDS = (PLUS, MINUS)
"""The stat counters of Miscellaneous: Stat changes and counters."""

Stats = tuple[int, int]


def column_attributes(units: list[list[str]]) -> list[str]:
    """The combat attributes a column shares, in order (R50): the front unit's own attributes first, then the
    back unit's; an attribute held twice counts once, at its first position; non-combat ones are not shared.

    `units` holds each unit's own ordered attribute list (printed, then its mods top to bottom), front first.
    """
    shared: list[str] = []
    for own in units:
        for attribute in own:
            if attribute in COMBAT_ATTRIBUTES and attribute not in shared:
                shared.append(attribute)
    return shared


def unit_attributes(own: list[str], column: list[str]) -> list[str]:
    """Everything a unit in formation has: its column's shared combat attributes, then its own non-combat ones."""
    return column + [a for a in own if a not in COMBAT_ATTRIBUTES and a not in column]


def _half_up(n: int) -> int:
    """⌈n / 2⌉ for any int."""
    return -(-n // 2)


def layered_stats(printed: Stats, base: Stats | None, changes: Stats, attributes: list[str]) -> Stats:
    """A unit's stats through the six layers of the Q&A, in order:

    1. printed stats; 2. base stats (`base` replaces them when set); 3. stat changes and counters (`changes`:
    temporary +x/+y, counters and static buffs summed); 4. Tough (defense doubled) and Balanced (R47: both
    become ⌈(P+D)/2⌉), in `attributes` order; 5. Inverted (R48: the layer-3 change is reversed, stats become
    L4 − 2·changes); 6. Unaware (R49: power 0).

    `attributes` is the column's shared list when the unit is in formation (R50), else the unit's own list.
    """
    power, defense = printed if base is None else base
    change_p, change_d = changes
    power, defense = power + change_p, defense + change_d
    done: set[str] = set()
    for attribute in attributes:
        if attribute in done:
            continue
        done.add(attribute)
        if attribute == "tough":
            defense *= 2
        elif attribute == "balanced":
            power = defense = _half_up(power + defense)
    if "inverted" in attributes:
        power, defense = power - 2 * change_p, defense - 2 * change_d
    if "unaware" in attributes:
        power = 0
    return power, defense


def combat_power(power: int) -> int:
    """The damage a unit's power deals: negative power deals 0 (Q&A: Units)."""
    return max(0, power)


def add_counters(counters: dict[str, int], kind: str, n: int) -> dict[str, int]:
    """`counters` after placing `n` counters of `kind`; +1/+1 and -1/-1 counters cancel out in pairs and are
    removed (Miscellaneous: Stat changes and counters).  Kinds with no count left are dropped; other kinds of
    counter simply accumulate.  Raises ValueError for a negative `n`.
    """
    if n < 0:
        raise ValueError(f"cannot place {n} counters")
    result = {k: v for k, v in counters.items() if v > 0}
    result[kind] = result.get(kind, 0) + n
    if kind in COUNTER_KINDS:
        cancel = min(result.get(PLUS, 0), result.get(MINUS, 0))
        for k in COUNTER_KINDS:
            if k in result:
                result[k] -= cancel
    return {k: v for k, v in result.items() if v > 0}


def counter_delta(counters: dict[str, int]) -> Stats:
    """The (power, defense) change the +1/+1 and -1/-1 counters make (part of stat layer 3)."""
    net = counters.get(PLUS, 0) - counters.get(MINUS, 0)
    return net, net
