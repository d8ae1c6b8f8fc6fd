"""Rules of battles: Initiating a Battle (p.18, p.20), Steps of a Battle, Declare Attackers, Assign
Defenders, Deal Battle Damage, Using Armor to Prevent Battle Damage and End of a Battle (p.20-21),
with the first-turn weapon rules of p.26-27."""

from __future__ import annotations

from allegiance_play import (
    at_main,
    damage_on,
    defend,
    end_turn,
    finish_battle,
    game,
    health,
    hero,
    in_play,
    key,
    keys,
    mid,
    next_main,
    pass_chain,
    pass_window,
    pass_window_until,
    play,
    skip_setup,
    to_main,
    unit,
    units,
    weapon,
)

from cardgames.engine import core_events as ce
from cardgames.engine.game import Game
from cardgames.games.allegiance import board
from cardgames.games.allegiance.events import Damaged

KNIGHTS = ["test-knight", "test-ranger"]


def attack(g: Game, opponent: str, *attackers: int) -> None:
    g.choose(f"battle:{g.seat_of(opponent)}")
    pass_chain(g)
    for a in attackers:
        g.choose(f"attack:{a}")
    g.choose("done")


def declarable(g: Game) -> set[int]:
    return {int(k.split(":")[1]) for k in keys(g) if k.startswith("attack:")}


def test_battle_is_against_one_chosen_opponent() -> None:
    """Initiating a Battle (p.18, p.20): the current player picks one opponent; only that player's
    hero is attacked, and only the two players' units and weapons take part."""
    g = mid({"A": {"territory": ["infantry"]}, "B": {"territory": ["halberdier"]},
             "C": {"territory": ["halberdier"]}}, names=["A", "B", "C"], active="A", fixtures=True,
            heroes=["test-knight", "test-ranger", "test-mage"], format="ffa")
    assert {k for k in keys(g) if k.startswith("battle:")} == {"battle:1", "battle:2"}
    attack(g, "C", unit(g, "A", "infantry"))
    pass_window_until(g, "assign_defenders")
    assert g.decision.seat == "C"
    assert [k for k in keys(g) if k.startswith("defend:")] == [
        f"defend:{unit(g, 'C', 'halberdier')}"
    ]
    g.choose("done")
    finish_battle(g)
    assert health(g, "C") == 30 - 3 + 1  # the test Mail armor prevents 1
    assert health(g, "B") == 32


def test_declared_attackers_become_exhausted() -> None:
    """Declare Attackers (p.20): the chosen attackers become exhausted and attack together."""
    g = mid({"Paul": {"territory": ["infantry", "halberdier"]}})
    inf, hal = units(g, "Paul")
    attack(g, "Allison", inf, weapon(g, "Paul"))
    assert g.state.objects[inf].exhausted and g.state.objects[weapon(g, "Paul")].exhausted
    assert not g.state.objects[hal].exhausted
    assert g.state.battle is not None and g.state.battle["attackers"] == [inf, weapon(g, "Paul")]


def test_exhausted_units_and_weapons_cannot_attack() -> None:
    """Declare Attackers (p.20): units and weapons that are already exhausted cannot be declared."""
    g = mid({"Paul": {"territory": [{"card": "infantry", "exhausted": True}, "halberdier"],
                      "weapon_exhausted": True}})
    g.choose("battle:1")
    pass_chain(g)
    assert declarable(g) == {unit(g, "Paul", "halberdier")}


def test_units_that_entered_this_turn_cannot_attack() -> None:
    """Declare Attackers (p.20): a unit that entered its controller's territory this turn cannot be
    declared as an attacker, even if refreshed."""
    g = mid({"Paul": {"gold": 4, "hand": ["infantry"], "territory": ["halberdier"]}})
    play(g, "Enlist Infantry")
    g.choose("battle:1")
    pass_chain(g)
    assert unit(g, "Paul", "infantry") not in declarable(g)
    assert unit(g, "Paul", "halberdier") in declarable(g)


def test_units_taken_from_another_player_this_turn_cannot_attack() -> None:
    """Declare Attackers (p.20): this also applies to units taken from another player's territory
    that turn by some effect; on the new controller's next turn they may attack."""
    g = mid({"Paul": {"hand": ["test-bribe"], "weapon_exhausted": True},
             "Allison": {"territory": ["halberdier"]}}, fixtures=True)
    hal = unit(g, "Allison", "halberdier")
    play(g, "Play Test Bribe", hal)
    assert g.state.objects[hal].controller == 0
    assert not any(k.startswith("battle:") for k in keys(g))
    next_main(g)
    next_main(g)
    g.choose("battle:1")
    pass_chain(g)
    assert hal in declarable(g)


def test_weapon_equipped_this_turn_may_attack() -> None:
    """Declare Attackers (p.20): unlike units, a weapon equipped and turned face up this turn may be
    declared as an attacker, if refreshed."""
    g = mid({"Allison": {"weapon": "Styrka Mandatum"}}, active="Allison")
    play(g, "ability:equip")
    g.choose(key(g, "Lance of Dominion"))
    g.choose(g.decision.options[0].key)
    pass_chain(g)
    g.choose("battle:0")
    pass_chain(g)
    assert weapon(g, "Allison") in declarable(g)


def test_equip_keeps_the_exhausted_state() -> None:
    """Equipping Weapons and Armor (p.15): if the weapon was exhausted when a new one is equipped,
    the replacement stays exhausted; flipping a card does not refresh it."""
    g = mid({"Allison": {"weapon": "Styrka Mandatum", "weapon_exhausted": True}}, active="Allison")
    play(g, "ability:equip")
    g.choose(key(g, "Lance of Dominion"))
    g.choose(g.decision.options[0].key)
    pass_chain(g)
    lance = g.state.objects[weapon(g, "Allison")]
    assert g.ruleset.card_name(g.state, lance) == "Lance of Dominion" and lance.exhausted
    assert not any(k.startswith("battle:") for k in keys(g))


def test_first_player_cannot_attack_with_weapon_on_first_turn_two_player() -> None:
    """Declare Attackers note (p.20) / General Two-Player Rules (p.26): the player who plays first
    cannot attack with their hero's weapon on the very first turn of the game."""
    g = game()
    skip_setup(g)
    assert at_main(g, "Paul") and not any(k.startswith("battle:") for k in keys(g))
    next_main(g)
    next_main(g)
    g.choose("battle:1")
    pass_chain(g)
    assert weapon(g, "Paul") in declarable(g)


def test_second_player_may_attack_with_weapon_on_first_turn_two_player() -> None:
    """General Two-Player Rules (p.26): the first-turn restrictions do not apply to the player who
    plays second (Allison attacks with her weapon on turn 2 of the sample game)."""
    g = game()
    skip_setup(g)
    next_main(g)
    g.choose("battle:0")
    pass_chain(g)
    assert declarable(g) == {weapon(g, "Allison")}


def test_multiplayer_no_weapon_attack_on_first_turn() -> None:
    """Declare Attackers note (p.20) / General Multiplayer Rules (p.27): no player may attack with
    their weapon on their own first turn."""
    g = game(["A", "B", "C"], fixtures=True, heroes=["test-knight", "test-ranger", "test-mage"])
    skip_setup(g)
    for _ in range(3):
        to_main(g)
        assert not any(k.startswith("battle:") for k in keys(g))
        end_turn(g)
    to_main(g)
    assert g.state.players[g.state.active].name == "A"
    g.choose("battle:1")
    pass_chain(g)
    assert declarable(g) == {weapon(g, "A")}


def test_refreshed_attacker_may_attack_again() -> None:
    """Declare Attackers (p.20): a unit or weapon that attacked but was refreshed by another effect
    can attack again that turn."""
    g = mid({"Paul": {"territory": ["test-pikeman"], "hand": ["test-rally"]}}, fixtures=True)
    pike = unit(g, "Paul", "test-pikeman")
    attack(g, "Allison", pike)
    defend(g)
    finish_battle(g)
    assert g.state.objects[pike].exhausted
    play(g, "Play Test Rally", pike)
    g.choose("battle:1")
    pass_chain(g)
    assert pike in declarable(g)


def test_no_maneuvers_during_declare_attackers() -> None:
    """Declare Attackers (p.20): no player may play maneuvers during the step; the next chance is
    after attackers are declared (it is then too late to stop an attacker by exhausting it)."""
    g = mid({"Paul": {"territory": ["infantry"]},
             "Allison": {"gold": 5, "hand": ["skilled-strike"], "stop": "always"}})
    g.choose("battle:1")
    pass_chain(g)
    assert g.decision.kind == "declare_attackers" and g.decision.seat == "Paul"
    assert {o.group for o in g.decision.options} <= {"attack", "done"}
    g.choose(f"attack:{unit(g, 'Paul', 'infantry')}")
    g.choose("done")
    assert g.decision.kind == "priority" and g.state.battle is not None
    assert g.state.battle["attackers"] == [unit(g, "Paul", "infantry")]


def test_reaction_windows_after_each_battle_step() -> None:
    """Steps of a Battle (p.20): after the battle is announced, after attackers are declared, after
    defenders are assigned and after battle damage there is a chance to play reactions."""
    g = mid({"Paul": {"territory": ["infantry"]}}, stop={"Allison": "always", "Paul": "always"})
    g.choose("battle:1")
    windows = []
    while g.outcome is None:
        d = g.decision
        if d.kind == "priority":
            label = "announced" if g.state.chain else d.prompt.split(":")[0]
            if at_main(g, "Paul"):
                break
            if d.seat == "Paul" and (not windows or windows[-1] != label):
                windows.append(label)
            g.choose("pass")
        elif d.kind == "declare_attackers":
            g.choose(f"attack:{unit(g, 'Paul', 'infantry')}")
            g.choose("done")
        else:
            g.choose("done")
    assert windows == [
        "announced",
        "Attackers declared",
        "Defenders assigned",
        "Battle damage dealt",
    ]


def test_defenders_are_assigned_one_to_one() -> None:
    """Assign Defenders (p.21): only one unit may defend against each attacker, and a defender
    defends against only one attacker."""
    g = mid({"Paul": {"territory": ["infantry", "infantry"]},
             "Allison": {"territory": ["halberdier", "halberdier"]}})
    a1, a2 = units(g, "Paul")
    d1, d2 = units(g, "Allison")
    attack(g, "Allison", a1, a2)
    pass_window_until(g, "assign_defenders")
    g.choose(f"defend:{d1}")
    assert {k for k in keys(g) if k.startswith("block:")} == {f"block:{a1}", f"block:{a2}"}
    g.choose(f"block:{a1}")
    assert f"defend:{d1}" not in keys(g)  # already defending
    g.choose(f"defend:{d2}")
    assert {k for k in keys(g) if k.startswith("block:")} == {f"block:{a2}"}  # a1 is taken
    g.choose(f"block:{a2}")
    assert not any(k.startswith("defend:") for k in keys(g))


def test_only_refreshed_units_of_the_defender_may_defend() -> None:
    """Assign Defenders (p.21) / Exhaust and Refresh (p.12): only units may defend (never weapons or
    armor), and exhausted units cannot."""
    g = mid({"Paul": {"territory": ["infantry"]},
             "Allison": {"territory": ["halberdier", {"card": "infantry", "exhausted": True}]}})
    attack(g, "Allison", unit(g, "Paul", "infantry"))
    pass_window_until(g, "assign_defenders")
    assert [k for k in keys(g) if k.startswith("defend:")] == [
        f"defend:{unit(g, 'Allison', 'halberdier')}"
    ]


def test_defending_does_not_exhaust_and_may_repeat() -> None:
    """Assign Defenders (p.21, with the publisher's FAQ): defending does not exhaust a unit; a
    defender that survives may defend again in a later battle the same turn."""
    g = mid(
        {"Paul": {"territory": ["infantry", "infantry"]}, "Allison": {"territory": ["halberdier"]}}
    )
    a1, a2 = units(g, "Paul")
    hal = unit(g, "Allison", "halberdier")
    attack(g, "Allison", a1)
    defend(g, {hal: a1})
    finish_battle(g)
    assert not g.state.objects[hal].exhausted and damage_on(g, hal) == 3
    attack(g, "Allison", a2)
    pass_window_until(g, "assign_defenders")
    assert f"defend:{hal}" in keys(g)


def test_units_that_entered_this_turn_may_defend() -> None:
    """Assign Defenders (p.21): the entry restriction is only on attacking; a unit that entered play
    this turn may defend."""
    g = mid({"Allison": {"territory": [{"card": "halberdier", "new": True}]},
             "Paul": {"territory": ["infantry"]}})
    attack(g, "Allison", unit(g, "Paul", "infantry"))
    pass_window_until(g, "assign_defenders")
    assert f"defend:{unit(g, 'Allison', 'halberdier')}" in keys(g)


def test_blocked_attacker_damages_defender_which_strikes_back() -> None:
    """Assign Defenders / Deal Battle Damage (p.21): a defended attacker deals its damage to the
    defender instead of the hero, and the defending unit deals damage back to it."""
    g = mid({"Paul": {"territory": ["infantry"]}, "Allison": {"territory": ["halberdier"]}})
    inf, hal = unit(g, "Paul", "infantry"), unit(g, "Allison", "halberdier")
    attack(g, "Allison", inf)
    defend(g, {hal: inf})
    finish_battle(g)
    assert (damage_on(g, inf), damage_on(g, hal)) == (3, 3)
    assert health(g, "Allison") == 35


def test_weapon_defended_against_takes_no_damage_back() -> None:
    """Assign Defenders / Deal Battle Damage (p.21): a unit defending against a weapon takes its
    damage but deals none back to the attacking hero."""
    g = mid({"Allison": {"territory": [{"card": "halberdier", "augment": 1}]}})
    hal = unit(g, "Allison", "halberdier")
    attack(g, "Allison", weapon(g, "Paul"))
    defend(g, {hal: weapon(g, "Paul")})
    finish_battle(g)
    assert health(g, "Paul") == 38 and health(g, "Allison") == 35
    assert damage_on(g, hal) == 6  # Valdruun Warhammer: 3, doubled against units (card text)


def test_unblocked_attackers_damage_the_defending_hero() -> None:
    """Deal Battle Damage (p.21): attackers not defended against deal their damage to the defending
    hero (here after the 2 armor prevents)."""
    g = mid({"Paul": {"territory": ["infantry", "halberdier"]}})
    attack(g, "Allison", *units(g, "Paul"))
    defend(g)
    finish_battle(g)
    assert health(g, "Allison") == 35 - 6 + 2


def test_battle_damage_is_simultaneous() -> None:
    """Deal Battle Damage (p.21): attackers and defenders deal their damage at the same time, so
    two units can destroy each other."""
    g = mid({"Paul": {"territory": [{"card": "infantry", "damage": 3}]},
             "Allison": {"territory": [{"card": "halberdier", "damage": 4}]}})
    inf, hal = unit(g, "Paul", "infantry"), unit(g, "Allison", "halberdier")
    attack(g, "Allison", inf)
    defend(g, {hal: inf})
    finish_battle(g)
    assert not in_play(g, inf) and not in_play(g, hal)
    dealt = [(e.target, e.amount) for e in g.events if isinstance(e, Damaged) and e.battle]
    assert sorted(dealt) == sorted([(hal, 3), (inf, 3)])


def test_blocked_attacker_stays_blocked_when_defender_leaves() -> None:
    """Assign Defenders (p.21): once a defender is assigned, the attacker has been defended against
    and deals no damage to the hero, even if the defender leaves play before battle damage."""
    g = mid({"Paul": {"territory": ["infantry"], "hand": ["test-banish"]},
             "Allison": {"territory": ["halberdier"]}}, fixtures=True)
    inf, hal = unit(g, "Paul", "infantry"), unit(g, "Allison", "halberdier")
    attack(g, "Allison", inf)
    defend(g, {hal: inf})
    play(g, "Play Test Banish", hal)
    assert not in_play(g, hal)
    finish_battle(g)
    assert health(g, "Allison") == 35 and damage_on(g, inf) == 0


def test_attacker_removed_before_damage_deals_and_takes_nothing() -> None:
    """Sample game, turn 4 (p.31): the Militia Recruit that the Halberdier defended against was
    destroyed before battle damage, so the Halberdier neither dealt nor received damage."""
    g = mid({"Paul": {"territory": [{"card": "infantry", "damage": 2}]},
             "Allison": {"territory": ["halberdier"], "hand": ["skilled-strike"], "gold": 2}})
    inf, hal = unit(g, "Paul", "infantry"), unit(g, "Allison", "halberdier")
    attack(g, "Allison", inf)
    defend(g, {hal: inf})
    while g.decision.seat != "Allison":
        g.choose("pass")
    play(g, "Play Skilled Strike", inf)
    assert not in_play(g, inf)
    finish_battle(g)
    assert damage_on(g, hal) == 0 and health(g, "Allison") == 35


def test_several_battles_in_one_turn() -> None:
    """Initiating a Battle (p.20): players may initiate as many battles as they wish in their turn.
    """
    g = mid({"Paul": {"territory": ["infantry"]}})
    attack(g, "Allison", weapon(g, "Paul"))
    defend(g)
    finish_battle(g)
    assert at_main(g, "Paul") and "battle:1" in keys(g)
    attack(g, "Allison", unit(g, "Paul", "infantry"))
    defend(g)
    finish_battle(g)
    assert health(g, "Allison") == 35 - 1 - 3


def test_armor_prevents_battle_damage_up_to_rating() -> None:
    """Using Armor to Prevent Battle Damage (p.21): armor prevents the first battle damage dealt to
    its hero each turn, up to its armor rating."""
    g = mid({"Paul": {"territory": ["infantry"]}})
    attack(g, "Allison", unit(g, "Paul", "infantry"))
    defend(g)
    finish_battle(g)
    assert health(g, "Allison") == 35 - 3 + 2


def test_armor_budget_is_per_turn_across_battles() -> None:
    """Using Armor (p.21) and sample turn 3 (p.29): armor prevents its rating each turn, not each
    battle; once used up, later battles that turn are not prevented."""
    g = mid({"Paul": {"territory": ["infantry"]}})
    attack(g, "Allison", weapon(g, "Paul"))
    defend(g)
    finish_battle(g)
    assert health(g, "Allison") == 34
    attack(g, "Allison", unit(g, "Paul", "infantry"))
    defend(g)
    finish_battle(g)
    assert health(g, "Allison") == 31


def test_armor_budget_starts_again_each_turn() -> None:
    """Using Armor (p.21) and sample turns 2 and 4 (p.29-31): "each turn" is each player's turn, so
    the armor prevents again on the next turn."""
    g = mid({"Paul": {"territory": ["infantry"]}})
    attack(g, "Allison", weapon(g, "Paul"))
    defend(g)
    finish_battle(g)
    next_main(g)
    next_main(g)
    attack(g, "Allison", weapon(g, "Paul"))
    defend(g)
    finish_battle(g)
    assert health(g, "Allison") == 35 - 1 - 1


def test_armor_defending_player_chooses_sources() -> None:
    """Using Armor (p.21), its example: armor 2, two unblocked attackers of 3 and 4 attack power;
    the defending player chooses to prevent 2 from the 3 and takes 5 in all."""
    g = mid({"Paul": {"territory": ["infantry", {"card": "halberdier", "augment": 1}]}})
    three, four = units(g, "Paul")
    attack(g, "Allison", three, four)
    defend(g)
    pass_window_until(g, "armor")
    assert g.decision.seat == "Allison"
    assert {o.key for o in g.decision.options} == {f"armor:{three}", f"armor:{four}"}
    g.choose(f"armor:{three}")
    finish_battle(g)
    assert health(g, "Allison") == 35 - 5
    hits = {
        e.source: (e.amount, e.prevented) for e in g.events if isinstance(e, Damaged) and e.battle
    }
    assert hits == {three: (1, 2), four: (4, 0)}


def test_armor_does_not_prevent_other_damage() -> None:
    """Battle Damage (p.14) / Using Armor (p.21): armor prevents only battle damage; damage from an
    ability or effect reaches the hero in full."""
    g = mid({"Paul": {"gold": 3, "hand": ["crossbowman"]}})
    play(g, "Enlist Crossbowman")
    g.choose("use")
    g.choose(f"target:{hero(g, 'Allison')}")
    pass_chain(g)
    assert health(g, "Allison") == 34
    assert g.state.players[1].counters.get("armor_used", 0) == 0


def test_armor_protects_only_its_hero_not_units() -> None:
    """Using Armor (p.21): armor prevents battle damage dealt to that hero, not to units."""
    g = mid({"Paul": {"territory": ["infantry"]}, "Allison": {"territory": ["halberdier"]}})
    inf, hal = unit(g, "Paul", "infantry"), unit(g, "Allison", "halberdier")
    attack(g, "Allison", inf)
    defend(g, {hal: inf})
    finish_battle(g)
    assert damage_on(g, hal) == 3 and damage_on(g, inf) == 3


def test_exhausted_armor_still_prevents() -> None:
    """Using Armor (p.21) / Exhaust and Refresh (p.12): exhausting limits attacking, defending and
    exhaust costs; armor in play still prevents battle damage while exhausted."""
    g = mid({"Paul": {"territory": ["infantry"]}, "Allison": {"armor_exhausted": True}})
    attack(g, "Allison", unit(g, "Paul", "infantry"))
    defend(g)
    finish_battle(g)
    assert health(g, "Allison") == 35 - 1


def test_negative_attack_power_deals_zero_battle_damage() -> None:
    """Temporary Attack Power Modifiers (p.24): attack power can go below zero; the card then deals
    0 battle damage."""
    g = mid({"Paul": {"territory": ["infantry"]}, "Allison": {"hand": ["test-weakness"],
                                                              "armor": "Crimson Shield"}},
            fixtures=True)
    inf = unit(g, "Paul", "infantry")
    attack(g, "Allison", inf)
    while g.decision.seat != "Allison":
        g.choose("pass")
    play(g, "Play Test Weakness", inf)
    assert g.ruleset.card_facts(g.state, g.state.objects[inf])["attack"] == -2
    defend(g)
    finish_battle(g)
    assert health(g, "Allison") == 35


def test_other_players_may_react_during_a_battle() -> None:
    """General Multiplayer Rules (p.27): battles involve two players, but all players may play
    reaction maneuvers at the usual points in a battle."""
    g = mid({"A": {"territory": ["infantry"]}, "C": {"hand": ["skilled-strike"], "gold": 2}},
            names=["A", "B", "C"], active="A", fixtures=True, format="ffa",
            heroes=["test-knight", "test-ranger", "test-mage"])
    inf = unit(g, "A", "infantry")
    attack(g, "B", inf)
    while g.decision.seat != "C":
        g.choose("pass")
    assert g.decision.kind == "priority" and g.state.battle is not None
    play(g, "Play Skilled Strike", inf)
    assert damage_on(g, inf) == 3


def test_battle_ends_and_play_returns_to_maneuver_phase() -> None:
    """End of a Battle (p.21): after battle damage the battle is over and play returns to the
    current player's maneuver phase; "this battle" effects end with it."""
    g = mid({"Allison": {"weapon": "Lance of Dominion", "territory": ["militia-recruit"]}},
            active="Allison")
    recruit = unit(g, "Allison", "militia-recruit")
    attack(g, "Paul", weapon(g, "Allison"), recruit)
    g.choose(f"target:{recruit}")
    pass_chain(g)
    assert g.ruleset.card_facts(g.state, g.state.objects[recruit])["attack"] == 3
    defend(g)
    finish_battle(g)
    assert at_main(g, "Allison") and g.state.battle is None
    assert g.ruleset.card_facts(g.state, g.state.objects[recruit])["attack"] == 2
    assert any(isinstance(e, ce.BattleChanged) and e.end for e in g.events)


def test_battle_announcement_can_be_responded_to_before_attackers() -> None:
    """Declare Attackers note (p.20): to stop a unit from attacking, an opponent must act before the
    declare step, e.g. in response to the battle being announced."""
    g = mid({"Paul": {"territory": [{"card": "infantry", "damage": 2}]},
             "Allison": {"hand": ["skilled-strike"], "gold": 2}})
    inf = unit(g, "Paul", "infantry")
    g.choose("battle:1")
    while g.decision.seat != "Allison":
        g.choose("pass")
    play(g, "Play Skilled Strike", inf)
    assert not in_play(g, inf)
    assert g.decision.kind == "declare_attackers"
    assert declarable(g) == {weapon(g, "Paul")}


def test_hero_is_attacked_only_never_opposing_units_directly() -> None:
    """Declare Attackers (p.20): only the defending player's hero may be attacked; units are never
    attacked directly (they are only met as defenders)."""
    g = mid({"Paul": {"territory": ["infantry"]}, "Allison": {"territory": ["halberdier"]}})
    attack(g, "Allison", unit(g, "Paul", "infantry"))
    defend(g)
    finish_battle(g)
    targets = {e.target for e in g.events if isinstance(e, Damaged) and e.battle}
    assert targets == {hero(g, "Allison")}
    assert damage_on(g, unit(g, "Allison", "halberdier")) == 0


def test_attackers_count_against_defending_player_only() -> None:
    """Assign Defenders (p.21): the defending player, and no one else, assigns defenders."""
    g = mid({"Paul": {"territory": ["infantry"]}, "Allison": {"territory": ["halberdier"]}},
            stop={"Paul": "always"})
    attack(g, "Allison", unit(g, "Paul", "infantry"))
    pass_window(g)
    assert g.decision.kind == "assign_defenders" and g.decision.seat == "Allison"
    assert board.units(g.state, 1)[0].id == unit(g, "Allison", "halberdier")


def test_battle_lost_when_the_chosen_opponent_is_gone() -> None:
    """Initiating a Battle (p.18) / Selecting Targets (p.14), our ruling R41: the opponent chosen
    for a battle is its target; if that player is eliminated before the battle resolves, the battle
    is canceled."""
    g = mid(
        {
            "A": {"territory": ["infantry"]},
            "B": {"health": 3},
            "C": {"hand": ["test-firestorm"], "stop": "always"},
        },
        names=["A", "B", "C"],
        active="A",
        fixtures=True,
        format="ffa",
        heroes=["test-knight", "test-ranger", "test-mage"],
    )
    g.choose("battle:1")
    while g.decision.seat != "C":
        g.choose("pass")
    play(g, "Play Test Firestorm", hero(g, "B"))
    assert g.state.players[1].eliminated
    assert g.state.battle is None and at_main(g, "A")
    popped = [(e.label, e.result) for e in g.events if isinstance(e, ce.ChainPopped)]
    assert popped[-1] == ("A initiates a battle against B", "fizzled")


def test_armor_asks_only_when_the_choice_matters() -> None:
    """Using Armor (p.21) with our ruling R43: the armor's controller chooses among sources only
    when its remaining rating cannot cover them all and they differ; otherwise it prevents all it
    can."""
    g = mid({"Paul": {"territory": ["militia-recruit", "militia-recruit"]}},
            heroes=["beledan-kind", "test-knight"], fixtures=True)
    attack(g, "Allison", *units(g, "Paul"))  # 2 and 2 attack: Test Knight Mail prevents 1
    defend(g)
    while g.state.battle is not None:
        assert g.decision.kind == "priority"
        g.choose("pass")
    assert health(g, "Allison") == 32 - 3
    g = mid({"Paul": {"territory": ["militia-recruit", "test-pikeman", "infantry"]},
             "Allison": {"armor": "Test Knight Plate"}}, heroes=["beledan-kind", "test-knight"],
            fixtures=True)
    attack(g, "Allison", *units(g, "Paul"))  # 2, 1 and 3 against armor 3: a real choice
    defend(g)
    pass_window_until(g, "armor")
    g.choose(f"armor:{unit(g, 'Paul', 'militia-recruit')}")  # prevent 2; 1 more to place
    assert g.decision.kind == "armor"
    g.choose(f"armor:{unit(g, 'Paul', 'infantry')}")
    finish_battle(g)
    assert health(g, "Allison") == 32 - 6 + 3


def test_battle_ends_when_the_defending_player_is_eliminated() -> None:
    """General Multiplayer Rules (p.27) with our ruling R40: if the defending player is eliminated
    during the battle, the battle ends at once."""
    g = mid(
        {
            "A": {"territory": ["infantry"]},
            "B": {"health": 3},
            "C": {"hand": ["test-firestorm"], "stop": "always"},
        },
        names=["A", "B", "C"],
        active="A",
        fixtures=True,
        format="ffa",
        heroes=["test-knight", "test-ranger", "test-mage"],
    )
    attack(g, "B", unit(g, "A", "infantry"))
    while g.decision.seat != "C":
        g.choose("pass")
    play(g, "Play Test Firestorm", hero(g, "B"))
    assert g.state.players[1].eliminated
    while g.state.battle is not None:  # the reaction window under way finishes; no step follows
        assert g.decision.kind == "priority"
        g.choose("pass")
    assert at_main(g, "A") and damage_on(g, unit(g, "A", "infantry")) == 0
    assert not any(isinstance(e, ce.Chose) and e.kind == "assign_defenders" for e in g.events)


def test_temporarily_removed_unit_returns_as_a_new_arrival() -> None:
    """Territories and Control of Cards (p.25): a card removed from play for a while returns to its
    most recent controller's territory as a newly played card (its counters are gone)."""
    g = mid({"Paul": {"gold": 3, "hand": ["rift-step"]},
             "Allison": {"territory": [{"card": "halberdier", "damage": 2, "exhausted": True}]}})
    hal = unit(g, "Allison", "halberdier")
    play(g, "Play Rift Step", hal)
    assert not in_play(g, hal)
    end_turn(g)
    obj = g.state.objects[hal]
    assert in_play(g, hal) and obj.controller == 1 and obj.counters == {} and not obj.exhausted
    assert obj.entered_turn == 5


def test_temporarily_removed_unit_of_an_eliminated_player_does_not_return() -> None:
    """General Multiplayer Rules (p.27) with rulings R58/R79: a removed card whose controller is
    eliminated before it returns has no one to return to: it goes to its discard pile."""
    g = mid({"A": {"gold": 3, "hand": ["rift-step", "test-firestorm"]},
             "B": {"health": 3, "territory": ["halberdier"]}}, names=["A", "B", "C"], active="A",
            fixtures=True, format="ffa", heroes=["test-knight", "test-ranger", "test-mage"])
    hal = unit(g, "B", "halberdier")
    play(g, "Play Rift Step", hal)
    play(g, "Play Test Firestorm", hero(g, "B"))
    end_turn(g)
    assert g.state.objects[hal].zone == board.discard("basic")
