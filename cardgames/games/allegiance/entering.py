"""Cards entering play: special cards taken from reserves, and units put into a territory."""

from __future__ import annotations

from cardgames.engine import core_events as ce
from cardgames.engine.flow import Flow
from cardgames.engine.state import Json
from cardgames.games.allegiance import board, damage
from cardgames.games.allegiance.cards import Cards
from cardgames.games.allegiance.schema import SpecialCard, UnitCard


def special_object(flow: Flow, cat: Cards, seat: int, card_id: str) -> int:
    """A special card from `seat`'s reserves (created if there is none: no supply limit, R3)."""
    card = cat.card(card_id)
    for obj in flow.state.cards_in(board.reserves(seat)):
        if obj.card == card_id:
            return obj.id
    props: dict[str, Json] = {"back": "special"}
    if isinstance(card, UnitCard):
        props.update(type="unit", deck=card.deck)
    elif isinstance(card, SpecialCard):
        props["type"] = card.type
    oid = flow.new_id()
    flow.emit(ce.ObjectCreated(oid, card_id, seat, board.reserves(seat), props))
    return oid


def put_into_play(flow: Flow, cat: Cards, oid: int, seat: int) -> None:
    """A unit enters `seat`'s territory refreshed and triggers "enters play" (p.18, R57)."""
    board.move(flow, oid, board.territory(seat), controller=seat, entered_turn=flow.state.turn)
    obj = flow.state.objects[oid]
    if obj.exhausted:
        flow.emit(ce.ObjectChanged(oid, exhausted=False))
    card = cat.card(obj.card)
    for counter, n in (card.enters_with.items() if isinstance(card, UnitCard) else ()):
        flow.emit(ce.CounterAdded(oid, counter, n))
    damage.fire(flow, cat, "enters_play", [obj])
