"""The Unmark phase's choices: Siphon L7 caps how many creatures a player unmarks (R86, they choose
which); a sticky creature (Poison Ivy) unmarks only for a -1/-1 counter; a creature with Grassroots only
if its controller pays 1 resource per grassroot counter; a Blindfolded creature may stay marked.
Everything else unmarks at once."""

from __future__ import annotations

from cardgames.engine import core_events as ce
from cardgames.engine.decisions import Ask, Option
from cardgames.engine.flow import Flow, FnFrame, FrameKind
from cardgames.engine.state import Frame, GameObject, State
from cardgames.games.arcmage import board, checks
from cardgames.games.arcmage import table as t
from cardgames.games.arcmage.context import Rules, rules_of


def cap(rules: Rules, state: State) -> int | None:
    """Siphon L7: at most as many creatures as the Siphon's controller controls (the lowest such cap)."""
    caps = [len(t.creatures_of(state, a.controller)) for a in board.actives(rules, state) if a.static.unmark_cap]
    return min(caps) if caps else None


def tax(rules: Rules, state: State, obj: GameObject) -> int:
    """Grassroots: the resources it costs to unmark (0: none)."""
    return int(obj.counters.get("grassroot", 0)) if board.flag(rules, state, obj, "grassroots") else 0


def start(flow: Flow, seat: int, creatures: list[GameObject]) -> None:
    """Unmark these marked creatures of the player: at once when nothing asks for a choice, else by a frame
    (after the resource cards unmarked, so the Grassroots tax can be paid with them)."""
    if not creatures:
        return  # speed: no marked creature, nothing to ask (the lines below would push nothing)
    rules = rules_of(flow)
    state = flow.state
    most = cap(rules, state)
    costly = [o for o in creatures if o.counters.get("sticky") or tax(rules, state, o)
              or board.flag(rules, state, o, "may_stay_marked")]
    if most is None or len(creatures) <= most:
        for o in creatures:
            if o not in costly:
                checks.unmark(flow, o)
        creatures = costly
        most = None
    if creatures:
        flow.push("unmark_choice", seat=seat, left=[o.id for o in creatures], cap=-1 if most is None else most)


def _costs(rules: Rules, state: State, obj: GameObject) -> str:
    parts = (["a -1/-1 counter"] if obj.counters.get("sticky") else []) + \
        ([f"pay {tax(rules, state, obj)}"] if tax(rules, state, obj) else [])
    return f" ({', '.join(parts)})" if parts else ""


def _run(flow: Flow, frame: Frame) -> Ask | None:
    if checks.check_state(flow):  # deaths first (R38): a sticky creature's -1/-1 counter may have been lethal
        return None
    rules = rules_of(flow)
    state = flow.state
    seat = int(frame.data["seat"])
    left = [state.objects[int(i)] for i in frame.data["left"]]
    left = [o for o in left if t.in_play(o) and o.exhausted and o.controller == seat
            and tax(rules, state, o) <= t.total_available(state, seat)]
    if not left or int(frame.data["cap"]) == 0 or state.players[seat].eliminated:
        flow.pop(frame)
        return None
    room = "" if int(frame.data["cap"]) < 0 else f" (Siphon: {frame.data['cap']} more at most)"
    return Ask(seat, "unmark_choice", f"Unmark: which creature unmarks next?{room}",
               [*[Option(f"unmark:{o.id}", f"Unmark {rules.card_name(state, o)}{_costs(rules, state, o)}",
                         "unmark", o.id) for o in left],
                Option("done", "Leave the rest marked", "done")])


def _answer(flow: Flow, frame: Frame, option: Option) -> None:
    if option.key == "done":
        flow.pop(frame)
        return
    rules = rules_of(flow)
    state = flow.state
    seat = int(frame.data["seat"])
    obj = state.objects[int(option.key.split(":")[1])]
    for _ in range(tax(rules, state, obj)):
        most = max(t.FACTION_ORDER, key=lambda f: t.available(state, seat, f))
        checks.pay_from(flow, seat, most)
    if obj.counters.get("sticky"):
        flow.emit(ce.CounterAdded(obj.id, "atk", -1))
        flow.emit(ce.CounterAdded(obj.id, "def", -1))
    checks.unmark(flow, obj)
    n = int(frame.data["cap"])
    flow.update(frame, left=[i for i in frame.data["left"] if int(i) != obj.id], cap=n - 1 if n > 0 else n)


def frame_kinds() -> dict[str, FrameKind]:
    return {"unmark_choice": FnFrame(_run, _answer)}
