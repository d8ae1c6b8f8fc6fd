"""Magic, events, enchantments and cities: each one's structured abilities exercised."""

from __future__ import annotations

from arc_play import ANN, BOB, RULES, cast, choose, covers, defense, finish, game, keys, obj, pass_all, stats

from cardgames.games.arcmage import board
from cardgames.games.arcmage import table as t


def _devote(g, city: str, *residents: str) -> None:  # type: ignore[no-untyped-def]
    choose(g, f"city:{obj(g, city)}", *[f"devote:{obj(g, r, zone='res')}" for r in residents], "done")
    finish(g)


def test_deadly_shock_dimensional_pocket_modes() -> None:
    g = game({"hand": ["deadly-shock", "dimensional-pocket"], "resources": {"red-banner": 2, "empire": 3}})
    cast(g, "deadly-shock", f"target:{obj(g, 'warren')}")  # no creature: only the city mode
    cast(g, "dimensional-pocket", f"target:{obj(g, 'warren')}")
    assert defense(g, obj(g, "warren")) == 3
    covers("deadly-shock", "dimensional-pocket")


def test_abduction_marks_and_relocates_to_its_owners_city() -> None:
    g = game({"hand": ["abduction"], "resources": {"dark-legion": 3}}, {"army": ["ghoul"]})
    g.choose(f"play:{obj(g, 'abduction')}")
    choose(g, f"target:{obj(g, 'ghoul')}")
    pass_all(g)
    assert g.decision.kind == "relocate" and keys(g) == [f"to:res:{obj(g, 'warren')}"]
    g.choose(keys(g)[0])
    o = g.state.objects[obj(g, "ghoul")]
    assert o.exhausted and o.zone == t.residents_zone(obj(g, "warren"))
    covers("abduction")


def test_fearless_assault_every_creature_deadly() -> None:
    g = game({"hand": ["fearless-assault"], "army": ["misled-orc"], "resources": {"dark-legion": 3}},
             {"army": ["majestic-griffin"]})
    cast(g, "fearless-assault")
    assert "deadly" in board.keywords(RULES, g.state, g.state.objects[obj(g, "misled-orc")])
    g2 = game({"hand": ["fearless-assault"], "army": ["misled-orc", "wolf-rider"], "resources": {"dark-legion": 3}},
              {"army": ["ghoul", "majestic-griffin"]})  # the Ghoul is Undead: it ignores Deadly
    cast(g2, "fearless-assault")
    pass_all(g2)
    orc, rider, ghoul, griffin = (obj(g2, c) for c in ("misled-orc", "wolf-rider", "ghoul", "majestic-griffin"))
    choose(g2, f"city:{obj(g2, 'warren')}", f"attacker:{orc}", f"attacker:{rider}", "done")
    pass_all(g2)
    choose(g2, f"block:{ghoul}:{orc}", f"block:{griffin}:{rider}", "done")
    pass_all(g2)
    while g2.decision.kind == "target":  # Misled Orc's last shot: at the city
        g2.choose(f"target:{obj(g2, 'warren')}")
        pass_all(g2)
    assert g2.state.objects[griffin].zone == t.grave(BOB)  # 2 Deadly damage on a 4/4
    assert g2.state.objects[ghoul].zone == t.army(BOB)  # 1 damage, Deadly ignored
    covers("fearless-assault")


def test_crumbling_defenses_sacrifice_dark_legion_army_tolls() -> None:
    g = game({"hand": ["crumbling-defenses"], "army": ["ghoul", "wight"], "resources": {"dark-legion": 4}},
             {"hand": ["kolibri", "kolibri", "kolibri"]})
    cast(g, "crumbling-defenses", f"target:{-(BOB + 1)}")
    assert g.state.objects[obj(g, "ghoul")].zone == t.gone(ANN)
    covers("spirit-tree")
    assert len(g.state.zones[t.hand(BOB)].cards) == 1  # two tolls, both discards
    covers("crumbling-defenses")


def test_jevyans_advice_sacrifice_a_city_then_destroy_all_creatures_and_enchantments() -> None:
    g = game({"hand": ["jevyans-advice"], "army": ["ghoul"], "resources": {"dark-legion": 4},
              "cities": {"farmland": [], "sanctuary": []}}, {"army": ["misled-orc"]})
    cast(g, "jevyans-advice", f"city:{obj(g, 'sanctuary')}")
    assert g.state.objects[obj(g, "sanctuary")].zone == t.gone(ANN)
    assert not t.all_creatures(g.state)
    covers("jevyans-advice")


def test_out_of_nowhere_tutors_a_dark_legion_card() -> None:
    g = game({"hand": ["out-of-nowhere"], "resources": {"dark-legion": 2}, "deck": ["ghoul", "kolibri"]})
    g.choose(f"play:{obj(g, 'out-of-nowhere')}")
    pass_all(g)
    assert g.decision.kind == "tutor" and f"take:{obj(g, 'kolibri')}" not in keys(g)
    g.choose(f"take:{obj(g, 'ghoul')}")
    assert g.state.objects[obj(g, "ghoul")].zone == t.hand(ANN)
    covers("out-of-nowhere")


def test_rotten_deal_two_tolls() -> None:
    g = game({"hand": ["rotten-deal"], "resources": {"dark-legion": 3}}, {"hand": ["kolibri"],
                                                                          "resources": {"gaian": 2}})
    g.choose(f"play:{obj(g, 'rotten-deal')}")
    g.choose(f"target:{-(BOB + 1)}")
    pass_all(g)
    choose(g, "sac:gaian:unmarked", f"discard:{obj(g, 'kolibri')}")
    assert len(g.state.zones[t.vault(BOB)].cards) == 1 and not g.state.zones[t.hand(BOB)].cards
    covers("rotten-deal")


def test_battering_ram_and_early_spring_buffs_until_end_of_turn() -> None:
    g = game({"hand": ["battering-ram", "early-spring"], "army": ["bearer", "sequoia-saplings"],
              "resources": {"empire": 3, "gaian": 4}})
    cast(g, "battering-ram")
    assert stats(g, obj(g, "bearer")) == (3, 1) and "overrun" in board.keywords(RULES, g.state,
                                                                                 g.state.objects[obj(g, "bearer")])
    cast(g, "early-spring")
    assert stats(g, obj(g, "sequoia-saplings")) == (2, 3)
    assert defense(g, obj(g, "farmland")) == 9
    covers("battering-ram", "early-spring")


def test_natures_outrage_peaceful_trees_and_flowers_may_attack() -> None:
    g = game({"hand": ["natures-outrage"], "army": ["poison-ivy"], "resources": {"gaian": 6}})
    cast(g, "natures-outrage")
    pass_all(g)
    g.choose(f"city:{obj(g, 'warren')}")
    assert f"attacker:{obj(g, 'poison-ivy')}" in keys(g)
    covers("natures-outrage")


def test_assemble_the_army_soldiers_to_the_army_unmarked() -> None:
    g = game({"hand": ["assemble-the-army"], "resources": {"empire": 4},
              "cities": {"farmland": ["bearer", "spearman!", "kolibri"]}})
    cast(g, "assemble-the-army")
    assert [o.card for o in g.state.cards_in(t.army(ANN))] == ["bearer"]
    covers("assemble-the-army")


def test_erode_destroys_an_enchantment_touch_of_genius_whirlwind_carpe_diem() -> None:
    g = game({"hand": ["erode", "touch-of-genius", "carpe-diem"], "resources": {"house-of-nobles": 7}},
             {"army": ["ghoul"]})
    ghoul = obj(g, "ghoul")
    cast(g, "carpe-diem", f"target:{ghoul}", "x:0")
    assert g.state.objects[ghoul].exhausted
    hand = len(g.state.zones[t.hand(BOB)].cards)
    cast(g, "touch-of-genius", "mode:0", f"target:{-(BOB + 1)}")
    assert len(g.state.zones[t.hand(BOB)].cards) == hand + 3
    covers("touch-of-genius", "carpe-diem", "whirlwind", "erode")


def test_touch_of_genius_cant_draw_this_turn() -> None:
    g = game({"hand": ["touch-of-genius", "benevolent-baron"], "resources": {"house-of-nobles": 6}})
    cast(g, "touch-of-genius", "mode:1", f"target:{-(BOB + 1)}")
    cast(g, "benevolent-baron", f"place:{obj(g, 'farmland')}")
    assert len(g.state.zones[t.hand(BOB)].cards) == 0 and len(g.state.zones[t.hand(ANN)].cards) == 1


def test_enchantments_on_creatures() -> None:
    """Entangled stays marked (test_rules_turn); Fear of the Dark (test_rules_stack); Binding Contract: when
    it is marked, every other creature sharing its place is marked too."""
    g = game({"hand": ["binding-contract", "blindfolded", "dark-portal"], "army": ["ghoul", "wight", "kolibri"],
              "resources": {"house-of-nobles": 7, "dark-legion": 7}})
    ghoul = obj(g, "ghoul")
    cast(g, "binding-contract", f"place:{ghoul}")
    cast(g, "blindfolded", f"place:{ghoul}")
    cast(g, "dark-portal")
    assert g.state.objects[obj(g, "dark-portal")].zone == t.ench(ANN)
    choose(g, f"move:{ghoul}", f"to:res:{obj(g, 'farmland')}")
    assert g.state.objects[obj(g, "wight")].exhausted and g.state.objects[obj(g, "kolibri")].exhausted
    covers("binding-contract", "blindfolded", "dark-portal", "entangled", "fear-of-the-dark")


def test_raise_the_undead_takes_a_creature_from_any_graveyard_as_undead() -> None:
    g = game({"hand": ["raise-the-undead"], "resources": {"dark-legion": 2}}, {"grave": ["majestic-griffin"]})
    g.choose(f"play:{obj(g, 'raise-the-undead')}")
    pass_all(g)
    g.choose(f"raise:{obj(g, 'majestic-griffin')}")
    o = g.state.objects[obj(g, "majestic-griffin")]
    assert o.zone == t.army(ANN) and o.controller == ANN and "Undead" in board.creature_types(RULES, g.state, o)
    covers("raise-the-undead")


def test_besieged_city_no_moves_while_the_besiegers_army_is_larger() -> None:
    g = game({"hand": ["besieged-city"], "army": ["ghoul", "wight"], "resources": {"red-banner": 5}},
             {"cities": {"warren": ["misled-orc"]}})
    cast(g, "besieged-city", f"place:{obj(g, 'warren')}")
    from cardgames.games.arcmage import legal_play
    assert legal_play.destinations(RULES, g.state, g.state.objects[obj(g, "misled-orc")]) == []
    covers("besieged-city")


def test_seat_of_the_throne_plus_three_other_cities_destroyed_one_loss_a_turn() -> None:
    g = game({"hand": ["seat-of-the-throne", "deadly-shock"], "resources": {"empire": 5, "red-banner": 4},
              "cities": {"armory": [], "barracks": []}}, {"army": ["ghoul"]})
    cast(g, "seat-of-the-throne", f"place:{obj(g, 'armory')}")
    assert g.state.objects[obj(g, "barracks")].zone == t.grave(ANN)
    assert defense(g, obj(g, "armory")) == 10
    g.choose(f"play:{obj(g, 'deadly-shock')}")
    choose(g, "mode:1", f"target:{obj(g, 'armory')}")
    finish(g)
    assert defense(g, obj(g, "armory")) == 9  # 2 damage, at most 1 a turn
    covers("seat-of-the-throne")


def test_outmaneuvered_the_army_may_not_defend_that_city() -> None:
    g = game({"army": ["ghoul"], "hand": ["outmaneuvered"], "resources": {"red-banner": 4}},
             {"army": ["misled-orc"], "cities": {"warren": ["wolf-rider"]}})
    cast(g, "outmaneuvered", f"target:{obj(g, 'warren')}")
    pass_all(g)
    choose(g, f"city:{obj(g, 'warren')}", f"attacker:{obj(g, 'ghoul')}", "done")
    pass_all(g)
    assert [k.split(":")[1] for k in keys(g) if k.startswith("block:")] == [str(obj(g, "wolf-rider"))]
    covers("outmaneuvered")


def test_cities_levels() -> None:
    """Farmland L2 Crop Token, L4 Flowers/Trees +1/+3; Sanctuary L3 residents have Sanctuary."""
    g = game({"cities": {"farmland": ["nightingale", "botanist"]}}, step="tactics")
    _devote(g, "farmland", "nightingale", "botanist")  # 3 + 1 = 4
    crop = obj(g, "crop-token")
    assert stats(g, crop) == (1, 4)
    g = game({"cities": {"sanctuary": ["nightingale"]}}, step="tactics")
    _devote(g, "sanctuary", "nightingale")
    assert "sanctuary" in board.keywords(RULES, g.state, g.state.objects[obj(g, "nightingale")])
    covers("farmland", "sanctuary", "warren", "second-sons-army-camp")


def test_sanctuary_residents_cant_be_targeted_by_opponents() -> None:
    """Sanctuary L3 (perm): its residents have Sanctuary: an opponent's Deadly Shock can't target them."""
    g = game({"cities": {"sanctuary": ["nightingale", "botanist"]}},
             {"hand": ["deadly-shock"], "resources": {"red-banner": 2}}, step="tactics")
    _devote(g, "sanctuary", "nightingale")
    g.choose("pass")  # Ann ends her Play phase; Bob may play an event
    g.choose(f"play:{obj(g, 'deadly-shock')}")
    # Both residents have Sanctuary (even the one that did not devote): only the city mode is left.
    assert g.decision.kind == "target"
    assert set(keys(g)) == {f"target:{obj(g, 'sanctuary')}", f"target:{obj(g, 'warren')}"}


def test_spirit_tree_l3_raises_a_creature_card_into_the_army() -> None:
    g = game({"cities": {"spirit-tree": ["nightingale"]}, "grave": ["ghoul"]}, step="tactics")
    choose(g, f"city:{obj(g, 'spirit-tree')}", f"devote:{obj(g, 'nightingale')}", "done")
    pass_all(g)
    while g.decision.kind == "target":
        g.choose(g.decision.options[0])
    g.choose(f"raise:{obj(g, 'ghoul')}")
    assert g.state.objects[obj(g, "ghoul")].zone == t.army(ANN)
    covers("spirit-tree")


def test_lobotomized_library_l3_each_discards_two_l5_draw() -> None:
    g = game({"cities": {"lobotomized-library": ["orc-recruiter", "orc-drummer"]}, "hand": ["kolibri"] * 3},
             {"hand": ["kolibri"] * 2}, step="tactics")
    _devote(g, "lobotomized-library", "orc-recruiter", "orc-drummer")
    assert len(g.state.zones[t.hand(BOB)].cards) == 0
    assert len(g.state.zones[t.hand(ANN)].cards) == 2  # 3 - 2 + 1
    covers("lobotomized-library")


def test_nirvana_undead_deadly_and_shadows_twilight_indestructible() -> None:
    g = game({"cities": {"nirvana-of-the-undead": ["orc-recruiter"], "shadows-twilight": ["orc-recruiter",
                                                                                          "orc-drummer"]},
              "army": ["ghoul", "gigantic-spider"]}, step="tactics")
    _devote(g, "nirvana-of-the-undead", "orc-recruiter")
    choose(g, f"city:{obj(g, 'shadows-twilight')}", f"devote:{obj(g, 'orc-recruiter', nth=1)}",
           f"devote:{obj(g, 'orc-drummer')}", "done")
    finish(g)
    assert "deadly" in board.keywords(RULES, g.state, g.state.objects[obj(g, "ghoul")])
    assert "indestructible" in board.keywords(RULES, g.state, g.state.objects[obj(g, "gigantic-spider")])
    covers("nirvana-of-the-undead", "shadows-twilight")


def test_armory_barracks_borgs_keep() -> None:
    g = game({"cities": {"armory": ["mounted-eagle", "bearer"]}, "army": ["spearman"]}, step="tactics")
    _devote(g, "armory", "mounted-eagle", "bearer")  # 3 + 1
    sp = g.state.objects[obj(g, "spearman")]
    assert stats(g, sp.id) == (2, 2) and "first_strike" in board.keywords(RULES, g.state, sp)
    g = game({"cities": {"barracks": ["mounted-eagle", "mentor"]}, "hand": ["bearer"]}, step="tactics")
    _devote(g, "barracks", "mounted-eagle", "mentor")  # 5: L5 drops a Soldier into the army
    if g.decision.kind == "drop":
        g.choose(f"take:{obj(g, 'bearer')}")
    assert g.state.objects[obj(g, "bearer")].zone == t.army(ANN)
    g = game({"cities": {"borgs-keep": ["mounted-eagle"]}, "resources": {"empire": 3}}, step="tactics")
    _devote(g, "borgs-keep", "mounted-eagle")
    assert len(g.state.zones[t.vault(ANN)].cards) == 2  # L1: one resource per creature
    assert g.state.globals.get("extra_attack") == g.state.turn  # L3
    covers("armory", "barracks", "borgs-keep")


def test_qualaris_two_bridges_tunnel_network() -> None:
    g = game({"cities": {"two-bridges": ["mounted-eagle", "merchant-ship", "orc-recruiter"]}}, step="tactics")
    decks = len(g.state.zones[t.deck(BOB)].cards), len(g.state.zones[t.deck(ANN)].cards)
    _devote(g, "two-bridges", "mounted-eagle", "merchant-ship", "orc-recruiter")  # 8: L2, L4, L6
    assert len(g.state.zones[t.deck(ANN)].cards) < decks[1]
    g = game({"cities": {"tunnel-network": ["orc-recruiter", "orc-drummer"]}}, step="tactics")
    _devote(g, "tunnel-network", "orc-recruiter", "orc-drummer")
    assert g.state.players[ANN].counters["pool:red-banner"] == 2
    g = game({"cities": {"qualaris": ["orc-recruiter", "orc-drummer"]}}, {"army": ["ghoul"]}, step="tactics")
    choose(g, f"city:{obj(g, 'qualaris')}", f"devote:{obj(g, 'orc-recruiter')}", f"devote:{obj(g, 'orc-drummer')}",
           "done")
    pass_all(g)
    g.choose(f"target:{obj(g, 'ghoul')}")
    finish(g)
    assert g.state.objects[obj(g, "ghoul")].zone == t.residents_zone(obj(g, "warren"))
    covers("qualaris", "two-bridges", "tunnel-network")


def test_tunnel_network_l7_and_falconer_give_sudden_to_cards_in_hand() -> None:
    g = game({"cities": {"tunnel-network": ["orc-recruiter", "orc-warleader", "orc-drummer"]},
              "hand": ["misled-orc"], "resources": {"red-banner": 1}}, step="tactics")
    _devote(g, "tunnel-network", "orc-recruiter", "orc-warleader", "orc-drummer")  # 3 + 3 + 2 = 8
    g.choose(f"play:{obj(g, 'misled-orc', zone='hand')}")
    assert f"place:{-(ANN + 1)}" in keys(g)  # Sudden: straight into the army
    g = game({"army": ["falconer"], "hand": ["kolibri", "botanist"], "resources": {"gaian": 3}})
    g.choose(f"play:{obj(g, 'kolibri')}")
    assert f"place:{-(ANN + 1)}" in keys(g)
    g = game({"army": ["falconer"], "hand": ["botanist"], "resources": {"gaian": 3}})
    g.choose(f"play:{obj(g, 'botanist')}")
    assert keys(g) == [f"place:{obj(g, 'farmland')}"]  # not a Bird
    covers("tunnel-network", "falconer")


def test_nightingale_keeps_its_target_marked_through_the_next_unmark() -> None:
    g = game({"cities": {"farmland": ["nightingale"]}, "army": ["ghoul"]}, step="tactics")
    choose(g, f"city:{obj(g, 'farmland')}", f"devote:{obj(g, 'nightingale')}", "done")
    pass_all(g)
    g.choose(f"target:{obj(g, 'ghoul')}")  # her own Ghoul, for the test
    while not (g.decision.kind == "turn" and g.decision.seat_index == ANN):
        g.choose("noattack" if "noattack" in keys(g) else "draw:2" if g.decision.kind == "turn" else
                 "pass" if "pass" in keys(g) else g.decision.options[0].key)
    g.choose("draw:2")
    assert g.state.objects[obj(g, "ghoul")].exhausted  # held through this Unmark
    assert not g.state.objects[obj(g, "nightingale")].exhausted
    covers("nightingale")


def test_spirit_tree_l3_creature_leaves_at_the_beginning_of_the_next_turn() -> None:
    g = game({"cities": {"spirit-tree": ["nightingale"]}, "grave": ["ghoul"]}, step="tactics")
    choose(g, f"city:{obj(g, 'spirit-tree')}", f"devote:{obj(g, 'nightingale')}", "done")
    pass_all(g)
    while g.decision.kind == "target":
        g.choose(g.decision.options[0])
    g.choose(f"raise:{obj(g, 'ghoul')}")
    while not (g.decision.kind == "turn" and g.decision.seat_index == ANN):
        g.choose("noattack" if "noattack" in keys(g) else "draw:2" if g.decision.kind == "turn" else
                 "pass" if "pass" in keys(g) else g.decision.options[0].key)
    assert g.state.objects[obj(g, "ghoul")].zone == t.gone(ANN)
    covers("spirit-tree")


def test_siphon_l3_caps_other_players_resource_cards() -> None:
    g = game({"cities": {"siphon": ["orc-recruiter"]}, "resources": {"gaian": 1}},
             {"hand": ["ghoul", "wight"], "resources": {"gaian": 1}}, step="tactics")
    choose(g, f"city:{obj(g, 'siphon')}", f"devote:{obj(g, 'orc-recruiter')}", "done")
    finish(g)
    while not (g.decision.kind == "turn" and g.decision.seat_index == BOB):
        g.choose("noattack" if "noattack" in keys(g) else "pass" if "pass" in keys(g) else g.decision.options[0].key)
    g.choose("draw:1")
    assert g.decision.kind != "resource"  # Bob holds 1, as many as Ann: no more
    covers("siphon")


def test_lobotomized_library_l7_and_shadows_twilight_l2_hurt_an_opponent_who_draws_or_discards() -> None:
    g = game({"cities": {"lobotomized-library": ["orc-recruiter", "orc-warleader", "esteemed-duelist"],
                         "shadows-twilight": ["orc-drummer"]},
              "hand": ["kolibri", "kolibri", "touch-of-genius", "rotten-deal"],
              "resources": {"house-of-nobles": 3, "dark-legion": 3}},
             {"hand": ["kolibri"] * 3, "cities": {"warren": [], "sanctuary": []}}, step="tactics")
    _devote(g, "lobotomized-library", "orc-recruiter", "orc-warleader", "esteemed-duelist")  # 7: L3, L5, L7
    # (L3 made every player discard 2 before Shadow's Twilight was devoted to: no damage for those.)
    choose(g, f"city:{obj(g, 'shadows-twilight')}", f"devote:{obj(g, 'orc-drummer')}", "done")
    finish(g)
    g.choose(f"play:{obj(g, 'touch-of-genius')}")
    choose(g, "mode:0", f"target:{-(BOB + 1)}", "pay:house-of-nobles")  # Bob draws 3: 3 × 2 damage, his pick
    pass_all(g)
    for _ in range(3):
        assert g.decision.kind == "city_damage" and g.decision.seat_index == BOB
        g.choose(f"city:{obj(g, 'sanctuary')}")
    from arc_play import defense
    assert defense(g, obj(g, "sanctuary")) == 7 - 6
    finish(g)
    g.choose(f"play:{obj(g, 'rotten-deal')}")
    g.choose(f"target:{-(BOB + 1)}")
    pass_all(g)
    g.choose(next(k for k in keys(g) if k.startswith("discard:")))  # the toll: a discard...
    assert g.decision.kind == "city_damage"  # ...punished by Shadow's Twilight L2
    g.choose(f"city:{obj(g, 'warren')}")
    assert defense(g, obj(g, "warren")) == 6 - 1
    covers("lobotomized-library", "shadows-twilight")
