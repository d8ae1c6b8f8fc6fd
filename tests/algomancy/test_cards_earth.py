"""Earth cards (cards/algomancy/earth.yaml): each structured ability played through a real game, exactly."""

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
    keys,
    life,
    pass_until_window,
    play,
    resolve,
    stats,
    to_battle,
    to_haste,
    zone_of,
)


@covers("shieldwall-sentry")
def test_shieldwall_sentry_gives_adjacent_allies_plus_0_plus_1() -> None:
    """Shieldwall Sentry: "Allied units adjacent to me get +0/+1." Its left neighbour and the unit behind it get +0/+1;
    a unit two columns away does not, and neither does the Sentry itself."""
    g = game({"region": ["dune-drifter", "shieldwall-sentry", "sparkwraith", "tiderunner-initiate"]})
    to_battle(g)
    drifter, sentry, wraith, initiate = (card(g, c) for c in ("dune-drifter", "shieldwall-sentry", "sparkwraith",
                                                              "tiderunner-initiate"))
    assert stats(g, drifter) == (2, 2)  # outside formation nobody is adjacent
    attack(g, [drifter], [sentry, initiate], [wraith])
    assert stats(g, drifter) == (2, 3) and stats(g, initiate) == (2, 3) and stats(g, wraith) == (2, 3)
    assert stats(g, sentry) == (1, 3)


@covers("boon-of-protection")
def test_boon_of_protection_prevents_all_damage_to_target_unit_until_regroup() -> None:
    """Boon of Protection: "Until regroup, prevent all damage that would be dealt to target unit." The Drifter blocks
    the Titan and survives the 6 combat damage."""
    g = game({"region": ["bastion-titan"]}, {"region": ["dune-drifter"], "hand": ["boon-of-protection"],
                                             "mana": {"earth": 2}})
    attack_with(g, "bastion-titan")
    drifter = card(g, "dune-drifter")
    block(g, {0: [drifter]})
    g.choose("pass")
    play(g, card(g, "boon-of-protection"), drifter)
    pass_until_window(g, "battle:after_window")
    assert zone_of(g, drifter) == "region:1" and damage(g, drifter) == 0
    assert damage(g, card(g, "bastion-titan")) == 2


@covers("battle-fight")
def test_battle_makes_an_allied_unit_and_an_enemy_unit_fight() -> None:
    """Battle: "Target allied unit and target enemy unit fight." Each deals its power to the other: Titan (6) kills the
    Tiderunner Initiate (2/2) and takes 2."""
    g = game({"region": ["bastion-titan"], "hand": ["battle-fight"], "mana": {"earth": 2}},
             {"region": ["tiderunner-initiate"]})
    to_battle(g)
    titan, initiate = card(g, "bastion-titan"), card(g, "tiderunner-initiate")
    attack(g, [titan])
    g.choose(f"play:{card(g, 'battle-fight')}")
    assert f"target:{initiate}" not in keys(g)  # first the allied unit
    g.choose(f"target:{titan}")
    g.choose(f"target:{initiate}")
    resolve(g)
    assert zone_of(g, initiate) == "bin:1" and damage(g, titan) == 2


@covers("bedrock-infusion")
def test_bedrock_infusion_played_normally_places_a_plus_one_counter() -> None:
    """Bedrock Infusion (haste): "Graft∞ → Place a +1/+1 counter on target allied unit." Played as a spell it does its
    effect once (Q&A: graft text "is active on cards played normally")."""
    g = game({"region": ["dune-drifter"], "hand": ["bedrock-infusion"], "mana": {"earth": 2}})
    to_haste(g, ANN)
    drifter = card(g, "dune-drifter")
    play(g, card(g, "bedrock-infusion"), drifter)
    assert counters(g, drifter) == {"+1/+1": 1} and stats(g, drifter) == (3, 3)
    assert zone_of(g, card(g, "bedrock-infusion")) == "bin:0"


@covers("malformed-monstrosity")
def test_malformed_monstrosity_gets_minus_7_minus_7() -> None:
    """Malformed Monstrosity (10/9): "I get −7/−7." It is a 3/2."""
    g = game({"region": ["malformed-monstrosity"]}, {"region": ["jelly"]})
    monstrosity = card(g, "malformed-monstrosity")
    assert stats(g, monstrosity) == (3, 2)
    to_battle(g)
    attack(g, [monstrosity])
    block(g)
    finish_battle(g)
    assert life(g, BOB) == 27


@covers("lithoghul")
def test_lithoghul_is_dealt_2_less_damage() -> None:
    """Lithoghul: "If I would be dealt damage, I'm dealt that much minus 2 instead." Flame of History (3) marks 1;
    a 2-power blocker marks nothing. The replacement uses no stack."""
    g = game({"region": ["lithoghul"], "hand": ["flame-of-history"], "mana": {"fire": 2}},
             {"region": ["tiderunner-initiate"]})
    lithoghul = attack_with(g, "lithoghul")
    block(g, {0: [card(g, "tiderunner-initiate")]})
    pass_until_window(g, "battle:after_window")
    assert damage(g, lithoghul) == 0 and zone_of(g, card(g, "tiderunner-initiate")) == "bin:1"
    play(g, card(g, "flame-of-history"), lithoghul)
    assert damage(g, lithoghul) == 1 and zone_of(g, lithoghul) == "region:1"
    assert life(g, ANN) == 30
