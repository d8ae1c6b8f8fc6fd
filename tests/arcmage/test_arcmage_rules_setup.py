"""Deck Building and Playing the game: legal decks, deck files refused with file, line and rule, the
city stack, 7-card hands, first cities placed in turn order, options refused in one line."""

from __future__ import annotations

from pathlib import Path

import pytest
from arc_play import RULES

from cardgames import new_game
from cardgames.engine.ruleset import SetupError
from cardgames.games.arcmage import table as t
from cardgames.games.arcmage.catalog import DeckError, deck_problems

DECK_NAMES = {"Gaian Love for Life", "Uneasy Alliance", "Toll of Time", "Brothers in Arms", "The Uprising",
              "Shadow League"}


def test_deck_building_the_six_named_decks_are_legal() -> None:
    """Deck Building: exactly 45 cards, at least 3 cities, at most 3 copies of a name — the six named decks."""
    assert {d.name for d in RULES.cat.decks.values()} == DECK_NAMES
    for d in RULES.cat.decks.values():
        assert deck_problems(RULES.cards, dict(d.cards)) == [], d.name
        assert sum(d.cards.values()) == 45


def _write(tmp_path: Path, text: str) -> Path:
    p = tmp_path / "mine.yaml"
    p.write_text(text)
    return p


def test_deck_building_a_deck_file_with_44_cards_is_refused_naming_file_and_rule(tmp_path: Path) -> None:
    lines = [f"{cid}: {n}" for cid, n in RULES.cat.decks["brothers-in-arms"].cards.items()]
    lines[-1] = lines[-1][:-1] + "2"
    p = _write(tmp_path, "\n".join(lines) + "\n")
    with pytest.raises(DeckError, match=r"mine.yaml:1: 44 cards; every deck must contain exactly 45"):
        RULES.read_deck(p)


def test_deck_building_four_copies_refused_at_its_line(tmp_path: Path) -> None:
    p = _write(tmp_path, "armory: 1\nbarracks: 1\nborgs-keep: 1\nbearer: 4\n")
    with pytest.raises(DeckError, match=r"mine.yaml:4: 4 copies of Bearer; a deck may hold at most 3"):
        RULES.read_deck(p)


def test_deck_building_fewer_than_three_cities_refused(tmp_path: Path) -> None:
    cards = {"armory": 1, "barracks": 1, "bearer": 3, "conscript": 3, "footsoldier": 3, "mentor": 3,
             "mercenary": 3, "mounted-eagle": 3, "spearman": 3, "squad-leader": 3, "trebuchet": 3,
             "seat-of-the-throne": 3, "battering-ram": 3, "assemble-the-army": 3, "dimensional-pocket": 3,
             "revenge": 3, "gigantic-spider": 1}
    p = _write(tmp_path, "cards:\n" + "".join(f"  {k}: {v}\n" for k, v in cards.items()))
    with pytest.raises(DeckError, match=r"2 cities; at least 3 of the 45 cards must be city cards"):
        RULES.read_deck(p)


def test_deck_building_unknown_card_and_token_refused(tmp_path: Path) -> None:
    with pytest.raises(DeckError, match=r"mine.yaml:2: no ARC-mage card 'dragon'"):
        RULES.read_deck(_write(tmp_path, "armory: 1\ndragon: 3\n"))
    with pytest.raises(DeckError, match=r"mine.yaml:1: Crop Token is a token"):
        RULES.read_deck(_write(tmp_path, "crop-token: 3\n"))


def test_deck_building_a_legal_file_by_card_names_is_read(tmp_path: Path) -> None:
    deck = RULES.cat.decks["toll-of-time"].cards
    text = "".join(f'"{RULES.cards[cid].name}": {n}\n' for cid, n in deck.items())
    assert RULES.read_deck(_write(tmp_path, text)) == dict(deck)


def test_options_refused_in_one_line() -> None:
    with pytest.raises(SetupError, match="three to six players"):
        RULES.normalize_options(["A", "B"], {"format": "ffa"})
    with pytest.raises(SetupError, match="no deck 'x'"):
        RULES.normalize_options(["A", "B"], {"decks": {"A": "x"}})
    with pytest.raises(SetupError, match="2 to 6 players"):
        RULES.normalize_options(["A"], {})


def test_playing_the_game_city_stack_seven_cards_and_first_cities_in_turn_order() -> None:
    """Playing the game: three cities aside face down, 7 cards drawn, then starting with the first player
    each puts one city from the stack into play face up."""
    g = new_game("arcmage", ["Ann", "Bob"], seed=3, options={"decks": {"Ann": "brothers-in-arms",
                                                                       "Bob": "shadow-league"}})
    s = g.state
    for seat in (0, 1):
        assert len(s.zones[t.unbuilt(seat)].cards) == 3
        assert s.zones[t.unbuilt(seat)].visibility == "owner"
        assert len(s.zones[t.hand(seat)].cards) == 7
        assert len(s.zones[t.deck(seat)].cards) == 35
    first = g.decision.seat_index
    assert g.decision.kind == "found"
    g.choose(g.decision.options[0])
    assert g.decision.seat_index == 1 - first and g.decision.kind == "found"
    g.choose(g.decision.options[0])
    assert len(s.zones[t.kingdom(0)].cards) == len(s.zones[t.kingdom(1)].cards) == 1
    assert g.decision.kind == "turn" and g.decision.seat_index == first


def test_random_deck_is_one_of_the_six() -> None:
    g = new_game("arcmage", ["Ann", "Bob"], seed=5)
    assert {p.props["deck"] for p in g.state.players} <= DECK_NAMES
