"""A bot that answers every decision uniformly at random, from its own seeded generator."""

from __future__ import annotations

import random

from cardgames.engine.decisions import CONCEDE, Decision, Option


class RandomBot:
    """Chooses uniformly among a decision's options, but never concedes (an option of group "concede":
    it would end most games in their first turn); the same seed gives the same choices."""

    name = "random"

    def __init__(self, seed: int | str = 0) -> None:
        self.seed = seed
        self.rng = random.Random(seed)

    def choose(self, decision: Decision) -> Option:
        """One of `decision`'s options, picked uniformly at random."""
        opts = [o for o in decision.options if o.group != CONCEDE] or decision.options
        return opts[self.rng.randrange(len(opts))]
