"""The Allegiance card index: every card by id, and what an ability reference names.

Lookups only: loading and checking the card files is `catalog.py` (it needs the effect words).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardgames.engine.decisions import CardgamesError
from cardgames.engine.state import GameObject
from cardgames.games.allegiance.schema import (
    Ability,
    ActionCard,
    Face,
    GearCard,
    HeroAbility,
    HeroCard,
    SpecialCard,
    TargetSpec,
    UnitCard,
)

Card = UnitCard | ActionCard | GearCard | SpecialCard | HeroCard


@dataclass(frozen=True)
class Effect:
    """What an ability reference resolves to: its target slots and effect steps."""

    targets: dict[str, TargetSpec]
    steps: list[dict[str, Any]]
    name: str


class Cards:
    """All Allegiance cards by id, with the lookups the rules make (`catalog.Catalog` loads them)."""

    def __init__(self, cards: dict[str, Card], fingerprint: str) -> None:
        self.cards = cards
        self.fingerprint = fingerprint
        self._effects: dict[str, Effect] = {}

    # -- lookups -----------------------------------------------------------------------

    def card(self, cid: str) -> Card:
        try:
            return self.cards[cid]
        except KeyError:
            raise CardgamesError(f"no Allegiance card {cid!r}") from None

    def hero(self, cid: str) -> HeroCard:
        card = self.card(cid)
        if not isinstance(card, HeroCard):
            raise CardgamesError(f"{cid!r} is not a hero")
        return card

    def heroes(self) -> list[HeroCard]:
        return [c for c in self.cards.values() if isinstance(c, HeroCard)]

    def shared(self, deck: str) -> list[UnitCard | ActionCard]:
        out: list[UnitCard | ActionCard] = []
        for c in self.cards.values():
            if isinstance(c, UnitCard):
                if c.special is None and c.deck == deck:
                    out.append(c)
            elif isinstance(c, ActionCard) and deck == "action":
                out.append(c)
        return out

    def face(self, obj: GameObject) -> Face:
        card = self.card(obj.card)
        assert isinstance(card, GearCard)
        return card.faces[min(obj.face, len(card.faces) - 1)]

    def display_name(self, obj: GameObject) -> str:
        card = self.card(obj.card)
        if isinstance(card, GearCard):
            return self.face(obj).name
        if isinstance(card, ActionCard) and card.split:
            return " // ".join(h.name or "" for h in card.split)
        return card.name

    def printed_attack(self, obj: GameObject) -> int:
        card = self.card(obj.card)
        if isinstance(card, UnitCard):
            return card.attack
        if isinstance(card, GearCard):
            return self.face(obj).attack or 0
        return 0

    def printed_health(self, obj: GameObject) -> int:
        card = self.card(obj.card)
        return card.health if isinstance(card, UnitCard) else 0

    def keywords(self, obj: GameObject) -> list[str]:
        card = self.card(obj.card)
        if isinstance(card, UnitCard | SpecialCard):
            return list(card.keywords)
        if isinstance(card, GearCard):
            return list(self.face(obj).keywords)
        if isinstance(card, ActionCard) and obj.attached_to is not None:
            return list(card.halves[int(obj.props.get("half", 0))].attached_keywords)
        return []

    def abilities_of(self, obj: GameObject) -> list[Ability]:
        """Abilities a card has where it is now (gear: its face-up side; actions: attached)."""
        card = self.card(obj.card)
        if isinstance(card, UnitCard | SpecialCard):
            return list(card.abilities)
        if isinstance(card, GearCard):
            return list(self.face(obj).abilities)
        if isinstance(card, ActionCard) and obj.attached_to is not None:
            return list(card.halves[int(obj.props.get("half", 0))].attached)
        return []

    def ability_ref(self, obj: GameObject, index: int) -> str:
        card = self.card(obj.card)
        if isinstance(card, GearCard):
            return f"card:{obj.card}:face{obj.face}:{index}"
        if isinstance(card, ActionCard):
            return f"card:{obj.card}:attached{int(obj.props.get('half', 0))}:{index}"
        return f"card:{obj.card}:ab:{index}"

    def effect(self, ref: str) -> Effect:
        """Resolve an ability reference ("hero:<hero>:<ability>", "card:<id>:play:<half>", ...)."""
        cached = self._effects.get(ref)
        if cached is not None:
            return cached
        parts = ref.split(":")
        eff: Effect
        if parts[0] == "rule":
            eff = Effect({}, [], parts[1])
        elif parts[0] == "hero":
            ha = self.hero_ability(parts[1], parts[2])
            eff = Effect(dict(ha.targets), list(ha.effect), ha.name)
        elif parts[0] == "card":
            card = self.card(parts[1])
            where = parts[2]
            if where == "play" and isinstance(card, ActionCard):
                half = card.halves[int(parts[3])]
                eff = Effect(dict(half.targets), list(half.effect), half.name or card.name)
            else:
                ab = self._card_ability(card, where, int(parts[3]))
                name = ab.text or getattr(card, "name", "")
                eff = Effect(dict(ab.targets), list(ab.effect), name)
        else:
            raise CardgamesError(f"bad ability reference {ref!r}")
        self._effects[ref] = eff
        return eff

    def _card_ability(self, card: Card, where: str, index: int) -> Ability:
        if isinstance(card, GearCard) and where.startswith("face"):
            return card.faces[int(where[4:])].abilities[index]
        if isinstance(card, ActionCard) and where.startswith("attached"):
            return card.halves[int(where[8:])].attached[index]
        if isinstance(card, UnitCard | SpecialCard):
            return card.abilities[index]
        raise CardgamesError(f"{card.id} has no ability {where}:{index}")

    def hero_ability(self, hero: str, ability: str) -> HeroAbility:
        for ab in self.hero(hero).abilities:
            if ab.id == ability:
                return ab
        raise CardgamesError(f"hero {hero!r} has no ability {ability!r}")
