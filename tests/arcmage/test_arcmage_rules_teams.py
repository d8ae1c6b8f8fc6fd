"""Team Play Formats: free-for-all, and the one-, two-, three-headed giant — the rulebook's turn orders,
shared defense, no attack on a teammate, the endgame round after a team player is out."""

from __future__ import annotations

import pytest
from arc_play import ANN, BOB, choose, game, keys, obj, pass_all

from cardgames import new_game
from cardgames.engine.ruleset import SetupError
from cardgames.games.arcmage import table as t
from cardgames.games.arcmage import teams
from cardgames.games.arcmage.rules import Arcmage

CID = 2


def _order(a: int, b: int, n: int) -> list[str]:
    names = [f"A{i + 1}" for i in range(a)] + [f"B{i + 1}" for i in range(b)]
    members = [list(range(a)), list(range(a, a + b))]
    return [names[s] for s in teams.sequence(teams.new_order(members, 0), lambda s: True, n)]


def test_team_player_order_2_vs_1() -> None:
    assert _order(2, 1, 8) == ["A1", "B1", "A2", "B1", "A1", "B1", "A2", "B1"]


def test_team_player_order_2_vs_2() -> None:
    assert _order(2, 2, 8) == ["A1", "B1", "A2", "B2", "A1", "B1", "A2", "B2"]


def test_team_player_order_3_vs_2_the_rulebooks_example() -> None:
    """Team Player Order: A1, B1, A2, B2, A3, B1, A1, B2, etc."""
    assert _order(3, 2, 8) == ["A1", "B1", "A2", "B2", "A3", "B1", "A1", "B2"]


def test_team_player_order_in_a_game_3_vs_2_the_bigger_team_starts() -> None:
    """Five players seated A1 B1 A2 B2 A3 (teams alternate by seat): the turns come in the rulebook's order."""
    names = ["A1", "B1", "A2", "B2", "A3"]
    g = new_game("arcmage", names, seed=2, options={"format": "giant"})
    seen: list[str] = []
    while g.decision.kind == "found":  # first cities, in turn order
        seen.append(g.decision.seat)
        g.choose(g.decision.options[0])
    assert seen == ["A1", "B1", "A2", "B2", "A3"]
    turns: list[str] = []
    while len(turns) < 8:
        d = g.decision
        if d.kind == "turn":
            turns.append(d.seat)
            g.choose("draw:2")
            continue
        ks = keys(g)
        g.choose("noattack" if "noattack" in ks else "done" if "done" in ks else "pass" if "pass" in ks
                 else d.options[0].key)
    assert turns == ["A1", "B1", "A2", "B2", "A3", "B1", "A1", "B2"]


def test_teams_are_two_of_one_to_three_players() -> None:
    rules = Arcmage()
    with pytest.raises(SetupError, match="two teams of one to three"):
        rules.normalize_options(list("abcd"), {"format": "giant", "teams": {"a": "A", "b": "A", "c": "A", "d": "A"}})
    assert rules.normalize_options(list("abc"), {"format": "giant"})["teams"] == {"a": "A", "b": "B", "c": "A"}


def _giant(**tables) -> object:  # type: ignore[no-untyped-def]
    return game(tables.get("ann"), tables.get("bob"), more={"Cid": tables.get("cid", {})},
                options={"format": "giant", "teams": {"Ann": "A", "Bob": "B", "Cid": "A"}})


def test_a_teammates_city_is_never_attacked() -> None:
    g2 = _giant(ann={"army": ["ghoul"]}, bob={"army": ["wolf-rider"]})
    pass_all(g2)
    assert f"city:{obj(g2, 'farmland', CID)}" not in keys(g2)  # never a teammate's city
    choose(g2, f"city:{obj(g2, 'warren')}", f"attacker:{obj(g2, 'ghoul')}", "done")
    pass_all(g2)
    assert g2.decision.seat_index == BOB


def test_shared_defense_a_teammates_army_defends_the_attacked_city() -> None:
    g = game({"army": ["ghoul"]}, {"army": []}, more={"Cid": {"army": ["misled-orc"]}},
             options={"format": "giant", "teams": {"Ann": "A", "Bob": "B", "Cid": "B"}})
    pass_all(g)
    choose(g, f"city:{obj(g, 'warren')}", f"attacker:{obj(g, 'ghoul')}", "done")
    pass_all(g)
    assert g.decision.seat_index == BOB and g.decision.kind == "defend"
    assert f"block:{obj(g, 'misled-orc')}:{obj(g, 'ghoul')}" in keys(g)  # Cid's army defends Bob's city


def test_win_conditions_the_endgame_round_after_a_team_player_is_out() -> None:
    """Win Conditions: a player out of cities starts their team's last round, up to their next turn; if
    the team hasn't destroyed every opponent city by then, it loses."""
    g = game({"deck": []}, {}, more={"Cid": {}}, step="choose",
             options={"format": "giant", "teams": {"Ann": "A", "Bob": "B", "Cid": "A"}})
    g.choose("draw:2")  # Ann draws from an empty deck: out
    assert g.state.players[ANN].eliminated and g.outcome is None
    assert g.state.globals["deadlines"][0][1] == 0
    for _ in range(400):
        if g.outcome is not None:
            break
        d = g.decision
        ks = keys(g)
        g.choose("draw:2" if d.kind == "turn" else "noattack" if "noattack" in ks else
                 "done" if "done" in ks else "pass" if "pass" in ks else d.options[0].key)
    assert g.outcome is not None and g.outcome.winners == [BOB] and "last round" in g.outcome.reason
    # 2v1 order: Ann, Bob, Cid, Bob, Ann... — the last round is turns 2-4; it ends as turn 5 (Ann's) would begin.
    assert g.state.turn == 4
    assert t.cities(g.state, BOB)
