"""The Altered card catalog: cards and shipped decks by id, effect words checked, deck-building rules.

Deck building (ruling H23): a Hero and at least 29 other cards (the Limited minimum, CR 1.1.5), at
most 60 cards with the Hero, at most 3 factions counting the Hero's, at most 3 cards of one name.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import yaml

from cardgames.catalog.loader import CatalogError, Problem, load_card_files, read_yaml
from cardgames.catalog.paths import cards_dir
from cardgames.engine.decisions import CardgamesError
from cardgames.games.altered.schema import Card, CardFile, Deck
from cardgames.games.altered.vocabulary import step_problems

MIN_CARDS = 29
"""Cards besides the Hero (ruling H23)."""
MAX_TOTAL = 60
"""Cards with the Hero (CR v4.0)."""
MAX_COPIES = 3
MAX_FACTIONS = 3


def deck_problems(cards: Mapping[str, Card], hero: str, counts: Mapping[str, Any]) -> list[tuple[str | None, str]]:
    """What breaks the deck-building rules: (the card id it is about, or None; the rule broken)."""
    out: list[tuple[str | None, str]] = []
    h = cards.get(hero)
    if h is None or h.kind != "hero":
        out.append(
            (
                None,
                f"hero {hero!r}: a deck has exactly one Hero; heroes: "
                f"{', '.join(sorted(c.id for c in cards.values() if c.kind == 'hero'))}",
            )
        )
    factions = {h.faction} if h is not None and h.faction else set()
    names: dict[str, int] = {}
    total = 0
    for cid, n in counts.items():
        card = cards.get(cid)
        if card is None:
            out.append((cid, f"{cid!r} is no Altered card"))
            continue
        if not card.in_deck:
            out.append((cid, f"{card.name} is a {card.kind}: only Characters, Spells and Permanents go in a deck"))
            continue
        if not isinstance(n, int) or isinstance(n, bool) or n < 1:
            out.append((cid, f"{cid}: copies must be a whole number ≥ 1, not {n!r}"))
            continue
        names[card.name] = names.get(card.name, 0) + n
        if names[card.name] > MAX_COPIES:
            out.append((cid, f"{names[card.name]} cards named {card.name}: at most {MAX_COPIES} of one name"))
        if card.faction:
            factions.add(card.faction)
        total += n
    if len(factions) > MAX_FACTIONS:
        out.append(
            (
                None,
                f"{len(factions)} factions ({', '.join(sorted(f for f in factions if f))}): "
                f"at most {MAX_FACTIONS}, the Hero's included",
            )
        )
    if total < MIN_CARDS:
        out.append((None, f"{total} cards besides the Hero: a deck has at least {MIN_CARDS}"))
    if total + 1 > MAX_TOTAL:
        out.append((None, f"{total + 1} cards with the Hero: a deck has at most {MAX_TOTAL}"))
    return out


def _check(cards: dict[str, Card], decks: dict[str, Deck], where: dict[str, tuple[str, int]]) -> list[Problem]:
    problems: list[Problem] = []

    def bad(key: str, fld: str, msg: str) -> None:
        file, line = where.get(key, ("?", 1))
        problems.append(Problem(file, line, key.split(":")[-1], fld, msg))

    ids = set(cards)
    for cid, card in cards.items():
        for msg in step_problems(list(card.effect), set(card.targets), ids):
            bad(cid, "effect", msg)
        for i, ab in enumerate(card.abilities):
            for msg in step_problems(list(ab.effect), set(ab.targets), ids):
                bad(cid, f"abilities[{i}].effect", msg)
        for i, p in enumerate(card.passives):
            if p.grant is not None:
                for msg in step_problems(list(p.grant.effect), set(p.grant.targets), ids):
                    bad(cid, f"passives[{i}].grant.effect", msg)
    for did, deck in decks.items():
        for about, msg in deck_problems(cards, deck.hero, deck.cards):
            bad(f"deck:{did}", f"cards.{about}" if about else "cards", msg)
    return problems


class Catalog:
    """All Altered cards and shipped decks, loaded from YAML and validated."""

    def __init__(self, cards: dict[str, Card], decks: dict[str, Deck], fingerprint: str) -> None:
        self.cards = cards
        self.decks = decks
        self.fingerprint = fingerprint

    @classmethod
    def load(cls, paths: list[Path] | None = None) -> Catalog:
        cards, decks, problems, fp = load_cards(paths)
        if problems:
            raise CatalogError(problems)
        return cls(cards, decks, fp)

    def card(self, cid: str) -> Card:
        try:
            return self.cards[cid]
        except KeyError:
            raise CardgamesError(f"no Altered card {cid!r}") from None

    def heroes(self) -> list[Card]:
        return sorted((c for c in self.cards.values() if c.kind == "hero"), key=lambda c: c.name)

    def tumults(self) -> list[Card]:
        return sorted((c for c in self.cards.values() if c.kind == "tumult"), key=lambda c: c.id)


def load_cards(paths: list[Path] | None = None) -> tuple[dict[str, Card], dict[str, Deck], list[Problem], str]:
    """Load every card file; returns (cards by id, decks by id, every problem, fingerprint)."""
    loaded = load_card_files(paths or [cards_dir("altered")], CardFile)
    cards: dict[str, Card] = loaded.cards
    decks: dict[str, Deck] = loaded.collect("decks", "deck")
    where, problems = loaded.where, loaded.problems
    problems.extend(_check(cards, decks, where))
    return cards, decks, problems, loaded.fingerprint


def load_cards_flat(paths: list[Path] | None = None) -> tuple[dict[str, Any], list[Problem], str]:
    """`load_cards` in the shape `cardgames validate` reads."""
    cards, decks, problems, fp = load_cards(paths)
    return {**cards, **{f"deck:{k}": v for k, v in decks.items()}}, problems, fp


def read_deck_file(path: Path, cards: Mapping[str, Card]) -> dict[str, Any]:
    """A player's own deck file (`hero: <id>` and `cards: {id: copies}`), read and checked against
    the deck-building rules; CardgamesError names the file, the line and the rule broken."""
    data, node, problems = read_yaml(path)
    if problems:
        p = problems[0]
        raise CardgamesError(f"{p.file}:{p.line}: {p.message}")
    if not isinstance(data, dict) or not isinstance(data.get("hero"), str) or not isinstance(data.get("cards"), dict):
        raise CardgamesError(
            f"{path}:1: a deck file has `hero: <hero id>` and `cards:` mapping card ids "
            "to copies, e.g. `haven-warrior: 3`"
        )
    lines: dict[str, int] = {}
    hero_line = 1
    if isinstance(node, yaml.MappingNode):
        for k, v in node.value:
            if k.value == "hero":
                hero_line = k.start_mark.line + 1
            if k.value == "cards" and isinstance(v, yaml.MappingNode):
                lines = {str(kk.value): kk.start_mark.line + 1 for kk, _ in v.value}
                cards_line = k.start_mark.line + 1
                lines.setdefault("", cards_line)
    counts = {str(k): v for k, v in data["cards"].items()}
    for about, msg in deck_problems(cards, str(data["hero"]), counts):
        line = lines.get(about, 1) if about else (hero_line if msg.startswith("hero") else lines.get("", 1))
        raise CardgamesError(f"{path}:{line}: {msg}")
    return {"hero": str(data["hero"]), "cards": counts}
