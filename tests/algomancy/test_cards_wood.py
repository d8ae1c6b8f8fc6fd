"""Wood cards (cards/algomancy/wood.yaml): each structured ability played through a real game, exactly."""

from __future__ import annotations

from algomancy_play import (
    ANN,
    BOB,
    attack,
    attack_with,
    attributes,
    block,
    card,
    cards,
    chain,
    counters,
    covers,
    edit,
    finish_battle,
    game,
    obj,
    pass_until,
    pass_until_window,
    play,
    region,
    resolve,
    stats,
    to_battle,
    to_deploy,
    to_haste,
    to_next_turn,
    zone_of,
)

from cardgames.engine import core_events as ce


@covers("corrupting-blight")
def test_corrupting_blight_goes_to_the_other_player_after_combat() -> None:
    """Corrupting Blight: "After combat, a player of your choice who doesn't control me gains control of me." It leaves
    Ann's formation, and at regroup goes to its new controller's region (R56)."""
    g = game({"region": ["corrupting-blight"]}, {"region": ["jelly"]})
    blight = attack_with(g, "corrupting-blight")
    block(g)
    pass_until_window(g, "battle:after_window")
    assert chain(g) == ["Corrupting Blight's ability"] and obj(g, blight).controller == ANN
    resolve(g)
    assert obj(g, blight).controller == BOB and g.state.battle is not None and g.state.battle["attack"] == [[]]
    finish_battle(g)
    assert zone_of(g, blight) == "region:1" and obj(g, blight).owner == ANN


@covers("accelerated-germination", "sprout")
def test_accelerated_germination_played_normally_creates_two_sprouts() -> None:
    """Accelerated Germination (haste): "Graft¹ → Create two 1/1 Sprout tokens." Spells (p.13): "two 1/1 units will
    be created, and Accelerated Germination will be placed in the bin." """
    g = game({"hand": ["accelerated-germination"], "mana": {"wood": 2}})
    to_haste(g, ANN)
    play(g, card(g, "accelerated-germination"))
    sprouts = cards(g, "sprout")
    assert region(g, ANN) == ["sprout", "sprout"] and [stats(g, s) for s in sprouts] == [(1, 1), (1, 1)]
    assert zone_of(g, card(g, "accelerated-germination")) == "bin:0"


@covers("prickly-protector")
def test_prickly_protector_gets_plus_1_plus_1_for_each_other_ally_in_its_region() -> None:
    """Prickly Protector (0/2): "I get +1/+1 for each other allied unit in this region." Q&A (p.42): "it only sees the
    units in the region it's in." Home with 3 allies: 3/5; attacking with one of them: 1/3; enemies never count."""
    g = game({"region": ["prickly-protector", "jelly", "sprout", "dune-drifter"]}, {"region": ["lithoghul"]})
    protector = card(g, "prickly-protector")
    assert stats(g, protector) == (3, 5)
    to_battle(g)
    attack(g, [protector, card(g, "jelly")])
    assert stats(g, protector) == (1, 3)


@covers("poison")
def test_poison_places_two_minus_one_counters() -> None:
    """Poison: "Place two −1/−1 counters on target unit." They are permanent: still there after regroup."""
    g = game({"region": ["bastion-titan"]}, {"hand": ["poison"], "mana": {"wood": 2}})
    titan = attack_with(g, "bastion-titan")
    g.choose("pass")
    play(g, card(g, "poison"), titan)
    assert counters(g, titan) == {"-1/-1": 2} and stats(g, titan) == (4, 5)
    finish_battle(g)
    assert stats(g, titan) == (4, 5)


@covers("poison")
def test_poison_counters_cancel_plus_one_counters() -> None:
    """Stat changes and counters (p.40): "If both a +1/+1 counter and -1/-1 counter are placed on a unit, the two
    cancel out and will both be removed." A Titan with one +1/+1 counter keeps one −1/−1."""
    g = game({"region": ["bastion-titan"]}, {"hand": ["poison"], "mana": {"wood": 2}})
    titan = card(g, "bastion-titan")
    g = edit(g, lambda flow: flow.emit(ce.CounterAdded(titan, "+1/+1", 1)))
    to_battle(g)
    attack(g, [titan])
    g.choose("pass")
    play(g, card(g, "poison"), titan)
    assert counters(g, titan) == {"-1/-1": 1} and stats(g, titan) == (5, 6)


@covers("spore-herald")
def test_spore_herald_grows_when_another_ally_dies_once_per_turn() -> None:
    """Spore Herald: "Graft¹ Whenever another allied unit dies → Place a +1/+1 counter on me." Bounded: once per turn
    (Graft, p.33). Two allies die at once: one counter."""
    g = game({"region": ["spore-herald", "jelly", "dune-drifter"], "hand": ["maw-of-damnation"], "mana": {"fire": 5}},
             {"region": ["lithoghul"]})
    to_battle(g)
    herald = card(g, "spore-herald")
    attack(g, [card(g, "jelly")], [card(g, "dune-drifter")], [herald])
    play(g, card(g, "maw-of-damnation"), respond=True)
    pass_until(g, "sacrifice")
    g.choose(f"sacrifice:{card(g, 'jelly')}")
    g.choose(f"sacrifice:{card(g, 'dune-drifter')}")
    resolve(g)
    assert counters(g, herald) == {"+1/+1": 1} and stats(g, herald) == (2, 3)


@covers("spore-herald")
def test_spore_herald_ignores_its_own_death_and_enemy_deaths() -> None:
    """Spore Herald counts "another allied unit": an enemy dying gives nothing."""
    g = game({"region": ["spore-herald"], "hand": ["flame-of-history"], "mana": {"fire": 2}}, {"region": ["jelly"]})
    herald = attack_with(g, "spore-herald")
    play(g, card(g, "flame-of-history"), card(g, "jelly"))
    assert counters(g, herald) == {} and chain(g) == []


@covers("overbloom")
def test_overbloom_gives_allied_units_plus_1_plus_1_until_regroup() -> None:
    """Overbloom: "Allied units get +1/+1 until regroup." Only Ann's units; not units that arrive later."""
    g = game({"region": ["jelly", "dune-drifter"], "hand": ["overbloom", "assembly-drone"],
              "mana": {"wood": 3, "metal": 1}})
    to_deploy(g, ANN)
    play(g, card(g, "overbloom"))
    assert stats(g, card(g, "jelly")) == (2, 3) and stats(g, card(g, "dune-drifter")) == (3, 3)
    g.choose(f"play:{card(g, 'assembly-drone')}")
    g.choose(f"target:{card(g, 'jelly')}")
    assert stats(g, card(g, "assembly-drone")) == (1, 1) and stats(g, card(g, "jelly")) == (3, 4)


@covers("pathogenic-enclave")
def test_pathogenic_enclave_creates_a_sprout_at_the_end_of_turn() -> None:
    """Pathogenic Enclave: "At the end of turn, create a 1/1 Sprout token." (No stack: R20.)"""
    g = game({"region": ["pathogenic-enclave"]})
    to_next_turn(g)
    assert region(g, ANN) == ["pathogenic-enclave", "sprout"]
    to_next_turn(g)
    assert region(g, ANN) == ["pathogenic-enclave", "sprout", "sprout"]


@covers("pathogenic-enclave")
def test_pathogenic_enclave_deletes_all_your_tokens_here_when_it_despawns() -> None:
    """Pathogenic Enclave: "Augment: When I despawn, delete all tokens you control." — augment text works on the card
    itself (Q&A). Sacrificed at home, it deletes Ann's two Sprouts; Bob's Sprout (another region) stays."""
    g = game({"region": ["pathogenic-enclave", "sprout", "sprout", "soul-swallower"]}, {"region": ["sprout"]})
    to_deploy(g, ANN)
    play(g, card(g, "soul-swallower"), sacrifice=card(g, "pathogenic-enclave"), how="ability:0")
    assert region(g, ANN) == ["soul-swallower"] and region(g, BOB) == ["sprout"]


@covers("thornback-lurker")
def test_thornback_lurker_places_a_minus_one_counter_on_an_enemy_unit_when_it_spawns() -> None:
    """Thornback Lurker: "When I spawn, place a −1/−1 counter on target enemy unit." (Set up with an enemy unit in
    Ann's region during deployment, where the Lurker can be played; ambush is not tested here.)"""
    g = game({"hand": ["thornback-lurker"], "mana": {"wood": 3}}, {"region": ["dune-drifter"]})
    drifter = card(g, "dune-drifter")
    to_deploy(g, ANN)
    g = edit(g, lambda flow: flow.emit(ce.ObjectMoved(drifter, "region:0")))
    g.choose(f"play:{card(g, 'thornback-lurker')}")
    assert g.decision.kind == "target" and g.decision.keys() == [f"target:{drifter}"]
    g.choose(f"target:{drifter}")
    assert counters(g, drifter) == {"-1/-1": 1} and stats(g, drifter) == (1, 1)


@covers("thornback-lurker")
def test_thornback_lurker_with_no_enemy_unit_around_does_nothing() -> None:
    """Triggered abilities with no legal target do nothing; deployment has no enemies (p.26)."""
    g = game({"region": ["jelly"], "hand": ["thornback-lurker"], "mana": {"wood": 3}}, {"region": ["dune-drifter"]})
    to_deploy(g, ANN)
    play(g, card(g, "thornback-lurker"))
    assert region(g, ANN) == ["jelly", "thornback-lurker"] and counters(g, card(g, "jelly")) == {}
    assert counters(g, card(g, "dune-drifter")) == {}


@covers("rift-regrowth")
def test_rift_regrowth_spawns_a_unit_from_your_bin_with_unstable() -> None:
    """Rift Regrowth: "Spawn target unit card from your bin into play. It gains Unstable." Q&A (p.42): a spell unit
    that spawns without being played does not do its spell effect."""
    g = game({"region": ["jelly"], "hand": ["rift-regrowth"], "bin": ["leaping-lillik", "poison"],
              "mana": {"wood": 3}})
    to_deploy(g, ANN)
    lillik = card(g, "leaping-lillik")
    g.choose(f"play:{card(g, 'rift-regrowth')}")
    assert g.decision.keys() == [f"target:{lillik}", "back"]  # unit cards only
    g.choose(f"target:{lillik}")
    assert zone_of(g, lillik) == "region:0" and stats(g, lillik) == (2, 1) and "unstable" in attributes(g, lillik)
    assert stats(g, card(g, "jelly")) == (1, 2) and g.decision.kind == "priority"
