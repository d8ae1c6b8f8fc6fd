"""The rulebook's worked examples played end to end through real games, with the book's exact numbers."""

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
    damage,
    finish_battle,
    game,
    keys,
    life,
    pass_twice,
    pass_until,
    pass_until_window,
    play,
    region,
    resolve,
    stack_results,
    stats,
    to_battle,
    to_deploy,
    to_next_turn,
    zone_of,
)


def test_the_stack_walk_through_flame_boon_arc_lightning_null_drone() -> None:
    """The Stack, First in last out (p.28-29), steps 1-7: A plays Flame of History; B responds with Boon of
    Protection; A responds with Arc Lightning; both pass and Arc Lightning resolves first; A plays Null Drone on the
    active stack targeting Boon; it resolves, negating Boon; finally Flame of History resolves.

    Numbers: Bob's Tidestone Golem (3/7) blocks with Lithoghul behind it. Arc Lightning: 2 to the Golem, 1 to the
    adjacent Lithoghul (reduced to 0 by its own ability). Boon is negated, so Flame's 3 land: the Golem ends with
    5 damage on 7 defense."""
    g = game({"region": ["bastion-titan"], "hand": ["flame-of-history", "arc-lightning", "null-drone"],
              "mana": {"fire": 2, "metal": 5}},
             {"region": ["tidestone-golem", "jelly"], "hand": ["boon-of-protection"], "mana": {"earth": 2}})
    attack_with(g, "bastion-titan")
    golem, jelly = card(g, "tidestone-golem"), card(g, "jelly")
    block(g, {0: [golem, jelly]})
    # 1. Player A plays Flame of History; Player B has a chance to respond.
    play(g, card(g, "flame-of-history"), golem, respond=True)
    g.choose("pass")
    # 2. Player B responds with Boon of Protection, on top of the stack.
    play(g, card(g, "boon-of-protection"), golem, respond=True)
    g.choose("pass")
    # 3. Player A responds with Arc Lightning.
    play(g, card(g, "arc-lightning"), golem, respond=True)
    assert chain(g) == ["Flame of History", "Boon of Protection", "Arc Lightning"]
    # 4. Both pass: Arc Lightning resolves first.
    pass_twice(g)
    assert chain(g) == ["Flame of History", "Boon of Protection"]
    assert damage(g, golem) == 2 and damage(g, jelly) == 1
    # 5. New spells can be added to an active stack: Null Drone targeting Boon of Protection.
    boon = g.state.chain[-1].id
    play(g, card(g, "null-drone"), boon, respond=True)
    # 6. Both pass: Null Drone resolves, negating Boon.
    pass_twice(g)
    assert chain(g) == ["Flame of History"] and zone_of(g, card(g, "boon-of-protection")) == "bin:1"
    assert zone_of(g, card(g, "null-drone")) == "region:1"
    # 7. Both pass: Flame of History resolves.
    pass_twice(g)
    assert chain(g) == [] and damage(g, golem) == 5 and zone_of(g, golem) == "region:1"
    assert [label for label, _ in stack_results(g)] == ["Arc Lightning", "Boon of Protection", "Null Drone",
                                                         "Flame of History"]
    assert stack_results(g)[1] == ("Boon of Protection", "removed")


def test_the_damage_example_played_through_a_battle() -> None:
    """Damage (p.23): Living Forge + A Pile of Rubbish "deal a combined 3 damage to the Tiderunner Initiate blocking
    them. It deals 2 damage back, which is all dealt to Living Forge"; "The two unblocked columns each deal 2 damage to
    the defending player"; Recyclable Sentinel + Jelly "deal a combined 3 damage to Mirage Walker, and it deals 2
    damage back. 1 damage is dealt to the Sentinel in the front. The excess 1 damage is carried to Jelly in the back."
    (The two unblocked columns are Sparkwraiths, 2/2.)"""
    g = game({"region": ["living-forge", "a-pile-of-rubbish", "sparkwraith", "sparkwraith", "recyclable-sentinel",
                         "jelly"]},
             {"region": ["tiderunner-initiate", "mirage-walker"]})
    to_battle(g)
    forge, rubbish, sentinel, jelly = (card(g, c) for c in ("living-forge", "a-pile-of-rubbish",
                                                            "recyclable-sentinel", "jelly"))
    left, right = cards(g, "sparkwraith")
    initiate, walker = card(g, "tiderunner-initiate"), card(g, "mirage-walker")
    attack(g, [forge, rubbish], [left], [right], [sentinel, jelly])
    assert stats(g, jelly) == (1, 4)
    block(g, {0: [initiate], 3: [walker]})
    pass_until_window(g, "battle:after_window")
    assert damage(g, forge) == 2 and zone_of(g, forge) == "region:1" and damage(g, rubbish) == 0
    assert life(g, BOB) == 30 - 2 - 2
    assert zone_of(g, initiate) == "bin:1" and zone_of(g, walker) == "bin:1"
    assert zone_of(g, sentinel) == "bin:0" and damage(g, jelly) == 1 and zone_of(g, jelly) == "region:1"
    resolve(g)  # the Sentinel's "when I die" graft
    assert len(cards(g, "a-pile-of-rubbish", "region:1")) == 2
    # the log, as the players read it: the attack and the blocks where they were declared, before the damage
    log = g.log()
    attack_line = log.index("Ann attacks with Living Forge, A Pile of Rubbish, Sparkwraith, Sparkwraith, "
                            "Recyclable Sentinel, Jelly (region of Bob)")
    block_line = log.index("Bob blocks Living Forge and A Pile of Rubbish with Tiderunner Initiate; "
                           "blocks Recyclable Sentinel and Jelly with Mirage Walker")
    damage_lines = [i for i, line in enumerate(log) if " damage to " in line]
    assert attack_line < block_line < min(damage_lines)
    assert log[-1] == "Ann creates A Pile of Rubbish (region of Bob)"


def test_the_flying_example_removing_bloodwind_revenant_lets_a_non_flier_block() -> None:
    """Attributes (p.24), #1 and #2: Bloodwind Revenant shares Flying with its column, so it "can not be blocked
    unless the blocking unit has flying"; "THE DEFENDING PLAYER REMOVES BLOODWIND REVENANT IN ORDER TO BLOCK THE
    COLUMN WITH A NON-FLYING UNIT." """
    g = game({"region": ["bloodwind-revenant", "sparkwraith"]},
             {"region": ["tiderunner-initiate", "jelly"], "hand": ["flame-of-history"], "mana": {"fire": 2}})
    to_battle(g)
    revenant, wraith, jelly = card(g, "bloodwind-revenant"), card(g, "sparkwraith"), card(g, "jelly")
    attack(g, [revenant, wraith])
    assert "flying" in attributes(g, wraith)
    g.choose("pass")
    play(g, card(g, "flame-of-history"), revenant)  # #1: the defending player kills Bloodwind Revenant
    assert zone_of(g, revenant) == "bin:0" and "flying" not in attributes(g, wraith)
    pass_until(g, "block")
    g.choose(f"unit:{jelly}")
    assert "slot:0" in keys(g)  # #2: the defending player blocks the column with a non-flying unit
    g.choose("slot:0")
    g.choose("done")
    finish_battle(g)
    assert life(g, BOB) == 30 and zone_of(g, jelly) == "bin:1"


def test_attribute_combo_malformed_monstrosity_inverted_by_reality_bender_is_17_16() -> None:
    """Attribute combos (p.25): "Malformed Monstrosity would gain the 'Inverted' attribute, which reverses its stat
    changes. It's -7/-7 ability now becomes +7/+7 turning it into a 17/16." It hits for 17 + 1."""
    g = game({"region": ["malformed-monstrosity", "reality-bender"]})
    monstrosity, bender = card(g, "malformed-monstrosity"), card(g, "reality-bender")
    assert stats(g, monstrosity) == (3, 2)
    to_battle(g)
    attack(g, [monstrosity, bender])
    assert stats(g, monstrosity) == (17, 16)
    block(g)
    finish_battle(g)
    assert life(g, BOB) == 30 - 17 - 1 and stats(g, monstrosity) == (3, 2)


def test_attribute_combo_swift_and_deadly_kill_before_the_blocker_fights_back() -> None:
    """Attribute combos (p.25): "Dune Drifter has the 'Swift' attribute ... Paired with Tidepool Terror, who has the
    'Deadly' attribute, they can instantly kill anything before it has a chance to fight back." Tidestone Golem (3/7)
    takes 3 and dies; the attackers take nothing."""
    g = game({"region": ["tidepool-terror", "dune-drifter"]}, {"region": ["tidestone-golem"]})
    to_battle(g)
    terror, drifter, golem = card(g, "tidepool-terror"), card(g, "dune-drifter"), card(g, "tidestone-golem")
    attack(g, [terror, drifter])
    block(g, {0: [golem]})
    finish_battle(g)
    assert zone_of(g, golem) == "bin:1"
    assert zone_of(g, terror) == "region:0" and zone_of(g, drifter) == "region:0"


def test_the_region_example_maw_of_damnation_and_sparkwraith_at_home() -> None:
    """Everything is region limited (p.21): "player 4 plays Maw of Damnation. Player 4 controls Sparkwraith in their
    own region ... Sparkwraith does not trigger from casting of Maw of Damnation, and it is not able to be sacrificed
    either." """
    g = game({"region": ["sparkwraith", "bastion-titan", "jelly"], "hand": ["maw-of-damnation"], "mana": {"fire": 5}},
             {"region": ["lithoghul", "dune-drifter"]})
    to_battle(g)
    attack(g, [card(g, "bastion-titan")], [card(g, "jelly")])
    play(g, card(g, "maw-of-damnation"))
    assert life(g, BOB) == 30  # no Sparkwraith trigger
    assert region(g, ANN) == ["sparkwraith"] and region(g, BOB) == []
    assert sorted(z for z in (zone_of(g, card(g, "lithoghul")), zone_of(g, card(g, "dune-drifter")))) == ["bin:1",
                                                                                                          "bin:1"]


def test_overbloom_in_deployment_lasts_until_the_next_battle_regroup() -> None:
    """Regroup (p.26): "Overbloom can be played during the deployment phase and the bonus will last until the end of
    the following battle when regroup happens." Prickly Protector-free setup: two 2/2 Sparkwraiths become 3/3, hit
    Bob for 6 next turn, and are 2/2 again after that battle."""
    g = game({"region": ["sparkwraith", "sparkwraith"], "hand": ["overbloom"], "mana": {"wood": 3}})
    first, second = cards(g, "sparkwraith")
    to_deploy(g, ANN)
    play(g, card(g, "overbloom"))
    to_next_turn(g)
    to_battle(g)
    g.choose("done")  # Bob has the initiative on turn 2 and does not attack
    block(g, counter=[first, second])
    pass_until(g, "formation")
    attack(g, [first], [second])
    assert stats(g, first) == (3, 3)
    block(g)
    finish_battle(g)
    assert life(g, BOB) == 24 and stats(g, first) == (2, 2) and stats(g, second) == (2, 2)


def test_qa_prickly_protector_counts_only_its_own_region() -> None:
    """Q&A Regions (p.42): "Does Prickly Protector count my total units in all regions to determine its stats? No, it
    only sees the units in the region it's in." """
    g = game({"region": ["prickly-protector", "jelly", "dune-drifter", "sparkwraith"]})
    protector = card(g, "prickly-protector")
    assert stats(g, protector) == (3, 5)
    to_battle(g)
    attack(g, [protector])
    assert stats(g, protector) == (0, 2)


def test_qa_tough_applies_after_counters() -> None:
    """Q&A Units (p.42): "the impact of -1/-1 counters take place before the defense is doubled". Poison on Rampart
    Guardian (1/3, Tough): 1/3 with two −1/−1 counters is −1/1, doubled to −1/2."""
    g = game({"region": ["rampart-guardian"]}, {"hand": ["poison"], "mana": {"wood": 2}})
    to_battle(g)
    guardian = card(g, "rampart-guardian")
    assert stats(g, guardian) == (1, 6)
    attack(g, [guardian])
    g.choose("pass")
    play(g, card(g, "poison"), guardian)
    assert stats(g, guardian) == (-1, 2) and zone_of(g, guardian) == "region:1"


def test_qa_negative_power_deals_no_damage() -> None:
    """Q&A Units (p.42): "What happens when a unit has negative power? It deals 0 damage." Leaping Lillik's −2/−0
    turns the attacking Jelly (1/2) into −1/2; alongside Dune Drifter's column of 2, Bob loses only 2."""
    g = game({"region": ["jelly", "dune-drifter"]}, {"hand": ["leaping-lillik"], "mana": {"water": 2}})
    to_battle(g)
    jelly = card(g, "jelly")
    attack(g, [jelly], [card(g, "dune-drifter")])
    g.choose("pass")
    play(g, card(g, "leaping-lillik"), jelly)
    assert stats(g, jelly) == (-1, 2)
    block(g)
    finish_battle(g)
    assert life(g, BOB) == 28


def test_qa_swift_and_sluggish_column_deals_combat_damage_twice() -> None:
    """Q&A Misc (p.42): "How does a unit with Swift and Sluggish work? It deals combat damage twice, going first and
    last". Dune Drifter (Swift) in front of Bastion Titan (Sluggish), unblocked: 8 first and 8 last, Bob loses 16."""
    g = game({"region": ["dune-drifter", "bastion-titan"]}, {"region": ["jelly"]})
    to_battle(g)
    attack(g, [card(g, "dune-drifter"), card(g, "bastion-titan")])
    block(g)
    finish_battle(g)
    assert life(g, BOB) == 14
    hits = [line for line in g.log() if line.endswith("damage to Bob")]
    assert hits == ["Dune Drifter and Bastion Titan deal 8 damage to Bob"] * 2


def test_qa_spell_unit_spawned_from_the_bin_does_not_do_its_spell_effect() -> None:
    """Q&A Interaction (p.42): "If a spell unit spawns but was not played (e.g. if it was resurrected), does its spell
    effect happen? No, spell effects only happen when the card is played." """
    g = game({"region": ["bastion-titan"], "hand": ["rift-regrowth"], "bin": ["null-drone"], "mana": {"wood": 3}})
    to_deploy(g, ANN)
    play(g, card(g, "rift-regrowth"), card(g, "null-drone"))
    assert region(g, ANN) == ["bastion-titan", "null-drone"] and g.state.chain == []


def test_qa_tokens_with_x_fixed_by_their_creator() -> None:
    """Tokens (p.15): "Tokens with an X: X is determined by the card that created them." Oracle makes a Fireball 1,
    Cinder Pact a Fireball 3, Cinderstone Brute a Fireball 2 — each deals its own X."""
    g = game({"region": ["oracle-of-the-flame", "sparkwraith"], "hand": ["cinder-pact"], "mana": {"fire": 1}},
             {"region": ["bastion-titan"]})
    to_deploy(g, ANN)
    play(g, card(g, "cinder-pact"), sacrifice=card(g, "sparkwraith"))
    play(g, card(g, "oracle-of-the-flame"), sacrifice=card(g, "oracle-of-the-flame"), how="graft")
    three, one = cards(g, "fireball")
    assert [g.state.objects[f].props["x"] for f in (three, one)] == [3, 1]
    assert [g.ruleset.card_name(g.state, g.state.objects[f]) for f in (three, one)] == ["Fireball 3", "Fireball 1"]
