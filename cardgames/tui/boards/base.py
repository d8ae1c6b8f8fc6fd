"""What every game's board gives the table screen: render a view, blank it, inspect, explain.

A board is the left part of the game screen. It renders only a `GameView` (what the seated player
may see), the pending decision when it is theirs (to mark the cards it concerns) and printed card
data. Marked names (▸name) are clickable: clicking one picks the option that refers to that card.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from textual.containers import VerticalScroll
from textual.markup import escape
from textual.widgets import Static

if TYPE_CHECKING:
    from cardgames.engine.decisions import Decision
    from cardgames.engine.state import State
    from cardgames.engine.view import GameView
    from cardgames.tui.session import Session


def marked_refs(decision: Decision | None, viewer: int | None) -> set[int]:
    """The cards (and players, as negative refs) the viewer's own pending decision is about; at
    the public table (viewer None) those of the options the deciding seat may answer there."""
    if decision is None or (viewer is not None and decision.seat_index != viewer):
        return set()
    return {o.ref for o in decision.options if o.ref is not None}


def card_link(card_id: int, label: str, refs: set[int]) -> str:
    """A card's name: marked ▸ and picking when the decision concerns it, else it inspects."""
    text = escape(label)
    if card_id in refs:
        return f"[@click=screen.pick('{card_id}')][reverse b]▸{text}[/][/]"
    return f"[@click=screen.inspect('{card_id}')]{text}[/]"


def option_link(key: str, label: str) -> str:
    """Clickable text that answers the pending decision with this option key (e.g. a grid slot)."""
    return f"[@click=screen.choose_key('{escape(key)}')][reverse b]{escape(label)}[/][/]"


class Board(VerticalScroll):
    """The board of one game; subclasses compose their areas and fill them in `show`."""

    game: ClassVar[str] = ""
    """The ruleset name of the game this board draws (the key `cardgames.tui.boards` files it under)."""

    def __init__(self, session: Session) -> None:
        super().__init__(id="board")
        self.session = session
        self._shown: dict[str, str] = {}

    def show(self, view: GameView, decision: Decision | None) -> None:
        """Render the table as `view.viewer` may see it."""
        raise NotImplementedError

    def blank(self) -> None:
        """Clear everything private before the curtain goes up."""
        for widget in self.query(Static):
            self.set(widget, "")

    def status(self, view: GameView) -> str:
        """One line: turn, whose turn, phase."""
        names = {p.seat: p.name for p in view.players}
        return f"Turn {view.turn} — {names[view.active]}'s turn — {view.phase}"

    def details(self, view: GameView, ref: int) -> str:
        """Markdown for the inspect screen: everything printed on the card and its state."""
        raise NotImplementedError

    def why_not(self, seat: int, legal: set[str]) -> list[tuple[str, str]]:
        """(what, why) for each thing the seated player cannot do now."""
        return []

    def confirm(self, decision: Decision, key: str) -> str | None:
        """A question to ask before this answer (e.g. ending a phase with gold left), or None."""
        return None

    @staticmethod
    def standing(state: State, seat: int) -> str:
        """How a player ended the game, for the game-over summary (e.g. "life 12")."""
        return ""

    def show_own(self) -> None:
        """Keep the seated player's own area (at the bottom) in view."""
        self.scroll_end(animate=False)

    def set(self, widget: Static, markup: str) -> None:
        """Update a Static only when its text changes (each update costs a layout pass)."""
        if self._shown.get(widget.id or "") != markup:
            self._shown[widget.id or ""] = markup
            widget.update(markup)
