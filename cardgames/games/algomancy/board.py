"""A unit's current attributes and stats (column sharing, statics, mods, the six layers) and its view facts."""

from __future__ import annotations

from typing import Any, NamedTuple

from cardgames.engine.state import GameObject, State
from cardgames.games.algomancy import table as t
from cardgames.games.algomancy.catalog import Catalog
from cardgames.games.algomancy.context import Rules
from cardgames.games.algomancy.formation import BACK, adjacent, column_of, row_of
from cardgames.games.algomancy.schema import Static
from cardgames.games.algomancy.seating import mates, same_formation
from cardgames.games.algomancy.stats import column_attributes, counter_delta, layered_stats, unit_attributes


def _mods_index(state: State) -> dict[int, list[GameObject]]:
    """The mods of every modded card, top to bottom, by host; remembered until the table changes. Every card
    attached to another lies in the mods zone (mods.py; tests/algomancy/test_stat_caches.py checks it), and
    the cards there are taken in the order they were made, as the table's objects are."""
    def index() -> dict[int, list[GameObject]]:
        out: dict[int, list[GameObject]] = {}
        zone = state.zones.get(t.MODS)
        if zone is None or not zone.cards:
            return out
        objects = state.objects
        for mid in sorted(zone.cards):
            m = objects[mid]
            if m.attached_to is not None:
                out.setdefault(m.attached_to, []).append(m)
        return out
    return state.cached("mods", index)


def mods_on(state: State, obj: GameObject) -> list[GameObject]:
    """The mods applied to a card, top to bottom (in the order they were applied)."""
    return _mods_index(state).get(obj.id, [])


class Formations(NamedTuple):
    """What stats read of the battle under way (none: empty), found once per state."""

    columns: dict[int, list[int]]
    """The column (front first) of each unit in the battle's formations: the attack's, then the defence's."""
    absent: list[int]
    """The counter-attackers that do not exist for the rules now (`table.exists`)."""


def formations(state: State) -> Formations:
    """`Formations` of the state, remembered until the table changes."""
    def compute() -> Formations:
        columns: dict[int, list[int]] = {}
        battle = state.battle
        absent: list[int] = []
        if battle:
            for key in ("attack", "defence"):
                form = battle.get(key)
                if form:
                    for column in form if isinstance(form, list) else form["columns"]:
                        for u in column:
                            columns.setdefault(u, column)
            if battle.get("phase") == 1:
                absent = list(battle.get("counter", ()))
        return Formations(columns, absent)
    return state.cached("stat-formations", compute)


class Inputs(NamedTuple):
    """What every unit's stats read of the table besides the unit itself and its region's statics, found once
    per state."""

    mods: dict[int, list[GameObject]]
    """The mods on each host, top to bottom (`mods_on`)."""
    columns: dict[int, list[int]]
    """`Formations.columns`."""
    changes: dict[int, tuple[int, int]]
    """The temporary +power/+defense (modifiers) on each target."""
    absent: list[int]
    """`Formations.absent`."""


def inputs(state: State) -> Inputs:
    """`Inputs` of the state, remembered until the table changes."""
    def compute() -> Inputs:
        changes: dict[int, tuple[int, int]] = {}
        for m in state.modifiers:
            if m.stat == "power" or m.stat == "defense":
                p, d = changes.get(m.target, (0, 0))
                changes[m.target] = (p + m.amount, d) if m.stat == "power" else (p, d + m.amount)
        columns, absent = formations(state)
        return Inputs(_mods_index(state), columns, changes, absent)
    return state.cached("stat-inputs", compute)


def _own(rules: Rules, mods: dict[int, list[GameObject]], obj: GameObject) -> list[str]:
    """`own_attributes`; the card's own list when nothing changes it (so never to be changed by the caller)."""
    attrs: list[str] = rules.cards[obj.card].attributes  # type: ignore[assignment]
    on = mods.get(obj.id)
    props = obj.props
    if not on and not props.get("unstable") and not props.get("lost"):
        return attrs
    attrs = list(attrs)
    for m in on or ():
        aug = rules.cards[m.card].augment
        if aug is not None:
            attrs += [a for a in aug.attributes if a not in attrs]
    if (on or props.get("unstable")) and "unstable" not in attrs:
        attrs.append("unstable")
    lost = props.get("lost") or []
    return [a for a in attrs if a not in lost]


def own_attributes(rules: Rules, state: State, obj: GameObject) -> list[str]:
    """A card's own attributes: printed, then its mods' top to bottom; modded cards are Unstable."""
    return list(_own(rules, _mods_index(state), obj))


def _formation_place(state: State, obj: GameObject) -> tuple[Any, int] | None:
    """(the formation holding the unit, its column) in the battle under way, if it is in one."""
    battle = state.battle
    if not battle:
        return None
    for key in ("attack", "defence"):
        form = battle.get(key)
        if form and (col := column_of(form, obj.id)) is not None:
            return form, col
    return None


def _attributes(rules: Rules, state: State, given: Inputs, obj: GameObject) -> list[str]:
    """`attributes`, possibly a list shared with the card or another query (never to be changed)."""
    own = _own(rules, given.mods, obj)
    members = given.columns.get(obj.id)
    if members is None or len(members) <= 1:
        return own
    objects = state.objects
    column = column_attributes([_own(rules, given.mods, objects[u]) for u in members])
    return unit_attributes(own, column)


def attributes(rules: Rules, state: State, obj: GameObject) -> list[str]:
    """Everything the unit has now: in formation, its column's shared combat attributes (R50)."""
    return state.cached(f"attrs:{obj.id}", lambda: list(_attributes(rules, state, inputs(state), obj)))


def adjacent_units(state: State, obj: int) -> list[int]:
    """The units beside `obj` in its formation in the battle under way (none outside a formation)."""
    b = state.battle or {}
    for key in ("attack", "defence"):
        form = b.get(key)
        if form and column_of(form, obj) is not None:
            return same_formation(b, obj, adjacent(form, obj))
    return []


def in_back_row(state: State, obj: GameObject) -> bool:
    place = _formation_place(state, obj)
    return place is not None and row_of(place[0], obj.id) == BACK


def _statics(cat: Catalog, mods: dict[int, list[GameObject]], src: GameObject) -> tuple[Static, ...]:
    statics = cat.statics(src.card)
    on = mods.get(src.id)
    if on:
        statics += tuple(st for m in on for st in cat.mod_statics(m.card))
    return statics


def statics_of(rules: Rules, state: State, src: GameObject) -> tuple[Static, ...]:
    """The stat-changing statics a card in play has: its own and its augment text's (which works
    on the card itself too: rulebook, Permadeath note), then its mods' augment texts."""
    return _statics(rules.cat, _mods_index(state), src)


Sources = list[tuple[GameObject, tuple[Static, ...]]]
"""Cards in play with stat-changing statics, with them, in order."""


def region_statics(rules: Rules, state: State, reg: int) -> Sources:
    """The permanents in region `reg` that have stat-changing statics, with them, in order."""
    def compute() -> Sources:
        out = []
        cat, mods, objects = rules.cat, _mods_index(state), state.objects
        static_cards, absent = cat.static_cards, formations(state).absent
        for i in state.zones[t.region(reg)].cards:  # table.in_region, without a list of every card
            src = objects[i]
            if (src.card in static_cards or i in mods) and i not in absent:
                statics = _statics(cat, mods, src)
                if statics:
                    out.append((src, statics))
        return out
    return state.cached(f"region-statics:{reg}", compute)


def _static_changes(rules: Rules, state: State, obj: GameObject, reg: int, sources: Sources,
                    exists: bool) -> tuple[int, int]:
    """+power/+defense from static abilities in the unit's region `reg` (never from another region), whose
    `sources` are those of the region; a unit that does not exist for the rules now (a counter-attacker in
    phase 1) keeps only its own statics."""
    if not exists:
        own = statics_of(rules, state, obj)
        sources = [(obj, own)] if own else []
    dp = dd = 0
    here: list[GameObject] | None = None
    for src, statics in sources:
        for st in statics:
            if st.to == "me" and src.id != obj.id:
                continue
            if st.to in ("allies", "other_allies") and not mates(state, src.controller, obj.controller):
                continue
            if st.to == "other_allies" and src.id == obj.id:
                continue
            if st.to == "adjacent_allies":
                place = _formation_place(state, src)
                if not mates(state, src.controller, obj.controller) or place is None \
                        or obj.id not in same_formation(state.battle or {}, src.id, adjacent(place[0], src.id)):
                    continue
            if st.while_ == "back_row" and not in_back_row(state, src):
                continue
            times = 1
            if st.per == "other_ally_in_region":
                if here is None:
                    here = t.in_region(state, reg) if exists else [obj]
                times = sum(1 for o in here if mates(state, o.controller, src.controller) and o.id != src.id
                            and rules.cards[o.card].is_unit)
            elif st.per == "mod_on_me":
                times = len(mods_on(state, src))
            dp += st.stats[0] * times
            dd += st.stats[1] * times
    return dp, dd


def stats_in(rules: Rules, state: State, given: Inputs, obj: GameObject, reg: int | None,
           sources: Sources) -> tuple[int, int]:
    """Power and defense of `obj` (in region `reg`, whose statics are `sources`; None outside a region)."""
    card = rules.cards[obj.card]
    printed = card.stats or (0, 0)
    base = obj.props.get("base")
    cp, cd = counter_delta(obj.counters) if obj.counters else (0, 0)
    if reg is not None:
        exists = obj.id not in given.absent
        if sources or not exists:
            sp, sd = _static_changes(rules, state, obj, reg, sources, exists)
            cp, cd = cp + sp, cd + sd
    change = given.changes.get(obj.id)
    if change is not None:
        cp, cd = cp + change[0], cd + change[1]
    return layered_stats((printed[0], printed[1]), (int(base[0]), int(base[1])) if base else None,
                         (cp, cd), _attributes(rules, state, given, obj))


def stats_of(rules: Rules, state: State, obj: GameObject) -> tuple[int, int]:
    """Power and defense through the six stat layers (Q&A: Units)."""
    def compute() -> tuple[int, int]:
        reg = t.region_seat(obj.zone)
        sources = region_statics(rules, state, reg) if reg is not None else []
        return stats_in(rules, state, inputs(state), obj, reg, sources)
    return state.cached(f"stats:{obj.id}", compute)


def units_in_play(rules: Rules, state: State) -> list[tuple[GameObject, tuple[int, int]]]:
    """Every unit in play, region by region in zone order, with its power and defense (`stats_of`), worked
    out together: what they share (`Inputs`, each region's statics) is found once."""
    given = inputs(state)
    cards = rules.cards
    objects = state.objects
    out = []
    for z in state.zones.values():
        if not z.id.startswith("region:"):
            continue
        reg = t.region_seat(z.id)
        assert reg is not None
        sources = region_statics(rules, state, reg)
        for oid in z.cards:
            o = objects[oid]
            if cards[o.card].is_unit:
                out.append((o, stats_in(rules, state, given, o, reg, sources)))
    return out


def facts(rules: Rules, state: State, obj: GameObject) -> dict[str, Any]:
    """What a face-up card shows now: kind, cost, stats after layers, damage, attributes, text."""
    card = rules.cards[obj.card]
    out: dict[str, Any] = {"kind": card.kind, "cost": card.cost, "text": card.text}
    if card.affinity:
        out["affinity"] = dict(card.affinity)
    if card.is_unit and obj.zone.startswith("region:"):
        p, d = stats_of(rules, state, obj)
        out.update(power=p, defense=d, damage=obj.counters.get("damage", 0),
                   attributes=attributes(rules, state, obj))
    elif card.stats is not None:
        out.update(power=card.stats[0], defense=card.stats[1], attributes=list(card.attributes))
    if obj.props.get("x") is not None:
        out["x"] = obj.props["x"]
    if card.kind == "resource":
        out["dormant"] = bool(obj.props.get("face_down"))
    return out
