"""The New game form is built from what each game declares: filled in, it gives the options
`cardgames play` builds from the same choices; a game joins it without a line of the form's code."""

from __future__ import annotations

from pathlib import Path
from typing import Any, ClassVar

import pytest
from kit.app import open_new_game
from textual.widgets import Input, Select, Static

from cardgames.cli import main
from cardgames.engine.ruleset import Ruleset
from cardgames.engine.setup import Format, SeatChoice, SetupForm
from cardgames.games import find_ruleset
from cardgames.tui.app import CardgamesApp
from cardgames.tui.screens import setup

SIZE = (140, 45)
DECK = {"oracle-of-the-flame": 2, "cinder-pact": 2, "bloodwind-revenant": 2, "jelly": 2, "tidepool-terror": 2,
        "tiderunner-initiate": 2, "depth-scholar": 2, "mirage-walker": 2, "sparkwraith": 2, "ember-volley": 2,
        "flame-of-history": 2, "twin-flame": 2, "soul-swallower": 2, "mold-the-current": 2,
        "abyssal-evocation": 2}
"""A legal constructed deck of 30 cards (a player's own file)."""


def cli_options(monkeypatch: pytest.MonkeyPatch, *args: str) -> dict[str, Any]:
    """The options `cardgames play ARGS` starts its game with (the app is not run)."""
    started: list[tuple[str, list[str], int, dict[str, Any]]] = []

    def run(app: CardgamesApp, *_: object, **__: object) -> None:
        assert app.pending_start is not None
        started.append(app.pending_start)  # type: ignore[arg-type]

    monkeypatch.setattr(CardgamesApp, "run", run)
    assert main(["play", *args]) == 0
    return started[0][3]


async def form_options(fields: dict[str, str]) -> tuple[str, dict[str, Any]]:
    """Open New game, set `fields` (widget id -> value, in order) and read the form's options."""
    app = CardgamesApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_new_game(app, pilot)
        for wid, value in fields.items():
            widget = screen.query_one(f"#{wid}")
            if isinstance(widget, Select):
                widget.value = int(value) if wid == "count" else value
            else:
                assert isinstance(widget, Input)
                widget.value = value
            await pilot.pause()
            assert widget.display, f"#{wid} is not shown"
        names = [screen.query_one(f"#name-{i}", Input).value for i in range(screen._count())]
        return screen._game().name, screen.options(names)


def heroes() -> list[str]:
    return [value for _, value in find_ruleset("allegiance").setup_form().seat_choices[0].items]


async def test_an_allegiance_duel_gives_what_play_gives(monkeypatch: pytest.MonkeyPatch) -> None:
    hero = heroes()[1]
    game, ours = await form_options({"game": "allegiance", "allegiance-format": "duel", "hero-0": hero})
    theirs = cli_options(monkeypatch, "allegiance", "--players", "Ann,Bob", "--format", "duel",
                         "--heroes", f"{hero},random")
    assert game == "allegiance" and ours == theirs
    assert ours == {"format": "duel", "heroes": [hero, None], "stop": {"Ann": "relevant", "Bob": "relevant"}}


async def test_an_allegiance_free_for_all_of_three_gives_what_play_gives(monkeypatch: pytest.MonkeyPatch) -> None:
    a, b = heroes()[2:4]
    _, ours = await form_options({"allegiance-format": "ffa", "count": "3", "hero-1": a, "hero-2": b})
    theirs = cli_options(monkeypatch, "allegiance", "--players", "Ann,Bob,Cid", "--format", "ffa",
                         "--heroes", f"random,{a},{b}")
    assert ours == theirs and ours["heroes"] == [None, a, b]


async def test_algomancy_constructed_with_a_decklist_and_a_deck_file_gives_what_play_gives(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    deck = tmp_path / "mine.yaml"
    deck.write_text("".join(f"{c}: {n}\n" for c, n in DECK.items()), encoding="utf-8")
    game, ours = await form_options({"game": "algomancy", "algo-format": "constructed",
                                     "deck-0": "fire-water-tempo", "deckfile-1": str(deck)})
    theirs = cli_options(monkeypatch, "algomancy", "--players", "Ann,Bob", "--format", "constructed",
                         "--decks", f"fire-water-tempo,{deck}")
    assert game == "algomancy" and ours == theirs
    assert ours["decks"] == {"Ann": "fire-water-tempo", "Bob": DECK}


async def test_algomancy_live_draft_gives_what_play_gives(monkeypatch: pytest.MonkeyPatch) -> None:
    """The form says how the elements are chosen (`play` leaves it to the default, at random)."""
    _, ours = await form_options({"game": "algomancy", "algo-format": "draft"})
    theirs = cli_options(monkeypatch, "algomancy", "--players", "Ann,Bob", "--format", "draft")
    assert ours == {**theirs, "element_choice": "random"}
    rules = find_ruleset("algomancy")
    assert rules.normalize_options(["Ann", "Bob"], ours) == rules.normalize_options(["Ann", "Bob"], theirs)
    _, ours = await form_options({"game": "algomancy", "algo-element-choice": "alternate"})
    assert ours["element_choice"] == "alternate"


async def test_a_deck_file_with_a_card_not_allowed_is_refused_naming_the_file(tmp_path: Path) -> None:
    bad = tmp_path / "odd.yaml"
    bad.write_text("".join(f"{c}: {n}\n" for c, n in {**DECK, "no-such-card": 1}.items()), encoding="utf-8")
    app = CardgamesApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_new_game(app, pilot, "algomancy")
        screen.query_one("#algo-format", Select).value = "constructed"
        await pilot.pause()
        screen.query_one("#deckfile-1", Input).value = str(bad)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is screen
        error = str(screen.query_one("#error", Static).content)
        assert "odd.yaml" in error and "'no-such-card' is not a card that can be in a deck" in error


async def test_switching_games_offers_each_its_formats_players_and_choices() -> None:
    app = CardgamesApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_new_game(app, pilot)
        count = screen.query_one("#count", Select)
        screen.query_one("#allegiance-format", Select).value = "teams"
        await pilot.pause()
        assert count.value == 4 and screen.query_one("#row-3").display and screen.query_one("#hero-3").display
        screen.query_one("#game", Select).value = "algomancy"
        await pilot.pause()
        # Algomancy is 1v1 or a free-for-all of 3 to 6: the four players chosen stay
        assert count.display and count.value == 4 and screen.query_one("#row-3").display
        assert not screen.query_one("#allegiance-options").display and screen.query_one("#algomancy-options").display
        assert screen.query_one("#algo-element-choice").display and not screen.query_one("#deck-0").display
        screen.query_one("#game", Select).value = "allegiance"
        await pilot.pause()
        assert count.display and count.value == 4 and screen.query_one("#hero-0").display


async def test_the_form_is_filled_by_keys_from_its_first_field() -> None:
    """Enter on a fresh form opens the list of games; Down and Enter pick the next game."""
    app = CardgamesApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_new_game(app, pilot)
        game = screen.query_one("#game", Select)
        assert app.focused is game
        await pilot.press("enter")
        assert game.expanded
        await pilot.press("down", "enter")
        await pilot.pause()
        assert game.value == "algomancy" and screen.query_one("#algomancy-options").display


class Toy(Ruleset):
    """A game the form's code has never heard of, with a choice named like another game's."""

    name = "toy"
    title = "Toy"
    min_players, max_players = 2, 3
    preferences: ClassVar[dict[str, tuple[str, ...]]] = {}

    def setup_form(self) -> SetupForm:
        return SetupForm(formats=(Format("pair", "A pair", (2,)), Format("trio", "A trio", (3,))),
                         seat_choices=(SeatChoice("deck", "decks", (("Red", "red"), ("Blue", "blue"))),))


async def test_a_new_game_joins_the_form_by_what_it_declares(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(setup, "GAMES", [*setup.GAMES, ("Toy", "toy")])
    monkeypatch.setattr(setup, "find_ruleset", lambda name: Toy() if name == "toy" else find_ruleset(name))
    app = CardgamesApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_new_game(app, pilot, "toy")
        screen.query_one("#toy-format", Select).value = "trio"
        await pilot.pause()
        assert screen.query_one("#count", Select).value == 3 and screen.query_one("#row-2").display
        assert not screen.query_one("#stop-0").display  # the toy has no `stop` preference
        screen.query_one("#toy-deck-2", Select).value = "blue"
        await pilot.pause()
        assert screen.options(["Ann", "Bob", "Cid"]) == {"format": "trio", "decks": ["red", "red", "blue"]}


async def test_j_and_k_are_typed_into_a_name_not_taken_as_moves() -> None:
    """j/k move in menus (the app's binding), but a text field takes them as letters."""
    app = CardgamesApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_new_game(app, pilot, "allegiance")
        name = screen.query_one("#name-0", Input)
        name.value = ""
        name.focus()
        await pilot.press("j", "k")
        assert name.value == "jk"
