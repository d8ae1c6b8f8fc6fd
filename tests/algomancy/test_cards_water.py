"""Water cards (cards/algomancy/water.yaml): each structured ability played through a real game, exactly."""

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
    covers,
    edit,
    finish_battle,
    game,
    hand,
    keys,
    life,
    obj,
    pass_until,
    play,
    region,
    stats,
    to_battle,
    to_deploy,
    to_next_turn,
    zone_cards,
    zone_of,
)

from cardgames.engine import core_events as ce


@covers("jelly")
def test_jelly_gets_plus_0_plus_2_while_in_a_back_row() -> None:
    """Jelly: "While I'm in a back row, I get +0/+2." 1/2 alone or in front, 1/4 behind another unit."""
    g = game({"region": ["jelly", "dune-drifter", "jelly"]})
    to_battle(g)
    back, front = cards(g, "jelly")
    drifter = card(g, "dune-drifter")
    assert stats(g, back) == (1, 2)
    attack(g, [drifter, back], [front])
    assert stats(g, back) == (1, 4) and stats(g, front) == (1, 2)


@covers("mold-the-current")
def test_mold_the_current_sets_base_1_1_under_counters_until_regroup() -> None:
    """Mold the Current: "Target unit has base 1/1 until regroup." Q&A (p.42): base stats are changed "before any other
    modifiers like +1/+1 and -1/-1 counters apply": a 6/7 Titan with a +1/+1 counter becomes 2/2, and 7/8 again
    after regroup."""
    g = game({"region": ["bastion-titan", "dune-drifter"]}, {"hand": ["mold-the-current"], "mana": {"water": 1}})
    titan = card(g, "bastion-titan")
    g = edit(g, lambda flow: flow.emit(ce.CounterAdded(titan, "+1/+1", 1)))
    to_battle(g)
    attack(g, [titan], [card(g, "dune-drifter")])
    g.choose("pass")
    play(g, card(g, "mold-the-current"), titan)
    assert stats(g, titan) == (2, 2)
    block(g)
    finish_battle(g)
    assert life(g, BOB) == 30 - 2 - 2 and stats(g, titan) == (7, 8)


@covers("tiderunner-initiate")
def test_tiderunner_initiate_can_block_a_flying_column() -> None:
    """Tiderunner Initiate: "I can block columns with Flying." Jelly cannot block the Revenant; the Initiate can."""
    g = game({"region": ["bloodwind-revenant"]}, {"region": ["jelly", "tiderunner-initiate"]})
    revenant = attack_with(g, "bloodwind-revenant")
    pass_until(g, "block")
    g.choose(f"unit:{card(g, 'jelly')}")
    assert "slot:0" not in keys(g)
    g.choose("back")
    block_with = card(g, "tiderunner-initiate")
    g.choose(f"unit:{block_with}")
    g.choose("slot:0")
    g.choose("done")
    finish_battle(g)
    assert zone_of(g, revenant) == "bin:0" and life(g, BOB) == 30


@covers("leaping-lillik")
def test_leaping_lillik_gives_minus_2_minus_0_and_spawns_a_2_1() -> None:
    """Leaping Lillik (spell unit): "Target unit gets −2/−0 until regroup." Then it spawns as a 2/1 in the region,
    outside formation (Q&A: "They spawn in the region but not in formation")."""
    g = game({"region": ["bastion-titan"]}, {"hand": ["leaping-lillik"], "mana": {"water": 2}})
    titan = attack_with(g, "bastion-titan")
    g.choose("pass")
    play(g, card(g, "leaping-lillik"), titan)
    lillik = card(g, "leaping-lillik")
    assert stats(g, titan) == (4, 7)
    assert zone_of(g, lillik) == "region:1" and obj(g, lillik).controller == BOB and stats(g, lillik) == (2, 1)
    block(g)
    finish_battle(g)
    assert life(g, BOB) == 26 and stats(g, titan) == (6, 7)


@covers("abyssal-evocation")
def test_abyssal_evocation_recalls_target_unit_to_its_owners_hand() -> None:
    """Abyssal Evocation: "Recall target unit." The recalled unit goes to its owner's hand and leaves the formation."""
    g = game({"region": ["bastion-titan", "dune-drifter"]}, {"hand": ["abyssal-evocation"], "mana": {"water": 2}})
    to_battle(g)
    titan, drifter = card(g, "bastion-titan"), card(g, "dune-drifter")
    attack(g, [titan], [drifter])
    g.choose("pass")
    play(g, card(g, "abyssal-evocation"), titan)
    assert zone_of(g, titan) == "hand:0" and g.state.battle is not None
    assert g.state.battle["attack"] == [[drifter]]
    assert zone_of(g, card(g, "abyssal-evocation")) == "bin:1"


@covers("depth-scholar")
def test_depth_scholar_draws_a_card_then_recycles_one_when_it_spawns() -> None:
    """Depth Scholar: "When I spawn, draw a card, then recycle a card from your hand." """
    g = game({"hand": ["depth-scholar", "jelly"], "mana": {"water": 2}}, deck_top=["lithoghul"])
    to_deploy(g, ANN)
    g.choose(f"play:{card(g, 'depth-scholar')}")
    assert g.decision.kind == "recycle" and hand(g, ANN) == ["jelly", "lithoghul"]
    g.choose(f"recycle:{card(g, 'jelly')}")
    assert hand(g, ANN) == ["lithoghul"] and zone_cards(g, "deck")[0] == "jelly"
    assert region(g, ANN) == ["depth-scholar"]


@covers("slumbering-leviathan")
def test_slumbering_leviathan_pays_2_mana_to_lose_unaware_until_regroup() -> None:
    """Slumbering Leviathan (5/6, Unaware: power 0): "Pay 2 mana: I lose Unaware until regroup." It hits for 5."""
    g = game({"region": ["slumbering-leviathan"], "mana": {"water": 2}}, {"region": ["jelly"]})
    to_battle(g)
    leviathan = card(g, "slumbering-leviathan")
    assert stats(g, leviathan) == (0, 6)
    attack(g, [leviathan])
    play(g, leviathan, how="ability:0")
    assert stats(g, leviathan) == (5, 6) and "unaware" not in attributes(g, leviathan)
    assert all(o.exhausted for o in g.state.cards_in("resources:0") if not o.props.get("face_down"))
    block(g)
    finish_battle(g)
    assert life(g, BOB) == 25 and stats(g, leviathan) == (0, 6)


@covers("slumbering-leviathan")
def test_slumbering_leviathan_without_mana_cannot_wake() -> None:
    """Activated abilities (p.41): usable "as long as they are able to pay the cost"."""
    g = game({"region": ["slumbering-leviathan"], "mana": {"water": 1}})
    to_deploy(g, ANN)
    assert keys(g) == ["pass"]
    to_next_turn(g)
    assert stats(g, card(g, "slumbering-leviathan")) == (0, 6)

