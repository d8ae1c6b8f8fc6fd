"""The Algomancy effect verbs: each runs one step of an effect in the region where it resolves."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardgames.engine import core_events as ce
from cardgames.engine.decisions import Ask, Option
from cardgames.engine.effects import StepContext
from cardgames.engine.flow import Flow
from cardgames.engine.state import State
from cardgames.games.algomancy import board
from cardgames.games.algomancy import table as t
from cardgames.games.algomancy.checks import (
    check_state,
    create,
    destroy,
    detach_all,
    draw,
    leave_formation,
    spawn,
    to_bin,
)
from cardgames.games.algomancy.context import rules_of
from cardgames.games.algomancy.events import Damaged, LifeLost, TokensCreated, player_ref, seat_of_ref
from cardgames.games.algomancy.seating import mates, team_ring
from cardgames.games.algomancy.triggers import queue_trigger_event

Verb = Callable[[Flow, StepContext, Any], "Ask | None"]


def region_of(ctx: StepContext) -> int:
    return int(ctx.vars.get("region", ctx.controller))


def refs(flow: Flow, ctx: StepContext, word: str) -> list[int]:
    """What a step's argument names: a target slot, me/host, controller, or a group in the region."""
    state = flow.state
    reg = region_of(ctx)
    if word in ("me", "host"):
        return [ctx.source] if ctx.source is not None and ctx.source in state.objects else []
    if word == "controller":
        return [player_ref(ctx.controller)]
    units = [o for o in t.in_region(state, reg) if rules_of(flow).cards[o.card].is_unit]
    if word == "each_enemy_unit":
        return [o.id for o in units if not mates(state, o.controller, ctx.controller)]
    if word in ("each_ally_unit", "allies"):
        return [o.id for o in units if mates(state, o.controller, ctx.controller)]
    if word == "each_unit":
        return [o.id for o in units]
    if word == "each_opponent":
        return [player_ref(s) for s in t.present(state, reg) if not mates(state, s, ctx.controller)]
    if word == "each_player":
        return [player_ref(s) for s in t.present(state, reg)]
    return [r for r in ctx.targets.get(word, []) if _here(state, r, reg)]


def _here(state: State, ref: int, reg: int) -> bool:
    if ref < 0:
        return ref_seat(ref) in t.present(state, reg)
    obj = state.objects.get(ref)
    if obj is None or (obj.zone == t.region(reg) and not t.exists(state, obj)):
        return False
    return obj.zone in (t.region(reg), *(f"bin:{s}" for s in range(len(state.players))))


def ref_seat(ref: int) -> int:
    seat = seat_of_ref(ref)
    assert seat is not None
    return seat


def _amount(flow: Flow, ctx: StepContext, value: Any) -> int:
    if value == "x":
        src = flow.state.objects.get(ctx.source) if ctx.source is not None else None
        return int(src.props.get("x", 0)) if src is not None else 0
    return int(value)


def deal_damage(flow: Flow, target: int, amount: int, source: int | None, *, combat: bool = False) -> None:
    """Deal damage to a unit or player, after prevention and replacement (Lithoghul, Boon)."""
    rules = rules_of(flow)
    state = flow.state
    if amount <= 0:
        return
    if target >= 0:
        obj = state.objects[target]
        if obj.props.get("prevent_all"):
            return
        card = rules.cards[obj.card]
        reduce = sum(ab.replacement.damage_reduce for ab in card.abilities if ab.replacement is not None)
        amount = max(0, amount - reduce)
        if amount <= 0:
            return
        dealer = state.objects.get(source) if source is not None else None
        if dealer is not None and "deadly" in board.attributes(rules, state, dealer):
            flow.emit(ce.ObjectPropSet(target, "deadly_hit", True))
    flow.emit(Damaged(target, amount, source, combat))


def _damage(flow: Flow, ctx: StepContext, args: dict[str, Any]) -> Ask | None:
    amount = _amount(flow, ctx, args["amount"])
    for r in refs(flow, ctx, str(args["to"])):
        deal_damage(flow, r, amount, ctx.source)
    return None


def _damage_adjacent(flow: Flow, ctx: StepContext, args: dict[str, Any]) -> Ask | None:
    amount = _amount(flow, ctx, args["amount"])
    for r in refs(flow, ctx, str(args["of"])):
        if r >= 0:
            for adj in board.adjacent_units(flow.state, r):
                deal_damage(flow, adj, amount, ctx.source)
    return None


def place_counters(flow: Flow, obj: int, kind: str, n: int) -> None:
    """Place counters; a +1/+1 and a −1/−1 cancel and both go (rulebook: Stat changes and counters).
    Flux Resonator: one more +1/+1 on an allied unit."""
    rules = rules_of(flow)
    state = flow.state
    o = state.objects[obj]
    if kind == "+1/+1" and n > 0:
        reg = t.region_seat(o.zone)
        if reg is not None:
            for other in t.in_region(state, reg):
                if mates(state, other.controller, o.controller):
                    card = rules.cards[other.card]
                    n += sum(ab.replacement.counters_extra for ab in card.abilities if ab.replacement is not None)
    opposite = "-1/-1" if kind == "+1/+1" else "+1/+1"
    cancel = min(n, o.counters.get(opposite, 0))
    if cancel:
        flow.emit(ce.CounterAdded(obj, opposite, -cancel))
    if n - cancel:
        flow.emit(ce.CounterAdded(obj, kind, n - cancel))


def _counters(flow: Flow, ctx: StepContext, args: dict[str, Any]) -> Ask | None:
    for r in refs(flow, ctx, str(args["on"])):
        if r >= 0:
            place_counters(flow, r, str(args["kind"]), int(args.get("n", 1)))
    return None


def _stats(flow: Flow, ctx: StepContext, args: dict[str, Any]) -> Ask | None:
    for r in refs(flow, ctx, str(args["on"])):
        if r < 0:
            continue
        for stat in ("power", "defense"):
            if args.get(stat):
                flow.emit(ce.ModifierAdded(flow.new_id(), r, stat, int(args[stat]), "regroup", ctx.source,
                                           ctx.controller))
    return None


def _base(flow: Flow, ctx: StepContext, args: dict[str, Any]) -> Ask | None:
    for r in refs(flow, ctx, str(args["on"])):
        if r >= 0:
            flow.emit(ce.ObjectPropSet(r, "base", list(args["stats"])))
    return None


def _create(flow: Flow, ctx: StepContext, args: dict[str, Any]) -> Ask | None:
    rules = rules_of(flow)
    reg = region_of(ctx)
    props: dict[str, Any] = {"token": True}
    if "x" in args:
        props["x"] = int(args["x"])
    made = []
    for _ in range(int(args.get("count", 1))):
        oid = create(rules, flow, str(args["token"]), ctx.controller, t.region(reg), props)
        made.append(oid)
        if rules.cards[str(args["token"])].is_unit:
            queue_trigger_event(rules, flow, "spawn", oid, ctx.controller, reg)
    if made:
        flow.emit(TokensCreated(ctx.controller, reg, made))
    return None


def _sacrifice(flow: Flow, ctx: StepContext, args: dict[str, Any]) -> Ask | None:
    """Each chosen player in the region sacrifices N of their units there; they choose which
    (rulebook: Sacrifice). A player with N or fewer sacrifices them all without being asked."""
    rules = rules_of(flow)
    state = flow.state
    reg = region_of(ctx)
    who = str(args["who"])
    n = int(args.get("n", 1))
    present = t.present(state, reg)
    seats = team_ring(state, t.initiative(state), present) or t.priority_order(state, present)  # A70
    if who == "you":
        seats = [ctx.controller]
    elif who == "each_opponent":
        seats = [s for s in seats if not mates(state, s, ctx.controller)]
    for s in reversed(seats):
        mine = [o.id for o in t.in_region(state, reg) if o.controller == s and rules.cards[o.card].is_unit]
        if len(mine) <= n:
            for u in mine:
                destroy(rules, flow, u, "sacrificed")
        else:
            flow.push("sacrifice", seat=s, left=n, region=reg)
    return None


def sacrifice_run(flow: Flow, frame: Any) -> Ask | None:
    """Frame kind "sacrifice": a player chooses the units they sacrifice, one at a time. A unit
    that an earlier sacrifice left with lethal damage (its buff gone) dies first: "a unit with 0 or
    less defense will immediately die" (Stat changes and counters)."""
    rules = rules_of(flow)
    if check_state(rules, flow):
        return None
    state = flow.state
    seat, reg, left = int(frame.data["seat"]), int(frame.data["region"]), int(frame.data["left"])
    mine = [o for o in t.in_region(state, reg) if o.controller == seat and rules.cards[o.card].is_unit]
    if left <= 0 or not mine:
        flow.pop(frame)
        return None
    return Ask(seat, "sacrifice", f"Sacrifice a unit ({left} to go)",
               [Option(f"sacrifice:{o.id}", f"Sacrifice {rules.card_name(state, o)}", "sacrifice", o.id)
                for o in mine])


def sacrifice_answer(flow: Flow, frame: Any, option: Option) -> None:
    flow.update(frame, left=int(frame.data["left"]) - 1)
    destroy(rules_of(flow), flow, int(option.key.split(":")[1]), "sacrificed")


def recall(flow: Flow, obj: int) -> None:
    """Return a permanent to its owner's hand: tokens are erased, mods go to the bin (R54). It leaves play, so
    its "when I despawn" abilities trigger, its mods' included (R52: despawn is leaving play for any reason)."""
    rules = rules_of(flow)
    state = flow.state
    o = state.objects[obj]
    leave_formation(flow, obj)
    queue_trigger_event(rules, flow, "despawn", obj, o.controller, t.region_seat(o.zone))
    detach_all(flow, obj, "bin")
    home = t.home_seat(o)
    if rules.cards[o.card].is_token or home < 0:
        flow.emit(ce.ObjectMoved(obj, "erased", reset=True))
    else:
        flow.emit(ce.ObjectMoved(obj, t.hand(home), reset=True))


def _recall(flow: Flow, ctx: StepContext, args: dict[str, Any]) -> Ask | None:
    for r in refs(flow, ctx, str(args["target"])):
        if r >= 0 and flow.state.objects[r].zone.startswith("region:"):
            recall(flow, r)
    return None


def _negate(flow: Flow, ctx: StepContext, args: dict[str, Any]) -> Ask | None:
    state = flow.state
    for r in ctx.targets.get(str(args["target"]), []):
        entry = next((e for e in state.chain if e.id == r), None)
        if entry is None:
            continue
        flow.emit(ce.ChainPopped(entry.id, "removed"))
        src = state.objects.get(entry.source) if entry.source is not None else None
        if src is not None and src.zone == "stack":
            to_bin(rules_of(flow), flow, src.id)
    return None


def _fight(flow: Flow, ctx: StepContext, args: dict[str, Any]) -> Ask | None:
    a = refs(flow, ctx, str(args["a"]))
    b = refs(flow, ctx, str(args["b"]))
    if not a or not b:
        return None  # it takes two units to fight (Q&A)
    rules = rules_of(flow)
    pa = max(0, board.stats_of(rules, flow.state, flow.state.objects[a[0]])[0])
    pb = max(0, board.stats_of(rules, flow.state, flow.state.objects[b[0]])[0])
    deal_damage(flow, b[0], pa, a[0])
    deal_damage(flow, a[0], pb, b[0])
    return None


def _exchange(flow: Flow, ctx: StepContext, args: dict[str, Any]) -> Ask | None:
    a = refs(flow, ctx, str(args["a"]))
    b = refs(flow, ctx, str(args["b"]))
    if not a or not b:
        return None
    state = flow.state
    ca, cb = state.objects[a[0]].controller, state.objects[b[0]].controller
    for obj, new in ((a[0], cb), (b[0], ca)):
        leave_formation(flow, obj)
        flow.emit(ce.ObjectChanged(obj, controller=new))
    return None


def _spawn_from_bin(flow: Flow, ctx: StepContext, args: dict[str, Any]) -> Ask | None:
    for r in ctx.targets.get(str(args["target"]), []):
        o = flow.state.objects.get(r)
        if o is not None and o.zone.startswith("bin:"):
            if args.get("unstable", True):
                flow.emit(ce.ObjectPropSet(r, "unstable", True))
            spawn(rules_of(flow), flow, r, ctx.controller, region_of(ctx))
    return None


def _draw(flow: Flow, ctx: StepContext, args: dict[str, Any]) -> Ask | None:
    for _ in range(int(args.get("n", 1))):
        draw(flow, ctx.controller)
    return None


def _recycle(flow: Flow, ctx: StepContext, args: dict[str, Any]) -> Ask | None:
    """The controller recycles N cards from their hand (they choose which)."""
    flow.push("recycle", seat=ctx.controller, left=int(args.get("n", 1)), source=ctx.source)
    return None


def _lose_life(flow: Flow, ctx: StepContext, args: dict[str, Any]) -> Ask | None:
    word = str(args["who"])
    for r in refs(flow, ctx, word):
        if r < 0:
            flow.emit(LifeLost(ref_seat(r), int(args["n"]), ctx.source))
    return None


def _prevent(flow: Flow, ctx: StepContext, args: dict[str, Any]) -> Ask | None:
    for r in refs(flow, ctx, str(args["on"])):
        if r >= 0:
            flow.emit(ce.ObjectPropSet(r, "prevent_all", True))
    return None


def _delete_tokens(flow: Flow, ctx: StepContext, args: dict[str, Any]) -> Ask | None:
    rules = rules_of(flow)
    state = flow.state
    reg = region_of(ctx)
    whose = ctx.controller
    for o in list(t.in_region(state, reg)):
        if o.controller == whose and rules.cards[o.card].is_token and rules.cards[o.card].is_unit:
            destroy(rules, flow, o.id, "deleted")
        elif o.controller == whose and rules.cards[o.card].is_token:
            flow.emit(ce.ObjectMoved(o.id, "erased", reset=True))
    return None


def _give_control(flow: Flow, ctx: StepContext, args: dict[str, Any]) -> Ask | None:
    state = flow.state
    targets = refs(flow, ctx, str(args["of"]))
    if not targets:
        return None
    obj = state.objects[targets[0]]
    others = [s for s in t.present(state, region_of(ctx)) if s != obj.controller]
    if not others:
        return None  # R58: nobody else is present
    if len(others) == 1 or ctx.answer:
        new = others[0] if not ctx.answer else int(ctx.answer[-1].split(":")[1])
        leave_formation(flow, obj.id)
        flow.emit(ce.ObjectChanged(obj.id, controller=new))
        return None
    return Ask(ctx.controller, "choose_player", "Which player gains control?",
               [Option(f"player:{s}", state.players[s].name, "player") for s in others])


def _lose_attribute(flow: Flow, ctx: StepContext, args: dict[str, Any]) -> Ask | None:
    for r in refs(flow, ctx, str(args["on"])):
        if r >= 0:
            lost = list(flow.state.objects[r].props.get("lost", []))
            flow.emit(ce.ObjectPropSet(r, "lost", [*lost, str(args["attribute"])]))
    return None


def _sacrifice_me(flow: Flow, ctx: StepContext, args: dict[str, Any]) -> Ask | None:
    if ctx.source is not None and ctx.source in flow.state.objects:
        destroy(rules_of(flow), flow, ctx.source, "sacrificed")
    return None


VERB_TABLE: dict[str, Verb] = {
    "damage": _damage, "damage_adjacent": _damage_adjacent, "counters": _counters, "stats": _stats,
    "base": _base, "create": _create, "sacrifice": _sacrifice, "recall": _recall, "negate": _negate,
    "fight": _fight, "exchange_control": _exchange, "spawn_from_bin": _spawn_from_bin, "draw": _draw,
    "recycle": _recycle, "lose_life": _lose_life, "prevent_damage": _prevent, "delete_tokens": _delete_tokens,
    "give_control": _give_control, "lose_attribute": _lose_attribute, "sacrifice_me": _sacrifice_me,
}
