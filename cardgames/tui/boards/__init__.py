"""One board renderer per game, filed by the game's ruleset name: a new game adds one line here."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardgames.tui.boards.algomancy import AlgomancyBoard
from cardgames.tui.boards.allegiance import AllegianceBoard
from cardgames.tui.boards.altered import AlteredBoard
from cardgames.tui.boards.arcmage import ArcmageBoard
from cardgames.tui.boards.base import Board
from cardgames.tui.boards.mechamancers import MechamancersBoard

if TYPE_CHECKING:
    from cardgames.tui.session import Session

BOARDS: dict[str, type[Board]] = {board.game: board for board in (
    AllegianceBoard,
    AlgomancyBoard,
    ArcmageBoard,
    AlteredBoard,
    MechamancersBoard,
)}


def board_class(game: str) -> type[Board]:
    """The board of a game (by ruleset name)."""
    try:
        return BOARDS[game]
    except KeyError:
        raise ValueError(f"no board for {game!r} yet; boards: {', '.join(sorted(BOARDS))}") from None


def board_for(session: Session) -> Board:
    """The board of the session's game."""
    return board_class(session.game.ruleset.name)(session)
