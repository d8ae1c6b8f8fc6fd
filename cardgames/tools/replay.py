"""`cardgames replay`: load a save, check that it round-trips and (--verify) replays exactly."""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

from cardgames.api import load_game
from cardgames.engine import core_events as ce
from cardgames.engine.decisions import CardgamesError
from cardgames.engine.events import Event
from cardgames.engine.game import Game, inputs_of
from cardgames.engine.gcpause import gc_paused
from cardgames.engine.ruleset import Ruleset
from cardgames.engine.save import SEAL, SaveError, read_save


@dataclass
class Verdict:
    """Whether replaying the choices from the header gives the saved log again."""

    ok: bool
    message: str
    index: int | None = None
    saved: dict[str, Any] | None = None
    replayed: dict[str, Any] | None = None
    seconds: float = 0.0


def _short(ev: dict[str, Any] | None) -> str:
    if ev is None:
        return "(none: the log ends here)"
    text = json.dumps(ev, separators=(",", ":"))
    return text if len(text) <= 300 else text[:297] + "..."


def saved_choices(events: list[Event]) -> list[tuple[int, str]]:
    """The answers players gave in a log (its non-automatic Chose events): (seat, key)."""
    return [(e.seat, e.key) for e in events if isinstance(e, ce.Chose) and not e.auto]


def verify(ruleset: Ruleset, header: dict[str, Any], saved: list[Event],
           truncated: bool = False) -> Verdict:
    """Start a new game from the header, feed it the saved choices one by one, compare the logs."""
    with gc_paused():
        return _verify(ruleset, header, saved, truncated)


def _verify(ruleset: Ruleset, header: dict[str, Any], saved: list[Event], truncated: bool) -> Verdict:
    start = time.perf_counter()
    try:
        names = [str(n) for n in header["players"]]
        seed = int(header["seed"])
        options = dict(header.get("options") or {})
        fresh = Game.new(ruleset, names, seed, options)
    except (CardgamesError, KeyError, TypeError, ValueError) as exc:
        return Verdict(False, f"the header cannot start a game: {exc}")
    inputs = inputs_of(saved)
    choices = sum(1 for given in inputs if isinstance(given, ce.Chose))
    n = 0
    for given in inputs:
        if isinstance(given, ce.PreferenceSet):
            try:
                fresh.set_preference(given.seat, given.key, given.value)
            except CardgamesError as exc:
                return _compare(saved, fresh, start, f"the setting change {given.key}={given.value!r} "
                                f"is refused on replay: {exc}")
            continue
        seat, key = given.seat, given.key
        n += 1
        if fresh.outcome is not None:
            return _compare(saved, fresh, start, f"the replay ended before choice {n} of "
                            f"{choices}")
        waiting = fresh.waiting_on  # no Decision numbered per answer: a replay gives them at once
        if waiting is not None and waiting[0] != seat:
            return _compare(saved, fresh, start, f"choice {n} ({key!r}) was made by seat "
                            f"{seat}, but the replay waits on {fresh.players[waiting[0]]}'s "
                            f"{waiting[1]}")
        try:
            fresh.replay_answer(key)
        except CardgamesError as exc:
            return _compare(saved, fresh, start,
                            f"choice {n} ({key!r}) is refused on replay: {exc}")
    return _compare(saved, fresh, start, None, truncated, choices)


def _compare(saved: list[Event], fresh: Game, start: float, why: str | None,
             truncated: bool = False, choices: int | None = None) -> Verdict:
    if why is None and saved == fresh.events:
        # The usual case, checked without writing every event out: events are equal exactly
        # when their JSON forms are (`events.event` makes every field take part in ==).
        secs = time.perf_counter() - start
        n = len(saved_choices(saved)) if choices is None else choices
        return Verdict(True, f"replaying {n} choices from the header gives "
                       f"the identical {len(saved):,} events", seconds=secs)
    a = [e.to_json() for e in saved]
    b = [e.to_json() for e in fresh.events]
    secs = time.perf_counter() - start
    for i, (x, y) in enumerate(zip(a, b, strict=False)):
        if x != y:
            reason = f"first differing event: #{i} (of {len(a)} saved, {len(b)} replayed)"
            return Verdict(False, f"{why}; {reason}" if why else reason, i, x, y, secs)
    if why is not None:
        return Verdict(False, why, min(len(a), len(b)), None, None, secs)
    if len(a) == len(b):
        n = len(saved_choices(saved))
        return Verdict(True, f"replaying {n} choices from the header gives "
                       f"the identical {len(a):,} events", seconds=secs)
    if truncated and len(a) < len(b):
        return Verdict(True, f"the saved (truncated) log is an exact prefix of the replay "
                       f"({len(a):,} of {len(b):,} events)", seconds=secs)
    i = min(len(a), len(b))
    return Verdict(False, f"the logs differ in length ({len(a)} saved, {len(b)} replayed); "
                   f"first differing event: #{i}", i,
                   a[i] if i < len(a) else None, b[i] if i < len(b) else None, secs)


def round_trip(path: Path, game: Game) -> str | None:
    """Whether each saved line reads as an event that writes back identically (None: yes)."""
    lines = [line for line in path.read_text(encoding="utf-8", errors="replace").split("\n")[1:]
             if not line.startswith(SEAL)]
    for i, ev in enumerate(game.events):
        if i >= len(lines):
            break
        try:
            data = json.loads(lines[i])
        except json.JSONDecodeError:
            break  # the damaged tail, reported by the loader's warnings
        if data != ev.to_json():
            return f"event #{i} (line {i + 2}) does not write back as it was read"
    return None


def status(game: Game) -> str:
    if game.outcome is not None:
        oc = game.outcome
        if oc.draw:
            return f"over: a draw ({oc.reason})"
        who = ", ".join(game.players[w] for w in oc.winners)
        return f"over: {who} won ({oc.reason})"
    d = game.decision
    return f"waiting on {d.seat}'s {d.kind} decision: {d.prompt}"


def run_replay(path: str, do_verify: bool, allow_mismatch: bool, out: TextIO) -> int:
    """Print what the save holds and whether it reproduces; 1 if it does not (exactly)."""
    p = Path(path)
    start = time.perf_counter()
    game = load_game(p, allow_mismatch=allow_mismatch)
    load_secs = time.perf_counter() - start
    h = game.header
    opts = h.get("options") if isinstance(h.get("options"), dict) else {}
    fmt = f" ({opts['format']})" if isinstance(opts, dict) and opts.get("format") else ""
    players = ", ".join(str(x) for x in h.get("players") or [])
    out.write(f"save      {p}\n")
    out.write(f"game      {h.get('game')}{fmt}, players {players}, seed {h.get('seed')}\n")
    out.write(f"events    {len(game.events):,}; choices {len(game.choices()):,}\n")
    out.write(f"status    {status(game)}\n")
    warnings = [str(w) for w in h.get("warnings") or []]
    for w in warnings:
        out.write(f"warning   {w}\n")
    problems: list[str] = []
    trip = round_trip(p, game)
    if trip:
        problems.append(trip)
    problems.extend(game.ruleset.invariants(game.state))
    bad = bool(problems or warnings)
    if problems:
        out.write(f"load      PROBLEMS after {load_secs * 1000:.0f} ms:\n")
        for prob in problems[:10]:
            out.write(f"  {prob}\n")
    elif warnings:
        out.write(f"load      loaded in {load_secs * 1000:.0f} ms, but only in part "
                  "(see the warnings)\n")
    else:
        how = ("the log folded as this build wrote it (its seals hold)" if game.checked == "sealed"
               else "the saved answers replay to the saved log")
        out.write(f"load      ok in {load_secs * 1000:.0f} ms: {how}, every event round-trips, "
                  "the invariants hold\n")
    if do_verify:
        raw = read_save(p)
        v = verify(game.ruleset, dict(raw.header), raw.events, truncated=bool(raw.warnings))
        if v.ok:
            out.write(f"verify    ok in {v.seconds * 1000:.0f} ms: {v.message}\n")
        else:
            bad = True
            out.write(f"verify    DIFFERS: {v.message}\n")
            if v.index is not None:
                out.write(f"  saved    #{v.index}: {_short(v.saved)}\n")
                out.write(f"  replayed #{v.index}: {_short(v.replayed)}\n")
    return 1 if bad else 0


__all__ = ["SaveError", "Verdict", "run_replay", "verify"]
