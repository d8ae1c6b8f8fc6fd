"""Algomancy at the terminal: setup, the draft, the grid with the mouse, and hot-seat privacy."""

from __future__ import annotations

from pathlib import Path

from kit.app import board_text, leaked, open_new_game, play_by_bot, screen_names, take_the_screen
from textual.geometry import Region
from textual.widgets import Input, Select, Static

from cardgames.api import new_game
from cardgames.bots.keen_bot import KeenBot
from cardgames.engine.events import apply
from cardgames.engine.state import State
from cardgames.engine.view import can_see
from cardgames.tui import scenes_algomancy as scenes
from cardgames.tui.app import CardgamesApp
from cardgames.tui.screens.curtain import CurtainScreen
from cardgames.tui.screens.game import GameScreen
from cardgames.tui.screens.gameover import GameOverScreen

SIZE = (140, 45)
HEADINGS = {"Planning", "Haste", "Battle", "Regroup", "Deployment", "End of turn"}
"""The log's phase headings; one card is called "Battle" too."""
UI_WORDS = {"Battle"}
"""Card names the board also uses as words ("Battle, phase 1 of 2"): not checked on the screen."""


def drawn_at(screen: GameScreen, text: str) -> tuple[Static, tuple[int, int]]:
    """Where `text` is drawn on the board: the widget and the offset of its first character."""
    for widget in screen.query("#board Static").results(Static):
        size = widget.outer_size
        for y, strip in enumerate(widget.render_lines(Region(0, 0, size.width, size.height))):
            x = strip.text.find(text)
            if x >= 0:
                return widget, (x, y)
    raise AssertionError(f"{text!r} is not on the board")


async def test_new_game_form_starts_an_algomancy_constructed_game() -> None:
    """Choosing Algomancy offers its formats; constructed asks for a decklist per player."""
    app = CardgamesApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_new_game(app, pilot, "algomancy")
        assert not screen.query_one("#deck-0").display and not screen.query_one("#hero-0").display
        screen.query_one("#algo-format", Select).value = "constructed"
        await pilot.pause()
        assert screen.query_one("#deck-0").display and not screen.query_one("#row-2").display
        screen.query_one("#deck-0", Select).value = "fire-water-tempo"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, CurtainScreen)
        assert app.session is not None and app.session.game.ruleset.name == "algomancy"
        options = app.session.game.header["options"]
        assert options["format"] == "constructed"  # type: ignore[index]


async def test_draft_shows_hand_and_pack_with_the_count_to_reach_ten(cardgames_home: Path) -> None:
    """Drafting (p.16): the pack must hold exactly 10 when passed; the draft panel says how far off it is,
    and clicking a card in the pack keeps it."""
    session = scenes.start(cardgames_home / "s.save")
    app = CardgamesApp(session)
    async with app.run_test(size=SIZE) as pilot:
        await take_the_screen(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        pack = screen.query_one("#draft-pack", Static)
        assert "(10/10)" in str(pack.border_title) and "ready to pass" in str(pack.border_title)
        seat = session.seated
        first = session.game.state.zones[f"pack:{seat}"].cards[0]
        name = session.game.ruleset.card_name(session.game.state, session.game.state.objects[first])
        widget, (x, y) = drawn_at(screen, "▸" + name)
        assert widget is pack
        assert await pilot.click(widget, offset=(x + 1, y))
        await pilot.pause()
        assert session.game.state.objects[first].zone == f"hand:{seat}"
        assert "(9/10)" in str(pack.border_title) and "give 1 back" in str(pack.border_title)


async def test_a_blocker_is_placed_by_clicking_its_slot_on_the_grid(cardgames_home: Path) -> None:
    """Blocking (p.21): pick a unit, then click "+ block" in the column it should block."""
    session = scenes.play_until(cardgames_home / "s.save", lambda g: g.decision.kind == "block"
                                and bool((g.state.battle or {}).get("attack"))
                                and any(o.key.startswith("unit:") for o in g.decision.options))
    app = CardgamesApp(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        g = session.game
        unit = next(o for o in g.decision.options if o.key.startswith("unit:"))
        g.choose(unit)  # picking the unit is covered by the ▸name click tests; the grid slot is new
        screen.advance()
        await pilot.pause()
        widget, offset = drawn_at(screen, "+ block")
        assert await pilot.click(widget, offset=offset)
        await pilot.pause()
        defence = (g.state.battle or {})["defence"]
        assert unit.ref in [u for col in defence["columns"] for u in col]


def test_the_log_names_only_cards_its_reader_could_see_when_it_happened() -> None:
    """Hot-seat privacy, the log: every line a player reads names only cards visible to them at
    that moment (a drafted pack's cards, a dormant resource and the deck stay hidden)."""
    g = new_game("algomancy", scenes.PLAYERS, 5, dict(scenes.OPTIONS))
    bot = KeenBot(5)
    while g.outcome is None:
        g.choose(bot.choose(g.decision))
    rules = g.ruleset
    names = {rules.card_name(g.state, o) for o in g.state.objects.values()}
    for viewer in (0, 1):
        shadow = State(game=rules.name, players=[])
        for ev in g.events:
            apply(shadow, ev)
            if ev.INTERNAL:
                continue
            text = rules.describe(shadow, ev, viewer) or ""
            if text in HEADINGS:
                continue
            mentioned = {n for n in names if n in text}
            if not mentioned:
                continue
            visible = {rules.card_name(shadow, o) for o in shadow.objects.values() if can_see(shadow, o, viewer)}
            assert mentioned <= visible, f"seat {viewer} reads {text!r}, naming {mentioned - visible}"


async def test_no_uncovered_screen_shows_hidden_cards_across_a_whole_drafted_game(cardgames_home: Path) -> None:
    """Hot-seat privacy, the screen: across a whole live-draft game, every screen a player sees names
    only cards that player may see now or read about in their own log (which the test above checks)."""
    session = scenes.start(cardgames_home / "s.save", seed=5)
    app = CardgamesApp(session)
    bot = KeenBot(5)
    g = session.game

    def check(app: CardgamesApp, screen: GameScreen) -> None:
        seat = session.seated  # None: the public table
        hidden, known = screen_names(screen, g, seat)
        leaks = leaked(board_text(screen), hidden - known - UI_WORDS, known)
        who = "the public table" if seat is None else f"{g.players[seat]}'s screen"
        assert not leaks, f"{who} shows hidden cards {leaks}"

    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        checked = await play_by_bot(app, pilot, bot, each=check)
        assert isinstance(app.screen, GameOverScreen)
        summary = str(app.screen.query_one("#summary", Static).content)
        winner = g.players[g.outcome.winners[0]] if g.outcome and g.outcome.winners else "?"
        assert f"{winner} won" in summary and "life " in summary and "None" not in summary
    assert g.outcome is not None and checked > 150  # ~180 screens since "relevant" asks less


async def test_a_modded_unit_shows_its_mods_under_it(cardgames_home: Path) -> None:
    """Modifications (p.32): a mod is tucked under its host; the board shows it inside the unit's tile."""
    def modded(g: object) -> bool:
        from cardgames.engine.game import Game

        assert isinstance(g, Game)
        mods = g.state.zones.get("mods")
        return bool(mods and mods.cards) and g.state.battle is None and g.decision.kind == "priority"
    session = scenes.play_until(cardgames_home / "s.save", modded)
    state, rules = session.game.state, session.game.ruleset
    mod = state.objects[state.zones["mods"].cards[0]]
    assert mod.attached_to is not None
    host = state.objects[mod.attached_to]
    app = CardgamesApp(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        region = str(screen.query_one(f"#region-{host.zone.split(':')[1]}", Static).content)
        lines = region.splitlines()
        host_name, mod_name = rules.card_name(state, host), rules.card_name(state, mod)
        at = next(i for i, line in enumerate(lines) if host_name[:15] in line)
        line = lines[at]
        left = max(line.rfind(corner, 0, line.index(host_name[:15])) for corner in "╭┏╔")  # the host's tile
        right = min(i for i in (line.find(corner, left) for corner in "╮┓╗") if i > 0)
        body = [line[left:right + 1] for line in lines[at + 1:at + 5]]
        assert any(("+" + mod_name)[:15] in line or ("▸" + mod_name)[:15] in line for line in body), body


async def test_new_game_form_takes_a_deck_file_and_says_what_is_wrong_with_a_bad_one(tmp_path: Path) -> None:
    """Constructed: a player may bring their own deck file; a bad one is refused with its file and line,
    and the form keeps everything typed."""
    bad = tmp_path / "bad.yaml"
    bad.write_text("oracle-of-the-flame: 2\njelly: two\n", encoding="utf-8")
    app = CardgamesApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_new_game(app, pilot, "algomancy")
        screen.query_one("#algo-format", Select).value = "constructed"
        await pilot.pause()
        assert screen.query_one("#deckfile-0").display
        screen.query_one("#deckfile-0", Input).value = str(bad)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is screen
        error = str(screen.query_one("#error", Static).content)
        assert "bad.yaml:2" in error and "whole number" in error
        assert screen.query_one("#deckfile-0", Input).value == str(bad)
