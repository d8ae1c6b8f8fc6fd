"""Fuzz: seeded random Algomancy 1v1 games, live draft and constructed, with the engine contract checked.

Per game: after EVERY event that creates or moves a card, that card is in exactly the zone it
names; at every SAMPLE-th decision the full settled invariants (every card in exactly one zone, at
most two activations a turn, no unit in play
with lethal damage, formations only hold units of the battle's region, front rows filled, a player
at 0 life is out) and the fold of the log equals the live state; at 1% of decisions an unknown key
is refused without changing anything; at the end a save loads (replaying every answer) to the very
same state and log. Every game must end within DECISION_CAP decisions.

The random players draft sensibly (they finish a draft step when the pack holds 10, else move a
card toward 10), end a formation or the resource step now and then, and otherwise choose uniformly.
CARDGAMES_FUZZ_GAMES sets games per format
(default 200), CARDGAMES_FUZZ_SEED0 the first seed, CARDGAMES_FUZZ_JOBS the worker processes
(default: one per CPU). The random players reach mods, viruses, ambushes, burst, the damage
assignment choice and trigger ordering (they choose uniformly among the options).
"""

from __future__ import annotations

import multiprocessing
import os
import random
import sys
import tempfile
import traceback
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import pytest

from cardgames.api import load_game
from cardgames.engine import core_events as ce
from cardgames.engine.decisions import Decision, IllegalChoice, Option
from cardgames.engine.events import Event, apply
from cardgames.engine.flow import Flow
from cardgames.engine.game import Game, fold
from cardgames.games.algomancy.events import CardDrawn
from cardgames.games.algomancy.rules import Algomancy

GAMES = int(os.environ.get("CARDGAMES_FUZZ_GAMES", "200"))
SEED0 = int(os.environ.get("CARDGAMES_FUZZ_SEED0", "0"))
JOBS = int(os.environ.get("CARDGAMES_FUZZ_JOBS", "0")) or os.cpu_count() or 1
SAMPLE = 7
DECISION_CAP = 20000
RULES = Algomancy()


def pick(rng: random.Random, d: Decision) -> Option:
    """A random answer; a draft moves toward a pack of exactly 10 and then ends."""
    if d.kind == "draft":
        done = [o for o in d.options if o.key == "done"]
        if done and rng.random() < 0.7:
            return done[0]
        pack = int(str(d.info.get("pack", 10))) if isinstance(d.info, dict) else 10
        want = "take" if pack > 10 else "give" if pack < 10 else rng.choice(["take", "give"])
        moves = [o for o in d.options if o.group == want]
        return rng.choice(moves or list(d.options))
    if d.kind in ("formation", "resources"):
        done = [o for o in d.options if o.key == "done"]
        if done and rng.random() < 0.3:
            return done[0]
    return rng.choice(d.options)


def play_one(fmt: str, seed: int, tmp: Path) -> tuple[int, int]:
    game = Game.new(RULES, ["Ann", "Bob"], seed, {"format": fmt})
    rng = random.Random(f"{fmt}/{seed}")
    shadow = fold(RULES, game.events)

    def after(flow: Flow, ev: Event) -> None:
        apply(shadow, ev)
        oid = getattr(ev, "id", None)
        if isinstance(ev, ce.ObjectCreated | ce.ObjectMoved | CardDrawn) and oid is not None:
            obj = flow.state.objects[oid]
            held = sum(1 for z in flow.state.zones.values() if oid in z.cards)
            if held != 1 or oid not in flow.state.zones[obj.zone].cards:
                raise AssertionError(f"{fmt} seed {seed}, after event {len(flow.events)} {ev}: object {oid} "
                                     f"is in {held} zones; it says {obj.zone}; full check: "
                                     f"{RULES.invariants(flow.state)}")

    game.flow.listeners.append(after)
    decisions = 0
    while game.outcome is None:
        assert decisions < DECISION_CAP, f"{fmt} seed {seed}: no winner after {DECISION_CAP} decisions"
        if decisions % SAMPLE == 0:
            assert shadow == game.state, f"{fmt} seed {seed}: the folded log differs at decision {decisions}"
            bad = RULES.settled_invariants(game.state)
            assert not bad, f"{fmt} seed {seed}, decision {decisions} ({game.decision.kind}): {bad}"
        if rng.random() < 0.01:
            mark = len(game.events)
            try:
                game.choose("fuzz:not-an-option")
            except IllegalChoice:
                pass
            else:
                raise AssertionError(f"{fmt} seed {seed}: an unknown key was accepted")
            assert len(game.events) == mark
        game.choose(pick(rng, game.decision))
        decisions += 1
        if game.flow.listeners == []:  # an undo or rewind rebuilt the flow
            game.flow.listeners.append(after)
    assert not RULES.settled_invariants(game.state)
    path = tmp / f"{fmt}-{seed}.save"
    game.save(path)
    loaded = load_game(path)
    assert "warnings" not in loaded.header, loaded.header.get("warnings")
    assert loaded.state == game.state and [e.to_json() for e in loaded.events] == [e.to_json() for e in game.events]
    return decisions, len(game.events)


def _worker(job: tuple[str, list[int]]) -> list[tuple[int, str | None]]:
    """Play some seeds of a format; (seed, failure traceback or None) for each."""
    fmt, seeds = job
    out: list[tuple[int, str | None]] = []
    with tempfile.TemporaryDirectory() as tmp:
        for seed in seeds:
            try:
                play_one(fmt, seed, Path(tmp))
                out.append((seed, None))
            except Exception:
                out.append((seed, traceback.format_exc(limit=12)))
    return out


@pytest.mark.parametrize("fmt", ["draft", "constructed"])
def test_fuzz_random_games(fmt: str) -> None:
    seeds = list(range(SEED0, SEED0 + GAMES))
    size = max(1, min(5, len(seeds) // (JOBS * 4) or 1))
    jobs = [(fmt, seeds[i:i + size]) for i in range(0, len(seeds), size)]
    if JOBS <= 1 or len(jobs) == 1 or sys.platform == "win32":
        results = [r for job in jobs for r in _worker(job)]
    else:
        with ProcessPoolExecutor(max_workers=JOBS, mp_context=multiprocessing.get_context("fork")) as pool:
            results = [r for rs in pool.map(_worker, jobs) for r in rs]
    assert sorted(seed for seed, _ in results) == seeds
    failed = [(seed, tb) for seed, tb in results if tb]
    if failed:
        report = "\n\n".join(f"--- {fmt} seed {seed} (rerun: CARDGAMES_FUZZ_SEED0={seed} CARDGAMES_FUZZ_GAMES=1 "
                              f"pytest tests/test_fuzz_algomancy.py -k {fmt})\n{tb}" for seed, tb in failed[:5])
        pytest.fail(f"{len(failed)} of {len(results)} {fmt} games failed; seeds {[s for s, _ in failed][:30]}\n"
                    f"{report}", pytrace=False)
