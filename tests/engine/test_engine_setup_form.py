"""Each game's setup form: what it declares is playable, and filled in it gives options its rules accept."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardgames.engine.decisions import CardgamesError
from cardgames.engine.ruleset import Ruleset
from cardgames.engine.setup import RANDOM, Choice, Format, SeatChoice, SetupForm
from cardgames.games import GAMES, find_ruleset

NAMES = ["Ann", "Bob", "Cid", "Dee", "Eve", "Fay"]


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_format_with_every_default_starts_a_game_for_each_number_of_players(game: str) -> None:
    rules = find_ruleset(game)
    form = rules.setup_form()
    assert form.formats and set(form.seats()) <= set(range(rules.min_players, rules.max_players + 1))
    for fmt in form.formats:
        for n in fmt.seats:
            names = NAMES[:n]
            options = form.options(fmt.key, names, {}, [{} for _ in names])
            normalized = rules.normalize_options(names, options)  # SetupError if the form offered nonsense
            assert normalized.get("format", "") == fmt.key


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_item_a_form_offers_is_accepted(game: str) -> None:
    rules = find_ruleset(game)
    form = rules.setup_form()
    for fmt in form.formats:
        names = NAMES[:fmt.seats[0]]
        for choice in form.choices:
            if choice.asked(fmt.key):
                for n in fmt.seats:  # (a choice of players by number offers as many as play)
                    for _, value in choice.items_for(n):
                        rules.normalize_options(NAMES[:n], form.options(fmt.key, NAMES[:n], {choice.key: value},
                                                                        [{}] * n))
        for seat_choice in form.seat_choices:
            if seat_choice.asked(fmt.key):
                for _, value in seat_choice.items:
                    seats = [{seat_choice.name: value}] + [{} for _ in names[1:]]
                    rules.normalize_options(names, form.options(fmt.key, names, {}, seats))


def test_the_games_short_names_are_distinct() -> None:
    shorts = [find_ruleset(g).setup_form().short or g for g in GAMES]
    assert len(set(shorts)) == len(shorts)


def test_a_pick_becomes_a_list_by_seat_or_a_mapping_by_player() -> None:
    read: list[Path] = []

    def read_file(path: Path) -> dict[str, int]:
        read.append(path)
        return {"own": 1}

    form = SetupForm(
        formats=(Format("small", "Small", (2,)), Format("big", "Big", (2, 3))),
        choices=(Choice("speed", "Speed", (("Slow", "slow"), ("Fast", "fast")), formats=("big",)),),
        seat_choices=(SeatChoice("hero", "heroes", (("Hero A", "a"), ("Hero B", "b")), random="Random hero"),
                      SeatChoice("deck", "decks", (("Deck X", "x"),), random="Random deck", by_player=True,
                                 file="a deck file", read_file=read_file, formats=("big",))))
    names = ["Ann", "Bob", "Cid"]
    seats: list[dict[str, str | Path]] = [{"hero": "b", "deck": "x"}, {"hero": RANDOM, "deck": Path("mine.yaml")}, {}]
    assert form.options("big", names, {}, seats) == {
        "format": "big", "speed": "slow", "heroes": ["b", None, None], "decks": {"Ann": "x", "Bob": {"own": 1}}}
    assert read == [Path("mine.yaml")]
    assert form.options("small", names[:2], {"speed": "fast"}, seats[:2]) == {"format": "small", "heroes": ["b", None]}
    assert form.seats() == (2, 3) and form.format("big").label == "Big"
    assert SeatChoice("hero", "heroes", (("Hero A", "a"),), random="Random").offered()[0] == ("Random", RANDOM)


def test_a_form_that_offers_nothing_is_refused() -> None:
    with pytest.raises(ValueError, match="at least one format"):
        SetupForm(formats=())
    with pytest.raises(ValueError, match="offers nothing"):
        SeatChoice("hero", "heroes", ())
    with pytest.raises(ValueError, match="both"):
        SeatChoice("deck", "decks", (("X", "x"),), file="a deck file")


def test_a_game_that_declares_no_form_gets_one_without_formats() -> None:
    class Solo(Ruleset):
        title = "Solo"
        min_players, max_players = 1, 3

    form = Solo().setup_form()
    assert form.seats() == (1, 2, 3)
    assert form.options(form.formats[0].key, ["Ann"], {}, [{}]) == {}


def test_an_algomancy_deck_file_is_read_and_checked_naming_the_file(tmp_path: Path) -> None:
    deck = tmp_path / "short.yaml"
    deck.write_text("oracle-of-the-flame: 2\n", encoding="utf-8")
    form = find_ruleset("algomancy").setup_form()
    with pytest.raises(CardgamesError, match=r"short\.yaml: 2 cards; a constructed deck has at least 30"):
        form.options("constructed", ["Ann", "Bob"], {}, [{"deck": deck}, {}])


def test_a_choice_of_players_by_number_offers_only_those_who_play() -> None:
    choice = Choice("start_player", "Who first", (("Random", RANDOM), ("First", "0"), ("Second", "1"), ("Third", "2")),
                    seat_items=True)
    assert [v for _, v in choice.items_for(2)] == [RANDOM, "0", "1"]
    assert [v for _, v in choice.items_for(3)] == [RANDOM, "0", "1", "2"]
    plain = Choice("elements", "Elements", (("Two", "2"), ("Three", "3")))
    assert plain.items_for(2) == plain.items  # numbers that are not seats are left alone

