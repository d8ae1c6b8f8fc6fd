"""Snapshots pin each screen (pytest-textual-snapshot; Textual is pinned exactly in pyproject.toml).

Update deliberately with `pytest tests/tui/test_snapshots.py --snapshot-update` and review the SVGs.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.pilot import Pilot

from cardgames.tui import scenes_algomancy as algomancy
from cardgames.tui import scenes_algomancy_ffa as algomancy_ffa
from cardgames.tui import scenes_altered as altered
from cardgames.tui import scenes_arcmage as arcmage
from cardgames.tui import shots
from cardgames.tui.app import CardgamesApp
from cardgames.tui.session import Session

SIZE = (140, 45)


def seated(session: Session) -> Session:
    session.sit()
    return session


def test_title_screen(snap_compare: Any) -> None:
    assert snap_compare(CardgamesApp(), terminal_size=SIZE)


def test_new_game_screen(snap_compare: Any) -> None:
    async def open_setup(pilot: Pilot[None]) -> None:
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()

    assert snap_compare(CardgamesApp(), terminal_size=SIZE, run_before=open_setup)


def test_curtain_screen(snap_compare: Any, cardgames_home: Path) -> None:
    """At the public table, Enter on "Look at my hand" puts the curtain up for the deciding seat."""
    async def look(pilot: Pilot[None]) -> None:
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()

    session = shots.sample_turn_four(cardgames_home / "s.save")
    assert snap_compare(CardgamesApp(session), terminal_size=SIZE, run_before=look)


def test_public_table(snap_compare: Any, cardgames_home: Path) -> None:
    """Between two seats' private screens: the board as a spectator sees it, whose decision it
    is, what may be answered there, and "Look at my hand"."""
    session = shots.sample_turn_four(cardgames_home / "s.save")
    assert snap_compare(CardgamesApp(session), terminal_size=SIZE)


def test_public_table_answer_to_a_chain(snap_compare: Any, cardgames_home: Path) -> None:
    """A response window asked at the public table: pass there, or take the screen to respond."""
    session = shots.sample_turn_four(cardgames_home / "s.save")
    shots.to_chain(session)
    session.game.choose("pass")
    assert snap_compare(CardgamesApp(session), terminal_size=SIZE)


def test_board_mid_game_sample_turn_four(snap_compare: Any, cardgames_home: Path) -> None:
    session = seated(shots.sample_turn_four(cardgames_home / "s.save"))
    assert snap_compare(CardgamesApp(session), terminal_size=SIZE)


def test_battle_with_a_defender_assigned(snap_compare: Any, cardgames_home: Path) -> None:
    session = shots.sample_turn_four(cardgames_home / "s.save")
    shots.to_battle(session)
    assert snap_compare(CardgamesApp(seated(session)), terminal_size=SIZE)


def test_chain_with_a_response(snap_compare: Any, cardgames_home: Path) -> None:
    session = shots.sample_turn_four(cardgames_home / "s.save")
    shots.to_chain(session)
    assert snap_compare(CardgamesApp(seated(session)), terminal_size=SIZE)


def test_four_player_team_board(snap_compare: Any, cardgames_home: Path) -> None:
    session = seated(shots.mid_game(cardgames_home / "s.save", ["Ann", "Bob", "Cid", "Dee"], {"format": "teams"}, 160))
    assert snap_compare(CardgamesApp(session), terminal_size=SIZE)


def test_rules_screen(snap_compare: Any) -> None:
    async def open_rules(pilot: Pilot[None]) -> None:
        from cardgames.tui.screens.text import rules_screen

        await pilot.pause()
        await pilot.app.push_screen(rules_screen("allegiance"))
        await pilot.pause()

    assert snap_compare(CardgamesApp(), terminal_size=SIZE, run_before=open_rules)


def test_game_over_screen(snap_compare: Any, cardgames_home: Path) -> None:
    session = seated(shots.played_out(cardgames_home / "s.save"))
    assert snap_compare(CardgamesApp(session), terminal_size=SIZE)


def test_too_small_terminal(snap_compare: Any, cardgames_home: Path) -> None:
    session = seated(shots.sample_turn_four(cardgames_home / "s.save"))
    assert snap_compare(CardgamesApp(session), terminal_size=(90, 26))


def test_algomancy_draft(snap_compare: Any, cardgames_home: Path) -> None:
    """The draft: hand and pack side by side, the pack count and what to do to pass it."""
    assert snap_compare(CardgamesApp(algomancy.draft(cardgames_home / "s.save")), terminal_size=SIZE)


def test_algomancy_board(snap_compare: Any, cardgames_home: Path) -> None:
    """Deployment with units in both regions, side by side."""
    assert snap_compare(CardgamesApp(algomancy.board(cardgames_home / "s.save")), terminal_size=SIZE)


def test_algomancy_battle_blocks_on_the_grid(snap_compare: Any, cardgames_home: Path) -> None:
    """A battle: the formation grid with a blocker placed, while blocks are declared."""
    assert snap_compare(CardgamesApp(algomancy.blocks(cardgames_home / "s.save")), terminal_size=SIZE)


def test_arcmage_board(snap_compare: Any, cardgames_home: Path) -> None:
    """ARC-mage 1v1: both kingdoms with cities, residents in their rows, armies, vaults, the hand."""
    assert snap_compare(CardgamesApp(arcmage.board(cardgames_home / "s.save")), terminal_size=SIZE)


def test_arcmage_attack(snap_compare: Any, cardgames_home: Path) -> None:
    """ARC-mage: defenders being assigned, the attackers in battle order with who defends whom."""
    assert snap_compare(CardgamesApp(arcmage.attack(cardgames_home / "s.save")), terminal_size=SIZE)


def test_arcmage_four_player_free_for_all(snap_compare: Any, cardgames_home: Path) -> None:
    """ARC-mage free-for-all: three opponents compact at the top, your kingdom in full."""
    assert snap_compare(CardgamesApp(arcmage.ffa(cardgames_home / "s.save")), terminal_size=SIZE)


def test_algomancy_stack(snap_compare: Any, cardgames_home: Path) -> None:
    """A battle window with an effect on the stack, its targets, and whose priority it is."""
    assert snap_compare(CardgamesApp(algomancy.stack(cardgames_home / "s.save")), terminal_size=SIZE)


def _inspect_stop(prefix: str) -> Any:
    """Put the board's cursor on the stop `prefix` names (a key, or "ability:" for the first one), press i."""
    async def run(pilot: Pilot[None]) -> None:
        from cardgames.tui.boards.base import Board

        await pilot.pause()
        board = pilot.app.screen.query_one(Board)
        key = next(s.key for _, s in board.stops()
                   if (s.key.startswith(prefix) if prefix.endswith(":") else s.key == prefix))
        board.focus()
        board.cursor = key
        await pilot.pause()  # the board painted with its cursor before the inspect screen covers it
        await pilot.press("i")
        await pilot.pause()
    return run


def test_inspect_a_hero_ability(snap_compare: Any, cardgames_home: Path) -> None:
    """A hero ability is a stop of its own: i shows its level, cost, delay, cooldown and text."""
    session = seated(shots.sample_turn_four(cardgames_home / "s.save"))
    assert snap_compare(CardgamesApp(session), terminal_size=SIZE, run_before=_inspect_stop("ability:"))


def test_inspect_a_flip_card_shows_both_sides(snap_compare: Any, cardgames_home: Path) -> None:
    """Gear has two sides: inspect shows the side face up and the other, each in full."""
    session = seated(shots.sample_turn_four(cardgames_home / "s.save"))
    view = session.view()
    gear = next(c.id for z in view.zones.values() for c in z.cards if len(c.facts.get("sides") or []) == 2)
    assert snap_compare(CardgamesApp(session), terminal_size=SIZE, run_before=_inspect_stop(str(gear)))


def test_continue_lists_two_games(snap_compare: Any, cardgames_home: Path, monkeypatch: Any) -> None:
    """Title → Continue with two unfinished games: game, players, turn and when each was last played."""
    import os
    import time

    from cardgames.tui.saves import new_save_path

    monkeypatch.setenv("TZ", "UTC")
    time.tzset()
    when = 1_795_000_000.0  # a fixed moment, so the list reads the same on every machine
    for i, (game, names, options) in enumerate((
            ("allegiance", ["Ann", "Bob"], {"format": "duel", "heroes": ["beledan-kind", "thedric-egen"]}),
            ("algomancy", ["Cy", "Di"], {"format": "draft"}))):
        session = Session.start(game, names, 7, options, new_save_path(game, names, when + i * 3600))
        for _ in range(40):
            session.game.choose(session.game.decision.options[-1])
        session.save()
        os.utime(session.path, (when + i * 3600, when + i * 3600))

    async def open_continue(pilot: Pilot[None]) -> None:
        await pilot.pause()
        pilot.app.action_continue_game()  # type: ignore[attr-defined]
        await pilot.pause()

    try:
        assert snap_compare(CardgamesApp(), terminal_size=SIZE, run_before=open_continue)
    finally:
        monkeypatch.delenv("TZ")
        time.tzset()


def test_altered_dusk_statistics_on_the_track(snap_compare: Any, cardgames_home: Path) -> None:
    """Altered: the last turn before Dusk — each expedition's statistics and who moves forward."""
    assert snap_compare(CardgamesApp(altered.dusk(cardgames_home / "s.save")), terminal_size=SIZE)


def test_altered_tiebreaker_arena(snap_compare: Any, cardgames_home: Path) -> None:
    """Altered: tiebreakers — everyone in the Arena, every Character counted at Dusk."""
    assert snap_compare(CardgamesApp(altered.arena(cardgames_home / "s.save")), terminal_size=SIZE)


def test_mechamancers_pledge(snap_compare: Any, cardgames_home: Path) -> None:
    """A round's pledge, four players: Ann has chosen in secret (a sealed back); Bob holds the rest."""
    from cardgames.tui import scenes_mechamancers as mechamancers

    session = mechamancers.pledge(cardgames_home / "s.save")
    assert snap_compare(CardgamesApp(session), terminal_size=SIZE)


def test_mechamancers_damaged_mecha(snap_compare: Any, cardgames_home: Path) -> None:
    """Mecha turned by damage: each tile shows its state now and the state it turns to next."""
    from cardgames.tui import scenes_mechamancers as mechamancers

    session = mechamancers.damaged(cardgames_home / "s.save")
    assert snap_compare(CardgamesApp(session), terminal_size=SIZE)


def test_mechamancers_four_player_combat(snap_compare: Any, cardgames_home: Path) -> None:
    """Four players: the Quirk's Gatling Hound picks a target across three fields."""
    from cardgames.tui import scenes_mechamancers as mechamancers

    session = mechamancers.combat4(cardgames_home / "s.save")
    assert snap_compare(CardgamesApp(session), terminal_size=SIZE)


def test_algomancy_ffa_board(snap_compare: Any, cardgames_home: Path) -> None:
    """A 4-player free-for-all: opponents compact, every region visible."""
    assert snap_compare(CardgamesApp(algomancy_ffa.board(cardgames_home / "s.save")), terminal_size=SIZE)


def test_algomancy_ffa_intents_revealed(snap_compare: Any, cardgames_home: Path) -> None:
    """The intents revealed: two attackers in one region, the second setting its formation beside the first."""
    assert snap_compare(CardgamesApp(algomancy_ffa.reveal(cardgames_home / "s.save")), terminal_size=SIZE)


def test_algomancy_2v2_battle(snap_compare: Any, cardgames_home: Path) -> None:
    """A 2v2 split-teams battle: two attackers in one region, blocks being declared, the teams marked."""
    assert snap_compare(CardgamesApp(algomancy_ffa.teams_battle(cardgames_home / "s.save")), terminal_size=SIZE)


def test_algomancy_joint_team_battle(snap_compare: Any, cardgames_home: Path) -> None:
    """2v2 joint teams: one region and one life total per team, a battle's blocks being declared."""
    assert snap_compare(CardgamesApp(algomancy_ffa.joint_battle(cardgames_home / "s.save")), terminal_size=SIZE)


def test_algomancy_cube_bracket_match(snap_compare: Any, cardgames_home: Path) -> None:
    """A cube bracket of five: round 1's second match at the table, the bracket panel with the first result,
    the bye, who waits and who is out."""
    assert snap_compare(CardgamesApp(algomancy_ffa.bracket(cardgames_home / "s.save")), terminal_size=SIZE)
