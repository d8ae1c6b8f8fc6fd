"""Algomancy free-for-all at the terminal: a whole 4-player game, every screen checked for hidden cards
and for sealed intent cards shown to a seat before they flip together."""

from __future__ import annotations

from pathlib import Path

from kit.app import board_text, leaked, play_by_bot, screen_names

from cardgames.bots.keen_bot import KeenBot
from cardgames.engine.decisions import Decision, Option
from cardgames.tui.app import CardgamesApp
from cardgames.tui.screens.game import GameScreen
from cardgames.tui.screens.gameover import GameOverScreen
from cardgames.tui.session import Session

SIZE = (140, 45)
PLAYERS = ["Ann", "Bob", "Cat", "Dan"]
OPTIONS: dict[str, object] = {"format": "draft", "elements": ["fire", "water", "earth", "metal"],
                              "initiative": "Ann", "stop": {n: "relevant" for n in PLAYERS}}
UI_WORDS = {"Battle"}
"""Card names the board also uses as words ("Battle (free-for-all)"): not checked on the screen."""


class BoldBot(KeenBot):
    """The keen bot, but at the intent cards it sends everything to its left: the game ends sooner."""

    def choose(self, decision: Decision) -> Option:
        if decision.kind == "intent" and any(o.key == "all:left" for o in decision.options):
            staying = any(o.group == "unit" and o.label.endswith("stay home") for o in decision.options)
            return next(o for o in decision.options if o.key == ("all:left" if staying else "done"))
        return super().choose(decision)


async def test_a_whole_four_player_ffa_shows_no_hidden_card_and_no_sealed_intent(tmp_path: Path) -> None:
    session = Session.start("algomancy", PLAYERS, 24, OPTIONS, tmp_path / "ffa.save")
    app = CardgamesApp(session)
    bot = BoldBot(24)
    g = session.game
    sealed_screens = 0

    def check(app: CardgamesApp, screen: GameScreen) -> None:
        nonlocal sealed_screens
        seat = session.seated  # None: the public table
        hidden, known = screen_names(screen, g, seat)
        # On a seat's own screen, "Create Verdant Rift" in the resource step's menu names a kind of resource
        # made from outside the game, not someone's hidden card. The public table never shows that menu:
        # which resource a player creates comes into play face down (Algomancy.private_groups).
        menu = ("(recycle a card from hand)", "recycle which card from your hand")
        lines = board_text(screen, displayed_only=True).splitlines()
        text = "\n".join(ln for ln in lines if seat is None or not any(m in ln for m in menu))
        leaks = leaked(text, hidden - known - UI_WORDS, known)
        who = "the public table" if seat is None else f"{g.players[seat]}'s screen"
        assert not leaks, f"{who} shows hidden cards {leaks}"
        b = g.state.battle or {}
        if b.get("step") == "intents":  # sealed: only the deciding seat sees its own intent choices
            sealed_screens += 1
            assert "Intent cards flip" not in text and "→" not in text  # nothing revealed yet
            deciding = g.decision.seat_index
            if seat != deciding:
                assert not any(w in text for w in ("Seal my intents", "Place your intent cards", "Intent card for",
                                                   "Stay home")), f"{who} shows {g.players[deciding]}'s intents"

    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        checked = await play_by_bot(app, pilot, bot, each=check)
        assert isinstance(app.screen, GameOverScreen)
    assert g.outcome is not None and len(g.outcome.winners) == 1
    assert sealed_screens > 10 and checked > 200
