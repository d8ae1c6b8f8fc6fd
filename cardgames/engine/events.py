"""Events: the only things that change state. Each has a stable type name and a pure apply.

A game's log is a list of events; `fold` replays them onto a fresh state. Games register their
own event types with `@event("game.Name")` and an apply function with `@applies(Cls)`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any, ClassVar, TypeVar

from cardgames.engine.state import Json, State

E = TypeVar("E", bound="Event")

_TYPES: dict[str, type[Event]] = {}
_APPLY: dict[type[Event], Callable[[State, Any], None]] = {}
_FIELDS: dict[type[Event], tuple[str, ...]] = {}


class EventError(ValueError):
    """A serialized event could not be read (unknown type or wrong fields)."""


@dataclasses.dataclass(frozen=True, slots=True)
class Event:
    """Base of every event. Subclasses are frozen dataclasses registered with `@event`."""

    TYPE: ClassVar[str] = "Event"
    REVEALS: ClassVar[bool] = False
    """True if applying it shows a seat something that was hidden (blocks undo past it)."""
    INTERNAL: ClassVar[bool] = False
    """True for flow bookkeeping that the players' log does not show."""
    FLOW: ClassVar[bool] = False
    """True for events that change only the flow agenda (frames) or record an answer: no card,
    zone, player, chain or effect. They keep `State.cached` values."""

    def to_json(self) -> dict[str, Json]:
        out: dict[str, Json] = {"t": self.TYPE}
        for name in _FIELDS[type(self)]:
            out[name] = getattr(self, name)
        return out


def event(type_name: str) -> Callable[[type[E]], type[E]]:
    """Register an event class under a stable type name (used in save files)."""

    def register(cls: type[E]) -> type[E]:
        if type_name in _TYPES and _TYPES[type_name] is not cls:
            raise ValueError(f"event type {type_name!r} registered twice")
        cls.TYPE = type_name
        _TYPES[type_name] = cls
        _FIELDS[cls] = tuple(f.name for f in dataclasses.fields(cls))
        return cls

    return register


def applies(cls: type[E]) -> Callable[[Callable[[State, E], None]], Callable[[State, E], None]]:
    """Register the function that applies events of `cls` to a state."""

    def register(fn: Callable[[State, E], None]) -> Callable[[State, E], None]:
        _APPLY[cls] = fn
        return fn

    return register


def apply(state: State, ev: Event) -> None:
    """Apply one event to `state` in place."""
    _APPLY[type(ev)](state, ev)
    if not ev.FLOW and state._memo:
        state._memo.clear()


def from_json(data: dict[str, Json]) -> Event:
    """Rebuild an event from its JSON form; raises EventError if it is not a known event."""
    try:
        cls = _TYPES[data["t"]]
    except (KeyError, TypeError) as exc:
        raise EventError(f"unknown event type {data.get('t') if isinstance(data, dict) else data!r}") from exc
    fields = data.copy()
    del fields["t"]
    try:
        return cls(**fields)
    except TypeError as exc:
        raise EventError(f"event {cls.TYPE}: {exc}") from exc


def registered_types() -> dict[str, type[Event]]:
    return dict(_TYPES)
