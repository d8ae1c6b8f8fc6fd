"""Every card with structured abilities is exercised by a card test; resources give their affinity in a real game."""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest
from algomancy_play import ANN, COVERAGE, RESOURCE, card, game, keys, play, region, to_deploy

from cardgames.games.algomancy.catalog import Catalog
from cardgames.games.algomancy.schema import Card

SKIPPED: dict[str, str] = {
    "mirage-walker": "its only ability is Ambush",
    "steamvent-specter": "its only ability is Ambush",
    "tidal-menace": "it counts the mods on it (augment/graft as mods)",
    "rampart-guardian": "a type-line augment: Tough as a mod",
    "lulling-spores": "a type-line augment: Unaware as a mod",
    "bog-stalker": "a type-line augment: Deadly as a mod",
    "spark": "a Burst spell token",
}
"""Cards whose only structured abilities need mechanics tested elsewhere (mods, ambush, burst)."""


def structured(c: Card) -> bool:
    """Whether a card has something for the engine to do beyond its stats and attributes."""
    return bool(c.abilities or c.play or c.graft or c.from_bin or c.x or c.ambush
                or (c.augment is not None and c.augment.abilities) or c.virus)


def test_every_card_with_structured_abilities_has_a_card_test() -> None:
    """Cards are data (DESIGN): each structured ability is exercised by a test naming the card (`covers`)."""
    here = Path(__file__).parent
    for path in sorted(here.glob("test_cards_*.py")):
        if path.stem != Path(__file__).stem:
            importlib.import_module(path.stem)
    cards = Catalog.load().cards
    need = {cid for cid, c in cards.items() if structured(c)} - set(SKIPPED)
    missing = sorted(need - set(COVERAGE))
    assert missing == [], f"cards with structured abilities but no card test: {missing}"
    assert set(SKIPPED) <= set(cards) and not set(SKIPPED) & set(COVERAGE)


@pytest.mark.parametrize("element", sorted(RESOURCE))
def test_each_elemental_resource_gives_one_affinity_of_its_element(element: str) -> None:
    """Resources (p.14): "Affinity: Allows you to play cards with affinity requirements"; R1-R2: each elemental
    resource gives 1 affinity of its element. One active resource of the element lets a 1-affinity unit be played,
    and none of another element does."""
    unit = {"fire": "sparkwraith", "water": "jelly", "earth": "dune-drifter", "wood": "prickly-protector",
            "metal": "targeting-module"}[element]
    g = game({"hand": [unit], "mana": {element: 3}})
    to_deploy(g, ANN)
    play(g, card(g, unit))
    assert region(g, ANN) == [unit]
    other = next(e for e in sorted(RESOURCE) if e != element)
    g = game({"hand": [unit], "mana": {other: 3}})
    to_deploy(g, ANN)
    assert keys(g) == ["pass"]
