"""Hybrid cards (cards/algomancy/hybrids.yaml): each structured ability played through a real game, exactly."""

from __future__ import annotations

from algomancy_play import (
    ANN,
    BOB,
    attack,
    attack_with,
    block,
    card,
    cards,
    counters,
    covers,
    damage,
    finish_battle,
    game,
    keys,
    life,
    obj,
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


@covers("cinderstone-brute")
def test_cinderstone_brute_creates_a_fireball_2_when_it_dies_usable_at_once_in_that_region() -> None:
    """Cinderstone Brute: "When I die, create a Fireball 2." Spell tokens (p.15): "Spell tokens spawned in enemy
    regions during combat can be used there immediately." The Fireball 2 finishes Bob."""
    g = game({"region": ["cinderstone-brute"]}, {"region": ["bastion-titan"], "life": 2})
    brute = attack_with(g, "cinderstone-brute")
    block(g, {0: [card(g, "bastion-titan")]})
    pass_until_window(g, "battle:after_window")
    resolve(g)
    fireball = card(g, "fireball")
    assert zone_of(g, brute) == "bin:0" and zone_of(g, fireball) == "region:1" and obj(g, fireball).props["x"] == 2
    assert f"token:{fireball}" in keys(g)
    play(g, fireball, player(BOB), how="token")
    assert life(g, BOB) == 0 and g.outcome is not None and g.outcome.winners == [ANN]


@covers("wildfire-bloom")
def test_wildfire_bloom_deals_1_to_each_enemy_unit_and_creates_a_sprout() -> None:
    """Wildfire Bloom: "Deal 1 damage to each enemy unit. Create a 1/1 Sprout token." Ann's own units are spared; the
    Sprout spawns for Ann in Bob's region, outside formation."""
    g = game({"region": ["bastion-titan"], "hand": ["wildfire-bloom"], "mana": {"fire": 1, "wood": 2}},
             {"region": ["jelly", "tiderunner-initiate", "sprout"]})
    titan = attack_with(g, "bastion-titan")
    play(g, card(g, "wildfire-bloom"))
    assert damage(g, card(g, "jelly")) == 1 and damage(g, card(g, "tiderunner-initiate")) == 1
    assert damage(g, titan) == 0
    bob_sprout, ann_sprout = cards(g, "sprout")
    assert zone_of(g, bob_sprout) == "erased"
    assert zone_of(g, ann_sprout) == "region:1" and obj(g, ann_sprout).controller == ANN


@covers("forgefire-salvo", "fireball")
def test_forgefire_salvo_creates_two_fireball_1_tokens() -> None:
    """Forgefire Salvo (haste): "Create two Fireball 1 tokens." Each deals 1 to a unit or a player."""
    g = game({"region": ["bastion-titan"], "hand": ["forgefire-salvo"], "mana": {"fire": 1, "metal": 1}},
             {"region": ["jelly"]})
    to_haste(g, ANN)
    play(g, card(g, "forgefire-salvo"))
    first, second = cards(g, "fireball")
    assert [obj(g, f).props["x"] for f in (first, second)] == [1, 1]
    to_battle(g)
    attack(g, [card(g, "bastion-titan")], tokens=[first, second])
    play(g, first, player(BOB), how="token")
    play(g, second, card(g, "jelly"), how="token")
    assert life(g, BOB) == 29 and damage(g, card(g, "jelly")) == 1


@covers("tidestone-golem")
def test_tidestone_golem_played_normally_is_3_7_and_blocks_fliers() -> None:
    """Tidestone Golem (3/5): "Augment: I get +0/+2 and I can block columns with Flying." Active on the card itself
    (Q&A), so it is a 3/7 that may block a flying column."""
    g = game({"region": ["bloodwind-revenant"]}, {"region": ["tidestone-golem"]})
    golem = card(g, "tidestone-golem")
    assert stats(g, golem) == (3, 7)
    attack_with(g, "bloodwind-revenant")
    pass_until(g, "block")
    g.choose(f"unit:{golem}")
    assert "slot:0" in keys(g)
    g.choose("slot:0")
    g.choose("done")
    finish_battle(g)
    assert zone_of(g, card(g, "bloodwind-revenant")) == "bin:0" and damage(g, golem) == 0 and life(g, BOB) == 30


@covers("exchange-protocol")
def test_exchange_protocol_exchanges_control_of_two_units() -> None:
    """Exchange Protocol: "Exchange control of target allied unit and target enemy unit." Before blocks Ann's Jelly
    leaves her formation (the columns close, R56); the Lithoghul she gains goes home with her at regroup."""
    g = game({"region": ["bastion-titan", "jelly"], "hand": ["exchange-protocol"], "mana": {"water": 2, "metal": 1}},
             {"region": ["lithoghul"]})
    to_battle(g)
    titan, jelly, lithoghul = card(g, "bastion-titan"), card(g, "jelly"), card(g, "lithoghul")
    attack(g, [jelly], [titan])
    play(g, card(g, "exchange-protocol"), jelly, lithoghul)
    assert obj(g, jelly).controller == BOB and obj(g, lithoghul).controller == ANN
    assert g.state.battle is not None and g.state.battle["attack"] == [[titan]]
    block(g)
    finish_battle(g)
    assert life(g, BOB) == 24 and zone_of(g, jelly) == "region:1" and zone_of(g, lithoghul) == "region:0"


@covers("mossback-tortoise")
def test_mossback_tortoise_creates_a_sprout_when_it_spawns() -> None:
    """Mossback Tortoise (1/4, Tough → 1/8): "When I spawn, create a 1/1 Sprout token." """
    g = game({"hand": ["mossback-tortoise"], "mana": {"earth": 1, "wood": 2}})
    to_deploy(g, ANN)
    play(g, card(g, "mossback-tortoise"))
    assert region(g, ANN) == ["mossback-tortoise", "sprout"] and stats(g, card(g, "mossback-tortoise")) == (1, 8)


@covers("forgeborn-colossus")
def test_forgeborn_colossus_creates_a_pile_of_rubbish_when_it_spawns() -> None:
    """Forgeborn Colossus (4/4, Tough → 4/8): "When I spawn, create A Pile of Rubbish." """
    g = game({"hand": ["forgeborn-colossus"], "mana": {"earth": 3, "metal": 3}})
    to_deploy(g, ANN)
    play(g, card(g, "forgeborn-colossus"))
    assert region(g, ANN) == ["forgeborn-colossus", "a-pile-of-rubbish"]
    assert stats(g, card(g, "forgeborn-colossus")) == (4, 8)


@covers("parasitic-implant")
def test_parasitic_implant_played_normally_gets_a_minus_one_counter_each_end_of_turn() -> None:
    """Parasitic Implant (2/3): "Augment: At the end of turn, place a −1/−1 counter on me." Active on the card itself
    (Q&A): 1/2 after one turn, dead after three."""
    g = game({"region": ["parasitic-implant"]})
    implant = card(g, "parasitic-implant")
    to_next_turn(g)
    assert counters(g, implant) == {"-1/-1": 1} and stats(g, implant) == (1, 2)
    to_next_turn(g)
    to_next_turn(g)
    assert zone_of(g, implant) == "bin:0"


def test_units_played_in_deployment_stay_home() -> None:
    """Deployment (p.26): each player plays into their own region."""
    g = game({"hand": ["mossback-tortoise"], "mana": {"earth": 1, "wood": 2}})
    to_deploy(g, ANN)
    play(g, card(g, "mossback-tortoise"))
    assert zone_of(g, card(g, "mossback-tortoise")) == "region:0" and region(g, BOB) == []
