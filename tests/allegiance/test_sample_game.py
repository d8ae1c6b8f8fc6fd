"""The rulebook's "Sample Turns of a Game" (p.28-31), turns 1 to 4, replayed from the real setup.

Paul (Principus Beledan Kind) plays first against Allison (Thedric Egen). The decks are stacked
so that the starting hands hold what the sample game plays: Paul's Infantry, Halberdier and
Skilled Strike, Allison's Battle Surge. Every number the rulebook prints is checked: gold after
each maneuver, production, health, cooldown counters, and the order of the turn-4 chain.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest
from allegiance_play import (
    at_main,
    choose,
    cooldowns,
    counter,
    damage_on,
    game,
    gold,
    hand,
    hand_id,
    health,
    hero,
    in_play,
    keys,
    pass_chain,
    pass_window,
    pass_window_until,
    pile,
    unit,
    units,
    weapon,
)

from cardgames.engine import core_events as ce
from cardgames.engine.game import Game
from cardgames.games.allegiance import board
from cardgames.games.allegiance.events import Damaged


@dataclass
class Sample:
    g: Game
    snaps: dict[str, dict[str, Any]] = field(default_factory=dict)
    marks: dict[str, int] = field(default_factory=dict)
    facts: dict[str, Any] = field(default_factory=dict)

    def snap(self, label: str) -> None:
        g = self.g
        self.snaps[label] = {
            name: {
                "gold": gold(g, name),
                "production": counter(g, name, "production"),
                "health": health(g, name),
                "hand": len(hand(g, name)),
                "cooldowns": cooldowns(g, name),
            }
            for name in ("Paul", "Allison")
        }


def _end_turn(s: Sample) -> None:
    g = s.g
    turn = g.state.turn
    while g.state.turn == turn:
        assert g.decision.kind == "priority", g.decision.prompt
        g.choose("pass")


def _draw_decision_reached(g: Game) -> None:
    assert g.decision.kind == "draw", f"{g.decision.seat}: {g.decision.prompt}"


@pytest.fixture(scope="module")
def sample() -> Sample:
    g = game(seed=11, stack={"basic": ["infantry", "halberdier"],
                             "action": ["skilled-strike", "battle-surge"]})
    s = Sample(g)
    s.snap("setup")

    # Pre-game: in turn order, Paul keeps Valdruun Warhammer and Anointed Platemail face up,
    # Allison turns Styrka Mandatum face up and keeps Adamantine Platemail.
    s.facts["equip order"] = []
    for face in (
        "Valdruun Warhammer",
        "Anointed Platemail",
        "Styrka Mandatum",
        "Adamantine Platemail",
    ):
        assert g.decision.kind == "equip"
        s.facts["equip order"].append(g.decision.seat)
        g.choose(next(o.key for o in g.decision.options if o.label.startswith(face)))

    # Turn 1 - Paul.
    s.facts["t1 first decision"] = (g.decision.seat, g.decision.kind)
    s.snap("t1 income")
    s.facts["t1 keys"] = keys(g)
    g.choose(
        f"enlist:{next(o.id for o in g.state.cards_in(board.hand(0)) if o.card == 'infantry')}"
    )
    pass_chain(g)
    assert at_main(g, "Paul")
    s.snap("t1 infantry")
    s.facts["t1 keys after"] = keys(g)
    _end_turn(s)

    # Turn 2 - Allison.
    s.snap("t2 income")
    _draw_decision_reached(g)
    g.choose("deck:action")
    pass_window(g)
    s.snap("t2 drawn")
    g.choose("unlock:new-recruits")
    pass_chain(g)
    s.snap("t2 unlocked")
    g.choose("ability:new-recruits")
    s.facts["t2 cooldown while pending"] = cooldowns(g, "Allison")["new-recruits"]
    pass_chain(g)
    s.snap("t2 recruits")
    s.facts["t2 recruits"] = [g.state.objects[u].card for u in units(g, "Allison")]
    g.choose("battle:0")
    pass_chain(g)
    s.facts["t2 declare options"] = keys(g)
    g.choose(f"attack:{weapon(g, 'Allison')}")
    g.choose("done")
    s.facts["t2 weapon exhausted"] = g.state.objects[weapon(g, "Allison")].exhausted
    pass_window_until(g, "assign_defenders")
    s.facts["t2 defend options"] = keys(g)
    g.choose("done")
    pass_window(g)
    s.snap("t2 battle")
    _end_turn(s)

    # Turn 3 - Paul.
    s.snap("t3 income")
    _draw_decision_reached(g)
    g.choose("deck:basic")
    pass_window(g)
    s.snap("t3 drawn")
    g.choose("battle:1")
    pass_chain(g)
    g.choose(f"attack:{weapon(g, 'Paul')}")
    g.choose("done")
    pass_window_until(g, "assign_defenders")
    g.choose("done")
    pass_window(g)
    s.snap("t3 first battle")
    g.choose("battle:1")
    pass_chain(g)
    g.choose(f"attack:{unit(g, 'Paul', 'infantry')}")
    g.choose("done")
    pass_window_until(g, "assign_defenders")
    g.choose("done")
    pass_window(g)
    s.snap("t3 second battle")
    g.choose(
        f"enlist:{next(o.id for o in g.state.cards_in(board.hand(0)) if o.card == 'halberdier')}"
    )
    pass_chain(g)
    s.snap("t3 halberdier")
    _end_turn(s)

    # Turn 4 - Allison.
    s.marks["t4"] = len(g.events)
    s.snap("t4 income")
    s.facts["t4 weapon exhausted at draw"] = g.state.objects[weapon(g, "Allison")].exhausted
    _draw_decision_reached(g)
    g.choose("deck:action")
    pass_window(g)
    s.snap("t4 drawn")
    g.choose("unlock:advanced-training")
    pass_chain(g)
    s.snap("t4 unlocked")
    recruit_a, recruit_b = units(g, "Allison", "militia-recruit")
    s.facts["recruits"] = (recruit_a, recruit_b)
    g.choose("ability:advanced-training")
    choose(g, recruit_a, recruit_b)
    pass_chain(g)
    s.snap("t4 trained")
    s.facts["recruit stats"] = [
        g.ruleset.card_facts(g.state, g.state.objects[r]) for r in (recruit_a, recruit_b)
    ]
    g.choose("ability:equip")
    pass_chain(g)
    assert g.decision.kind == "equip"
    g.choose(next(o.key for o in g.decision.options if o.label.startswith("Lance of Dominion")))
    g.choose(next(o.key for o in g.decision.options if o.label.startswith("Adamantine Platemail")))
    pass_chain(g)
    s.snap("t4 equipped")
    lance = weapon(g, "Allison")
    s.facts["lance"] = g.ruleset.card_facts(g.state, g.state.objects[lance])
    s.facts["lance exhausted after equip"] = g.state.objects[lance].exhausted
    g.choose("battle:0")
    pass_chain(g)
    for a in (lance, recruit_a, recruit_b):
        g.choose(f"attack:{a}")
    g.choose("done")
    s.facts["exhausted attackers"] = [
        g.state.objects[a].exhausted for a in (lance, recruit_a, recruit_b)
    ]
    # Lance of Dominion's triggered ability goes on the chain: both Militia Recruits are targeted.
    assert g.decision.kind == "target", g.decision.prompt
    choose(g, recruit_a, recruit_b)
    pass_chain(g)
    s.facts["attack after lance"] = [
        g.ruleset.card_facts(g.state, g.state.objects[r])["attack"] for r in (recruit_a, recruit_b)]
    pass_window_until(g, "assign_defenders")
    halberdier = unit(g, "Paul", "halberdier")
    s.facts["halberdier"] = halberdier
    s.facts["defender options"] = keys(g)
    g.choose(f"defend:{halberdier}")
    g.choose(f"block:{recruit_a}")
    s.facts["defenders left"] = keys(g)
    g.choose("done")
    # After defenders are assigned, Allison plays Battle Surge on the blocked recruit...
    assert g.decision.seat == "Allison" and g.decision.kind == "priority"
    g.choose(f"action:{hand_id(g, 'Allison', 'battle-surge')}:0")
    choose(g, recruit_a)
    s.snap("t4 battle surge")
    # ...Allison does not add anything; Paul responds with Skilled Strike on the same recruit.
    g.choose("pass")
    assert g.decision.seat == "Paul" and g.decision.kind == "priority"
    g.choose(f"action:{hand_id(g, 'Paul', 'skilled-strike')}:0")
    choose(g, recruit_a)
    s.snap("t4 skilled strike")
    s.facts["chain"] = [c.label for c in g.state.chain]
    pass_chain(g)
    s.facts["recruit a zone"] = g.state.objects[recruit_a].zone
    pass_window_until(g, "armor")
    s.facts["armor options"] = [o.label for o in g.decision.options]
    g.choose(f"armor:{lance}")
    pass_window(g)
    s.snap("t4 battle")
    s.facts["halberdier damage"] = damage_on(g, halberdier)
    s.facts["halberdier in play"] = in_play(g, halberdier)
    s.facts["recruit b in play"] = in_play(g, recruit_b)
    s.marks["t4 end"] = len(g.events)
    _end_turn(s)
    s.snap("t5")
    return s


def test_pre_game_health_gold_production_and_hands(sample: Sample) -> None:
    """Pre-Game (p.28): gold 0, production 5, health at the heroes' maximum (38 and 35); each player
    draws two basic units, one elite unit and one action card."""
    for name, most in (("Paul", 38), ("Allison", 35)):
        snap = sample.snaps["setup"][name]
        assert (snap["gold"], snap["production"], snap["health"], snap["hand"]) == (0, 5, most, 4)


def test_pre_game_equip_choices_in_turn_order(sample: Sample) -> None:
    """Pre-Game (p.28): in turn order, Paul picks Valdruun Warhammer and Anointed Platemail, then
    Allison picks Styrka Mandatum and Adamantine Platemail."""
    assert sample.facts["equip order"] == ["Paul", "Paul", "Allison", "Allison"]


def test_turn_1_paul_gains_five_and_does_not_draw(sample: Sample) -> None:
    """Turn 1 (p.29): playing first in a two-player game, Paul's production does not increase and he
    draws no card; he gains 5 gold."""
    assert sample.facts["t1 first decision"] == ("Paul", "priority")
    snap = sample.snaps["t1 income"]["Paul"]
    assert (snap["production"], snap["gold"], snap["hand"]) == (5, 5, 4)


def test_turn_1_paul_enlists_infantry_for_four(sample: Sample) -> None:
    """Turn 1 (p.29): Paul enlists Infantry, sliding his gold from 5 to 1, and keeps the last gold.
    """
    assert sample.snaps["t1 infantry"]["Paul"]["gold"] == 1
    assert sample.snaps["t1 infantry"]["Paul"]["hand"] == 3


def test_turn_1_neither_weapon_nor_new_infantry_may_attack(sample: Sample) -> None:
    """Turn 1 (p.29): on the game's very first turn Paul cannot attack with his weapon, and the
    Infantry entered this turn, so no battle can be initiated with any attacker."""
    assert not any(k.startswith("battle:") for k in sample.facts["t1 keys"])
    assert not any(k.startswith("battle:") for k in sample.facts["t1 keys after"])


def test_turn_2_allison_production_six_and_draws_an_action(sample: Sample) -> None:
    """Turn 2 (p.29): Allison's production rises from 5 to 6, she gains 6 gold and draws from the
    action deck."""
    income, drawn = sample.snaps["t2 income"]["Allison"], sample.snaps["t2 drawn"]["Allison"]
    assert (income["production"], income["gold"]) == (6, 6)
    assert (income["hand"], drawn["hand"]) == (4, 5)


def test_turn_2_new_recruits_unlocked_for_six_and_used(sample: Sample) -> None:
    """Turn 2 (p.29): unlocking New Recruits costs 6 (gold 6 -> 0) and puts a counter on its ready
    space; using it slides the counter to the fourth delay space and puts two Militia Recruits
    into play from her reserves."""
    assert sample.snaps["t2 unlocked"]["Allison"]["gold"] == 0
    assert sample.snaps["t2 unlocked"]["Allison"]["cooldowns"]["new-recruits"] == 0
    assert sample.facts["t2 cooldown while pending"] == 4
    assert sample.snaps["t2 recruits"]["Allison"]["cooldowns"]["new-recruits"] == 4
    assert sorted(sample.facts["t2 recruits"]) == ["militia-recruit", "militia-recruit"]


def test_turn_2_only_the_weapon_may_attack(sample: Sample) -> None:
    """Turn 2 (p.29): Allison, second player, may attack with her weapon on her first turn, but the
    Militia Recruits entered her territory this turn and cannot attack."""
    opts = sample.facts["t2 declare options"]
    attackable = [k for k in opts if k.startswith("attack:")]
    assert len(attackable) == 1
    assert sample.facts["t2 weapon exhausted"]


def test_turn_2_armor_prevents_two_of_three(sample: Sample) -> None:
    """Turn 2 (p.29): Paul does not defend with his Infantry; Anointed Platemail prevents 2 of
    Styrka Mandatum's 3 battle damage and Paul's health goes from 38 to 37."""
    assert "defend:" in " ".join(sample.facts["t2 defend options"])
    assert sample.snaps["t2 battle"]["Paul"]["health"] == 37


def test_turn_3_paul_production_six_gold_seven(sample: Sample) -> None:
    """Turn 3 (p.29): Paul's production goes from 5 to 6, he gains 6 and holds 7 gold with the 1 he
    kept; he draws from the basic unit deck."""
    income = sample.snaps["t3 income"]["Paul"]
    assert (income["production"], income["gold"]) == (6, 7)
    assert sample.snaps["t3 drawn"]["Paul"]["hand"] == income["hand"] + 1


def test_turn_3_armor_budget_spent_in_first_battle(sample: Sample) -> None:
    """Turn 3 (p.29): the Warhammer's 3 damage is cut to 1 by Adamantine Platemail (35 -> 34); in a
    second battle the Infantry deals its full 3 (34 -> 31), the armor having already prevented
    its rating this turn."""
    assert sample.snaps["t3 first battle"]["Allison"]["health"] == 34
    assert sample.snaps["t3 second battle"]["Allison"]["health"] == 31


def test_turn_3_halberdier_costs_five(sample: Sample) -> None:
    """Turn 3 (p.29): Paul spends 5 gold (7 -> 2) to enlist a Halberdier and keeps 2 gold."""
    assert sample.snaps["t3 halberdier"]["Paul"]["gold"] == 2
    assert sample.snaps["t4 income"]["Paul"]["gold"] == 2


def test_turn_4_production_cooldown_and_refresh(sample: Sample) -> None:
    """Turn 4 (p.30): Allison's production goes from 6 to 7 and her gold from 0 to 7; New Recruits'
    counter slides from 4 to 3; her weapon is refreshed; she draws from the action deck."""
    income = sample.snaps["t4 income"]["Allison"]
    assert (income["production"], income["gold"]) == (7, 7)
    assert income["cooldowns"]["new-recruits"] == 3
    assert not sample.facts["t4 weapon exhausted at draw"]
    assert sample.snaps["t4 drawn"]["Allison"]["hand"] == income["hand"] + 1


def test_turn_4_advanced_training(sample: Sample) -> None:
    """Turn 4 (p.30): unlocking Advanced Training costs 3 (7 -> 4); using it on both Militia
    Recruits sets its counter to 3 and puts an augment counter on each (3/3)."""
    assert sample.snaps["t4 unlocked"]["Allison"]["gold"] == 4
    assert sample.snaps["t4 trained"]["Allison"]["cooldowns"]["advanced-training"] == 3
    assert [(f["attack"], f["health"]) for f in sample.facts["recruit stats"]] == [(3, 3), (3, 3)]


def test_turn_4_equip_lance_stays_refreshed(sample: Sample) -> None:
    """Turn 4 (p.30): Equip's counter goes to 3; she flips to Lance of Dominion (attack 2), keeps
    Adamantine Platemail, and the new weapon is refreshed because the old one was."""
    assert sample.snaps["t4 equipped"]["Allison"]["cooldowns"]["equip"] == 3
    assert sample.facts["lance"]["attack"] == 2
    assert not sample.facts["lance exhausted after equip"]
    assert sample.snaps["t4 equipped"]["Allison"]["gold"] == 4


def test_turn_4_attackers_exhaust_and_lance_adds_one(sample: Sample) -> None:
    """Turn 4 (p.30): Lance and both Militia Recruits attack together and exhaust; Lance's trigger
    gives each recruit +1 attack for the battle (2 printed + 1 augment + 1 = 4)."""
    assert sample.facts["exhausted attackers"] == [True, True, True]
    assert sample.facts["attack after lance"] == [4, 4]


def test_turn_4_one_halberdier_defends_one_attacker(sample: Sample) -> None:
    """Turn 4 (p.30): the Halberdier can defend against at most one of the attackers (Paul's
    Infantry is still exhausted from attacking on turn 3)."""
    assert [k for k in sample.facts["defender options"] if k.startswith("defend:")] == [
        f"defend:{sample.facts['halberdier']}"]
    assert not any(k.startswith("defend:") for k in sample.facts["defenders left"])


def test_turn_4_battle_surge_and_skilled_strike_costs(sample: Sample) -> None:
    """Turn 4 (p.30-31): Battle Surge costs Allison 2 (4 -> 2); Skilled Strike in response costs
    Paul his remaining 2 gold."""
    assert sample.snaps["t4 battle surge"]["Allison"]["gold"] == 2
    assert sample.snaps["t4 skilled strike"]["Paul"]["gold"] == 0


def test_turn_4_skilled_strike_resolves_first(sample: Sample) -> None:
    """Turn 4 (p.31): the last-announced maneuver resolves first: Skilled Strike destroys the
    Militia Recruit, which returns to Allison's reserves; Battle Surge then has no target and is
    lost."""
    assert sample.facts["chain"][-2:] == ["Allison plays Battle Surge", "Paul plays Skilled Strike"]
    assert sample.facts["recruit a zone"] == board.reserves(1)
    g = sample.g
    assert pile(g, board.discard("action"))[-2:] == ["skilled-strike", "battle-surge"]


def test_turn_4_armor_and_battle_damage(sample: Sample) -> None:
    """Turn 4 (p.31): Paul's armor prevents 2 of the Lance's damage; the unblocked recruit deals 4
    and Paul's health goes from 37 to 33; the Halberdier neither deals nor takes damage."""
    assert sample.facts["armor options"] and any(
        "Lance of Dominion" in o for o in sample.facts["armor options"]
    )
    assert sample.snaps["t4 battle"]["Paul"]["health"] == 33
    assert sample.snaps["t4 battle"]["Allison"]["health"] == 31
    assert sample.facts["halberdier damage"] == 0 and sample.facts["halberdier in play"]
    assert sample.facts["recruit b in play"]
    g = sample.g
    hits = [
        (e.source, e.amount, e.prevented)
        for e in g.events[sample.marks["t4"] : sample.marks["t4 end"]]
        if isinstance(e, Damaged) and e.battle
    ]
    lance = weapon(g, "Allison")
    _, recruit_b = sample.facts["recruits"]
    assert sorted(hits) == sorted([(lance, 0, 2), (recruit_b, 4, 0)])
    assert all(
        target == hero(g, "Paul")
        for target in [
            e.target
            for e in g.events[sample.marks["t4"] : sample.marks["t4 end"]]
            if isinstance(e, Damaged) and e.battle
        ]
    )


def test_turn_4_allison_keeps_two_gold(sample: Sample) -> None:
    """Turn 4 (p.31): Allison has 2 gold left and ends her turn; cooldowns New Recruits 3,
    Advanced Training 3, Equip 3."""
    end = sample.snaps["t4 battle"]["Allison"]
    assert end["gold"] == 2
    assert {k: end["cooldowns"][k] for k in ("new-recruits", "advanced-training", "equip")} == {
        "new-recruits": 3, "advanced-training": 3, "equip": 3}


def test_turn_4_chain_summary(sample: Sample) -> None:
    """Turn 4 Chain Summary (p.31): each maneuver is added to the chain and resolves in this order;
    Lance's trigger resolves between declaring attackers and assigning defenders; Skilled Strike
    resolves before Battle Surge, which is canceled; then battle damage; then the turn ends."""
    g = sample.g
    out: list[str] = []
    for ev in g.events[sample.marks["t4"]:]:
        if isinstance(ev, ce.ChainPushed):
            out.append(f"added: {ev.label.split(':')[0]}")
        elif isinstance(ev, ce.ChainPopped):
            out.append(f"{ev.result}: {ev.label.split(':')[0]}")
        elif isinstance(ev, ce.BattleChanged) and ev.changes and "attackers" in ev.changes:
            out.append("attackers declared")
        elif isinstance(ev, ce.BattleChanged) and ev.changes and "blocks" in ev.changes:
            out.append("defender assigned")
        elif isinstance(ev, ce.ObjectMoved) and ev.to == board.reserves(1):
            out.append("militia recruit destroyed")
        elif isinstance(ev, Damaged) and ev.battle and (not out or out[-1] != "battle damage"):
            out.append("battle damage")
        elif isinstance(ev, ce.TurnBegan):
            out.append("turn ends")
            break
    assert out == [
        "added: Allison unlocks Advanced Training",
        "resolved: Allison unlocks Advanced Training",
        "added: Allison uses Advanced Training",
        "resolved: Allison uses Advanced Training",
        "added: Allison uses Equip",
        "resolved: Allison uses Equip",
        "added: Allison initiates a battle against Paul",
        "resolved: Allison initiates a battle against Paul",
        "attackers declared",
        "added: Lance of Dominion",
        "resolved: Lance of Dominion",
        "defender assigned",
        "added: Allison plays Battle Surge",
        "added: Paul plays Skilled Strike",
        # "Skilled Strike resolves, and Militia Recruit is destroyed": during its resolution.
        "militia recruit destroyed",
        "resolved: Paul plays Skilled Strike",
        "fizzled: Allison plays Battle Surge",
        "battle damage",
        "turn ends",
    ]


def test_health_track_over_four_turns(sample: Sample) -> None:
    """Sample game (p.29-31): Paul 38 -> 37 -> 33; Allison 35 -> 34 -> 31."""
    s = sample.snaps
    assert [
        s[k]["Paul"]["health"] for k in ("setup", "t2 income", "t2 battle", "t4 battle", "t5")
    ] == [38, 38, 37, 33, 33]
    assert [s[k]["Allison"]["health"] for k in ("setup", "t3 income", "t3 first battle",
                                                "t3 second battle", "t5")] == [35, 35, 34, 31, 31]
