"""Creature cards: each one's structured abilities exercised (enters, dies, marked, devotes, passives,
activated abilities, keywords)."""

from __future__ import annotations

from arc_play import ANN, BOB, RULES, act, cast, choose, covers, finish, game, keys, obj, pass_all, settle, stats

from cardgames.games.arcmage import board
from cardgames.games.arcmage import table as t


def kws(g, cid: str) -> set[str]:  # type: ignore[no-untyped-def]
    return board.keywords(RULES, g.state, g.state.objects[obj(g, cid)])


def test_keyword_creatures_have_their_keywords_in_play() -> None:
    """Flying, Ranged, Sudden, Veteran, First Strike, Travel, Peaceful, Unique: printed keywords the combat
    and play rules read (each rule has its own test in test_rules_*)."""
    cards = {"forgiving-vampire": "flying", "ghoul": "sudden", "nightgaunt": "flying", "shatis": "flying",
             "undead-archer": "ranged", "bearer": "first_strike", "mercenary": "first_strike",
             "mounted-eagle": "flying", "majestic-griffin": "veteran", "esteemed-duelist": "first_strike",
             "merchant-ship": "travel", "kolibri": "flying", "nightingale": "flying", "botanist": "peaceful",
             "poison-ivy": "peaceful", "nourished-flower": "peaceful", "sequoia-saplings": "peaceful",
             "wolf-rider": "sudden", "orc-warleader": "unique", "wild-warg": "warg", "spearman": "battle_scream"}
    g = game({"army": list(cards)})
    for cid, kw in cards.items():
        assert kw in kws(g, cid), cid
    covers("forgiving-vampire", "nightgaunt", "shatis", "undead-archer", "bearer", "mounted-eagle",
           "esteemed-duelist", "kolibri", "nightingale", "poison-ivy", "nourished-flower", "sequoia-saplings",
           "wolf-rider", "wild-warg", "spearman")


def test_unique_orc_warleader_one_at_a_time_and_orcs_get_plus_one() -> None:
    g = game({"army": ["orc-warleader", "misled-orc"], "hand": ["orc-warleader"], "resources": {"red-banner": 5}})
    assert f"play:{obj(g, 'orc-warleader', zone='hand')}" not in keys(g)
    assert stats(g, obj(g, "misled-orc")) == (2, 1) and stats(g, obj(g, "orc-warleader", zone="army")) == (4, 3)
    covers("orc-warleader")


def test_foul_imps_plus_one_per_other_imp() -> None:
    g = game({"army": ["foul-imps", "foul-imps"]}, {"army": ["imp-union-leader"]})
    assert stats(g, obj(g, "foul-imps")) == (3, 3)
    covers("foul-imps")


def test_imp_union_leader_with_two_other_imps() -> None:
    g = game({"army": ["imp-union-leader", "foul-imps", "foul-imps"]})
    leader = obj(g, "imp-union-leader")
    assert stats(g, leader) == (4, 2)  # Ann's turn: +2/+0
    g2 = game({"army": ["imp-union-leader", "foul-imps"]})
    assert stats(g2, obj(g2, "imp-union-leader")) == (2, 2)  # only one other Imp
    covers("imp-union-leader")


def test_gigantic_spider_dies_target_player_pays_a_toll() -> None:
    g = game({"hand": ["deadly-shock"], "resources": {"red-banner": 2}}, {"army": ["gigantic-spider"],
                                                                          "hand": ["ghoul"]})
    cast(g, "deadly-shock", "mode:0", f"target:{obj(g, 'gigantic-spider')}")
    assert g.state.objects[obj(g, "ghoul")].zone == t.grave(BOB) or \
        g.state.objects[obj(g, "ghoul")].zone == t.hand(BOB)
    covers("gigantic-spider")


def test_nightgaunt_enters_target_pays_a_toll() -> None:
    g = game({"hand": ["nightgaunt"], "resources": {"dark-legion": 2}}, {"hand": ["ghoul"]})
    g.choose(f"play:{obj(g, 'nightgaunt')}")
    choose(g, f"place:{obj(g, 'farmland')}")
    pass_all(g)
    assert g.decision.kind == "target"
    g.choose(f"target:{-(BOB + 1)}")
    assert g.decision.kind == "toll" and g.decision.seat_index == BOB
    g.choose(f"discard:{obj(g, 'ghoul')}")
    assert g.state.objects[obj(g, "ghoul")].zone == t.grave(BOB)
    covers("nightgaunt")


def test_shatis_hits_a_city_its_owner_pays_a_toll() -> None:
    g = game({"army": ["shatis"]}, {"hand": ["ghoul"]})
    pass_all(g)
    choose(g, f"city:{obj(g, 'warren')}", f"attacker:{obj(g, 'shatis')}", "done")
    pass_all(g)
    g.choose("done")
    pass_all(g)
    assert g.decision.kind == "toll" and g.decision.seat_index == BOB
    covers("shatis")


def test_undead_archer_and_elvish_ambush_one_damage() -> None:
    g = game({"army": ["undead-archer", "elvish-ambush"]}, {"army": ["misled-orc"]})
    act(g, "undead-archer", 0, f"target:{obj(g, 'warren')}")
    assert board.city_defense(RULES, g.state, g.state.objects[obj(g, "warren")]) == 5
    assert g.state.objects[obj(g, "undead-archer")].exhausted  # mark me
    act(g, "elvish-ambush", 0, f"target:{obj(g, 'misled-orc')}")
    assert g.state.objects[obj(g, "misled-orc")].zone == t.grave(BOB)
    covers("undead-archer", "elvish-ambush")


def test_misled_orc_dies_one_damage_and_wolf_rider_dies_orc_token() -> None:
    g = game({"hand": ["deadly-shock", "deadly-shock"], "resources": {"red-banner": 4},
              "army": ["misled-orc", "wolf-rider"]}, {"army": ["ghoul"]})
    g.choose(f"play:{obj(g, 'deadly-shock', zone='hand')}")
    choose(g, "mode:0", f"target:{obj(g, 'misled-orc')}")
    pass_all(g)
    g.choose(f"target:{obj(g, 'warren')}")  # Misled Orc's last shot
    assert board.city_defense(RULES, g.state, g.state.objects[obj(g, "warren")]) == 5
    finish(g)
    g.choose(f"play:{obj(g, 'deadly-shock', zone='hand')}")
    choose(g, "mode:0", f"target:{obj(g, 'wolf-rider')}")
    finish(g)
    assert [o.card for o in g.state.cards_in(t.army(ANN))] == ["little-orc-token"]
    covers("misled-orc", "wolf-rider")


def test_elvish_archer_enters_city_gains_two_and_elves_have_ranged() -> None:
    g = game({"hand": ["elvish-archer"], "army": ["elvish-ambush"], "resources": {"gaian": 3}})
    cast(g, "elvish-archer", f"place:{obj(g, 'farmland')}")
    assert board.city_defense(RULES, g.state, g.state.objects[obj(g, "farmland")]) == 9
    assert "ranged" in kws(g, "elvish-ambush")
    covers("elvish-archer")


def test_kolibri_two_with_a_flower_and_crop_token_sacrifice_for_one() -> None:
    g = game({"army": ["kolibri"], "cities": {"farmland": ["crop-token"]}})
    act(g, "kolibri")
    assert g.state.players[ANN].counters["pool:gaian"] == 2  # Crop Token is a Flower
    act(g, "crop-token")
    assert g.state.players[ANN].counters["pool:gaian"] == 3
    assert g.state.objects[obj(g, "crop-token")].zone == t.gone(ANN)
    covers("kolibri", "crop-token")


def test_nightingale_devotes_and_marks_a_target() -> None:
    g = game({"cities": {"farmland": ["nightingale"]}}, {"army": ["ghoul"]}, step="tactics")
    choose(g, f"city:{obj(g, 'farmland')}", f"devote:{obj(g, 'nightingale')}", "done")
    pass_all(g)
    assert g.decision.kind == "target"
    g.choose(f"target:{obj(g, 'ghoul')}")
    assert g.state.objects[obj(g, "ghoul")].exhausted
    covers("nightingale")


def test_nourished_flower_grows_when_you_cast_a_gaian_card() -> None:
    g = game({"army": ["nourished-flower"], "hand": ["kolibri"], "resources": {"gaian": 1}})
    cast(g, "kolibri", f"place:{obj(g, 'farmland')}")
    assert stats(g, obj(g, "nourished-flower")) == (2, 2)
    covers("nourished-flower")


def test_sequoia_saplings_plus_one_def_per_other_gaian_card_there() -> None:
    g = game({"army": ["sequoia-saplings", "kolibri", "botanist", "ghoul"]})
    assert stats(g, obj(g, "sequoia-saplings")) == (0, 3)
    covers("sequoia-saplings")


def test_archivist_marked_every_player_mills_one() -> None:
    g = game({"army": ["archivist"]})
    decks = [len(g.state.zones[t.deck(s)].cards) for s in (ANN, BOB)]
    choose(g, f"move:{obj(g, 'archivist')}", f"to:res:{obj(g, 'farmland')}")
    finish(g)
    assert [len(g.state.zones[t.deck(s)].cards) for s in (ANN, BOB)] == [d - 1 for d in decks]
    covers("archivist")


def test_benevolent_baron_enters_each_draws_leaves_each_discards() -> None:
    g = game({"hand": ["benevolent-baron", "whirlwind"], "resources": {"house-of-nobles": 5}})
    cast(g, "benevolent-baron", f"place:{obj(g, 'farmland')}")
    assert len(g.state.zones[t.hand(BOB)].cards) == 1 and len(g.state.zones[t.hand(ANN)].cards) == 2
    cast(g, "whirlwind", f"target:{obj(g, 'benevolent-baron')}")
    assert len(g.state.zones[t.hand(BOB)].cards) == 0
    covers("benevolent-baron")


def test_esteemed_councilor_devotion_counts_double_and_may_pay_two_to_draw() -> None:
    g = game({"cities": {"two-bridges": ["esteemed-councilor"]}, "resources": {"gaian": 2}}, step="tactics")
    choose(g, f"city:{obj(g, 'two-bridges')}", f"devote:{obj(g, 'esteemed-councilor')}", "done")
    pass_all(g)
    assert g.decision.kind == "pay_draw"
    hand = len(g.state.zones[t.hand(ANN)].cards)
    g.choose("pay")
    assert len(g.state.zones[t.hand(ANN)].cards) == hand + 1
    assert all(o.exhausted for o in g.state.cards_in(t.vault(ANN)))
    finish(g)
    assert board.devotion(RULES, g.state, obj(g, "two-bridges")) == 4
    covers("esteemed-councilor")


def test_prince_of_thieves_pay_two_target_mills_one() -> None:
    g = game({"army": ["prince-of-thieves"], "resources": {"empire": 2}})
    deck = len(g.state.zones[t.deck(BOB)].cards)
    act(g, "prince-of-thieves", 0, f"target:{-(BOB + 1)}")
    assert len(g.state.zones[t.deck(BOB)].cards) == deck - 1
    covers("prince-of-thieves")


def test_orc_drummer_in_army_orcs_get_a_counter_and_recruiter_makes_a_token() -> None:
    g = game({"army": ["orc-drummer", "misled-orc", "orc-recruiter"]})
    act(g, "orc-drummer")
    assert stats(g, obj(g, "misled-orc")) == (2, 1)
    act(g, "orc-recruiter")
    assert "little-orc-token" in [o.card for o in g.state.cards_in(t.army(ANN))]
    covers("orc-drummer", "orc-recruiter")


def test_orc_rouser_enters_unmarks_a_target() -> None:
    g = game({"hand": ["orc-rouser"], "army": ["ghoul!"], "resources": {"red-banner": 2}})
    g.choose(f"play:{obj(g, 'orc-rouser')}")
    choose(g, f"place:{obj(g, 'farmland')}")
    pass_all(g)
    g.choose(f"target:{obj(g, 'ghoul')}")
    assert not g.state.objects[obj(g, "ghoul")].exhausted
    covers("orc-rouser")


def test_orc_thug_two_damage_to_a_creature_in_its_city() -> None:
    g = game({"cities": {"farmland": ["orc-thug", "ghoul"]}})
    act(g, "orc-thug", 0, f"target:{obj(g, 'ghoul')}")
    assert g.state.objects[obj(g, "ghoul")].zone == t.grave(ANN)
    covers("orc-thug")


def test_wild_warg_two_damage_to_each_defender() -> None:
    g = game({"army": ["wild-warg"]}, {"army": ["ghoul", "misled-orc"]})
    pass_all(g)
    warg = obj(g, "wild-warg")
    choose(g, f"city:{obj(g, 'warren')}", f"attacker:{warg}", "done")
    pass_all(g)
    choose(g, f"block:{obj(g, 'ghoul')}:{warg}", f"block:{obj(g, 'misled-orc')}:{warg}", "done")
    pass_all(g)
    assert g.state.objects[obj(g, "ghoul")].zone == t.grave(BOB)
    covers("wild-warg")


def test_mentor_and_squad_leader_find_soldiers() -> None:
    g = game({"hand": ["mentor"], "resources": {"empire": 3}, "deck": ["bearer", "ghoul"]})
    g.choose(f"play:{obj(g, 'mentor')}")
    choose(g, f"place:{obj(g, 'farmland')}")
    pass_all(g)
    assert g.decision.kind == "tutor"
    g.choose(f"take:{obj(g, 'bearer')}")
    assert g.state.objects[obj(g, "bearer")].zone == t.hand(ANN)
    g = game({"hand": ["squad-leader"], "resources": {"empire": 5},
              "deck": ["ghoul", "spearman", "bearer", "wight", "mentor"]})
    cast(g, "squad-leader", f"place:{obj(g, 'farmland')}")
    assert sorted(o.card for o in g.state.cards_in(t.hand(ANN))) == ["bearer", "mentor", "spearman"]
    assert g.state.cards_in(t.deck(ANN))[0].card == "wight"  # the rest to the bottom
    covers("mentor", "squad-leader")


def test_spearman_soldiers_must_attack_and_battle_scream() -> None:
    g = game({"army": ["spearman", "bearer"]})
    pass_all(g)
    assert "noattack" not in keys(g)
    g.choose(f"city:{obj(g, 'warren')}")
    g.choose(f"attacker:{obj(g, 'spearman')}")
    assert "done" not in keys(g)  # Bearer must attack too
    choose(g, f"attacker:{obj(g, 'bearer')}", "done")
    pass_all(g)
    assert stats(g, obj(g, "bearer"))[0] == 2  # Battle Scream 1
    covers("spearman")


def test_elvish_ambush_its_blockers_suffer_minus_one() -> None:
    g = game({"army": ["elvish-ambush"]}, {"army": ["ghoul"]})
    amb, ghoul = obj(g, "elvish-ambush"), obj(g, "ghoul")
    pass_all(g)
    choose(g, f"city:{obj(g, 'warren')}", f"attacker:{amb}", "done")
    pass_all(g)
    choose(g, f"block:{ghoul}:{amb}", "done")
    assert stats(g, ghoul) == (2, 1)
    pass_all(g)
    assert g.state.objects[ghoul].zone == t.grave(BOB)  # 1 damage was enough
    covers("elvish-ambush")


def test_big_brother_hurts_little_brothers_city_and_mercenary_dies_after_attacking() -> None:
    g = game({"army": ["big-brother", "mercenary"]}, {"cities": {"lobotomized-library": ["little-brother"]}})
    pass_all(g)
    choose(g, f"city:{obj(g, 'lobotomized-library')}", f"attacker:{obj(g, 'big-brother')}",
           f"attacker:{obj(g, 'mercenary')}", "done")
    pass_all(g)
    from arc_play import defense
    assert defense(g, obj(g, "lobotomized-library")) == 10 - 2  # as Big Brother attacks
    g.choose("done")
    settle(g)
    assert defense(g, obj(g, "lobotomized-library")) == 10 - 2 - 1 - 3
    assert g.state.objects[obj(g, "mercenary")].zone == t.army(ANN)
    while g.decision.kind != "turn":  # to Ann's Discard phase
        g.choose("pass" if "pass" in keys(g) else g.decision.options[0].key)
    assert g.state.objects[obj(g, "mercenary")].zone == t.grave(ANN)
    covers("big-brother", "mercenary")


def test_cutpurse_imp_takes_a_resource_card_and_gives_it_back_when_it_leaves() -> None:
    g = game({"hand": ["cutpurse-imp", "whirlwind"], "resources": {"red-banner": 3, "house-of-nobles": 2}},
             {"resources": {"gaian": 2}, "marked_resources": {"empire": 1}})
    g.choose(f"play:{obj(g, 'cutpurse-imp')}")
    choose(g, f"place:{obj(g, 'farmland')}", "pay:red-banner")
    pass_all(g)
    g.choose(f"target:{-(BOB + 1)}")
    assert g.decision.kind == "steal" and set(keys(g)) == {"take:gaian:unmarked", "take:empire:marked"}
    g.choose("take:gaian:unmarked")
    assert len(g.state.zones[t.vault(ANN)].cards) == 6 and len(g.state.zones[t.vault(BOB)].cards) == 2
    cast(g, "whirlwind", f"target:{obj(g, 'cutpurse-imp')}")  # the Imp leaves play: the card goes back
    assert len(g.state.zones[t.vault(BOB)].cards) == 3
    assert all(o.controller == BOB for o in g.state.cards_in(t.vault(BOB)))
    covers("cutpurse-imp")


def test_sequoia_saplings_ranged_at_def_5_and_mounted_eagle_stronger_against_walkers() -> None:
    g = game({"army": ["sequoia-saplings", "kolibri", "botanist", "nourished-flower", "poison-ivy"]})
    assert stats(g, obj(g, "sequoia-saplings")) == (0, 5) and "ranged" in kws(g, "sequoia-saplings")
    g = game({"army": ["sequoia-saplings", "kolibri"]})
    assert "ranged" not in kws(g, "sequoia-saplings")
    g = game({"army": ["ghoul", "majestic-griffin"]}, {"army": ["mounted-eagle", "mounted-eagle"]})
    pass_all(g)
    ghoul, griffin = obj(g, "ghoul"), obj(g, "majestic-griffin")
    choose(g, f"city:{obj(g, 'warren')}", f"attacker:{ghoul}", f"attacker:{griffin}", "done")
    pass_all(g)
    e1, e2 = obj(g, "mounted-eagle"), obj(g, "mounted-eagle", nth=1)
    choose(g, f"block:{e1}:{ghoul}", f"block:{e2}:{griffin}")
    assert stats(g, e1) == (4, 4) and stats(g, e2) == (2, 3)  # only against the Ghoul, which can't fly
    covers("sequoia-saplings", "mounted-eagle")
