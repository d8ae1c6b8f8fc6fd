"""A board set mid-game for scenarios, tests and lessons (`options["given"]`).

    given:
      events: [eclipse, mana-surge]      # the event pile, bottom first (the rest go to the box)
      players:
        Ann: {role: warlock, mana: 5, vp: 7, hand: [sparkjack],
              field: [bulwark, {card: aegis-walker, damage: 1}]}
        Bob: {role: barricade}           # in the two-roles variant: {role: [barricade, ruler]}
      round: 3                           # the round it is (default 1)
      eclipse: true                      # Eclipse (or bloodlust) drawn last round: it holds now

A listed `field` replaces the player's field (a Bulwark stays only if listed). When every player
has a `role` (two each in the two-roles variant), the game starts at the first turn of that round;
otherwise at that round's pledge.
"""

from __future__ import annotations

from typing import Any

from cardgames.engine import core_events as ce
from cardgames.engine.decisions import CardgamesError
from cardgames.engine.flow import Flow
from cardgames.engine.state import Json
from cardgames.games.mechamancers import table as t
from cardgames.games.mechamancers.catalog import Catalog
from cardgames.games.mechamancers.events import Placed
from cardgames.games.mechamancers.rounds import set_turns

KEYS = frozenset({"events", "players", "round", "eclipse", "bloodlust"})
PLAYER_KEYS = frozenset({"role", "mana", "vp", "hand", "field"})


def _roles(spec: Any) -> list[str]:
    role = spec.get("role")
    if role is None:
        return []
    return [str(r) for r in role] if isinstance(role, list) else [str(role)]


def check(cat: Catalog, names: list[str], given: dict[str, Json], two: bool = False) -> None:
    """Refuse a `given` that names unknown players, keys or cards, or a role twice, with what is allowed."""
    bad = set(given) - KEYS
    if bad:
        raise CardgamesError(f"given: unknown key(s) {', '.join(sorted(bad))}; allowed: {', '.join(sorted(KEYS))}")
    for ev in given.get("events", []) or []:
        cat.event(str(ev))
    for who, spec in dict(given.get("players", {}) or {}).items():
        if who not in names:
            raise CardgamesError(f"given: {who!r} is not one of the players")
        bad = set(spec) - PLAYER_KEYS
        if bad:
            raise CardgamesError(f"given: {who}: unknown key(s) {', '.join(sorted(bad))}")
        for rid in _roles(spec):
            cat.role(rid)
        if len(_roles(spec)) > (2 if two else 1):
            raise CardgamesError(f"given: {who} holds {len(_roles(spec))} roles; "
                                 f"{'two' if two else 'one'} at most")
        for cid in list(spec.get("hand", [])) + [_card(x) for x in spec.get("field", [])]:
            cat.mech(cid)
    held = [rid for spec in dict(given.get("players", {}) or {}).values() for rid in _roles(spec)]
    if len(set(held)) != len(held):
        raise CardgamesError("given: a role is held by two players (or twice)")


def _card(item: Any) -> str:
    return str(item["card"]) if isinstance(item, dict) else str(item)


def _take(flow: Flow, cid: str) -> int:
    """A card of this design from a pile or the spare Bulwarks."""
    state = flow.state
    for zone in (*(t.pile(k) for k in t.PILES), t.REMOVED):
        for oid in reversed(state.zones[zone].cards):
            if state.objects[oid].card == cid:
                return oid
    raise CardgamesError(f"given: no {cid} left to place")


def apply_given(cat: Catalog, flow: Flow, given: dict[str, Json]) -> bool:
    """Set the board; True if every player has its role(s) (the game starts at the turns), else
    the game starts at the pledge of the given round."""
    state = flow.state
    names = [p.name for p in state.players]
    if given.get("events") is not None:
        for oid in list(state.zones[t.EVENTS].cards):
            flow.emit(ce.ObjectMoved(oid, t.EVENTS_BOX))
        for ev in given["events"]:
            oid = next(o for o in state.zones[t.EVENTS_BOX].cards if state.objects[o].card == ev)
            flow.emit(ce.ObjectMoved(oid, t.EVENTS))
    players = dict(given.get("players", {}) or {})
    for who, spec in players.items():
        seat = names.index(who)
        if "field" in spec:
            for oid in list(state.zones[t.field(seat)].cards):
                flow.emit(Placed(oid, t.REMOVED, -1))
            for item in spec["field"]:
                oid = _take(flow, _card(item))
                dmg = int(item.get("damage", 0)) if isinstance(item, dict) else 0
                flow.emit(Placed(oid, t.field(seat), seat, dmg))
        for cid in spec.get("hand", []):
            flow.emit(Placed(_take(flow, str(cid)), t.hand(seat), seat))
        for counter in ("mana", "vp"):
            if counter in spec:
                flow.emit(ce.PlayerCounterAdded(seat, counter, int(spec[counter]) - getattr(t, counter)(state, seat)))
    rnd = int(given.get("round", 1))
    for effect in ("eclipse", "bloodlust"):  # as if the event was drawn last round
        if given.get(effect):
            flow.emit(ce.GlobalSet(f"{effect}_round", rnd))
    roles = {names.index(w): _roles(s) for w, s in players.items()}
    if len(names) != sum(1 for held in roles.values() if len(held) == (2 if t.two_roles(state) else 1)):
        if rnd > 1:  # the pledge of round `rnd` comes next: the round frame counts it on
            flow.emit(ce.GlobalSet("round", rnd - 1))
        return False
    for seat, held in roles.items():
        for rid in sorted(held, key=lambda r: cat.role(r).order):
            oid = next(o for o in state.zones[t.ROLES].cards if state.objects[o].card == rid)
            flow.emit(ce.ObjectMoved(oid, t.role_zone(seat)))
    for oid in list(state.zones[t.ROLES].cards):
        flow.emit(ce.ObjectMoved(oid, t.ASIDE))
    flow.emit(ce.GlobalSet("round", rnd))
    set_turns(flow, cat)
    return True
