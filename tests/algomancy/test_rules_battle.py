"""Rules of battle through real games (rulebook: Battle — Attacking, Initiative, Timing, Formations, Blocking, Damage,
Attributes, p.20-25; How to win, p.6)."""

from __future__ import annotations

from algomancy_play import (
    ANN,
    BOB,
    attack,
    attack_with,
    attributes,
    battle,
    block,
    card,
    cards,
    damage,
    finish_battle,
    game,
    keys,
    life,
    pass_twice,
    pass_until,
    pass_until_window,
    play,
    player,
    region,
    resolve,
    stats,
    to_battle,
    to_haste,
    window,
    zone_of,
)


def test_front_row_of_a_column_is_filled_before_its_back_row() -> None:
    """Hold the line (p.22): "The front row of a column must be filled first before a unit can be placed in a back
    row." The first unit can only open a column; the next may go behind it; a full column takes no more."""
    g = game({"region": ["bastion-titan", "jelly", "dune-drifter"]})
    to_battle(g)
    titan, jelly, drifter = card(g, "bastion-titan"), card(g, "jelly"), card(g, "dune-drifter")
    g.choose(f"unit:{titan}")
    assert [k for k in keys(g) if k.startswith("slot:")] == ["slot:new"]
    g.choose("slot:new")
    g.choose(f"unit:{jelly}")
    assert [k for k in keys(g) if k.startswith("slot:")] == ["slot:new", "slot:0"]
    g.choose("slot:0")
    g.choose(f"unit:{drifter}")
    assert [k for k in keys(g) if k.startswith("slot:")] == ["slot:new"]
    g.choose("slot:new")
    g.choose("done")
    assert battle(g)["attack"] == [[titan, jelly], [drifter]]
    assert region(g, BOB) == ["bastion-titan", "jelly", "dune-drifter"]  # the attackers entered Bob's region


def test_the_unit_behind_moves_up_when_the_front_unit_is_removed() -> None:
    """Hold the line (p.22): "If a unit is removed from a formation, any units behind it move to the front row and
    take its place." Jelly loses its back-row bonus as it steps forward."""
    g = game({"region": ["dune-drifter", "jelly"]}, {"region": ["lithoghul"], "hand": ["flame-of-history"],
                                                    "mana": {"fire": 2}})
    to_battle(g)
    drifter, jelly = card(g, "dune-drifter"), card(g, "jelly")
    attack(g, [drifter, jelly])
    assert stats(g, jelly) == (1, 4)
    g.choose("pass")
    play(g, card(g, "flame-of-history"), drifter)
    assert battle(g)["attack"] == [[jelly]] and stats(g, jelly) == (1, 2)


def test_an_emptied_column_is_closed_before_blocks() -> None:
    """Hold the line (p.22): "If the last unit in a column is removed from a formation, the columns on its sides will
    close in to fill the gap. This only happens before blocks are declared." """
    g = game({"region": ["bastion-titan", "jelly", "dune-drifter"]},
             {"region": ["lithoghul"], "hand": ["flame-of-history"], "mana": {"fire": 2}})
    to_battle(g)
    titan, jelly, drifter = card(g, "bastion-titan"), card(g, "jelly"), card(g, "dune-drifter")
    attack(g, [titan], [jelly], [drifter])
    g.choose("pass")
    play(g, card(g, "flame-of-history"), jelly)
    assert battle(g)["attack"] == [[titan], [drifter]]


def test_columns_do_not_close_after_blocks_and_a_blocked_column_stays_blocked() -> None:
    """Hold the line (p.22): "After blocks, columns will not move to fill gaps." Blocked (p.23): "The column is
    considered blocked even if the defending unit is removed during combat!" — its damage is lost (R37)."""
    g = game({"region": ["bastion-titan", "jelly", "dune-drifter"], "hand": ["flame-of-history", "poison"],
              "mana": {"fire": 2, "wood": 2}}, {"region": ["stone-equilibrist"]})
    to_battle(g)
    titan, jelly, drifter = card(g, "bastion-titan"), card(g, "jelly"), card(g, "dune-drifter")
    monk = card(g, "stone-equilibrist")
    attack(g, [titan], [jelly], [drifter])
    block(g, {0: [monk]})
    assert battle(g)["blocked"] == [0]
    play(g, card(g, "flame-of-history"), monk)  # Ann removes the only blocker
    play(g, card(g, "poison"), jelly)  # and her own middle column empties
    assert zone_of(g, monk) == "bin:1" and zone_of(g, jelly) == "bin:0"
    assert battle(g)["attack"] == [[titan], [], [drifter]] and battle(g)["blocked"] == [0]
    finish_battle(g)
    assert life(g, BOB) == 30 - 2  # only the Drifter's open column hits Bob; the Titan's blocked column is lost


def test_the_defender_may_block_on_the_flanks_and_leave_columns_empty() -> None:
    """Blocking (p.23): "the defending formation is allowed to be assigned with empty columns. Units may even be placed
    blocking in slots where attackers aren't". A flank blocker blocks nothing: the column it is not in front of hits
    the player."""
    g = game({"region": ["dune-drifter"]}, {"region": ["jelly", "lithoghul"]})
    drifter = attack_with(g, "dune-drifter")
    pass_until(g, "block")
    g.choose(f"unit:{card(g, 'jelly')}")
    assert [k for k in keys(g) if k.startswith("slot:")] == ["slot:-1", "slot:0", "slot:1"]
    g.choose("slot:1")
    g.choose("done")
    assert battle(g)["defence"] == {"first": 1, "columns": [[card(g, "jelly")]]} and battle(g)["blocked"] == []
    finish_battle(g)
    assert life(g, BOB) == 28 and damage(g, drifter) == 0


def test_a_flying_column_can_only_be_blocked_by_a_column_with_flying() -> None:
    """Attributes (p.24): with Bloodwind Revenant in a column "both of those units have the Flying attribute and the
    entire column can not be blocked unless the blocking unit has flying." Bob's Jelly may not block it; his own
    Revenant may."""
    g = game({"region": ["bloodwind-revenant", "dune-drifter"]}, {"region": ["jelly", "bloodwind-revenant"]})
    to_battle(g)
    ann_flier, bob_flier = card(g, "bloodwind-revenant", "region:0"), card(g, "bloodwind-revenant", "region:1")
    drifter = card(g, "dune-drifter")
    attack(g, [drifter, ann_flier])
    assert "flying" in attributes(g, drifter)
    pass_until(g, "block")
    g.choose(f"unit:{card(g, 'jelly')}")
    assert "slot:0" not in keys(g)
    g.choose("back")
    g.choose(f"unit:{bob_flier}")
    assert "slot:0" in keys(g)


def test_unblocked_columns_deal_combat_damage_to_the_defending_player() -> None:
    """Damage (p.23): "Unblocked units deal combat damage to the defending player"; "Each column ... deals damage equal
    to the combined power of each unit within that column." Titan 6 + Jelly 1 and Drifter 2: Bob loses 9."""
    g = game({"region": ["bastion-titan", "jelly", "dune-drifter"]}, {"region": ["stone-equilibrist"]})
    to_battle(g)
    attack(g, [card(g, "bastion-titan"), card(g, "jelly")], [card(g, "dune-drifter")])
    block(g)
    finish_battle(g)
    assert life(g, BOB) == 21 and life(g, ANN) == 30


def test_excess_damage_goes_to_the_back_row_and_never_to_the_player() -> None:
    """Damage (p.23): "If the amount of damage received would be enough to kill the front row, any excess damage is
    dealt to the unit in the back row. Excess damage beyond the health of the back row unit does not carry over to the
    player." Bastion Titan (6) blocks Dune Drifter 2/2 + Jelly 1/4: 2 kill the Drifter, 4 kill the Jelly, none
    reaches Ann."""
    g = game({"region": ["dune-drifter", "jelly"]}, {"region": ["bastion-titan", "tidestone-golem"]})
    to_battle(g)
    drifter, jelly, titan = card(g, "dune-drifter"), card(g, "jelly"), card(g, "bastion-titan")
    attack(g, [drifter, jelly])
    block(g, {0: [titan, card(g, "tidestone-golem")]})
    finish_battle(g)
    assert zone_of(g, drifter) == "bin:0" and zone_of(g, jelly) == "bin:0"
    assert life(g, ANN) == 30 and life(g, BOB) == 30
    assert zone_of(g, titan) == "region:1"


def test_combat_damage_is_simultaneous() -> None:
    """Damage (p.23): "During the damage step all of the following damage processes happen simultaneously, unless
    modified by an ability." Two 2/2s kill each other."""
    g = game({"region": ["sparkwraith"]}, {"region": ["tiderunner-initiate"]})
    attack_with(g, "sparkwraith")
    block(g, {0: [card(g, "tiderunner-initiate")]})
    finish_battle(g)
    assert region(g, ANN) == [] and region(g, BOB) == []


def test_swift_column_strikes_first_and_a_unit_it_kills_deals_nothing() -> None:
    """Attributes (p.25): "Swift ... allows it to deal combat damage first" — its victims do not strike back (R45)."""
    g = game({"region": ["dune-drifter"]}, {"region": ["tiderunner-initiate"]})
    drifter = attack_with(g, "dune-drifter")
    block(g, {0: [card(g, "tiderunner-initiate")]})
    finish_battle(g)
    assert zone_of(g, card(g, "tiderunner-initiate")) == "bin:1" and zone_of(g, drifter) == "region:0"


def test_after_combat_window_comes_last_and_the_initiative_player_is_asked_first() -> None:
    """Phase 1 step 6 (p.20): "After Combat Step - This is the last priority window for interaction in this region
    before Regroup." Damage is already dealt when it opens."""
    g = game({"region": ["bastion-titan"], "hand": ["flame-of-history"], "mana": {"fire": 2}}, {"region": ["jelly"]})
    attack_with(g, "bastion-titan")
    block(g)
    pass_until_window(g, "battle:after_window")
    assert life(g, BOB) == 24 and g.decision.seat_index == ANN
    play(g, card(g, "flame-of-history"), card(g, "jelly"))  # battle cards still work here
    assert zone_of(g, card(g, "jelly")) == "bin:1"
    pass_twice(g)
    assert g.state.battle is None and window(g) == "deploy"  # no phase 2: regroup, then deployment


def test_the_non_initiative_player_counter_attacks_in_phase_2_in_the_initiative_region() -> None:
    """Initiative (p.20), Phase 1 step 3: "The NIT declare their blocking formations while also having the opportunity
    to send attacking units for a counter-attack"; Phase 2: "The NIT puts their attacking units into formation ...
    The IT declare their blocking formation". Ann's attacker is away; only units she kept home can block."""
    g = game({"region": ["bastion-titan", "jelly"]}, {"region": ["dune-drifter", "lithoghul"]})
    to_battle(g)
    titan, jelly, drifter = card(g, "bastion-titan"), card(g, "jelly"), card(g, "dune-drifter")
    attack(g, [titan])
    block(g, {0: [card(g, "lithoghul")]}, counter=[drifter])
    pass_until(g, "formation")
    assert battle(g)["phase"] == 2 and battle(g)["region"] == ANN and g.decision.seat_index == BOB
    assert [k for k in keys(g) if k.startswith("unit:")] == [f"unit:{drifter}"]
    assert "done" not in keys(g)  # every counter-attacker must take its place
    attack(g, [drifter])
    assert zone_of(g, drifter) == "region:0" and zone_of(g, titan) == "region:1"
    pass_until(g, "block")
    assert g.decision.seat_index == ANN
    assert [k for k in keys(g) if k.startswith("unit:")] == [f"unit:{jelly}"]
    g.choose("done")
    finish_battle(g)
    assert life(g, ANN) == 28
    assert zone_of(g, drifter) == "region:1" and zone_of(g, titan) == "region:0"  # regroup: everyone goes home


def test_the_non_initiative_player_may_counter_attack_even_without_an_attack() -> None:
    """Initiative (p.20), note: "The NIT can still declare attacks even if the IT decides not to attack." """
    g = game({"region": ["jelly"]}, {"region": ["dune-drifter"]})
    to_battle(g)
    g.choose("done")  # Ann does not attack
    assert g.decision.kind == "block" and g.decision.seat_index == BOB
    block(g, counter=[card(g, "dune-drifter")])
    pass_until(g, "formation")
    attack(g, [card(g, "dune-drifter")])
    pass_until(g, "block")
    g.choose("done")
    finish_battle(g)
    assert life(g, ANN) == 28


def test_a_unit_that_spawns_in_battle_is_outside_formation_but_may_still_block() -> None:
    """Unit tokens (p.15): "If a unit spawns during battle, it is placed outside of formation ... but still in the same
    region"; Q&A (p.42): "Can units that spawn during battle attack? Yes! ... As long as a unit is in play, it can
    attack/block." Bob's Leaping Lillik spawns in the attack step and blocks."""
    g = game({"region": ["bastion-titan"]}, {"hand": ["leaping-lillik"], "mana": {"water": 2}})
    titan = attack_with(g, "bastion-titan")
    g.choose("pass")
    play(g, card(g, "leaping-lillik"), titan)
    lillik = card(g, "leaping-lillik")
    assert zone_of(g, lillik) == "region:1" and stats(g, titan) == (4, 7)
    block(g, {0: [lillik]})
    assert battle(g)["blocked"] == [0]
    finish_battle(g)
    assert life(g, BOB) == 30 and zone_of(g, lillik) == "bin:1"


def test_players_start_at_30_life_and_a_player_at_0_loses() -> None:
    """How to win (p.6): "Each player begins with 30 life. Eliminate all of your opponents by bringing their life to
    0." """
    g = game({"region": ["bastion-titan"]}, {"life": 6})
    assert life(g, ANN) == 30
    attack_with(g, "bastion-titan")
    block(g)
    finish_battle(g)
    assert g.outcome is not None and g.outcome.winners == [ANN] and not g.outcome.draw
    assert g.state.players[BOB].eliminated


def test_both_players_at_0_at_once_is_a_draw() -> None:
    """How to win (p.6) with R68: if every remaining player is eliminated at the same moment, the game is a draw.
    Twin Flame hits both players for 2."""
    g = game({"region": ["bastion-titan"], "hand": ["twin-flame"], "mana": {"fire": 3}, "life": 2}, {"life": 2})
    attack_with(g, "bastion-titan")
    play(g, card(g, "twin-flame"), player(ANN), player(BOB))
    assert g.outcome is not None and g.outcome.draw and g.outcome.winners == []


def test_a_column_whose_attackers_all_left_deals_nothing_but_the_others_still_hit() -> None:
    """Damage (p.23): "Each column of attacking and defending units in a formation deals damage equal to the combined
    power of each unit within that column" — a column emptied after blocks deals 0."""
    g = game({"region": ["bastion-titan", "dune-drifter"], "hand": ["abyssal-evocation"], "mana": {"water": 2}},
             {"region": ["jelly"]})
    to_battle(g)
    titan, drifter = card(g, "bastion-titan"), card(g, "dune-drifter")
    attack(g, [titan], [drifter])
    block(g)
    play(g, card(g, "abyssal-evocation"), titan)  # Ann recalls her own Titan after blocks
    assert battle(g)["attack"] == [[], [drifter]]
    resolve(g)
    finish_battle(g)
    assert life(g, BOB) == 28


def test_counter_attackers_cannot_be_targeted_during_phase_1() -> None:
    """Battle, Initiative, Phase 1 step 3 (p.20): "The counter-attacking units leave the region and are treated as if
    they don't exist until phase 1 finishes."

    After Bob sends Dune Drifter to counter-attack, Ann's Flame of History cannot target it in the
    phase-1 block window."""
    g = game({"region": ["bastion-titan"], "hand": ["flame-of-history"], "mana": {"fire": 2}},
             {"region": ["dune-drifter", "jelly"]})
    attack_with(g, "bastion-titan")
    drifter = card(g, "dune-drifter")
    block(g, counter=[drifter])
    g.choose(f"play:{card(g, 'flame-of-history')}")
    assert f"target:{drifter}" not in keys(g)



def test_counter_attackers_do_not_count_for_statics_during_phase_1() -> None:
    """Battle, Initiative, Phase 1 step 3 (p.20): counter-attackers "are treated as if they don't exist until phase
    1 finishes"; Q&A (p.42): Prickly Protector "only sees the units in the region it's in".

    Bob's Prickly Protector (0/2, +1/+1 per other allied unit here) blocks; Bob's Jelly is sent to
    counter-attack, so in phase 1 the Protector counts nobody: 0/2."""
    g = game({"region": ["bastion-titan"]}, {"region": ["prickly-protector", "jelly"]})
    attack_with(g, "bastion-titan")
    protector = card(g, "prickly-protector")
    block(g, {0: [protector]}, counter=[card(g, "jelly")])
    assert stats(g, protector) == (0, 2)



def test_after_combat_happens_in_an_attacked_region_even_if_every_attacker_was_removed() -> None:
    """Battle (p.20): the steps Attack, Block, Combat and After Combat "take place uniquely inside of each region
    (with the exception of regions that did not get attacked, in which case combat and after combat will be
    skipped)"; R24: "A combat damage step happens in any region that was attacked, even if all attackers were
    removed first."

    Ann attacks Bob with a lone Jelly, which Bob kills in the attack step; Bob's region was attacked, so
    the after-combat step still comes and Bob's Smouldering Inferno ("After combat, sacrifice me") is sacrificed."""
    g = game({"region": ["jelly"]}, {"region": ["smouldering-inferno"], "hand": ["flame-of-history"],
                                     "mana": {"fire": 2}})
    attack_with(g, "jelly")
    g.choose("pass")
    play(g, card(g, "flame-of-history"), card(g, "jelly"))
    assert zone_of(g, card(g, "jelly")) == "bin:0"
    finish_battle(g)
    assert zone_of(g, card(g, "smouldering-inferno")) == "bin:1"



def test_a_counter_attack_can_bring_spell_tokens() -> None:
    """Spell tokens (p.15): "During the attack step, spell tokens can be brought into other regions through combat.
    They cannot do so on their own, however and must follow at least one other unit into battle." A counter-attack is
    an attack (Phase 2 step 1: "The NIT puts their attacking units into formation").

    Bob, counter-attacking with Dune Drifter, may bring his Fireball along into Ann's region."""
    g = game({"region": ["jelly"]}, {"region": ["dune-drifter"], "hand": ["forgefire-salvo"],
                                     "mana": {"fire": 1, "metal": 1}})
    to_haste(g, BOB)
    play(g, card(g, "forgefire-salvo"))
    fireball = cards(g, "fireball")[0]
    to_battle(g)
    g.choose("done")  # Ann does not attack
    block(g, counter=[card(g, "dune-drifter")])
    pass_until(g, "formation")
    g.choose(f"unit:{card(g, 'dune-drifter')}")
    g.choose("slot:new")
    assert f"token:{fireball}" in keys(g)
    g.choose(f"token:{fireball}")
    g.choose("done")
    assert zone_of(g, fireball) == "region:0"


def test_block_options_name_the_flanks_and_the_column_they_face() -> None:
    """Blocking (p.23): defenders are placed "in front of the formation that is attacking them", and "may even be
    placed blocking in slots where attackers aren't" — beside it, on its left or right flank (R36)."""
    g = game({"region": ["bastion-titan"]}, {"region": ["jelly"]})
    attack_with(g, "bastion-titan")
    pass_until(g, "block")
    g.choose(f"unit:{card(g, 'jelly')}")
    slots = {o.key: o.label for o in g.decision.options if o.key.startswith("slot:")}
    assert slots == {"slot:-1": "Left flank, front row: blocks nothing",
                     "slot:0": "Column 1, front row: blocks Bastion Titan",
                     "slot:1": "Right flank, front row: blocks nothing"}


def test_the_log_names_the_units_of_a_column_that_deals_combat_damage() -> None:
    """Damage (p.23): "Each column of attacking and defending units in a formation deals damage equal to the combined
    power of each unit within that column" — the rulebook's own words: "The column of Living Forge and A Pile of
    Rubbish deal a combined 3 damage". The log names the column's units, also when they hit the player."""
    g = game({"region": ["bastion-titan", "jelly", "dune-drifter"]}, {"region": ["lithoghul"]})
    to_battle(g)
    titan, jelly, drifter = card(g, "bastion-titan"), card(g, "jelly"), card(g, "dune-drifter")
    attack(g, [titan, jelly], [drifter])
    block(g, {1: [card(g, "lithoghul")]})
    finish_battle(g)
    lines = g.log()
    assert "Bastion Titan and Jelly deal 7 damage to Bob" in lines
    assert "Lithoghul deals 3 damage to Dune Drifter" in lines
    assert not [line for line in lines if line.startswith("Combat deals")]
