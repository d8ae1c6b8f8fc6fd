"""ARC-mage at the terminal: the New game form (decks, deck files), the board, and hot-seat privacy
through a whole game."""

from __future__ import annotations

from pathlib import Path

from kit.app import board_text, leaked, open_new_game, own_board, play_by_bot, play_by_keys, screen_names
from textual.widgets import Input, Static

from cardgames.bots.keen_bot import KeenBot
from cardgames.tui.app import CardgamesApp
from cardgames.tui.screens.curtain import CurtainScreen
from cardgames.tui.screens.game import GameScreen
from cardgames.tui.screens.gameover import GameOverScreen
from cardgames.tui.session import Session

SIZE = (140, 45)


async def test_no_uncovered_screen_shows_hidden_cards_across_a_whole_game(cardgames_home: Path) -> None:
    """Hot-seat privacy: across a whole 1v1 game played through the app, every screen names only cards
    its viewer may see now or read about in their own log; the game ends on the game-over screen."""
    session = Session.start("arcmage", ["Ann", "Bob"], 28,
                            {"decks": {"Ann": "the-uprising", "Bob": "toll-of-time"},
                             "stop": {"Ann": "relevant", "Bob": "relevant"}}, cardgames_home / "a.save")
    app = CardgamesApp(session)
    bot = KeenBot(28)
    g = session.game

    def check(app: CardgamesApp, screen: GameScreen) -> None:
        seat = session.seated
        hidden, known = screen_names(screen, g, seat)
        leaks = leaked(board_text(screen), hidden - known, known)
        who = "the public table" if seat is None else f"{g.players[seat]}'s screen"
        assert not leaks, f"{who} shows hidden cards {leaks}"

    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        checked = await play_by_bot(app, pilot, bot, each=check)
        assert isinstance(app.screen, GameOverScreen)
    assert g.outcome is not None and checked > 100


async def test_new_game_form_offers_the_six_decks_and_refuses_a_bad_deck_file(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("armory: 1\nbarracks: 1\nborgs-keep: 1\nbearer: 4\n", encoding="utf-8")
    app = CardgamesApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_new_game(app, pilot, "arcmage")
        assert screen.query_one("#arc-deck-0").display
        screen.query_one("#arc-deckfile-0", Input).value = str(bad)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is screen
        error = str(screen.query_one("#error", Static).content)
        assert "bad.yaml:4" in error and "at most 3 copies" in error
        assert screen.query_one("#arc-deckfile-0", Input).value == str(bad)


async def test_every_stop_of_the_board_inspects_to_its_text(cardgames_home: Path) -> None:
    """`i` on any card the board shows (cities, residents, army, graveyards, hand, the attack) reads it in
    full: its name, its printed text, and what of it is not enforced."""
    from cardgames.tui import scenes_arcmage as scenes
    from cardgames.tui.boards.base import Board

    session = scenes.attack(cardgames_home / "s.save")
    app = CardgamesApp(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        board = screen.query_one(Board)
        view = session.view()
        cards = {c.id: c for z in view.zones.values() for c in z.cards}
        checked = 0
        for _, spot in board.stops():
            if spot.ref is None:
                continue
            text = board.details(view, spot.ref)
            card = cards.get(spot.ref)
            assert text.startswith("# ") or text == "This card is hidden from you.", (spot, text)
            if card is not None and not card.hidden and card.name:
                assert card.name in text and session.game.ruleset.cards[card.card].text in text  # type: ignore[attr-defined]
            checked += 1
        assert checked > 10


async def test_setup_status_names_the_player_placing_a_first_city(cardgames_home: Path) -> None:
    """Setup: the first player (Bob here) places the first city; the status line names him, not Ann."""
    session = Session.start("arcmage", ["Ann", "Bob"], 3,
                            {"decks": {"Ann": "the-uprising", "Bob": "toll-of-time"}, "first_player": "Bob"},
                            cardgames_home / "s.save")
    app = CardgamesApp(session)
    async with app.run_test(size=SIZE) as pilot:
        await own_board(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        status = str(screen.query_one("#status", Static).content)
        assert "Bob places a first city" in status and "Ann" not in status, status


async def test_pressing_1_again_and_again_plays_on_and_never_concedes(cardgames_home: Path) -> None:
    """Concession (R68) is offered at each turn's start and in each Play phase, and confirmed; its keys
    come after every other answer, so a player who presses 1 at every decision and Enter at every
    curtain plays the game to its end (here: a deck runs out) and concedes nothing. Before, 1 was
    "Concede the game…" in a Play phase with nothing to play, and 1 again "Yes: I concede"."""
    session = Session.start("arcmage", ["Ann", "Bob"], 5, {}, cardgames_home / "k.save")
    app = CardgamesApp(session)
    g = session.game
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await play_by_keys(app, pilot, limit=3_000)
        assert isinstance(app.screen, GameOverScreen)
    assert g.outcome is not None
    assert not any(p.props.get("conceded") for p in g.state.players), g.outcome.reason
    assert g.state.turn > 4, "the game was played, not ended at once"


async def test_the_concession_keys_come_last_and_its_confirmation_offers_no_first(cardgames_home: Path) -> None:
    session = Session.start("arcmage", ["Ann", "Bob"], 5, {}, cardgames_home / "c.save")
    app = CardgamesApp(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        while not any(o.group == "concede" for o in session.game.decision.options):
            await pilot.press("enter" if isinstance(app.screen, CurtainScreen) else "1")
            await pilot.pause()
            screen = app.screen
        assert isinstance(screen, GameScreen)
        keys = [key for _, key in screen.legal_actions()]
        assert keys[-1] == "concede" and len(keys) > 1, keys
        screen.answer("concede")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        assert [key for _, key in screen.legal_actions()] == ["concede:no", "concede:yes"]
        await pilot.press("1")
        await pilot.pause()
    assert not session.game.state.players[session.game.decision.seat_index].props.get("conceded")
