"""Hot-seat privacy: no uncovered screen ever shows a card hidden from the player at the screen."""

from __future__ import annotations

from kit.app import leaked, names_by_visibility, play_by_keys, screen_text, take_the_screen
from tui_helpers import short_seed

from cardgames.tui.app import CardgamesApp
from cardgames.tui.screens.curtain import CurtainScreen
from cardgames.tui.screens.game import GameScreen
from cardgames.tui.session import Session

PLAYERS = ["Ann", "Bob"]


def hidden_and_public(session: Session, seat: int | None) -> tuple[set[str], set[str]]:
    """Names of cards `seat` may not see (and not also visible elsewhere), and every public name
    (visible cards, hero and ability names)."""
    hidden, public = names_by_visibility(session.game, seat)
    cat = session.game.ruleset.cat  # type: ignore[attr-defined]
    for hero in cat.heroes():
        public |= {hero.name, hero.title} | {a.name for a in hero.abilities}
    return hidden, public


async def test_no_uncovered_screen_shows_hidden_cards_across_a_whole_game() -> None:
    options = {"heroes": ["beledan-kind", "thedric-egen"], "stop": {"Ann": "auto", "Bob": "auto"}}
    session = Session.start("allegiance", PLAYERS, short_seed(PLAYERS, options), options)
    app = CardgamesApp(session)
    checked = 0

    def check(app: CardgamesApp, screen: GameScreen) -> None:
        nonlocal checked
        seat = screen.session.seated  # None: the public table, which shows nobody's private cards
        hidden, public = hidden_and_public(screen.session, seat)
        leaks = leaked(screen_text(app), hidden, public)
        who = "the public table" if seat is None else f"{PLAYERS[seat]}'s screen"
        assert not leaks, f"{who} shows hidden cards {leaks}"
        checked += 1

    async with app.run_test(size=(140, 45)) as pilot:
        await pilot.pause()
        await play_by_keys(app, pilot, each=check)
    assert checked > 20


async def test_curtain_is_opaque_and_names_only_the_next_player() -> None:
    session = Session.start("allegiance", PLAYERS, 3, {"heroes": ["beledan-kind", "thedric-egen"]})
    app = CardgamesApp(session)
    async with app.run_test(size=(140, 45)) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # Look at my hand, at the public table
        await pilot.pause()
        assert isinstance(app.screen, CurtainScreen)
        text = screen_text(app)
        assert "Pass to" in text
        state = session.game.state
        everything = {session.game.ruleset.card_name(state, o) for o in state.objects.values()}
        assert not [n for n in everything if n in text]


async def test_the_hand_shown_is_the_seated_players_own() -> None:
    session = Session.start("allegiance", PLAYERS, 3, {"heroes": ["beledan-kind", "thedric-egen"]})
    app = CardgamesApp(session)
    async with app.run_test(size=(140, 45)) as pilot:
        await take_the_screen(pilot)
        seat = session.seated
        assert seat is not None
        state = session.game.state
        own = [session.game.ruleset.card_name(state, o) for o in state.cards_in(f"hand:{seat}")]
        text = screen_text(app)
        assert all(name in text for name in own)


def test_the_leak_check_takes_out_public_names_wrapped_at_a_line_end() -> None:
    """A tile wraps "unlocks Rally the Ranks" (a public hero ability) over two lines; a hidden
    card "Rally" is not found in it, but is found when it stands alone."""
    public, hidden = {"Rally the Ranks"}, {"Rally"}
    assert leaked("│ unlocks Rally the │\n│ Ranks │", hidden, public) == []
    assert leaked("│ Rally │ unlocks Rally the Ranks", hidden, public) == ["Rally"]
    assert leaked("│ Rally theft │", hidden, public) == ["Rally"]
