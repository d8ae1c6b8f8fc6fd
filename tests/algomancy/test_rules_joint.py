"""Joint teams through real games: a team shares one region and one life total, "effectively a 1v1 game with
more players" (rulebook: Game formats — Teams; Starting seating; Team games — Team initiative, Team battle
structure; Priority; Battle, Initiative; How to win; rulings R71, R72 and docs/rulings A75–A77)."""

from __future__ import annotations

from typing import Any

import pytest
from algomancy_play import keys, life, window

from cardgames.api import new_game
from cardgames.engine.game import Game
from cardgames.engine.ruleset import SetupError
from cardgames.games.algomancy import seating
from cardgames.games.algomancy import table as t
from cardgames.games.algomancy.rules import Algomancy

NAMES = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"]
ANN, BOB, CAT, DAN = 0, 1, 2, 3
DRIFTER, WALKER, SENTRY, REVENANT = "dune-drifter", "mirage-walker", "shieldwall-sentry", "bloodwind-revenant"


def joint_game(players: dict[str, dict[str, Any]], *, n: int = 4, step: str = "battle",
               initiative: str = "Ann") -> Game:
    """A joint-team game (live draft) set at turn 2's `step` with the given table; everyone stops at every
    window. Units given to a player lie in their team's shared region, controlled by them."""
    names = NAMES[:n]
    return new_game("algomancy", names, 1, {
        "format": "joint", "elements": ["fire", "water", "earth", "metal"], "initiative": initiative,
        "stop": {p: "always" for p in names}, "given": {"turn": 2, "step": step, "players": players}})


def mine(g: Game, seat: int) -> list[int]:
    """The units `seat` controls in its team's region, oldest first."""
    return [o.id for o in g.state.cards_in(t.region(t.home(g.state, seat))) if o.controller == seat]


def place(g: Game, units: list[int]) -> None:
    """The formation decision: each unit a column of its own, then attack."""
    assert g.decision.kind == "formation", g.decision.prompt
    for u in units:
        g.choose(f"unit:{u}")
        g.choose("slot:new")
    g.choose("done")


def pass_window(g: Game) -> list[int]:
    """Everyone passes the open priority window; who was asked, in order."""
    asked = []
    name = window(g)
    while g.decision.kind == "priority" and window(g) == name and not g.state.chain:
        asked.append(g.decision.seat_index)
        g.choose("pass")
    return asked


# -- Game formats, Starting seating --------------------------------------------------------------


def test_player_setups_joint_teams_are_2v2_or_3v3() -> None:
    rules = Algomancy()
    for n in (3, 5):
        with pytest.raises(SetupError, match="4 or 6 players"):
            rules.normalize_options(NAMES[:n], {"format": "joint"})
    offered = {f.key: f.seats for f in rules.setup_form().formats}
    assert offered["joint"] == (4, 6) and offered["teams"] == (4, 6)  # next to split teams


@pytest.mark.parametrize("n", [4, 6])
def test_player_setups_joint_players_share_a_single_region(n: int) -> None:
    g = joint_game({}, n=n)
    s = g.state
    assert [p.team for p in s.players] == [i % 2 for i in range(n)]  # "players sit between two opponents"
    assert sorted(z for z in s.zones if z.startswith("region:")) == ["region:0", "region:1"]
    assert [t.home(s, p) for p in range(n)] == [i % 2 for i in range(n)]
    assert all(f"hand:{p}" in s.zones and f"resources:{p}" in s.zones and f"bin:{p}" in s.zones for p in range(n))


def test_player_setups_a_joint_team_member_deploys_into_the_shared_region() -> None:
    g = joint_game({"Cat": {"hand": [DRIFTER], "resources": ["jagged-steppes", "prismite"]}}, step="deploy")
    while not (g.decision.kind == "priority" and g.decision.seat_index == CAT):
        g.choose("pass")
    (drifter,) = [o.id for o in g.state.cards_in("hand:2")]
    g.choose(f"play:{drifter}")
    while g.state.chain:
        g.choose("pass")
    o = g.state.objects[drifter]
    assert o.zone == "region:0" and o.controller == CAT  # Ann's and Cat's region; Cat's unit, Cat's resources paid
    assert all(r.exhausted for r in g.state.cards_in("resources:2"))


# -- one life total ------------------------------------------------------------------------------


def test_how_to_win_a_joint_team_has_one_life_total_and_unblocked_damage_comes_off_it() -> None:
    g = joint_game({"Ann": {"region": [DRIFTER]}, "Cat": {"region": [WALKER]}})
    assert [life(g, s) for s in range(4)] == [30] * 4
    place(g, [*mine(g, ANN), *mine(g, CAT)])
    while g.state.battle is not None:
        g.choose("pass" if g.decision.kind == "priority" else "done")
    assert [life(g, s) for s in range(4)] == [30, 26, 30, 26]  # 2 + 2 off Bob and Dan's one total


def test_a_joint_team_loses_life_once_for_each_member_an_effect_names() -> None:
    """Sparkwraith attacks; in the battle Ann plays a spell: "each opponent loses 1 life" names Bob and Dan,
    both present, so their one total loses 2 (A75)."""
    g = joint_game({"Ann": {"region": ["sparkwraith"], "hand": ["flame-of-history"],
                            "resources": ["molten-caldera", "prismite"]}, "Bob": {"region": [DRIFTER]}})
    place(g, mine(g, ANN))
    assert g.decision.seat_index == ANN and window(g) == "battle:attack_window"
    (flame,) = [o.id for o in g.state.cards_in("hand:0")]
    g.choose(f"play:{flame}")
    g.choose(f"target:{mine(g, BOB)[0]}")
    while g.state.chain:  # the trigger resolves first, then the Flame
        g.choose("pass" if g.decision.kind == "priority" else g.decision.options[0].key)
    assert [life(g, s) for s in range(4)] == [30, 28, 30, 28]


def test_how_to_win_a_joint_team_is_out_when_its_life_reaches_0_and_the_other_team_wins() -> None:
    g = joint_game({"Ann": {"region": [DRIFTER]}, "Bob": {"life": 2}})
    assert life(g, DAN) == 2  # the team's total, set through either member
    place(g, mine(g, ANN))
    while g.outcome is None:
        g.choose("pass" if g.decision.kind == "priority" else "done")
    assert sorted(g.outcome.winners) == [ANN, CAT]
    assert g.state.players[BOB].eliminated and g.state.players[DAN].eliminated


# -- Team initiative, Team battle structure, Priority ---------------------------------------------


def test_team_initiative_the_initiative_team_acts_first_in_a_joint_game() -> None:
    g = joint_game({}, initiative="Bob", step="deploy")
    assert seating.turn_order(g.state, BOB) == [BOB, DAN, CAT, ANN]
    deployers = []
    while g.state.turn == 2:
        d = g.decision
        if d.kind == "priority" and window(g) == "deploy" and d.seat_index not in deployers:
            deployers.append(d.seat_index)
        g.choose("pass" if d.kind == "priority" else "done")
    assert deployers == [BOB, DAN, CAT, ANN]


def test_team_battle_structure_a_joint_team_attacks_as_one_formation() -> None:
    """The initiative player sets the team's one formation from both members' units; a column of Ann's
    flying Revenant and Cat's Walker behind it shares Flying (Units sharing attributes)."""
    g = joint_game({"Ann": {"region": [REVENANT]}, "Cat": {"region": [WALKER]}})
    (rev,), (walker,) = mine(g, ANN), mine(g, CAT)
    d = g.decision
    assert d.kind == "formation" and d.seat_index == ANN and {f"unit:{rev}", f"unit:{walker}"} <= set(keys(g))
    g.choose(f"unit:{rev}")
    g.choose("slot:new")
    g.choose(f"unit:{walker}")
    g.choose("slot:0")
    g.choose("done")
    b = g.state.battle
    assert b is not None and b["region"] == BOB and b["attack"] == [[rev, walker]]
    assert "flying" in g.ruleset.battle_rules.attributes(g.state, walker)  # type: ignore[attr-defined]
    assert g.state.objects[walker].zone == "region:1"


def test_priority_shared_by_a_team_every_member_in_the_shared_region_is_asked() -> None:
    g = joint_game({"Ann": {"region": [DRIFTER]}})
    place(g, mine(g, ANN))
    assert window(g) == "battle:attack_window"
    assert pass_window(g) == [ANN, CAT, BOB, DAN]  # the initiative team together, then the other team (A71)


def test_team_battle_structure_a_joint_team_blocks_as_one_formation_beside_a_team_mates_unit() -> None:
    """Bob blocks for his team with his Drifter and Dan's Shieldwall Sentry beside it: the Sentry's
    "adjacent allies +0/+1" reaches the team-mate's unit (A76)."""
    g = joint_game({"Ann": {"region": [DRIFTER, DRIFTER]}, "Bob": {"region": [DRIFTER]},
                    "Dan": {"region": [SENTRY]}})
    place(g, mine(g, ANN))
    pass_window(g)
    (bob,), (sentry,) = mine(g, BOB), mine(g, DAN)
    assert g.decision.kind == "block" and g.decision.seat_index == BOB
    assert {f"unit:{bob}", f"unit:{sentry}"} <= set(keys(g))
    g.choose(f"unit:{bob}")
    g.choose("slot:0")
    g.choose(f"unit:{sentry}")
    g.choose("slot:1")
    g.choose("done")
    assert g.ruleset.battle_rules.stats(g.state, bob) == (2, 3)  # type: ignore[attr-defined]


def test_battle_phase_2_the_non_initiative_team_counter_attacks_into_the_initiative_teams_region() -> None:
    g = joint_game({"Ann": {"region": [DRIFTER]}, "Cat": {"region": [SENTRY]}, "Dan": {"region": [WALKER]}})
    place(g, mine(g, ANN))
    pass_window(g)
    (walker,) = mine(g, DAN)
    assert g.decision.seat_index == BOB
    g.choose(f"unit:{walker}")
    g.choose("counter")  # Bob sends Dan's Walker: one formation for the team
    g.choose("done")
    while (g.state.battle or {}).get("phase") == 1:
        g.choose("pass" if g.decision.kind == "priority" else "done")
    b = g.state.battle
    assert b is not None and b["region"] == ANN and g.state.objects[walker].zone == "region:0"
    assert g.decision.kind == "formation" and g.decision.seat_index == BOB
    g.choose(f"unit:{walker}")
    g.choose("slot:new")
    g.choose("done")
    pass_window(g)
    assert g.decision.kind == "block" and g.decision.seat_index == ANN  # the initiative player blocks for the team
    assert f"unit:{mine(g, CAT)[0]}" in keys(g)
    g.choose("done")
    while g.state.battle is not None:
        g.choose("pass" if g.decision.kind == "priority" else "done")
    assert [life(g, s) for s in range(4)] == [28, 28, 28, 28]
    assert g.state.objects[walker].zone == "region:1"  # regroup: home to Bob and Dan's region
