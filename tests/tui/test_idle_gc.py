"""The idle collector: full garbage-collector passes wait for a pause in the input (or the valve)."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

from cardgames.tui import idlegc
from cardgames.tui.app import CardgamesApp
from cardgames.tui.idlegc import IDLE, NEVER, IdleCollector


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def collector() -> Iterator[tuple[IdleCollector, Clock]]:
    clock = Clock()
    c = IdleCollector(clock)
    before = gc.get_threshold()
    c.start()
    try:
        yield c, clock
    finally:
        c.stop()
        assert gc.get_threshold() == before
        assert gc.get_freeze_count() == 0


def young_passes(n: int) -> None:
    """Make the collector run `n` generation-1 passes (each counts towards a full one)."""
    for _ in range(n):
        gc.collect(1)


def test_start_stops_the_automatic_full_passes(collector: tuple[IdleCollector, Clock]) -> None:
    assert gc.get_threshold()[2] == NEVER


def test_no_full_pass_while_keys_keep_coming(collector: tuple[IdleCollector, Clock]) -> None:
    c, clock = collector
    young_passes(3)
    c.touched()
    clock.now += IDLE / 2
    assert not c.tick()
    assert c.passes == 0


def test_a_full_pass_runs_once_the_input_pauses(collector: tuple[IdleCollector, Clock]) -> None:
    c, clock = collector
    young_passes(3)
    c.touched()
    clock.now += IDLE + 0.01
    assert c.tick()
    assert gc.get_count()[2] == 0  # the full pass ran
    assert gc.get_freeze_count() > 0  # and what lived then is out of the next passes' way
    assert not c.tick()  # nothing new since


def test_the_valve_runs_a_full_pass_without_a_pause(
        collector: tuple[IdleCollector, Clock], monkeypatch: pytest.MonkeyPatch) -> None:
    c, _ = collector
    monkeypatch.setattr(idlegc, "VALVE", 5)
    young_passes(5)
    c.touched()
    assert c.tick()


def test_garbage_cycles_are_freed_by_the_idle_pass(collector: tuple[IdleCollector, Clock]) -> None:
    c, clock = collector
    c.tick()  # (nothing pending yet: no-op)

    class Node:
        pass

    import weakref

    a, b = Node(), Node()
    a.other, b.other = b, a  # type: ignore[attr-defined]
    ref = weakref.ref(a)
    del a, b
    young_passes(1)
    gc.collect(1)  # young passes do not reach what has reached the oldest generation...
    clock.now += IDLE + 0.01
    c.tick()
    assert ref() is None


def test_tick_does_nothing_before_start() -> None:
    c = IdleCollector(Clock())
    young_passes(2)
    assert not c.tick()


async def test_the_app_holds_full_passes_while_it_runs_and_hands_them_back() -> None:
    before = gc.get_threshold()
    app = CardgamesApp()
    async with app.run_test() as pilot:
        assert gc.get_threshold()[2] == NEVER
        seen = app.collector.last_input
        await pilot.press("down")
        assert app.collector.last_input > seen  # a key counts as input
    assert gc.get_threshold() == before
