"""cardgames: five tabletop card games, every rule enforced, hot-seat in a terminal."""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from cardgames.api import load_game, new_game
    from cardgames.engine.decisions import (
        CardgamesError,
        Decision,
        IllegalChoice,
        Option,
        StaleChoice,
        UndoRefused,
    )
    from cardgames.engine.game import Game

_LAZY = {
    "new_game": "cardgames.api",
    "load_game": "cardgames.api",
    "Game": "cardgames.engine.game",
    "CardgamesError": "cardgames.engine.decisions",
    "Decision": "cardgames.engine.decisions",
    "IllegalChoice": "cardgames.engine.decisions",
    "Option": "cardgames.engine.decisions",
    "StaleChoice": "cardgames.engine.decisions",
    "UndoRefused": "cardgames.engine.decisions",
}
"""Imported on first use, so that `cardgames` (and the app's title screen) start quickly."""


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        return getattr(import_module(_LAZY[name]), name)
    raise AttributeError(f"module 'cardgames' has no attribute {name!r}")


__all__ = [
    "CardgamesError",
    "Decision",
    "Game",
    "IllegalChoice",
    "Option",
    "StaleChoice",
    "UndoRefused",
    "load_game",
    "new_game",
]
__version__ = "0.1.0"
