"""`cardgames bench`: engine speed and size on this machine (medians of several runs), in ~30 s."""

from __future__ import annotations

import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO

from cardgames.api import load_game
from cardgames.engine.events import Event
from cardgames.engine.game import Game, fold
from cardgames.engine.ruleset import Ruleset
from cardgames.engine.save import read_save
from cardgames.tools.replay import verify
from cardgames.tools.simulate import GameRun, check_setup, play_one

RUNS = 5
GAMES_PER_RUN = 8
SEEDS = range(1, GAMES_PER_RUN + 1)


def _median(values: list[float]) -> float:
    return statistics.median(values) if values else 0.0


def _pct(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def _timed(fn: Callable[[], object], runs: int = RUNS) -> list[float]:
    out = []
    for _ in range(runs):
        t0 = time.perf_counter()
        fn()
        out.append(time.perf_counter() - t0)
    return out


def _startup(runs: int) -> list[float]:
    out = []
    for _ in range(runs):
        t0 = time.perf_counter()
        subprocess.run([sys.executable, "-c", "import cardgames"], check=True,
                       capture_output=True)
        out.append(time.perf_counter() - t0)
    return out


def _fold_rate(ruleset: Ruleset, events: list[Event], runs: int) -> list[float]:
    """Events folded per second: the log folded again and again for ~0.3 s, per run."""
    rates = []
    for _ in range(runs):
        n = 0
        t0 = time.perf_counter()
        while True:
            fold(ruleset, events)
            n += len(events)
            dt = time.perf_counter() - t0
            if dt > 0.3:
                break
        rates.append(n / dt)
    return rates


def _decision_rebuild(ruleset: Ruleset, game: Game, points: int = 60) -> list[float]:
    """Seconds to compute the pending decision (its legal options) from a folded state, at
    decision points spread over the game (what a loaded save or a UI refresh costs)."""
    choices = game.choices()
    fresh = Game.new(ruleset, list(game.players), int(game.header["seed"]),
                     dict(game.header.get("options") or {}))
    step = max(1, len(choices) // points)
    out = []
    for i, (_, key) in enumerate(choices):
        if i % step == 0:
            t0 = time.perf_counter()
            fresh._settle()
            out.append(time.perf_counter() - t0)
        fresh.choose(key)
    return out


def bench(progress: Callable[[str], None] | None = None) -> dict[str, Any]:
    """Run every measure; returns them as one dict (seconds, rates per second, bytes)."""
    say = progress or (lambda _msg: None)
    total0 = time.perf_counter()
    say("start-up")
    startup = _startup(RUNS)
    say("catalog")
    from cardgames.games import find_ruleset

    catalog = _timed(lambda: find_ruleset("allegiance"))
    ruleset, options = check_setup("allegiance", 2, "duel")
    names = ["Ann", "Ben"]
    say("games")
    games_per_s, ms_per_game, actions_per_s, events_per_s = [], [], [], []
    latencies: list[float] = []
    longest: GameRun | None = None
    unfinished = errors = 0
    for r in range(RUNS + 1):
        t0 = time.perf_counter()
        runs = [play_one(ruleset, names, options, s, keep=(r == 0), time_choices=(r == 0))
                for s in SEEDS]
        dt = time.perf_counter() - t0
        if r == 0:
            for run in runs:
                latencies.extend(run.latencies)
                if run.game is not None and (longest is None or run.events > longest.events):
                    longest = run
            errors = sum(1 for x in runs if x.error)
            unfinished = sum(1 for x in runs if not x.finished and not x.error)
            continue  # this first run times each choose() call: latency, not throughput
        games_per_s.append(len(runs) / dt)
        ms_per_game.append(1000 * dt / len(runs))
        actions_per_s.append(sum(x.decisions for x in runs) / dt)
        events_per_s.append(sum(x.events for x in runs) / dt)
    assert longest is not None and longest.game is not None
    g = longest.game
    say("fold")
    fold_rates = _fold_rate(ruleset, g.events, RUNS)
    say("save, load, verify")
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "longest.save"
        save_t = _timed(lambda: g.save(path))
        size = path.stat().st_size
        load_t = _timed(lambda: load_game(path))
        raw = read_save(path)
        verify_t: list[float] = []
        verified = True
        for _ in range(RUNS):
            v = verify(ruleset, dict(raw.header), raw.events)
            verified = verified and v.ok
            verify_t.append(v.seconds)
    say("decision rebuild")
    rebuild = _decision_rebuild(ruleset, g)
    say("memory")
    tracemalloc.start()
    play_one(ruleset, names, options, longest.seed)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return {
        "machine": {"cores": os.cpu_count(), "python": platform.python_version(),
                    "platform": platform.platform(terse=True)},
        "runs": RUNS, "games_per_run": GAMES_PER_RUN, "game": "allegiance duel, random bots",
        "startup_import_s": _median(startup),
        "catalog_load_s": _median(catalog),
        "games_per_s": _median(games_per_s),
        "ms_per_game": _median(ms_per_game),
        "actions_per_s": _median(actions_per_s),
        "events_per_s_playing": _median(events_per_s),
        "unfinished": unfinished, "errors": errors,
        "fold_events_per_s": _median(fold_rates),
        "choose_latency_s": {"p50": _pct(latencies, 0.5), "p99": _pct(latencies, 0.99),
                             "max": max(latencies, default=0.0), "samples": len(latencies)},
        "decision_rebuild_s": {"p50": _pct(rebuild, 0.5), "p99": _pct(rebuild, 0.99),
                               "samples": len(rebuild)},
        "longest_save": {"seed": longest.seed, "events": len(g.events),
                         "decisions": longest.decisions, "bytes": size,
                         "save_s": _median(save_t), "load_s": _median(load_t),
                         "verify_s": _median(verify_t), "verified": verified},
        "peak_memory_one_game_bytes": peak,
        "bench_seconds": time.perf_counter() - total0,
    }


def _ms(x: float) -> str:
    return f"{x * 1000:.2f} ms" if x < 1 else f"{x:.2f} s"


def _us(x: float) -> str:
    return f"{x * 1e6:.0f} µs" if x < 0.001 else _ms(x)


def text(r: dict[str, Any]) -> str:
    m, ls, cl, rb = r["machine"], r["longest_save"], r["choose_latency_s"], r["decision_rebuild_s"]
    rows = [
        ("machine", f"{m['cores']} cores, Python {m['python']}, {m['platform']}"),
        ("method", f"median of {r['runs']} runs; {r['game']}, {r['games_per_run']} games per run"),
        ("start-up", f"{_ms(r['startup_import_s'])}  (python -c 'import cardgames')"),
        ("card catalog", f"{_ms(r['catalog_load_s'])}  (load and validate every card file)"),
        ("games", f"{r['games_per_s']:.1f} games/s, {r['ms_per_game']:.1f} ms per game"
                  f"  ({r['unfinished']} unfinished, {r['errors']} errors)"),
        ("actions", f"{r['actions_per_s']:,.0f} decisions/s, "
                    f"{r['events_per_s_playing']:,.0f} events/s while playing"),
        ("fold", f"{r['fold_events_per_s']:,.0f} events/s  (the longest log, folded again and "
                 "again)"),
        ("choose()", f"p50 {_us(cl['p50'])}, p99 {_us(cl['p99'])}, max {_us(cl['max'])}"
                     f"  ({cl['samples']:,} calls)"),
        ("decision", f"p50 {_us(rb['p50'])}, p99 {_us(rb['p99'])}  (legal options rebuilt from "
                     f"state, {rb['samples']} points)"),
        ("longest save", f"{ls['events']:,} events, {ls['decisions']} decisions, "
                         f"{ls['bytes'] / 1024:.0f} KiB (seed {ls['seed']})"),
        ("  save", _ms(ls["save_s"])),
        ("  load", f"{_ms(ls['load_s'])}  (replays and checks every event)"),
        ("  verify", f"{_ms(ls['verify_s'])}  ({'identical' if ls['verified'] else 'DIFFERS'})"),
        ("memory", f"{r['peak_memory_one_game_bytes'] / 2**20:.1f} MiB peak for one game "
                   "(tracemalloc)"),
        ("bench took", f"{r['bench_seconds']:.1f} s"),
    ]
    width = max(len(k) for k, _ in rows)
    return "\n".join(f"{k:<{width}}  {v}" for k, v in rows)


def run_bench(as_json: bool, out: TextIO) -> int:
    """Print the measures (or one JSON object); 1 if a benchmark game failed."""
    def say(msg: str) -> None:
        if not as_json and sys.stderr.isatty():
            sys.stderr.write(f"\r\x1b[Kbench: {msg}...")
            sys.stderr.flush()

    result = bench(say)
    say("done")
    if not as_json and sys.stderr.isatty():
        sys.stderr.write("\r\x1b[K")
    out.write((json.dumps(result) if as_json else text(result)) + "\n")
    return 1 if result["errors"] or not result["longest_save"]["verified"] else 0
