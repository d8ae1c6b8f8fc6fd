"""Fuzz: seeded random Algomancy 1v1 games, live draft and constructed, through the kit's harness
(`tests/kit/fuzz.py` says what is checked after every event and decision).

The random players draft sensibly (they finish a draft step when the pack holds 10, else move a
card toward 10), end a formation or the resource step now and then, and otherwise choose
uniformly; they reach mods, viruses, ambushes, burst, the damage assignment choice and trigger
ordering. Half of the decisions, at random, are the keen bot's instead (`KEEN`). The full settled
invariants: every card in exactly one zone, at most two activations a turn, no unit in play with
lethal damage, formations only hold units of the battle's region, front rows filled, a player at 0
life is out.
"""

from __future__ import annotations

import random

import pytest
from kit.fuzz import MOVES, Format, FuzzSpec, Options, cases, run_case

from cardgames.engine.decisions import Decision, Option
from cardgames.engine.stops import STOP_SETTINGS
from cardgames.games.algomancy.events import CardDrawn
from cardgames.games.algomancy.rules import Algomancy


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


def _options(fmt: str) -> Options:
    return lambda rng, seed: {"format": fmt}


KEEN = 0.5
"""The share of decisions the keen bot answers (`kit.fuzz.with_keen`). Uniform players alone take a
1v1 game to ~1,600 decisions and ~65 turns (the keen bot alone: ~450 decisions, ~35 turns): they pull
units back out of formations and blocks (~140 cancels a game), leave resources unactivated and pass
more than they play, so half of a game was the same early turns again. With the keen bot on half the
decisions a game takes ~850 decisions and ~54 turns, and costs 40% less CPU with every check; the
other half are still uniform (every option of every kind, cancels included, picked at random)."""

SPEC = FuzzSpec(
    rules=Algomancy(),
    test_file="tests/test_fuzz_algomancy.py",
    formats=[Format(fmt, 2, _options(fmt)) for fmt in ("draft", "constructed")],
    pick=pick,
    moves=(*MOVES, CardDrawn),
    preference=("stop", STOP_SETTINGS),
    keen=KEEN,
)


@pytest.mark.parametrize("fmt, seeds", cases(SPEC))
def test_fuzz_random_games(fmt: Format, seeds: list[int]) -> None:
    run_case(SPEC, fmt, seeds)
