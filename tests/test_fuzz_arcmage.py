"""Fuzz: seeded random ARC-mage games — 1v1, free-for-all, headed giant and Aminduna at every player
count — through the kit's harness (`tests/kit/fuzz.py` says what is checked after every event and
decision).

The random players take back a half-made move or devotion now and then but mostly choose uniformly,
so they play events in answer, move, devote, attack, defend and split damage. The full settled
invariants: every card in exactly one zone, no negative produced resource, no creature in play with
lethal damage, nothing on the stack zone without its stack item.
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable
from dataclasses import replace
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
CI_FORMATS = ("1v1", "ffa-3p")
"""What CI plays in full (the README's budget); CARDGAMES_FUZZ_ARCMAGE=all plays every format and player
count in full (200 games each by default). Measured CPU-seconds per game with every check (seeds 0-9, one
core of a shared machine, 2026-11): 1v1 0.15, ffa 3p 0.3 / 4p 0.37 / 5p 0.51 / 6p 0.69, giant 3p 0.14 /
4p 0.32 / 5p 0.35 / 6p 0.55, aminduna 3p 0.18 / 4p 0.16 / 5p 0.17 / 6p 0.24: one game of each of the
other eleven costs about 4 CPU-seconds, 200 of each would add about 13 CPU-minutes; the two in CI cost
about 2."""
CI_OTHERS = 10
"""Games each of the other eleven formats and player counts plays in CI, so that a rule that breaks only
with teams or six players still fails CI: as many as the budget pays for (5 at first, 10 once the state
checks were faster). One game of each of the eleven costs about 4 CPU-seconds with every check: 15 each
measured 2% over the whole fuzz's CPU on main, within the machine's noise but not under it, so 10 stayed."""

SPEC = FuzzSpec(
    rules=Arcmage(),
    test_file="tests/test_fuzz_arcmage.py",
    formats=ALL_FORMATS if os.environ.get("CARDGAMES_FUZZ_ARCMAGE") == "all"
    else [f if f.name in CI_FORMATS else replace(f, games=CI_OTHERS) for f in ALL_FORMATS],
    pick=pick,
    moves=(*MOVES, *ARC_MOVES),
    preference=("stop", STOP_SETTINGS),
)


@pytest.mark.parametrize("fmt, seeds", cases(SPEC))
def test_fuzz_random_games(fmt: Format, seeds: list[int]) -> None:
    run_case(SPEC, fmt, seeds)
