"""Rules of combat damage: BATTLE: Blocking, Damage, Attributes (p.23-25) and the Q&A on Swift + Sluggish and
over-assignment; rulings R37-R39, R42, R45, R46."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from cardgames.games.algomancy.combat import (
    Battle,
    CombatUnit,
    DamageEvent,
    assign_damage,
    block_problems,
    column_damage,
    dies,
    remove_units,
    resolve_combat,
    schedule,
    substep_damage,
    substeps,
)
from cardgames.games.algomancy.formation import (
    DefendingFormation,
    Formation,
    blocked_columns,
    make_defence,
    no_defence,
    remove_unit,
    units_in,
    validate_defence,
)


def unit(power: int, defense: int, *attributes: str, changes: tuple[int, int] = (0, 0), damage: int = 0) -> CombatUnit:
    """A unit in battle with its stat layers: printed power/defense, a layer-3 change, its own attributes."""
    return {"power": power, "defense": defense, "damage": damage, "attributes": list(attributes),
            "layers": {"printed": [power, defense], "base": None, "changes": list(changes)}}


def battle(attack: Formation, defence: DefendingFormation, units: dict[int, CombatUnit]) -> Battle:
    """A battle whose blocks were just declared (blocked columns computed now, R37)."""
    return {"attack": attack, "defence": defence, "blocked": blocked_columns(attack, defence),
            "units": {str(k): v for k, v in units.items()}}


FORGE, RUBBISH, LEFT, RIGHT, SENTINEL, JELLY, TIDERUNNER, MIRAGE = 1, 2, 3, 4, 5, 6, 11, 12


def book_damage_example() -> Battle:
    """The rulebook's Damage example: Living Forge 2/3 + A Pile of Rubbish 1/1 blocked by Tiderunner Initiate 2/2,
    two unblocked columns of 2 power, Recyclable Sentinel 2/1 + Jelly 1/2 (+0/+2 in the back row) blocked by
    Mirage Walker 2/3."""
    return battle(
        [[FORGE, RUBBISH], [LEFT], [RIGHT], [SENTINEL, JELLY]],
        make_defence({0: [TIDERUNNER], 3: [MIRAGE]}),
        {FORGE: unit(2, 3), RUBBISH: unit(1, 1), LEFT: unit(2, 2), RIGHT: unit(2, 2), SENTINEL: unit(2, 1),
         JELLY: unit(1, 2, changes=(0, 2)), TIDERUNNER: unit(2, 2), MIRAGE: unit(2, 3)},
    )


def test_damage_worked_example() -> None:
    """Damage: "The column of Living Forge and A Pile of Rubbish deal a combined 3 damage to the Tiderunner
    Initiate ... It deals 2 damage back, which is all dealt to Living Forge"; "The two unblocked columns each deal
    2 damage to the defending player"; Sentinel and Jelly "deal a combined 3 damage to Mirage Walker, and it deals
    2 damage back. 1 damage is dealt to the Sentinel in the front. The excess 1 damage is carried to Jelly"."""
    b = book_damage_example()
    assert b["blocked"] == [0, 3]
    result = resolve_combat(b)
    first, regular, last = result["steps"]
    assert first["events"] == [] and last["events"] == []
    assert regular["events"] == [
        ("unit", TIDERUNNER, 3, False), ("unit", FORGE, 2, False),
        ("player", 2), ("player", 2),
        ("unit", MIRAGE, 3, False), ("unit", SENTINEL, 1, False), ("unit", JELLY, 1, False),
    ]
    assert regular["died"] == [SENTINEL, TIDERUNNER, MIRAGE]
    assert result["player_damage"] == 4
    after = result["battle"]
    assert after["units"][str(FORGE)]["damage"] == 2 and after["units"][str(FORGE)]["defense"] == 3
    assert after["units"][str(JELLY)]["damage"] == 1 and after["units"][str(JELLY)]["defense"] == 4
    assert after["attack"] == [[FORGE, RUBBISH], [LEFT], [RIGHT], [JELLY]], "Jelly moves up to the front"
    assert after["defence"] == {"first": 0, "columns": [[], [], [], []]}


def test_excess_damage_past_the_back_unit_is_lost() -> None:
    """Damage: "Excess damage beyond the health of the back row unit does not carry over to the player"."""
    b = battle([[1]], make_defence({0: [10, 11]}), {1: unit(9, 9), 10: unit(0, 1), 11: unit(0, 2)})
    assert substep_damage(b, "regular") == [("unit", 10, 1, False), ("unit", 11, 8, False)]
    result = resolve_combat(b)
    assert result["player_damage"] == 0
    assert result["steps"][1]["died"] == [10, 11]


def test_front_unit_takes_lethal_damage_before_the_back_unit() -> None:
    """Damage: "The front row receives damage first. If the amount of damage received would be enough to kill the
    front row, any excess damage is dealt to the unit in the back row" (R39: lethal = remaining defense)."""
    assert assign_damage(2, [(1, 3), (2, 1)], deadly=False) == [(1, 2)]
    assert assign_damage(4, [(1, 3), (2, 1)], deadly=False) == [(1, 3), (2, 1)]
    assert assign_damage(3, [(1, 1), (2, 5)], deadly=False) == [(1, 1), (2, 2)], "marked damage lowers lethal"
    assert assign_damage(5, [], deadly=False) == [], "an empty column receives nothing"
    assert assign_damage(0, [(1, 1)], deadly=True) == []


def test_deadly_lethal_amount_is_one() -> None:
    """Attribute combos: Deadly can "instantly kill anything" (R39/R46: lethal from a Deadly column is 1)."""
    assert assign_damage(3, [(1, 5), (2, 2)], deadly=True) == [(1, 1), (2, 2)]
    assert assign_damage(3, [(1, 5), (2, 2)], deadly=False) == [(1, 3)]
    assert dies(10, 1, deadly_hit=True) and not dies(10, 1)


def test_damage_may_be_over_assigned_to_the_front_unit() -> None:
    """Q&A: "the player dealing damage may choose to assign additional damage beyond lethal to a unit if they wish.
    For example, if Lithoghul is the unit in front"."""
    lithoghul, back = 20, 21
    assert assign_damage(6, [(lithoghul, 4), (back, 2)], deadly=False, front_extra=1) == [(lithoghul, 5), (back, 1)]
    assert assign_damage(6, [(lithoghul, 4), (back, 2)], deadly=False, front_extra=9) == [(lithoghul, 6)]
    assert assign_damage(6, [(lithoghul, 4), (back, 2)], deadly=True, front_extra=2) == [(lithoghul, 3), (back, 3)]


def test_unit_dies_when_damage_reaches_defense_or_defense_is_zero() -> None:
    """Units: "A unit dealt a total amount of damage that is greater than or equal to its defense during battle
    will die"; Miscellaneous: "A unit with 0 or less defense will immediately die"."""
    assert dies(3, 3) and dies(3, 4) and not dies(3, 2)
    assert dies(0, 0) and dies(-1, 0)


def test_substeps_swift_first_sluggish_last() -> None:
    """Attribute combos: Swift "allows it to deal combat damage first"; Q&A: Swift and Sluggish "deals combat damage
    twice, going first and last" (R45)."""
    assert substeps([]) == ["regular"]
    assert substeps(["deadly", "tough"]) == ["regular"]
    assert substeps(["swift"]) == ["first"]
    assert substeps(["sluggish"]) == ["last"]
    assert substeps(["sluggish", "swift"]) == ["first", "last"]


def test_dune_drifter_and_tidepool_terror_kill_a_blocker_before_it_strikes_back() -> None:
    """Attribute combos: "Dune Drifter has the Swift attribute ... Paired with Tidepool Terror, who has the Deadly
    attribute, they can instantly kill anything before it has a chance to fight back"."""
    drifter, terror, lithoghul = 1, 2, 10
    b = battle([[drifter, terror]], make_defence({0: [lithoghul]}),
               {drifter: unit(2, 2, "swift"), terror: unit(1, 1, "deadly"), lithoghul: unit(3, 4)})
    assert schedule(b) == {"attack:0": ["first"], "defence:0": ["regular"]}
    first, regular, _ = resolve_combat(b)["steps"]
    assert first["events"] == [("unit", lithoghul, 3, True)]
    assert first["died"] == [lithoghul], "3 damage would not kill a 3/4, but it came from a Deadly column"
    assert regular["events"] == [], "the blocker never fights back"


def test_swift_and_sluggish_column_deals_damage_first_and_last() -> None:
    """Q&A: a unit with Swift and Sluggish "deals combat damage twice, going first and last, with normal damage from
    other units happening in-between"."""
    drifter, titan, other = 1, 2, 3
    b = battle([[drifter, titan], [other]], no_defence(),
               {drifter: unit(2, 2, "swift"), titan: unit(6, 7, "sluggish"), other: unit(2, 2)})
    result = resolve_combat(b)
    assert [s["events"] for s in result["steps"]] == [[("player", 8)], [("player", 2)], [("player", 8)]]
    assert result["player_damage"] == 18


def test_swift_blocker_kills_front_attacker_and_back_unit_fights_on() -> None:
    """Hold the line between sub-steps (R45): a unit killed first contributes nothing later, and the unit behind it
    moves up and takes the rest of the damage."""
    front, back, blocker = 1, 2, 10
    b = battle([[front, back]], make_defence({0: [blocker]}),
               {front: unit(3, 1), back: unit(1, 3), blocker: unit(2, 5, "swift")})
    first, regular, _ = resolve_combat(b)["steps"]
    assert first["events"] == [("unit", front, 1, False), ("unit", back, 1, False)]
    assert first["died"] == [front]
    assert regular["events"] == [("unit", blocker, 1, False)], "only the back unit's power is left"


def test_tough_shared_by_a_dying_unit_is_lost_at_once() -> None:
    """Attributes: units "immediately lose access to any attributes which that unit may have been sharing" — a
    column mate that survived only thanks to Tough dies when Tough goes (R42, R45)."""
    guardian, mate, blocker = 1, 2, 10
    b = battle([[guardian, mate]], make_defence({0: [blocker]}),
               {guardian: unit(1, 3, "tough"), mate: unit(2, 2), blocker: unit(9, 9)})
    result = resolve_combat(b)
    regular = result["steps"][1]
    assert regular["events"] == [("unit", blocker, 3, False), ("unit", guardian, 6, False), ("unit", mate, 3, False)]
    assert regular["died"] == [guardian, mate]
    assert result["battle"]["attack"] == [[]]


def test_unaware_column_deals_no_damage() -> None:
    """R49: Unaware sets power to 0, and "because it is a shared combat attribute, it zeroes a whole column"."""
    spores, titan = 1, 2
    b = battle([[spores, titan]], no_defence(), {spores: unit(1, 1, "unaware"), titan: unit(6, 7)})
    assert resolve_combat(b)["player_damage"] == 0


def test_negative_power_adds_nothing_to_its_column() -> None:
    """Q&A: negative power "deals 0 damage"; Damage: a column deals "the combined power of each unit" (R38)."""
    b = battle([[1, 2]], no_defence(), {1: unit(-3, 1), 2: unit(2, 2)})
    assert column_damage(b, "attack", 0) == 2
    assert substep_damage(b, "regular") == [("player", 2)]


def test_blocked_column_without_blockers_deals_damage_to_nobody() -> None:
    """Blocked: "The column is considered blocked even if the defending unit is removed during combat!" — "Blocked
    units do not deal combat damage to you" (R37)."""
    b = battle([[1], [2]], make_defence({0: [10]}), {1: unit(4, 4), 2: unit(1, 1), 10: unit(1, 1)})
    b = remove_units(b, [10])
    assert b["blocked"] == [0] and b["defence"] == {"first": 0, "columns": [[]]}
    assert substep_damage(b, "regular") == [("player", 1)]


def test_defenders_outside_blocked_columns_deal_no_damage() -> None:
    """Blocking: units "placed blocking in slots where attackers aren't" only matter for adjacency (R36)."""
    b = battle([[1]], make_defence({-1: [10], 1: [11]}), {1: unit(2, 2), 10: unit(5, 5), 11: unit(5, 5)})
    assert validate_defence(b["defence"]["columns"], first=-1, attack=b["attack"]) == []
    assert substep_damage(b, "regular") == [("player", 2)]


def test_damage_step_plan_is_fixed_when_it_begins() -> None:
    """R45: "A column's sub-step is nevertheless fixed when the damage step begins" — a Sluggish column whose
    Sluggish unit dies first still deals its damage last."""
    titan, mate, blocker = 1, 2, 10
    b = battle([[titan, mate]], make_defence({0: [blocker]}),
               {titan: unit(0, 1, "sluggish"), mate: unit(3, 3), blocker: unit(1, 9, "swift")})
    first, regular, last = resolve_combat(b)["steps"]
    assert first["died"] == [titan]
    assert regular["events"] == []
    assert last["events"] == [("unit", blocker, 3, False)]


def test_flying_column_can_only_be_blocked_by_flying() -> None:
    """Attributes: with Bloodwind Revenant "the entire column can not be blocked unless the blocking unit has
    flying"; the defender may kill the Revenant first and then block normally (R40)."""
    revenant, mate, blocker, initiate, bat = 1, 2, 10, 11, 12
    units = {revenant: unit(2, 1, "flying"), mate: unit(1, 1), blocker: unit(2, 2), initiate: unit(2, 2),
             bat: unit(1, 1, "flying")}
    b = battle([[revenant, mate]], make_defence({0: [blocker]}), units)
    assert block_problems(b) == ["column 0 has Flying: only a column with Flying, or units that can block Flying, "
                                 "may block it (units 10 cannot)"]
    assert block_problems(battle([[revenant, mate]], make_defence({0: [initiate]}), units), [initiate]) == []
    assert block_problems(battle([[revenant, mate]], make_defence({0: [blocker, bat]}), units)) == []
    killed = remove_unit([[revenant, mate]], revenant, blocks_declared=False)
    assert block_problems(battle(killed, make_defence({0: [blocker]}), units)) == []


@given(st.integers(-3, 30), st.lists(st.integers(-2, 10), max_size=3), st.booleans(), st.integers(0, 5))
def test_assignment_never_exceeds_the_damage_and_goes_front_first(
    amount: int, remaining: list[int], deadly: bool, extra: int
) -> None:
    """Damage: a column's damage is split front to back; nothing reaches a unit behind until the one in front has
    its lethal amount, and no more than the column's damage is dealt."""
    receivers = [(i + 1, r) for i, r in enumerate(remaining)]
    dealt = assign_damage(amount, receivers, deadly=deadly, front_extra=extra)
    assert all(a > 0 for _, a in dealt)
    assert sum(a for _, a in dealt) <= max(0, amount)
    if receivers and amount > 0:
        assert sum(a for _, a in dealt) == amount, "the last unit is dealt whatever remains"
    got = dict(dealt)
    for position, (u, r) in enumerate(receivers[:-1]):
        lethal = 1 if deadly else max(1, r)
        behind = [got.get(v, 0) for v, _ in receivers[position + 1:]]
        if any(behind):
            assert got.get(u, 0) >= lethal


@st.composite
def battles(draw: st.DrawFn) -> Battle:
    attrs = st.lists(st.sampled_from(["swift", "sluggish", "deadly", "tough", "balanced", "unaware", "burst"]),
                     max_size=2, unique=True)
    next_id = [1]

    def make_column(size: int) -> list[int]:
        ids = list(range(next_id[0], next_id[0] + size))
        next_id[0] += size
        return ids

    attack = [make_column(draw(st.integers(1, 2))) for _ in range(draw(st.integers(1, 4)))]
    first = draw(st.integers(-1, 1))
    blockers = {first + j: make_column(draw(st.integers(0, 2))) for j in range(draw(st.integers(0, 4)))}
    units = {u: unit(draw(st.integers(-1, 6)), draw(st.integers(1, 7)), *draw(attrs))
             for u in range(1, next_id[0])}
    return battle(attack, make_defence(blockers), units)


@settings(max_examples=200)
@given(battles())
def test_combat_leaves_a_consistent_battle(b: Battle) -> None:
    """Damage and Hold the line: after the damage step every survivor has less damage than its defense, every
    column keeps its front row filled and its place, no unit is lost or duplicated, and only unblocked columns
    hurt the player."""
    result = resolve_combat(b)
    after = result["battle"]
    died = [u for s in result["steps"] for u in s["died"]]
    assert len(died) == len(set(died))
    alive = units_in(after["attack"]) + units_in(after["defence"])
    assert sorted(alive + died) == sorted(units_in(b["attack"]) + units_in(b["defence"]))
    assert len(after["attack"]) == len(b["attack"]) and after["blocked"] == b["blocked"]
    for u in alive:
        state = after["units"][str(u)]
        assert not dies(state["defense"], state["damage"])
    players: list[DamageEvent] = [e for s in result["steps"] for e in s["events"] if e[0] == "player"]
    unblocked = [i for i in range(len(b["attack"])) if i not in b["blocked"]]
    assert len(players) <= 2 * len(unblocked)
    if not unblocked:
        assert result["player_damage"] == 0
