"""`cardgames simulate`: play seeded bot games; report how many finish or fail, and how fast."""

from __future__ import annotations

import json
import sys
import time
import traceback
from dataclasses import dataclass, field
from typing import Any, TextIO

from cardgames.bots import DEFAULT_BOT, make_bot
from cardgames.engine.game import Game
from cardgames.engine.handover import Table, forced_answer
from cardgames.engine.ruleset import Ruleset, SetupError
from cardgames.engine.stops import TABLE_STOP, with_table_stops
from cardgames.games import find_ruleset
from cardgames.tools import UsageError

CAP = 20_000
"""A game still running after this many decisions counts as unfinished."""
NAMES = ("Ann", "Ben", "Cleo", "Dov", "Eve", "Finn", "Gus", "Hal")
SHOWN_ERRORS = 5


@dataclass
class GameRun:
    """One simulated game."""

    seed: int
    decisions: int = 0
    events: int = 0
    finished: bool = False
    seconds: float = 0.0
    error: str | None = None
    game: Game | None = None
    latencies: list[float] = field(default_factory=list)
    battle_latencies: list[float] = field(default_factory=list)
    """Of `latencies`, the answers given while a battle was in progress."""
    turns: int = 0
    table: Table = field(default_factory=Table)
    """Hand-overs at a hot-seat terminal: curtains and answers on the public table."""


def player_names(n: int) -> list[str]:
    if not 1 <= n <= len(NAMES):
        raise UsageError(f"--players must be 1-{len(NAMES)}")
    return list(NAMES[:n])


def check_setup(game: str, players: int, fmt: str | None) -> tuple[Ruleset, dict[str, Any]]:
    """The ruleset and options for these games; refuses an unknown game or format, or a wrong
    player count."""
    try:
        ruleset = find_ruleset(game)
    except KeyError as exc:
        raise UsageError(str(exc.args[0])) from None
    options: dict[str, Any] = {} if fmt is None else {"format": fmt}
    try:
        ruleset.normalize_options(player_names(players), dict(options))
    except SetupError as exc:
        raise UsageError(str(exc)) from None
    return ruleset, options


def default_players(game: str, fmt: str | None) -> int:
    """The fewest players the game (in this format) is played with."""
    try:
        ruleset = find_ruleset(game)
    except KeyError as exc:
        raise UsageError(str(exc.args[0])) from None
    options: dict[str, Any] = {} if fmt is None else {"format": fmt}
    last: SetupError | None = None
    for n in range(ruleset.min_players, min(ruleset.max_players, len(NAMES)) + 1):
        try:
            ruleset.normalize_options(player_names(n), dict(options))
            return n
        except SetupError as exc:
            last = exc
    raise UsageError(str(last) if last else f"no player count fits {game} {fmt}")


def _where(exc: BaseException) -> str:
    frames = traceback.extract_tb(exc.__traceback__)
    return f" at {frames[-1].filename}:{frames[-1].lineno}" if frames else ""


def play_one(ruleset: Ruleset, names: list[str], options: dict[str, Any], seed: int, *,
             bot: str = DEFAULT_BOT, cap: int = CAP, keep: bool = False,
             time_choices: bool = False, handovers: bool = False) -> GameRun:
    """Play one game with bots; never raises (an exception is recorded in `error`). With
    `handovers`, also count what a hot-seat terminal would do (`run.table`; not part of the
    game's own cost, so the bench leaves it out).

    The ruleset (with its loaded card catalog) is shared by the games: it holds no game state.
    """
    run = GameRun(seed)
    start = time.perf_counter()
    g: Game | None = None
    try:
        g = Game.new(ruleset, list(names), seed, dict(options))
        player = make_bot(bot, seed)
        clock = time.perf_counter
        while g.outcome is None and run.decisions < cap:
            option = player.choose(g.decision)
            if handovers:  # as the app plays: the only sensible answer is given for the seat
                option = forced_answer(ruleset, g.state, g.decision) or option
                run.table.answer(ruleset, g.state, g.decision, option)
            if time_choices:
                in_battle = g.state.battle is not None
                t0 = clock()
                g.choose(option)
                run.latencies.append(clock() - t0)
                if in_battle:
                    run.battle_latencies.append(run.latencies[-1])
            else:
                g.choose(option)
            run.decisions += 1
        run.finished = g.outcome is not None
    except Exception as exc:  # a bug in the rules: count it, with the seed that shows it
        run.error = f"{type(exc).__name__}: {exc}{_where(exc)}"
    run.seconds = time.perf_counter() - start
    if g is not None:
        run.events = len(g.events)
        run.turns = g.state.turn
        if keep:
            run.game = g
    return run


@dataclass
class Summary:
    game: str
    format: str
    players: int
    seed: int
    cap: int
    runs: list[GameRun]
    seconds: float
    bot: str = DEFAULT_BOT

    def as_dict(self) -> dict[str, Any]:
        done = [r for r in self.runs if r.finished]
        errors = [r for r in self.runs if r.error]
        events = sum(r.events for r in self.runs)
        secs = max(self.seconds, 1e-9)
        return {
            "game": self.game, "format": self.format, "players": self.players,
            "seed": self.seed, "cap": self.cap, "bot": self.bot,
            "games": len(self.runs), "finished": len(done),
            "unfinished": sum(1 for r in self.runs if not r.finished and not r.error),
            "errors": len(errors),
            "error_seeds": [r.seed for r in errors],
            "first_errors": [{"seed": r.seed, "error": r.error} for r in errors[:SHOWN_ERRORS]],
            "mean_actions": round(sum(r.decisions for r in done) / len(done), 1) if done else None,
            "mean_events": round(sum(r.events for r in done) / len(done), 1) if done else None,
            "seconds": round(self.seconds, 3),
            "games_per_s": round(len(self.runs) / secs, 2),
            "events_per_s": round(events / secs),
            "latency_us": _latency([x for r in self.runs for x in r.latencies]),
            "battle_latency_us": _latency([x for r in self.runs for x in r.battle_latencies]),
            "handovers": _handovers(done),
        }

    def text(self) -> str:
        d = self.as_dict()
        last = self.seed + len(self.runs) - 1
        lines = [
            f"{self.game} {self.format}, {self.players} players, {self.bot} bots, "
            f"seeds {self.seed}..{last}",
            f"  games played  {d['games']}",
            f"  finished      {d['finished']}",
            f"  unfinished    {d['unfinished']}  (still going after {self.cap:,} decisions)",
            f"  errors        {d['errors']}",
        ]
        if d["mean_actions"] is not None:
            lines.append(f"  mean length   {d['mean_actions']} actions, {d['mean_events']} events "
                         "(finished games)")
        lines.append(f"  speed         {d['games_per_s']} games/s, {d['events_per_s']:,} events/s "
                     f"({d['seconds']} s)")
        for label, key in (("all", "latency_us"), ("in battle", "battle_latency_us")):
            if d[key]:
                lines.append(f"  decision latency, {label}: p50 {d[key]['p50']} µs, p99 {d[key]['p99']} µs "
                             f"({d[key]['n']:,} decisions)")
        h = d["handovers"]
        if h:
            lines.append(f"  hand-overs    {h['curtains_per_game']} curtains a game (median), "
                         f"{h['curtains_per_turn']} a turn; {h['public_answers_per_game']} answers a game "
                         f"on the public table, {h['private_answers_per_game']} on private screens, "
                         f"{h['forced_answers_per_game']} given for the player (the only choice) "
                         f"(stop: {h['stop']})")
        for e in d["first_errors"]:
            lines.append(f"  error with seed {e['seed']}: {e['error']}")
        if d["errors"] > SHOWN_ERRORS:
            lines.append(f"  ... and {d['errors'] - SHOWN_ERRORS} more; seeds: "
                         + ", ".join(str(s) for s in d["error_seeds"][:50]))
        if d["errors"]:
            e = d["first_errors"][0]
            lines.append(f"  reproduce: cardgames simulate {self.game} --players {self.players} "
                         f"--format {self.format} --bot {self.bot} --games 1 --seed {e['seed']}")
        return "\n".join(lines)


def _median(values: list[float]) -> float:
    ordered = sorted(values)
    mid = len(ordered) // 2
    return ordered[mid] if len(ordered) % 2 else (ordered[mid - 1] + ordered[mid]) / 2


def _handovers(runs: list[GameRun]) -> dict[str, Any] | None:
    """Medians over finished games of what a hot-seat terminal would do (`engine.handover`):
    curtains (the terminal changes hands for a private screen) a game and a turn, answers given
    on the public table and on private screens. Every seat plays on the table's stop setting."""
    if not runs:
        return None
    return {
        "stop": TABLE_STOP,
        "curtains_per_game": _median([r.table.curtains for r in runs]),
        "curtains_per_turn": round(_median([r.table.curtains / max(1, r.turns) for r in runs]), 2),
        "public_answers_per_game": _median([r.table.public_answers for r in runs]),
        "private_answers_per_game": _median([r.table.private_answers for r in runs]),
        "forced_answers_per_game": _median([r.table.forced_answers for r in runs]),
        "turns_per_game": _median([r.turns for r in runs]),
    }


def _latency(values: list[float]) -> dict[str, int] | None:
    """Median and 99th percentile of answer times, in µs (None without any)."""
    if not values:
        return None
    ordered = sorted(values)

    def at(q: float) -> float:
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))]

    return {"p50": round(at(0.5) * 1e6), "p99": round(at(0.99) * 1e6), "n": len(ordered)}


def simulate(game: str, players: int, fmt: str | None, games: int, seed: int, *,
             cap: int = CAP, progress: bool = True, bot: str = DEFAULT_BOT) -> Summary:
    """Play `games` games with seeds seed, seed+1, ... and summarize them."""
    if games < 1:
        raise UsageError("--games must be at least 1")
    ruleset, options = check_setup(game, players, fmt)
    names = player_names(players)
    options = with_table_stops(names, options)
    runs: list[GameRun] = []
    start = time.perf_counter()
    if progress:
        from rich.console import Console
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            TextColumn,
            TimeRemainingColumn,
        )

        console = Console(stderr=True)
        with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                      TextColumn("{task.fields[errors]} errors"), TimeRemainingColumn(),
                      console=console, transient=True, disable=not console.is_terminal) as bar:
            task = bar.add_task(f"{game} {fmt or ''}".strip(), total=games, errors=0)
            for i in range(games):
                runs.append(play_one(ruleset, names, options, seed + i, bot=bot, cap=cap, time_choices=True,
                                    handovers=True))
                bar.update(task, advance=1, errors=sum(1 for r in runs if r.error))
    else:
        for i in range(games):
            runs.append(play_one(ruleset, names, options, seed + i, bot=bot, cap=cap, time_choices=True,
                                    handovers=True))
    elapsed = time.perf_counter() - start
    used_format = fmt or str(ruleset.normalize_options(names, {}).get("format", ""))
    return Summary(game, used_format, players, seed, cap, runs, elapsed, bot)


def run_simulate(game: str, players: int, fmt: str | None, games: int, seed: int, cap: int,
                 as_json: bool, out: TextIO, bot: str = DEFAULT_BOT) -> int:
    """Print the summary (or one JSON object); 1 if any game raised an error."""
    summary = simulate(game, players, fmt, games, seed, cap=cap,
                       progress=not as_json and sys.stderr.isatty(), bot=bot)
    if as_json:
        out.write(json.dumps(summary.as_dict()) + "\n")
    else:
        out.write(summary.text() + "\n")
    return 1 if any(r.error for r in summary.runs) else 0
