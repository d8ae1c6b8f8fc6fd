"""A unit's attributes and stats worked out the plain way, with nothing remembered or shared: what board.py's answers
(worked out once per state, shared between units) and lethal.py's kept ones must equal."""

from __future__ import annotations

from typing import Any

from cardgames.engine.state import GameObject, State
from cardgames.games.algomancy.formation import BACK, adjacent, column_of, row_of
from cardgames.games.algomancy.rules import Algomancy
from cardgames.games.algomancy.seating import mates, same_formation
from cardgames.games.algomancy.stats import column_attributes, counter_delta, layered_stats, unit_attributes


def exists(state: State, obj: GameObject) -> bool:
    """Whether a permanent exists for the rules: not a counter-attacker in phase 1."""
    battle = state.battle
    return not (battle and battle.get("phase") == 1 and obj.id in battle.get("counter", ()))


def in_region(state: State, reg: int) -> list[GameObject]:
    return [o for o in (state.objects[i] for i in state.zones[f"region:{reg}"].cards) if exists(state, o)]


def mods_on(state: State, obj: GameObject) -> list[GameObject]:
    """Every card attached to `obj`, in the order of the table's objects."""
    return [m for m in state.objects.values() if m.attached_to == obj.id]


def own_attributes(rules: Algomancy, state: State, obj: GameObject) -> list[str]:
    attrs = list(rules.cards[obj.card].attributes)
    mods = mods_on(state, obj)
    for m in mods:
        aug = rules.cards[m.card].augment
        if aug is not None:
            attrs += [a for a in aug.attributes if a not in attrs]
    if (mods or obj.props.get("unstable")) and "unstable" not in attrs:
        attrs.append("unstable")
    lost = obj.props.get("lost") or []
    return [a for a in attrs if a not in lost]


def _place(state: State, obj: GameObject) -> tuple[Any, int] | None:
    battle = state.battle
    if not battle:
        return None
    for key in ("attack", "defence"):
        form = battle.get(key)
        if form and (col := column_of(form, obj.id)) is not None:
            return form, col
    return None


def column_units(state: State, obj: GameObject) -> list[int]:
    place = _place(state, obj)
    if place is None:
        return [obj.id]
    form, col = place
    cols = form if isinstance(form, list) else form["columns"]
    first = 0 if isinstance(form, list) else int(form["first"])
    return list(cols[col - first])


def attributes(rules: Algomancy, state: State, obj: GameObject) -> list[str]:
    own = own_attributes(rules, state, obj)
    members = column_units(state, obj)
    if len(members) <= 1:
        return own
    return unit_attributes(own, column_attributes([own_attributes(rules, state, state.objects[u]) for u in members]))


def statics_of(rules: Algomancy, state: State, src: GameObject) -> tuple[Any, ...]:
    statics = rules.cat.statics(src.card)
    for m in mods_on(state, src):
        statics += rules.cat.mod_statics(m.card)
    return statics


def _static_changes(rules: Algomancy, state: State, obj: GameObject) -> tuple[int, int]:
    if not obj.zone.startswith("region:"):
        return 0, 0
    reg = int(obj.zone.split(":")[1])
    if exists(state, obj):
        sources = [(src, st) for src in in_region(state, reg) if (st := statics_of(rules, state, src))]
    else:
        own = statics_of(rules, state, obj)
        sources = [(obj, own)] if own else []
    dp = dd = 0
    for src, statics in sources:
        for st in statics:
            if st.to == "me" and src.id != obj.id:
                continue
            if st.to in ("allies", "other_allies") and not mates(state, src.controller, obj.controller):
                continue
            if st.to == "other_allies" and src.id == obj.id:
                continue
            if st.to == "adjacent_allies":
                place = _place(state, src)
                if not mates(state, src.controller, obj.controller) or place is None \
                        or obj.id not in same_formation(state.battle or {}, src.id, adjacent(place[0], src.id)):
                    continue
            if st.while_ == "back_row":
                place = _place(state, src)
                if place is None or row_of(place[0], src.id) != BACK:
                    continue
            times = 1
            if st.per == "other_ally_in_region":
                here = in_region(state, reg) if exists(state, obj) else [obj]
                times = sum(1 for o in here if mates(state, o.controller, src.controller) and o.id != src.id
                            and rules.cards[o.card].is_unit)
            elif st.per == "mod_on_me":
                times = len(mods_on(state, src))
            dp += st.stats[0] * times
            dd += st.stats[1] * times
    return dp, dd


def stats(rules: Algomancy, state: State, obj: GameObject) -> tuple[int, int]:
    """Power and defense through the six stat layers."""
    printed = rules.cards[obj.card].stats or (0, 0)
    base = obj.props.get("base")
    cp, cd = counter_delta(obj.counters)
    sp, sd = _static_changes(rules, state, obj)
    mp = sum(m.amount for m in state.modifiers if m.target == obj.id and m.stat == "power")
    md = sum(m.amount for m in state.modifiers if m.target == obj.id and m.stat == "defense")
    return layered_stats((printed[0], printed[1]), (int(base[0]), int(base[1])) if base else None,
                         (cp + sp + mp, cd + sd + md), attributes(rules, state, obj))


def units_in_play(rules: Algomancy, state: State) -> list[GameObject]:
    """Every unit in a region, region by region in zone order."""
    return [state.objects[i] for z in state.zones.values() if z.id.startswith("region:") for i in z.cards
            if rules.cards[state.objects[i].card].is_unit]


def doomed(rules: Algomancy, state: State) -> list[int]:
    """The units a state check destroys: lethal damage, defense ≤ 0, a deadly hit."""
    out = []
    for o in units_in_play(rules, state):
        defense = stats(rules, state, o)[1]
        if defense <= 0 or o.counters.get("damage", 0) >= defense or o.props.get("deadly_hit"):
            out.append(o.id)
    return out
