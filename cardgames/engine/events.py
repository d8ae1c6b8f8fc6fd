"""Events: the only things that change state. Each has a stable type name and a pure apply.

A game's log is a list of events; `fold` replays them onto a fresh state. Games register their
own event types with `@event("game.Name")` and an apply function with `@applies(Cls)`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from typing import Any, ClassVar, TypeVar

from cardgames.engine.knowledge import Mark, reveal, show, track
from cardgames.engine.slotted import frozen_init, slot_setters
from cardgames.engine.state import Json, State

E = TypeVar("E", bound="Event")

_TYPES: dict[str, type[Event]] = {}
_APPLY: dict[type[Event], Callable[[State, Any], None]] = {}
_FIELDS: dict[type[Event], tuple[str, ...]] = {}
_READERS: dict[type[Event], Callable[[dict[str, Json]], Event]] = {}
Toucher = Callable[["Event", State], Sequence[int]]
_FIELD_TOUCH: dict[type[Event], Toucher | None] = {}
"""The default `Event.touched` of each class (by its fields)."""


class EventError(ValueError):
    """A serialized event could not be read (unknown type or wrong fields)."""


@dataclasses.dataclass(frozen=True, slots=True)
class Event:
    """Base of every event. Subclasses are frozen dataclasses registered with `@event`."""

    TYPE: ClassVar[str] = "Event"
    REVEALS: ClassVar[bool] = False
    """True if applying it shows a seat something hidden. Kept for readers: the engine finds
    reveals itself (a card it touches that a seat sees after it and did not hold before, see
    `engine.knowledge`), and consults this only for an event that touches no card at all."""
    SCRAMBLES: ClassVar[bool] = False
    """True if the objects it touches lose their identity for whoever cannot see them (a
    shuffle): they become unknown and get a new generation."""
    INTERNAL: ClassVar[bool] = False
    """True for flow bookkeeping that the players' log does not show."""
    FLOW: ClassVar[bool] = False
    """True for events that change only the flow agenda (frames) or record an answer: no card,
    zone, player, chain or effect. They keep `State.cached` values."""
    KEEPS_CACHED: ClassVar[bool] = False
    """True for an event that changes nothing a `State.cached` query may read (the name of the
    phase): the values stay, as after a FLOW event."""

    def touched(self, state: State) -> Sequence[int]:
        """The objects this event may move, create, turn over or hand to another controller,
        as the state is before it applies. By default: its `id: int` field and its `list[int]`
        fields (values that are not objects are passed over). Override it for events that move
        cards another way (a shuffle: every card of the pile)."""
        cls = type(self)
        if cls not in _FIELD_TOUCH:
            _FIELD_TOUCH[cls] = _by_fields(cls)
        fn = _FIELD_TOUCH[cls]
        return () if fn is None else fn(self, state)

    def shows(self, state: State) -> Sequence[tuple[int, int]]:
        """The cards this event shows to seats where they lie, as (object id, seat): a seat
        looks at the top card of a deck, at another's hand. The seat then knows them (it is a
        reveal if it did not); moves and turns are found without it."""
        return ()

    def to_json(self) -> dict[str, Json]:
        """`{"t": TYPE, field: value, ...}`, fields in their order (each registered class gets a
        faster copy of this, see `_json_writer`)."""
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
        fields = dataclasses.fields(cls)
        if any(not f.compare for f in fields):
            raise ValueError(f"event {type_name!r}: every field must take part in == (saves and "
                             "replays compare events by it)")
        _TYPES[type_name] = cls
        _FIELDS[cls] = tuple(f.name for f in fields)
        _READERS[cls] = _json_reader(cls, _FIELDS[cls])
        frozen_init(cls)
        if "to_json" not in vars(cls):
            cls.to_json = _json_writer(type_name, _FIELDS[cls])  # type: ignore[method-assign,assignment]
        return cls

    return register


def _json_writer(type_name: str, names: tuple[str, ...]) -> Callable[[Event], dict[str, Json]]:
    """`Event.to_json` for one class, written out as one dict display (as `dataclasses` writes
    `__init__`): about twice as fast as the loop, which counts where every event of a log is
    turned into JSON (saving, `cardgames replay --verify`)."""
    if not all(n.isidentifier() for n in names):
        raise ValueError(f"event {type_name!r}: field names must be identifiers: {names}")
    items = "".join(f", {n!r}: self.{n}" for n in names)
    code = f"def to_json(self):\n    return {{'t': {type_name!r}{items}}}\n"
    scope: dict[str, Any] = {}
    exec(code, scope)  # the text is built from field names checked above
    fn: Callable[[Event], dict[str, Json]] = scope["to_json"]
    fn.__doc__ = Event.to_json.__doc__
    fn.__qualname__ = f"{type_name}.to_json"
    return fn


def _json_reader(cls: type[E], names: tuple[str, ...]) -> Callable[[dict[str, Json]], E]:
    """Build an event of `cls` from its JSON form when that holds exactly its fields, written out
    as straight-line code (this counts where every event of a save is read). `from_json` checks
    the count; a missing field raises KeyError, and `from_json` then reads the slow way, which says
    what is wrong.

    The fields are set through the class's slots, as the frozen dataclass's `__init__` sets them
    but without its per-field `object.__setattr__` calls: twice as fast. That `__init__` does
    nothing else (no event has a `__post_init__`; the JSON holds every field, so no default is
    needed); a class whose fields are not all slots is built by calling it, fields by position."""
    setters = slot_setters(cls, names)
    scope: dict[str, Any] = {"cls": cls, "new": object.__new__}
    if "__post_init__" not in dir(cls) and setters is not None:
        scope.update({f"s{i}": setter for i, setter in enumerate(setters)})
        body = "".join(f"    s{i}(o, d[{n!r}])\n" for i, n in enumerate(names))
        code = f"def read(d):\n    o = new(cls)\n{body}    return o\n"
    else:
        code = f"def read(d):\n    return cls({''.join(f'd[{n!r}], ' for n in names)})\n"
    exec(code, scope)  # names only as string literals
    fn: Callable[[dict[str, Json]], E] = scope["read"]
    return fn


def applies(cls: type[E]) -> Callable[[Callable[[State, E], None]], Callable[[State, E], None]]:
    """Register the function that applies events of `cls` to a state."""

    def register(fn: Callable[[State, E], None]) -> Callable[[State, E], None]:
        _APPLY[cls] = fn
        return fn

    return register


def _by_fields(cls: type[Event]) -> Toucher | None:
    """The default `touched` of a class: its `id: int` field and its `list[int]` fields."""
    single = False
    lists: list[str] = []
    for f in dataclasses.fields(cls):
        kind = f.type if isinstance(f.type, str) else str(f.type).replace("<class 'int'>", "int")
        if f.name == "id" and kind == "int":
            single = True
        elif kind == "list[int]":
            lists.append(f.name)
    if not lists:
        return _id_only if single else None
    names = (["id"] if single else []) + lists

    def touched(ev: Event, state: State) -> Sequence[int]:
        out: list[int] = []
        for name in names:
            value = getattr(ev, name)
            if isinstance(value, int):
                out.append(value)
            else:
                out.extend(v for v in value if isinstance(v, int))
        return out

    return touched


def _id_only(ev: Any, state: State) -> Sequence[int]:
    return (ev.id,)


def _call_touched(ev: Event, state: State) -> Sequence[int]:
    return ev.touched(state)


def _toucher(cls: type[Event]) -> Toucher | None:
    """What finds the objects an event of `cls` touches: its own `touched` if it has one, else
    the default by fields, called directly (faster)."""
    return _call_touched if cls.touched is not Event.touched else _by_fields(cls)


_Spec = tuple[bool, Toucher | None, bool, bool, bool]
_SPECS: dict[type[Event], _Spec] = {}
"""Per event class, what `apply` needs to know: FLOW, how to find the objects it touches (or
`_id_only`), SCRAMBLES, REVEALS, and whether it has its own `shows`."""


def _spec(cls: type[Event]) -> _Spec:
    spec = _SPECS[cls] = (cls.FLOW, _toucher(cls), cls.SCRAMBLES, cls.REVEALS, cls.shows is not Event.shows)
    return spec


def apply(state: State, ev: Event) -> None:
    """Apply one event to `state` in place, and keep track of who knows the cards it touches."""
    cls = type(ev)
    flow, touched, scrambles, reveals, shows = _SPECS.get(cls) or _spec(cls)
    if flow:
        _APPLY[cls](state, ev)
        state.folded += 1
        return
    objects = state.objects
    if touched is _id_only:  # most events: one card (or a chain entry, an effect...)
        oid: int = ev.id  # type: ignore[attr-defined]
        obj = objects.get(oid)
        count = len(objects)
        if obj is None:
            _APPLY[cls](state, ev)
            if len(objects) != count:
                track(state, (oid,), (), count, scrambles)
            elif reveals:
                reveal(state)
        else:
            zone, controller, down = obj.zone, obj.controller, obj.props.get("face_down")
            _APPLY[cls](state, ev)
            if obj.zone != zone or obj.controller != controller or obj.props.get("face_down") != down or scrambles:
                track(state, (oid,), ((obj, zone, controller, down),), count, scrambles)
    else:
        ids = touched(ev, state) if touched is not None else ()
        if ids:
            marks: list[Mark] = [
                (obj, obj.zone, obj.controller, obj.props.get("face_down"))
                for i in ids if (obj := objects.get(i)) is not None
            ]
            count = len(objects)
            _APPLY[cls](state, ev)
            if marks or len(objects) != count:
                track(state, ids, marks, count, scrambles)
            elif reveals:
                reveal(state)
        else:
            _APPLY[cls](state, ev)
            if reveals:
                reveal(state)
    if shows:
        show(state, ev.shows(state))
    if state._memo and not cls.KEEPS_CACHED:
        state._memo.clear()
    state.folded += 1


def from_json(data: dict[str, Json]) -> Event:
    """Rebuild an event from its JSON form; raises EventError if it is not a known event."""
    try:
        cls = _TYPES[data["t"]]
    except (KeyError, TypeError) as exc:
        raise EventError(f"unknown event type {data.get('t') if isinstance(data, dict) else data!r}") from exc
    if len(data) == len(_FIELDS[cls]) + 1:  # "t" and every field: the usual case
        try:
            return _READERS[cls](data)
        except KeyError:
            pass  # another field instead of one of them: said below
    fields = data.copy()
    del fields["t"]
    try:
        return cls(**fields)
    except TypeError as exc:
        raise EventError(f"event {cls.TYPE}: {exc}") from exc


def registered_types() -> dict[str, type[Event]]:
    return dict(_TYPES)
