"""The games, each a package with its rules, card schema and effect words; looked up by name."""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the names alone import nothing heavy (`cardgames --help`, the app's start)
    from cardgames.engine.ruleset import Ruleset

GAMES: dict[str, str] = {
    "algomancy": "cardgames.games.algomancy.rules:Algomancy",
    "altered": "cardgames.games.altered.rules:Altered",
    "allegiance": "cardgames.games.allegiance.rules:Allegiance",
    "mechamancers": "cardgames.games.mechamancers.rules:Mechamancers",
    "arcmage": "cardgames.games.arcmage.rules:Arcmage",
}
"""Playable games: name -> "module:class" of its Ruleset (imported only when used)."""


def find_ruleset(name: str) -> Ruleset:
    """A fresh ruleset for game `name`; raises KeyError listing the games there are."""
    try:
        module, cls = GAMES[name].split(":")
    except KeyError:
        raise KeyError(f"no game {name!r}; games: {', '.join(sorted(GAMES))}") from None
    ruleset: Ruleset = getattr(import_module(module), cls)()
    return ruleset
