"""The fuzz harness (`tests/kit/fuzz.py`) still catches what it is there for, with the keen bot answering
part of the decisions (`FuzzSpec.keen`): each test breaks the rules or an event on purpose for one
Algomancy game (patched in for the test only) and expects the check meant for that bug to fail the game.
"""

from __future__ import annotations

import random
import sys
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import test_fuzz_algomancy as algo
from kit.fuzz import Format, FuzzFailure, FuzzSpec, play_one, with_keen

from cardgames.engine import core_events as ce
from cardgames.engine import events as engine_events
from cardgames.engine.decisions import Decision, Option
from cardgames.engine.flow import Flow
from cardgames.engine.state import State
from cardgames.games.algomancy import checks
from cardgames.games.algomancy.events import CardDrawn

SPEC: FuzzSpec = algo.SPEC
CONSTRUCTED = next(f for f in SPEC.formats if f.name == "constructed")


def broken(fmt: Format, tmp_path: Path, seeds: int = 4) -> str:
    """The failure of the first of `seeds` games that breaks the contract (the test fails if none does)."""
    assert SPEC.keen > 0, "these tests are about the picker with the keen bot's share"
    for seed in range(seeds):
        try:
            play_one(SPEC, fmt, seed, tmp_path)
        except FuzzFailure as exc:
            return str(exc)
    pytest.fail(f"{seeds} games with the bug patched in all passed the fuzz")


@pytest.fixture
def calls() -> Iterator[Counter[str]]:
    yield Counter()


def test_an_event_that_loses_a_card_fails_at_that_event(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    original = engine_events._APPLY[CardDrawn]

    def lose_a_draw(state: State, ev: Any) -> None:
        """Loses a card drawn after the second turn (the live state and the folded log alike)."""
        original(state, ev)
        if state.turn > 2 and ev.id % 7 == 0:
            state.zones[state.objects[ev.id].zone].cards.remove(ev.id)

    monkeypatch.setitem(engine_events._APPLY, CardDrawn, lose_a_draw)
    msg = broken(CONSTRUCTED, tmp_path)
    assert "after event" in msg and "cards in zones but" in msg and "is not once in the zone it says" in msg


def test_an_event_that_leaves_a_card_behind_fails_at_that_event(monkeypatch: pytest.MonkeyPatch,
                                                                tmp_path: Path) -> None:
    original = engine_events._APPLY[ce.ObjectMoved]

    def keep_a_copy(state: State, ev: Any) -> None:
        """Leaves a copy behind of a card moved after the second turn (the live state and the folded log alike)."""
        before = state.objects[ev.id].zone
        original(state, ev)
        if state.turn > 2 and before != state.objects[ev.id].zone:
            state.zones[before].cards.append(ev.id)

    monkeypatch.setitem(engine_events._APPLY, ce.ObjectMoved, keep_a_copy)
    msg = broken(CONSTRUCTED, tmp_path)
    assert "after event" in msg and "cards in zones but" in msg


def test_rules_that_leave_a_unit_with_lethal_damage_fail_the_settled_check(monkeypatch: pytest.MonkeyPatch,
                                                                          tmp_path: Path) -> None:
    monkeypatch.setattr(checks, "doomed", lambda rules, flow: [])
    msg = broken(CONSTRUCTED, tmp_path)
    assert "with lethal damage" in msg


def patch_check_state(monkeypatch: pytest.MonkeyPatch, wrapper: Callable[[Any, Flow], bool]) -> None:
    """Put `wrapper` in place of Algomancy's state check in every module that calls it."""
    original = checks.check_state
    for name, module in list(sys.modules.items()):
        if name.startswith("cardgames.games.algomancy") and getattr(module, "check_state", None) is original:
            monkeypatch.setattr(module, "check_state", wrapper)


def test_rules_that_change_the_state_without_an_event_fail_the_fold(monkeypatch: pytest.MonkeyPatch,
                                                                    tmp_path: Path, calls: Counter[str]) -> None:
    original = checks.check_state

    def sneaky(rules: Any, flow: Flow) -> bool:
        calls["check"] += 1
        if calls["check"] == 300:
            flow.state.globals["sneaky"] = True
        return original(rules, flow)

    patch_check_state(monkeypatch, sneaky)
    msg = broken(CONSTRUCTED, tmp_path)
    assert "the folded log differs" in msg and "sneaky" in msg


def test_rules_that_do_not_replay_alike_fail_the_save_and_load(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                                               calls: Counter[str]) -> None:
    original = checks.check_state

    def forgetful(rules: Any, flow: Flow) -> bool:
        """Draws a random number once in the whole test: a replay of the game does not."""
        calls["check"] += 1
        if calls["check"] == 200:
            flow.emit(ce.RandomDrawn("fuzz kit test", 1))
            original(rules, flow)
            return True  # something happened
        return original(rules, flow)

    patch_check_state(monkeypatch, forgetful)
    msg = broken(CONSTRUCTED, tmp_path, seeds=1)  # seed 0 saves and loads both mid-game and at the end
    assert "the save loads with warnings" in msg or "save → load gives another" in msg


def test_the_keen_share_leaves_the_other_decisions_to_the_random_player() -> None:
    """About `share` of the answers are the keen bot's, the rest the game's own random player's."""
    options = tuple(Option(key=f"k{i}", label=f"option {i}", group="pass" if i == 0 else "play") for i in range(5))
    d = Decision(id=1, seat_index=0, seat="Ann", kind="priority", prompt="?", options=options)
    marked = Option(key="mine", label="mine")

    def own(rng: random.Random, decision: Decision) -> Option:
        return marked

    mixed = with_keen(own, 0.5)
    rng = random.Random(1)
    answers = Counter("own" if mixed(rng, d) is marked else "keen" for _ in range(2000))
    assert 900 < answers["own"] < 1100 and answers["own"] + answers["keen"] == 2000
    assert with_keen(own, 0.0) is own

