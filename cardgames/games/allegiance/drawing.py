"""Drawing from the shared decks, with the reshuffle of a discard pile into an empty deck."""

from __future__ import annotations

from cardgames.engine import core_events as ce
from cardgames.engine.flow import Flow
from cardgames.engine.state import State
from cardgames.games.allegiance import board, damage
from cardgames.games.allegiance.cards import Cards
from cardgames.games.allegiance.events import CardDrawn

RESHUFFLE_KEEP = 10
"""Cards that stay in a discard pile when it is reshuffled into its deck (p.8)."""


def can_supply(state: State, deck: str) -> bool:
    """A deck can give a card if it has one, or if its discard pile holds more than 10
    (R71, R73)."""
    return (
        bool(state.zones[board.deck(deck)].cards)
        or len(state.zones[board.discard(deck)].cards) > RESHUFFLE_KEEP
    )


def top_card(flow: Flow, deck: str) -> int | None:
    """The top card of a deck, reshuffling its discard pile first if it is empty (R71, R72)."""
    state = flow.state
    zone = state.zones[board.deck(deck)]
    if not zone.cards:
        pile = state.zones[board.discard(deck)].cards
        if len(pile) <= RESHUFFLE_KEEP:
            return None
        for oid in list(pile[:-RESHUFFLE_KEEP]):
            flow.emit(ce.ObjectMoved(oid, board.deck(deck), reset=True))
        flow.shuffle(board.deck(deck))
    return zone.cards[-1] if zone.cards else None


def draw_from(flow: Flow, cat: Cards, seat: int, deck: str) -> None:
    """Draw one card; Hakor mills unit cards instead of drawing them (his special rule)."""
    oid = top_card(flow, deck)
    if oid is None:
        return
    state = flow.state
    if deck in board.UNIT_DECKS and "hakor-no-units" in damage.special_rules(cat, state, seat):
        board.move(flow, oid, board.discard(deck))
        return
    flow.emit(CardDrawn(oid, seat, deck))
