"""Fuzz: seeded random Altered games for two, through the kit's harness (`tests/kit/fuzz.py` says
what is checked after every event and decision): random shipped decks and first player, random
answers to every decision (cards, quick and support actions, targets, reactions, Expand, Clean-up),
with the game's invariants: every object in one zone, no negative mana, markers on the track,
tokens never outside the Expedition zone, cards only in their owner's private zones."""

from __future__ import annotations

import random

import pytest
from kit.fuzz import Format, FuzzSpec, cases, run_case

from cardgames.engine.decisions import Decision, Option
from cardgames.games.altered.rules import Altered


def pick(rng: random.Random, d: Decision) -> Option:
    """A random answer that goes back on a half-made play less often, and passes now and then."""
    opts = [o for o in d.options if o.key != "cancel"] or list(d.options)
    if d.kind == "turn":
        plays = [o for o in opts if o.key != "pass"]
        if plays and rng.random() < 0.8:
            return rng.choice(plays)
        return next(o for o in opts if o.key == "pass")
    if rng.random() < 0.03 and any(o.key == "cancel" for o in d.options):
        return next(o for o in d.options if o.key == "cancel")
    return rng.choice(opts)


SPEC = FuzzSpec(
    rules=Altered(),
    test_file="tests/test_fuzz_altered.py",
    formats=[Format("duel", 2, lambda rng, seed: {})],
    pick=pick,
)


@pytest.mark.parametrize("fmt, seeds", cases(SPEC))
def test_fuzz_random_games(fmt: Format, seeds: list[int]) -> None:
    run_case(SPEC, fmt, seeds)
