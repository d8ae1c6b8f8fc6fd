"""The effect interpreter: runs a card's effect steps one verb at a time, resumable from state.

An effect is a list of steps, each a one-key mapping `{verb: args}`. A verb either finishes
(emitting events) or asks a question; the answer is stored in the resolution frame, and the same
step runs again with it. So a resolution paused for a choice is just data, and saves anywhere.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from cardgames.engine.decisions import Ask, EngineError, Option
from cardgames.engine.flow import Flow
from cardgames.engine.state import Frame, Json


@dataclass
class StepContext:
    """What a verb sees of the resolution it runs in."""

    frame: Frame
    controller: int
    source: int | None
    targets: dict[str, list[int]]
    vars: dict[str, Json]
    answer: list[str]
    """The keys answered to this step's questions so far, in order (empty before it asked)."""

    def var(self, name: str, default: Json = None) -> Json:
        return self.vars.get(name, default)


Verb = Callable[[Flow, StepContext, Any], "Ask | None"]


class EffectRules(Protocol):
    """What a ruleset supplies to run effects."""

    verbs: Mapping[str, Verb]

    def steps(self, ref: str) -> list[dict[str, Any]]:
        """The effect steps an ability reference names."""
        ...

    def start_resolution(self, flow: Flow, frame: Frame) -> bool:
        """Called once before the first step; False if the effect is lost (targets gone)."""
        ...

    def finish_resolution(self, flow: Flow, frame: Frame) -> None:
        """Called after the last step (move the card to the discard pile, pop the chain)."""
        ...


def start(flow: Flow, ref: str, controller: int, *, source: int | None = None,
          targets: dict[str, list[int]] | None = None, entry: int | None = None,
          vars: dict[str, Json] | None = None) -> int:
    """Push the resolution of effect `ref`."""
    return flow.push(
        "resolve", ref=ref, controller=controller, source=source, targets=targets or {},
        entry=entry, pc=-1, vars=vars or {}, answer=None,
    )


class Resolution:
    """Frame kind "resolve"."""

    def __init__(self, rules: EffectRules) -> None:
        self.rules = rules

    def _ctx(self, frame: Frame) -> StepContext:
        d = frame.data
        return StepContext(
            frame, int(d["controller"]), d["source"], d["targets"], d["vars"], d["answer"] or []
        )

    def run(self, flow: Flow, frame: Frame) -> Ask | None:
        pc = int(frame.data["pc"])
        if pc < 0:
            if self.rules.start_resolution(flow, frame):
                flow.update(frame, pc=0)
            else:
                flow.pop(frame)
            return None
        steps = self.rules.steps(str(frame.data["ref"]))
        if pc >= len(steps):
            flow.pop(frame)
            self.rules.finish_resolution(flow, frame)
            return None
        step = steps[pc]
        if len(step) != 1:
            raise EngineError(f"effect step must have exactly one verb: {step}")
        ((verb_name, args),) = step.items()
        verb = self.rules.verbs.get(verb_name)
        if verb is None:
            raise EngineError(f"unknown effect verb {verb_name!r} in {frame.data['ref']}")
        before = len(flow.events)
        ask = verb(flow, self._ctx(frame), args)
        if ask is not None:
            if len(flow.events) != before:
                raise EngineError(f"verb {verb_name} emitted events and then asked")
            return ask
        if frame in flow.state.frames:
            flow.update(frame, pc=pc + 1, answer=None)
        return None

    def answer(self, flow: Flow, frame: Frame, option: Option) -> None:
        prev = frame.data.get("answer") or []
        flow.update(frame, answer=[*prev, option.key])


def set_var(flow: Flow, ctx: StepContext, **values: Json) -> None:
    """Remember values for later steps of the same resolution."""
    flow.update(ctx.frame, vars={**ctx.vars, **values})
