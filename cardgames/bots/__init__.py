"""Players that choose among legal options: random (for fuzzing) and keen (finishes its games)."""

from __future__ import annotations

from typing import Protocol

from cardgames.bots.keen_bot import KeenBot
from cardgames.bots.random_bot import RandomBot
from cardgames.engine.decisions import Decision, Option


class Bot(Protocol):
    """Anything that answers a decision with one of its options."""

    name: str

    def choose(self, decision: Decision) -> Option: ...


BOTS = ("keen", "random")
"""The bots there are, by name."""
DEFAULT_BOT = "keen"
"""The bot `cardgames simulate` and `cardgames bench` play with: it finishes every game."""


def make_bot(kind: str, seed: int | str) -> Bot:
    """A bot by name ("keen", "random"); raises KeyError listing the bots there are."""
    if kind == "random":
        return RandomBot(seed)
    if kind == "keen":
        return KeenBot(seed)
    raise KeyError(f"no bot {kind!r}; bots: {', '.join(BOTS)}")
