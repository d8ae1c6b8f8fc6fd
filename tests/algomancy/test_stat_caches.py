"""Stats worked out once per state and shared (board.py), and the state check's answer brought up to date where
events may have changed it (lethal.py, restat.py): always what the plain way finds (stats_reference.py), after
every event and at every state check of random games of every kind of format."""

from __future__ import annotations

import random
from collections import Counter

import pytest
import stats_reference as ref
import test_fuzz_algomancy
import test_fuzz_algomancy_ffa
from kit.fuzz import NAMES, Format, with_keen

from cardgames.engine.events import Event
from cardgames.engine.flow import Flow
from cardgames.engine.game import Game
from cardgames.games.algomancy import board, lethal, restat
from cardgames.games.algomancy.rules import Algomancy
from cardgames.games.algomancy.table import MODS

RULES = Algomancy()
SPECS = {f.name: (f, s) for s in (test_fuzz_algomancy.SPEC, test_fuzz_algomancy_ffa.SPEC) for f in s.formats}
CHECKED = ["draft", "constructed", "ffa-4p", "teams-4p", "joint-4p", "archenemy-3p", "cube-2p", "cube-bracket-3p"]
DECISIONS = 1500


def _game(name: str, seed: int, keen: bool) -> tuple[Game, random.Random, object]:
    fmt, spec = SPECS[name]
    rng = random.Random(f"stat-caches/{name}/{seed}")
    game = Game.new(RULES, NAMES[:fmt.players], seed, dict(fmt.options(rng, seed)))
    return game, rng, with_keen(spec.pick, spec.keen) if keen else spec.pick


def _finish(game: Game, rng: random.Random, pick: object) -> None:
    decisions = 0
    while game.outcome is None and decisions < DECISIONS:
        game.choose(pick(rng, game.decision))  # type: ignore[operator]
        decisions += 1


def _same_stats(flow: Flow, ev: Event) -> None:
    """Every shared answer of board.py is the plain one; every attached card lies in the mods zone. (After a
    flow event the table is as it was: tests/engine/test_engine_cached.py checks what is remembered then.)"""
    if type(ev).FLOW:
        return
    state = flow.state
    where = f"event {len(flow.events)} {ev}"
    for o in state.objects.values():
        if o.attached_to is not None:
            assert o.zone == MODS, f"{where}: card {o.id} is attached but in {o.zone}"
    plain = [(o, ref.stats(RULES, state, o)) for o in ref.units_in_play(RULES, state)]
    assert [(o.id, s) for o, s in plain] == [(o.id, s) for o, s in board.units_in_play(RULES, state)], where
    for o, s in plain:
        assert board.stats_of(RULES, state, o) == s, f"{where}: stats of {o.id}"
        assert board.attributes(RULES, state, o) == ref.attributes(RULES, state, o), f"{where}: {o.id}"
        assert board.own_attributes(RULES, state, o) == ref.own_attributes(RULES, state, o), f"{where}: {o.id}"
        assert board.mods_on(state, o) == ref.mods_on(state, o), f"{where}: mods on {o.id}"


@pytest.mark.parametrize("name", CHECKED)
def test_shared_stats_are_the_plain_ones_after_every_event(name: str) -> None:
    game, rng, pick = _game(name, 1, keen=True)
    game.flow.listeners.append(_same_stats)
    _finish(game, rng, pick)


def _checking(counts: Counter[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """Hold the state checks' kept answer (its doomed units, every unit's stats), each time it is brought up to date
    (for a state check, or for the stats of the damage step), to the plain one."""
    up_to_date = lethal._up_to_date

    def checked(rules: Algomancy, flow: Flow) -> lethal._Known:
        before = lethal._KNOWN.get(flow)
        known = up_to_date(rules, flow)
        counts["checks"] += 1
        counts["afresh" if known is not before else "brought up to date"] += 1
        state, where = flow.state, f"event {len(flow.events)}"
        assert known.dead == ref.doomed(RULES, state), where
        units = ref.units_in_play(RULES, state)
        assert list(known.stats.items()) == [(o.id, ref.stats(RULES, state, o)) for o in units], where
        return known

    monkeypatch.setattr(lethal, "_up_to_date", checked)


@pytest.mark.parametrize("name", CHECKED)
def test_state_check_answer_brought_up_to_date_is_the_plain_one(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    counts: Counter[str] = Counter()
    _checking(counts, monkeypatch)
    for seed, keen in ((1, False), (2, True)):
        game, rng, pick = _game(name, seed, keen)
        _finish(game, rng, pick)
    # most checks are answered from the one before, not vacuously: the comparison above ran on them
    assert counts["brought up to date"] > 2 * counts["afresh"], counts


def test_a_stale_state_check_answer_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """The comparison above fails a kept answer that events have made wrong (here: every event ignored)."""
    monkeypatch.setattr(restat, "changes", lambda *args: restat.NOTHING)
    _checking(Counter(), monkeypatch)
    game, rng, pick = _game("draft", 2, keen=True)
    with pytest.raises(AssertionError):
        _finish(game, rng, pick)


def test_stats_are_checked_where_they_change() -> None:
    """The after-event comparison is not vacuous: the games above put units in play and in formation."""
    game, rng, pick = _game("draft", 1, keen=True)
    seen = Counter[str]()

    def count(flow: Flow, ev: Event) -> None:
        units = ref.units_in_play(RULES, flow.state)
        seen["units"] += len(units)
        seen["in formation"] += bool(board.formations(flow.state).columns)

    game.flow.listeners.append(count)
    _finish(game, rng, pick)
    assert seen["units"] > 1000 and seen["in formation"] > 100, seen


def test_formats_known() -> None:
    assert set(CHECKED) <= SPECS.keys()
    assert all(isinstance(SPECS[n][0], Format) for n in CHECKED)
