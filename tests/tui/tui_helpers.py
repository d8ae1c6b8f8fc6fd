"""Allegiance seeds that keep the app tests quick (the drivers themselves are in `kit.app`)."""

from __future__ import annotations

from typing import Any

from cardgames import new_game


def presses_needed(players: list[str], seed: int, options: dict[str, Any], cap: int = 3000,
                   game: str = "allegiance") -> int:
    """Key presses a "1 at every decision, Enter at every curtain" game takes (engine only)."""
    g = new_game(game, players, seed, options)
    seated, presses = None, 0
    while g.outcome is None and presses < cap:
        d = g.decision
        if d.seat_index != seated:
            presses, seated = presses + 1, d.seat_index
        g.choose(d.options[0])
        presses += 1
    return presses if g.outcome is not None else cap


def short_seed(players: list[str], options: dict[str, Any], seeds: range = range(1, 40),
               game: str = "allegiance") -> int:
    """The seed among `seeds` whose game is shortest by keys (keeps UI tests quick)."""
    return min(seeds, key=lambda s: presses_needed(players, s, options, game=game))
