"""State is the fold of the log; the same seed and answers give the identical log; seeds differ."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

from engine_play import (
    NAMES,
    assert_fold_equals,
    decision_facts,
    duel,
    play,
    ruleset,
    step,
)

from cardgames.engine import core_events as ce
from cardgames.engine.events import from_json
from cardgames.engine.game import Game, fold


def test_fold_of_the_log_equals_the_live_state_at_every_decision() -> None:
    for seed in (1, 2):
        game = duel(seed)
        rng = random.Random(seed)
        n = 0
        while game.outcome is None and n < 300:
            assert_fold_equals(game)
            step(game, rng)
            n += 1
        assert_fold_equals(game)


def test_fold_of_the_json_log_equals_the_live_state() -> None:
    game = duel(5)
    play(game, random.Random(5), 250)
    events = [from_json(json.loads(json.dumps(e.to_json()))) for e in game.events]
    assert fold(ruleset(), events) == game.state


def test_a_game_built_from_its_log_waits_on_the_same_decision() -> None:
    game = duel(9)
    rng = random.Random(9)
    for _ in range(12):
        play(game, rng, 25)
        again = Game(ruleset(), list(game.events), dict(game.header))
        assert again.state == game.state
        assert decision_facts(again.decision) == decision_facts(game.decision)
        assert len(again.events) == len(game.events)


def test_listeners_see_every_event_once_in_order() -> None:
    game = duel(4)
    seen: list[ce.Event] = []
    game.flow.listeners.append(lambda flow, ev: seen.append(ev))
    start = len(game.events)
    play(game, random.Random(4), 60)
    assert seen == game.events[start:]


def test_same_seed_and_same_answers_give_the_identical_log() -> None:
    first = duel(11)
    keys = play(first, random.Random(3), 400)
    second = duel(11)
    for key in keys:
        second.choose(key)
    assert [e.to_json() for e in second.events] == [e.to_json() for e in first.events]
    assert second.state == first.state
    assert decision_facts(second.decision if second.outcome is None else None) == decision_facts(
        first.decision if first.outcome is None else None)


def test_a_whole_game_replays_identically() -> None:
    first = duel(12)
    keys = play(first, random.Random(12), 20_000)
    assert first.outcome is not None
    second = duel(12)
    for key in keys:
        second.choose(key)
    assert second.events == first.events
    assert second.outcome == first.outcome


def _deal(seed: int) -> list[list[str]]:
    game = duel(seed)
    return [[game.state.objects[i].card for i in game.state.zones[f"hand:{s}"].cards] for s in (0, 1)] + [
        [game.state.objects[i].card for i in game.state.zones[f"deck:{d}"].cards]
        for d in ("basic", "elite", "action")
    ]


def test_the_same_seed_deals_the_same_cards() -> None:
    assert _deal(21) == _deal(21)


def test_different_seeds_deal_different_cards() -> None:
    deals = {json.dumps(_deal(seed)) for seed in range(8)}
    assert len(deals) == 8


def test_the_log_does_not_depend_on_the_interpreter_hash_seed(tmp_path: Path) -> None:
    """String hashing is randomized per process; nothing in the rules may depend on set order."""
    script = tmp_path / "play.py"
    script.write_text(
        "import json, random, sys\n"
        "sys.path.insert(0, sys.argv[1])\n"
        "from engine_play import duel, play\n"
        "g = duel(31)\n"
        "play(g, random.Random(31), 20000)\n"
        "print(json.dumps([e.to_json() for e in g.events]))\n"
    )
    here = str(Path(__file__).parent)
    logs = []
    for hash_seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        out = subprocess.run([sys.executable, str(script), here], env=env, capture_output=True,
                             text=True, check=True, timeout=120)
        logs.append(out.stdout)
    assert logs[0] == logs[1]


def test_players_log_renders_for_every_seat_and_spectators() -> None:
    game = duel(13)
    play(game, random.Random(13), 300)
    for viewer in (*NAMES, None):
        lines = game.log(viewer)
        assert lines and all(isinstance(line, str) and line for line in lines)


def test_each_step_logs_the_agenda_once_as_its_last_event() -> None:
    """The flow agenda (phases, priority windows, resolutions in progress) changes in place as the
    rules work; where it stands when they stop is logged in one AgendaChanged, the step's last
    event — so a log ending otherwise was cut in the middle of a step."""
    game = duel(12)
    play(game, random.Random(12), 200)
    starts = [i for i, e in enumerate(game.events) if isinstance(e, ce.Chose | ce.PreferenceSet)]
    steps = [game.events[a:b] for a, b in zip([0, *starts], [*starts, len(game.events)], strict=True)]
    assert len(steps) > 150
    for events in steps:
        agenda = [e for e in events if isinstance(e, ce.AgendaChanged)]
        assert agenda == [events[-1]], [e.TYPE for e in events]
    logged = [e for e in game.events if isinstance(e, ce.AgendaChanged)]
    pushed = sum(len(e.pushed) for e in logged)
    assert pushed < len(steps)  # a frame pushed and popped within a step leaves no trace


def test_a_fold_of_each_step_s_log_has_the_agenda_the_rules_stopped_with() -> None:
    game = duel(13)
    rng = random.Random(13)
    for _ in range(120):
        if game.outcome is not None:
            break
        step(game, rng)
        folded = fold(ruleset(), game.events)
        assert folded.frames == game.state.frames and folded.next_id == game.state.next_id
