"""Fuzz harness: seeded random games of any game, with the engine contract checked throughout.

A game's fuzz file describes itself in a `FuzzSpec` (formats, how its random players answer,
its cheap invariants) and parametrizes one test with `cases(spec)`; the harness does the rest.
The random players are the spec's `pick`; where uniform players drag a game out for hundreds of
decisions that test nothing new, `FuzzSpec.keen` hands a share of the decisions, at random, to the
keen bot (`with_keen`), which finishes what it starts, so games end sooner and the CPU saved pays
for more games; every other decision is still `pick`'s.

Per game (seed s of format f; in every fourth game the players' preference, e.g. their stop
setting, is random and changes now and then mid-game):
- after EVERY event, it is applied to a shadow state (the log folded event by event), and,
  unless it only moves the flow agenda (`Event.FLOW`: frames, answers), the cheap invariants
  hold: as many cards in zones as objects exist, a moved or created card is in the zone it says
  (once), and the game's own (`FuzzSpec.cheap_invariants`);
- at every SAMPLE-th decision, the game's full invariants (`ruleset.settled_invariants`) and
  shadow == live state; at 1% of decisions, an unknown key is refused without changing anything;
- at the end of every END_CHECK-th game (and at a random mid-game decision of every MID_CHECK-th
  game): save; fold of the saved JSON log == live state; load, both replaying every answer and
  folding what the seal vouches for (as the app loads a save of this build) → identical state and
  decision (a load replays the whole game: a third of a fuzz game's cost, so one game in
  four pays it at the end, one in five mid-way: 50 and 40 loads in a format's 200 games);
- one undo where the engine allows it, which must return to the decision before the answer;
- at every SAMPLE-th decision, no option names a card its seat neither sees nor knows (a search
  of a deck must first show the cards in an event, `Event.shows`, so undo stops there);
- every game ends within DECISION_CAP decisions and GAME_SECONDS of wall clock.
`tests/test_fuzz_kit.py` breaks an event and the rules on purpose and expects these checks to fail
the game. Where a fuzz game's CPU goes (measured on every game, 2 to 6 players): the rules ~40%,
save and load ~27% with a load every second game (a load replays the game; ~17% with the one in four
of now), shadow == live ~5-13% (growing with the table), the settled invariants ~4-10%, the shadow
fold and the per-event checks ~8-10%.

Seeds are split into chunks of CHUNK games, one test item each, so that `pytest -n auto`
(pytest-xdist) spreads a format's games over every core. CARDGAMES_FUZZ_GAMES sets the number of
games per format (default 200, or the format's `games` where the CI budget cannot pay for 200: the
README's Test section lists them); CARDGAMES_FUZZ_SEED0 the first seed; CARDGAMES_FUZZ_SAMPLE the
decision sampling (default 5; 1 checks at every decision); CARDGAMES_FUZZ_MID_CHECK how often a
game saves mid-way (default 5; 1: every game); CARDGAMES_FUZZ_END_CHECK how often at the end
(default 4; 1: every game). A failure names the format and seed, with the
command that reruns just that game.
"""

from __future__ import annotations

import os
import random
import signal
import tempfile
import time
import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

import pytest

from cardgames.bots.keen_bot import KeenBot
from cardgames.engine import core_events as ce
from cardgames.engine.decisions import Decision, IllegalChoice, Option, UndoRefused
from cardgames.engine.events import Event, apply
from cardgames.engine.flow import Flow
from cardgames.engine.game import Game, fold
from cardgames.engine.knowledge import knows
from cardgames.engine.ruleset import Ruleset
from cardgames.engine.save import read_save, write_save
from cardgames.engine.state import Json, State

GAMES_SET = "CARDGAMES_FUZZ_GAMES" in os.environ
GAMES = int(os.environ.get("CARDGAMES_FUZZ_GAMES", "200"))
SEED0 = int(os.environ.get("CARDGAMES_FUZZ_SEED0", "0"))
SAMPLE = int(os.environ.get("CARDGAMES_FUZZ_SAMPLE", "5"))
"""Full invariants and fold equality at every this-many-th decision (and always at the end)."""
MID_CHECK = int(os.environ.get("CARDGAMES_FUZZ_MID_CHECK", "5"))
"""Every this-many-th game also saves and loads at a random decision in mid-game (all at the end)."""
END_CHECK = int(os.environ.get("CARDGAMES_FUZZ_END_CHECK", "4"))
"""Every this-many-th game saves and loads at its end."""
CHUNK = 25
"""Games per test item: small enough that two cores share a format's games evenly."""
DECISION_CAP = 20_000
"""A game that has not ended after this many decisions fails (random games end in ~500-2,000)."""
GAME_SECONDS = 120
"""A game still running after this long (wall clock) fails, naming its seed, instead of hanging."""
NAMES = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal"]
MOVES: tuple[type[Event], ...] = (ce.ObjectMoved, ce.ObjectCreated)
"""The engine's events that put a card in a zone; a game adds its own (e.g. its draw)."""

Picker = Callable[[random.Random, Decision], Option]
Options = Callable[[random.Random, int], dict[str, Json]]
"""A format's game options for (the game's rng, its seed)."""


def uniform(rng: random.Random, d: Decision) -> Option:
    """The plainest random player: any legal option, all equally likely."""
    return rng.choice(d.options)


class _Keen(KeenBot):
    """The keen bot drawing from the fuzz game's own rng (so a seed still replays the same game)."""

    def __init__(self, rng: random.Random) -> None:
        self.seed = 0
        self.rng = rng


def with_keen(pick: Picker, share: float) -> Picker:
    """`pick` for most decisions, and the keen bot (`cardgames/bots/keen_bot.py`) for `share` of them
    at random: the keen bot finishes what it starts, drafts straight to a legal pack, puts units in its
    formations and plays a card more often than it passes, so a game ends in fewer decisions; the other
    decisions are still `pick`'s, so every option is still picked at random, from every kind of state
    the game reaches."""
    if share <= 0:
        return pick

    def mixed(rng: random.Random, d: Decision) -> Option:
        return _Keen(rng).choose(d) if rng.random() < share else pick(rng, d)
    return mixed


@dataclass(frozen=True)
class Format:
    """One way to play the game: its name (the test id), its player count and its options."""

    name: str
    players: int
    options: Options = field(default=lambda rng, seed: {})
    key: str = ""
    """Seeds the format's random players (with the game's seed); defaults to the name."""
    games: int | None = None
    """Games in the default run, where the CI budget cannot pay for 200 (slow many-player formats);
    CARDGAMES_FUZZ_GAMES, when set, plays that many of every format."""


@dataclass(frozen=True)
class FuzzSpec:
    """What the harness needs to know of one game."""

    rules: Ruleset
    test_file: str
    """The fuzz file, for the command that reruns a failed game."""
    formats: Sequence[Format]
    pick: Picker = uniform
    cheap_invariants: Callable[[State, Event], list[str]] = lambda state, ev: []
    """The game's own checks after every (non-flow) event, a few microseconds each."""
    moves: tuple[type[Event], ...] = MOVES
    """Events that put a card (`ev.id`) in a zone (a game's own draw event too)."""
    preference: tuple[str, Sequence[str]] | None = None
    """A per-seat preference (name, values) set at random in every fourth game, changed mid-game."""
    keen: float = 0.0
    """The share of decisions the keen bot answers instead of `pick` (`with_keen`): for a game whose
    random players drag a game out for hundreds of decisions that test nothing new."""


class FuzzFailure(AssertionError):
    """A broken contract, with where it broke."""


@dataclass
class Result:
    seed: int
    decisions: int = 0
    events: int = 0
    seconds: float = 0.0
    failure: str | None = None


def diff(a: State, b: State) -> str:
    """The first difference between two states, for a failure message."""
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


def hidden_named(rules: Ruleset, game: Game, d: Decision) -> str | None:
    """An option of `d` whose label names a card its seat neither sees nor knows: the label
    shows the card, yet no event did, so undo could take back what led to seeing it."""
    state = game.state
    for o in d.options:
        obj = state.objects.get(o.ref) if o.ref is not None and o.ref >= 0 else None
        if obj is not None and not knows(state, obj, d.seat_index) and rules.card_name(state, obj) in o.label:
            return f"option {o.key!r} ({o.label!r}) names a card in {obj.zone} that {d.seat} cannot see"
    return None


def check_save_load(rules: Ruleset, game: Game, where: str, save_dir: Path) -> None:
    """Save; fold of the saved (JSON) log == live state; load → identical state and decision."""
    path = save_dir / "fuzz.save"
    write_save(path, game.header, game.events)
    saved = read_save(path)
    if saved.warnings:
        raise FuzzFailure(f"{where}: a fresh save reads with warnings: {saved.warnings}")
    folded = fold(rules, saved.events)
    if folded != game.state:
        raise FuzzFailure(f"{where}: fold of the saved log differs from the live state: {diff(folded, game.state)}")
    if saved.sealed != len(game.events):
        raise FuzzFailure(f"{where}: the seal vouches for {saved.sealed} of the {len(game.events)} events")
    for how, loaded in (("replaying", Game.restore(rules, saved.header, saved.events)),
                        ("folding", Game.reopen(rules, saved.header, saved.events, saved.sealed))):
        if loaded.header.get("warnings"):
            raise FuzzFailure(f"{where}: the save loads with warnings ({how}): {loaded.header['warnings']}")
        if loaded.state != game.state:
            raise FuzzFailure(f"{where}: save → load gives another state ({how}): {diff(loaded.state, game.state)}")
        if _decision_facts(loaded) != _decision_facts(game):
            raise FuzzFailure(f"{where}: save → load gives another decision ({how}): "
                              f"{_decision_facts(loaded)} != {_decision_facts(game)}")


def placement_invariants(spec: FuzzSpec, state: State, ev: Event) -> list[str]:
    """Cards conserved and each moved card once in the zone it names (flow events skipped)."""
    if ev.FLOW:
        return []
    problems: list[str] = []
    placed = sum(len(z.cards) for z in state.zones.values())
    if placed != len(state.objects):
        problems.append(f"{placed} cards in zones but {len(state.objects)} objects")
    if isinstance(ev, spec.moves):
        oid = getattr(ev, "id", None)
        obj = state.objects.get(oid) if isinstance(oid, int) else None
        if obj is None or state.zones[obj.zone].cards.count(obj.id) != 1:
            problems.append(f"object {oid} is not once in the zone it says")
    return problems + spec.cheap_invariants(state, ev)


def play_one(spec: FuzzSpec, fmt: Format, seed: int, save_dir: Path) -> Result:
    """Play one random game with every check; a broken contract raises FuzzFailure."""
    rules, n = spec.rules, fmt.players
    pick = with_keen(spec.pick, spec.keen)
    result = Result(seed)
    rng = random.Random(f"{fmt.key or fmt.name}/{seed}")
    options = dict(fmt.options(rng, seed))
    pref = spec.preference if seed % 4 == 3 else None
    if pref is not None:
        options[pref[0]] = {name: rng.choice(list(pref[1])) for name in NAMES[:n]}
    game = Game.new(rules, NAMES[:n], seed, options)
    shadow = fold(rules, game.events)
    if shadow != game.state:
        raise FuzzFailure(f"after setup the fold differs: {diff(shadow, game.state)}")
    problems = rules.settled_invariants(game.state)
    if problems:
        raise FuzzFailure(f"after setup: {problems}")

    def after_event(flow: Flow, ev: Event) -> None:
        apply(shadow, ev)
        bad = placement_invariants(spec, flow.state, ev)
        if bad:
            raise FuzzFailure(f"after event {len(flow.events)} {ev}: {bad}; full check: {rules.invariants(flow.state)}")

    game.flow.listeners.append(after_event)
    check_at = rng.randrange(50, 900) if seed % MID_CHECK == 0 else -1
    undo_at = rng.randrange(20, 600)
    decisions = 0
    while game.outcome is None and decisions < DECISION_CAP:
        where = f"decision {decisions} (event {len(game.events)})"
        if decisions % SAMPLE == 0:
            if shadow != game.state:
                raise FuzzFailure(f"{where}: the folded log differs from the live state: {diff(shadow, game.state)}")
            bad = rules.settled_invariants(game.state)
            if bad:
                raise FuzzFailure(f"{where}, waiting on {game.decision.kind}: {bad}")
            shown = hidden_named(rules, game, game.decision)
            if shown:
                raise FuzzFailure(f"{where}: {shown}")
        if decisions == check_at:
            check_save_load(rules, game, where, save_dir)
        if pref is not None and rng.random() < 0.005:
            # a player changes their setting mid-game (a recorded input, replayed on load)
            game.set_preference(rng.randrange(n), pref[0], rng.choice(list(pref[1])))
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
        game.choose(pick(rng, d))
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
            shadow = fold(rules, game.events)
            if after_event not in game.flow.listeners:  # the rewind built a new flow
                game.flow.listeners.append(after_event)
            game.choose(pick(rng, now))
    if game.outcome is None:
        raise FuzzFailure(f"no outcome after {DECISION_CAP} decisions ({len(game.events)} events)")
    bad = rules.settled_invariants(game.state)
    if bad:
        raise FuzzFailure(f"at the end: {bad}")
    if shadow != game.state:
        raise FuzzFailure(f"at the end the folded log differs: {diff(shadow, game.state)}")
    if seed % END_CHECK == 0:
        check_save_load(rules, game, "at the end", save_dir)
    result.decisions = decisions
    result.events = len(game.events)
    return result


def _too_long(signum: int, frame: object) -> None:
    raise FuzzFailure(f"the game took more than {GAME_SECONDS}s (a loop in the rules?)")


def _alarm(seconds: int) -> bool:
    """Arm a wall-clock limit where the platform and thread allow it; whether it was armed."""
    if not hasattr(signal, "SIGALRM"):
        return False
    try:
        signal.signal(signal.SIGALRM, _too_long)
    except ValueError:  # not the main thread
        return False
    signal.alarm(seconds)
    return True


def play_seeds(spec: FuzzSpec, fmt: Format, seeds: Sequence[int]) -> list[Result]:
    """Play each seed; a failure is recorded with its traceback, and the others still run."""
    out: list[Result] = []
    with tempfile.TemporaryDirectory(dir="/dev/shm" if os.path.isdir("/dev/shm") else None) as tmp:
        for seed in seeds:
            start = time.process_time()
            armed = _alarm(GAME_SECONDS)
            try:
                res = play_one(spec, fmt, seed, Path(tmp))
            except Exception:
                res = Result(seed, failure=traceback.format_exc(limit=12))
            finally:
                if armed:
                    signal.alarm(0)
            res.seconds = time.process_time() - start
            out.append(res)
    return out


def cases(spec: FuzzSpec) -> list[Any]:
    """pytest params: (format, seeds) in chunks of CHUNK games, ids like `duel-2p-0-24`."""
    out = []
    for fmt in spec.formats:
        n = GAMES if GAMES_SET or fmt.games is None else fmt.games
        seeds = list(range(SEED0, SEED0 + n))
        out += [pytest.param(fmt, seeds[i:i + CHUNK], id=f"{fmt.name}-{seeds[i]}-{seeds[min(i + CHUNK, n) - 1]}")
                for i in range(0, n, CHUNK)]
    return out


def run_case(spec: FuzzSpec, fmt: Format, seeds: Sequence[int]) -> None:
    """The body of a game's fuzz test: play the chunk, print figures, fail with a report."""
    start = time.perf_counter()
    results = play_seeds(spec, fmt, seeds)
    wall = time.perf_counter() - start
    assert [r.seed for r in results] == list(seeds)
    failed = [r for r in results if r.failure]
    done = [r for r in results if not r.failure]
    cpu = sorted(r.seconds for r in results)
    print(f"\nfuzz {spec.rules.name} {fmt.name} seeds {seeds[0]}-{seeds[-1]}: {len(results)} games in {wall:.1f}s, "
          f"per game median {cpu[len(cpu) // 2] * 1000:.0f}ms max {cpu[-1] * 1000:.0f}ms, "
          f"{sum(r.decisions for r in done)} decisions, {sum(r.events for r in done)} events")
    if failed:
        report = "\n\n".join(f"--- {fmt.name} seed {r.seed} "
                             f"(rerun: CARDGAMES_FUZZ_SEED0={r.seed} CARDGAMES_FUZZ_GAMES=1 "
                             f"pytest {spec.test_file} -k '{fmt.name}-')\n{r.failure}"
                             for r in failed[:5])
        pytest.fail(f"{len(failed)} of {len(results)} {spec.rules.name} {fmt.name} games broke the contract; "
                    f"seeds {[r.seed for r in failed][:30]}\n{report}", pytrace=False)
