"""The Altered effect verbs: one function per word, each one step (fragment 6.1.c); a verb that needs
a choice returns an Ask and resumes from the resolution frame's answers (saves work mid-effect).

A step on several objects is several atomic actions that happen together (6.1.e–f); a choice
several players make in one step is made in initiative order and carried out after all have
chosen (6.1.g: the Kitsune and Anubis examples).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardgames.engine import core_events as ce
from cardgames.engine.decisions import Ask, Option
from cardgames.engine.effects import StepContext, Verb, set_var
from cardgames.engine.flow import Flow
from cardgames.engine.state import GameObject
from cardgames.games.altered import steps
from cardgames.games.altered import table as t
from cardgames.games.altered.context import rules_of
from cardgames.games.altered.events import AfterYou


def _objects(flow: Flow, ctx: StepContext, ref: str) -> list[GameObject]:
    """What `ref` names now: the source, the Characters you control, or a target still in play
    (ruling H10: a target gone is skipped)."""
    state = flow.state
    if ref == "me":
        return [state.objects[ctx.source]] if ctx.source is not None else []
    if ref == "yours":
        return t.characters(state, ctx.controller)
    return [state.objects[i] for i in ctx.targets.get(ref, []) if i in state.objects]  # a slot, or "it"


def _in_expedition(objs: list[GameObject]) -> list[GameObject]:
    return [o for o in objs if t.expedition_of(o) is not None]


def boost(flow: Flow, ctx: StepContext, args: dict[str, Any]) -> Ask | None:
    """Gains N boosts (each +1 to every statistic)."""
    for obj in _in_expedition(_objects(flow, ctx, args["to"])):
        flow.emit(ce.CounterAdded(obj.id, "boost", int(args["n"])))
    return None


def status(flow: Flow, ctx: StepContext, args: dict[str, Any]) -> Ask | None:
    """Gains a status (it cannot be gained twice)."""
    for obj in _in_expedition(_objects(flow, ctx, args["to"])):
        if not obj.props.get(args["status"]):
            flow.emit(ce.ObjectPropSet(obj.id, args["status"], True))
    return None


def _who(flow: Flow, ctx: StepContext, args: dict[str, Any]) -> list[int]:
    return t.initiative_order(flow.state) if args.get("who") == "each" else [ctx.controller]


def draw(flow: Flow, ctx: StepContext, args: dict[str, Any]) -> Ask | None:
    for seat in _who(flow, ctx, args):
        steps.draw(flow, seat, int(args.get("n", 1)))
    return None


def resupply(flow: Flow, ctx: StepContext, args: dict[str, Any]) -> Ask | None:
    """Resupply; "may": every player says yes or no in initiative order, then the ones who said yes
    Resupply together — nobody sees another's top card before deciding (fragment 1.4.5 example)."""
    seats = _who(flow, ctx, args)
    if args.get("may"):
        if len(ctx.answer) < len(seats):
            seat = seats[len(ctx.answer)]
            said = [
                f"{flow.state.players[s].name}: {'yes' if a == 'yes' else 'no'}"
                for s, a in zip(seats, ctx.answer, strict=False)
            ]
            before = f" ({'; '.join(said)})" if said else ""
            return Ask(
                seat,
                "may",
                f"Resupply? (the top card of your Deck to your Reserve){before}",
                [Option("yes", "Resupply", "yes"), Option("no", "Don't", "no")],
            )
        seats = [s for s, a in zip(seats, ctx.answer, strict=True) if a == "yes"]
    for seat in seats:
        steps.resupply(flow, seat)
    return None


def sabotage(flow: Flow, ctx: StepContext, args: dict[str, Any]) -> Ask | None:
    """Discard up to one target card in a Reserve."""
    for obj in _objects(flow, ctx, args["target"]):
        if obj.zone.startswith("reserve:"):
            steps.move(flow, obj.id, "discard")
    return None


def create(flow: Flow, ctx: StepContext, args: dict[str, Any]) -> Ask | None:
    """Create token Characters; with two or more in one step, one atomic action each (6.1.e)."""
    where = args["where"]
    state = flow.state
    if where == "chosen":
        if not ctx.answer:
            name = rules_of(flow).cards[args["token"]].name
            return Ask(
                ctx.controller,
                "expedition",
                f"In which of your expeditions is the {name} created?",
                [Option(f"exp:{k}", f"{k.capitalize()} expedition", "expedition") for k in t.KINDS],
            )
        kinds = [ctx.answer[0].split(":")[1]]
    elif where == "each":
        kinds = list(t.KINDS)
    elif where == "mine":
        src = state.objects[ctx.source] if ctx.source is not None else None
        here = t.expedition_of(src) if src is not None else None
        kinds = [here or "hero"]
    else:
        kinds = [where]
    for kind in kinds:
        for _ in range(int(args.get("count", 1))):
            oid = steps.create(flow, args["token"], ctx.controller, t.expedition(ctx.controller, kind))
            flow.emit(ce.ObjectPropSet(oid, "token", True))
            steps.trigger_self(flow, oid, "played")
    return None


def switch(flow: Flow, ctx: StepContext, args: dict[str, Any]) -> Ask | None:
    """Switch expeditions: not a zone change — counters and statuses stay (ruling H25)."""
    for obj in _in_expedition(_objects(flow, ctx, args["to"])):
        kind = t.expedition_of(obj)
        other = "companion" if kind == "hero" else "hero"
        flow.emit(ce.ObjectMoved(obj.id, t.expedition(obj.controller, other)))
    return None


def to_reserve(flow: Flow, ctx: StepContext, args: dict[str, Any]) -> Ask | None:
    """Send to its owner's Reserve (a Fleeting Character goes to Discard; a token ceases to exist)."""
    for obj in _objects(flow, ctx, args["to"]):
        if t.expedition_of(obj) is not None or obj.zone.startswith("discard:"):
            steps.move(flow, obj.id, "reserve")
    return None


def discard(flow: Flow, ctx: StepContext, args: dict[str, Any]) -> Ask | None:
    for obj in _objects(flow, ctx, args["to"]):
        if t.in_play(obj):
            steps.move(flow, obj.id, "discard")
    return None


def sacrifice(flow: Flow, ctx: StepContext, args: dict[str, Any]) -> Ask | None:
    """Each player (or you) sacrifices a Character they control: chosen in initiative order, each
    choice seen by the next, all sacrificed together (fragment 6.1.g, the Anubis example). A
    player who controls none skips (1.4.1.c)."""
    state = flow.state
    names = rules_of(flow)
    only: str | None = None
    if args.get("in_my_expedition") and ctx.source is not None:
        only = t.expedition_of(state.objects[ctx.source])
    chosen: list[int] = []
    answers = list(ctx.answer)
    for seat in _who(flow, ctx, args):
        pool = [
            o
            for o in t.characters(state, seat)
            if only is None or t.expedition_of(o) == only or names.cards[o.card].gigantic
        ]
        if not pool:
            continue
        if answers:
            chosen.append(int(answers.pop(0).split(":")[1]))
            continue
        done = ", ".join(names.card_name(state, state.objects[c]) for c in chosen)
        return Ask(
            seat,
            "sacrifice",
            "Sacrifice one of your Characters" + (f" (chosen so far: {done})" if done else ""),
            [Option(f"sacrifice:{o.id}", f"Sacrifice {names.card_name(state, o)}", "sacrifice", o.id) for o in pool],
        )
    for oid in chosen:
        steps.move(flow, oid, "discard", as_sacrifice=True)
    return None


def roll(flow: Flow, ctx: StepContext, args: dict[str, Any]) -> Ask | None:
    value = flow.randint("die", 1, 6)
    set_var(flow, ctx, roll=value)
    return None


def hand_to_reserve(flow: Flow, ctx: StepContext, args: dict[str, Any]) -> Ask | None:
    """Put a card from your Hand in your Reserve (nothing if the Hand is empty)."""
    state = flow.state
    hand = state.cards_in(t.hand(ctx.controller))
    if not hand:
        return None
    if not ctx.answer:
        names = rules_of(flow)
        return Ask(
            ctx.controller,
            "hand_to_reserve",
            "Put a card from your Hand in your Reserve",
            [Option(f"card:{o.id}", names.card_name(state, o), "card", o.id) for o in hand],
        )
    oid = int(ctx.answer[0].split(":")[1])
    flow.emit(ce.ObjectMoved(oid, t.reserve(ctx.controller), reset=True))
    return None


def emblem(flow: Flow, ctx: StepContext, args: dict[str, Any]) -> Ask | None:
    """Create an Ongoing Emblem in Limbo with a duration (fragment 2.2.13)."""
    steps.add_emblem(flow, ctx.controller, args["kind"], int(args["amount"]), args["until"])
    return None


def after_you(flow: Flow, ctx: StepContext, args: dict[str, Any]) -> Ask | None:
    """Fragment 7.3.2: end the turn once there are no reactions in Limbo; it is not passing."""
    flow.emit(AfterYou(ctx.controller))
    return None


def _gated(verb: Verb) -> Verb:
    """A step with `if_roll` happens only when the die rolled in this effect is in the range."""

    def run(flow: Flow, ctx: StepContext, args: Any) -> Ask | None:
        args = dict(args or {})
        span = args.pop("if_roll", None)
        if span is not None:
            rolled = int(ctx.vars.get("roll", 0))
            if not span[0] <= rolled <= span[1]:
                return None
        return verb(flow, ctx, args)

    return run


_PLAIN: dict[str, Callable[[Flow, StepContext, dict[str, Any]], Ask | None]] = {
    "boost": boost,
    "status": status,
    "draw": draw,
    "resupply": resupply,
    "sabotage": sabotage,
    "create": create,
    "switch": switch,
    "to_reserve": to_reserve,
    "discard": discard,
    "sacrifice": sacrifice,
    "roll": roll,
    "hand_to_reserve": hand_to_reserve,
    "emblem": emblem,
    "after_you": after_you,
}
VERBS: dict[str, Verb] = {name: _gated(fn) for name, fn in _PLAIN.items()}
