"""Options and setup: bad options refused with what is allowed; shipped, random and own decks."""

from __future__ import annotations

import pytest

from cardgames.api import new_game
from cardgames.engine.ruleset import SetupError
from cardgames.games.altered import table as t


@pytest.mark.parametrize(
    "names, options, message",
    [
        (["Ann"], {}, "two"),
        (["Ann", "Bob", "Cid"], {}, "two"),
        (["Ann", "Ann"], {}, "different"),
        (["Ann", "Bob"], {"colour": "red"}, "unknown option"),
        (["Ann", "Bob"], {"decks": {"Ann": "nope"}}, "no deck 'nope'"),
        (["Ann", "Bob"], {"decks": {"Cid": "after-you"}}, "not one of the players"),
        (["Ann", "Bob"], {"decks": {"Ann": {"hero": "kojo-and-booda", "cards": {"red": 3}}}}, "at least 29"),
        (["Ann", "Bob"], {"first": "Cid"}, "not one of the players"),
        (["Ann", "Bob"], {"given": {"phase": "morning"}}, "given.phase"),
        (["Ann", "Bob"], {"given": {"players": {"Cid": {}}}}, "Cid not among"),
    ],
)
def test_bad_options_are_refused_saying_what_is_allowed(names: list[str], options: dict, message: str) -> None:
    with pytest.raises(SetupError, match=message):
        new_game("altered", names, seed=1, options=options)


def test_setup_heroes_decks_and_a_random_first_player() -> None:
    firsts = set()
    for seed in range(10):
        g = new_game("altered", ["Ann", "Bob"], seed=seed, options={"decks": {"Ann": "after-you"}})
        s = g.state
        assert s.objects[s.zones[t.hero_zone(0)].cards[0]].card == "akesha-and-taru"
        assert len(s.zones[t.deck(0)].cards) == 33 - 6  # the deck, less the six drawn on Day 1
        assert s.zones[t.hero_zone(1)].cards  # Bob: a random shipped deck
        firsts.add(t.first_player(s))
    assert firsts == {0, 1}
