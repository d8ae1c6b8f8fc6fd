"""Algomancy joint teams at the terminal: a whole 2v2 game played through the app (from turn 2, each team at
10 life), every screen checked for hidden cards, and the board drawing one region and one life total per team."""

from __future__ import annotations

from pathlib import Path

from kit.app import board_text, leaked, play_by_bot, screen_names
from textual.widgets import Static

from cardgames.bots.keen_bot import KeenBot
from cardgames.tui.app import CardgamesApp
from cardgames.tui.screens.game import GameScreen
from cardgames.tui.screens.gameover import GameOverScreen
from cardgames.tui.session import Session

SIZE = (140, 45)
PLAYERS = ["Ann", "Bob", "Cat", "Dan"]
LIFE = 10
OPTIONS: dict[str, object] = {"format": "joint", "elements": ["fire", "water", "earth", "metal"],
                              "initiative": "Ann", "stop": {n: "relevant" for n in PLAYERS},
                              "given": {"turn": 2, "step": "refresh", "players": {"Ann": {"life": LIFE},
                                                                                   "Bob": {"life": LIFE}}}}
"""From turn 2 with each team at 10 life (set through one member, so the team's one total), so that the
whole game fits the app-test budget."""
UI_WORDS = {"Battle"}
"""Card names the board also uses as words ("Battle, phase 1 of 2"): not checked on the screen."""
MENU = ("(recycle a card from hand)", "recycle which card from your hand")
"""On a seat's own screen the resource step names kinds of resource made from outside the game, not
someone's hidden card (the public table never shows that menu: Algomancy.private_groups)."""


async def test_a_whole_joint_team_game_shows_no_hidden_card_and_one_region_per_team(tmp_path: Path) -> None:
    session = Session.start("algomancy", PLAYERS, 10, OPTIONS, tmp_path / "joint.save")
    app = CardgamesApp(session)
    g = session.game
    battles = 0

    def check(app: CardgamesApp, screen: GameScreen) -> None:
        nonlocal battles
        seat = session.seated  # None: the public table
        hidden, known = screen_names(screen, g, seat)
        text = "\n".join(ln for ln in board_text(screen, displayed_only=True).splitlines()
                         if seat is None or not any(m in ln for m in MENU))
        leaks = leaked(text, hidden - known - UI_WORDS, known)
        who = "the public table" if seat is None else f"{g.players[seat]}'s screen"
        assert not leaks, f"{who} shows hidden cards {leaks}"
        titles = [str(w.border_title or "") for w in screen.query("Static").results(Static) if w.display]
        regions = [ttl for ttl in titles if "region" in ttl]
        assert len(regions) == 2 and regions[0].startswith("Ann and Cat's region"), regions
        assert regions[1].startswith("Bob and Dan's region"), regions
        lives = {p.counters.get("life") for p in g.state.players if p.team == 0}
        assert len(lives) == 1  # one total, shown on each member
        if (g.state.battle or {}).get("region") is not None:
            battles += 1
            assert "(joint teams), phase" in text and "Ann and Cat" in text  # the battle line names whole teams

    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        checked = await play_by_bot(app, pilot, KeenBot(10), each=check)
        assert isinstance(app.screen, GameOverScreen)
    assert g.outcome is not None and sorted(g.outcome.winners) in ([0, 2], [1, 3])
    assert battles > 10 and checked > 100
