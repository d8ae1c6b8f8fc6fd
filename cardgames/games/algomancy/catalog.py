"""The Algomancy card catalog: every card and decklist by id, checked for references and effect words."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from cardgames.catalog.loader import CatalogError, Problem, load_card_files, read_yaml
from cardgames.catalog.paths import cards_dir
from cardgames.engine.decisions import CardgamesError
from cardgames.games.algomancy.schema import (
    ELEMENTS,
    Ability,
    Card,
    CardFile,
    Decklist,
    Element,
    Static,
    TargetSpec,
)
from cardgames.games.algomancy.vocabulary import step_problems

MIN_DECK = 30
MAX_COPIES = 2


@dataclass(frozen=True)
class Effect:
    """What an ability reference resolves to: its target slots and effect steps."""

    targets: dict[str, TargetSpec]
    steps: list[dict[str, Any]]
    name: str


def effects_of(card: Card) -> list[tuple[str, dict[str, TargetSpec], list[dict[str, Any]]]]:
    """(field, target slots, effect steps) of every effect a card has, mods included."""
    out: list[tuple[str, dict[str, TargetSpec], list[dict[str, Any]]]] = []
    if card.play is not None:
        out.append(("play.effect", dict(card.play.targets), list(card.play.effect)))
    for i, ab in enumerate(card.abilities):
        out.append((f"abilities[{i}].effect", dict(ab.targets), list(ab.effect)))
    if card.augment is not None:
        for i, ab in enumerate(card.augment.abilities):
            out.append((f"augment.abilities[{i}].effect", dict(ab.targets), list(ab.effect)))
    if card.graft is not None:
        out.append(("graft.effect", dict(card.graft.targets), list(card.graft.effect)))
    return out


def _check(cards: dict[str, Card], decks: dict[str, Decklist],
           where: dict[str, tuple[str, int]]) -> list[Problem]:
    problems: list[Problem] = []

    def bad(key: str, fld: str, msg: str) -> None:
        file, line = where.get(key, ("?", 1))
        problems.append(Problem(file, line, key.split(":")[-1], fld, msg))

    for cid, card in cards.items():
        for fld, targets, steps in effects_of(card):
            for msg in step_problems(steps, set(targets), set(cards)):
                bad(cid, fld, msg)
        if card.kind == "resource" and card.affinity_gives is None and cid not in ("prismite", "shard"):
            bad(cid, "affinity_gives", "an elemental resource names the element it gives")
    for did, deck in decks.items():
        total = 0
        for cid, n in deck.cards.items():
            listed = cards.get(cid)
            if listed is None:
                bad(f"deck:{did}", f"cards.{cid}", "no such card")
                continue
            if not listed.playable_from_deck:
                bad(f"deck:{did}", f"cards.{cid}", f"a {listed.kind} cannot be in a deck")
            if not 1 <= n <= MAX_COPIES:
                bad(f"deck:{did}", f"cards.{cid}", f"{n} copies: a deck holds 1 or {MAX_COPIES} of each card")
            total += n
        if total < MIN_DECK:
            bad(f"deck:{did}", "cards", f"{total} cards: a constructed deck has at least {MIN_DECK}")
    return problems


class Catalog:
    """All Algomancy cards and shipped decklists, loaded from YAML and validated."""

    def __init__(self, cards: dict[str, Card], decks: dict[str, Decklist], fingerprint: str) -> None:
        self.cards = cards
        self.decks = decks
        self.fingerprint = fingerprint
        self._effects: dict[str, Effect] = {}
        self._statics = {cid: _stat_statics(card.abilities) + _stat_statics(_augment(card))
                         for cid, card in cards.items()}
        self._mod_statics = {cid: _stat_statics(_augment(card)) for cid, card in cards.items()}
        self.static_cards = frozenset(cid for cid, statics in self._statics.items() if statics)
        """The cards with a stat-changing static of their own (`statics`)."""
        self.mod_cards = frozenset(cid for cid, c in cards.items() if c.augment is not None or c.graft is not None)
        """The cards that may be applied as a mod (an augment or a graft: mods.mod_kind)."""
        self.positional = frozenset(cid for cid in cards if any(
            st.to == "adjacent_allies" or st.while_ == "back_row"
            for st in self._statics[cid] + self._mod_statics[cid]))
        """The cards with a static (their own, or given as a mod) that reads where a unit stands in a formation."""
        by = {c.affinity_gives: c for c in cards.values() if c.kind == "resource" and c.affinity_gives}
        self._resources = tuple(by[e] for e in ELEMENTS if e in by)

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
            raise CardgamesError(f"no Algomancy card {cid!r}") from None

    def statics(self, cid: str) -> tuple[Static, ...]:
        """The stat-changing static abilities of a card in play: its own, then its augment text's
        (which works on the card itself too); worked out once, as the catalog never changes."""
        return self._statics[cid]

    def mod_statics(self, cid: str) -> tuple[Static, ...]:
        """The stat-changing static abilities a card gives the unit it is applied to as a mod."""
        return self._mod_statics[cid]

    def pool(self, elements: list[Element]) -> list[Card]:
        """The live-draft deck's cards for these elements: mono cards of each, and the hybrids
        whose elements are all among them (rulebook: Element selection)."""
        chosen = set(elements)
        return [c for c in self.cards.values()
                if c.playable_from_deck and c.elements and set(c.elements) <= chosen]

    def resources(self) -> list[Card]:
        """The elemental resources, one per element, in element order."""
        return list(self._resources)

    def resource_for(self, element: Element) -> Card:
        for c in self.resources():
            if c.affinity_gives == element:
                return c
        raise CardgamesError(f"no resource gives {element} affinity")

    def effect(self, ref: str) -> Effect:
        """Resolve an ability reference: "card:<id>:play", "card:<id>:ab:<i>", "card:<id>:aug:<i>",
        "card:<id>:graft"."""
        cached = self._effects.get(ref)
        if cached is not None:
            return cached
        parts = ref.split(":")
        if len(parts) < 3 or parts[0] != "card":
            raise CardgamesError(f"bad ability reference {ref!r}")
        card = self.card(parts[1])
        where = parts[2]
        eff: Effect
        if where == "play" and card.play is not None:
            eff = Effect(dict(card.play.targets), list(card.play.effect), card.name)
        elif where == "graft" and card.graft is not None:
            eff = Effect(dict(card.graft.targets), list(card.graft.effect), card.name)
        elif where in ("ab", "aug"):
            ab = self.ability(card, where, int(parts[3]))
            eff = Effect(dict(ab.targets), list(ab.effect), card.name)
        else:
            raise CardgamesError(f"{card.id} has no ability {where}")
        self._effects[ref] = eff
        return eff

    @staticmethod
    def ability(card: Card, where: str, index: int) -> Ability:
        if where == "ab":
            return card.abilities[index]
        if where == "aug" and card.augment is not None:
            return card.augment.abilities[index]
        raise CardgamesError(f"{card.id} has no ability {where}:{index}")


def _augment(card: Card) -> list[Ability]:
    return card.augment.abilities if card.augment is not None else []


def _stat_statics(abilities: list[Ability]) -> tuple[Static, ...]:
    """The static abilities among `abilities` that change stats, in order."""
    return tuple(ab.static for ab in abilities if ab.static is not None and ab.static.stats != (0, 0))


def load_cards(paths: list[Path] | None = None
               ) -> tuple[dict[str, Card], dict[str, Decklist], list[Problem], str]:
    """Load every card file; returns (cards by id, decklists by id, every problem, fingerprint)."""
    loaded = load_card_files(paths or [cards_dir("algomancy")], CardFile)
    cards: dict[str, Card] = loaded.cards
    decks: dict[str, Decklist] = loaded.collect("decks", "decklist")
    where, problems = loaded.where, loaded.problems
    problems.extend(_check(cards, decks, where))
    return cards, decks, problems, loaded.fingerprint


def load_cards_flat(paths: list[Path] | None = None) -> tuple[dict[str, Any], list[Problem], str]:
    """`load_cards` in the shape `cardgames validate` reads: (cards and decklists, problems, fingerprint)."""
    cards, decks, problems, fp = load_cards(paths)
    return {**cards, **{f"deck:{k}": v for k, v in decks.items()}}, problems, fp


def read_deck_file(path: Path) -> dict[str, Any]:
    """A player's own deck file: YAML mapping card ids to copies, either at the top level or
    under `cards:` (a shipped decklist's shape). Raises CardgamesError naming the file and line;
    whether the deck is legal (known cards, ≤ 2 copies, ≥ 30 cards) the ruleset checks."""
    data, node, problems = read_yaml(path)
    if problems:
        p = problems[0]
        raise CardgamesError(f"{p.file}:{p.line}: {p.message}")
    counts = data.get("cards", data) if isinstance(data, dict) else None
    if not isinstance(counts, dict) or not counts:
        raise CardgamesError(f"{path}:1: a deck file maps card ids to copies, e.g. `oracle-of-the-flame: 2` "
                             "(at the top level or under `cards:`)")
    lines = {str(k.value): k.start_mark.line + 1 for k, _ in _mapping_items(node, "cards" in data)}
    out: dict[str, Any] = {}
    for cid, n in counts.items():
        if not isinstance(n, int) or isinstance(n, bool):
            raise CardgamesError(f"{path}:{lines.get(str(cid), 1)}: {cid}: copies must be a whole number, not {n!r}")
        out[str(cid)] = n
    return out


def _mapping_items(node: Any, nested: bool) -> list[tuple[Any, Any]]:
    """The key/value nodes of the deck's mapping (under `cards:` when `nested`)."""
    if not isinstance(node, yaml.MappingNode):
        return []
    if nested:
        for k, v in node.value:
            if k.value == "cards" and isinstance(v, yaml.MappingNode):
                return list(v.value)
        return []
    return list(node.value)
