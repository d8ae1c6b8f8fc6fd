"""The Allegiance card catalog: the card files loaded, their cross-references checked.

The lookups are `cards.Cards`; checking effect steps needs the effect words (`verbs.py`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from cardgames.catalog.loader import CatalogError, Problem, load_card_files
from cardgames.catalog.paths import cards_dir
from cardgames.games.allegiance.cards import Card, Cards
from cardgames.games.allegiance.schema import (
    Ability,
    ActionCard,
    CardFile,
    GearCard,
    HeroCard,
    SpecialCard,
    TargetSpec,
    UnitCard,
)
from cardgames.games.allegiance.verbs import step_problems


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


class Catalog(Cards):
    """All Allegiance cards, loaded from YAML and validated."""

    @classmethod
    def load(cls, paths: list[Path] | None = None) -> Catalog:
        cards, problems, fp = load_cards(paths)
        if problems:
            raise CatalogError(problems)
        return cls(cards, fp)


def load_cards(paths: list[Path] | None = None) -> tuple[dict[str, Card], list[Problem], str]:
    """Load every card file; returns (cards by id, every problem found, fingerprint)."""
    loaded = load_card_files(paths or [cards_dir("allegiance")], CardFile)
    problems = loaded.problems + _check_references(loaded.cards, loaded.where)
    return loaded.cards, problems, loaded.fingerprint
