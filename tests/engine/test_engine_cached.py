"""`State.cached`: a value is remembered until an event changes what it reads. Flow events and a new
phase (`KEEPS_CACHED`) keep every value; checked here against a fresh computation after each such
event of seeded games of every game."""

from __future__ import annotations

import pytest
from kit.cached import CachedQueries

from cardgames import new_game
from cardgames.bots.keen_bot import KeenBot
from cardgames.engine import core_events as ce
from cardgames.engine.events import Event
from cardgames.engine.flow import Flow
from cardgames.games import GAMES

GAMES_TO_CHECK = sorted(GAMES)
DECISIONS = 300


def test_a_new_phase_keeps_the_cached_values_and_a_table_event_drops_them() -> None:
    g = new_game("arcmage", ["Ann", "Bob"], 1, {})
    state = g.state
    state.cached("probe", lambda: 1)
    g.flow.emit(ce.PhaseBegan("probe phase"))
    assert state.cached("probe", lambda: 2) == 1
    g.flow.emit(ce.GlobalSet("probe", 1))
    assert state.cached("probe", lambda: 3) == 3


@pytest.mark.parametrize("name", GAMES_TO_CHECK)
def test_values_kept_across_an_event_equal_a_fresh_computation(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every cached query of the game's rules, recomputed after each event that keeps the values
    (a frame, an answer, a new phase), gives what is remembered: none of them reads what those
    events change."""
    queries = CachedQueries().record(monkeypatch)
    checked = 0

    def check(flow: Flow, ev: Event) -> None:
        nonlocal checked
        if not (type(ev).FLOW or type(ev).KEEPS_CACHED):
            return
        for key, value, fresh in queries.remembered(flow.state):
            assert fresh == value, f"{name}: {key} changed after {ev.TYPE}"
            checked += 1

    for seed in (1, 2):
        g = new_game(name, ["Ann", "Bob"], seed, {})
        g.flow.listeners.append(check)
        bot = KeenBot(seed)
        for _ in range(DECISIONS):
            if g.outcome is not None:
                break
            g.choose(bot.choose(g.decision))
    assert checked or name in ("altered", "mechamancers"), f"{name}: no cached value was checked"
