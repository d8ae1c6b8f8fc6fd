"""Fuzz: seeded random ARC-mage games — 1v1, free-for-all, headed giant and Aminduna at every player
count — through the kit's harness (`tests/kit/fuzz.py` says what is checked after every event and
decision).

The random players take back a half-made move or devotion now and then but mostly choose uniformly,
so they play events in answer, move, devote, attack, defend and split damage. The full settled
invariants: every card in exactly one zone, no negative produced resource, no creature in play with
lethal damage, nothing on the stack zone without its stack item.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from kit.fuzz import MOVES, NAMES, Format, FuzzSpec, cases, run_case

from cardgames.engine.decisions import Decision, Option
from cardgames.engine.stops import STOP_SETTINGS
from cardgames.games.arcmage.events import MOVES as ARC_MOVES
from cardgames.games.arcmage.rules import Arcmage


def pick(rng: random.Random, d: Decision) -> Option:
    """A random answer that does not dither: "cancel"/"back" rarely, "done"/"pass" at a steady rate;
    it mostly attacks when it can and adds attackers, so that games end in a few dozen turns. It concedes
    (R68) about once in 2,000 offers (a few games in a hundred), so that concessions are fuzzed too without
    cutting many games short."""
    conceding = [o for o in d.options if o.group == "concede"]
    if conceding and rng.random() < 1 / 2000:
        return conceding[0]
    opts = [o for o in d.options if o.group not in ("cancel", "concede")] or list(d.options)
    ends = [o for o in opts if o.group in ("done", "pass")]
    rest = [o for o in opts if o.group not in ("done", "pass")]
    if d.kind in ("attack", "attackers") and rest and rng.random() < 0.85:
        return rng.choice(rest)
    if d.kind == "move" and rng.random() < 0.7:  # creatures out of their cities into the army, to fight
        army = [o for o in opts if o.key.startswith("to:army")]
        if army:
            return army[0]
    if ends and rng.random() < 0.3:
        return rng.choice(ends)
    return rng.choice(opts)


def table(n: int, fmt: str) -> Callable[[random.Random, int], dict[str, Any]]:
    """A format's options: the app's own stop setting ("relevant") for every player (the harness gives
    every fourth game random settings that change mid-game); group moves (R35) in every other game,
    unmark before founding (R18) in every third."""
    return lambda rng, seed: {"format": fmt, "stop": {name: "relevant" for name in NAMES[:n]},
                              "group_moves": "on" if seed % 2 else "off",
                              "unmark_before_founding": "on" if seed % 3 == 0 else "off"}


ALL_FORMATS = [Format("1v1", 2, table(2, "1v1")),
               *[Format(f"ffa-{n}p", n, table(n, "ffa")) for n in (3, 4, 5, 6)],
               *[Format(f"giant-{n}p", n, table(n, "giant")) for n in (3, 4, 5, 6)],
               *[Format(f"aminduna-{n}p", n, table(n, "aminduna")) for n in (3, 4, 5, 6)]]
"""Every format and player count, 200 games each in CI (CPU-seconds a game with every check, 2026-11, one
core of the 2-core machine: 1v1 0.11, free-for-all 3 players 0.2 to 6 players 0.54, giant 3 players 0.11
to 6 players 0.47, Aminduna 0.13-0.17)."""

SPEC = FuzzSpec(
    rules=Arcmage(),
    test_file="tests/test_fuzz_arcmage.py",
    formats=ALL_FORMATS,
    pick=pick,
    moves=(*MOVES, *ARC_MOVES),
    preference=("stop", STOP_SETTINGS),
)


@pytest.mark.parametrize("fmt, seeds", cases(SPEC))
def test_fuzz_random_games(fmt: Format, seeds: list[int]) -> None:
    run_case(SPEC, fmt, seeds)
