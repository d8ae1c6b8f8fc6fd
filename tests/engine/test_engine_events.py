"""Events: every registered type survives to_json → JSON text → from_json, and bad data is refused."""

from __future__ import annotations

import dataclasses
import json
import random
import types
import typing
from typing import Any

import pytest
from engine_play import duel, play

from cardgames.engine import core_events as ce
from cardgames.engine.events import Event, EventError, event, from_json, registered_types


def _sample(hint: Any, name: str) -> Any:
    """A JSON-native sample value of a field's type (non-default, so that it is really carried)."""
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        real = [a for a in args if a is not type(None)]
        return _sample(real[0], name)
    if hint is bool:
        return True
    if hint is int:
        return 7 if name != "seat" else 1
    if hint is str:
        return f"sample-{name}"
    if origin is list:
        return [_sample(args[0], name), _sample(args[0], name)] if args else [1, "two", None]
    if origin is dict:
        return {"a": _sample(args[1], name)} if args else {"a": [1, {"b": None}]}
    # Json (Any): a nested value of every JSON kind
    return {"k": [1, "v", None, True, {"n": 2.5}]}


def sample_event(cls: type[Event]) -> Event:
    hints = typing.get_type_hints(cls)
    values = {f.name: _sample(hints[f.name], f.name) for f in dataclasses.fields(cls)}
    return cls(**values)


def roundtrip(ev: Event) -> Event:
    return from_json(json.loads(json.dumps(ev.to_json())))


@pytest.mark.parametrize("type_name", sorted(registered_types()))
def test_every_event_type_round_trips_through_json(type_name: str) -> None:
    cls = registered_types()[type_name]
    ev = sample_event(cls)
    data = ev.to_json()
    assert data["t"] == type_name
    assert set(data) == {"t"} | {f.name for f in dataclasses.fields(cls)}
    back = roundtrip(ev)
    assert type(back) is cls
    assert back == ev
    assert back.to_json() == data


def test_events_of_real_games_round_trip() -> None:
    seen: set[str] = set()
    for seed in range(4):
        game = duel(seed)
        play(game, random.Random(seed), 400)
        for ev in game.events:
            back = roundtrip(ev)
            assert back == ev, f"{ev} came back as {back}"
            seen.add(ev.TYPE)
    assert {"ObjectCreated", "ZoneShuffled", "Chose", "allegiance.CardDrawn"} <= seen


def test_to_json_is_plain_json() -> None:
    game = duel(3)
    play(game, random.Random(3), 100)
    for ev in game.events:
        text = json.dumps(ev.to_json(), allow_nan=False)
        assert json.loads(text) == json.loads(json.dumps(ev.to_json()))


@pytest.mark.parametrize(
    "data, words",
    [
        ({"t": "NoSuchEvent"}, "unknown event type 'NoSuchEvent'"),
        ({"x": 1}, "unknown event type None"),
        ([1, 2], "unknown event type"),
        ("text", "unknown event type"),
        ({"t": "ObjectMoved", "id": 1}, "ObjectMoved"),
        ({"t": "ObjectMoved", "id": 1, "to": "hand:0", "bogus": 2}, "bogus"),
        # as many fields as the event has, but one of them another name (the fast reader's miss)
        ({"t": "ObjectMoved", "id": 1, "to": "hand:0", "index": None, "reset": False,
          "controller": None, "bogus": 2}, "bogus"),
    ],
)
def test_unreadable_event_data_raises_event_error(data: Any, words: str) -> None:
    with pytest.raises(EventError, match=words.replace("(", r"\(")):
        from_json(data)


def test_event_types_are_registered_once_and_named_stably() -> None:
    types_ = registered_types()
    assert types_["ObjectMoved"] is ce.ObjectMoved
    assert types_["Chose"] is ce.Chose
    assert len(set(types_.values())) == len(types_)
    for name, cls in types_.items():
        assert name == cls.TYPE
        assert dataclasses.is_dataclass(cls)
        assert cls.__dataclass_params__.frozen  # type: ignore[attr-defined]


def test_an_event_read_without_its_defaulted_fields_gets_their_defaults() -> None:
    """A save may leave out fields that have defaults (one written before they existed)."""
    short = from_json({"t": "ObjectMoved", "id": 7, "to": "hand:0"})
    full = from_json({"t": "ObjectMoved", "id": 7, "to": "hand:0", "index": None, "reset": False,
                      "controller": None, "entered_turn": None})
    assert short == full == ce.ObjectMoved(7, "hand:0")
    assert type(full) is ce.ObjectMoved and full.to_json()["entered_turn"] is None


def test_an_event_field_left_out_of_equality_is_refused() -> None:
    """Saves and replays compare events by ==, so every field must take part in it."""

    @dataclasses.dataclass(frozen=True, slots=True)
    class Sloppy(Event):
        id: int
        note: str = dataclasses.field(default="", compare=False)

    with pytest.raises(ValueError, match="every field must take part in =="):
        event("test.Sloppy")(Sloppy)
    assert "test.Sloppy" not in registered_types()
