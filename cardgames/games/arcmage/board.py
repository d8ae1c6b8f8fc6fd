"""A card's current characteristics on the table: ATK/DEF and keywords after passives, city levels,
enchantments, counters and until-end-of-turn effects; city defense and devotion."""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

from cardgames.engine.state import GameObject, State
from cardgames.games.arcmage import table as t
from cardgames.games.arcmage.context import Rules
from cardgames.games.arcmage.schema import Card, Static


class Active(NamedTuple):
    """A passive effect in force: where it comes from and what it says (a tuple: made anew after
    every event, for every passive in play)."""

    source: int
    controller: int
    static: Static
    host: int | None = None
    city: int | None = None


def devotion(rules: Rules, state: State, city: int) -> int:
    """Effects: the sum of the loyalty marks of the city's devoted residents (marked, still there)."""
    total = 0
    objects, worth = state.objects, rules.cat.worth
    for i in state.zones[t.residents_zone(city)].cards:
        o = objects[i]
        if o.exhausted and o.props.get("devoted") == city:
            total += worth[o.card]
    return total


def city_defense(rules: Rules, state: State, city: GameObject) -> int:
    """Defending a city: printed defense, plus gains, minus (permanent) damage."""
    return rules.cards[city.card].defense + city.counters.get("gain", 0) - city.counters.get("damage", 0)


def actives(rules: Rules, state: State) -> list[Active]:
    """Every passive effect in force: creatures' own, enchantments', and cities' permanent levels
    while their devotion holds (Effects: a permanent effect fades when the devotion is not renewed)."""
    return state.cached("arc.actives", lambda: _actives(rules, state))


def _actives(rules: Rules, state: State) -> list[Active]:
    out: list[Active] = []
    cat = rules.cat
    perm_levels, own_statics, enchant_static = cat.perm_levels, cat.own_statics, cat.enchant_static
    objects, zones = state.objects, state.zones
    for s, creatures in t.creatures_by_seat(state).items():  # every live player, in turn order
        for c in zones[t.kingdom(s)].cards:
            levels = perm_levels.get(objects[c].card)
            if levels:  # speed: devotion is counted only for a city with a permanent passive to hold
                dev = devotion(rules, state, c)
                for level, static in levels:
                    if dev >= level:
                        out.append(Active(c, s, static, None, c))
        for o in creatures:
            statics = own_statics.get(o.card)
            if statics:
                out += [Active(o.id, s, st) for st in statics]
        for i in zones[t.ench(s)].cards:
            e = objects[i]
            st = enchant_static.get(e.card)
            if st is not None:
                out.append(Active(e.id, s, st, e.attached_to))
    return out


def _matches(rules: Rules, state: State, a: Active, obj: GameObject, card: Card) -> bool:
    st = a.static
    if st.to == "self" and obj.id != a.source:
        return False
    if st.to == "host" and obj.id != a.host:
        return False
    if st.to == "mine" and obj.controller != a.controller:
        return False
    if st.to == "residents" and t.city_of(obj) != a.city:
        return False
    if st.to == "players":
        return False
    if st.types and not set(st.types) & set(creature_types(rules, state, obj)):
        return False
    if st.faction is not None and card.faction != st.faction:
        return False
    if st.where == "army" and not t.in_army(obj):
        return False
    if st.where == "city" and t.city_of(obj) is None:
        return False
    if st.turn == "own" and state.active != a.controller:
        return False
    if st.turn == "other" and state.active == a.controller:
        return False
    if st.defending_non_flying:
        battle = state.battle or {}
        att = dict(battle.get("blocks", {})).get(str(obj.id))
        if att is None or has_keyword(rules, state, state.objects[int(att)], "flying"):
            return False
    if st.needs_other is not None:
        kinds = set(st.needs_other.get("types", []))
        n = sum(1 for o in t.creatures_of(state, a.controller)
                if o.id != a.source and kinds & set(rules.cards[o.card].types))
        if n < int(st.needs_other.get("n", 1)):
            return False
    return True


def _times(rules: Rules, state: State, a: Active, obj: GameObject) -> int:
    st = a.static
    if st.per_other is not None:
        kinds = set(st.per_other.get("types", []))
        return sum(1 for o in t.all_creatures(state) if o.id != obj.id and kinds & set(rules.cards[o.card].types))
    if st.per_here is not None:
        fac = st.per_here.get("faction")
        return sum(1 for o in state.cards_in(obj.zone) if o.id != obj.id and rules.cards[o.card].faction == fac)
    return 1


def creature_types(rules: Rules, state: State, obj: GameObject) -> list[str]:
    return list(rules.cards[obj.card].types) + [str(x) for x in obj.props.get("types", [])]


def applying(rules: Rules, state: State, obj: GameObject) -> list[tuple[Active, int]]:
    """The passive effects that apply to a creature or city, each with how many times (remembered
    until the next event: keywords, flags, ATK and DEF ask it for the same card many times)."""
    return state.cached(f"arc.applying.{obj.id}", lambda: _applying(rules, state, obj))


def _applying(rules: Rules, state: State, obj: GameObject) -> list[tuple[Active, int]]:
    card = rules.cards[obj.card]
    out: list[tuple[Active, int]] = []
    for a in actives(rules, state):
        if a.static.to == "host":
            if obj.id == a.host:
                out.append((a, 1))
            continue
        if not card.is_creature:
            continue
        if _matches(rules, state, a, obj, card):
            out.append((a, _times(rules, state, a, obj)))
    return out


def _mods(state: State, obj: GameObject, stat: str) -> int:
    return sum(m.amount for m in state.modifiers if m.target == obj.id and m.stat == stat)


def _stats_change(rules: Rules, state: State) -> bool:
    """Whether a passive in force changes an ATK or a DEF (speed: if none does, no card's passives are
    listed for its ATK and DEF)."""
    return state.cached("arc.stats", lambda: any(a.static.atk or a.static.def_ for a in actives(rules, state)))


def atk(rules: Rules, state: State, obj: GameObject) -> int:
    card = rules.cards[obj.card]
    base = card.atk + obj.counters.get("atk", 0) + _mods(state, obj, "atk")
    if _stats_change(rules, state):
        base += sum(a.static.atk * n for a, n in applying(rules, state, obj))
    return max(0, base)


def def_(rules: Rules, state: State, obj: GameObject) -> int:
    card = rules.cards[obj.card]
    base = card.def_ + obj.counters.get("def", 0) + _mods(state, obj, "def")
    if _stats_change(rules, state):
        base += sum(a.static.def_ * n for a, n in applying(rules, state, obj))
    return base


def keywords(rules: Rules, state: State, obj: GameObject) -> set[str]:
    """The creature's keywords now: printed, given by passives or effects, less those it lost."""
    kws: set[str] = set(rules.cards[obj.card].keywords)
    for a, _ in applying(rules, state, obj):
        if a.static.keyword_if_def is not None and def_(rules, state, obj) < a.static.keyword_if_def:
            continue
        kws |= set(a.static.keywords)
    for m in state.modifiers:
        if m.target == obj.id and m.stat.startswith("kw:"):
            kws.add(m.stat[3:])
    for m in state.modifiers:
        if m.target == obj.id and m.stat.startswith("nokw:"):
            kws.discard(m.stat[5:])
    return kws


def has_keyword(rules: Rules, state: State, obj: GameObject, kw: str) -> bool:
    """`kw in keywords(...)`, without making the set (speed: the rules ask about one keyword at a time):
    lost to an effect, given by one, printed, or given by a passive."""
    if state.modifiers:
        lost, given = f"nokw:{kw}", f"kw:{kw}"
        for m in state.modifiers:
            if m.target == obj.id and m.stat == lost:
                return False
        for m in state.modifiers:
            if m.target == obj.id and m.stat == given:
                return True
    if kw in rules.cards[obj.card].keywords:
        return True
    if kw not in state.cached("arc.kws", lambda: {k for a in actives(rules, state) for k in a.static.keywords}):
        return False  # speed: no passive in force gives it (the usual case): none on `obj` does
    for a, _ in applying(rules, state, obj):
        st = a.static
        if kw in st.keywords and (st.keyword_if_def is None or def_(rules, state, obj) >= st.keyword_if_def):
            return True
    return False


def flag(rules: Rules, state: State, obj: GameObject, name: str) -> list[Static]:
    """The passives on `obj` that set a flag (cannot_attack, besieged, no_unmark, ...)."""
    if not state.cached(_flag_key(name), lambda: any(getattr(a.static, name) for a in actives(rules, state))):
        return []  # speed: no passive in force sets it (most flags, most of the time): none applies to `obj`
    return [a.static for a, _ in applying(rules, state, obj) if getattr(a.static, name)]


@cache
def _flag_key(name: str) -> str:
    return f"arc.flag.{name}"


def defense_can_drop(rules: Rules, state: State) -> bool:
    """Whether anything in force lowers a creature's defense (a passive or an effect with a negative
    defense): if nothing does, an undamaged creature's defense is at least its printed one plus its
    counters."""
    return state.cached("arc.def_drop", lambda: any(a.static.def_ < 0 for a in actives(rules, state))
                        or any(m.stat == "def" and m.amount < 0 for m in state.modifiers))


def remaining_def(rules: Rules, state: State, obj: GameObject) -> int:
    return def_(rules, state, obj) - obj.counters.get("damage", 0)


def discount(rules: Rules, state: State, seat: int, card: Card) -> int:
    """Cost reductions from passives (Barracks L3: your Soldiers cost 1 less)."""
    n = 0
    for a in actives(rules, state):
        d = a.static.discount
        if a.static.to == "players" and d is not None and a.controller == seat \
                and set(d.get("types", [])) & set(card.types):
            n += int(d.get("n", 0))
    return n


def sudden_from_hand(rules: Rules, state: State, seat: int, card: Card) -> bool:
    """Sudden given to cards in hand (Tunnel Network L7; Falconer: your Bird cards)."""
    for a in actives(rules, state):
        kinds = a.static.hand_sudden
        if a.static.to == "players" and kinds is not None and a.controller == seat \
                and (not kinds or set(kinds) & set(card.types)):
            return True
    return False


def resource_capped(rules: Rules, state: State, seat: int) -> bool:
    """Siphon L3 (R86): while active, a player holding as many resource cards as its controller makes no more."""
    for a in actives(rules, state):
        if a.static.to == "players" and a.static.resource_cap and a.controller != seat \
                and len(state.zones[t.vault(seat)].cards) >= len(state.zones[t.vault(a.controller)].cards):
            return True
    return False


def cost_of(rules: Rules, state: State, seat: int, card: Card, x: int = 0) -> int:
    """What a card costs to play: printed (plus X), less discounts, never below its loyalty (R7)."""
    return max(card.loyalty, card.cost + x - discount(rules, state, seat, card))
