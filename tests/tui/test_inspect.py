"""Everything on the board can be read: each cursor stop (a card in any zone the seat may see, a
hero, each hero ability, a mod, a chain or stack entry) inspects to its full text; a hidden card
inspects as hidden; both sides of gear and both halves of a split card are shown. (The newcomer
issue, item 1.)"""

from __future__ import annotations

from pathlib import Path

from kit.app import own_board, play_by_bot, press, take_the_screen

from cardgames.bots import make_bot
from cardgames.engine.view import CardView, GameView
from cardgames.tui import scenes_algomancy as scenes
from cardgames.tui.app import CardgamesApp
from cardgames.tui.boards.allegiance import card_details
from cardgames.tui.boards.base import Board
from cardgames.tui.screens.game import GameScreen
from cardgames.tui.screens.text import InspectScreen
from cardgames.tui.session import Session

SIZE = (140, 45)
HEROES = {"heroes": ["beledan-kind", "corvane-aldris"], "format": "duel"}


def visible_cards(view: GameView) -> dict[int, CardView]:
    return {c.id: c for z in view.zones.values() for c in z.cards}


def check_every_stop(app: CardgamesApp, screen: GameScreen) -> int:
    """Inspect every cursor stop of the board as `i` would; return how many were checked."""
    board = screen.query_one(Board)
    view = screen.session.view()
    cards = visible_cards(view)
    checked = 0
    for _, spot in board.stops():
        if spot.ref is None:  # an empty place in a formation: nothing to read
            continue
        if spot.action.startswith("screen.inspect_key("):
            text = board.details_of(view, spot.key)
        else:
            text = board.details(view, spot.ref)
        assert text.startswith("# ") or text == "This card is hidden from you.", (spot, text)
        card = cards.get(spot.ref)
        if card is not None and not card.hidden and card.name:
            assert card.name in text, (card.name, text)
        if card is not None and card.hidden:
            assert "hidden" in text.lower() and (not card.name or card.name not in text.replace("hidden", ""))
        checked += 1
    return checked


async def test_every_stop_of_a_whole_allegiance_game_inspects_to_its_text() -> None:
    session = Session.start("allegiance", ["Ann", "Bob"], 11, HEROES)
    app = CardgamesApp(session)
    seen = screens = 0

    def each(app: CardgamesApp, screen: GameScreen) -> None:  # every third screen, to keep it quick
        nonlocal seen, screens
        screens += 1
        if screens % 3 == 1:
            seen += check_every_stop(app, screen)

    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await play_by_bot(app, pilot, make_bot("keen", 11), each=each)
    assert seen > 500


async def test_every_stop_of_an_algomancy_board_inspects_to_its_text(cardgames_home: Path) -> None:
    session = scenes.board(cardgames_home / "s.save")
    app = CardgamesApp(session)
    async with app.run_test(size=SIZE) as pilot:
        await take_the_screen(pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        assert check_every_stop(app, screen) > 10


async def test_a_hero_ability_is_a_stop_of_its_own_and_i_shows_its_text() -> None:
    """Allegiance hero abilities can be read by keyboard: Tab onto the board, walk to an ability,
    i shows its level, unlock cost, delay, whether it is ready, and its text."""
    session = Session.start("allegiance", ["Ann", "Bob"], 11, HEROES)
    app = CardgamesApp(session)
    async with app.run_test(size=SIZE) as pilot:
        board = await own_board(pilot)
        await press(app, pilot, "tab")
        seat = session.seated
        for _ in range(60):
            if (board.cursor or "").startswith(f"ability:{seat}:"):
                break
            await press(app, pilot, "tab")
        assert (board.cursor or "").startswith(f"ability:{seat}:")
        await press(app, pilot, "i")
        shown = app.screen
        assert isinstance(shown, InspectScreen)
        ability = board.cursor.split(":", 2)[2] if board.cursor else ""
        hero = board.rules.cat.hero(str(session.view().players[seat or 0].props.get("hero")))  # type: ignore[attr-defined]
        printed = next(a for a in hero.abilities if a.id == ability)
        assert printed.name in shown.markdown and printed.text in shown.markdown
        assert f"delay {printed.delay}" in shown.markdown and f"{printed.cost} gold" in shown.markdown
        assert shown.markdown.startswith(f"# {printed.name}")  # this ability's own page, not the hero's


def test_gear_inspects_with_both_sides_in_full() -> None:
    """A weapon or armor card has two sides (Equip turns it): inspect shows the side face up and the
    other side, each with its number and text."""
    session = Session.start("allegiance", ["Ann", "Bob"], 11, HEROES)
    view = session.game.view(0)
    gear = [c for c in visible_cards(view).values() if c.facts.get("sides") and len(c.facts["sides"]) == 2]
    assert gear
    cat = session.game.ruleset.cat  # type: ignore[attr-defined]
    for card in gear:
        text = card_details(view, cat, card.id)
        printed = cat.card(card.card)
        assert "## Face up: " in text and "## Other side: " in text
        for face in printed.faces:
            assert face.name in text and face.text in text


def test_a_split_card_inspects_each_half_with_its_own_cost_and_the_hand_says_both() -> None:
    """A split card is played as one half for that half's cost; the hand shows "1 or 2" (not the
    sum), as the options do, and inspect shows each half."""
    from cardgames.games.allegiance.schema import ActionCard
    from cardgames.tui.boards.allegiance import hand_cost

    session = Session.start("allegiance", ["Ann", "Bob"], 11, HEROES)
    game = session.game
    cat = game.ruleset.cat  # type: ignore[attr-defined]
    split = next(o for o in game.state.objects.values()
                 if isinstance(cat.card(o.card), ActionCard) and cat.card(o.card).split)
    printed = cat.card(split.card)
    card = CardView(id=split.id, hidden=False, back="action", card=split.card, name=printed.name, owner=0,
                    controller=0, facts=game.ruleset.card_facts(game.state, split))
    assert hand_cost(card) == " or ".join(str(h.cost) for h in printed.halves)
    view = game.view(0)
    text = card_details(view.model_copy(update={"zones": {"x": view.zones[next(iter(view.zones))]
                                                          .model_copy(update={"cards": [card]})}}), cat, split.id)
    for half in printed.halves:
        assert f"## {half.name} — cost {half.cost} gold" in text and half.text in text
