"""Effect verbs of damage: to creatures (Deadly, bodyguards, rabies, Poison Ivy, what a creature dealt for
Blood Vengeance) and to cities (Seat of the Throne); the defense cities gain."""

from __future__ import annotations

from typing import Any

from cardgames.engine import core_events as ce
from cardgames.engine.decisions import Ask
from cardgames.engine.effects import StepContext
from cardgames.engine.flow import Flow
from cardgames.engine.state import GameObject
from cardgames.games.arcmage import board
from cardgames.games.arcmage import table as t
from cardgames.games.arcmage.context import rules_of
from cardgames.games.arcmage.events import Damaged
from cardgames.games.arcmage.refs import amount_of, objs, source_of


def deal_damage(flow: Flow, target: GameObject, amount: int, source: GameObject | None, *,
                combat: bool = False) -> None:
    """Damage to a creature (Deadly sources destroy it: R54) or to a city (Seat of the Throne caps
    a city's loss at 1 a turn: R87)."""
    rules = rules_of(flow)
    state = flow.state
    if amount <= 0:
        return
    if rules.cards[target.card].is_city:
        if board.flag(rules, state, target, "one_damage_per_turn"):
            taken = int(target.props.get("lost_turn", {}).get(str(state.turn), 0)) \
                if isinstance(target.props.get("lost_turn"), dict) else 0
            amount = min(amount, max(0, 1 - taken))
            if amount <= 0:
                return
            flow.emit(ce.ObjectPropSet(target.id, "lost_turn", {str(state.turn): taken + amount}))
        flow.emit(Damaged(target.id, amount, source.id if source else None, combat))
        if source is not None and rules.cards[source.card].is_creature and t.in_play(source):
            log_dealt(flow, source, amount)
        return
    flow.emit(Damaged(target.id, amount, source.id if source else None, combat))
    if source is not None and rules.cards[source.card].is_creature and t.in_play(source):
        creature_hurt(flow, target, amount, source)
    if source is not None and t.in_play(source) and rules.cards[source.card].is_creature \
            and board.has_keyword(rules, state, source, "deadly") \
            and not board.has_keyword(rules, state, target, "immune_deadly"):
        flow.emit(ce.CounterAdded(target.id, "deadly", 1))
        return  # Deadly destroys it whatever damage a bodyguard takes off it
    if any(rules.cards[o.card].bodyguard and o.id != target.id for o in t.creatures_of(state, target.controller)):
        flow.push("bodyguard", seat=target.controller, target=target.id, amount=amount, combat=combat)


def log_dealt(flow: Flow, source: GameObject, amount: int) -> None:
    """The damage a creature dealt, this turn and the last (Blood Vengeance, R64)."""
    turn = flow.state.turn
    log = source.props.get("dealt")
    dealt = {k: int(v) for k, v in log.items() if int(k) >= turn - 1} if isinstance(log, dict) else {}
    flow.emit(ce.ObjectPropSet(source.id, "dealt", {**dealt, str(turn): dealt.get(str(turn), 0) + amount}))


def creature_hurt(flow: Flow, target: GameObject, amount: int, source: GameObject) -> None:
    """A creature damaged another: the damage it dealt this turn is logged (Blood Vengeance, R64); rabies
    spreads (R89); Poison Ivy makes it sticky."""
    state = flow.state
    log_dealt(flow, source, amount)
    if source.counters.get("rabies") and not target.counters.get("rabies"):
        flow.emit(ce.CounterAdded(target.id, "rabies", 1))
    if board.has_keyword(rules_of(flow), state, source, "poison") and not target.counters.get("sticky"):
        flow.emit(ce.CounterAdded(target.id, "sticky", 1))


def damage(flow: Flow, ctx: StepContext, args: dict[str, Any]) -> Ask | None:
    """Damage; `if_resident`: only to a city where a creature of that card lives (Big Brother)."""
    for o in objs(flow, ctx, args["to"]):
        need = args.get("if_resident")
        if need is not None and not any(r.card == need for r in t.residents(flow.state, o.id)):
            continue
        deal_damage(flow, o, amount_of(ctx, args["amount"]), source_of(flow, ctx))
    return None


def defense(flow: Flow, ctx: StepContext, args: dict[str, Any]) -> Ask | None:
    ref = args["to"]
    if isinstance(ref, dict):
        cities = [c for c in t.all_cities(flow.state)
                  if (ref.get("side") != "mine" or c.controller == ctx.controller)
                  and (ref.get("faction") is None or rules_of(flow).cards[c.card].faction == ref["faction"])]
    else:
        cities = [o for o in objs(flow, ctx, ref) if rules_of(flow).cards[o.card].is_city]
    for c in cities:
        flow.emit(ce.CounterAdded(c.id, "gain", amount_of(ctx, args["amount"])))
    return None
