"""Scenes for snapshots and screenshots: seeded games played by keen bots up to a wanted moment."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from cardgames.bots.keen_bot import KeenBot
from cardgames.engine.game import Game
from cardgames.tui.session import Session

SEEDS = range(1, 40)
CAP = 5000
"""Decisions a scene's game may take before the next seed is tried."""


def play_until(start: Callable[[int], Session], wanted: Callable[[Game], bool],
               seeds: Iterable[int] = SEEDS) -> Session:
    """The first game `start(seed)` (keen bots) that reaches a decision where `wanted(game)` holds,
    stopped there and autosaved, with the deciding player seated (LookupError if none does)."""
    for seed in seeds:
        session = start(seed)
        g = session.game
        bot = KeenBot(seed)
        for _ in range(CAP):
            if g.outcome is not None:
                break
            if wanted(g):
                session.written = -1
                session.save()
                session.sit()
                return session
            g.choose(bot.choose(g.decision))
    raise LookupError("no seeded game reached the wanted moment")
