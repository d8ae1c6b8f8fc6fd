"""A random bot with a player's habits: it finishes what it starts, drafts to a legal pack, attacks.

Uniformly random players rarely end an Algomancy draft (every card moved is a new decision) or
attack, so their games drag on. This bot still chooses at random, but it never backs out of a
half-made choice, never concedes (an option of group "concede"), drafts toward a pack of exactly
`info["pack_size"]` cards and then passes, puts units in its formations, and plays a card when it
can more often than it passes.
"""

from __future__ import annotations

import random

from cardgames.engine.decisions import CONCEDE, Decision, Option


class KeenBot:
    """Seeded, so the same seed gives the same choices."""

    name = "keen"

    def __init__(self, seed: int | str = 0) -> None:
        self.seed = seed
        self.rng = random.Random(seed)

    def choose(self, decision: Decision) -> Option:
        opts = [o for o in decision.options if o.group not in ("cancel", CONCEDE)] or list(decision.options)
        done = [o for o in opts if o.group == "done"]
        rest = [o for o in opts if o.group not in ("done", "pass")]
        if decision.kind == "draft":
            if done:
                return done[0]
            pack = int(str(decision.info.get("pack", 0)))
            want = "take" if pack > int(str(decision.info.get("pack_size", 10))) else "give"
            return self.rng.choice([o for o in opts if o.group == want] or opts)
        if decision.kind in ("formation", "block") and rest and self.rng.random() < 0.8:
            return self.rng.choice(rest)
        if decision.kind == "resources":
            acts = [o for o in opts if o.group == "activate"]
            if acts:
                return self.rng.choice(acts)
            creates = [o for o in opts if o.group in ("create", "recycle")]
            if creates and self.rng.random() < 0.25:
                return self.rng.choice(creates)
            if done:
                return done[0]
        if rest and self.rng.random() < 0.6:
            return self.rng.choice(rest)
        return self.rng.choice(done or opts)
