"""ARC-mage's own events: a card drawn, a deck searched, a card made into a face-down resource, damage dealt."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from cardgames.engine.events import Event, applies, event
from cardgames.engine.state import State


def player_ref(seat: int) -> int:
    """How a player is named where objects are expected (targets): -(seat + 1)."""
    return -(seat + 1)


def seat_of_ref(ref: int) -> int | None:
    return -ref - 1 if ref < 0 else None


@event("arcmage.CardDrawn")
@dataclass(frozen=True, slots=True)
class CardDrawn(Event):
    """The top card of a deck goes to its owner's hand."""

    REVEALS = True
    id: int
    seat: int


@applies(CardDrawn)
def _drawn(s: State, e: CardDrawn) -> None:
    obj = s.objects[e.id]
    s.zones[obj.zone].cards.remove(e.id)
    s.zones[f"hand:{e.seat}"].cards.append(e.id)
    obj.zone = f"hand:{e.seat}"


@event("arcmage.DeckSearched")
@dataclass(frozen=True, slots=True)
class DeckSearched(Event):
    """A player looks through their deck for a card (a tutor): the cards it could take are shown
    to that seat where they lie, so undo stops here (engine.knowledge: `Event.shows`)."""

    seat: int
    ids: list[int]

    def touched(self, state: State) -> Sequence[int]:
        return ()  # nothing moves: the cards are only looked at

    def shows(self, state: State) -> Sequence[tuple[int, int]]:
        return [(oid, self.seat) for oid in self.ids]


@applies(DeckSearched)
def _searched(s: State, e: DeckSearched) -> None:
    return None


@event("arcmage.ResourceMade")
@dataclass(frozen=True, slots=True)
class ResourceMade(Event):
    """A card goes face down into its controller's resource vault, for a faction of their choice
    (Resources: the card's own faction does not matter). One event, so its face is never public."""

    id: int
    seat: int
    faction: str


@applies(ResourceMade)
def _resource(s: State, e: ResourceMade) -> None:
    obj = s.objects[e.id]
    s.zones[obj.zone].cards.remove(e.id)
    s.zones[f"vault:{e.seat}"].cards.append(e.id)
    obj.zone = f"vault:{e.seat}"
    obj.props["face_down"] = True
    obj.props["faction"] = e.faction
    obj.exhausted = False
    obj.counters = {}
    obj.attached_to = None


@event("arcmage.Damaged")
@dataclass(frozen=True, slots=True)
class Damaged(Event):
    """Damage dealt to a creature (healed at the end of the turn) or a city (permanent)."""

    target: int
    amount: int
    source: int | None = None
    combat: bool = False


@applies(Damaged)
def _damaged(s: State, e: Damaged) -> None:
    c = s.objects[e.target].counters
    c["damage"] = c.get("damage", 0) + e.amount


@event("arcmage.CardsShown")
@dataclass(frozen=True, slots=True)
class CardsShown(Event):
    """Cards shown where they lie to some seats only (Prince of Thieves peeks at a deck's top card, Orc
    Scout's hand card, Conscript's Soldiers): a reveal to each of them, so undo stops here."""

    cards: list[int]
    seats: list[int]
    what: str = ""

    def touched(self, state: State) -> Sequence[int]:
        return ()

    def shows(self, state: State) -> Sequence[tuple[int, int]]:
        return [(c, s) for c in self.cards for s in self.seats]


@applies(CardsShown)
def _shown(s: State, e: CardsShown) -> None:
    return None


MOVES: tuple[type[Event], ...] = (CardDrawn, ResourceMade)
"""The game's events that put a card in a zone (for the fuzz's placement checks)."""
