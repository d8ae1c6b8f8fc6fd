"""The Mechamancers catalog: mecha, roles and events loaded from `cards/mechamancers/`, and checked."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from cardgames.catalog.loader import CatalogError, Problem, load_card_files
from cardgames.catalog.paths import cards_dir
from cardgames.engine.decisions import CardgamesError
from cardgames.games.mechamancers.schema import CardFile, EventCard, MechaCard, RoleCard
from cardgames.games.mechamancers.vocabulary import ABILITIES, EVENT_WORDS

ROLE_COUNT = 5
EVENT_COUNT = 12
BULWARKS = 4


def _check(cards: dict[str, Any], where: dict[str, tuple[str, int]]) -> list[Problem]:
    problems: list[Problem] = []

    def bad(cid: str, fld: str, msg: str) -> None:
        file, line = where.get(cid, ("?", 1))
        problems.append(Problem(file, line, cid, fld, msg))

    for cid, card in cards.items():
        if isinstance(card, MechaCard) and card.ability is not None:
            tag = ABILITIES.get(card.ability.word)
            if tag is None:
                known = ", ".join(sorted(ABILITIES))
                bad(cid, "ability.word", f"unknown ability {card.ability.word!r}; known: {known}")
            elif tag != card.ability.tag:
                bad(cid, "ability.tag", f"{card.ability.word} is a [{tag}] ability, not [{card.ability.tag}]")
        if isinstance(card, EventCard) and card.effect not in EVENT_WORDS:
            bad(cid, "effect", f"unknown event effect {card.effect!r}; known: {', '.join(sorted(EVENT_WORDS))}")
    roles = [c for c in cards.values() if isinstance(c, RoleCard)]
    if cards and sorted(r.order for r in roles) != list(range(1, ROLE_COUNT + 1)):
        first = roles[0].id if roles else next(iter(cards))
        bad(first, "order", f"the {ROLE_COUNT} roles have turn orders 1 to {ROLE_COUNT}, each once")
    bulwarks = [c for c in cards.values() if isinstance(c, MechaCard) and c.type == "bulwark"]
    if cards and (len(bulwarks) != 1 or bulwarks[0].copies != BULWARKS):
        bad(bulwarks[0].id if bulwarks else next(iter(cards)), "copies",
            f"the game has one Bulwark design in {BULWARKS} copies (one per player)")
    return problems


def load_cards(paths: list[Path] | None = None) -> tuple[dict[str, Any], list[Problem], str]:
    """Every card file loaded and checked: (cards by id, problems, fingerprint)."""
    loaded = load_card_files(paths or [cards_dir("mechamancers")], CardFile)
    problems = list(loaded.problems)
    problems.extend(_check(loaded.cards, loaded.where))
    return loaded.cards, problems, loaded.fingerprint


class Catalog:
    """All Mechamancers cards by id, split into mecha, roles and events."""

    def __init__(self, cards: dict[str, Any], fingerprint: str) -> None:
        self.cards = cards
        self.fingerprint = fingerprint
        self.mecha = {k: v for k, v in cards.items() if isinstance(v, MechaCard)}
        self.roles = sorted((v for v in cards.values() if isinstance(v, RoleCard)), key=lambda r: r.order)
        self.events = sorted((v for v in cards.values() if isinstance(v, EventCard)), key=lambda e: e.id)

    @classmethod
    def load(cls, paths: list[Path] | None = None) -> Catalog:
        cards, problems, fp = load_cards(paths)
        if problems:
            raise CatalogError(problems)
        return cls(cards, fp)

    def card(self, cid: str) -> MechaCard | RoleCard | EventCard:
        try:
            card: MechaCard | RoleCard | EventCard = self.cards[cid]
        except KeyError:
            raise CardgamesError(f"no Mechamancers card {cid!r}") from None
        return card

    def mech(self, cid: str) -> MechaCard:
        card = self.card(cid)
        if not isinstance(card, MechaCard):
            raise CardgamesError(f"{cid!r} is not a mecha")
        return card

    def role(self, cid: str) -> RoleCard:
        card = self.card(cid)
        if not isinstance(card, RoleCard):
            raise CardgamesError(f"{cid!r} is not a role")
        return card

    def event(self, cid: str) -> EventCard:
        card = self.card(cid)
        if not isinstance(card, EventCard):
            raise CardgamesError(f"{cid!r} is not an event")
        return card

    def pile(self, kind: str) -> list[MechaCard]:
        """The designs of one draw pile (attack, defense or unique), in id order."""
        return sorted((m for m in self.mecha.values() if m.type == kind), key=lambda m: m.id)
