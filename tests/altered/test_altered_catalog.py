"""The Altered catalog loads; deck files are refused with file, line and the rule broken."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardgames.engine.decisions import CardgamesError
from cardgames.games.altered.catalog import Catalog, read_deck_file


def test_catalog_loads_the_pool_and_eight_shipped_decks() -> None:
    cat = Catalog.load()
    assert len(cat.heroes()) == 8 and len(cat.decks) == 8 and len(cat.tumults()) == 3


def test_deck_file_refused_with_file_line_and_rule(tmp_path: Path) -> None:
    cards = Catalog.load().cards
    deck = tmp_path / "d.yaml"
    deck.write_text("hero: kojo-and-booda\ncards:\n  haven-warrior: 3\n  red: 4\n", encoding="utf-8")
    with pytest.raises(CardgamesError, match=r"d\.yaml:4: 4 cards named Red: at most 3"):
        read_deck_file(deck, cards)
    deck.write_text("hero: kojo-and-booda\ncards:\n  haven-warrior: 3\n", encoding="utf-8")
    with pytest.raises(CardgamesError, match=r"d\.yaml:2: 3 cards besides the Hero: a deck has at least 29"):
        read_deck_file(deck, cards)
    good = "hero: kojo-and-booda\ncards:\n" + "".join(
        f"  {c}: 3\n"
        for c in [
            "haven-warrior",
            "red",
            "atlas",
            "achilles",
            "ratatoskr",
            "bravos-tracer",
            "issun-boshi",
            "physical-training",
            "haven-trainee",
            "ordis-trooper",
        ]
    )
    deck.write_text(good, encoding="utf-8")
    assert read_deck_file(deck, cards)["hero"] == "kojo-and-booda"
