"""Effect verbs on a player's kingdom and resources: stolen and returned resource cards, produced and
sacrificed resources, a city its army may not defend, the other cities destroyed, an extra attack."""

from __future__ import annotations

from typing import Any

from cardgames.engine import core_events as ce
from cardgames.engine.decisions import Ask
from cardgames.engine.effects import StepContext
from cardgames.engine.flow import Flow
from cardgames.games.arcmage import checks
from cardgames.games.arcmage import table as t
from cardgames.games.arcmage.context import rules_of
from cardgames.games.arcmage.refs import host_of, objs, seats, source_of


def steal_resource(flow: Flow, ctx: StepContext, args: dict[str, Any]) -> Ask | None:
    """Cutpurse Imp: take control of one of the player's resource cards (R11: it keeps its faction and mark)."""
    for s in seats(flow, ctx, args["who"]):
        if s != ctx.controller and flow.state.zones[t.vault(s)].cards and ctx.source is not None:
            flow.push("steal", seat=ctx.controller, victim=s, thief=ctx.source)
    return None


def return_resource(flow: Flow, ctx: StepContext, args: dict[str, Any]) -> Ask | None:
    """...and give it back when the thief leaves play."""
    src = source_of(flow, ctx)
    stolen = src.props.get("stolen") if src is not None else None
    if src is None or stolen is None:
        return None
    card = flow.state.objects[int(stolen)]
    if card.zone.startswith("vault:") and card.controller != card.owner:
        flow.emit(ce.ObjectMoved(card.id, t.vault(card.owner), controller=card.owner))
    flow.emit(ce.ObjectPropSet(src.id, "stolen", None))
    return None


def produce(flow: Flow, ctx: StepContext, args: dict[str, Any]) -> Ask | None:
    """Produced resources float for the current turn (R9)."""
    n = int(args.get("n", 1))
    more = set(args.get("more_if") or [])
    rules = rules_of(flow)
    if more and any(more & set(rules.cards[o.card].types) for o in t.creatures_of(flow.state, ctx.controller)):
        n += 1
    flow.emit(ce.PlayerCounterAdded(ctx.controller, f"pool:{args['faction']}", n))
    return None


def sacrifice_resources(flow: Flow, ctx: StepContext, args: dict[str, Any]) -> Ask | None:
    n = len(t.creatures_of(flow.state, ctx.controller))
    if n:
        flow.push("sacrifice", seat=ctx.controller, left=n)
    return None


def no_army_defence(flow: Flow, ctx: StepContext, args: dict[str, Any]) -> Ask | None:
    cities = [o.id for o in objs(flow, ctx, args["city"])]
    if cities:
        flow.emit(ce.GlobalSet("outmaneuvered", [*(flow.state.globals.get("outmaneuvered") or []), *cities]))
    return None


def extra_attack(flow: Flow, ctx: StepContext, args: dict[str, Any]) -> Ask | None:
    flow.emit(ce.GlobalSet("extra_attack", flow.state.turn))
    return None


def destroy_other_cities(flow: Flow, ctx: StepContext, args: dict[str, Any]) -> Ask | None:
    host = host_of(flow, ctx)
    for c in list(t.cities(flow.state, ctx.controller)):
        if host is None or c.id != host.id:
            checks.destroy_city(flow, c)
    return None
