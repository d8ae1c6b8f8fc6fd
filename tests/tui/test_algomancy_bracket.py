"""Algomancy cube bracket at the terminal (A79): the board says who plays the match, who waits for which round,
who is out of the bracket and, at the end, the champion; only the match's two players are at the table."""

from __future__ import annotations

from pathlib import Path

from kit.app import board_text, leaked, play_by_bot, screen_names
from textual.widgets import Static

from cardgames.bots.keen_bot import KeenBot
from cardgames.engine import core_events as ce
from cardgames.engine.game import Game
from cardgames.games.algomancy.events import MatchBegan, MatchEnded
from cardgames.tui.app import CardgamesApp
from cardgames.tui.screens.game import GameScreen
from cardgames.tui.screens.gameover import GameOverScreen
from cardgames.tui.session import Session

SIZE = (140, 45)
NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve"]
UI_WORDS = {"Battle"}
"""Card names the board also uses as words ("Battle, phase 1 of 2"): not checked on the screen."""
MENU = ("(recycle a card from hand)", "recycle which card from your hand")
"""On a seat's own screen the resource step names kinds of resource made from outside the game, not
someone's hidden card (the public table never shows that menu: Algomancy.private_groups)."""


def bracket(path: Path, players: int, seed: int, match: int, life: int = 0) -> Session:
    """A cube bracket of `players` (keen bots) stopped at the first decision of its `match`-th match (with
    `life`, both its players start it at that much life, so that it is over sooner)."""
    names = NAMES[:players]
    session = Session.start("algomancy", names, seed, {"format": "cube", "cube_play": "bracket",
                                                       "stop": {n: "relevant" for n in names}}, path)
    g, bot = session.game, KeenBot(seed)
    while len(began(g)) < match:
        g.choose(bot.choose(g.decision))
    if life:
        for s in began(g)[-1].seats:
            g.flow.emit(ce.PlayerCounterAdded(s, "life", life - g.state.players[s].counters["life"]))
        session = Session(Game(g.ruleset, g.events, g.header), path)  # folded again from the log
    session.written = -1
    session.save()
    session.sit()
    return session


def began(g: Game) -> list[MatchBegan]:
    return [e for e in g.events if isinstance(e, MatchBegan)]


def ended(g: Game) -> list[MatchEnded]:
    return [e for e in g.events if isinstance(e, MatchEnded)]


def shown(screen: GameScreen) -> dict[str, str]:
    """The displayed panels' titles and contents, by panel id."""
    return {w.id or "": f"{w.border_title or ''}\n{w.content}" for w in screen.query("#board Static").results(Static)
            if w.display and w.id}


def check_table(g: Game, screen: GameScreen) -> None:
    """Only the match's two players at the table (their areas and regions), nobody marked DEFEATED, the
    match named in the bracket panel and the status line."""
    names = g.players
    pair = began(g)[-1].seats
    panels = shown(screen)
    regions = sorted(k for k in panels if k.startswith("region-"))
    assert regions == [f"region-{s}" for s in sorted(pair)], regions
    heads = {panels["opponent"].split(" —")[0], panels["you"].split(" —")[0].removesuffix(" (you)")}
    assert heads == {names[s] for s in pair}, heads
    assert "DEFEATED" not in board_text(screen, displayed_only=True)
    seated = screen.session.seated  # the public table (None) is nobody's: no region says "you"
    mine = [k for k in regions if "— you" in panels[k].split("\n")[0]]
    assert mine == ([] if seated is None else [f"region-{seated}"]), (seated, mine)
    a, b = (names[s] for s in pair)
    assert f"▶ {a} v {b} (playing)" in panels["bracket"]
    assert f"bracket round {began(g)[-1].round}: {a} v {b}" in screen.board.status(g.view(screen.session.seated))


async def test_a_bracket_of_five_at_the_second_match_says_who_plays_who_waits_and_who_is_out(tmp_path: Path) -> None:
    """Round 1: Ann v Bob is over, Cat v Dan is played, Eve has the bye. The winner of the first match waits for
    round 2 (not DEFEATED, no leftover life shown), the loser is out of the bracket."""
    session = bracket(tmp_path / "b.save", 5, 3, match=2)
    g = session.game
    (first,) = ended(g)
    winner, loser = g.players[first.winner], g.players[first.loser]
    assert began(g)[-1].seats == [2, 3]
    app = CardgamesApp(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        check_table(g, screen)
        panel = shown(screen)["bracket"]
        assert "Cube bracket — round 1 of 3" in panel
        assert f"Round 1: {winner} beat {loser} · ▶ Cat v Dan (playing) · Eve: bye" in panel
        assert f"Waiting: {', '.join(sorted([winner, 'Eve'], key=g.players.index))} for round 2" in panel
        assert f"Out of the bracket: {loser} (round 1)" in panel


async def test_a_bracket_final_played_through_the_app_ends_with_the_champion(tmp_path: Path) -> None:
    """Three drafters: the final (round 2, from 3 life each) played through the app, every screen showing only
    the finalists at the table and the semi-final's loser out of the bracket, and no card hidden from its seat;
    at the end the board names the champion."""
    session = bracket(tmp_path / "b.save", 3, 2, match=2, life=3)
    g = session.game
    (first,) = ended(g)
    loser = g.players[first.loser]
    app = CardgamesApp(session)

    def check(app: CardgamesApp, screen: GameScreen) -> None:
        check_table(g, screen)
        seat = session.seated  # None: the public table
        hidden, known = screen_names(screen, g, seat)
        text = "\n".join(ln for ln in board_text(screen, displayed_only=True).splitlines()
                         if seat is None or not any(m in ln for m in MENU))
        assert not leaked(text, hidden - known - UI_WORDS, known), f"seat {seat} sees hidden cards"
        panel = shown(screen)["bracket"]
        assert "Cube bracket — round 2 of 2" in panel and f"Out of the bracket: {loser} (round 1)" in panel
        assert "Waiting" not in panel

    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        checked = await play_by_bot(app, pilot, KeenBot(2), each=check)
        assert isinstance(app.screen, GameOverScreen) and checked > 20
        assert g.outcome is not None
        (champion,) = g.outcome.winners
        game_screen = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        panels = shown(game_screen)
        assert f"★ Champion: {g.players[champion]}" in panels["bracket"]
        assert "Cube bracket — over after 2 rounds" in panels["bracket"]
        titles = {panels["opponent"].split("\n")[0], panels["you"].split("\n")[0]}
        assert any(t.startswith(f"{g.players[champion]}") and "★ champion" in t for t in titles), titles
        assert any("out of the bracket (lost to" in t for t in titles), titles
        summary = str(app.screen.query_one("#summary", Static).render())  # the game-over screen
        assert f"{g.players[champion]}: champion" in summary
        assert f"{loser}: out of the bracket (lost to" in summary and "defeated" not in summary
