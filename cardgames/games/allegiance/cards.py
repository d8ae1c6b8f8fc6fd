"""The Allegiance card index: every card by id, and what an ability reference names.

Lookups only: loading and checking the card files is `catalog.py` (it needs the effect words).
"""

from __future__ import annotations

from collections.abc import Sequence
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
    Static,
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


class Activation:
    """An activated ability as plain data (the catalog's pydantic models are slow to read, and
    listing the maneuvers reads these at every priority decision). Never changed once made; a
    plain class, as a dataclass costs more to define than all its uses save in a short run."""

    __slots__ = ("exhaust", "gold", "index", "label", "targets", "text")

    def __init__(self, index: int, gold: int, exhaust: bool, targets: dict[str, TargetSpec],
                 text: str, name: str) -> None:
        self.index = index
        """Its place among the abilities of the card's side (`Kit.abilities`)."""
        self.gold = gold
        self.exhaust = exhaust
        self.targets = targets
        self.text = text
        self.label = f"{name}: {text or 'activate'}"
        """The option of activating it, as a priority decision lists it (`name`: the card's name
        on this side, which is `Cards.display_name` of a card whose kit this is)."""


@dataclass(frozen=True, slots=True)
class Kit:
    """One side of a card as it is where it lies (a unit, a gear face, an action in hand or one
    half attached): its printed facts, worked out once per card, as the catalog never changes."""

    name: str
    attack: int
    """Printed attack (0 for cards without one)."""
    health: int
    """Printed health (units; 0 otherwise)."""
    keywords: tuple[str, ...]
    abilities: tuple[Ability, ...]
    statics: tuple[Static, ...]
    """The `while` effects among `abilities`, in order."""
    activated: bool
    """Some ability has an activation cost."""
    activated_unexhausting: bool
    """Some ability has an activation cost that does not exhaust the card."""
    whens: frozenset[str]
    """The moments some ability triggers at (`when`)."""
    activations: tuple[Activation, ...]
    """The activated abilities (those with a cost), in order, as plain data."""

    @staticmethod
    def of(name: str, attack: int = 0, health: int = 0, keywords: Sequence[str] = (),
           abilities: Sequence[Ability] = ()) -> Kit:
        costs = [ab.cost for ab in abilities if ab.cost is not None]
        return Kit(name, attack, health, tuple(keywords), tuple(abilities),
                   tuple(ab.while_ for ab in abilities if ab.while_ is not None),
                   bool(costs), any(not c.exhaust for c in costs),
                   frozenset(ab.when for ab in abilities if ab.when is not None),
                   tuple(Activation(i, ab.cost.gold, ab.cost.exhaust, ab.targets, ab.text, name)
                         for i, ab in enumerate(abilities) if ab.cost is not None))


_PLAIN, _GEAR, _ACTION = range(3)
"""How a card's kit is chosen: always the same one, by its face up, or by the half it is
attached by (an action card not attached: the plain one)."""


class Cards:
    """All Allegiance cards by id, with the lookups the rules make (`catalog.Catalog` loads them)."""

    def __init__(self, cards: dict[str, Card], fingerprint: str) -> None:
        self.cards = cards
        self.fingerprint = fingerprint
        self._effects: dict[str, Effect] = {}
        self._kits: dict[str, tuple[int, Kit, tuple[Kit, ...]]] = {
            cid: _kits(card) for cid, card in cards.items()}
        self._plain: dict[str, Kit] = {
            cid: plain for cid, (how, plain, _) in self._kits.items() if how == _PLAIN}
        """The kit of each card that has the same one wherever it lies (units, special cards)."""
        self._names: dict[str, str] = {
            cid: plain.name for cid, (how, plain, _) in self._kits.items() if how != _GEAR}
        """The name of each card but gear (whose name is its face-up side's)."""
        self.with_statics = frozenset(
            cid for cid, (_, plain, sides) in self._kits.items()
            if any(k.statics for k in (plain, *sides)))
        """Ids of the cards that have a static (`while`) ability on some side."""
        self.with_activated = frozenset(
            cid for cid, (_, plain, sides) in self._kits.items()
            if any(k.activated for k in (plain, *sides)))
        """Ids of the cards that have an activated ability on some side."""
        self.with_triggers = frozenset(
            cid for cid, (_, plain, sides) in self._kits.items()
            if any(k.whens for k in (plain, *sides)))
        """Ids of the cards that have a triggered ability on some side."""
        self.with_health_statics = frozenset(
            cid for cid, (_, plain, sides) in self._kits.items()
            if any(w.stat == "health" and w.amount for k in (plain, *sides) for w in k.statics))
        """Ids of the cards that have a static bonus or penalty to health on some side."""
        self.attack_restricted = frozenset(
            cid for cid, (_, plain, sides) in self._kits.items()
            if any(w.attack_only_if is not None for k in (plain, *sides) for w in k.statics))
        """Ids of the cards that have a static attack restriction (`attack_only_if`) on some side."""
        self._special_rules: dict[str, tuple[str, ...]] = {
            cid: tuple(card.special_rules) for cid, card in cards.items() if isinstance(card, HeroCard)}
        self._reactions: dict[str, tuple[str, ...]] = {
            cid: tuple(a.id for a in card.abilities if a.reaction)
            for cid, card in cards.items() if isinstance(card, HeroCard)}

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

    def reactions(self, hero: str) -> tuple[str, ...]:
        """Ids of the hero's reaction abilities, in order."""
        found = self._reactions.get(hero)
        if found is None:
            self.hero(hero)  # not a hero: says so
            return ()
        return found

    def special_rules(self, hero: str) -> tuple[str, ...]:
        """The hero's special rules (Hakor's, Ilsevar's), in order."""
        found = self._special_rules.get(hero)
        if found is None:
            self.hero(hero)  # not a hero: says so
            return ()
        return found

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

    def kit(self, obj: GameObject) -> Kit:
        """The card's side as it is where it lies (gear: its face-up side; actions: attached)."""
        found = self._plain.get(obj.card)
        if found is not None:
            return found
        try:
            how, plain, sides = self._kits[obj.card]
        except KeyError:
            raise CardgamesError(f"no Allegiance card {obj.card!r}") from None
        if how == _GEAR:
            return sides[min(obj.face, len(sides) - 1)]
        if how == _ACTION and obj.attached_to is not None:
            return sides[int(obj.props.get("half", 0))]
        return plain

    def display_name(self, obj: GameObject) -> str:
        found = self._names.get(obj.card)
        if found is not None:
            return found
        try:
            how, plain, sides = self._kits[obj.card]
        except KeyError:
            raise CardgamesError(f"no Allegiance card {obj.card!r}") from None
        return sides[min(obj.face, len(sides) - 1)].name if how == _GEAR else plain.name

    def printed_attack(self, obj: GameObject) -> int:
        return self.kit(obj).attack

    def printed_health(self, obj: GameObject) -> int:
        return self.kit(obj).health

    def keywords(self, obj: GameObject) -> tuple[str, ...]:
        return self.kit(obj).keywords

    def abilities_of(self, obj: GameObject) -> tuple[Ability, ...]:
        """Abilities a card has where it is now (gear: its face-up side; actions: attached)."""
        return self.kit(obj).abilities

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


def _kits(card: Card) -> tuple[int, Kit, tuple[Kit, ...]]:
    """How to choose the card's kit, its plain kit and its kits by face or attached half."""
    if isinstance(card, UnitCard):
        return _PLAIN, Kit.of(card.name, card.attack, card.health, card.keywords,
                              card.abilities), ()
    if isinstance(card, SpecialCard):
        return _PLAIN, Kit.of(card.name, keywords=card.keywords, abilities=card.abilities), ()
    if isinstance(card, GearCard):
        faces = tuple(Kit.of(f.name, f.attack or 0, 0, f.keywords, f.abilities) for f in card.faces)
        return _GEAR, faces[0], faces
    if isinstance(card, ActionCard):
        name = " // ".join(h.name or "" for h in card.split) if card.split else card.name
        return _ACTION, Kit.of(name), tuple(Kit.of(name, keywords=h.attached_keywords,
                                                     abilities=h.attached) for h in card.halves)
    return _PLAIN, Kit.of(card.name), ()
