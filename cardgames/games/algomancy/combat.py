"""The combat damage step as pure calculation: sub-steps, column damage, assignment front to back, deaths."""

# Plain data only (JSON-native; tuples become lists in JSON).  A battle in one region is a `Battle`:
#
#   {"attack": [[front, back], [front], ...],            # formation.Formation, attacker indexes 0..k-1
#    "defence": {"first": f, "columns": [...]},          # formation.DefendingFormation, aligned to them
#    "blocked": [0, 2],                                  # fixed when blocks were declared (R37)
#    "units": {"17": {"power": 2, "defense": 3, "damage": 0, "attributes": ["swift"],
#                     "layers": {"printed": [2, 3], "base": None, "changes": [0, 0]}}, ...}}
#
# `units` is keyed by str(unit id).  `attributes` is the unit's own ordered list; the combat ones are shared
# down its column here (R50), so passing the column's shared list instead gives the same result.  `power` and
# `defense` are the unit's current stats; when `layers` is present `refresh_stats` recomputes them from the
# six stat layers with the column's current attributes (needed when a unit that shared Tough dies).
#
# A damage event is ("unit", unit id, amount, dealt by a Deadly column) or ("player", amount); the player is
# always the defending player (R43).  Columns are named by keys "attack:<index>" and "defence:<index>".

from __future__ import annotations

import copy
from collections.abc import Collection
from typing import Literal, NotRequired, TypedDict

from cardgames.games.algomancy.formation import DefendingFormation, Formation, column_at, column_of, remove_unit
from cardgames.games.algomancy.stats import column_attributes, combat_power, layered_stats

SUBSTEPS = ("first", "regular", "last")
"""The sub-steps of the combat damage step, in order (R45)."""

Side = Literal["attack", "defence"]
UnitDamage = tuple[Literal["unit"], int, int, bool]
PlayerDamage = tuple[Literal["player"], int]
DamageEvent = UnitDamage | PlayerDamage


class Layers(TypedDict):
    """The inputs of stat layers 1-3: printed [P, D], base override [P, D] or None, layer-3 change [dP, dD]."""

    printed: list[int]
    base: list[int] | None
    changes: list[int]


class CombatUnit(TypedDict):
    """A unit in battle: current stats, damage marked on it, its own attributes (and optionally its layers)."""

    power: int
    defense: int
    damage: int
    attributes: list[str]
    layers: NotRequired[Layers]


class Battle(TypedDict):
    """One attacking formation and the defending formation in front of it, in one region."""

    attack: Formation
    defence: DefendingFormation
    blocked: list[int]
    units: dict[str, CombatUnit]


class SubstepResult(TypedDict):
    """What one sub-step did: its damage events and the units that died after it (in order of death)."""

    step: str
    events: list[DamageEvent]
    died: list[int]


class CombatResult(TypedDict):
    """The three sub-steps, the battle after them, and the total damage dealt to the defending player."""

    steps: list[SubstepResult]
    battle: Battle
    player_damage: int


def substeps(column_attrs: list[str]) -> list[str]:
    """The sub-steps in which a column with these shared attributes deals damage (R45): Swift first, Sluggish
    last, neither regular; Swift and Sluggish together deal damage twice, first and last (Q&A)."""
    swift, sluggish = "swift" in column_attrs, "sluggish" in column_attrs
    if not swift and not sluggish:
        return ["regular"]
    return (["first"] if swift else []) + (["last"] if sluggish else [])


def column_key(side: Side, index: int) -> str:
    """The name of a column of the battle: "attack:2", "defence:-1" (indexes are attacker indexes)."""
    return f"{side}:{index}"


def _formation(battle: Battle, side: Side) -> Formation | DefendingFormation:
    return battle["attack"] if side == "attack" else battle["defence"]


def _indexes(battle: Battle, side: Side) -> range:
    if side == "attack":
        return range(len(battle["attack"]))
    first = battle["defence"]["first"]
    return range(first, first + len(battle["defence"]["columns"]))


def column_units(battle: Battle, side: Side, index: int) -> list[int]:
    """The units (front first) of a column of the battle; [] if there are none."""
    return column_at(_formation(battle, side), index)


def shared_attributes(battle: Battle, side: Side, index: int) -> list[str]:
    """The combat attributes the units of this column currently share (R50)."""
    return column_attributes([battle["units"][str(u)]["attributes"] for u in column_units(battle, side, index)])


def column_damage(battle: Battle, side: Side, index: int) -> int:
    """The damage a column deals: the sum of its units' power, negative power counting 0 (Damage, R38)."""
    return sum(combat_power(battle["units"][str(u)]["power"]) for u in column_units(battle, side, index))


def schedule(battle: Battle) -> dict[str, list[str]]:
    """Column key -> the sub-steps it deals damage in, for every column with units.  Fixed when the damage step
    begins (R45): compute it once then and pass it to every `substep_damage`."""
    plan: dict[str, list[str]] = {}
    for side in ("attack", "defence"):
        for index in _indexes(battle, side):
            if column_units(battle, side, index):
                plan[column_key(side, index)] = substeps(shared_attributes(battle, side, index))
    return plan


def assign_damage(
    amount: int, receivers: list[tuple[int, int]], *, deadly: bool, front_extra: int = 0
) -> list[tuple[int, int]]:
    """Split a column's damage over the receiving column, front first (Damage, R39).

    `receivers` are (unit, remaining defense = defense - marked damage), front to back.  Each unit but the last
    takes its lethal amount (remaining defense, or 1 from a Deadly column, R46; never less than 1) before
    anything goes behind it; the front unit takes `front_extra` more if the dealer over-assigns (Q&A:
    Lithoghul).  The last unit is dealt whatever remains; damage beyond it is lost and never reaches the
    player.  Returns (unit, amount) pairs with amount > 0.
    """
    if front_extra < 0:
        raise ValueError(f"cannot over-assign {front_extra} damage")
    left = max(0, amount)
    dealt: list[tuple[int, int]] = []
    for position, (unit, remaining) in enumerate(receivers):
        last = position == len(receivers) - 1
        lethal = 1 if deadly else max(1, remaining)
        extra = front_extra if position == 0 else 0
        share = left if last else min(left, lethal + extra)
        if share > 0:
            dealt.append((unit, share))
        left -= share
    return dealt


def _receivers(battle: Battle, side: Side, index: int) -> list[tuple[int, int]]:
    return [(u, battle["units"][str(u)]["defense"] - battle["units"][str(u)]["damage"])
            for u in column_units(battle, side, index)]


def _hit_column(battle: Battle, side: Side, index: int, amount: int, deadly: bool,
                front_extra: int = 0) -> list[DamageEvent]:
    receivers = _receivers(battle, side, index)
    return [("unit", unit, share, deadly)
            for unit, share in assign_damage(amount, receivers, deadly=deadly, front_extra=front_extra)]


class AssignmentChoice(TypedDict):
    """A blocked column whose damage may be over-assigned to the front unit it hits (Q&A: Lithoghul)."""

    column: str
    """The dealing column's key ("attack:0", "defence:1")."""
    amount: int
    front: int
    back: int
    lethal: int
    """The least the front unit must take before any damage goes to the back unit (R39)."""


def assignment_choices(battle: Battle, step: str, plan: dict[str, list[str]] | None = None
                       ) -> list[AssignmentChoice]:
    """The columns dealing damage in this sub-step whose dealer may choose how much goes to the front unit:
    blocked, facing a front and a back unit, with more damage than the front unit's lethal amount."""
    acting = schedule(battle) if plan is None else plan
    out: list[AssignmentChoice] = []
    for index in sorted(set(battle["blocked"])):
        for dealer, receiver in (("attack", "defence"), ("defence", "attack")):
            key = column_key(dealer, index)  # type: ignore[arg-type]
            if step not in acting.get(key, []):
                continue
            amount = column_damage(battle, dealer, index)  # type: ignore[arg-type]
            receivers = _receivers(battle, receiver, index)  # type: ignore[arg-type]
            if len(receivers) < 2:
                continue
            deadly = "deadly" in shared_attributes(battle, dealer, index)  # type: ignore[arg-type]
            lethal = 1 if deadly else max(1, receivers[0][1])
            if amount > lethal:
                out.append({"column": key, "amount": amount, "front": receivers[0][0], "back": receivers[1][0],
                            "lethal": lethal})
    return out


def substep_damage(battle: Battle, step: str, plan: dict[str, list[str]] | None = None,
                   extra: dict[str, int] | None = None) -> list[DamageEvent]:
    """The damage events of one sub-step (Damage, R37, R43, R45), with default assignment, all simultaneous.

    Unblocked attacking columns hit the defending player.  In a blocked column the attacking and defending
    columns damage each other; a blocked column whose blockers are all gone deals its damage to nobody, and
    defenders stand in front of nothing outside blocked columns.  `plan` is `schedule(battle)` taken when the
    damage step began (computed now if omitted).  `extra` maps a dealing column's key to the damage its
    controller over-assigns to the front unit (Q&A; default none).  Nothing is changed: apply the events
    with `mark_damage`.
    """
    if step not in SUBSTEPS:
        raise ValueError(f"unknown sub-step {step!r}: one of {', '.join(SUBSTEPS)}")
    acting = schedule(battle) if plan is None else plan
    blocked = set(battle["blocked"])
    events: list[DamageEvent] = []
    for index in _indexes(battle, "attack"):
        pairs: list[tuple[Side, Side]] = [("attack", "defence"), ("defence", "attack")]
        for dealer, receiver in pairs:
            if step not in acting.get(column_key(dealer, index), []):
                continue
            amount = column_damage(battle, dealer, index)
            if amount <= 0:
                continue
            if dealer == "attack" and index not in blocked:
                events.append(("player", amount))
            elif index in blocked:
                deadly = "deadly" in shared_attributes(battle, dealer, index)
                over = (extra or {}).get(column_key(dealer, index), 0)
                events.extend(_hit_column(battle, receiver, index, amount, deadly, over))
    return events


def player_hitters(battle: Battle, step: str, plan: dict[str, list[str]] | None = None) -> list[int]:
    """The attacking column indexes whose damage goes to the defending player in this sub-step: unblocked, acting
    now, dealing more than 0; in the order of the player events of `substep_damage`."""
    acting = schedule(battle) if plan is None else plan
    blocked = set(battle["blocked"])
    return [index for index in _indexes(battle, "attack")
            if index not in blocked and step in acting.get(column_key("attack", index), [])
            and column_damage(battle, "attack", index) > 0]


def unit_damage(events: list[DamageEvent]) -> list[tuple[int, int, bool]]:
    """The (unit, amount, dealt by a Deadly column) of the events that damage units, in order."""
    found: list[tuple[int, int, bool]] = []
    for event in events:
        match event:
            case ("unit", unit, amount, deadly):
                found.append((unit, amount, deadly))
    return found


def player_damage_in(events: list[DamageEvent]) -> int:
    """The total damage the events deal to the defending player."""
    total = 0
    for event in events:
        match event:
            case ("player", amount):
                total += amount
    return total


def mark_damage(battle: Battle, events: list[DamageEvent]) -> Battle:
    """The battle with the events' damage marked on the units (players' life is the caller's)."""
    new = copy.deepcopy(battle)
    for unit, amount, _ in unit_damage(events):
        new["units"][str(unit)]["damage"] += amount
    return new


def dies(defense: int, damage: int, *, deadly_hit: bool = False) -> bool:
    """Whether a unit dies (Units; R42, R46): damage at least its defense, defense 0 or less, or any damage
    dealt to it by a Deadly source."""
    return defense <= 0 or damage >= defense or (deadly_hit and damage > 0)


def destroyed(battle: Battle, deadly_hits: Collection[int] = ()) -> list[int]:
    """The units in formation that die now, attack first then defence, left to right, front first.
    `deadly_hits` are the units just dealt damage by a Deadly source."""
    found: list[int] = []
    for side in ("attack", "defence"):
        for index in _indexes(battle, side):
            for u in column_units(battle, side, index):
                unit = battle["units"][str(u)]
                if dies(unit["defense"], unit["damage"], deadly_hit=u in deadly_hits):
                    found.append(u)
    return found


def remove_units(battle: Battle, units: list[int]) -> Battle:
    """The battle without these units: each leaves its formation (the unit behind moves up, columns stay in
    place since blocks are declared: Hold the line) and the unit table."""
    new = copy.deepcopy(battle)
    for u in units:
        if column_of(new["attack"], u) is not None:
            new["attack"] = remove_unit(new["attack"], u, blocks_declared=True)
        elif column_of(new["defence"], u) is not None:
            new["defence"] = remove_unit(new["defence"], u, blocks_declared=True)
        new["units"].pop(str(u), None)
    return new


def refresh_stats(battle: Battle) -> Battle:
    """The battle with power and defense recomputed, for every unit in formation that carries `layers`, from
    the six stat layers and its column's current shared attributes (R50)."""
    new = copy.deepcopy(battle)
    for side in ("attack", "defence"):
        for index in _indexes(new, side):
            attrs = shared_attributes(new, side, index)
            for u in column_units(new, side, index):
                unit = new["units"][str(u)]
                layers = unit.get("layers")
                if layers is None:
                    continue
                base = layers["base"]
                unit["power"], unit["defense"] = layered_stats(
                    (layers["printed"][0], layers["printed"][1]),
                    None if base is None else (base[0], base[1]),
                    (layers["changes"][0], layers["changes"][1]),
                    attrs,
                )
    return new


def resolve_combat(battle: Battle) -> CombatResult:
    """Run the whole combat damage step with default assignment: for each sub-step, deal its damage, then
    remove the dead (repeating while stats recomputed without them kill more), so that a unit killed earlier
    contributes nothing later (R45).  The input is not changed."""
    state = refresh_stats(battle)
    plan = schedule(state)
    steps: list[SubstepResult] = []
    player_damage = 0
    for step in SUBSTEPS:
        events = substep_damage(state, step, plan)
        state = mark_damage(state, events)
        hits = {unit for unit, _, deadly in unit_damage(events) if deadly}
        died: list[int] = []
        dead = destroyed(state, hits)
        while dead:
            died.extend(dead)
            state = refresh_stats(remove_units(state, dead))
            dead = destroyed(state)
        player_damage += player_damage_in(events)
        steps.append({"step": step, "events": events, "died": died})
    return {"steps": steps, "battle": state, "player_damage": player_damage}


def block_problems(battle: Battle, can_block_flying: Collection[int] = ()) -> list[str]:
    """What is wrong with the blocks against Flying (Attributes, R40): a column with Flying can be blocked only
    by a defending column that has Flying, or whose blockers can all block Flying.  Check at declaration."""
    problems: list[str] = []
    for index in range(len(battle["attack"])):
        blockers = column_units(battle, "defence", index)
        if not blockers or "flying" not in shared_attributes(battle, "attack", index):
            continue
        if "flying" in shared_attributes(battle, "defence", index) or all(u in can_block_flying for u in blockers):
            continue
        problems.append(f"column {index} has Flying: only a column with Flying, or units that can block Flying, "
                        f"may block it (units {', '.join(map(str, blockers))} cannot)")
    return problems
