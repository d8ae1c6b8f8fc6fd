"""The players' log and the public facts of a card on the table, rendered from state (hidden cards stay hidden)."""

from __future__ import annotations

from typing import Any

from cardgames.engine import core_events as ce
from cardgames.engine.events import Event
from cardgames.engine.state import GameObject, State
from cardgames.engine.view import can_see
from cardgames.games.arcmage import board
from cardgames.games.arcmage import events as ae
from cardgames.games.arcmage import table as t
from cardgames.games.arcmage.context import Rules
from cardgames.games.arcmage.schema import FACTION_NAMES


def facts(rules: Rules, state: State, obj: GameObject) -> dict[str, Any]:
    """What everyone sees of a face-up card: its current stats, marks, damage, devotion, where it is."""
    card = rules.cards[obj.card]
    out: dict[str, Any] = {"type": card.type, "faction": FACTION_NAMES[card.faction]}
    if not card.is_city:
        out["cost"] = f"{'X+' if card.x else ''}{card.cost}"
        out["loyalty"] = card.loyalty
    if card.unbuilt:
        out["not enforced"] = card.unbuilt
    if obj.zone.startswith("kingdom:"):
        out["defense"] = board.city_defense(rules, state, obj)
        out["printed defense"] = card.defense
        out["devotion"] = board.devotion(rules, state, obj.id)
        zone = state.zones.get(t.residents_zone(obj.id))
        out["residents"] = len(zone.cards) if zone is not None else 0
    elif card.is_creature:
        if t.in_play(obj):
            out["atk"] = board.atk(rules, state, obj)
            out["def"] = board.def_(rules, state, obj)
            out["damage"] = obj.counters.get("damage", 0)
            out["keywords"] = sorted(board.keywords(rules, state, obj))
            if obj.props.get("devoted") is not None:
                out["devoted"] = True
        else:
            out["atk"], out["def"] = card.atk, card.def_
            out["keywords"] = list(card.keywords)
        out["types"] = board.creature_types(rules, state, obj)
    elif card.is_city:
        out["defense"] = card.defense
    if obj.attached_to is not None and obj.attached_to in state.objects:
        out["attached to"] = rules.card_name(state, state.objects[obj.attached_to])
    counters = {k: v for k, v in obj.counters.items() if k not in ("damage", "deadly", "gain") and v}
    if counters:
        out["counters"] = counters
    if obj.exhausted:
        out["marked"] = True
    return out


def describe(rules: Rules, state: State, ev: Event, viewer: int | None) -> str | None:
    """One log line for `ev` as `viewer` may read it (None: nothing to say)."""
    players = state.players

    def who(seat: int) -> str:
        return players[seat].name if 0 <= seat < len(players) else "?"

    def card(oid: int | None) -> str:
        if oid is None or oid not in state.objects:
            return "something"
        obj = state.objects[oid]
        return rules.card_name(state, obj) if can_see(state, obj, viewer) else "a card"

    if isinstance(ev, ce.TurnBegan) and ev.turn > 0:
        return f"— Turn {ev.turn}: {who(ev.active)} —"
    if isinstance(ev, ce.PhaseBegan):
        return f"{ev.phase.capitalize()} phase"
    if isinstance(ev, ae.CardDrawn):
        return f"{who(ev.seat)} draws {card(ev.id)}" if viewer == ev.seat else f"{who(ev.seat)} draws a card"
    if isinstance(ev, ae.DeckSearched):
        return f"{who(ev.seat)} searches their deck"
    if isinstance(ev, ae.CardsShown):
        names = ", ".join(rules.card_name(state, state.objects[c]) if viewer in ev.seats else "a card"
                          for c in ev.cards) or "nothing"
        to = "everyone" if len(ev.seats) == len(players) else " and ".join(who(s) for s in ev.seats)
        return f"{ev.what}: {names}, shown to {to}" if ev.what else f"Shown to {to}: {names}"
    if isinstance(ev, ae.ResourceMade):
        return f"{who(ev.seat)} makes a {FACTION_NAMES.get(ev.faction, ev.faction)} resource card"
    if isinstance(ev, ce.ChainPushed):
        if ev.kind == "ability":
            return f"{who(ev.controller)} uses {ev.label}"
        return f"{who(ev.controller)} plays {ev.label}"
    if isinstance(ev, ce.ChainPopped):
        if ev.result in ("fizzled", "countered"):
            return f"{ev.label} is {ev.result}"
        return f"{ev.label} resolves" if ev.result == "resolved" else None
    if isinstance(ev, ae.Damaged):
        src = f"{card(ev.source)} deals" if ev.source is not None else "It deals"
        return f"{src} {ev.amount} damage to {card(ev.target)}"
    if isinstance(ev, ce.ObjectMoved):
        obj = state.objects.get(ev.id)
        if obj is None:
            return None
        if ev.to.startswith("kingdom:"):
            return f"{who(obj.controller)} founds {card(ev.id)}"
        if ev.to.startswith("grave:"):
            return f"{card(ev.id)} goes to {who(obj.owner)}'s graveyard"
        if ev.to.startswith("gone:"):
            return f"{card(ev.id)} leaves the game"
        if ev.to.startswith("res:") and ev.to[4:].isdigit() and int(ev.to[4:]) in state.objects:
            return f"{card(ev.id)} enters {card(int(ev.to[4:]))}"
        if ev.to.startswith("army:"):
            return f"{card(ev.id)} goes to {who(obj.controller)}'s army"
        return None
    if isinstance(ev, ce.ObjectPropSet) and ev.key == "devoted" and ev.value is not None:
        return f"{card(ev.id)} devotes to {card(int(ev.value))}"
    if isinstance(ev, ce.GlobalSet) and ev.key.startswith("devotion:"):
        return f"{card(int(ev.key.split(':')[1]))} reaches devotion {ev.value}"
    if isinstance(ev, ce.BattleChanged) and ev.battle is not None:
        names = ", ".join(card(int(a)) for a in ev.battle.get("attackers", []))
        cities = " and ".join(card(int(c)) for c in ev.battle.get("cities", [ev.battle["city"]]))
        return f"{who(int(ev.battle['attacker']))} attacks {cities} with {names}"
    if isinstance(ev, ce.PlayerEliminated):
        return f"{who(ev.seat)} is defeated: {ev.reason}"
    if isinstance(ev, ce.GameEnded):
        return f"Game over: {ev.reason}"
    return None
