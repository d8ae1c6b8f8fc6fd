"""Fire cards (cards/algomancy/fire.yaml): each structured ability played through a real game, exactly."""

from __future__ import annotations

from algomancy_play import (
    ANN,
    BOB,
    attack,
    attack_with,
    bin_,
    block,
    card,
    cards,
    chain,
    counters,
    covers,
    damage,
    finish_battle,
    game,
    keys,
    life,
    obj,
    pass_twice,
    pass_until,
    pass_until_window,
    play,
    player,
    region,
    resolve,
    stats,
    to_battle,
    to_deploy,
    to_haste,
    to_next_turn,
    zone_of,
)


@covers("oracle-of-the-flame", "fireball")
def test_oracle_of_the_flame_sacrifices_itself_to_create_a_fireball_1() -> None:
    """Oracle of the Flame: "Graft∞ Sacrifice me → Create a Fireball 1." The Fireball deals 1 (its X)."""
    g = game({"region": ["oracle-of-the-flame", "bastion-titan"]}, {"region": ["jelly"]})
    to_battle(g)
    oracle = card(g, "oracle-of-the-flame")
    attack(g, [card(g, "bastion-titan")], [oracle])
    play(g, oracle, sacrifice=oracle, how="graft")
    assert zone_of(g, oracle) == "bin:0"
    fireball = card(g, "fireball")
    assert zone_of(g, fireball) == "region:1" and obj(g, fireball).props["x"] == 1
    play(g, fireball, card(g, "jelly"), how="token")
    assert damage(g, card(g, "jelly")) == 1 and zone_of(g, fireball) == "erased"


@covers("cinder-pact")
def test_cinder_pact_sacrifices_a_unit_to_create_a_fireball_3() -> None:
    """Cinder Pact: "[Sacrifice a unit] Create a Fireball 3." Made in deployment, it lasts to the next battle."""
    g = game({"region": ["jelly"], "hand": ["cinder-pact"], "mana": {"fire": 1}})
    to_deploy(g, ANN)
    play(g, card(g, "cinder-pact"), sacrifice=card(g, "jelly"))
    assert bin_(g, ANN) == ["jelly", "cinder-pact"]
    fireball = card(g, "fireball")
    assert zone_of(g, fireball) == "region:0" and obj(g, fireball).props["x"] == 3


@covers("cinder-pact")
def test_cinder_pact_cannot_be_played_without_a_unit_to_sacrifice() -> None:
    """Playing a card (p.13): "Whatever is inside of the brackets must be resolved in order to play a card." """
    g = game({"hand": ["cinder-pact"], "mana": {"fire": 1}})
    to_deploy(g, ANN)
    assert keys(g) == ["pass"]


@covers("bloodwind-revenant")
def test_bloodwind_revenant_can_be_played_from_the_bin_and_gains_unstable() -> None:
    """Bloodwind Revenant: "You may play me from your bin. If you do, I gain Unstable." Unstable: when it dies it is
    erased instead of going back to the bin."""
    g = game({"bin": ["bloodwind-revenant"], "mana": {"fire": 2}}, {"region": ["tiderunner-initiate"]})
    to_deploy(g, ANN)
    revenant = card(g, "bloodwind-revenant")
    play(g, revenant)
    assert zone_of(g, revenant) == "region:0" and "unstable" in obj(g, revenant).props and stats(g, revenant) == (2, 1)
    to_next_turn(g)
    to_battle(g)  # turn 2: Bob has the initiative; Ann counter-attacks and Tiderunner (can block fliers) kills it
    g.choose("done")
    block(g, counter=[revenant])
    pass_until(g, "formation")
    attack(g, [revenant])
    block(g, {0: [card(g, "tiderunner-initiate")]})
    finish_battle(g)
    assert zone_of(g, revenant) == "erased" and bin_(g, ANN) == []


@covers("smouldering-inferno")
def test_smouldering_inferno_is_sacrificed_after_combat() -> None:
    """Smouldering Inferno: "Augment: After combat, sacrifice me." — augment text works on the card itself (Q&A:
    "the text is active on cards played normally"). It hits for 5 and is then sacrificed."""
    g = game({"region": ["smouldering-inferno"]}, {"region": ["jelly"]})
    inferno = attack_with(g, "smouldering-inferno")
    block(g)
    pass_until_window(g, "battle:after_window")
    assert chain(g) == ["Smouldering Inferno's ability"] and life(g, BOB) == 25
    resolve(g)
    assert zone_of(g, inferno) == "bin:0"


@covers("smouldering-inferno")
def test_smouldering_inferno_kept_home_survives_a_turn_without_combat_there() -> None:
    """Q&A (p.42): "Do 'After combat' triggers happen in regions where a battle didn't take place? No". (R24)"""
    g = game({"region": ["smouldering-inferno", "dune-drifter"]}, {"region": ["jelly"]})
    attack_with(g, "dune-drifter")
    block(g)
    finish_battle(g)
    assert zone_of(g, card(g, "smouldering-inferno")) == "region:0"


@covers("flame-of-history")
def test_flame_of_history_deals_3_damage_to_target_unit() -> None:
    """Flame of History: "Deal 3 damage to target unit." Bastion Titan 6/7 is left with 3 damage."""
    g = game({"region": ["bastion-titan"], "hand": ["flame-of-history"], "mana": {"fire": 2}},
             {"region": ["tidestone-golem"]})
    attack_with(g, "bastion-titan")
    golem = card(g, "tidestone-golem")
    play(g, card(g, "flame-of-history"), golem)
    assert damage(g, golem) == 3 and zone_of(g, golem) == "region:1"
    assert zone_of(g, card(g, "flame-of-history")) == "bin:0"


@covers("ember-volley")
def test_ember_volley_creates_three_spark_tokens() -> None:
    """Ember Volley: "Create three Spark tokens." (Haste: played in the haste step.) Playing Sparks is Burst, not
    tested here."""
    g = game({"hand": ["ember-volley"], "mana": {"fire": 2}})
    to_haste(g, ANN)
    play(g, card(g, "ember-volley"))
    assert region(g, ANN) == ["spark", "spark", "spark"]
    assert all(obj(g, s).owner == ANN for s in cards(g, "spark"))


@covers("sparkwraith")
def test_sparkwraith_makes_each_opponent_lose_1_life_whenever_you_play_a_spell() -> None:
    """Sparkwraith: "Whenever you play a spell, each opponent loses 1 life." Two spells: Bob loses 2 (and 3 from
    Twin Flame's second target)."""
    g = game({"region": ["sparkwraith"], "hand": ["flame-of-history", "twin-flame"], "mana": {"fire": 5}},
             {"region": ["tidestone-golem"]})
    attack_with(g, "sparkwraith")
    golem = card(g, "tidestone-golem")
    play(g, card(g, "flame-of-history"), golem)
    assert life(g, BOB) == 29
    play(g, card(g, "twin-flame"), golem, player(BOB))
    assert life(g, BOB) == 29 - 1 - 2 and life(g, ANN) == 30


@covers("sparkwraith")
def test_sparkwraith_ignores_spells_played_in_another_region() -> None:
    """Region example (p.21): "Sparkwraith does not trigger from casting of Maw of Damnation ... Since it is in a
    different region, it is treated as though it doesn't exist"."""
    g = game({"region": ["sparkwraith", "bastion-titan"], "hand": ["flame-of-history"], "mana": {"fire": 2}},
             {"region": ["jelly"]})
    attack_with(g, "bastion-titan")
    play(g, card(g, "flame-of-history"), card(g, "jelly"))
    assert life(g, BOB) == 30


@covers("soul-swallower")
def test_soul_swallower_sacrifices_another_ally_for_a_plus_one_counter() -> None:
    """Soul Swallower: "Sacrifice another allied unit: Place a +1/+1 counter on me." 2/3 becomes 3/4, twice 4/5."""
    g = game({"region": ["soul-swallower", "jelly", "sprout"]})
    to_deploy(g, ANN)
    swallower = card(g, "soul-swallower")
    g.choose(f"ability:{swallower}:0")
    assert sorted(keys(g)) == sorted([f"sacrifice:{card(g, 'jelly')}", f"sacrifice:{card(g, 'sprout')}", "back"])
    g.choose(f"sacrifice:{card(g, 'jelly')}")
    assert counters(g, swallower) == {"+1/+1": 1} and stats(g, swallower) == (3, 4)
    play(g, swallower, sacrifice=card(g, "sprout"), how="ability:0")
    assert stats(g, swallower) == (4, 5) and region(g, ANN) == ["soul-swallower"]


@covers("twin-flame")
def test_twin_flame_deals_2_damage_to_each_of_two_different_targets() -> None:
    """Twin Flame: "Deal 2 damage to each of two different targets (units and/or players)." """
    g = game({"region": ["bastion-titan"], "hand": ["twin-flame"], "mana": {"fire": 3}}, {"region": ["lithoghul"]})
    attack_with(g, "bastion-titan")
    g.choose(f"play:{card(g, 'twin-flame')}")
    g.choose(f"target:{player(BOB)}")
    assert f"target:{player(BOB)}" not in keys(g)  # two different targets
    g.choose(f"target:{card(g, 'bastion-titan')}")
    resolve(g)
    assert life(g, BOB) == 28 and damage(g, card(g, "bastion-titan")) == 2


@covers("maw-of-damnation")
def test_maw_of_damnation_makes_each_player_sacrifice_two_units() -> None:
    """Maw of Damnation: "Each player sacrifices two units." Each player chooses their own (p.41: "they would get to
    decide what to sacrifice"); with two or fewer there is nothing to choose."""
    g = game({"region": ["bastion-titan", "jelly", "sprout"], "hand": ["maw-of-damnation"], "mana": {"fire": 5}},
             {"region": ["stone-equilibrist", "lithoghul", "sparkwraith"]})
    to_battle(g)
    attack(g, [card(g, "bastion-titan")], [card(g, "jelly")], [card(g, "sprout")])
    play(g, card(g, "maw-of-damnation"), respond=True)
    pass_twice(g)
    assert g.decision.kind == "sacrifice"
    answers = {ANN: ["jelly", "sprout"], BOB: ["lithoghul", "stone-equilibrist"]}
    while g.decision.kind == "sacrifice":
        mine = answers[g.decision.seat_index]
        g.choose(f"sacrifice:{card(g, mine.pop(0), f'region:{BOB}')}")
    assert region(g, BOB) == ["sparkwraith", "bastion-titan"]
    assert sorted(bin_(g, BOB)) == ["lithoghul", "stone-equilibrist"] and bin_(g, ANN) == ["jelly",
                                                                                          "maw-of-damnation"]
    assert [zone_of(g, s) for s in cards(g, "sprout")] == ["erased"]  # a token that leaves play is erased


@covers("oracle-of-the-flame", "recyclable-sentinel")
def test_playing_a_graft_unit_from_hand_does_not_fire_its_graft() -> None:
    """Graft (p.33): "All graft cards follow the template of cause and effect ... In the example of Oracle of the Flame,
    the cause is 'Sacrifice me' and the effect is 'Create a Fireball 1'." Units (p.13): a unit played simply spawns;
    Q&A: "spell effects only happen when the card is played" — and a unit has none.

    Playing Oracle of the Flame from hand spawns a 1/1 and nothing else (the Fireball comes only when it is
    sacrificed); playing Recyclable Sentinel creates no Pile of Rubbish (that needs it to die)."""
    g = game({"hand": ["oracle-of-the-flame", "recyclable-sentinel"], "mana": {"fire": 1, "metal": 2}})
    to_deploy(g, ANN)
    play(g, card(g, "oracle-of-the-flame"))
    play(g, card(g, "recyclable-sentinel"))
    assert region(g, ANN) == ["oracle-of-the-flame", "recyclable-sentinel"]
