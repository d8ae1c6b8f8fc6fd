"""The players' log: one line per event, as a seat may read it (hidden cards stay unnamed)."""

from __future__ import annotations

from cardgames.engine import core_events as ce
from cardgames.engine.events import Event
from cardgames.engine.knowledge import can_see
from cardgames.engine.state import State
from cardgames.games.mechamancers import table as t
from cardgames.games.mechamancers.catalog import Catalog
from cardgames.games.mechamancers.events import (
    Activated,
    Assaulted,
    Damaged,
    Discarded,
    Drawn,
    EventRevealed,
    Healed,
    Left,
    RolePicked,
)


def describe_event(cat: Catalog, state: State, ev: Event, viewer: int | None) -> str | None:
    """`state` is the state after `ev`."""
    players = state.players

    def name(oid: int) -> str:
        return cat.card(state.objects[oid].card).name

    def seen(oid: int) -> bool:
        return (viewer is not None and can_see(state, state.objects[oid], viewer)) or \
            state.zones[state.objects[oid].zone].visibility == "public"

    if isinstance(ev, Drawn):
        what = name(ev.id) if viewer == ev.seat else f"a card from the {ev.pile} pile"
        return f"{players[ev.seat].name} draws {what}"
    if isinstance(ev, Activated):
        return f"{players[ev.seat].name} activates {name(ev.id)}" + (f" for {ev.cost} mana" if ev.cost else "")
    if isinstance(ev, Damaged):
        obj = state.objects[ev.id]
        how = f"by {name(ev.by)}'s attack" if ev.hit and ev.by is not None else "(ability damage)"
        return f"{name(ev.id)} ({players[obj.controller].name}) takes {ev.amount} damage {how}"
    if isinstance(ev, Healed):
        return f"{name(ev.id)} is repaired by {ev.amount}"
    if isinstance(ev, Left):
        owner = players[ev.seat if ev.seat >= 0 else state.objects[ev.id].owner].name
        how = "is destroyed" if ev.destroyed else "is scrapped"
        return f"{name(ev.id)} ({owner}) {how}" + (" and leaves the game" if ev.to == t.REMOVED else "")
    if isinstance(ev, Discarded):
        gain = f" for {ev.mana} mana" if ev.mana else ""
        return f"{players[ev.seat].name} discards {name(ev.id)} ({ev.why}){gain}"
    if isinstance(ev, Assaulted):
        head = f"{players[ev.thief].name} assaults {players[ev.victim].name}: {ev.attack} against shield {ev.shield}"
        return head + (f" — steals {ev.amount} VP" if ev.amount else " — nothing gets through")
    if isinstance(ev, RolePicked):
        if viewer == ev.seat:
            return f"You pledge {name(ev.id)}"
        return f"{players[ev.seat].name} pledges a role in secret"
    if isinstance(ev, EventRevealed):
        card = cat.event(state.objects[ev.id].card)
        return f"Event: {card.name} — {card.text}"
    if isinstance(ev, ce.ObjectMoved):
        zone = ev.to
        if zone.startswith("role:"):
            return f"{players[int(zone[5:])].name} reveals {name(ev.id)}"
        if zone.startswith("look:"):  # the names stay on the Quirk's board while it decides
            return f"{players[int(zone[5:])].name} looks at an event card (Foresight)"
        return None
    if isinstance(ev, ce.PlayerCounterAdded) and ev.name in ("mana", "vp") and ev.delta and t.round_no(state):
        sign = "gains" if ev.delta > 0 else "loses"
        return f"{players[ev.seat].name} {sign} {abs(ev.delta)} {'VP' if ev.name == 'vp' else 'mana'}"
    if isinstance(ev, ce.GlobalSet) and ev.key == "round":
        return f"— Round {ev.value} —"
    if isinstance(ev, ce.TurnBegan):
        role = t.turn_role(state) or t.role_of(state, ev.active)
        return f"{players[ev.active].name}'s turn" + (f" ({cat.role(role).name})" if role else "")
    if isinstance(ev, ce.GameEnded):
        return f"Game over: {ev.reason}"
    return None
