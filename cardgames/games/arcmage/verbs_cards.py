"""Effect verbs that move cards between decks, hands, graveyards and the stack: draw, mill, discard, the toll,
tutors, revealing, dropping a card into play, countering a card being played."""

from __future__ import annotations

from typing import Any

from cardgames.engine import core_events as ce
from cardgames.engine.decisions import Ask
from cardgames.engine.effects import StepContext
from cardgames.engine.flow import Flow
from cardgames.games.arcmage import checks
from cardgames.games.arcmage import table as t
from cardgames.games.arcmage.context import rules_of
from cardgames.games.arcmage.refs import amount_of, objs, seats


def draw(flow: Flow, ctx: StepContext, args: dict[str, Any]) -> Ask | None:
    for s in seats(flow, ctx, args["who"]):
        checks.draw(flow, s, int(args.get("n", 1)))
    return None


def mill(flow: Flow, ctx: StepContext, args: dict[str, Any]) -> Ask | None:
    """The top card(s) of a deck go to its graveyard (an empty deck mills nothing: milling is no draw)."""
    for s in seats(flow, ctx, args["who"]):
        for _ in range(int(args.get("n", 1))):
            deck = flow.state.zones[t.deck(s)].cards
            if deck:
                flow.emit(ce.ObjectMoved(deck[-1], t.grave(s)))
    return None


def discard(flow: Flow, ctx: StepContext, args: dict[str, Any]) -> Ask | None:
    for s in reversed(seats(flow, ctx, args["who"])):  # pushed in reverse: the first seat chooses first
        flow.push("discard", seat=s, left=int(args.get("n", 1)), why="effect")
    return None


def toll(flow: Flow, ctx: StepContext, args: dict[str, Any]) -> Ask | None:
    """The toll: the named player discards a card or sacrifices a resource card, their pick."""
    for s in reversed(seats(flow, ctx, args["who"])):
        flow.push("toll", seat=s, left=amount_of(ctx, args.get("n", 1)))
    return None


def pay_draw(flow: Flow, ctx: StepContext, args: dict[str, Any]) -> Ask | None:
    """"You may pay n resources to draw a card" (Esteemed Councilor): asked if the player can pay."""
    if t.total_available(flow.state, ctx.controller) >= int(args.get("n", 2)):
        flow.push("pay_draw", seat=ctx.controller, n=int(args.get("n", 2)))
    return None


def top_of_deck(flow: Flow, ctx: StepContext, args: dict[str, Any]) -> Ask | None:
    for o in objs(flow, ctx, args["what"]):
        checks.leave_play(flow, o, t.deck(o.owner))
    return None


def tutor(flow: Flow, ctx: StepContext, args: dict[str, Any]) -> Ask | None:
    flow.push("tutor", seat=ctx.controller, faction=args.get("faction"), types=list(args.get("types") or []))
    return None


def reveal_top(flow: Flow, ctx: StepContext, args: dict[str, Any]) -> Ask | None:
    """Squad Leader: the top n cards are shown; those of the types go to hand, the rest to the bottom."""
    rules = rules_of(flow)
    deck = t.deck(ctx.controller)
    top = list(reversed(flow.state.zones[deck].cards[-int(args["n"]):]))
    kinds = set(args.get("types") or [])
    for oid in top:
        flow.emit(ce.ObjectMoved(oid, t.STACK))  # shown to everyone
    for oid in top:
        if kinds & set(rules.cards[flow.state.objects[oid].card].types):
            flow.emit(ce.ObjectMoved(oid, t.hand(ctx.controller)))
        else:
            flow.emit(ce.ObjectMoved(oid, deck, index=0))
    return None


def drop(flow: Flow, ctx: StepContext, args: dict[str, Any]) -> Ask | None:
    flow.push("drop", seat=ctx.controller, types=list(args.get("types") or []))
    return None


def no_draw(flow: Flow, ctx: StepContext, args: dict[str, Any]) -> Ask | None:
    for s in seats(flow, ctx, args["who"]):
        flow.emit(ce.PlayerPropSet(s, "no_draw", flow.state.turn))
    return None


def counter_card(flow: Flow, ctx: StepContext, args: dict[str, Any]) -> Ask | None:
    """Erode: the card being played is countered: to its owner's graveyard, costs stay spent (R25)."""
    for oid in ctx.targets.get(str(args["what"]), []):
        for entry in list(flow.state.chain):
            if entry.source == oid and entry.kind == "card":
                flow.emit(ce.ChainPopped(entry.id, "countered", entry.label))
                flow.emit(ce.ObjectMoved(oid, t.grave(flow.state.objects[oid].owner), reset=True))
    return None


def lose_creature(flow: Flow, ctx: StepContext, args: dict[str, Any]) -> Ask | None:
    """The skeleton curse: the player puts one of their creatures not of a faction into their graveyard,
    their pick; with none, nothing happens (Triggered: an impossible instruction is skipped)."""
    for s in seats(flow, ctx, args["who"]):
        flow.push("lose_creature", seat=s, not_faction=str(args.get("not_faction", "")))
    return None
