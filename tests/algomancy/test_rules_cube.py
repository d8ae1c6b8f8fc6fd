"""Cube draft through real games (rulebook: Cube draft — Making the cube, Algomancy cube draft; ruling A69)."""

from __future__ import annotations

import pytest

from cardgames.api import new_game
from cardgames.engine.game import Game
from cardgames.engine.ruleset import SetupError
from cardgames.games.algomancy.cube import ROUNDS, cube_copies
from cardgames.games.algomancy.rules import Algomancy


def cube_game(players: int = 2, seed: int = 4) -> Game:
    names = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"][:players]
    return new_game("algomancy", names, seed, {"format": "cube", "initiative": "Ann"})


def draft_round(g: Game) -> None:
    """Every player keeps the two cards they drew and passes the pack as it is."""
    for _ in range(len(g.state.players)):
        assert g.decision.kind == "draft", g.decision.prompt
        g.choose("done")


def test_making_the_cube_every_card_of_every_element_with_enough_copies_for_everyone() -> None:
    g = cube_game(players=4)
    pool = Algomancy().cat.pool(["fire", "water", "earth", "wood", "metal"])
    copies = cube_copies(4, len(pool))
    assert copies * len(pool) >= 4 * (10 + 2 * ROUNDS)
    cards = [o for o in g.state.objects.values() if o.owner == -1]
    assert len(cards) == copies * len(pool)
    assert {o.card for o in cards} == {c.id for c in pool}


def test_algomancy_cube_draft_each_player_is_dealt_a_pack_of_ten_and_draws_two_a_round() -> None:
    g = cube_game()
    assert [len(g.state.zones[f"pack:{s}"].cards) for s in (0, 1)] == [10, 10]
    assert [len(g.state.zones[f"hand:{s}"].cards) for s in (0, 1)] == [2, 2]
    assert g.decision.kind == "draft" and g.decision.seat_index == 0


def test_algomancy_cube_draft_the_new_pack_of_ten_passes_clockwise() -> None:
    g = cube_game(players=3)
    ann_pack = list(g.state.zones["pack:0"].cards)
    draft_round(g)
    assert sorted(g.state.zones["pack:1"].cards) == sorted(ann_pack)


def test_algomancy_cube_draft_fifteen_rounds_make_a_thirty_card_deck_played_as_constructed() -> None:
    g = cube_game()
    for _ in range(ROUNDS):
        draft_round(g)
    assert g.decision.kind == "recycle"  # constructed: the draft step draws 2 and recycles 2, no pack
    for s in (0, 1):
        assert len(g.state.zones[f"deck:{s}"].cards) + len(g.state.zones[f"hand:{s}"].cards) == 30
        assert len(g.state.zones[f"hand:{s}"].cards) == 4 + 2 + 2  # opening hand, first draw, draft step
        assert not g.state.zones[f"pack:{s}"].cards
    assert g.state.globals["format"] == "constructed"


def test_cube_draft_takes_no_decks_or_elements() -> None:
    with pytest.raises(SetupError, match="elements"):
        Algomancy().normalize_options(["A", "B"], {"format": "cube", "elements": ["fire", "water", "earth"]})
    with pytest.raises(SetupError, match="decks"):
        Algomancy().normalize_options(["A", "B"], {"format": "cube", "decks": {"A": "x"}})


def traditional(players: int = 3) -> Game:
    names = ["Ann", "Bob", "Cat", "Dan"][:players]
    return new_game("algomancy", names, 4, {"format": "cube", "cube_style": "traditional", "initiative": "Ann"})


def pick_round(g: Game) -> None:
    """Everyone picks the first card of the pack they hold."""
    for _ in range(len(g.state.players)):
        assert g.decision.kind == "draft" and g.decision.options[0].key.startswith("take:")
        g.choose(g.decision.options[0])


def test_traditional_cube_draft_three_packs_of_fifteen_one_pick_at_a_time_passing_left_right_left() -> None:
    g = traditional()
    assert [len(g.state.zones[f"pack:{s}"].cards) for s in range(3)] == [15, 15, 15]
    ann = set(g.state.zones["pack:0"].cards)
    pick_round(g)
    assert len(g.state.zones["hand:0"].cards) == 1
    assert set(g.state.zones["pack:1"].cards) < ann and len(g.state.zones["pack:1"].cards) == 14  # to the left
    for _ in range(14):
        pick_round(g)
    ann = set(g.state.zones["pack:0"].cards)  # the second pack of 15
    assert len(ann) == 15
    pick_round(g)
    assert set(g.state.zones["pack:2"].cards) < ann  # passed to the right this time
    for _ in range(14 + 15):
        pick_round(g)
    assert [len(g.state.zones[f"hand:{s}"].cards) for s in range(3)] == [45, 45, 45]


def test_traditional_cube_draft_each_player_builds_a_thirty_card_deck_from_their_pile() -> None:
    g = traditional(players=2)
    for _ in range(45):
        pick_round(g)
    assert g.decision.kind == "draft" and "keep exactly 30" in g.decision.prompt
    assert "done" not in [o.key for o in g.decision.options]
    for seat in (0, 1):
        assert g.decision.seat_index == seat
        for _ in range(15):
            g.choose(next(o for o in g.decision.options if o.key.startswith("take:")))
        assert g.decision.options[0].key == "done"
        g.choose("done")
    assert [len(g.state.zones[f"deck:{s}"].cards) + len(g.state.zones[f"hand:{s}"].cards) for s in (0, 1)] \
        == [30, 30]
