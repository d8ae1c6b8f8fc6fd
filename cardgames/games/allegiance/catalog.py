"""The Allegiance card catalog: every card by id, and the abilities an ability reference names."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardgames.catalog.loader import CatalogError, Problem, load_card_files
from cardgames.catalog.paths import cards_dir
from cardgames.engine.decisions import CardgamesError
from cardgames.engine.state import GameObject
from cardgames.games.allegiance.schema import (
    Ability,
    ActionCard,
    CardFile,
    Face,
    GearCard,
    HeroAbility,
    HeroCard,
    SpecialCard,
    TargetSpec,
    UnitCard,
)
from cardgames.games.allegiance.verbs import step_problems

Card = UnitCard | ActionCard | GearCard | SpecialCard | HeroCard


@dataclass(frozen=True)
class Effect:
    """What an ability reference resolves to: its target slots and effect steps."""

    targets: dict[str, TargetSpec]
    steps: list[dict[str, Any]]
    name: str


def _check_references(cards: dict[str, Card], where: dict[str, tuple[str, int]]) -> list[Problem]:
    problems: list[Problem] = []

    def bad(card_id: str, fld: str, msg: str) -> None:
        file, line = where.get(card_id, ("?", 1))
        problems.append(Problem(file, line, card_id, fld, msg))

    for cid, card in cards.items():
        if isinstance(card, HeroCard):
            for fld, ref in (("weapon", card.weapon), ("armor", card.armor)):
                if not isinstance(cards.get(ref), GearCard):
                    bad(cid, fld, f"no weapon/armor card {ref!r}")
            for ref in card.specials:
                if not isinstance(cards.get(ref), UnitCard | SpecialCard):
                    bad(cid, "specials", f"no special card {ref!r}")
            ids = [a.id for a in card.abilities]
            if len(set(ids)) != len(ids):
                bad(cid, "abilities", "two abilities share an id")
        for fld, targets, steps in _effects_of(card):
            for msg in step_problems(steps, set(targets), set(cards)):
                bad(cid, fld, msg)
        for fld, names in _card_names_in(card):
            for name in names:
                if name not in cards:
                    bad(cid, fld, f"no card {name!r}")
        if isinstance(card, ActionCard):
            for i, half in enumerate(card.halves):
                if half.attach is not None and half.attach not in half.targets:
                    bad(cid, f"{_half_field(card, i)}.attach", f"no target slot {half.attach!r}")
    return problems


def _abilities_of_card(card: Card) -> list[tuple[str, Ability]]:
    """Every triggered, activated or static ability printed on a card, with where it is."""
    if isinstance(card, UnitCard | SpecialCard):
        return [(f"abilities[{i}]", ab) for i, ab in enumerate(card.abilities)]
    if isinstance(card, GearCard):
        return [(f"faces[{f}].abilities[{i}]", ab)
                for f, face in enumerate(card.faces) for i, ab in enumerate(face.abilities)]
    if isinstance(card, ActionCard):
        return [(f"{_half_field(card, h)}.attached[{i}]", ab)
                for h, half in enumerate(card.halves) for i, ab in enumerate(half.attached)]
    return []


def _half_field(card: ActionCard, half: int) -> str:
    """Where a half is in the card file: `play`, or `split[i]` for split cards."""
    return "play" if card.play is not None else f"split[{half}]"


def _effects_of(card: Card) -> list[tuple[str, dict[str, TargetSpec], list[dict[str, Any]]]]:
    """(field, target slots, effect steps) of every effect a card has."""
    out = [(f"{fld}.effect", dict(ab.targets), list(ab.effect))
           for fld, ab in _abilities_of_card(card)]
    if isinstance(card, HeroCard):
        out += [(f"abilities.{a.id}.effect", dict(a.targets), list(a.effect))
                for a in card.abilities]
    if isinstance(card, ActionCard):
        out += [(f"{_half_field(card, i)}.effect", dict(h.targets), list(h.effect))
                for i, h in enumerate(card.halves)]
    return out


def _card_names_in(card: Card) -> list[tuple[str, list[str]]]:
    """Card ids that static effects and conditions name (they must exist)."""
    out: list[tuple[str, list[str]]] = []
    for fld, ab in _abilities_of_card(card):
        conds = [ab.if_]
        if ab.while_ is not None:
            out.append((f"{fld}.while.cards", list(ab.while_.cards)))
            conds.append(ab.while_.attack_only_if)
        for c in conds:
            if c is not None:
                names = [c.you_control_a, *(c.destroyed_card or [])]
                out.append((f"{fld}.if", [n for n in names if n]))
    return out


class Catalog:
    """All Allegiance cards, loaded from YAML and validated."""

    def __init__(self, cards: dict[str, Card], fingerprint: str) -> None:
        self.cards = cards
        self.fingerprint = fingerprint
        self._effects: dict[str, Effect] = {}

    @classmethod
    def load(cls, paths: list[Path] | None = None) -> Catalog:
        cards, problems, fp = load_cards(paths)
        if problems:
            raise CatalogError(problems)
        return cls(cards, fp)

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


def load_cards(paths: list[Path] | None = None) -> tuple[dict[str, Card], list[Problem], str]:
    """Load every card file; returns (cards by id, every problem found, fingerprint)."""
    loaded = load_card_files(paths or [cards_dir("allegiance")], CardFile)
    problems = loaded.problems + _check_references(loaded.cards, loaded.where)
    return loaded.cards, problems, loaded.fingerprint
