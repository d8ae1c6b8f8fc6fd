"""Altered at the terminal: the board with the adventure track, and hot-seat privacy across a whole game."""

from __future__ import annotations

from pathlib import Path

import pytest
from kit.app import board_text, leaked, play_by_bot, screen_names, take_the_screen
from test_inspect import check_every_stop
from test_setup_form import cli_options, form_options

from cardgames.bots.keen_bot import KeenBot
from cardgames.tui.app import CardgamesApp
from cardgames.tui.boards.altered import hand_line
from cardgames.tui.screens.game import GameScreen
from cardgames.tui.screens.gameover import GameOverScreen
from cardgames.tui.session import Session
from cardgames.tui.tiles import Link

SIZE = (140, 45)
OPTIONS = {"first": "Ann", "decks": {"Ann": "haven-vanguard", "Bob": "after-you"}}


async def test_no_uncovered_screen_shows_hidden_cards_across_a_whole_game(cardgames_home: Path) -> None:
    """Hot-seat privacy: every screen of a whole game names only cards its viewer may see (or read
    about in their own log); the board shows the adventure track and both players' areas."""
    session = Session.start("altered", ["Ann", "Bob"], 4, OPTIONS, cardgames_home / "s.save")
    app = CardgamesApp(session)
    bot = KeenBot(4)
    g = session.game
    seen_track: list[bool] = []

    def check(app: CardgamesApp, screen: GameScreen) -> None:
        seat = session.seated
        hidden, known = screen_names(screen, g, seat)
        text = board_text(screen)
        leaks = leaked(text, hidden - known, known)
        assert not leaks, f"{'the public table' if seat is None else g.players[seat]} shows hidden cards {leaks}"
        seen_track.append("1 Hero" in text or "The Arena" in text)

    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        checked = await play_by_bot(app, pilot, bot, each=check)
        assert isinstance(app.screen, GameOverScreen)
    assert g.outcome is not None and checked > 50 and all(seen_track)


async def test_every_stop_of_an_altered_board_inspects_to_its_text(cardgames_home: Path) -> None:
    """`i` on every card of the board (tiles, hand names) shows its text."""
    from cardgames.tui import scenes_altered

    session = scenes_altered.dusk(cardgames_home / "s.save")
    app = CardgamesApp(session)
    async with app.run_test(size=SIZE) as pilot:
        await take_the_screen(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        assert check_every_stop(app, screen) > 10


async def test_altered_form_with_a_deck_and_a_deck_file_gives_what_play_gives(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    deck = tmp_path / "mine.yaml"
    names = ["haven-warrior", "red", "atlas", "achilles", "ratatoskr", "bravos-tracer", "issun-boshi",
             "physical-training", "haven-trainee", "ordis-trooper"]
    deck.write_text("hero: kojo-and-booda\ncards:\n" + "".join(f"  {c}: 3\n" for c in names), encoding="utf-8")
    game, ours = await form_options({"game": "altered", "alt-deck-0": "haven-vanguard", "alt-deckfile-1": str(deck)})
    theirs = cli_options(monkeypatch, "altered", "--players", "Ann,Bob", "--decks", f"haven-vanguard,{deck}")
    # `play` adds every game the app's stop setting (cli: with_app_stops); Altered ignores it (H27)
    assert game == "altered" and ours == {k: v for k, v in theirs.items() if k != "stop"}
    assert ours["decks"]["Ann"] == "haven-vanguard" and ours["decks"]["Bob"]["hero"] == "kojo-and-booda"


def test_the_own_hand_shows_each_cards_costs_statistics_and_keywords() -> None:
    """A card in hand reads without `i`: kind, Hand cost (and Reserve cost), Forest/Mountain/Water
    statistics, keywords — the numbers a player plays it by (issue 13)."""
    session = Session.start("altered", ["Ann", "Bob"], 4, OPTIONS, None)
    view = session.game.view(0)
    lines = []
    for c in view.zones["hand:0"].cards:
        link, rest = hand_line(c, set())
        assert isinstance(link, Link) and link.label == c.name
        lines.append(str(rest))
        cost = c.facts["cost"]
        assert f"cost [b]{cost[0]}[/] (Reserve {cost[1]})" in str(rest)
        if c.facts.get("stats"):
            assert "/".join(map(str, c.facts["stats"])) in str(rest)
    assert len(lines) == 6 and any("character" in line for line in lines)
