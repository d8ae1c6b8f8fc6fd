"""cardgames: five tabletop card games, every rule enforced, hot-seat in a terminal."""

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
