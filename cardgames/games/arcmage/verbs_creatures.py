"""Effect verbs on creatures: entering play (tokens, raised creatures), marking and unmarking, boosts,
counters and keywords, destroying, relocating, and the creatures a card sweeps away or gathers."""

from __future__ import annotations

from typing import Any

from cardgames.engine import core_events as ce
from cardgames.engine.decisions import Ask
from cardgames.engine.effects import StepContext
from cardgames.engine.flow import Flow
from cardgames.games.arcmage import board, checks
from cardgames.games.arcmage import table as t
from cardgames.games.arcmage.context import rules_of
from cardgames.games.arcmage.refs import amount_of, here_of, objs, seats, source_of


def put_creature(flow: Flow, obj_id: int, zone: str, *, marked: bool = False) -> None:
    """A creature enters play (Fatigue: it enters marked); "when it enters" fires."""
    rules = rules_of(flow)
    obj = flow.state.objects[obj_id]
    card = rules.cards[obj.card]
    seat = int(zone.split(":")[1]) if zone.startswith("army:") else flow.state.objects[int(zone[4:])].controller
    flow.emit(ce.ObjectMoved(obj_id, zone, controller=seat, entered_turn=flow.state.turn))
    if marked or "fatigue" in card.keywords:
        flow.emit(ce.ObjectChanged(obj_id, exhausted=True))
    if card.enters is not None:
        checks.queue(flow, flow.state.objects[obj_id], f"card:{card.id}:enters")
    if "blood_vengeance" in card.keywords:  # R64: it enters with counters for what a foe dealt last turn
        flow.push("vengeance", seat=seat, creature=obj_id)
    kinds = set(card.types) | {str(x) for x in obj.props.get("types", [])}
    for e in t.all_enchantments(flow.state):  # "every time a Skeleton comes into play" (Triggered)
        watch = rules.cards[e.card].watch_enters
        if watch is not None and kinds & set(watch.types) and e.attached_to is not None and e.attached_to < 0:
            checks.queue(flow, e, f"card:{e.card}:watch_enters", vars={"victim": -e.attached_to - 1})


def token(flow: Flow, ctx: StepContext, args: dict[str, Any]) -> Ask | None:
    where = args.get("where", "army")
    if where == "here":
        here = here_of(flow, ctx)
        if here is None or not t.in_play(here):
            return None
        zone = t.residents_zone(here.id)
    else:
        zone = t.army(ctx.controller)
    oid = checks.create(rules_of(flow), flow, str(args["card"]), ctx.controller, t.gone(ctx.controller))
    put_creature(flow, oid, zone, marked=bool(args.get("marked")))
    return None


def mark(flow: Flow, ctx: StepContext, args: dict[str, Any]) -> Ask | None:
    """Mark; `hold`: it stays marked through its controller's next Unmark phase (Nightingale); `lock`: it
    can't unmark while the source stays marked (Blindfolded)."""
    for o in objs(flow, ctx, args["what"]):
        checks.mark(flow, o)
        if args.get("hold") and t.in_play(o):
            flow.emit(ce.ObjectPropSet(o.id, "hold", True))
        if args.get("lock") and t.in_play(o) and ctx.source is not None and ctx.source != o.id:
            flow.emit(ce.ObjectPropSet(o.id, "locked_by", ctx.source))
    return None


def unmark(flow: Flow, ctx: StepContext, args: dict[str, Any]) -> Ask | None:
    for o in objs(flow, ctx, args["what"]):
        checks.unmark(flow, o)
    return None


def buff(flow: Flow, ctx: StepContext, args: dict[str, Any]) -> Ask | None:
    """+ATK/+DEF until the end of the turn."""
    for o in objs(flow, ctx, args["to"]):
        for stat in ("atk", "def"):
            if args.get(stat):
                flow.emit(ce.ModifierAdded(flow.new_id(), o.id, stat, int(args[stat]), "turn", ctx.source,
                                           ctx.controller))
    return None


def counter(flow: Flow, ctx: StepContext, args: dict[str, Any]) -> Ask | None:
    """Counters stay until the card leaves play (+1/+1, +1/+0, grassroot...)."""
    for o in objs(flow, ctx, args["to"]):
        for stat in ("atk", "def"):
            if args.get(stat):
                flow.emit(ce.CounterAdded(o.id, stat, int(args[stat])))
        if args.get("name"):
            flow.emit(ce.CounterAdded(o.id, str(args["name"]), amount_of(ctx, args.get("n", 1))))
    return None


def grant(flow: Flow, ctx: StepContext, args: dict[str, Any]) -> Ask | None:
    """A keyword given (or, with lose, taken away) until the end of the turn."""
    stat = ("nokw:" if args.get("lose") else "kw:") + str(args["keyword"])
    for o in objs(flow, ctx, args["to"]):
        flow.emit(ce.ModifierAdded(flow.new_id(), o.id, stat, 1, "turn", ctx.source, ctx.controller))
    return None


def destroy(flow: Flow, ctx: StepContext, args: dict[str, Any]) -> Ask | None:
    for o in objs(flow, ctx, args["what"]):
        if o.zone.startswith("ench:"):
            flow.emit(ce.ObjectMoved(o.id, t.grave(o.owner), reset=True))
        else:
            checks.destroy(flow, o)
    return None


def raise_(flow: Flow, ctx: StepContext, args: dict[str, Any]) -> Ask | None:
    here = here_of(flow, ctx)
    zone = t.residents_zone(here.id) if args.get("to") == "here" and here is not None else t.army(ctx.controller)
    flow.push("raise", seat=ctx.controller, zone=zone, scope=str(args.get("from", "mine")),
              types=list(args.get("types") or []), exile=bool(args.get("exile")),
              attach=ctx.source if args.get("attach") else None)
    return None


def relocate(flow: Flow, ctx: StepContext, args: dict[str, Any]) -> Ask | None:
    for o in objs(flow, ctx, args["what"]):
        if rules_of(flow).cards[o.card].is_creature:
            flow.push("relocate", seat=ctx.controller, creature=o.id, to=str(args.get("to", "any")))
    return None


def doom(flow: Flow, ctx: StepContext, args: dict[str, Any]) -> Ask | None:
    """It dies at its controller's Discard phase this turn (Mercenary)."""
    src = source_of(flow, ctx)
    if src is not None and t.in_play(src):
        flow.emit(ce.ObjectPropSet(src.id, "doomed", flow.state.turn))
    return None


def wipe(flow: Flow, ctx: StepContext, args: dict[str, Any]) -> Ask | None:
    """Jevyan's Advice: destroy all creatures and all enchantments in play."""
    for e in t.all_enchantments(flow.state):
        flow.emit(ce.ObjectMoved(e.id, t.grave(e.owner), reset=True))
    for o in t.all_creatures(flow.state):
        checks.destroy(flow, o)
    return None


def assemble(flow: Flow, ctx: StepContext, args: dict[str, Any]) -> Ask | None:
    """Assemble the Army: unmarked Soldiers in your cities go to your army, not marked (no move limit)."""
    rules = rules_of(flow)
    kinds = set(args.get("types") or [])
    for c in t.cities(flow.state, ctx.controller):
        for o in list(t.residents(flow.state, c.id)):
            if not o.exhausted and kinds & set(board.creature_types(rules, flow.state, o)):
                flow.emit(ce.ObjectMoved(o.id, t.army(ctx.controller)))
    return None


def crumble(flow: Flow, ctx: StepContext, args: dict[str, Any]) -> Ask | None:
    """Crumbling Defenses: sacrifice your Dark Legion army creatures; the target pays a toll for each."""
    rules = rules_of(flow)
    mine = [o for o in flow.state.cards_in(t.army(ctx.controller))
            if rules.cards[o.card].is_creature and rules.cards[o.card].faction == "dark-legion"]
    for o in mine:
        checks.leave_play(flow, o, t.gone(o.owner))
    if mine:
        for s in seats(flow, ctx, args["who"]):
            flow.push("toll", seat=s, left=len(mine))
    return None
