"""Cards named in the log can be read by keyboard (issue 17, item 1): L lists the cards the recent
log names that the screen may show, newest first; Enter inspects one. A hidden card is never listed."""

from __future__ import annotations

from kit.app import take_the_screen
from textual.widgets import OptionList

from cardgames.engine.view import CardView, GameView, ZoneView
from cardgames.tools.keys import settle
from cardgames.tui.app import CardgamesApp
from cardgames.tui.gamelog import GameLog
from cardgames.tui.screens.game import GameScreen
from cardgames.tui.screens.logcards import LogCardsScreen, linked, named_in_log, names_pattern
from cardgames.tui.screens.text import InspectScreen
from cardgames.tui.session import Session


def _view(cards: dict[str, list[CardView]]) -> GameView:
    return GameView(game="x", viewer=0, turn=1, active=0, phase="", players=[],
                    zones={z: ZoneView(id=z, kind="area", owner=None, visibility="public", count=len(cs), cards=cs)
                           for z, cs in cards.items()},
                    chain=[], battle=None, deciding=None, decision=None, outcome=None)


def _card(ref: int, name: str | None, hidden: bool = False) -> CardView:
    return CardView(id=ref, hidden=hidden, back="card", card=None if hidden else name, name=name, owner=0, controller=0)


def test_the_newest_line_comes_first_one_entry_per_name_whole_words_only() -> None:
    view = _view({"table": [_card(1, "Red"), _card(2, "Misled Orc"), _card(3, "Orc"), _card(4, "Ghoul")],
                  "hand:1": [_card(9, None, hidden=True)]})
    lines = ["Ann plays Misled Orc", "Bob plays Ghoul", "Red Banner resource made", "Misled Orc dies"]
    assert named_in_log(lines, view) == [(2, "Misled Orc"), (1, "Red"), (4, "Ghoul")]


def test_a_card_the_view_hides_is_never_listed() -> None:
    view = _view({"hand:1": [CardView(id=10**9 + 5, hidden=True, back="card", owner=1, controller=1)]})
    assert named_in_log(["Bob draws Shadow Stalker"], view) == []


def duel(seed: int = 3) -> Session:
    return Session.start("allegiance", ["Ann", "Bob"], seed, {"heroes": ["beledan-kind", "thedric-egen"]})


async def test_L_lists_the_cards_the_log_names_and_enter_inspects_one() -> None:
    session = duel()
    app = CardgamesApp(session)
    async with app.run_test(size=(140, 45)) as pilot:
        await take_the_screen(pilot)
        assert isinstance(app.screen, GameScreen)
        seat = session.seated
        hand = [c.name for c in session.view().zones[f"hand:{seat}"].cards]
        await pilot.press("L")
        await pilot.pause()
        assert isinstance(app.screen, LogCardsScreen)
        listed = app.screen.query_one("#logcards-list", OptionList)
        names = [str(listed.get_option_at_index(i).prompt) for i in range(listed.option_count)]
        assert names and set(names) <= set(hand)  # the drawer's own draws, newest first
        assert names == [n for n in reversed(hand) if n in names]
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, InspectScreen) and names[0] in app.screen.markdown
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)


async def test_on_the_public_table_L_lists_no_private_card() -> None:
    session = duel()
    app = CardgamesApp(session)
    async with app.run_test(size=(140, 45)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and session.seated is None
        await pilot.press("L")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)  # nothing to list: a notice, no list


def test_a_log_line_links_each_face_up_name_and_escapes_the_rest() -> None:
    pattern = names_pattern(["Misled Orc", "Orc", "Astera's Mercy"])
    line = "Ann plays Misled Orc [x]; Orc and Astera's Mercy"
    markup = linked(line, pattern, lambda name: f"screen.inspect_named({len(name)})")
    assert markup == (r"Ann plays [@click=screen.inspect_named(10)]Misled Orc[/] \[x]; "
                      "[@click=screen.inspect_named(3)]Orc[/] and [@click=screen.inspect_named(14)]Astera's Mercy[/]")
    assert linked(line, None, str) == r"Ann plays Misled Orc \[x]; Orc and Astera's Mercy"


async def test_a_click_on_a_card_named_in_the_log_inspects_it() -> None:
    session = duel()
    app = CardgamesApp(session)
    async with app.run_test(size=(140, 45)) as pilot:
        await take_the_screen(pilot)
        await settle(app, pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        hand = [c.name for c in session.view().zones[f"hand:{session.seated}"].cards]
        log = screen.query_one("#log", GameLog)
        top = int(log.scroll_y)
        shown = [strip.text for strip in log.lines][top:top + log.scrollable_content_region.height]
        row, name = next((y, n) for y, text in enumerate(shown) for n in hand if n and n in text)
        column = shown[row].index(name)
        inner = log.scrollable_content_region
        await pilot.click(offset=(inner.x + column + 1, inner.y + row))
        await pilot.pause()
        assert isinstance(app.screen, InspectScreen) and name in app.screen.markdown
        await pilot.press("escape")
        await pilot.pause()
        screen.action_inspect_named(10**6)  # a name no line carries (or gone from the table)
        await pilot.pause()
        assert not any(isinstance(s, InspectScreen) for s in app.screen_stack)  # a notice instead
