"""Simultaneous triggers: each player orders their own; the initiative player's go on the stack first.

Frame kind "order_triggers" holds the triggers still to place, in the order they go on the stack
(or, at the end of turn, resolve). When the player whose turn it is to place has two or more that
differ, they choose which comes next; one trigger, or all of the same ability, are placed without
asking (rulebook Q&A: "Each player decides the order their effects go on the stack. NIT effects will
enter the stack last and resolve before IT effects"; R22, R20).
"""

from __future__ import annotations

from collections.abc import Callable

from cardgames.engine.decisions import Ask, Option
from cardgames.engine.flow import Flow, FnFrame, FrameKind
from cardgames.engine.state import Frame, Json
from cardgames.games.algomancy.context import Rules, rules_of
from cardgames.games.algomancy.stack import effect_of


def frame_kinds(settle: Callable[[Flow], bool] | None = None) -> dict[str, FrameKind]:
    """`settle(flow)`: the state checks, run before each trigger is placed (an end-of-turn ability
    that resolved may have left a unit at 0 defense: it dies at once); True if anything happened."""
    def run(flow: Flow, frame: Frame) -> Ask | None:
        if settle is not None and settle(flow):
            return None
        return _run(flow, frame)
    return {"order_triggers": FnFrame(run, _answer)}


def start(flow: Flow, queue: list[dict[str, Json]], *, special: bool = False) -> None:
    """Place `queue` (already in priority order: the initiative player's first)."""
    flow.push("order_triggers", queue=list(queue), special=special)


def put_trigger(flow: Flow, trig: dict[str, Json], special: bool = False) -> None:
    """A triggered ability goes on the stack (frame kind "trigger" in `announce.py`: its controller
    picks targets), or, at the end of turn, resolves at once as a special action (R20)."""
    flow.push("trigger", ref=trig["ref"], source=trig["source"], seat=trig["controller"],
              region=trig["region"], chosen={}, special=special)


def _group(queue: list[dict[str, Json]]) -> list[dict[str, Json]]:
    """The leading triggers of the same controller: the ones that player orders now."""
    seat = queue[0]["controller"]
    out = []
    for tr in queue:
        if tr["controller"] != seat:
            break
        out.append(tr)
    return out


def trigger_label(rules: Rules, flow: Flow, tr: dict[str, Json]) -> str:
    state = flow.state
    ref = str(tr["ref"])
    src = state.objects.get(int(str(tr["source"])))
    name = effect_of(rules, ref)[2]
    text = rules.cards[ref.split(":")[1]].text if ref.startswith("card:") else ""
    where = f" on {rules.card_name(state, src)}" if src is not None and rules.card_name(state, src) != name else ""
    return f"{name}'s ability{where}" + (f": {text}" if text else "")


def _run(flow: Flow, frame: Frame) -> Ask | None:
    queue: list[dict[str, Json]] = list(frame.data["queue"])
    if not queue:
        flow.pop(frame)
        return None
    group = _group(queue)
    if len(group) > 1 and len({str(tr["ref"]) for tr in group}) > 1:
        rules = rules_of(flow)
        seat = int(str(group[0]["controller"]))
        if frame.data.get("special"):
            prompt = "Several of your abilities happen at the end of turn: choose the one that resolves next"
        else:
            prompt = ("Several of your abilities trigger at once: choose the one to put on the stack next "
                      "(the last one put on the stack resolves first)")
        return Ask(seat, "order_triggers", prompt,
                   [Option(f"trigger:{tr['id']}", trigger_label(rules, flow, tr), "trigger",
                           int(str(tr["source"]))) for tr in group])
    _place(flow, frame, queue, 0)
    return None


def _place(flow: Flow, frame: Frame, queue: list[dict[str, Json]], index: int) -> None:
    tr = queue[index]
    flow.update(frame, queue=[q for i, q in enumerate(queue) if i != index])
    put_trigger(flow, tr, special=bool(frame.data.get("special")))


def _answer(flow: Flow, frame: Frame, option: Option) -> None:
    queue: list[dict[str, Json]] = list(frame.data["queue"])
    tid = int(option.key.split(":")[1])
    _place(flow, frame, queue, next(i for i, tr in enumerate(queue) if int(str(tr["id"])) == tid))

