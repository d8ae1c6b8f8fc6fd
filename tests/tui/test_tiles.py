"""Cards drawn as tiles (cardgames.tui.tiles) and the board's cursor over them: the hot-seat
table issue's "cards drawn as cards", reachable by keyboard (Tab, arrows, Enter, i)."""

from __future__ import annotations

from kit.app import own_board
from rich.cells import cell_len

from cardgames.engine import core_events as ce
from cardgames.tui.app import CardgamesApp
from cardgames.tui.screens.text import InspectScreen
from cardgames.tui.session import Session
from cardgames.tui.tiles import (
    MAX_WIDTH,
    MIN_WIDTH,
    Attached,
    TileFace,
    tile_lines,
    tile_row,
    tile_width,
    wrap,
)

HEROES = {"heroes": ["beledan-kind", "thedric-egen"]}
SIZE = (140, 45)


def plain(lines: list) -> list[str]:  # type: ignore[type-arg]
    return [line.content().plain for line in lines]


def test_every_line_of_a_row_of_tiles_is_exactly_the_width_it_was_given() -> None:
    faces = [TileFace(i, f"Card number {i} with a long name", cost=i, stats="3/4", damage=i % 2,
                      statuses=("exhausted",), notes=("⇄ the other side of it",), kind="basic unit")
             for i in range(7)]
    for width in (30, 61, 88, 120):
        lines, spots = tile_row(faces, width)
        assert max(cell_len(text) for text in plain(lines)) <= width
        assert [s.key for s in spots] == [str(i) for i in range(7)]  # reading order, one stop a tile
        assert all(MIN_WIDTH <= s.width <= MAX_WIDTH for s in spots)


def test_tiles_wrap_onto_more_rows_when_the_panel_is_narrow() -> None:
    faces = [TileFace(i, f"Unit {i}") for i in range(6)]
    wide, _ = tile_row(faces, 140)
    narrow, spots = tile_row(faces, 45)
    per_row = (45 + 1) // (tile_width(6, 45) + 1)
    assert len(narrow) == len(wide) * -(-6 // per_row)
    assert spots[per_row].line == len(wide) and spots[per_row].col == 0  # the next row starts at the left


def test_a_marked_card_has_a_heavy_frame_and_its_title_says_pick() -> None:
    """The card the pending decision concerns stands out without colour (heavy frame, ▸ title), and
    a click on it picks; any other card's click inspects it."""
    lines, spots = tile_lines(TileFace(12, "Infantry", marked=True), 20)
    top = plain(lines)[0]
    assert top.startswith("┏▸Infantry") and spots[0].action == "screen.pick('12')"
    lines, spots = tile_lines(TileFace(12, "Infantry"), 20)
    assert plain(lines)[0].startswith("╭Infantry") and spots[0].action == "screen.inspect('12')"


def test_the_cursor_draws_a_double_frame() -> None:
    lines, _ = tile_lines(TileFace(3, "Knight"), 20, focus="3")
    assert plain(lines)[0].startswith("╔Knight") and plain(lines)[-1].startswith("╚")


def test_a_hidden_card_shows_only_its_back() -> None:
    lines, _ = tile_lines(TileFace(None, "basic card", hidden=True, cost=3, stats="9/9"), 20)
    text = "\n".join(plain(lines))
    assert "9/9" not in text and "3" not in text and "░" in text


def test_long_notes_wrap_and_a_tile_never_grows_past_its_body_limit() -> None:
    assert wrap("unlocks Rally the Ranks", 18) == ["unlocks Rally the", "Ranks"]
    assert wrap("Supercalifragilistic", 10) == ["Supercali…"]
    face = TileFace(1, "Host", stats="1/1", notes=("a " * 60,), attached=(Attached(2, "Mod"),))
    lines, spots = tile_lines(face, 20)
    assert len(lines) <= 2 + 4 and "more" in plain(lines)[-2]
    assert [s.key for s in spots] == ["1", "2"]  # the attached card is a stop of its own


def _session(seed: int = 7) -> Session:
    return Session.start("allegiance", ["Ann", "Bob"], seed, dict(HEROES, format="duel"))


def _at_maneuvers(seed: int = 7) -> Session:
    """A duel past setup (each side's weapon and armor as dealt), at the first maneuver decision."""
    session = _session(seed)
    game = session.game
    while not game.decision.prompt.startswith("Maneuver"):
        game.choose(game.decision.options[0])
    return session


async def test_tab_puts_the_cursor_on_a_card_the_decision_is_about_and_enter_picks_it() -> None:
    """Tab from the options brings the cursor onto the table, on a card the decision is about (a
    ▸ card: here one to enlist from the hand); Tab moves it on, and Enter answers with the card
    under it, as clicking it would."""
    session = _at_maneuvers()
    app = CardgamesApp(session)
    async with app.run_test(size=SIZE) as pilot:
        board = await own_board(pilot)
        await pilot.press("tab")
        assert app.focused is board and board.cursor is not None
        stop = next(s for _, s in board.stops() if s.key == board.cursor)
        assert stop.marked  # the cursor starts on a card the question is about
        for _ in range(20):  # on to a card with exactly one option about it (Enter answers at once)
            stop = next(s for _, s in board.stops() if s.key == board.cursor)
            about = {o.key for o in session.game.decision.options if o.ref == stop.ref}
            if stop.marked and len(about) == 1:
                break
            await pilot.press("tab")
        assert len(about) == 1
        before = len(session.game.events)
        await pilot.press("enter")
        await pilot.pause()
        chosen = [e for e in session.game.events[before:] if isinstance(e, ce.Chose)]
        assert chosen and chosen[0].key in about


async def test_i_inspects_the_card_under_the_cursor_and_arrows_move_it() -> None:
    session = _at_maneuvers()
    app = CardgamesApp(session)
    async with app.run_test(size=SIZE) as pilot:
        board = await own_board(pilot)
        await pilot.press("tab")
        first = board.cursor
        await pilot.press("right")
        assert board.cursor not in (None, first)
        await pilot.press("left")
        assert board.cursor == first
        await pilot.press("i")
        await pilot.pause()
        assert isinstance(app.screen, InspectScreen)
        ref = next(s.ref for _, s in board.stops() if s.key == first)
        assert ref is not None
        shown = app.screen
        assert isinstance(shown, InspectScreen) and shown.markdown == board.details(session.view(), ref)
