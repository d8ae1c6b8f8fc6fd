"""The ARC-mage card catalog: every card and decklist by id, checked, and deck files read with their lines."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from cardgames.catalog.loader import CatalogError, Problem, load_card_files, read_yaml
from cardgames.catalog.paths import cards_dir
from cardgames.engine.decisions import CardgamesError
from cardgames.games.arcmage.schema import Activated, Card, CardFile, Decklist, Static
from cardgames.games.arcmage.vocabulary import step_problems

DECK_SIZE = 45
MIN_CITIES = 3
MAX_COPIES = 3
CITY_STACK = 3


class DeckError(CardgamesError, ValueError):
    """A deck breaks a deck-building rule; the message names the file, line and rule."""


def deck_problems(cards: dict[str, Card], counts: dict[str, int], lines: dict[str, int] | None = None,
                  where: str = "the deck") -> list[str]:
    """Every deck-building rule the deck breaks (Deck Building: 45 cards, ≥3 cities, ≤3 copies of a name)."""
    lines = lines or {}
    out: list[str] = []

    def at(cid: str | None) -> str:
        return f"{where}:{lines.get(cid, 1) if cid else 1}"

    names: Counter[str] = Counter()
    for cid, n in counts.items():
        card = cards.get(cid)
        if card is None:
            out.append(f"{at(cid)}: no ARC-mage card {cid!r}")
            continue
        if card.token:
            out.append(f"{at(cid)}: {card.name} is a token, never a deck card (R1)")
        if card.invented:
            out.append(f"{at(cid)}: {card.name} is not a real ARC-mage card (made for the rulebook's examples)")
        if not isinstance(n, int) or isinstance(n, bool) or n < 1:
            out.append(f"{at(cid)}: {cid}: copies must be a whole number of at least 1, not {n!r}")
            continue
        names[card.name.strip().lower()] += n
        if names[card.name.strip().lower()] > MAX_COPIES:
            out.append(f"{at(cid)}: {n} copies of {card.name}; a deck may hold at most {MAX_COPIES} copies of a card "
                       "(Deck Building)")
    if out:
        return out
    total = sum(counts.values())
    if total != DECK_SIZE:
        out.append(f"{at(None)}: {total} cards; every deck must contain exactly {DECK_SIZE} cards (Deck Building)")
    cities = sum(n for cid, n in counts.items() if cards[cid].is_city)
    if cities < MIN_CITIES:
        out.append(f"{at(None)}: {cities} cities; at least {MIN_CITIES} of the {DECK_SIZE} cards must be city cards "
                   "(Deck Building)")
    return out


def _check(cards: dict[str, Card], decks: dict[str, Decklist], where: dict[str, tuple[str, int]]) -> list[Problem]:
    problems: list[Problem] = []

    def bad(key: str, fld: str, msg: str) -> None:
        file, line = where.get(key, ("?", 1))
        problems.append(Problem(file, line, key.split(":")[-1], fld, msg))

    for cid, card in cards.items():
        for fld, slots, steps in effects_of(card):
            for msg in step_problems(steps, set(slots), set(cards)):
                bad(cid, fld, msg)
        if card.is_creature and card.def_ <= 0:
            bad(cid, "def", "a creature has a defense of at least 1")
        if card.is_city and card.defense <= 0:
            bad(cid, "defense", "a city has a defense of at least 1")
        if card.type == "enchantment" and card.enchant is None:
            bad(cid, "enchant", "an enchantment says what it enchants (target: null for a global one)")
    for did, deck in decks.items():
        file, line = where.get(f"deck:{did}", ("?", 1))
        for msg in deck_problems(cards, dict(deck.cards), where=file):
            problems.append(Problem(file, line, did, "cards", msg.split(": ", 1)[-1]))
    return problems


def effects_of(card: Card) -> list[tuple[str, dict[str, Any], list[dict[str, Any]]]]:
    """(field, target slots, effect steps) of every effect the card has."""
    out: list[tuple[str, dict[str, Any], list[dict[str, Any]]]] = []
    for i, lv in enumerate(card.levels):
        out.append((f"levels[{i}].effect", dict(lv.targets), list(lv.effect)))
    for name in ("enters", "dies", "leaves", "devotes", "marked", "hits_city", "city_tactics", "blocked",
                 "attacks", "moved_in", "moves", "from_grave"):
        eff = getattr(card, name)
        if eff is not None:
            out.append((f"{name}.effect", dict(eff.targets), list(eff.effect)))
    if card.on_cast is not None:
        out.append(("on_cast.effect", {}, list(card.on_cast.effect)))
    if card.watch_enters is not None:
        out.append(("watch_enters.effect", {}, list(card.watch_enters.effect)))
    for i, ab in enumerate(card.activated):
        out.append((f"activated[{i}].effect", dict(ab.targets), list(ab.effect)))
    if card.play is not None:
        out.append(("play.effect", dict(card.play.targets), list(card.play.effect)))
        for i, mode in enumerate(card.play.modes):
            out.append((f"play.modes[{i}].effect", dict(mode.targets), list(mode.effect)))
    if card.enchant is not None:
        out.append(("enchant.effect", {}, list(card.enchant.effect)))
        for i, ab in enumerate(card.enchant.grants):
            out.append((f"enchant.grants[{i}].effect", dict(ab.targets), list(ab.effect)))
    return out


def statics_of(card: Card) -> list[Static]:
    """Every passive the card may put in force: its own, its enchantment's, its cities' levels."""
    out = list(card.statics) + [lv.static for lv in card.levels if lv.static is not None]
    if card.enchant is not None and card.enchant.static is not None:
        out.append(card.enchant.static)
    return out


@dataclass(frozen=True)
class EffectRef:
    """What an ability reference resolves to."""

    targets: dict[str, Any]
    steps: list[dict[str, Any]]


class Catalog:
    """All ARC-mage cards and the six named decklists, loaded from YAML and validated."""

    def __init__(self, cards: dict[str, Card], decks: dict[str, Decklist], fingerprint: str) -> None:
        self.cards = cards
        self.decks = decks
        self.fingerprint = fingerprint
        self.by_name = {c.name.lower(): c for c in cards.values()}
        self.lowers_def = frozenset(cid for cid, c in cards.items() if any(st.def_ < 0 for st in statics_of(c)))
        """Cards with a passive that may lower a creature's defense (the state checks' quick test)."""
        self.unsure_def = self.lowers_def | {cid for cid, c in cards.items() if c.def_ <= 0}
        """Cards the state checks look at even without counters: those that may lower a defense, and those
        whose printed DEF is 0 or less (no creature's, by the check below)."""
        self.frail_cities = frozenset(cid for cid, c in cards.items() if c.is_city and c.defense <= 0)
        """Cities whose printed defense is 0 or less (none, by the check below)."""
        self.from_grave = frozenset(cid for cid, c in cards.items() if c.from_grave is not None)
        """Cards that work from a graveyard (Wight)."""
        self.perm_levels = {cid: [(lv.level, lv.static) for lv in c.levels
                                  if lv.lasts == "perm" and lv.static is not None]
                            for cid, c in cards.items() if c.levels}
        """Each city's permanent levels with a passive, (devotion needed, passive) in printed order."""
        self.own_statics = {cid: list(c.statics) for cid, c in cards.items() if c.statics}
        """The passives printed on each card that has any (a creature's own, while it is in play)."""
        self.enchant_static = {cid: c.enchant.static for cid, c in cards.items()
                               if c.enchant is not None and c.enchant.static is not None}
        """The passive of each enchantment that has one."""
        self.activated: dict[str, list[tuple[str, Activated]]] = {
            cid: [(f"card:{cid}:act:{i}", ab) for i, ab in enumerate(c.activated)]
            for cid, c in cards.items() if c.activated}
        """Each card's own activated abilities with their effect references, for the cards that have any."""
        self.grants: dict[str, list[tuple[str, Activated]]] = {
            cid: [(f"card:{cid}:grant:{j}", ab) for j, ab in enumerate(c.enchant.grants)]
            for cid, c in cards.items() if c.enchant is not None and c.enchant.grants}
        """The abilities each enchantment that gives any gives its host (Blindfolded), with their references."""
        self.worth = {cid: c.devotion if c.devotion is not None else (0 if c.token else c.loyalty)
                      for cid, c in cards.items()}
        """What each card adds to a city's devotion when it devotes (Effects: its loyalty marks; a token none)."""

    @classmethod
    def load(cls, paths: list[Path] | None = None) -> Catalog:
        cards, decks, problems, fp = load_cards(paths)
        if problems:
            raise CatalogError(problems)
        return cls(cards, decks, fp)

    def effect(self, ref: str) -> EffectRef:
        """Resolve "card:<id>:<where>[:<i>]" (play, mode:i, level:i, act:i, enters, dies, ...)."""
        parts = ref.split(":")
        card = self.cards[parts[1]]
        where = parts[2]
        if where == "play" and card.play is not None:
            return EffectRef(dict(card.play.targets), list(card.play.effect))
        if where == "mode" and card.play is not None:
            m = card.play.modes[int(parts[3])]
            return EffectRef(dict(m.targets), list(m.effect))
        if where == "level":
            lv = card.levels[int(parts[3])]
            return EffectRef(dict(lv.targets), list(lv.effect))
        if where == "act":
            ab = card.activated[int(parts[3])]
            return EffectRef(dict(ab.targets), list(ab.effect))
        if where == "grant" and card.enchant is not None:
            ab = card.enchant.grants[int(parts[3])]
            return EffectRef(dict(ab.targets), list(ab.effect))
        if where == "enchant" and card.enchant is not None:
            return EffectRef({}, list(card.enchant.effect))
        if where == "on_cast" and card.on_cast is not None:
            return EffectRef({}, list(card.on_cast.effect))
        if where == "watch_enters" and card.watch_enters is not None:
            return EffectRef({}, list(card.watch_enters.effect))
        if where == "creature":
            return EffectRef({}, [])
        eff = getattr(card, where, None)
        if eff is None:
            raise CardgamesError(f"{card.id} has no ability {where}")
        return EffectRef(dict(eff.targets), list(eff.effect))


def load_cards(paths: list[Path] | None = None) -> tuple[dict[str, Card], dict[str, Decklist], list[Problem], str]:
    """Load every card file; returns (cards by id, decklists by id, every problem, fingerprint)."""
    loaded = load_card_files(paths or [cards_dir("arcmage")], CardFile)
    cards: dict[str, Card] = loaded.cards
    decks: dict[str, Decklist] = loaded.collect("decks", "decklist")
    where, problems = loaded.where, loaded.problems
    problems.extend(_check(cards, decks, where))
    return cards, decks, problems, loaded.fingerprint


def load_cards_flat(paths: list[Path] | None = None) -> tuple[dict[str, Any], list[Problem], str]:
    """`load_cards` in the shape `cardgames validate` reads."""
    cards, decks, problems, fp = load_cards(paths)
    return {**cards, **{f"deck:{k}": v for k, v in decks.items()}}, problems, fp


def read_deck_file(path: Path, cards: dict[str, Card]) -> dict[str, int]:
    """A player's deck file: YAML mapping card ids (or names) to copies, at the top level or under
    `cards:`; checked against the deck-building rules. DeckError names the file, line and rule."""
    data, node, problems = read_yaml(path)
    if problems:
        p = problems[0]
        raise DeckError(f"{p.file}:{p.line}: {p.message}")
    nested = isinstance(data, dict) and isinstance(data.get("cards"), dict)
    counts = data.get("cards") if nested else data
    if not isinstance(counts, dict) or not counts:
        raise DeckError(f"{path}:1: a deck file maps card ids to copies, e.g. `farmland: 1` "
                        "(at the top level or under `cards:`)")
    by_name = {c.name.lower(): c.id for c in cards.values()}
    lines: dict[str, int] = {}
    out: dict[str, int] = {}
    for key_node, _ in _mapping_items(node, nested):
        lines[str(key_node.value)] = key_node.start_mark.line + 1
    for key, n in counts.items():
        cid = str(key) if str(key) in cards else by_name.get(str(key).strip().lower(), str(key))
        lines.setdefault(cid, lines.get(str(key), 1))
        if not isinstance(n, int) or isinstance(n, bool):
            raise DeckError(f"{path}:{lines[cid]}: {key}: copies must be a whole number, not {n!r}")
        out[cid] = out.get(cid, 0) + n
    errors = deck_problems(cards, out, lines, str(path))
    if errors:
        raise DeckError(errors[0])
    return out


def _mapping_items(node: Any, nested: bool) -> list[tuple[Any, Any]]:
    if not isinstance(node, yaml.MappingNode):
        return []
    if nested:
        for k, v in node.value:
            if k.value == "cards" and isinstance(v, yaml.MappingNode):
                return list(v.value)
        return []
    return list(node.value)
