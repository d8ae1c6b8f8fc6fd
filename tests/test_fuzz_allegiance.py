"""Fuzz: seeded random Allegiance games in every format, with the engine contract checked throughout.

Per game (seed s of format f with n players; heroes dealt at random from the seed, and in every
fourth game random priority stops for the players, changed now and then mid-game):
- after EVERY event, it is applied to a shadow state (the log folded event by event), and,
  unless it only moves the flow agenda (`Event.FLOW`: frames, answers), the cheap invariants
  hold: as many cards in zones as objects exist, a moved or created card is in the zone it says
  (once), no negative gold, every hero's health within 0..max;
- at every SAMPLE-th decision, the game's full invariants (`ruleset.settled_invariants`: no card
  lost or duplicated across zones, ..., no unit with lethal damage in play) and shadow == live
  state; at 1% of decisions, an unknown key is refused without changing anything;
- at the end (and at a random mid-game decision of every MID_CHECK-th game): save; fold of the
  saved JSON log == live state; load (replaying every answer) → identical state and decision;
- one undo where it is allowed, which must return to the decision before the answer;
- every game ends within DECISION_CAP decisions.

CARDGAMES_FUZZ_GAMES sets the number of games per format (default 200); CARDGAMES_FUZZ_JOBS the
number of worker processes (default: one per CPU); CARDGAMES_FUZZ_SEED0 the first seed;
CARDGAMES_FUZZ_SAMPLE the decision sampling (default 5; 1 checks at every decision);
CARDGAMES_FUZZ_MID_CHECK how often a game saves mid-way (default 5; 1: every game). A failure
names the format and seed, with the command that reruns just that game.
"""

from __future__ import annotations

import multiprocessing
import os
import random
import signal
import sys
import tempfile
import time
import traceback
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any

import pytest

from cardgames.engine import core_events as ce
from cardgames.engine.decisions import IllegalChoice, UndoRefused
from cardgames.engine.events import Event, apply
from cardgames.engine.flow import Flow
from cardgames.engine.game import Game, fold
from cardgames.engine.save import read_save, write_save
from cardgames.engine.state import State
from cardgames.games import find_ruleset
from cardgames.games.allegiance.events import CardDrawn
from cardgames.games.allegiance.rules import STOP_SETTINGS

GAMES = int(os.environ.get("CARDGAMES_FUZZ_GAMES", "200"))
SEED0 = int(os.environ.get("CARDGAMES_FUZZ_SEED0", "0"))
JOBS = int(os.environ.get("CARDGAMES_FUZZ_JOBS", "0")) or os.cpu_count() or 1
DECISION_CAP = 20_000
"""A game that has not ended after this many decisions fails (random games end in ~700-2,000)."""
GAME_SECONDS = 120
"""A game still running after this long (wall clock) fails, naming its seed, instead of hanging."""
SAMPLE = int(os.environ.get("CARDGAMES_FUZZ_SAMPLE", "5"))
"""Full invariants and fold equality at every this-many-th decision (and always at the end)."""
MID_CHECK = int(os.environ.get("CARDGAMES_FUZZ_MID_CHECK", "5"))
"""Every this-many-th game also saves and loads at a random decision in mid-game (all at the end)."""
MOVES = (ce.ObjectMoved, ce.ObjectCreated, CardDrawn)

FORMATS = [
    ("duel", 2),
    ("ffa", 3),
    ("ffa", 4),
    ("sworn-enemy", 3),
    ("sworn-enemy", 4),
    ("teams", 4),
]
NAMES = ["Ann", "Bob", "Cid", "Dee"]

RULES = find_ruleset("allegiance")
"""Loaded once, before worker processes fork, so that they share it."""


class FuzzFailure(AssertionError):
    """A broken contract, with where it broke."""


@dataclass
class Result:
    seed: int
    decisions: int = 0
    events: int = 0
    seconds: float = 0.0
    failure: str | None = None


def _diff(a: State, b: State) -> str:
    for f in fields(State):
        x, y = getattr(a, f.name), getattr(b, f.name)
        if f.compare and x != y:
            if isinstance(x, dict) and isinstance(y, dict):
                for k in sorted(set(x) | set(y), key=str):
                    if x.get(k) != y.get(k):
                        return f"{f.name}[{k!r}]: {x.get(k)!r} != {y.get(k)!r}"
            return f"{f.name}: {x!r} != {y!r}"
    return "no difference"


def _decision_facts(game: Game) -> Any:
    if game.outcome is not None:
        return ("ended", game.outcome)
    d = game.decision
    return (d.seat_index, d.kind, d.prompt, tuple(o.key for o in d.options))


def _full_check(game: Game, where: str, save_dir: Path) -> None:
    """Save; fold of the saved (JSON) log == live state; load → identical state and decision."""
    path = save_dir / "fuzz.save"
    write_save(path, game.header, game.events)
    saved = read_save(path)
    if saved.warnings:
        raise FuzzFailure(f"{where}: a fresh save reads with warnings: {saved.warnings}")
    folded = fold(RULES, saved.events)
    if folded != game.state:
        raise FuzzFailure(f"{where}: fold of the saved log differs from the live state: "
                          f"{_diff(folded, game.state)}")
    loaded = Game.restore(RULES, saved.header, saved.events)
    if loaded.header.get("warnings"):
        raise FuzzFailure(f"{where}: the save loads with warnings: {loaded.header['warnings']}")
    if loaded.state != game.state:
        raise FuzzFailure(f"{where}: save → load gives another state: {_diff(loaded.state, game.state)}")
    if _decision_facts(loaded) != _decision_facts(game):
        raise FuzzFailure(f"{where}: save → load gives another decision: "
                          f"{_decision_facts(loaded)} != {_decision_facts(game)}")


def cheap_invariants(state: State, ev: Event) -> list[str]:
    """What must hold after every event, checked in a few microseconds.

    Events of the flow agenda (frames, answers: `Event.FLOW`) change nothing these look at;
    they are only applied to the shadow state.
    """
    problems: list[str] = []
    if ev.FLOW:
        return problems
    placed = sum(len(z.cards) for z in state.zones.values())
    if placed != len(state.objects):
        problems.append(f"{placed} cards in zones but {len(state.objects)} objects")
    if isinstance(ev, MOVES):
        obj = state.objects.get(ev.id)
        if obj is None or state.zones[obj.zone].cards.count(ev.id) != 1:
            problems.append(f"object {ev.id} is not once in the zone it says")
    for p in state.players:
        c = p.counters
        if c.get("gold", 0) < 0:
            problems.append(f"{p.name} has negative gold {c['gold']}")
        if not 0 <= c.get("health", 0) <= c.get("max_health", 0):
            problems.append(f"{p.name} health {c.get('health')} outside 0..{c.get('max_health')}")
    return problems


def play_one(fmt: str, n: int, seed: int, save_dir: Path) -> Result:
    """Play one random game with every check; a broken contract raises FuzzFailure."""
    result = Result(seed)
    rng = random.Random(f"{fmt}/{n}/{seed}")
    # every fourth game, the players' priority stops vary too (who is asked to respond)
    stops = {name: rng.choice(STOP_SETTINGS) for name in NAMES[:n]} if seed % 4 == 3 else None
    game = Game.new(RULES, NAMES[:n], seed, {"format": fmt, "stop": stops})
    shadow = fold(RULES, game.events)
    if shadow != game.state:
        raise FuzzFailure(f"after setup the fold differs: {_diff(shadow, game.state)}")
    problems = RULES.invariants(game.state) + RULES.settled_invariants(game.state)
    if problems:
        raise FuzzFailure(f"after setup: {problems}")

    def after_event(flow: Flow, ev: Event) -> None:
        apply(shadow, ev)
        state = flow.state
        bad = cheap_invariants(state, ev)
        if bad:
            raise FuzzFailure(f"after event {len(flow.events)} {ev}: {bad}; "
                              f"full check: {RULES.invariants(state)}")

    game.flow.listeners.append(after_event)
    check_at = rng.randrange(50, 900) if seed % MID_CHECK == 0 else -1
    undo_at = rng.randrange(20, 600)
    decisions = 0
    while game.outcome is None and decisions < DECISION_CAP:
        where = f"decision {decisions} (event {len(game.events)})"
        if decisions % SAMPLE == 0:
            if shadow != game.state:
                raise FuzzFailure(f"{where}: the folded log differs from the live state: "
                                  f"{_diff(shadow, game.state)}")
            bad = RULES.settled_invariants(game.state)
            if bad:
                raise FuzzFailure(f"{where}, waiting on {game.decision.kind}: {bad}")
        if decisions == check_at:
            _full_check(game, where, save_dir)
        if stops is not None and rng.random() < 0.005:
            # a player changes their stop setting mid-game (a recorded input, replayed on load)
            game.set_preference(rng.randrange(n), "stop", rng.choice(STOP_SETTINGS))
        d = game.decision
        if rng.random() < 0.01:
            mark = len(game.events)
            try:
                game.choose("fuzz:not-an-option")
            except IllegalChoice:
                pass
            else:
                raise FuzzFailure(f"{where}: an unknown key was accepted")
            if len(game.events) != mark:
                raise FuzzFailure(f"{where}: a refused answer changed the log")
        mark = len(game.events)
        game.choose(rng.choice(d.options))
        decisions += 1
        if decisions >= undo_at and game.outcome is None and game.undo_reason() is None:
            # the seat that just answered decides again, nothing was revealed: take it back
            undo_at = DECISION_CAP + 1
            before = (d.seat_index, d.kind, d.prompt, d.keys())
            try:
                game.undo()
            except UndoRefused as exc:
                raise FuzzFailure(f"{where}: undo refused although undo_reason() allowed it: {exc}") from exc
            now = game.decision
            if len(game.events) != mark or (now.seat_index, now.kind, now.prompt, now.keys()) != before:
                raise FuzzFailure(f"{where}: undo did not return to the decision before the answer")
            shadow = fold(RULES, game.events)
            game.choose(rng.choice(now.options))
    if game.outcome is None:
        raise FuzzFailure(f"no outcome after {DECISION_CAP} decisions ({len(game.events)} events)")
    bad = RULES.settled_invariants(game.state)
    if bad:
        raise FuzzFailure(f"at the end: {bad}")
    if shadow != game.state:
        raise FuzzFailure(f"at the end the folded log differs: {_diff(shadow, game.state)}")
    _full_check(game, "at the end", save_dir)
    result.decisions = decisions
    result.events = len(game.events)
    return result


def _too_long(signum: int, frame: object) -> None:
    raise FuzzFailure(f"the game took more than {GAME_SECONDS}s (a loop in the rules?)")


def _worker(job: tuple[str, int, list[int]]) -> list[Result]:
    fmt, n, seeds = job
    out: list[Result] = []
    alarm = hasattr(signal, "SIGALRM")
    if alarm:
        signal.signal(signal.SIGALRM, _too_long)
    with tempfile.TemporaryDirectory(dir="/dev/shm" if os.path.isdir("/dev/shm") else None) as tmp:
        for seed in seeds:
            start = time.process_time()
            if alarm:
                signal.alarm(GAME_SECONDS)
            try:
                res = play_one(fmt, n, seed, Path(tmp))
            except Exception:
                res = Result(seed, failure=traceback.format_exc(limit=12))
            finally:
                if alarm:
                    signal.alarm(0)
            res.seconds = time.process_time() - start
            out.append(res)
    return out


def _chunks(seeds: list[int], jobs: int) -> Iterator[list[int]]:
    size = max(1, min(4, len(seeds) // (jobs * 8) or 1))
    for i in range(0, len(seeds), size):
        yield seeds[i:i + size]


def run_format(fmt: str, n: int, seeds: list[int]) -> list[Result]:
    jobs = [(fmt, n, chunk) for chunk in _chunks(seeds, JOBS)]
    if JOBS <= 1 or len(jobs) == 1 or sys.platform == "win32":
        return [r for job in jobs for r in _worker(job)]
    ctx = multiprocessing.get_context("fork")
    with ProcessPoolExecutor(max_workers=JOBS, mp_context=ctx) as pool:
        return [r for rs in pool.map(_worker, jobs) for r in rs]


@pytest.mark.parametrize("fmt, n", FORMATS, ids=[f"{f}-{n}p" for f, n in FORMATS])
def test_fuzz_random_games(fmt: str, n: int) -> None:
    seeds = list(range(SEED0, SEED0 + GAMES))
    start = time.perf_counter()
    results = run_format(fmt, n, seeds)
    wall = time.perf_counter() - start
    assert sorted(r.seed for r in results) == seeds
    failed = [r for r in results if r.failure]
    done = [r for r in results if not r.failure]
    cpu = sorted(r.seconds for r in results)
    print(f"\nfuzz {fmt} {n}p: {len(results)} games in {wall:.1f}s wall ({JOBS} jobs), "
          f"cpu {sum(cpu):.1f}s, per game median {cpu[len(cpu) // 2] * 1000:.0f}ms "
          f"max {cpu[-1] * 1000:.0f}ms, "
          f"{sum(r.decisions for r in done)} decisions, {sum(r.events for r in done)} events")
    if failed:
        report = "\n\n".join(f"--- {fmt} {n}p seed {r.seed} "
                             f"(rerun: CARDGAMES_FUZZ_SEED0={r.seed} CARDGAMES_FUZZ_GAMES=1 "
                             f"pytest tests/test_fuzz_allegiance.py -k '{fmt}-{n}p')\n{r.failure}"
                             for r in failed[:5])
        pytest.fail(f"{len(failed)} of {len(results)} {fmt} {n}p games broke the contract; "
                    f"seeds {[r.seed for r in failed][:30]}\n{report}", pytrace=False)
