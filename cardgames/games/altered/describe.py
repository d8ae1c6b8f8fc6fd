"""The players' log for Altered, rendered from events (hidden cards stay hidden)."""

from __future__ import annotations

from cardgames.engine import core_events as ce
from cardgames.engine.events import Event
from cardgames.engine.state import State
from cardgames.engine.view import can_see
from cardgames.games.altered import events as ae
from cardgames.games.altered import table as t
from cardgames.games.altered.context import Rules


def describe(rules: Rules, state: State, ev: Event, viewer: int | None) -> str | None:
    """One log line for `ev` as `viewer` may read it (None: nothing to say)."""
    players = state.players

    def who(seat: int) -> str:
        return players[seat].name if 0 <= seat < len(players) else "?"

    def card(oid: int) -> str:
        if oid not in state.objects:
            return "something"
        obj = state.objects[oid]
        return rules.card_name(state, obj) if can_see(state, obj, viewer) else "a card"

    if isinstance(ev, ce.PhaseBegan):
        return f"— Day {t.day(state)}: {ev.phase.capitalize()} —"
    if isinstance(ev, ce.TurnBegan):
        return f"{who(ev.active)}'s turn"
    if isinstance(ev, ce.ObjectMoved):
        obj = state.objects[ev.id]
        kind, *rest = ev.to.split(":")
        owner = who(obj.owner)
        if kind == "hand":
            return f"{owner} draws {card(ev.id)}" if viewer == obj.owner else f"{owner} takes a card into their Hand"
        if kind == "mana":
            return f"{owner} puts {card(ev.id)} in their Mana zone"
        if kind == "limbo":
            return f"{who(obj.controller)} plays {card(ev.id)}"
        if kind == "exp":
            return f"{card(ev.id)} joins {who(int(rest[0]))}'s {rest[1]} expedition"
        if kind == "reserve":
            return f"{card(ev.id)} goes to {owner}'s Reserve"
        if kind == "discard":
            return f"{card(ev.id)} goes to {owner}'s discard pile"
        if kind == "landmarks":
            return f"{card(ev.id)} enters {owner}'s Landmarks"
        if kind == "gone":
            return f"{card(ev.id)} (a token) ceases to exist"
        if kind == "region":
            return f"A tumult card turns face up: {card(ev.id)}"
        return None
    if isinstance(ev, ce.CounterAdded) and ev.name == "boost" and ev.delta > 0:
        return f"{card(ev.id)} gains {ev.delta} boost{'s' if ev.delta > 1 else ''}"
    if isinstance(ev, ce.ObjectPropSet) and ev.key in ("fleeting", "asleep", "anchored") and ev.value:
        return f"{card(ev.id)} gains {ev.key.capitalize()}"
    if isinstance(ev, ce.PlayerPropSet) and ev.key == "passed" and ev.value:
        return f"{who(ev.seat)} passes"
    if isinstance(ev, ce.ObjectPropSet) and ev.key == "token" and ev.id in state.objects:
        obj = state.objects[ev.id]
        name = card(ev.id)
        article = "an" if name[:1].lower() in "aeiou" else "a"
        return f"{who(obj.controller)} creates {article} {name} token in their {t.expedition_of(obj)} expedition"
    if isinstance(ev, ce.PlayerPropSet) and ev.key.endswith("_at") and state.phase == "dusk":
        return f"{who(ev.seat)}'s {ev.key[:-3]} expedition moves forward to region {int(str(ev.value)) + 1}"
    if isinstance(ev, ce.PlayerCounterAdded) and ev.name == "orbs_exhausted" and ev.delta > 0:
        return f"{who(ev.seat)} pays {ev.delta} mana"
    if isinstance(ev, ce.RandomDrawn) and ev.purpose == "die":
        return f"The die shows {ev.value}"
    if isinstance(ev, ce.ZoneShuffled) and ev.zone.startswith("deck:") and state.globals.get("day"):
        return f"{who(int(ev.zone.split(':')[1]))} shuffles their discard pile into their empty Deck"
    if isinstance(ev, ae.FirstPlayer):
        return f"{who(ev.seat)} is the first player"
    if isinstance(ev, ae.TiebreakersBegan):
        return "Both players' expeditions met with the same total distance: tiebreakers in the Arena"
    if isinstance(ev, ae.AfterYou) and ev.on:
        return f"After you: {who(ev.seat)}'s turn ends (not a pass)"
    if isinstance(ev, ae.Used):
        if ev.key.startswith("q:"):
            return f"{who(ev.seat)} uses {ev.label}'s ability"
        return f"{ev.label}'s reaction ({who(ev.seat)})"
    if isinstance(ev, ce.GameEnded):
        if ev.draw:
            return f"Game over: a draw ({ev.reason})"
        return f"Game over: {', '.join(who(w) for w in ev.winners)} wins — {ev.reason}"
    return None
