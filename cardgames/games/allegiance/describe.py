"""The players' log for Allegiance: one readable line per event.

Nothing the viewer may not see is shown.
"""

from __future__ import annotations

from cardgames.engine import core_events as ce
from cardgames.engine.events import Event
from cardgames.engine.state import State
from cardgames.games.allegiance import board
from cardgames.games.allegiance.cards import Cards
from cardgames.games.allegiance.events import CardDrawn, Damaged, GoldChanged, Healed, is_hero


def describe_event(cat: Cards, state: State, ev: Event, viewer: int | None) -> str | None:
    """Describe `ev` (already applied to `state`) for `viewer` (None: public only)."""

    def who(seat: int) -> str:
        return state.players[seat].name

    def name(ref: int) -> str:
        return board.name_of(cat, state, ref)

    def whose(ref: int) -> str:
        """A hero's name says whose it is already; a unit's gets its controller's ("Infantry (Bob)")."""
        if is_hero(ref) or ref not in state.objects:
            return name(ref)
        return f"{name(ref)} ({who(state.objects[ref].controller)})"

    if isinstance(ev, ce.TurnBegan):
        return f"— Turn {ev.turn}: {who(ev.active)} —" if ev.turn else None
    if isinstance(ev, ce.PhaseBegan):
        return None
    if isinstance(ev, CardDrawn):
        if viewer == ev.seat:
            return f"{who(ev.seat)} draws {cat.display_name(state.objects[ev.id])} ({ev.deck})"
        return f"{who(ev.seat)} draws a card from the {ev.deck} deck"
    if isinstance(ev, GoldChanged):
        if ev.reason == "production":
            production = state.players[ev.seat].counters.get("production")
            return f"{who(ev.seat)} gains {ev.delta} gold (production {production})"
        verb = "gains" if ev.delta >= 0 else "pays"
        left = state.players[ev.seat].counters["gold"]
        return f"{who(ev.seat)} {verb} {abs(ev.delta)} gold ({ev.reason}) → {left}"
    if isinstance(ev, Damaged):
        src = (
            f"{name(ev.source)} deals"
            if ev.source is not None and ev.source in state.objects
            else "Dealt"
        )
        kind = "battle damage" if ev.battle else "damage"
        prevented = f" ({ev.prevented} prevented)" if ev.prevented else ""
        tail = ""
        if ev.target < 0:
            tail = f" → health {state.players[-ev.target - 1].counters['health']}"
        return f"{src} {ev.amount} {kind} to {whose(ev.target)}{prevented}{tail}"
    if isinstance(ev, Healed):
        return f"{whose(ev.target)} heals {ev.amount} damage"
    if isinstance(ev, ce.ChainPushed):
        targets = [name(t) for ts in ev.targets.values() for t in ts]
        return f"{ev.label}" + (f" → {', '.join(targets)}" if targets else "") + " (on the chain)"
    if isinstance(ev, ce.ChainPopped):
        label = ev.label or "It"
        words = {
            "resolved": "resolves",
            "fizzled": "has no target left: canceled",
            "removed": "is removed",
        }
        return f"{label}: {words.get(ev.result, ev.result)}"
    if isinstance(ev, ce.ObjectMoved):
        obj = state.objects[ev.id]
        if ev.to.startswith("discard:") and obj.props.get("type") == "unit":
            return f"{cat.display_name(obj)} goes to the {ev.to[8:]} discard pile"
        if ev.to.startswith("territory:") and obj.props.get("type") == "unit":
            return f"{cat.display_name(obj)} enters play under {who(obj.controller)}'s control"
        return None
    if isinstance(ev, ce.ObjectChanged):
        if ev.face is not None:
            gear = state.objects[ev.id]
            return f"{who(gear.controller)} equips {cat.display_name(gear)}"
        return None
    if isinstance(ev, ce.CounterAdded) and ev.name == "augment":
        return f"{name(ev.id)} gets {ev.delta} augment counter{'s' if ev.delta != 1 else ''}"
    if isinstance(ev, ce.ModifierAdded):
        sign = "+" if ev.amount >= 0 else ""
        until = ev.until.replace("_", " ")
        return f"{name(ev.target)} gets {sign}{ev.amount} {ev.stat} ({until})"
    if isinstance(ev, ce.ShieldAdded):
        if ev.per_hit:
            what = "All" if ev.amount >= 999 else f"{ev.amount} of each"
            until = ev.until.replace("_", " ")
            return f"{what} damage to {name(ev.target)} will be prevented ({until})"
        return f"The next {ev.amount} damage to {name(ev.target)} will be prevented"
    if isinstance(ev, ce.BattleChanged):
        if ev.battle is not None:
            attacker, defender = int(ev.battle["attacker"]), int(ev.battle["defender"])
            return f"Battle: {who(attacker)} attacks {who(defender)}"
        if ev.changes and "attackers" in ev.changes:
            atk = [name(a) for a in ev.changes["attackers"]]
            return "Attackers: " + (", ".join(atk) if atk else "none")
        if ev.changes and "blocks" in ev.changes:
            return "Defenders: " + ", ".join(f"{name(d)} blocks {name(int(a))}"
                                             for a, d in ev.changes["blocks"].items())
        return "The battle ends" if ev.end else None
    if isinstance(ev, ce.PlayerEliminated):
        # the hand is discarded next, face up: each unit gets its own line then; name the others here
        held = [state.objects[i] for i in state.zones[board.hand(ev.seat)].cards]
        others = [cat.display_name(o) for o in held if o.props.get("type") != "unit"]
        gone = "; their hand is discarded" if held else ""
        if others:
            gone += ": " + ", ".join(others) + (" and the units below" if len(others) < len(held) else "")
        return f"{who(ev.seat)} is defeated ({ev.reason}){gone}"
    if isinstance(ev, ce.GameEnded):
        if ev.draw:
            return f"The game is a draw ({ev.reason})"
        names = " and ".join(who(s) for s in ev.winners)
        return f"{names} win{'s' if len(ev.winners) == 1 else ''} ({ev.reason})"
    if isinstance(ev, ce.Chose) and not ev.auto and ev.kind == "priority" and ev.key == "pass":
        return None
    return None
