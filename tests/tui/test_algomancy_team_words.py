"""Algomancy team games at the terminal, in words: several players attack ("Dan and Bob attack"), a joint team
attacks and blocks as a team, and an eliminated player's header says DEFEATED first, however narrow."""

from __future__ import annotations

import re
from pathlib import Path

from textual.geometry import Region
from textual.widgets import Static

from cardgames.tui import scenes_algomancy_ffa as scenes
from cardgames.tui.app import CardgamesApp
from cardgames.tui.boards.algomancy_grid import formation, they_do
from cardgames.tui.screens.game import GameScreen

SIZE = (140, 45)


def test_they_do_agrees_with_how_many_do_it() -> None:
    assert they_do(["Ann"], "attack") == "Ann attacks"
    assert they_do(["Dan", "Bob"], "attack") == "Dan and Bob attack"
    assert they_do(["Ann", "Cat", "Eve"], "block") == "Ann, Cat and Eve block"


async def test_a_split_team_battle_with_two_attackers_says_they_attack(cardgames_home: Path) -> None:
    """2v2 split teams: two players attack one region; the grid's header and the battle line say "attack"."""
    session = scenes.teams_battle(cardgames_home / "s.save")
    g = session.game
    b = g.view(None).battle or {}
    attackers = [g.players[int(a)] for a in b["attackers"]]
    assert len(attackers) == 2
    app = CardgamesApp(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        text = "\n".join(str(w.content) for w in screen.query("#board Static").results(Static) if w.display)
        both = f"{attackers[0]} and {attackers[1]} attack"
        assert any(both in line and "║" in line for line in text.splitlines()), text  # the grid's header
        assert f"{both}, " in text  # the battle line in the stack panel
        assert not re.search(r"\b(and|&) \w+ attacks\b", text), text


def test_a_joint_team_attacks_and_blocks_as_a_team(cardgames_home: Path) -> None:
    """Joint teams: one member sets the formation for the team, but the whole team attacks (and blocks)."""
    session = scenes.joint_battle(cardgames_home / "s.save")
    g = session.game
    view = g.view(None)
    b = view.battle or {}
    form = formation(view, g.decision)
    assert form is not None
    team = [p.name for p in view.players if p.team == view.players[int(b["attacker"])].team]
    other = [p.name for p in view.players if p.team == view.players[int(b["defender"])].team]
    assert form.attacker == f"{team[0]} and {team[1]} attack"
    assert form.defender == f"{other[0]} and {other[1]} block"


async def test_an_eliminated_players_header_says_defeated_first_whatever_the_width(cardgames_home: Path) -> None:
    """The 2v2 with a player out: four opponents' panels in a row leave each header short; DEFEATED comes right
    after the name, so it is on screen (life and team follow, and may be cut)."""
    session = scenes.teams_battle(cardgames_home / "s.save")
    g = session.game
    (out,) = [p for p in g.state.players if p.eliminated]
    app = CardgamesApp(session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        panel = screen.query_one(f"#opponent-{out.seat}", Static)
        assert str(panel.border_title).startswith(f"{out.name} — DEFEATED")
        top = panel.render_lines(Region(0, 0, panel.outer_size.width, 1))[0].text
        assert f"{out.name} — DEFEATED" in top, top
        assert panel.outer_size.width < len(str(panel.border_title)) + 4  # the title is cut: the test means it
