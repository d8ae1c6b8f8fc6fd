"""Reading effect-step arguments: references to what a verb acts on, filters, amounts, guards.

A reference (`to:`, `target:`, `units:`) names what a verb acts on:

- a target slot of the ability ("t"), selected when it was announced;
- "self" (the card the ability is on), "attached" (the unit it is attached to);
- "your_hero", "your_weapon", "each_opponent_hero";
- "each_unit", "each_other_unit", "each_unit_you_control", "each_unit_opponents_control";
- "var:<name>" (objects a previous step remembered);
- "controller_hero_of:<ref>" (the hero of whoever controls it);
- "units_of:<ref>" (every unit controlled by the player or hero it names).

Filters narrow a reference: `max_attack: 0` (attack power at most 0), `card: royal-guard`
(that card only), `deck: basic`. Every step may carry `if: <var>` / `unless: <var>`: it runs only
if that remembered value is truthy / falsy.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardgames.engine.decisions import Ask, EngineError
from cardgames.engine.effects import StepContext
from cardgames.engine.flow import Flow
from cardgames.games.allegiance import board
from cardgames.games.allegiance.cards import Cards
from cardgames.games.allegiance.events import hero_ref, hero_seat, is_hero

VerbFn = Callable[[Flow, StepContext, Any], "Ask | None"]

FIXED_REFS = frozenset({
    "self", "attached", "your_weapon", "your_hero", "each_opponent_hero", "each_unit",
    "each_other_unit", "each_unit_you_control", "each_unit_opponents_control",
})
PREFIX_REFS = ("controller_hero_of:", "units_of:")
REF_KEYS = ("to", "target", "units")
CARD_KEYS = ("summon", "attach", "you_control")
"""Verbs whose `card:` argument names a card in the catalog."""


class VerbBase:
    """Shared argument reading; subclasses add `v_<verb>` methods, collected into `table`."""

    def __init__(self, cat: Cards) -> None:
        self.cat = cat
        self.table: dict[str, VerbFn] = {}
        for name in dir(self):
            if name.startswith("v_"):
                self.table[name[2:]] = self._guarded(getattr(self, name))

    @staticmethod
    def _guarded(fn: VerbFn) -> VerbFn:
        def run(flow: Flow, ctx: StepContext, args: Any) -> Ask | None:
            if isinstance(args, dict):
                if "if" in args and not ctx.vars.get(str(args["if"])):
                    return None
                if "unless" in args and ctx.vars.get(str(args["unless"])):
                    return None
            return fn(flow, ctx, args or {})

        return run

    # -- references ------------------------------------------------------------------------

    def refs(self, flow: Flow, ctx: StepContext, ref: Any) -> list[int]:
        """The live objects/heroes an argument names."""
        state = flow.state
        seat = ctx.controller
        r = str(ref)
        if r in ctx.targets:
            out = list(ctx.targets[r])
        elif r == "self":
            out = [ctx.source] if ctx.source is not None else []
        elif r == "attached":
            host = state.objects[ctx.source].attached_to if ctx.source is not None else None
            out = [host] if host is not None else []
        elif r == "your_weapon":
            weapon = board.gear(state, seat, "weapon")
            out = [weapon.id] if weapon else []
        elif r == "your_hero":
            out = [hero_ref(seat)]
        elif r == "each_opponent_hero":
            out = [hero_ref(s) for s in board.opponents(state, seat)]
        elif r == "each_unit":
            out = [u.id for u in board.units(state)]
        elif r == "each_other_unit":
            out = [u.id for u in board.units(state) if u.id != ctx.source]
        elif r == "each_unit_you_control":
            out = [u.id for u in board.units(state, seat)]
        elif r == "each_unit_opponents_control":
            out = [u.id for s in board.opponents(state, seat) for u in board.units(state, s)]
        elif r.startswith("var:"):
            value = ctx.vars.get(r[4:])
            values = value if isinstance(value, list) else [] if value is None else [value]
            out = [int(v) for v in values]
        elif r.startswith("controller_hero_of:"):
            inner = self.refs(flow, ctx, r.split(":", 1)[1])
            out = [hero_ref(board.controller(state, t)) for t in inner]
        elif r.startswith("units_of:"):
            seats = [board.controller(state, t) for t in self.refs(flow, ctx, r.split(":", 1)[1])]
            out = [u.id for s in seats for u in board.units(state, s)]
        else:
            raise EngineError(f"unknown reference {r!r}")
        return [t for t in out if board.alive(state, t)]

    def targets(self, flow: Flow, ctx: StepContext, a: dict[str, Any], key: str) -> list[int]:
        """`refs` of `a[key]`, narrowed by the step's filters (`max_attack`, `card`, `deck`)."""
        state = flow.state
        out = self.refs(flow, ctx, a[key])
        if "max_attack" in a:
            top = int(a["max_attack"])
            out = [t for t in out if not is_hero(t)
                   and board.attack(self.cat, state, state.objects[t]) <= top]
        if "card" in a:
            out = [t for t in out if not is_hero(t) and state.objects[t].card == a["card"]]
        if "deck" in a:
            out = [t for t in out if not is_hero(t)
                   and state.objects[t].props.get("deck") == a["deck"]]
        return out

    # -- numbers ---------------------------------------------------------------------------

    @staticmethod
    def amount(ctx: StepContext, value: Any) -> int:
        """A number: literal, or "var:<name>" (a remembered number, or the length of a list)."""
        if isinstance(value, str) and value.startswith("var:"):
            got = ctx.vars.get(value[4:], 0)
            return len(got) if isinstance(got, list) else int(got or 0)
        return int(value)

    def amount_for(self, flow: Flow, ctx: StepContext, value: Any, target: int) -> int:
        """A number that may depend on the target: {counters: curse} counts that kind of counter
        on the target unit, or on every unit the target hero's player controls."""
        if not isinstance(value, dict):
            return self.amount(ctx, value)
        kind = str(value["counters"])
        state = flow.state
        if is_hero(target):
            return sum(u.counters.get(kind, 0) for u in board.units(state, hero_seat(target)))
        return state.objects[target].counters.get(kind, 0)


def check_steps(steps: list[dict[str, Any]], slots: set[str], verbs: set[str],
                cards: set[str]) -> list[str]:
    """Problems in a list of effect steps: unknown verbs, references or card ids."""
    problems: list[str] = []

    def ref_ok(ref: str) -> bool:
        if ref in FIXED_REFS or ref in slots or ref.startswith("var:"):
            return True
        return any(ref.startswith(p) and ref_ok(ref[len(p):]) for p in PREFIX_REFS)

    for n, step in enumerate(steps, 1):
        if not isinstance(step, dict) or len(step) != 1:
            problems.append(f"step {n} must be a mapping with exactly one verb")
            continue
        ((verb, args),) = step.items()
        if verb not in verbs:
            problems.append(f"step {n}: unknown verb {verb!r}")
            continue
        if args is None:
            continue
        if not isinstance(args, dict):
            problems.append(f"step {n} ({verb}): arguments must be a mapping")
            continue
        for key in REF_KEYS:
            if isinstance(args.get(key), str) and not ref_ok(args[key]):
                problems.append(f"step {n} ({verb}): unknown reference {key}: {args[key]!r}")
        if verb in CARD_KEYS and str(args.get("card")) not in cards:
            problems.append(f"step {n} ({verb}): no card {args.get('card')!r}")
    return problems
