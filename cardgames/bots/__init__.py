"""Players that choose among legal options: random (for fuzzing), and smarter ones later."""

from __future__ import annotations

from typing import Protocol

from cardgames.engine.decisions import Decision, Option


class Bot(Protocol):
    """Anything that answers a decision with one of its options."""

    name: str

    def choose(self, decision: Decision) -> Option: ...


def make_bot(kind: str, seed: int | str) -> Bot:
    """A bot by name ("random", "keen"); raises KeyError listing the bots there are."""
    if kind == "random":
        from cardgames.bots.random_bot import RandomBot

        return RandomBot(seed)
    if kind == "keen":
        from cardgames.bots.keen_bot import KeenBot

        return KeenBot(seed)
    raise KeyError(f"no bot {kind!r}; bots: {', '.join(BOTS)}")


BOTS = ("random", "keen")
