"""More effect verbs: marking more creatures (Carpe Diem), peeking and showing cards (Prince of Thieves,
Orc Scout), fetching a Footsoldier, stacking Soldiers (Conscript), dropping a Soldier into a city (Bearer),
shields against dying (Botanist, Falconer), Blood Vengeance, rabies."""

from __future__ import annotations

from typing import Any

from cardgames.engine import core_events as ce
from cardgames.engine.decisions import Ask
from cardgames.engine.effects import StepContext
from cardgames.engine.flow import Flow
from cardgames.games.arcmage import table as t
from cardgames.games.arcmage.events import CardsShown
from cardgames.games.arcmage.refs import Verb, objs, seats


def _n(ctx: StepContext, value: Any) -> int:
    return int(ctx.vars.get("x", 0)) if value == "x" else int(value)


def mark_more(flow: Flow, ctx: StepContext, args: dict[str, Any]) -> Ask | None:
    """Carpe Diem: mark n more creatures (chosen as it resolves: the text does not say "target")."""
    n = _n(ctx, args.get("n", 1))
    if n > 0:
        flow.push("mark_more", seat=ctx.controller, left=n)
    return None


def peek(flow: Flow, ctx: StepContext, args: dict[str, Any]) -> Ask | None:
    """Prince of Thieves: the top card of the player's deck is shown to the controller only."""
    for s in seats(flow, ctx, args["who"]):
        deck = flow.state.zones[t.deck(s)].cards
        if deck:
            what = f"{flow.state.players[ctx.controller].name} peeks at the top of " \
                   f"{flow.state.players[s].name}'s deck"
            flow.emit(CardsShown([deck[-1]], [ctx.controller], what))
    return None


def show_hand(flow: Flow, ctx: StepContext, args: dict[str, Any]) -> Ask | None:
    """Orc Scout: the player shows a random card of their hand to the scout's controller."""
    for s in seats(flow, ctx, args["who"]):
        hand = flow.state.zones[t.hand(s)].cards
        if hand and s != ctx.controller:
            pick = hand[flow.randint("shown card", 0, len(hand) - 1)]
            what = f"{flow.state.players[s].name} shows a random card from hand"
            flow.emit(CardsShown([pick], [ctx.controller], what))
    return None


def fetch(flow: Flow, ctx: StepContext, args: dict[str, Any]) -> Ask | None:
    """Footsoldier: pay 1 per card of that name in play to put another from the deck into the army."""
    flow.push("fetch", seat=ctx.controller, card=str(args["card"]))
    return None


def stack_top(flow: Flow, ctx: StepContext, args: dict[str, Any]) -> Ask | None:
    """Conscript: any number of cards of the types from the deck, shown, the deck shuffled, then stacked on top."""
    flow.push("stack_top", seat=ctx.controller, types=list(args.get("types") or []), picked=[])
    return None


def drop_city(flow: Flow, ctx: StepContext, args: dict[str, Any]) -> Ask | None:
    """Bearer: a creature card of the types from hand into one of your cities, without paying."""
    if t.cities(flow.state, ctx.controller):
        flow.push("drop_city", seat=ctx.controller, types=list(args.get("types") or []), card=None)
    return None


def shield(flow: Flow, ctx: StepContext, args: dict[str, Any]) -> Ask | None:
    """R44: the next time it would die this turn, it survives, its damage removed, and becomes marked."""
    for o in objs(flow, ctx, args["what"]):
        flow.emit(ce.ObjectPropSet(o.id, "shield", flow.state.turn))
    return None


def aid(flow: Flow, ctx: StepContext, args: dict[str, Any]) -> Ask | None:
    """Call to Aid: until end of turn, the city's residents may also defend the player's other cities."""
    cities = [o.id for o in objs(flow, ctx, args["city"])]
    if cities:
        flow.emit(ce.GlobalSet("aid", [*(flow.state.globals.get("aid") or []), *cities]))
    return None


def carry(flow: Flow, ctx: StepContext, args: dict[str, Any]) -> Ask | None:
    """Merchant Ship: it may carry one unmarked creature of yours from where it left to where it went,
    without marking it."""
    src = flow.state.objects[ctx.source] if ctx.source is not None else None
    if src is not None and t.in_play(src) and ctx.vars.get("origin"):
        flow.push("carry", seat=ctx.controller, ship=src.id, origin=str(ctx.vars["origin"]))
    return None


def vengeance(flow: Flow, ctx: StepContext, args: dict[str, Any]) -> Ask | None:
    """Revenge: any creature the player casts this turn gains Blood Vengeance."""
    flow.emit(ce.PlayerPropSet(ctx.controller, "vengeance", flow.state.turn))
    return None


MORE_VERBS: dict[str, Verb] = {
    "mark_more": mark_more, "peek": peek, "show_hand": show_hand, "fetch": fetch, "stack_top": stack_top,
    "drop_city": drop_city, "shield": shield, "aid": aid, "carry": carry, "vengeance": vengeance,
}
