"""Mechamancers through the app: whole games by keys and by a bot, with the hot-seat no-leak check
at every screen (hands hidden, the pledge sealed, the Quirk's look private); the board's tiles."""

from __future__ import annotations

from pathlib import Path

import pytest
from kit.app import leaked, names_by_visibility, play_by_bot, play_by_keys, press, screen_text
from test_inspect import check_every_stop

from cardgames.bots.keen_bot import KeenBot
from cardgames.engine.handover import Table
from cardgames.tui import scenes_mechamancers as scenes
from cardgames.tui.app import CardgamesApp
from cardgames.tui.boards.base import Board
from cardgames.tui.screens.game import GameScreen
from cardgames.tui.screens.gameover import GameOverScreen
from cardgames.tui.session import Session
from cardgames.tui.settings import with_app_stops

TWO = ["Ann", "Bob"]
FOUR = ["Ann", "Bob", "Cid", "Dee"]


class Watch:
    """The no-leak check at every game screen, counting the sealed moments it saw.

    Role names are public components (every role is on the table, or in the log of earlier
    rounds): the secret of the pledge is who holds which this round. So role names count as
    public here, and during the pledge each seat that has already chosen must show only a sealed
    back on every other screen (the engine's own test checks the views and the log line by line:
    `test_mech_rules_pledge::test_the_pledge_is_sealed_until_all_have_chosen`)."""

    def __init__(self) -> None:
        self.checked = 0
        self.pledges = 0
        self.looks = 0
        self.inspected = 0

    def __call__(self, app: CardgamesApp, screen: GameScreen) -> None:
        session = screen.session
        seat = session.seated
        hidden, public = names_by_visibility(session.game, seat)
        public |= {r.name for r in session.game.ruleset.cat.roles}  # type: ignore[attr-defined]
        text = screen_text(app)
        leaks = leaked(text, hidden - public, public)
        who = "the public table" if seat is None else f"{session.game.players[seat]}'s screen"
        assert not leaks, f"{who} shows hidden cards {leaks} ({session.game.decision.kind})"
        self.checked += 1
        kind = session.game.decision.kind if session.game.outcome is None else ""
        if kind == "pledge" and seat is not None:
            state = session.game.state
            view = session.view()
            for other in range(len(state.players)):
                if other != seat and state.zones[f"pledge:{other}"].cards:
                    assert all(c.hidden and c.name is None for c in view.zones[f"pledge:{other}"].cards)
        self.pledges += kind == "pledge"
        if self.checked % 5 == 0:  # every card the board draws inspects to its text (as `i` does)
            self.inspected += check_every_stop(app, screen)
        self.looks += kind == "foresight"


async def test_two_player_game_by_keys_keeps_hands_pledges_and_foresight_private() -> None:
    options = with_app_stops(TWO, {"start_player": "Ann"})
    session = Session.start("mechamancers", TWO, 10, options)  # a short game by keys
    app = CardgamesApp(session)
    watch = Watch()
    async with app.run_test(size=(140, 45)) as pilot:
        await pilot.pause()
        await play_by_keys(app, pilot, each=watch)
        assert isinstance(app.screen, GameOverScreen)
    assert session.game.outcome is not None and session.game.outcome.winners
    assert watch.pledges >= 14 and watch.looks >= 6 and watch.checked > 80


async def test_four_player_game_by_the_keen_bot_keeps_every_secret() -> None:
    options = with_app_stops(FOUR, {})
    session = Session.start("mechamancers", FOUR, 11, options)
    app = CardgamesApp(session)
    watch = Watch()
    async with app.run_test(size=(140, 45)) as pilot:
        await pilot.pause()
        await play_by_bot(app, pilot, KeenBot(11), each=watch)
    assert session.game.outcome is not None
    assert watch.pledges >= 28 and watch.checked > 150 and watch.inspected > 300


def test_hand_overs_per_game_are_what_private_choices_need() -> None:
    """Counted as the app counts them: the sealed pledge takes one curtain per seat per round (7
    rounds; four a round in the two-roles variant); the rest are turns that open a hand."""
    from cardgames import new_game

    for players in (TWO, FOUR):
        g = new_game("mechamancers", players, 5, with_app_stops(players, {}))
        bot, table = KeenBot(5), Table()
        while g.outcome is None:
            d = g.decision
            o = bot.choose(d)
            table.answer(g.ruleset, g.state, d, o)
            g.choose(o)
        assert 7 * len(players) <= table.curtains <= 7 * len(players) * 3
    g = new_game("mechamancers", TWO, 5, with_app_stops(TWO, {"format": "two-roles"}))
    bot, table = KeenBot(5), Table()
    while g.outcome is None:  # the two-roles variant: four sealed pledge picks a round, alternating
        d = g.decision
        o = bot.choose(d)
        table.answer(g.ruleset, g.state, d, o)
        g.choose(o)
    assert 7 * 4 <= table.curtains <= 7 * 4 * 2


async def test_the_board_shows_each_mechas_state_now_and_next(tmp_path: Path) -> None:
    session = scenes.damaged(tmp_path / "s.save")
    app = CardgamesApp(session)
    async with app.run_test(size=(140, 45)) as pilot:
        await pilot.pause()
        await pilot.pause()
        text = screen_text(app)
        assert "Juggernaut Mk-V" in text and "1×2 → 1×1" in text  # 2 damage of 4: third state, next the fourth
        assert "Iron Bastion" in text and "S2 → S1" in text
        assert "Berserker Frame" in text and "2×1 → 2×2" in text
        assert "The Warlock" in text and "Overdrive" in text and "mana 3 · defend 1" in text
        board = app.screen.query_one(Board)
        bastion = next(o for o in session.game.state.objects.values() if o.card == "iron-bastion")
        details = board.details(session.view(), bastion.id)
        assert "S4" in details and "**S2**" in details and "Death" in details


async def test_the_board_shows_the_higher_base_defend_of_two_roles(tmp_path: Path) -> None:
    """The two-roles variant: each seat shows both role cards, and its base defend is the higher."""
    session = Session.start("mechamancers", TWO, 7, {"format": "two-roles", "given": {"players": {
        "Ann": {"role": ["quirk", "barricade"]}, "Bob": {"role": ["warlock", "ruler"]}}}}, tmp_path / "s.save")
    session.sit()
    app = CardgamesApp(session)
    async with app.run_test(size=(140, 45)) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert "The Barricade" in text and "The Quirk" in text and "The Warlock" in text and "The Ruler" in text
        assert "shields 2 + base defend 3" in text and "shields 2 + base defend 2" in text
        assert "Turn order: Ann → Bob → Bob → Ann" in text


async def test_why_not_names_the_rule(tmp_path: Path) -> None:
    session = scenes.damaged(tmp_path / "s.save")
    reasons = dict(session.game.why_not(0))
    assert "Activate Rampart Drone" in reasons and "activation phase" in reasons["Activate Rampart Drone"]
    assert "Attack with Bulwark" in reasons and "never attacks" in reasons["Attack with Bulwark"]


async def test_the_new_game_form_gives_what_play_gives(monkeypatch: pytest.MonkeyPatch) -> None:
    """Setup via `Ruleset.setup_form()`: 2–4 players and who chooses first; same game as `play`."""
    from test_setup_form import cli_options, form_options

    from cardgames.games import find_ruleset

    game, ours = await form_options({"game": "mechamancers", "count": "3", "mech-start-player": "1"})
    theirs = cli_options(monkeypatch, "mechamancers", "--players", "Ann,Bob,Cid", "--start-player", "Bob")
    rules = find_ruleset("mechamancers")
    names = ["Ann", "Bob", "Cid"]
    assert game == "mechamancers" and ours["start_player"] == "1"
    assert rules.normalize_options(names, ours) == rules.normalize_options(names, theirs)
    assert rules.normalize_options(names, ours)["start_player"] == 1


async def test_the_new_game_form_offers_the_two_roles_variant_as_play_does(monkeypatch: pytest.MonkeyPatch) -> None:
    """The 2-player variant V1 is a format of New game; it gives the game `play --format two-roles` gives."""
    from test_setup_form import cli_options, form_options

    from cardgames.games import find_ruleset

    game, ours = await form_options({"game": "mechamancers", "mech-format": "two-roles", "mech-start-player": "0"})
    theirs = cli_options(monkeypatch, "mechamancers", "--players", "Ann,Bob", "--format", "two-roles",
                         "--start-player", "Ann")
    rules = find_ruleset("mechamancers")
    assert game == "mechamancers" and ours["format"] == "two-roles"
    assert rules.normalize_options(TWO, ours) == rules.normalize_options(TWO, theirs)


async def test_w_and_i_keys_on_the_board(tmp_path: Path) -> None:
    """`w` lists why each thing cannot be done now, naming the rule; `i` inspects the card under
    the cursor (its whole rotation); `r` shows our rules page."""
    session = scenes.damaged(tmp_path / "s.save")
    app = CardgamesApp(session)
    async with app.run_test(size=(140, 45)) as pilot:
        await pilot.pause()
        await press(app, pilot, "w")
        await pilot.pause()
        text = screen_text(app)
        assert "never attacks" in text and "Defense cards" in text
        await press(app, pilot, "escape")
        board = app.screen.query_one(Board)
        board.focus()
        await pilot.pause()
        await press(app, pilot, "i")
        await pilot.pause()
        text = screen_text(app)
        assert "Rotation" in text and "Death" in text
        await press(app, pilot, "escape")
        await press(app, pilot, "r")  # the rules in our words (docs/rules/mechamancers.md)
        await pilot.pause()
        assert "Mechamancers — the rules" in screen_text(app)


async def test_the_new_game_form_offers_each_player_who_plays_to_choose_first() -> None:
    """Who chooses a role first: any of the players listed, as many as play (up to the fourth)."""
    from kit.app import open_new_game
    from test_setup_form import SIZE
    from textual.widgets import Select
    from textual.widgets.select import InvalidSelectValueError

    app = CardgamesApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_new_game(app, pilot, "mechamancers")
        start = screen.query_one("#mech-start-player", Select)

        async def offered(count: int) -> list[str]:
            """The values the choice takes with `count` players (a value it does not offer is refused)."""
            screen.query_one("#count", Select).value = count
            await pilot.pause()
            kept, takes = start.value, []
            for value in ("random", "0", "1", "2", "3"):
                try:
                    start.value = value
                except InvalidSelectValueError:
                    continue
                takes.append(value)
            start.value = kept
            return takes

        assert await offered(4) == ["random", "0", "1", "2", "3"]
        start.value = "3"
        assert await offered(3) == ["random", "0", "1", "2"]
        assert start.value == "random"  # the fourth player left: back to the default
        start.value = "2"
        await pilot.pause()
        names = [screen.query_one(f"#name-{i}").value for i in range(3)]  # type: ignore[attr-defined]
        assert screen.options(names)["start_player"] == "2"
        assert await offered(2) == ["random", "0", "1"]
