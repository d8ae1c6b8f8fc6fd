"""Shared steps of every phase: create, draw, Resupply, move with what a zone change takes away,
reactions put in Limbo (with the 100-times limit), emblems."""

from __future__ import annotations

from functools import cache
from typing import Any

from cardgames.engine import core_events as ce
from cardgames.engine.flow import Flow
from cardgames.engine.state import GameObject, Json, State
from cardgames.games.altered import table as t
from cardgames.games.altered.context import rules_of
from cardgames.games.altered.events import Used
from cardgames.games.altered.schema import Ability, Card

STATUSES = ("fleeting", "asleep", "anchored")


def create(flow: Flow, cid: str, owner: int, zone: str, props: dict[str, Json] | None = None) -> int:
    oid = flow.new_id()
    flow.emit(ce.ObjectCreated(oid, cid, owner, zone, dict(props or {})))
    return oid


def refill(flow: Flow, seat: int) -> bool:
    """An empty deck takes the shuffled discard pile (ruling H24); False if there is still nothing."""
    state = flow.state
    if state.zones[t.deck(seat)].cards:
        return True
    pile = list(state.zones[t.discard(seat)].cards)
    if not pile:
        return False
    for oid in pile:
        flow.emit(ce.ObjectMoved(oid, t.deck(seat), reset=True))
    flow.shuffle(t.deck(seat))
    return True


def draw(flow: Flow, seat: int, n: int = 1) -> None:
    for _ in range(n):
        if not refill(flow, seat):
            return
        top = flow.state.zones[t.deck(seat)].cards[-1]
        flow.emit(ce.ObjectMoved(top, t.hand(seat)))


def resupply(flow: Flow, seat: int) -> None:
    """Put the top card of your Deck into your Reserve (ready)."""
    if not refill(flow, seat):
        return
    top = flow.state.zones[t.deck(seat)].cards[-1]
    flow.emit(ce.ObjectMoved(top, t.reserve(seat), reset=True))


def clear_statuses(flow: Flow, obj: GameObject) -> None:
    for s in STATUSES:
        if obj.props.get(s):
            flow.emit(ce.ObjectPropSet(obj.id, s, None))


def move(flow: Flow, oid: int, zone_kind: str, *, as_sacrifice: bool = False) -> None:
    """Move an object to its owner's `zone_kind` ("reserve", "discard", "hand", "deck") — fragment
    1.4.3 (my cards, my zones), 1.4.4 (new zone, new object: counters and statuses are lost; a
    Seasoned Character keeps its boosts going to Reserve). A token leaving the Expedition zone
    ceases to exist; a Fleeting Character that would go to Reserve from play goes to Discard."""
    state = flow.state
    rules = rules_of(flow)
    obj = state.objects[oid]
    card = rules.cards[obj.card]
    was_in_expedition = t.expedition_of(obj) is not None
    if zone_kind == "reserve" and obj.props.get("fleeting") and (was_in_expedition or obj.zone == t.LIMBO):
        zone_kind = "discard"
    was_fleeting = bool(obj.props.get("fleeting"))
    boosts = obj.counters.get("boost", 0) if card.seasoned and zone_kind == "reserve" else 0
    clear_statuses(flow, obj)
    if card.kind == "token":
        flow.emit(ce.ObjectMoved(oid, t.GONE, reset=True))
    else:
        flow.emit(ce.ObjectMoved(oid, f"{zone_kind}:{obj.owner}", reset=True))
        if boosts:
            flow.emit(ce.CounterAdded(oid, "boost", boosts))
    if was_in_expedition:
        trigger_self(flow, oid, "leaves")
        if as_sacrifice:
            trigger_self(flow, oid, "sacrificed", was_fleeting=was_fleeting)
            trigger_controllers(flow, obj.controller, "you_sacrifice")


def pay_mana(flow: Flow, seat: int, n: int) -> None:
    if n > 0:
        flow.emit(ce.PlayerCounterAdded(seat, "orbs_exhausted", n))


# -- reactions in Limbo -----------------------------------------------------------------


def reactions(state: State) -> list[dict[str, Any]]:
    """The reactions waiting in Limbo (the state's own list: read it, never change it)."""
    return state.globals.get("reactions") or []


def ability_of(cards: dict[str, Card], ref: str) -> Ability:
    """An ability by reference: "ab:<card>:<i>" (printed) or "grant:<card>:<i>" (given by a passive)."""
    kind, cid, i = ref.split(":")
    card = cards[cid]
    if kind == "ab":
        return card.abilities[int(i)]
    grant = card.passives[int(i)].grant
    assert grant is not None
    return grant


def condition_holds(state: State, cond: str | None, seat: int, was_fleeting: bool = False) -> bool:
    if cond is None:
        return True
    if cond == "first_player":
        return t.first_player(state) == seat
    if cond == "not_first_day":
        return t.day(state) > 1
    if cond == "not_fleeting":
        return not was_fleeting
    if cond == "first_character_this_afternoon":
        return int((state.globals.get("characters_played") or {}).get(str(seat), 0)) == 1
    raise ValueError(f"unknown condition {cond}")


def serial(flow: Flow) -> int:
    """A fresh number for a reaction or emblem in Limbo."""
    n = int(flow.state.globals.get("serial", 0)) + 1
    flow.emit(ce.GlobalSet("serial", n))
    return n


def uses(state: State, key: str) -> int:
    return int((state.globals.get("uses") or {}).get(key, 0))


def count_use(flow: Flow, key: str, seat: int, source: int) -> None:
    """One more use today of a quick action or reaction (fragment 1.4.6), said in the log."""
    label = rules_of(flow).card_name(flow.state, flow.state.objects[source])
    flow.emit(Used(key, seat, source, label))


def queue(flow: Flow, seat: int, source: int, ref: str, was_fleeting: bool = False, subject: int | None = None) -> None:
    """A reaction triggers: an Emblem-Reaction goes to Limbo (fragment 5.1.1.d), unless it has
    activated a hundred times this day (1.4.6.c) or its condition does not hold."""
    state = flow.state
    rules = rules_of(flow)
    ab = ability_of(rules.cards, ref)
    obj = state.objects[source]
    if not condition_holds(state, ab.condition, seat, was_fleeting):
        return
    if uses(state, f"r:{source}:{ref}") >= t.LIMIT:
        return
    rid = serial(flow)
    entry = {
        "id": rid,
        "seat": seat,
        "source": source,
        "ref": ref,
        "card": obj.card,
        "label": rules.card_name(state, obj),
        "subject": subject,
    }
    flow.emit(ce.GlobalSet("reactions", [*reactions(state), entry]))


def granted(state: State, cards: dict[str, Card], seat: int) -> list[tuple[str, Ability]]:
    """Reactions a player's Characters have from their Landmarks' passives (Haven)."""
    out: list[tuple[str, Ability]] = []
    for lid in state.zones[t.landmarks(seat)].cards:
        lcard = state.objects[lid].card
        for i, p in enumerate(cards[lcard].passives):
            if p.grant is not None:
                out.append((f"grant:{lcard}:{i}", p.grant))
    return out


def trigger_self(flow: Flow, oid: int, when: str, was_fleeting: bool = False) -> None:
    """An object's own reactions to something that happened to it ({J}, {H}, {R}, leaving, sacrificed)."""
    state = flow.state
    cards = rules_of(flow).cards
    obj = state.objects[oid]
    found = cards[obj.card].reactions
    if t.expedition_of(obj) is not None and when in ("played", "from_hand", "from_reserve"):
        found = (*found, *granted(state, cards, obj.controller))
    for ref, ab in found:
        if ab.when == when:
            queue(flow, obj.controller, oid, ref, was_fleeting)


@cache
def in_play_zones(seat: int) -> tuple[str, ...]:
    """The zones of what a player controls in play: the Hero's, the Landmarks and the expeditions."""
    return (t.hero_zone(seat), t.landmarks(seat), t.expedition(seat, "hero"), t.expedition(seat, "companion"))


def in_play_of(state: State, seat: int) -> list[GameObject]:
    """What a player controls in play: the Hero, Landmarks and Characters."""
    zones, objects = state.zones, state.objects
    return [objects[i] for z in in_play_zones(seat) for i in zones[z].cards]


def trigger_controllers(flow: Flow, seat: int, when: str, hand_cost: int = 0, subject: int | None = None) -> None:
    """Reactions of what a player controls in play to something the player did."""
    state = flow.state
    cards = rules_of(flow).cards
    for obj in in_play_of(state, seat):
        for ref, ab in cards[obj.card].reactions:
            if ab.when == when and hand_cost >= ab.min_hand_cost:
                queue(flow, seat, obj.id, ref, subject=subject)


def trigger_phase(flow: Flow, when: str) -> None:
    """ "At Noon" reactions of everything in play, in initiative order (fragment 4.2.b)."""
    for seat in t.initiative_order(flow.state):
        trigger_controllers(flow, seat, when)


# -- emblems -----------------------------------------------------------------------------


def emblems(state: State) -> list[dict[str, Any]]:
    """Ongoing Emblems in Limbo (fragment 2.2.13): {id, seat, kind, amount, until} (the state's own
    list: read it, never change it)."""
    return state.globals.get("emblems") or []


def add_emblem(flow: Flow, seat: int, kind: str, amount: int, until: str) -> None:
    eid = serial(flow)
    flow.emit(
        ce.GlobalSet(
            "emblems", [*emblems(flow.state), {"id": eid, "seat": seat, "kind": kind, "amount": amount, "until": until}]
        )
    )


def expire_emblems(flow: Flow, until: str) -> None:
    """An Ongoing Emblem ceases to exist when its duration ends, used or not (2.2.13 example)."""
    current = emblems(flow.state)
    kept = [e for e in current if e["until"] != until]
    if len(kept) != len(current):
        flow.emit(ce.GlobalSet("emblems", kept))
