"""`frozen_init`: events and options are made through their slots, exactly as the frozen dataclass
`__init__` would make them (same parameters, defaults, fresh default values), and stay frozen."""

from __future__ import annotations

import dataclasses
import inspect

import pytest

from cardgames.engine.decisions import Decision, Option
from cardgames.engine.events import registered_types
from cardgames.engine.slotted import frozen_init
from cardgames.games import GAMES, find_ruleset


@dataclasses.dataclass(frozen=True, slots=True)
class Plain:
    a: int
    b: str = "b"
    c: list[int] = dataclasses.field(default_factory=list)


@dataclasses.dataclass(frozen=True, slots=True)
class Fast:
    a: int
    b: str = "b"
    c: list[int] = dataclasses.field(default_factory=list)


frozen_init(Fast)


def test_an_instance_is_made_as_the_dataclass_makes_it() -> None:
    assert Fast.__init__ is not Plain.__init__
    for args, kwargs in [((1,), {}), ((1, "x"), {}), ((1,), {"c": [2]}), ((), {"a": 3, "b": "y", "c": []})]:
        fast, plain = Fast(*args, **kwargs), Plain(*args, **kwargs)
        assert dataclasses.astuple(fast) == dataclasses.astuple(plain)
    assert Fast(1).c is not Fast(1).c  # a fresh default each time
    with pytest.raises(TypeError):
        Fast()  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        Fast(1, d=2)  # type: ignore[call-arg]
    with pytest.raises(dataclasses.FrozenInstanceError):
        Fast(1).a = 2  # type: ignore[misc]
    assert Fast(1) == Fast(1) and Fast(1) != Fast(2)


def test_every_event_option_and_decision_takes_its_fields_as_declared() -> None:
    for game in GAMES:
        find_ruleset(game)  # registers its events
    classes: list[type] = [Option, Decision, *registered_types().values()]
    assert len(classes) > 60
    for cls in classes:
        params = inspect.signature(cls).parameters
        fields = dataclasses.fields(cls)  # type: ignore[arg-type]
        assert list(params) == [f.name for f in fields], cls
        for f in fields:
            has_default = f.default is not dataclasses.MISSING or f.default_factory is not dataclasses.MISSING
            assert (params[f.name].default is not inspect.Parameter.empty) == has_default, (cls, f.name)


def test_a_decision_made_without_info_gets_its_own_dict() -> None:
    a, b = Decision(1, 0, "Ann", "k", "p", ()), Decision(1, 0, "Ann", "k", "p", ())
    assert a.info == {} and a.info is not b.info and a.token == -1
