"""The flow runner: an agenda of frames (as data) that emit events and stop at decisions.

A frame kind's `run` either makes progress (emits events, pushes, changes or pops frames), or
returns an `Ask` without doing anything, so that a state folded from a save shows the very same
decision. Frames change in place, with no event each: where the agenda stands when the flow stops
is logged then, in one `AgendaChanged`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any, Protocol

from cardgames.engine import core_events as ce
from cardgames.engine.decisions import Ask, EngineError, Option
from cardgames.engine.events import Event, apply
from cardgames.engine.state import AgendaMoves, Frame, Json, State, clone, update_cloned


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
        self.moves = 0
        """How many times frames were pushed, changed or popped (progress, as events are)."""

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
        """Put a new frame on top of the agenda; returns its id (taken from the object ids)."""
        state = self.state
        fid = state.next_id
        state.next_id = fid + 1
        self._moves().pushed.add(fid)
        state.frames.append(Frame(fid, kind, clone(data)))
        return fid

    def pop(self, frame: Frame) -> None:
        """Take a frame off the agenda (wherever it is)."""
        moves = self._moves()
        state, fid = self.state, frame.id
        frames = state.frames
        on_top = bool(frames) and frames[-1].id == fid  # the usual case: the frame that runs
        if fid in moves.pushed:
            moves.pushed.discard(fid)
        elif on_top or any(f.id == fid for f in frames):
            moves.popped.append(fid)
            moves.changed.pop(fid, None)
        state.frames = frames[:-1] if on_top else [f for f in frames if f.id != fid]

    def update(self, frame: Frame, **changes: Json) -> None:
        """Change some of a frame's data."""
        frames = self.state.frames
        f = frame if frames and frames[-1] is frame else self._live(frame)  # usually the one running
        moves = self._moves()
        if f.id not in moves.pushed:
            keys = moves.changed.get(f.id)
            if keys is None:
                moves.changed[f.id] = set(changes)
            else:
                keys.update(changes)
        update_cloned(f.data, changes)

    def _live(self, frame: Frame) -> Frame:
        """The frame of the agenda with `frame`'s id (ValueError if there is none)."""
        found = next((f for f in reversed(self.state.frames) if f.id == frame.id), None)
        if found is None:
            raise ValueError(f"no frame {frame.id}")
        return found

    def _moves(self) -> AgendaMoves:
        """What was done to the agenda since it was logged, to note one more move in."""
        self.moves += 1
        moves = self.state.agenda_moves
        if moves is None:
            moves = self.state.agenda_moves = AgendaMoves()
        return moves

    def log_agenda(self) -> None:
        """Log what was done to the agenda (`AgendaChanged`), unless nothing happened since the
        last time it was logged. So every step of a log ends with one, and a log that does not
        end with one was cut in the middle of a step. The state already is as the event says: it
        is logged (and heard by the listeners) without being applied again."""
        state, events = self.state, self.events
        moves = state.agenda_moves
        if moves is None:
            if not events or type(events[-1]) is ce.AgendaChanged:
                return
            ev = ce.AgendaChanged([], [], [], state.next_id)
        else:
            frames = state.frames
            changed = [[f.id, {k: clone(f.data[k]) for k in sorted(keys)}]
                       for f in frames if (keys := moves.changed.get(f.id))]
            pushed = [[f.id, f.kind, clone(f.data)] for f in frames if f.id in moves.pushed]
            ev = ce.AgendaChanged(list(moves.popped), changed, pushed, state.next_id)
            state.agenda_moves = None
        state.folded += 1
        events.append(ev)
        for listener in self.listeners:
            listener(self, ev)

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
        """Run frames until one asks for a decision or the game ends; log the agenda then."""
        state = self.state
        for _ in range(limit):
            if state.outcome is not None or not state.frames:
                self.log_agenda()
                return None
            frame = state.frames[-1]
            before = len(self.events) + self.moves
            ask = self.kind(frame).run(self, frame)
            if ask is not None:
                if len(self.events) + self.moves != before:
                    raise EngineError(f"frame {frame.kind} emitted events and then asked")
                self.log_agenda()
                return ask
            if len(self.events) + self.moves == before:
                raise EngineError(f"frame {frame.kind} made no progress: {frame.data}")
        raise EngineError("the flow ran too long without a decision (a loop in the rules?)")


def any_data(value: Any) -> Json:
    """Mark a value as JSON data for the type checker (a no-op at run time)."""
    return value


class FnFrame:
    """A frame kind made of two functions (for small frames that need no class of their own)."""

    run: Callable[[Flow, Frame], Ask | None]
    """The function itself (no method in between: the flow calls it at every step)."""

    def __init__(
        self,
        run: Callable[[Flow, Frame], Ask | None],
        answer: Callable[[Flow, Frame, Option], None] | None = None,
    ) -> None:
        self.run = run
        self._answer = answer

    def answer(self, flow: Flow, frame: Frame, option: Option) -> None:
        if self._answer is None:
            raise EngineError(f"frame {frame.kind} never asks, yet got an answer")
        self._answer(flow, frame, option)
