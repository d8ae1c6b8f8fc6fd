"""The flow runner: an agenda of frames (as data) that emit events and stop at decisions.

A frame kind's `run` either makes progress by emitting events, or returns an `Ask` without
emitting anything, so that a state folded from a save shows the very same decision.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any, Protocol

from cardgames.engine import core_events as ce
from cardgames.engine.decisions import Ask, EngineError, Option
from cardgames.engine.events import Event, apply
from cardgames.engine.state import Frame, Json, State


class FrameKind(Protocol):
    """How one kind of frame behaves."""

    def run(self, flow: Flow, frame: Frame) -> Ask | None:
        """Make progress (emit events, push or pop frames) or return an Ask, emitting nothing."""
        ...

    def answer(self, flow: Flow, frame: Frame, option: Option) -> None:
        """Apply a chosen option of the Ask this frame returned."""
        ...


Listener = Callable[["Flow", Event], None]


class FlowRules(Protocol):
    """What the flow runner needs of a game's rules: its name and its frame kinds.

    `engine.ruleset.Ruleset` satisfies it; the flow names only this, so the two modules read
    bottom-up (flow first, then the Ruleset that builds on it)."""

    @property
    def name(self) -> str: ...

    @property
    def frame_kinds(self) -> Mapping[str, FrameKind]: ...


class Flow:
    """The context rules code works through: read `state`, change it only with `emit`."""

    def __init__(self, ruleset: FlowRules, state: State, events: list[Event]) -> None:
        self.ruleset = ruleset
        self.state = state
        self.events = events
        self.listeners: list[Listener] = []

    # -- events --------------------------------------------------------------------------

    def emit(self, ev: Event) -> None:
        """Apply an event to the state and append it to the log, then tell the listeners."""
        apply(self.state, ev)
        self.events.append(ev)
        for listener in self.listeners:
            listener(self, ev)

    def new_id(self) -> int:
        """A fresh id for an object, chain entry, frame or effect (taken by the event that uses it)."""
        return self.state.next_id

    # -- frames --------------------------------------------------------------------------

    def push(self, kind: str, **data: Json) -> int:
        fid = self.new_id()
        self.emit(ce.FramePushed(fid, kind, data))
        return fid

    def pop(self, frame: Frame) -> None:
        self.emit(ce.FramePopped(frame.id))

    def update(self, frame: Frame, **changes: Json) -> None:
        self.emit(ce.FrameUpdated(frame.id, changes))

    def frame(self, frame_id: int) -> Frame:
        for f in reversed(self.state.frames):
            if f.id == frame_id:
                return f
        raise EngineError(f"no frame {frame_id}")

    # -- randomness ----------------------------------------------------------------------

    def rng(self) -> random.Random:
        """The RNG for the next random outcome; the event recording it must count a draw."""
        return random.Random(f"{self.state.globals.get('seed', 0)}/{self.state.rng_draws}")

    def shuffle(self, zone: str) -> None:
        order = list(self.state.zones[zone].cards)
        self.rng().shuffle(order)
        self.emit(ce.ZoneShuffled(zone, order))

    def randint(self, purpose: str, low: int, high: int) -> int:
        value = self.rng().randint(low, high)
        self.emit(ce.RandomDrawn(purpose, value))
        return value

    # -- running -------------------------------------------------------------------------

    def kind(self, frame: Frame) -> FrameKind:
        try:
            return self.ruleset.frame_kinds[frame.kind]
        except KeyError as exc:
            raise EngineError(f"no frame kind {frame.kind!r} in {self.ruleset.name}") from exc

    def advance(self, limit: int = 100_000) -> Ask | None:
        """Run frames until one asks for a decision or the game ends."""
        state = self.state
        for _ in range(limit):
            if state.outcome is not None or not state.frames:
                return None
            frame = state.frames[-1]
            before = len(self.events)
            ask = self.kind(frame).run(self, frame)
            if ask is not None:
                if len(self.events) != before:
                    raise EngineError(f"frame {frame.kind} emitted events and then asked")
                return ask
            if len(self.events) == before:
                raise EngineError(f"frame {frame.kind} made no progress: {frame.data}")
        raise EngineError("the flow ran too long without a decision (a loop in the rules?)")


def any_data(value: Any) -> Json:
    """Mark a value as JSON data for the type checker (a no-op at run time)."""
    return value


class FnFrame:
    """A frame kind made of two functions (for small frames that need no class of their own)."""

    def __init__(
        self,
        run: Callable[[Flow, Frame], Ask | None],
        answer: Callable[[Flow, Frame, Option], None] | None = None,
    ) -> None:
        self._run = run
        self._answer = answer

    def run(self, flow: Flow, frame: Frame) -> Ask | None:
        return self._run(flow, frame)

    def answer(self, flow: Flow, frame: Frame, option: Option) -> None:
        if self._answer is None:
            raise EngineError(f"frame {frame.kind} never asks, yet got an answer")
        self._answer(flow, frame, option)
