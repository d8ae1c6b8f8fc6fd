"""A unit's current attributes and stats (column sharing, statics, mods, the six layers) and its view facts."""

from __future__ import annotations

from typing import Any

from cardgames.engine.state import GameObject, State
from cardgames.games.algomancy import table as t
from cardgames.games.algomancy.context import Rules
from cardgames.games.algomancy.formation import BACK, adjacent, column_of, row_of
from cardgames.games.algomancy.schema import Static
from cardgames.games.algomancy.seating import mates, same_formation
from cardgames.games.algomancy.stats import column_attributes, counter_delta, layered_stats, unit_attributes


def mods_on(state: State, obj: GameObject) -> list[GameObject]:
    """The mods applied to a card, top to bottom (in the order they were applied)."""
    def index() -> dict[int, list[GameObject]]:
        out: dict[int, list[GameObject]] = {}
        for m in state.objects.values():
            if m.attached_to is not None:
                out.setdefault(m.attached_to, []).append(m)
        return out
    return state.cached("mods", index).get(obj.id, [])


def own_attributes(rules: Rules, state: State, obj: GameObject) -> list[str]:
    """A card's own attributes: printed, then its mods' top to bottom; modded cards are Unstable."""
    card = rules.cards[obj.card]
    attrs = list(card.attributes)
    mods = mods_on(state, obj)
    for m in mods:
        aug = rules.cards[m.card].augment
        if aug is not None:
            attrs += [a for a in aug.attributes if a not in attrs]
    if (mods or obj.props.get("unstable")) and "unstable" not in attrs:
        attrs.append("unstable")
    lost = obj.props.get("lost") or []
    return [a for a in attrs if a not in lost]


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


def column_units(state: State, obj: GameObject) -> list[int]:
    place = _formation_place(state, obj)
    if place is None:
        return [obj.id]
    form, col = place
    cols = form if isinstance(form, list) else form["columns"]
    first = 0 if isinstance(form, list) else int(form["first"])
    return list(cols[col - first])


def attributes(rules: Rules, state: State, obj: GameObject) -> list[str]:
    """Everything the unit has now: in formation, its column's shared combat attributes (R50)."""
    def compute() -> list[str]:
        own = own_attributes(rules, state, obj)
        members = column_units(state, obj)
        if len(members) <= 1:
            return own
        column = column_attributes([own_attributes(rules, state, state.objects[u]) for u in members])
        return unit_attributes(own, column)
    return state.cached(f"attrs:{obj.id}", compute)


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


def _statics_of(rules: Rules, state: State, src: GameObject) -> tuple[Static, ...]:
    """The stat-changing statics a card in play has: its own and its augment text's (which works
    on the card itself too: rulebook, Permadeath note), then its mods' augment texts."""
    cat = rules.cat
    statics = cat.statics(src.card)
    mods = mods_on(state, src)
    if mods:
        statics += tuple(st for m in mods for st in cat.mod_statics(m.card))
    return statics


def _region_statics(rules: Rules, state: State, reg: int) -> list[tuple[GameObject, tuple[Static, ...]]]:
    """The permanents in region `reg` that have stat-changing statics, with them, in order."""
    def compute() -> list[tuple[GameObject, tuple[Static, ...]]]:
        out = []
        for src in t.in_region(state, reg):
            statics = _statics_of(rules, state, src)
            if statics:
                out.append((src, statics))
        return out
    return state.cached(f"region-statics:{reg}", compute)


def _static_changes(rules: Rules, state: State, obj: GameObject) -> tuple[int, int]:
    """+power/+defense from static abilities in the unit's region (never from another region)."""
    reg = t.region_seat(obj.zone)
    if reg is None:
        return 0, 0
    # a unit that does not exist for the rules now (a counter-attacker in phase 1) keeps only its own statics
    if t.exists(state, obj):
        sources = _region_statics(rules, state, reg)
    else:
        own = _statics_of(rules, state, obj)
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
                    here = t.in_region(state, reg) if t.exists(state, obj) else [obj]
                times = sum(1 for o in here if mates(state, o.controller, src.controller) and o.id != src.id
                            and rules.cards[o.card].is_unit)
            elif st.per == "mod_on_me":
                times = len(mods_on(state, src))
            dp += st.stats[0] * times
            dd += st.stats[1] * times
    return dp, dd


def stats_of(rules: Rules, state: State, obj: GameObject) -> tuple[int, int]:
    """Power and defense through the six stat layers (Q&A: Units)."""
    def compute() -> tuple[int, int]:
        card = rules.cards[obj.card]
        printed = card.stats or (0, 0)
        base = obj.props.get("base")
        cp, cd = counter_delta(obj.counters)
        sp, sd = _static_changes(rules, state, obj)
        mp = md = 0
        for m in state.modifiers:
            if m.target == obj.id:
                if m.stat == "power":
                    mp += m.amount
                elif m.stat == "defense":
                    md += m.amount
        return layered_stats((printed[0], printed[1]), (int(base[0]), int(base[1])) if base else None,
                             (cp + sp + mp, cd + sd + md), attributes(rules, state, obj))
    return state.cached(f"stats:{obj.id}", compute)


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
