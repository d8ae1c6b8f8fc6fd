"""Screens and keys: title, new game, too-small terminals, help, rules, undo, the palette."""

from __future__ import annotations

from kit.app import take_the_screen
from textual.widgets import Static

from cardgames.tui.app import CardgamesApp
from cardgames.tui.screens.curtain import CurtainScreen
from cardgames.tui.screens.game import GameScreen
from cardgames.tui.screens.setup import SetupScreen
from cardgames.tui.screens.text import InspectScreen, MarkdownScreen
from cardgames.tui.screens.title import TitleScreen
from cardgames.tui.session import Session


def duel(seed: int = 3) -> Session:
    return Session.start("allegiance", ["Ann", "Bob"], seed, {"heroes": ["beledan-kind", "thedric-egen"]})


async def test_title_offers_new_game_rules_quit_and_continue_only_when_saved() -> None:
    app = CardgamesApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        menu = app.screen.query_one("#menu")
        ids = [menu.get_option_at_index(i).id for i in range(menu.option_count)]  # type: ignore[attr-defined]
        assert ids == ["new", "tutorials", "rules", "settings", "quit"]
    duel()  # writes the autosave
    app = CardgamesApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        menu = app.screen.query_one("#menu")
        ids = [menu.get_option_at_index(i).id for i in range(menu.option_count)]  # type: ignore[attr-defined]
        assert "continue" in ids


async def test_new_game_from_the_title_starts_at_the_public_table_and_enter_brings_the_curtain() -> None:
    """The first decision (a weapon side) needs no private card: it is answered at the public
    table; "Look at my hand" (Enter) puts the curtain up for that player."""
    app = CardgamesApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # "New game" on the title menu
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert app.session is not None and app.session.seated is None
        assert app.session.game.players == ["Ann", "Bob"]
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, CurtainScreen)
        assert app.screen.player == app.session.game.decision.seat


async def test_same_seed_from_setup_deals_the_same_game_as_new_game() -> None:
    from cardgames import new_game

    app = CardgamesApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.start_game("allegiance", ["Ann", "Bob"], 42, {"heroes": [None, None]})
        await pilot.pause()
        assert app.session is not None
        ours = [e.to_json() for e in app.session.game.events]
    theirs = [e.to_json() for e in new_game("allegiance", ["Ann", "Bob"], 42, {"heroes": [None, None]}).events]
    assert ours == theirs


async def test_too_small_terminal_shows_a_message_instead_of_the_board() -> None:
    app = CardgamesApp(duel())
    async with app.run_test(size=(140, 45)) as pilot:
        await take_the_screen(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        assert not screen.has_class("-too-small")
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert screen.has_class("-too-small")
        assert screen.query_one("#too-small").display
        await pilot.resize_terminal(100, 30)
        await pilot.pause()
        assert not screen.has_class("-too-small")


async def test_help_rules_and_inspect_keys_open_their_screens() -> None:
    app = CardgamesApp(duel())
    async with app.run_test(size=(140, 45)) as pilot:
        await take_the_screen(pilot)
        for key in ("question_mark", "r"):
            await pilot.press(key)
            await pilot.pause()
            assert isinstance(app.screen, MarkdownScreen), key
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(app.screen, GameScreen)
        await pilot.press("i")  # the highlighted option (a weapon side) is about a card
        await pilot.pause()
        assert isinstance(app.screen, InspectScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)


async def test_number_keys_choose_and_undo_takes_it_back() -> None:
    session = duel()
    app = CardgamesApp(session)
    async with app.run_test(size=(140, 45)) as pilot:
        await take_the_screen(pilot)
        before = session.game.decision
        await pilot.press("2")
        await pilot.pause()
        assert session.game.choices()[-1][1] == before.options[1].key
        await pilot.press("u")
        await pilot.pause()
        after = session.game.decision
        assert (after.seat, after.kind, [o.key for o in after.options]) == (
            before.seat, before.kind, [o.key for o in before.options])


async def test_undo_refused_after_a_draw_says_why() -> None:
    from cardgames.tui.screens.confirm import ConfirmScreen

    session = duel()
    app = CardgamesApp(session)
    async with app.run_test(size=(140, 45)) as pilot:
        await pilot.pause()
        for _ in range(300):
            if session.game.decision.kind == "draw" and isinstance(app.screen, GameScreen):
                break
            key = {CurtainScreen: "enter", ConfirmScreen: "y"}.get(type(app.screen), "1")
            await pilot.press(key)
            await pilot.pause()
        assert session.game.decision.kind == "draw"
        await pilot.press("1")  # draw a card: hidden information is revealed
        await pilot.pause()
        await pilot.press("u")
        await pilot.pause()
        assert "revealed" in (session.game.undo_reason(session.seated) or "")
        assert session.game.decision.kind != "draw"


async def test_palette_lists_every_legal_action() -> None:
    from cardgames.tui.palette import LegalActions

    session = duel()
    app = CardgamesApp(session)
    async with app.run_test(size=(140, 45)) as pilot:
        await take_the_screen(pilot)
        screen = app.screen
        assert LegalActions in screen.COMMANDS
        provider = LegalActions(screen)
        labels = [label for label, _ in provider._options()]
        assert labels == [o.label for o in session.game.decision.options]
        before = len(session.game.choices())
        provider._run(session.game.decision.options[0].key)
        await pilot.pause()
        assert len(session.game.choices()) == before + 1


async def test_ending_the_maneuver_phase_with_gold_left_asks_first_when_the_player_asked_for_it() -> None:
    from cardgames.tui.screens.confirm import ConfirmScreen

    session = Session.start("allegiance", ["Ann", "Bob"], 3, {
        "heroes": ["beledan-kind", "thedric-egen"],
        "given": {"turn": 2, "active": "Ann", "players": {"Ann": {"gold": 3}}}})
    app = CardgamesApp(session)
    app.settings.confirm_end_turn = True  # off by default: it only confirms what was just chosen
    async with app.run_test(size=(140, 45)) as pilot:
        await take_the_screen(pilot)
        before = len(session.game.choices())
        await pilot.press("space")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        await pilot.pause()
        assert len(session.game.choices()) == before
        await pilot.press("space")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert session.game.choices()[-1][1] == "pass"


async def test_settings_change_the_theme_and_are_kept(cardgames_home: object) -> None:
    from textual.widgets import Select

    from cardgames.tui.screens.settings import SettingsScreen
    from cardgames.tui.settings import Settings

    app = CardgamesApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await app.push_screen(SettingsScreen())
        await pilot.pause()
        app.screen.query_one("#theme", Select).value = "ansi-dark"
        await pilot.pause()
        assert app.theme == "ansi-dark"
    assert Settings.load().theme == "ansi-dark"


async def test_why_not_explains_gold_cooldowns_and_timing() -> None:
    from cardgames.tui.screens.text import InspectScreen

    session = Session.start("allegiance", ["Ann", "Bob"], 3, {
        "heroes": ["beledan-kind", "thedric-egen"],
        "given": {"turn": 3, "active": "Ann", "players": {
            "Ann": {"gold": 1, "hand": ["infantry"], "cooldowns": {"equip": 2}}}}})
    game = session.game
    why = dict(game.why_not(0))
    assert why["Enlist Infantry"] == "costs 4 gold; you have 1 (rule: 4. Maneuvers > Announce, then resolve)"
    assert why["Use Equip"].startswith("on cooldown: ready in 2")
    assert why["Use Judgment"].startswith("locked: unlock a level 2 ability first")
    app = CardgamesApp(session)
    async with app.run_test(size=(140, 45)) as pilot:
        await take_the_screen(pilot)
        await pilot.press("w")
        await pilot.pause()
        assert isinstance(app.screen, InspectScreen)
        assert "costs 4 gold" in app.screen.markdown


async def test_hjkl_move_and_choose() -> None:
    from textual.widgets import OptionList

    session = duel()
    app = CardgamesApp(session)
    async with app.run_test(size=(140, 45)) as pilot:
        await take_the_screen(pilot)
        options = app.screen.query_one("#options", OptionList)
        await pilot.press("j")
        assert options.highlighted == 1
        await pilot.press("k")
        assert options.highlighted == 0
        await pilot.press("j")
        expected = session.game.decision.options[1].key
        await pilot.press("l")
        await pilot.pause()
        assert session.game.choices()[-1][1] == expected


async def test_j_and_k_move_in_the_menus_as_on_the_game_screen() -> None:
    """The title menu and the lesson list take j/k like the arrow keys (the game's options do too)."""
    from textual.widgets import OptionList

    from cardgames.tui.screens.tutorials import TutorialsScreen

    app = CardgamesApp()
    async with app.run_test(size=(140, 45)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        menu = app.screen.query_one("#menu", OptionList)
        start = menu.highlighted or 0
        await pilot.press("j", "j")
        assert menu.highlighted == start + 2
        await pilot.press("k")
        assert menu.highlighted == start + 1
        app.push_screen(TutorialsScreen("allegiance"))
        await pilot.pause()
        lessons = app.screen.query_one("#lessons", OptionList)
        first = lessons.highlighted
        await pilot.press("j")
        assert first is not None and lessons.highlighted is not None and lessons.highlighted > first
        await pilot.press("k")
        assert lessons.highlighted == first


def marked(screen: GameScreen, name: str) -> tuple[Static, tuple[int, int]]:
    """Where "▸name" is drawn on the board: the widget and the offset of its first letter."""
    from textual.geometry import Region

    for widget in screen.query(".seat, .table").results(Static):
        size = widget.outer_size
        for y, strip in enumerate(widget.render_lines(Region(0, 0, size.width, size.height))):
            x = strip.text.find("▸" + name)
            if x >= 0:
                return widget, (x + 1, y)
    raise AssertionError(f"▸{name} is not on the board")


async def test_clicking_a_marked_card_picks_it_as_the_answer() -> None:
    """Targets are picked on the board itself: a mouse click on ▸Skilled Strike in the hand plays it,
    a click on ▸Infantry in the opponent's territory targets it."""
    session = Session.start("allegiance", ["Ann", "Bob"], 3, {
        "heroes": ["beledan-kind", "thedric-egen"],
        "given": {"turn": 3, "active": "Ann", "players": {"Ann": {"gold": 5, "hand": ["skilled-strike"]},
                                                          "Bob": {"territory": ["infantry"]}}}})
    app = CardgamesApp(session)
    async with app.run_test(size=(140, 45)) as pilot:
        await take_the_screen(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        widget, offset = marked(screen, "Skilled Strike")
        assert await pilot.click(widget, offset=offset)
        await pilot.pause()
        assert session.game.decision.kind == "target"
        infantry = next(o for o in session.game.decision.options if o.key.startswith("target:"))
        widget, offset = marked(screen, "Infantry")
        assert await pilot.click(widget, offset=offset)
        await pilot.pause()
        assert session.game.state.chain[-1].targets == {"t": [infantry.ref]}


async def test_usable_at_one_hundred_by_thirty() -> None:
    app = CardgamesApp(duel())
    async with app.run_test(size=(100, 30)) as pilot:
        await take_the_screen(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen) and not screen.has_class("-too-small")
        options = screen.query_one("#options")
        assert options.region.height >= 4 and options.region.width >= 30
        assert screen.query_one("#seat-0").region.width >= 50


async def test_a_player_changes_their_stop_setting_during_the_game() -> None:
    """s opens the settings with the seated player's own stop setting; the change is saved with the
    game (autosave, Continue) and the next window follows it."""
    from textual.widgets import Select

    from cardgames.api import load_game
    from cardgames.tui.screens.settings import SettingsScreen

    session = duel()
    app = CardgamesApp(session)
    async with app.run_test(size=(140, 45)) as pilot:
        await take_the_screen(pilot)
        me = session.seated
        assert me is not None
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, SettingsScreen)
        stop = app.screen.query_one("#stop", Select)
        assert stop.value == session.game.state.players[me].props["stop"] == "auto"
        stop.value = "always"
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen | CurtainScreen)
        assert session.game.state.players[me].props["stop"] == "always"
    loaded = load_game(session.path)
    assert loaded.state.players[me].props["stop"] == "always"
    assert [e.to_json() for e in loaded.events] == [e.to_json() for e in session.game.events]


async def test_settings_from_the_title_offer_no_stop_setting() -> None:
    from cardgames.tui.screens.settings import SettingsScreen

    app = CardgamesApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await app.push_screen(SettingsScreen())
        await pilot.pause()
        assert not app.screen.query("#stop")


async def test_attackers_are_declared_by_clicking_them_on_the_board() -> None:
    """Declaring attackers with the mouse: each ▸unit clicked in the territory attacks."""
    session = Session.start("allegiance", ["Ann", "Bob"], 3, {
        "heroes": ["beledan-kind", "thedric-egen"], "stop": {"Ann": "never", "Bob": "never"},
        "given": {"turn": 3, "active": "Ann", "players": {"Ann": {"territory": ["infantry"]}}}})
    game = session.game
    game.choose(next(o.key for o in game.decision.options if o.key.startswith("battle:")))
    while game.decision.kind == "priority":
        game.choose("pass")
    assert game.decision.kind == "declare_attackers"
    app = CardgamesApp(session)
    async with app.run_test(size=(140, 45)) as pilot:
        await take_the_screen(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        widget, offset = marked(screen, "Infantry")
        assert await pilot.click(widget, offset=offset)
        await pilot.pause()
        infantry = next(o.ref for o in game.decision.options if o.key.startswith("unattack:"))
        assert game.state.objects[infantry].card == "infantry"
