"""State checks (rulebook: Units, lethal damage and defense ≤ 0): the doomed units kept between events
(lethal.py) are always the ones a full look at the table finds, after every event of random games (and, brought
up to date, at every state check: test_stat_caches.py)."""

from __future__ import annotations

import random

import pytest
import test_fuzz_algomancy
import test_fuzz_algomancy_ffa
from kit.fuzz import NAMES, Format

from cardgames.engine import core_events as ce
from cardgames.engine.events import Event
from cardgames.engine.flow import Flow
from cardgames.engine.game import Game
from cardgames.engine.state import State
from cardgames.games.algomancy import checks, lethal
from cardgames.games.algomancy.board import stats_of
from cardgames.games.algomancy.checks import check_state
from cardgames.games.algomancy.lethal import doomed, doomed_now, kept, may_change
from cardgames.games.algomancy.rules import Algomancy

RULES = Algomancy()
FORMATS = {f.name: (f, test_fuzz_algomancy.pick) for f in test_fuzz_algomancy.SPEC.formats} | {
    f.name: (f, test_fuzz_algomancy_ffa.pick) for f in test_fuzz_algomancy_ffa.SPEC.formats}
CHECKED = ["draft", "constructed", "ffa-4p", "teams-4p", "joint-4p", "archenemy-3p", "cube-2p", "cube-bracket-3p"]


def units_in_play(state: State) -> list[tuple[int, tuple[int, int], int, bool]]:
    """Everything a doomed answer rests on: each unit in play, region by region, with its stats, its damage and
    whether a deadly hit struck it."""
    return [(o.id, stats_of(RULES, state, o), o.counters.get("damage", 0), bool(o.props.get("deadly_hit")))
            for z in state.zones.values() if z.id.startswith("region:")
            for o in state.cards_in(z.id) if RULES.cards[o.card].is_unit]


def _play(fmt: Format, pick: object, seed: int, monkeypatch: pytest.MonkeyPatch) -> tuple[int, int]:
    """Play one random game; after every event where an answer is kept, the units it rests on are as they were
    when it was found or last brought up to date (stats, damage, deadly hit: stronger than the same answer).
    (kept, events) counts."""
    rng = random.Random(f"lethal/{fmt.name}/{seed}")
    hits = [0, 0]
    found: dict[int, list[tuple[int, tuple[int, int], int, bool]]] = {}

    def checked(rules: Algomancy, flow: Flow) -> list[int]:
        answer = doomed(rules, flow)
        found[id(flow.state)] = units_in_play(flow.state)
        return answer

    monkeypatch.setattr(checks, "doomed", checked)
    game = Game.new(RULES, NAMES[:fmt.players], seed, dict(fmt.options(rng, seed)))

    def after_event(flow: Flow, ev: Event) -> None:
        hits[1] += 1
        answer = kept(flow)
        if answer is not None:
            hits[0] += 1
            where = f"{fmt.name} seed {seed}, event {len(flow.events)} {ev}"
            assert answer == doomed_now(RULES, flow.state), where
            assert units_in_play(flow.state) == found[id(flow.state)], where

    game.flow.listeners.append(after_event)
    decisions = 0
    while game.outcome is None and decisions < 3000:
        game.choose(pick(rng, game.decision))  # type: ignore[operator]
        decisions += 1
    return hits[0], hits[1]


@pytest.mark.parametrize("name", CHECKED)
def test_state_checks_kept_answer_is_the_full_answer(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    fmt, pick = FORMATS[name]
    kept_total = events = 0
    for seed in range(1):
        k, n = _play(fmt, pick, seed, monkeypatch)
        kept_total, events = kept_total + k, events + n
    # most events keep the answer: the comparison above ran, it is not vacuous
    assert kept_total > events // 4, (kept_total, events)


def test_state_checks_a_unit_with_lethal_damage_dies_after_a_kept_answer() -> None:
    """A kept answer is dropped by the event that makes a unit doomed (damage marked on it)."""
    fmt, pick = FORMATS["draft"]
    rng = random.Random(7)
    game = Game.new(RULES, NAMES[:2], 7, dict(fmt.options(rng, 7)))
    while game.outcome is None and not any(o.zone.startswith("region:") and RULES.cards[o.card].is_unit
                                            for o in game.state.objects.values()):
        game.choose(pick(rng, game.decision))  # type: ignore[operator]
    unit = next(o for o in game.state.objects.values() if o.zone.startswith("region:")
                and RULES.cards[o.card].is_unit)
    flow = game.flow
    assert doomed(RULES, flow) == doomed_now(RULES, game.state)
    flow.emit(ce.PhaseBegan("main"))  # changes nothing in play: the answer is kept
    assert kept(flow) == doomed_now(RULES, game.state)
    flow.emit(ce.CounterAdded(unit.id, "damage", 99))
    assert kept(flow) is None
    assert unit.id in doomed(RULES, flow)
    assert check_state(RULES, flow)
    assert not game.state.objects[unit.id].zone.startswith("region:")


def test_state_checks_unknown_events_may_change_the_answer() -> None:
    """An event the module does not know to be harmless always makes it look again."""
    state = Game.new(RULES, NAMES[:2], 1, {"format": "draft"}).state
    assert may_change(state, set(), ce.ModifierAdded(999, 1, "defense", -5, "end_of_turn"))
    assert may_change(state, set(), ce.BattleChanged(changes={"attack": []}))
    assert not may_change(state, set(), ce.BattleChanged(changes={"step": "damage"}))
    assert may_change(state, set(), ce.BattleChanged(end=True))


def test_state_checks_a_battle_with_nothing_in_formation_changes_no_stat() -> None:
    """A battle starting, moving on or ending changes no stat while nothing is in formation (no attacker, blocker
    or counter-attacker): the answer is kept; with a unit in formation it is not."""
    state = Game.new(RULES, NAMES[:2], 1, {"format": "draft"}).state
    start = ce.BattleChanged(battle={"phase": 1, "attack": [], "defence": {"first": 0, "columns": []}, "counter": []})
    assert not lethal.formed(state)
    assert not may_change(state, set(), start, unformed=True)
    assert not may_change(state, set(), ce.BattleChanged(end=True), unformed=True)
    assert may_change(state, set(), ce.BattleChanged(end=True))
    state.battle = {"phase": 1, "attack": [[7]], "defence": {"first": 0, "columns": []}, "counter": []}
    assert lethal.formed(state)
    state.battle = {"phase": 1, "attack": [[]], "defence": {"first": 0, "columns": [[]]}, "counter": [3]}
    assert lethal.formed(state)  # a counter-attacker does not exist in phase 1: stats change
