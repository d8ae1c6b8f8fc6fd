"""Combat (spec §8) and mecha states (H4): rotation, Armored, attacks per sword, assaults and theft."""

from __future__ import annotations

from typing import Any

import pytest
from mech_play import ANN, BOB, attack, covers, damage, game, keys, mana, oids, to_combat, vp, zone

from cardgames.engine.decisions import IllegalChoice
from cardgames.engine.game import Game
from cardgames.games.mechamancers import board as b
from cardgames.games.mechamancers import table as t


def duel(ann: list[Any], bob: list[Any], ann_role: str = "ruler", bob_role: str = "barricade",
         **extra: Any) -> Game:
    g = game(2, given={"players": {"Ann": {"role": ann_role, "field": ann, **extra},
                                   "Bob": {"role": bob_role, "field": bob}}})
    to_combat(g)
    return g


def facts(g: Game, oid: int) -> dict[str, Any]:
    return g.ruleset.card_facts(g.state, g.state.objects[oid])


def assault(g: Game, victim: int = BOB) -> None:
    g.choose("assault")
    g.choose(f"all:{victim}")
    g.choose("resolve")


@covers("fortress-colossus", "sparkjack")
def test_rotation_each_damage_turns_the_card_to_its_next_state_h4() -> None:
    """Mecha anatomy, H4: each point of damage is a quarter turn; the top-left shows the current
    state and the next corner the state it turns to; at its health it is destroyed."""
    g = duel(["sparkjack", "sparkjack", "sparkjack"], ["bulwark", "fortress-colossus"])
    colossus = oids(g, BOB, "fortress-colossus")[0]
    assert facts(g, colossus)["rotation"] == ["S5", "S4", "S2", "S1", "Death"]
    assert (facts(g, colossus)["state"], facts(g, colossus)["next"]) == ("S5", "S4")
    sparks = oids(g, ANN, "sparkjack")
    attack(g, sparks[0], colossus)  # 2 damage: two quarter turns
    assert damage(g, colossus) == 2 and (facts(g, colossus)["state"], facts(g, colossus)["next"]) == ("S2", "S1")
    attack(g, sparks[1], colossus)  # 4 damage on a 4-health card: destroyed, no fifth corner
    assert zone(g, colossus) == t.discard("defense") and damage(g, colossus) == 0


@covers("iron-bastion")
def test_healing_turns_back_never_above_printed_health_h4() -> None:
    """H4 and the Barricade's Repair (H13): heal 1 turns the card back one quarter; never past undamaged."""
    g = game(2, given={"players": {"Ann": {"role": "barricade", "field": [{"card": "iron-bastion", "damage": 1},
                                                                         "bulwark"]},
                                   "Bob": {"role": "cabalist", "field": [{"card": "aegis-walker", "damage": 1}]}}})
    while g.decision.kind != "privilege":
        g.choose(keys(g)[0])
    bastion = oids(g, ANN, "iron-bastion")[0]
    assert keys(g) == [f"repair:{bastion}", "skip"]  # own mecha only (H13), only damaged ones
    g.choose(f"repair:{bastion}")
    assert damage(g, bastion) == 0 and facts(g, bastion)["state"] == "S4"


@covers("bulwark", "kamikaze-wasp")
def test_armored_bulwark_takes_at_most_one_per_hit_h7() -> None:
    """H7: a 3-damage attack deals 1 to a Bulwark."""
    g = duel(["kamikaze-wasp"], ["bulwark"])
    bulwark = oids(g, BOB, "bulwark")[0]
    attack(g, oids(g, ANN, "kamikaze-wasp")[0], bulwark)
    assert damage(g, bulwark) == 1 and facts(g, bulwark)["state"] == "S1"


@covers("breaker-ram")
def test_siege_ignores_armored_and_adds_one_in_an_assault() -> None:
    """Breaker Ram: ignores Armored (a 2-damage hit destroys a Bulwark); +1 damage in an assault."""
    g = duel(["breaker-ram", "breaker-ram"], ["bulwark"], bob_role="cabalist")
    rams = oids(g, ANN, "breaker-ram")
    bulwark = oids(g, BOB, "bulwark")[0]
    attack(g, rams[0], bulwark)
    assert zone(g, bulwark) == t.REMOVED  # H5: a Bulwark leaves the game
    assault(g)  # the other ram: 2 + 1 siege = 3 against Cabalist's defend 2
    assert vp(g, ANN) == 8 and vp(g, BOB) == 6


@covers("twin-fang-raptor", "plate-sentry")
def test_attacks_per_sword() -> None:
    """Attack Cards: one attack per sword icon, each of the printed damage."""
    g = duel(["twin-fang-raptor"], ["bulwark", "plate-sentry", "plate-sentry"])
    raptor = oids(g, ANN, "twin-fang-raptor")[0]
    sentries = oids(g, BOB, "plate-sentry")
    attack(g, raptor, sentries[0])
    attack(g, raptor, sentries[1])
    assert f"strike:{raptor}" not in keys(g)
    assert all(zone(g, s) == t.discard("defense") for s in sentries)
    assert any("made its 2 attack(s)" in why for _, why in g.why_not(ANN))


def test_a_mecha_that_changes_state_mid_turn_keeps_what_is_left_h23() -> None:
    """H23: attacks left = max(0, new swords − attacks made). A Raptor (2×1) hit by Reflect after its
    first attack turns to 1×1 and has no attack left."""
    g = duel(["twin-fang-raptor"], ["bulwark", "mirror-warden"])
    raptor = oids(g, ANN, "twin-fang-raptor")[0]
    attack(g, raptor, oids(g, BOB, "mirror-warden")[0])
    assert damage(g, raptor) == 1 and b.attacks_left(g.ruleset.cat, g.state.objects[raptor]) == 0  # type: ignore[attr-defined]


def test_no_summoning_sickness_h22() -> None:
    """H22: a mecha activated this turn attacks in this turn's combat."""
    g = game(2, given={"players": {"Ann": {"role": "ruler", "hand": ["sparkjack"], "mana": 0},
                                   "Bob": {"role": "barricade"}}})
    while g.decision.kind != "activation":
        g.choose(keys(g)[0])
    spark = next(o.id for o in g.state.cards_in(t.hand(ANN)) if o.card == "sparkjack")
    g.choose(f"activate:{spark}")
    g.choose("combat")
    assert f"strike:{spark}" in keys(g)


def test_assault_steals_the_excess_a_tie_gets_nothing_h25() -> None:
    """H25: A > S steals A − S; A = S steals nothing ("outnumbered")."""
    g = duel(["storm-harrier"], ["bulwark"], bob_role="barricade")  # S = 2 + 3 = 5, A = 4
    assault(g)
    assert vp(g, BOB) == 7
    g = duel(["storm-harrier", "sparkjack", "sparkjack"], ["bulwark"], bob_role="cabalist")  # S 4, A 8
    assault(g)
    assert (vp(g, ANN), vp(g, BOB)) == (11, 3)


@covers("juggernaut-mk-v")
def test_theft_is_capped_by_what_the_defender_holds_h27() -> None:
    """H27: never below 0 VP; you cannot steal what is not there; a player at 0 stays in the game."""
    g = game(2, given={"players": {"Ann": {"role": "ruler", "field": ["juggernaut-mk-v", "storm-harrier"]},
                                   "Bob": {"role": "cabalist", "field": [], "vp": 2}}})
    to_combat(g)
    assault(g)
    assert (vp(g, ANN), vp(g, BOB)) == (9, 0) and not g.state.players[BOB].eliminated


def test_assaults_do_not_damage_shield_mecha_h26() -> None:
    g = duel(["juggernaut-mk-v"], ["bulwark", "aegis-walker"])
    assault(g)
    assert all(damage(g, o) == 0 for o in oids(g, BOB, "bulwark") + oids(g, BOB, "aegis-walker"))


def test_your_own_base_cannot_be_assaulted_h28() -> None:
    g = duel(["sparkjack"], ["bulwark"])
    g.choose("assault")
    assert not [k for k in keys(g) if k.startswith("base:") and k.endswith(f":{ANN}")]
    with pytest.raises(IllegalChoice):
        g.choose(f"all:{ANN}")


@covers("berserker-frame")
def test_you_may_attack_your_own_mecha() -> None:
    """Attack Cards: an attack mecha may attack its owner's mecha (Berserker Frame grows stronger)."""
    g = duel(["sparkjack", "berserker-frame"], ["bulwark"])
    frame = oids(g, ANN, "berserker-frame")[0]
    attack(g, oids(g, ANN, "sparkjack")[0], frame)
    assert facts(g, frame)["state"] == "2×2"


def test_base_defend_counts_once_in_each_assault_and_eclipse_zeroes_it_h14() -> None:
    """H14: the role's base defend adds to S in every assault against you; Eclipse makes it 0."""
    g = duel(["storm-harrier"], [], bob_role="barricade")  # 4 vs defend 3
    assault(g)
    assert vp(g, BOB) == 6
    g = game(2, given={"eclipse": True, "players": {"Ann": {"role": "ruler", "field": ["storm-harrier"]},
                                                    "Bob": {"role": "barricade", "field": []}}})
    to_combat(g)
    assault(g)
    assert vp(g, BOB) == 3


def test_mana_carries_over_h29() -> None:
    g = duel([], ["bulwark"], mana=9)
    assert mana(g, ANN) == 9 + 3


@covers("mirror-warden", "tesla-coil")
def test_ability_damage_is_not_an_attack_h6() -> None:
    """H6: Reflect answers attacks only; Tesla Coil's arc is ability damage."""
    g = duel(["tesla-coil"], ["mirror-warden"])
    coil, warden = oids(g, ANN, "tesla-coil")[0], oids(g, BOB, "mirror-warden")[0]
    g.choose(f"arc:{coil}")
    g.choose(f"zap:{warden}")
    g.choose("done")
    assert damage(g, warden) == 1 and damage(g, coil) == 0


def test_an_attacked_mecha_does_not_strike_back_h24() -> None:
    g = duel(["sparkjack"], ["juggernaut-mk-v"])
    spark = oids(g, ANN, "sparkjack")[0]
    attack(g, spark, oids(g, BOB, "juggernaut-mk-v")[0])
    assert damage(g, spark) == 0


def test_a_mecha_does_not_attack_itself() -> None:
    """Ours (open question): an attack hits another mecha, one's own included, never the attacker."""
    g = duel(["berserker-frame"], ["plate-sentry"])
    frame = oids(g, ANN, "berserker-frame")[0]
    g.choose(f"strike:{frame}")
    assert f"at:{frame}" not in keys(g) and f"at:{oids(g, BOB, 'plate-sentry')[0]}" in keys(g)
    g = duel(["berserker-frame"], [])  # nothing else on any field: no attack is offered at all
    assert not [k for k in keys(g) if k.startswith("strike:")] and "end" in keys(g)


def test_the_log_names_the_owner_of_a_destroyed_mecha() -> None:
    """A destroyed mecha is named with the player whose field it left (not the last seat)."""
    g = duel(["gatling-hound", "sparkjack", "sparkjack"], ["sparkjack"])
    hound = oids(g, ANN, "gatling-hound")[0]
    own, other = oids(g, ANN, "sparkjack")
    attack(g, hound, own)
    attack(g, hound, oids(g, BOB, "sparkjack")[0])
    log = g.log(None)
    assert "Sparkjack (Ann) is destroyed" in log and "Sparkjack (Bob) is destroyed" in log
    assert not any("Gatling" in line and "destroyed" in line for line in log)
    assert zone(g, other) == t.field(ANN)
