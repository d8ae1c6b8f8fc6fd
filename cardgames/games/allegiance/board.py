"""The Allegiance table as queries: zone names, who controls what, current attack and health."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardgames.engine import core_events as ce
from cardgames.engine.flow import Flow
from cardgames.engine.state import GameObject, State
from cardgames.games.allegiance.events import Revealed, hero_ref, hero_seat, is_hero

if TYPE_CHECKING:
    from cardgames.games.allegiance.catalog import Catalog

DECKS = ("basic", "elite", "action")
UNIT_DECKS = ("basic", "elite")


def deck(name: str) -> str:
    return f"deck:{name}"


def discard(name: str) -> str:
    return f"discard:{name}"


def hand(seat: int) -> str:
    return f"hand:{seat}"


def territory(seat: int) -> str:
    return f"territory:{seat}"


def reserves(seat: int) -> str:
    return f"reserves:{seat}"


LIMBO = "limbo"
"""Cards announced (enlisted units, played actions) that have left the hand but not resolved."""
REMOVED = "removed"
"""Cards removed from play for a while (they come back as new objects)."""


def move(flow: Flow, obj_id: int, to: str, **kw: Any) -> None:
    """Move a card; if it goes from a hidden or private zone to a public one, it is revealed."""
    state = flow.state
    src = state.zones[state.objects[obj_id].zone]
    if src.visibility != "public" and state.zones[to].visibility == "public":
        flow.emit(Revealed(obj_id))
    flow.emit(ce.ObjectMoved(obj_id, to, **kw))


def in_play(state: State, obj: GameObject) -> bool:
    return obj.zone.startswith("territory:")


def units(state: State, seat: int | None = None) -> list[GameObject]:
    """Units in play (of one controller, or everyone's), in territory order."""
    out = []
    for p in state.players:
        if seat is not None and p.seat != seat:
            continue
        for i in state.zones[territory(p.seat)].cards:
            obj = state.objects[i]
            if obj.props.get("type") == "unit" and obj.attached_to is None:
                out.append(obj)
    return out


def gear(state: State, seat: int, kind: str) -> GameObject | None:
    """The seat's weapon or armor card in play (kind "weapon" or "armor")."""
    ref = state.players[seat].props.get(kind)
    if ref is None:
        return None
    obj = state.objects[int(ref)]
    return obj if in_play(state, obj) else None


def attachments(state: State, host: int) -> list[GameObject]:
    return [
        state.objects[i]
        for p in state.players
        for i in state.zones[territory(p.seat)].cards
        if state.objects[i].attached_to == host
    ]


def opponents(state: State, seat: int) -> list[int]:
    """Live opponents of `seat` (teammates are not opponents)."""
    team = state.players[seat].team
    return [s for s in state.seats_from(seat) if s != seat and state.players[s].team != team]


def alive(state: State, ref: int) -> bool:
    """A hero whose player is still in the game, or an object still in play."""
    if is_hero(ref):
        return not state.players[hero_seat(ref)].eliminated
    obj = state.objects.get(ref)
    return obj is not None and in_play(state, obj)


def controller(state: State, ref: int) -> int:
    return hero_seat(ref) if is_hero(ref) else state.objects[ref].controller


def name_of(cat: Catalog, state: State, ref: int) -> str:
    if is_hero(ref):
        p = state.players[hero_seat(ref)]
        hero = p.props.get("hero")
        return f"{cat.hero(str(hero)).name} ({p.name})" if hero else p.name
    return cat.display_name(state.objects[ref])


# -- stats ---------------------------------------------------------------------------------


def _static_bonus(cat: Catalog, state: State, obj: GameObject, stat: str) -> int:
    """Bonuses from static (`while`) abilities of cards in play."""
    total = 0
    battle = state.battle or {}
    attacking = obj.id in (battle.get("attackers") or [])
    for p in state.players:
        for i in state.zones[territory(p.seat)].cards:
            src = state.objects[i]
            for ab in cat.abilities_of(src):
                w = ab.while_
                if not w or w.get("stat", "attack") != stat:
                    continue
                who = w.get("who")
                ok = False
                if who == "attached":
                    ok = src.attached_to == obj.id
                elif who == "other_units_you_control":
                    ok = src.id != obj.id and obj.controller == src.controller
                elif who == "other_attacking_units_you_control":
                    ok = src.id != obj.id and obj.controller == src.controller and attacking
                elif who == "named_you_control":
                    ok = (src.id != obj.id and obj.controller == src.controller
                          and obj.card in (w.get("cards") or []))
                elif who == "self_defending_against_elite":
                    ok = src.id == obj.id and any(
                        d == obj.id and state.objects[int(a)].props.get("deck") == "elite"
                        for a, d in (battle.get("blocks") or {}).items())
                elif who == "defending_units_you_control":
                    ok = obj.controller == src.controller and obj.id in (battle.get("blocks") or {}).values()
                if ok:
                    total += int(w.get("amount", 0))
    return total


def base_attack(cat: Catalog, obj: GameObject) -> int:
    return cat.printed_attack(obj)


def attack(cat: Catalog, state: State, obj: GameObject) -> int:
    """Current attack power (may be negative; negative deals 0 — rulebook p.24)."""
    value = base_attack(cat, obj)
    if obj.props.get("type") == "unit":
        value += obj.counters.get("augment", 0) - obj.counters.get("curse", 0)
    value += sum(m.amount for m in state.modifiers if m.target == obj.id and m.stat == "attack")
    return value + _static_bonus(cat, state, obj, "attack")


def max_health(cat: Catalog, state: State, obj: GameObject) -> int:
    """Printed health + augment counters + modifiers (ruling R49)."""
    value = cat.printed_health(obj) + obj.counters.get("augment", 0)
    value += sum(m.amount for m in state.modifiers if m.target == obj.id and m.stat == "health")
    return value + _static_bonus(cat, state, obj, "health")


def armor_rating(cat: Catalog, state: State, seat: int) -> int:
    obj = gear(state, seat, "armor")
    return cat.face(obj).armor or 0 if obj else 0


def hero_of(seat: int) -> int:
    return hero_ref(seat)
