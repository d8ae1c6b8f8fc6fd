"""Metal cards (cards/algomancy/metal.yaml): each structured ability played through a real game, exactly."""

from __future__ import annotations

from algomancy_play import (
    ANN,
    BOB,
    attack,
    attack_with,
    block,
    card,
    counters,
    covers,
    damage,
    finish_battle,
    game,
    hand,
    keys,
    life,
    obj,
    pass_until_window,
    play,
    region,
    resolve,
    stack_results,
    stats,
    to_battle,
    to_deploy,
    to_haste,
    zone_of,
)


@covers("assembly-drone")
def test_assembly_drone_places_a_plus_one_counter_on_an_ally_when_it_spawns() -> None:
    """Assembly Drone (haste): "When I spawn, place a +1/+1 counter on target allied unit." It may pick itself."""
    g = game({"region": ["jelly"], "hand": ["assembly-drone"], "mana": {"metal": 1}}, {"region": ["dune-drifter"]})
    to_haste(g, ANN)
    g.choose(f"play:{card(g, 'assembly-drone')}")
    drone, jelly = card(g, "assembly-drone"), card(g, "jelly")
    assert g.decision.kind == "target" and sorted(keys(g)) == sorted([f"target:{jelly}", f"target:{drone}"])
    g.choose(f"target:{jelly}")
    assert counters(g, jelly) == {"+1/+1": 1} and stats(g, jelly) == (2, 3) and stats(g, drone) == (1, 1)


@covers("calibrate")
def test_calibrate_places_a_plus_one_counter_and_draws_a_card() -> None:
    """Calibrate (haste): "Place a +1/+1 counter on target allied unit. Draw a card." """
    g = game({"region": ["dune-drifter"], "hand": ["calibrate"], "mana": {"metal": 1}}, deck_top=["lithoghul"])
    to_haste(g, ANN)
    drifter = card(g, "dune-drifter")
    play(g, card(g, "calibrate"), drifter)
    assert stats(g, drifter) == (3, 3) and hand(g, ANN) == ["lithoghul"]


@covers("recyclable-sentinel", "a-pile-of-rubbish")
def test_recyclable_sentinel_creates_a_pile_of_rubbish_when_it_dies() -> None:
    """Recyclable Sentinel: "Graft∞ When I die → Create A Pile of Rubbish." It dies attacking in Bob's region; the 1/1
    token is Ann's, spawns there and comes home at regroup."""
    g = game({"region": ["recyclable-sentinel"]}, {"region": ["tiderunner-initiate"]})
    sentinel = attack_with(g, "recyclable-sentinel")
    block(g, {0: [card(g, "tiderunner-initiate")]})
    pass_until_window(g, "battle:after_window")
    resolve(g)
    rubbish = card(g, "a-pile-of-rubbish")
    assert zone_of(g, sentinel) == "bin:0" and zone_of(g, rubbish) == "region:1"
    assert obj(g, rubbish).controller == ANN and stats(g, rubbish) == (1, 1)
    finish_battle(g)
    assert region(g, ANN) == ["a-pile-of-rubbish"]


@covers("recyclable-sentinel")
def test_recyclable_sentinel_recalled_is_not_dying() -> None:
    """Delete/recall are not dying (R53, R54): "When I die" does not trigger on a recall."""
    g = game({"region": ["recyclable-sentinel"], "hand": ["abyssal-evocation"], "mana": {"water": 2}},
             {"region": ["jelly"]})
    sentinel = attack_with(g, "recyclable-sentinel")
    play(g, card(g, "abyssal-evocation"), sentinel)
    assert zone_of(g, sentinel) == "hand:0" and region(g, BOB) == ["jelly"]


@covers("arc-lightning")
def test_arc_lightning_deals_2_to_its_target_and_1_to_each_adjacent_unit() -> None:
    """Arc Lightning: "Deal 2 damage to target unit and 1 damage to each unit adjacent to it." Adjacent: left, right,
    front and back in its own formation (Formations, p.22); a unit two columns away takes nothing."""
    g = game({"region": ["bastion-titan", "tidestone-golem", "lithoghul", "stone-equilibrist", "jelly"]},
             {"hand": ["arc-lightning"], "mana": {"metal": 2}})
    to_battle(g)
    titan, golem, lithoghul, monk, jelly = (card(g, c) for c in ("bastion-titan", "tidestone-golem", "lithoghul",
                                                                 "stone-equilibrist", "jelly"))
    attack(g, [titan, golem], [monk], [jelly])
    g.choose("pass")
    play(g, card(g, "arc-lightning"), titan)
    assert damage(g, titan) == 2 and damage(g, golem) == 1 and damage(g, monk) == 1 and damage(g, jelly) == 0
    assert damage(g, lithoghul) == 0 and zone_of(g, lithoghul) == "region:0"


@covers("arc-lightning")
def test_arc_lightning_on_a_unit_outside_formation_hits_only_it() -> None:
    """R41: "a unit outside formation has no neighbours"."""
    g = game({"region": ["bastion-titan"], "hand": ["arc-lightning"], "mana": {"metal": 2}},
             {"region": ["tidestone-golem", "lithoghul"]})
    attack_with(g, "bastion-titan")
    golem = card(g, "tidestone-golem")
    play(g, card(g, "arc-lightning"), golem)
    assert damage(g, golem) == 2 and damage(g, card(g, "lithoghul")) == 0 and damage(g, card(g, "bastion-titan")) == 0


@covers("targeting-module")
def test_targeting_module_played_normally_gets_its_own_augment_plus_1_plus_1() -> None:
    """Targeting Module (1/1, Swift): "Augment: I get +1/+1." Q&A (p.42): the augment text "is active on cards played
    normally", so it is a 2/2 that strikes first."""
    g = game({"region": ["targeting-module"]}, {"region": ["tiderunner-initiate"]})
    module = card(g, "targeting-module")
    assert stats(g, module) == (2, 2)
    to_battle(g)
    attack(g, [module])
    block(g, {0: [card(g, "tiderunner-initiate")]})
    finish_battle(g)
    assert zone_of(g, module) == "region:0" and zone_of(g, card(g, "tiderunner-initiate")) == "bin:1"


@covers("living-forge")
def test_living_forge_sacrifices_a_token_for_a_plus_one_counter_on_an_ally() -> None:
    """Living Forge: "Sacrifice a token you control: Place a +1/+1 counter on target allied unit." Only tokens can be
    sacrificed; the token is erased."""
    g = game({"region": ["living-forge", "sprout", "jelly"]})
    to_deploy(g, ANN)
    forge, sprout, jelly = card(g, "living-forge"), card(g, "sprout"), card(g, "jelly")
    g.choose(f"ability:{forge}:0")
    g.choose(f"target:{jelly}")
    assert [k for k in keys(g) if k.startswith("sacrifice:")] == [f"sacrifice:{sprout}"]
    g.choose(f"sacrifice:{sprout}")
    assert counters(g, jelly) == {"+1/+1": 1} and zone_of(g, sprout) == "erased"
    assert f"ability:{forge}:0" not in keys(g)  # no token left to pay with


@covers("flux-resonator")
def test_flux_resonator_places_one_more_plus_one_counter_on_allies() -> None:
    """Flux Resonator: "If one or more +1/+1 counters would be placed on an allied unit, that many plus 1 are placed
    instead." Calibrate's one counter becomes two; −1/−1 counters are not changed."""
    g = game({"region": ["flux-resonator", "dune-drifter"], "hand": ["calibrate"], "mana": {"metal": 1}},
             {"hand": ["poison"], "mana": {"wood": 2}})
    to_haste(g, ANN)
    drifter = card(g, "dune-drifter")
    play(g, card(g, "calibrate"), drifter)
    assert counters(g, drifter) == {"+1/+1": 2} and stats(g, drifter) == (4, 4)


@covers("flux-resonator")
def test_flux_resonator_does_not_help_enemy_units() -> None:
    """Flux Resonator only replaces counters placed on an *allied* unit: Bob's Calibrate on his own unit is plain."""
    g = game({"region": ["flux-resonator"]}, {"region": ["dune-drifter"], "hand": ["calibrate"], "mana": {"metal": 1}})
    to_haste(g, BOB)
    drifter = card(g, "dune-drifter")
    play(g, card(g, "calibrate"), drifter)
    assert counters(g, drifter) == {"+1/+1": 1}


@covers("null-drone")
def test_null_drone_negates_target_spell_and_spawns_as_a_1_1() -> None:
    """Null Drone (spell unit): "Negate target spell or ability." Flame of History is negated into Ann's bin; the
    Drone spawns for Bob."""
    g = game({"region": ["bastion-titan"], "hand": ["flame-of-history"], "mana": {"fire": 2}},
             {"region": ["jelly"], "hand": ["null-drone"], "mana": {"metal": 3}})
    attack_with(g, "bastion-titan")
    play(g, card(g, "flame-of-history"), card(g, "jelly"), respond=True)
    g.choose("pass")
    play(g, card(g, "null-drone"), g.state.chain[-1].id)
    assert stack_results(g) == [("Flame of History", "removed"), ("Null Drone", "resolved")]
    assert zone_of(g, card(g, "flame-of-history")) == "bin:0" and zone_of(g, card(g, "jelly")) == "region:1"
    drone = card(g, "null-drone")
    assert zone_of(g, drone) == "region:1" and stats(g, drone) == (1, 1) and life(g, BOB) == 30
