"""What an effect step's arguments name: the cards still in play (a target slot, self, host, here, a group),
the players (you, each, opponents, a target) and amounts (X)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardgames.engine.decisions import Ask
from cardgames.engine.effects import StepContext
from cardgames.engine.flow import Flow
from cardgames.engine.state import GameObject
from cardgames.games.arcmage import board
from cardgames.games.arcmage import table as t
from cardgames.games.arcmage.context import rules_of
from cardgames.games.arcmage.events import seat_of_ref

Verb = Callable[[Flow, StepContext, Any], "Ask | None"]


def source_of(flow: Flow, ctx: StepContext) -> GameObject | None:
    return flow.state.objects.get(ctx.source) if ctx.source is not None else None


def host_of(flow: Flow, ctx: StepContext) -> GameObject | None:
    src = source_of(flow, ctx)
    if src is None or src.attached_to is None or src.attached_to < 0 or not t.in_play(src):
        return None
    host = flow.state.objects[src.attached_to]
    return host if t.in_play(host) else None


def here_of(flow: Flow, ctx: StepContext) -> GameObject | None:
    """The city of the effect: a city's own level, or the city a creature lives in."""
    src = source_of(flow, ctx)
    if src is None:
        return None
    if src.zone.startswith("kingdom:"):
        return src
    city = t.city_of(src)
    return flow.state.objects[city] if city is not None else None


def _group(flow: Flow, ctx: StepContext, spec: dict[str, Any]) -> list[GameObject]:
    rules = rules_of(flow)
    state = flow.state
    out = []
    for o in t.all_creatures(state):
        if spec.get("side") == "mine" and o.controller != ctx.controller:
            continue
        kinds = set(spec.get("types", []))
        if kinds and not kinds & set(board.creature_types(rules, state, o)):
            continue
        if spec.get("where") == "army" and not t.in_army(o):
            continue
        out.append(o)
    return out


def objs(flow: Flow, ctx: StepContext, ref: Any) -> list[GameObject]:
    """The cards an argument names, still in play: a target slot, self, host, here, or a group."""
    state = flow.state
    if isinstance(ref, dict):
        return _group(flow, ctx, ref)
    if ref == "self":
        src = source_of(flow, ctx)
        return [src] if src is not None and t.in_play(src) else []
    if ref == "host":
        host = host_of(flow, ctx)
        return [host] if host is not None else []
    if ref == "here":
        here = here_of(flow, ctx)
        return [here] if here is not None and t.in_play(here) else []
    if ref == "hit_city":
        city = state.objects[int(ctx.vars["hit_city"])]
        return [city] if t.in_play(city) else []
    if ref == "blockers":
        return [state.objects[int(i)] for i in ctx.vars.get("blockers", []) if t.in_play(state.objects[int(i)])]
    out = []
    for oid in ctx.targets.get(str(ref), []):
        obj = state.objects.get(oid)
        if obj is not None and t.in_play(obj):
            out.append(obj)
    return out


def seats(flow: Flow, ctx: StepContext, ref: Any) -> list[int]:
    state = flow.state
    if ref == "you":
        return [ctx.controller] if not state.players[ctx.controller].eliminated else []
    if ref == "each":
        return state.seats_from(state.active)
    if ref == "opponents":
        return t.opponents(state, ctx.controller)
    if ref in ("city_owner", "victim"):
        owner = int(ctx.vars[str(ref)])
        return [] if state.players[owner].eliminated else [owner]
    out = []
    for r in ctx.targets.get(str(ref), []):
        s = seat_of_ref(r)
        if s is not None and not state.players[s].eliminated:
            out.append(s)
    return out


def amount_of(ctx: StepContext, value: Any) -> int:
    return int(ctx.vars.get("x", 0)) if value == "x" else int(value)
