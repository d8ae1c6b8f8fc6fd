"""Card text built for issue 11 (it was `unbuilt`): each card played through the rules in a real game
state, one test per card and the rule it exercises."""

from __future__ import annotations

import pytest
from arc_play import (
    ANN,
    BOB,
    RULES,
    act,
    cast,
    choose,
    covers,
    defense,
    finish,
    game,
    keys,
    obj,
    pass_all,
    res,
    stats,
    window,
)

from cardgames.engine.decisions import UndoRefused
from cardgames.games.arcmage import board
from cardgames.games.arcmage import table as t


def test_dimensional_pocket_third_mode_one_damage_to_each_of_three_distinct_creatures() -> None:
    g = game({"hand": ["dimensional-pocket"], "resources": {"empire": 3}},
             {"army": ["ghoul", "misled-orc", "mentor"]})
    g.choose(f"play:{obj(g, 'dimensional-pocket')}")
    g.choose("mode:2")
    ghoul, orc, thug = obj(g, "ghoul"), obj(g, "misled-orc"), obj(g, "mentor")
    g.choose(f"target:{ghoul}")
    assert f"target:{ghoul}" not in keys(g)  # three different creatures
    choose(g, f"target:{orc}", f"target:{thug}")
    finish(g)
    assert g.state.objects[ghoul].zone == t.grave(BOB) and g.state.objects[orc].zone == t.grave(BOB)
    assert g.state.objects[thug].counters.get("damage") == 1
    covers("dimensional-pocket")


def test_dimensional_pocket_third_mode_needs_three_creatures() -> None:
    g = game({"hand": ["dimensional-pocket"], "resources": {"empire": 3}}, {"army": ["ghoul", "misled-orc"]})
    g.choose(f"play:{obj(g, 'dimensional-pocket')}")
    assert "mode:2" not in keys(g) and "mode:1" in keys(g)


def test_carpe_diem_pays_x_more_to_mark_x_more_creatures() -> None:
    g = game({"hand": ["carpe-diem"], "resources": {"house-of-nobles": 4}},
             {"army": ["ghoul", "misled-orc", "orc-thug"]})
    g.choose(f"play:{obj(g, 'carpe-diem')}")
    choose(g, f"target:{obj(g, 'ghoul')}", "x:2")
    pass_all(g)
    assert g.decision.kind == "mark_more" and g.decision.seat_index == ANN
    choose(g, f"mark:{obj(g, 'misled-orc')}")
    choose(g, f"mark:{obj(g, 'orc-thug')}")
    finish(g)
    assert all(g.state.objects[obj(g, c)].exhausted for c in ("ghoul", "misled-orc", "orc-thug"))
    assert t.total_available(g.state, ANN) == 0  # 2 + X=2
    covers("carpe-diem")


def test_carpe_diem_with_x_zero_marks_only_its_target() -> None:
    g = game({"hand": ["carpe-diem"], "resources": {"house-of-nobles": 4}}, {"army": ["ghoul", "misled-orc"]})
    g.choose(f"play:{obj(g, 'carpe-diem')}")
    choose(g, f"target:{obj(g, 'ghoul')}", "x:0")
    finish(g)
    assert g.state.objects[obj(g, "ghoul")].exhausted and not g.state.objects[obj(g, "misled-orc")].exhausted
    assert t.total_available(g.state, ANN) == 2


def test_prince_of_thieves_mark_me_peek_shows_the_top_card_only_to_its_controller() -> None:
    """The peek is a reveal to Ann alone: her log names the card, Bob's doesn't, and undo stops there."""
    g = game({"army": ["prince-of-thieves"]}, {"deck": ["ghoul", "ghoul", "shatis"]})
    prince = obj(g, "prince-of-thieves")
    act(g, "prince-of-thieves", 1, f"target:{-(BOB + 1)}")
    assert g.state.objects[prince].exhausted
    assert any("Shatis" in line for line in g.log(ANN))
    assert not any("Shatis" in line for line in g.log(BOB))
    assert not any("Shatis" in line for line in g.log(None))
    with pytest.raises(UndoRefused):
        g.undo(ANN)
    covers("prince-of-thieves")


def test_witchdoctor_devotes_rabies_must_attack_spreads_and_is_sacrificed_at_end_of_turn() -> None:
    """R89: the rabies counter goes on a creature in your army; it must attack; a creature it damages
    catches rabies; at the end of its controller's own turn the rabid creature leaves the game."""
    g = game({"cities": {"farmland": ["witchdoctor"]}, "army": ["benevolent-baron"]},
             {"army": ["mentor"], "deck": ["ghoul"] * 6}, step="tactics")
    thug, mentor = obj(g, "benevolent-baron"), obj(g, "mentor")
    choose(g, f"city:{obj(g, 'farmland')}", f"devote:{obj(g, 'witchdoctor')}", "done")
    pass_all(g)
    assert g.decision.kind == "target" and f"target:{thug}" in keys(g)
    assert f"target:{obj(g, 'witchdoctor')}" not in keys(g)  # in a city, not the army
    g.choose(f"target:{thug}")
    assert g.state.objects[thug].counters.get("rabies") == 1
    drive(g, [], lambda g: g.decision.kind == "attack")
    assert "noattack" not in keys(g)  # rabid: it must attack
    choose(g, f"city:{obj(g, 'warren')}", f"attacker:{thug}", "done")
    drive(g, [f"block:{mentor}:{thug}"], lambda g: g.state.turn == 2)
    assert g.state.objects[thug].zone == t.gone(ANN)  # sacrificed at the end of Ann's turn
    assert g.state.objects[mentor].counters.get("rabies") == 1  # it caught rabies
    drive(g, [], lambda g: g.state.turn == 3)
    assert g.state.objects[mentor].zone == t.gone(BOB)
    covers("witchdoctor")


def test_dark_portal_mark_me_your_cities_lose_one_and_a_creature_relocates_unmarked() -> None:
    g = game({"hand": ["dark-portal"], "resources": {"dark-legion": 4}},
             {"cities": {"warren": [], "tunnel-network": []}, "army": ["ghoul"]})
    cast(g, "dark-portal")
    portal = obj(g, "dark-portal")
    assert g.state.objects[portal].zone == t.ench(ANN)
    before = defense(g, obj(g, "farmland"))
    g.choose(f"act:{portal}:0")
    g.choose(f"target:{obj(g, 'ghoul')}")
    pass_all(g)
    assert g.decision.kind == "relocate"
    g.choose(f"to:res:{obj(g, 'tunnel-network')}")
    finish(g)
    ghoul = g.state.objects[obj(g, "ghoul")]
    assert ghoul.zone == res(obj(g, "tunnel-network")) and not ghoul.exhausted
    assert defense(g, obj(g, "farmland")) == before - 1 and g.state.objects[portal].exhausted
    covers("dark-portal")


def test_forgiving_vampire_a_city_of_yours_loses_one_defense_to_shift_stats() -> None:
    """Both directions, no mark: the city pays 1 defense; -1/-1 and +1/+1 last until end of turn (ruling)."""
    g = game({"army": ["forgiving-vampire"]}, {"army": ["mentor"]})
    vamp, mentor, farm = obj(g, "forgiving-vampire"), obj(g, "mentor"), obj(g, "farmland")
    before = defense(g, farm)
    act(g, "forgiving-vampire", 0, f"target:{mentor}", f"citycost:{farm}")
    assert stats(g, vamp) == (3, 3) and stats(g, mentor)[1] == 2 and defense(g, farm) == before - 1
    assert not g.state.objects[vamp].exhausted
    act(g, "forgiving-vampire", 1, f"target:{mentor}", f"citycost:{farm}")
    assert stats(g, vamp) == (2, 2) and stats(g, mentor)[1] == 3 and defense(g, farm) == before - 2
    covers("forgiving-vampire")


def test_forgiving_vampire_a_city_never_pays_its_last_point_of_defense() -> None:
    """Ruling: the cost can't raze your own city: only a city with more defense than the cost can pay."""
    g = game({"army": ["forgiving-vampire"]}, {"army": ["mentor"]})
    farm = obj(g, "farmland")
    g.choose(f"act:{obj(g, 'forgiving-vampire')}:0")
    g.choose(f"target:{obj(g, 'mentor')}")
    assert g.decision.kind == "city_cost" and keys(g) == [f"citycost:{farm}"]
    g2 = game({"army": ["forgiving-vampire"], "cities": {"farmland": []}}, {"army": ["mentor"]})
    while defense(g2, obj(g2, "farmland")) > 1:
        act(g2, "forgiving-vampire", 0, f"target:{obj(g2, 'forgiving-vampire')}", f"citycost:{obj(g2, 'farmland')}")
    assert f"act:{obj(g2, 'forgiving-vampire')}:0" not in keys(g2) and defense(g2, obj(g2, "farmland")) == 1


def test_footsoldier_enters_pay_one_per_footsoldier_in_play_to_fetch_another() -> None:
    g = game({"hand": ["footsoldier"], "deck": ["ghoul", "footsoldier", "ghoul"], "resources": {"empire": 4}})
    g.choose(f"play:{obj(g, 'footsoldier', zone='hand')}")
    choose(g, f"place:{obj(g, 'farmland')}")
    pass_all(g)
    assert g.decision.kind == "fetch" and g.decision.seat_index == ANN
    g.choose("pay")  # one Footsoldier in play: pay 1 (3 left after its cost of 1... minus 1)
    finish(g)
    assert [o.card for o in g.state.cards_in(t.army(ANN))] == ["footsoldier"]
    assert t.total_available(g.state, ANN) == 4 - 1 - 1
    assert "footsoldier" not in [o.card for o in g.state.cards_in(t.deck(ANN))]
    covers("footsoldier")


def test_conscript_enters_soldiers_shown_then_stacked_on_top_in_the_chosen_order() -> None:
    g = game({"hand": ["conscript"], "resources": {"empire": 2},
              "deck": ["bearer", "ghoul", "spearman", "ghoul", "mentor"]})
    g.choose(f"play:{obj(g, 'conscript')}")
    choose(g, f"place:{obj(g, 'farmland')}")
    pass_all(g)
    assert g.decision.kind == "stack_top"
    assert f"take:{obj(g, 'ghoul')}" not in keys(g)  # only Soldiers
    choose(g, f"take:{obj(g, 'spearman')}", f"take:{obj(g, 'bearer')}", "done")
    finish(g)
    deck = [o.card for o in g.state.cards_in(t.deck(ANN))]
    assert deck[-1] == "spearman" and deck[-2] == "bearer"  # the first chosen on top
    assert any("Spearman" in line for line in g.log(BOB))  # shown to everyone
    covers("conscript")


def test_bearer_after_it_damages_a_city_drops_a_soldier_from_hand_into_a_city_free() -> None:
    g = game({"army": ["bearer"], "hand": ["mentor", "ghoul"]})
    pass_all(g)
    choose(g, f"city:{obj(g, 'warren')}", f"attacker:{obj(g, 'bearer')}", "done")
    for _ in range(40):
        if g.decision.kind == "drop_city":
            break
        g.choose("done" if "done" in keys(g) and g.decision.kind != "priority" else
                 "pass" if g.decision.kind == "priority" else g.decision.options[0])
    assert g.decision.kind == "drop_city"
    assert f"take:{obj(g, 'ghoul')}" not in keys(g)
    choose(g, f"take:{obj(g, 'mentor')}", f"city:{obj(g, 'farmland')}")
    assert g.state.objects[obj(g, "mentor")].zone == res(obj(g, "farmland"))
    covers("bearer")


def test_trebuchet_marks_two_soldiers_deals_five_and_they_skip_two_unmark_phases() -> None:
    g = game({"army": ["trebuchet", "bearer", "spearman"], "hand": ["mentor"], "deck": ["ghoul"] * 8},
             {"army": ["majestic-griffin"], "deck": ["ghoul"] * 8})
    treb, bearer, spear = obj(g, "trebuchet"), obj(g, "bearer"), obj(g, "spearman")
    griffin = obj(g, "majestic-griffin")
    act(g, "trebuchet", 0, f"target:{griffin}", f"other:{bearer}", f"other:{spear}")
    assert g.state.objects[griffin].zone == t.grave(BOB)
    assert all(g.state.objects[o].exhausted for o in (treb, bearer, spear))
    drive(g, [], lambda g: g.state.turn == 5 and g.state.phase == "play")
    assert all(g.state.objects[o].exhausted for o in (treb, bearer, spear))  # two Unmark phases skipped
    drive(g, [], lambda g: g.state.turn == 7 and g.state.phase == "play")
    assert not any(g.state.objects[o].exhausted for o in (treb, bearer, spear))
    covers("trebuchet")


def test_trebuchet_needs_two_unmarked_soldiers() -> None:
    g = game({"army": ["trebuchet", "bearer", "mentor!"]}, {"army": ["ghoul"]})
    assert f"act:{obj(g, 'trebuchet')}:0" not in keys(g)


def test_wight_three_cards_on_top_of_it_target_player_pays_a_toll_and_it_goes_back_on_top() -> None:
    """R90: Wight works from the graveyard every third card."""
    g = game({"grave": ["wight", "ghoul", "ghoul"], "hand": ["deadly-shock"], "resources": {"red-banner": 2}},
             {"hand": ["mentor"], "army": ["misled-orc"]})
    g.choose(f"play:{obj(g, 'deadly-shock')}")
    choose(g, "mode:0", f"target:{obj(g, 'misled-orc')}")
    pass_all(g)  # Deadly Shock goes to Ann's graveyard: the third card on top of Wight
    assert g.decision.kind == "target" and f"target:{-(BOB + 1)}" in keys(g)
    g.choose(f"target:{-(BOB + 1)}")
    assert g.decision.kind == "toll" and g.decision.seat_index == BOB
    g.choose(f"discard:{obj(g, 'mentor')}")
    assert g.state.zones[t.grave(ANN)].cards[-1] == obj(g, "wight")
    finish(g)
    assert g.state.zones[t.grave(ANN)].cards[-1] == obj(g, "wight")  # once: it waits for three more
    covers("wight")


def test_botanist_shields_a_flower_it_survives_marked_instead_of_dying() -> None:
    """R44: activated in advance (mark me + sacrifice 2 resource cards); the next death this turn is prevented."""
    g = game({"army": ["botanist", "nourished-flower"], "resources": {"gaian": 2},
              "hand": ["deadly-shock"], "pool": {"red-banner": 2}})
    flower = obj(g, "nourished-flower")
    g.choose(f"act:{obj(g, 'botanist')}:0")
    assert f"target:{obj(g, 'botanist')}" not in keys(g)  # an Elf: not a Tree or Flower
    g.choose(f"target:{flower}")
    for _ in range(2):
        assert g.decision.kind == "sacrifice"
        g.choose(g.decision.options[0])
    finish(g)
    assert not g.state.cards_in(t.vault(ANN)) and g.state.objects[obj(g, "botanist")].exhausted
    g.choose(f"play:{obj(g, 'deadly-shock')}")
    choose(g, "mode:0", f"target:{flower}")
    finish(g)
    f = g.state.objects[flower]
    assert f.zone == t.army(ANN) and f.exhausted and not f.counters.get("damage")
    covers("botanist")


def test_falconer_shields_a_bird_only() -> None:
    g = game({"army": ["falconer", "kolibri", "botanist"], "resources": {"gaian": 2}, "hand": ["deadly-shock"],
              "pool": {"red-banner": 2}})
    kolibri = obj(g, "kolibri")
    g.choose(f"act:{obj(g, 'falconer')}:0")
    assert keys(g) == [f"target:{kolibri}"]
    g.choose(f"target:{kolibri}")
    for _ in range(2):
        g.choose(g.decision.options[0])
    finish(g)
    cast(g, "deadly-shock", "mode:0", f"target:{kolibri}")
    k = g.state.objects[kolibri]
    assert t.in_play(k) and k.exhausted and not k.counters.get("damage")
    covers("falconer")


def to_unmark_choice(g, seat: int):  # type: ignore[no-untyped-def]
    """Play on (no attack, no response, draw 1) until `seat`'s Unmark phase asks which creatures unmark."""
    for _ in range(200):
        d = g.decision
        if d.kind == "unmark_choice" and d.seat_index == seat:
            return
        ks = keys(g)
        for k in ("noattack", "pass", "draw:2", "done"):
            if k in ks:
                g.choose(k)
                break
        else:
            g.choose(d.options[0])
    raise AssertionError("no unmark choice")


def test_siphon_l7_players_unmark_at_most_as_many_creatures_as_its_controller_controls() -> None:
    """R86: Ann's Siphon at devotion 8 (L7 perm) with 3 residents: Bob unmarks 3 of his 4 marked creatures."""
    g = game({"cities": {"siphon": ["esteemed-councilor", "royal-guard", "archivist"]}},
             {"army": ["ghoul!", "misled-orc!", "orc-thug!", "mentor!"], "deck": ["ghoul"] * 5}, step="tactics")
    siphon = obj(g, "siphon")
    choose(g, f"city:{siphon}", *[f"devote:{obj(g, c)}" for c in ("esteemed-councilor", "royal-guard", "archivist")],
           "done")
    to_unmark_choice(g, BOB)
    assert "Siphon: 3 more at most" in g.decision.prompt
    for c in ("ghoul", "misled-orc", "orc-thug"):
        g.choose(f"unmark:{obj(g, c, BOB, 'army')}")
    assert g.decision.kind != "unmark_choice"
    assert g.state.objects[obj(g, "mentor")].exhausted
    assert not any(g.state.objects[obj(g, c, BOB, "army")].exhausted for c in ("ghoul", "misled-orc", "orc-thug"))
    covers("siphon")


def drive(g, wanted: list[str], until):  # type: ignore[no-untyped-def]
    """Answer each decision with the first key of `wanted` it offers (used once), else by default (no attack,
    pass, draw 2, done, the first option), until `until(g)` holds."""
    wanted = list(wanted)
    for _ in range(400):
        if until(g):
            return
        ks = keys(g)
        pick = next((k for k in wanted if k in ks), None)
        if pick is not None:
            wanted.remove(pick)
        else:
            pick = next((k for k in ("noattack", "pass", "draw:2", "done") if k in ks), g.decision.options[0].key)
        g.choose(pick)
    raise AssertionError("never got there")


def test_poison_ivy_damaged_creatures_become_sticky_and_unmark_only_for_a_minus_one_counter() -> None:
    """Bob's Mentor attacks; Ann's Poison Ivy defends and damages it: it is sticky. In Bob's next Unmark
    phase it unmarks only if he gives it a -1/-1 counter."""
    g = game({"cities": {"farmland": ["poison-ivy"]}, "deck": ["ghoul"] * 6},
             {"army": ["mentor"], "deck": ["ghoul"] * 6})
    mentor, ivy = obj(g, "mentor"), obj(g, "poison-ivy")
    drive(g, [f"city:{obj(g, 'farmland')}", f"attacker:{mentor}", f"block:{ivy}:{mentor}"],
          lambda g: g.state.turn == 3)
    m = g.state.objects[mentor]
    assert m.counters.get("sticky") == 1 and m.exhausted
    drive(g, [], lambda g: g.decision.kind == "unmark_choice")
    assert g.decision.seat_index == BOB and "-1/-1" in g.decision.options[0].label
    before = stats(g, mentor)
    g.choose(f"unmark:{mentor}")
    assert not m.exhausted and stats(g, mentor) == (before[0] - 1, before[1] - 1)
    covers("poison-ivy")


def test_poison_ivy_a_sticky_creature_left_marked_costs_nothing() -> None:
    g = game({"cities": {"farmland": ["poison-ivy"]}, "deck": ["ghoul"] * 6},
             {"army": ["mentor"], "deck": ["ghoul"] * 6})
    mentor, ivy = obj(g, "mentor"), obj(g, "poison-ivy")
    drive(g, [f"city:{obj(g, 'farmland')}", f"attacker:{mentor}", f"block:{ivy}:{mentor}"],
          lambda g: g.decision.kind == "unmark_choice")
    before = stats(g, mentor)
    g.choose("done")
    assert g.state.objects[mentor].exhausted and stats(g, mentor) == before


def test_grassroots_a_counter_each_time_it_becomes_marked_and_the_unmark_tax() -> None:
    """Grassroots: X counters as it enters (its own mark adds none, as M-ruling says); one more each later
    marking; it unmarks only if its controller pays 1 resource per counter."""
    g = game({"hand": ["grassroots"], "resources": {"gaian": 2}, "deck": ["ghoul"] * 6},
             {"army": ["mentor"], "resources": {"empire": 3}, "deck": ["ghoul"] * 6})
    mentor = obj(g, "mentor")
    choose(g, f"play:{obj(g, 'grassroots')}", f"place:{mentor}", "x:2")
    finish(g)
    m = g.state.objects[mentor]
    assert m.counters.get("grassroot") == 2 and m.exhausted
    drive(g, [], lambda g: g.decision.kind == "unmark_choice")
    assert g.decision.seat_index == BOB and f"unmark:{mentor}" in keys(g) and "pay 2" in g.decision.options[0].label
    g.choose(f"unmark:{mentor}")
    assert not m.exhausted and t.total_available(g.state, BOB) == 1
    drive(g, [f"city:{obj(g, 'farmland')}", f"attacker:{mentor}"], lambda g: m.exhausted)
    assert m.counters.get("grassroot") == 3  # marked again as it attacks
    covers("grassroots")


def test_call_to_aid_residents_of_one_city_may_defend_another_city_this_turn() -> None:
    """Bob plays Call to Aid on his Warren in Ann's attack: the Warren's resident defends his Tunnel Network."""
    g = game({"army": ["mentor"]}, {"cities": {"warren": ["archivist"], "tunnel-network": []},
                                    "hand": ["call-to-aid"], "resources": {"gaian": 3}})
    mentor, archivist = obj(g, "mentor"), obj(g, "archivist")
    pass_all(g)
    choose(g, f"city:{obj(g, 'tunnel-network')}", f"attacker:{mentor}", "done")
    for _ in range(20):  # to Bob's answer in the attack window
        if f"play:{obj(g, 'call-to-aid')}" in keys(g):
            break
        g.choose("pass")
    g.choose(f"play:{obj(g, 'call-to-aid')}")
    g.choose(f"target:{obj(g, 'warren')}")
    drive(g, [], lambda g: g.decision.kind == "defend")
    assert f"block:{archivist}:{mentor}" in keys(g)
    g.choose(f"block:{archivist}:{mentor}")
    drive(g, [], lambda g: g.state.turn == 2)
    assert not g.state.globals.get("aid")  # until end of turn
    covers("call-to-aid")


def test_call_to_aid_without_it_residents_defend_only_their_own_city() -> None:
    g = game({"army": ["mentor"]}, {"cities": {"warren": ["archivist"], "tunnel-network": []}})
    pass_all(g)
    choose(g, f"city:{obj(g, 'tunnel-network')}", f"attacker:{obj(g, 'mentor')}", "done")
    drive(g, [], lambda g: g.decision.kind == "defend" or g.state.turn == 2)
    assert not any(k.startswith(f"block:{obj(g, 'archivist')}") for k in keys(g))


def test_raise_the_undead_stays_attached_to_the_raised_creature() -> None:
    """It lies on the raised creature, and goes to the graveyard when that creature leaves play."""
    g = game({"hand": ["raise-the-undead", "whirlwind"], "resources": {"dark-legion": 2},
              "pool": {"house-of-nobles": 5}}, {"grave": ["majestic-griffin"]})
    g.choose(f"play:{obj(g, 'raise-the-undead')}")
    while g.decision.kind == "pay":
        g.choose("pay:dark-legion")
    pass_all(g)
    griffin = obj(g, "majestic-griffin")
    g.choose(f"raise:{griffin}")
    finish(g)
    raise_card = g.state.objects[obj(g, "raise-the-undead")]
    assert raise_card.attached_to == griffin and raise_card.zone == t.ench(ANN)
    assert g.state.objects[griffin].zone == t.army(ANN)
    cast(g, "whirlwind", f"target:{griffin}")
    assert g.state.objects[griffin].zone == t.deck(BOB) and raise_card.zone == t.grave(ANN)
    covers("raise-the-undead")


def test_orc_scout_moving_into_a_city_its_owner_shows_a_random_hand_card_to_the_scouts_controller() -> None:
    """Ruling: shown to the Scout's controller only (a reveal to Ann: undo stops; Bob's log says only that)."""
    g = game({"army": ["orc-scout"]}, {"hand": ["shatis"]})
    scout = obj(g, "orc-scout")
    g.choose(f"move:{scout}")
    g.choose(f"to:res:{obj(g, 'warren')}")
    finish(g)
    assert g.state.objects[scout].zone == res(obj(g, "warren"))
    assert any("Shatis" in line for line in g.log(ANN))
    assert not any("Shatis" in line for line in g.log(None))
    assert any("shows a random card" in line for line in g.log(None))
    with pytest.raises(UndoRefused):
        g.undo(ANN)
    covers("orc-scout")


def test_merchant_ship_carries_one_creature_along_without_marking_it() -> None:
    g = game({"army": ["merchant-ship", "mentor"]})
    ship, mentor = obj(g, "merchant-ship"), obj(g, "mentor")
    g.choose(f"move:{ship}")
    g.choose(f"to:res:{obj(g, 'farmland')}")
    pass_all(g)
    assert g.decision.kind == "carry" and "none" in keys(g)
    g.choose(f"carry:{mentor}")
    finish(g)
    m, s = g.state.objects[mentor], g.state.objects[ship]
    assert m.zone == s.zone == res(obj(g, "farmland")) and not m.exhausted and not s.exhausted
    covers("merchant-ship")


def test_qualaris_exiling_house_of_nobles_cards_from_your_graveyard_adds_their_loyalty_to_devotion() -> None:
    """Qualaris: a devoted Orc Recruiter and two exiled cards' loyalty reach L5: a creature relocates."""
    g = game({"cities": {"qualaris": ["orc-recruiter"]}, "grave": ["royal-guard", "prince-of-thieves", "ghoul"]},
             {"cities": {"warren": [], "tunnel-network": []}, "army": ["mentor"]}, step="tactics")
    qualaris = obj(g, "qualaris")
    g.choose(f"city:{qualaris}")
    assert f"exile:{obj(g, 'ghoul')}" not in keys(g)  # only House of Nobles cards
    choose(g, f"devote:{obj(g, 'orc-recruiter')}", f"exile:{obj(g, 'royal-guard')}",
           f"exile:{obj(g, 'prince-of-thieves')}", "done")
    pass_all(g)
    loyalty = [RULES.cards[c].loyalty for c in ("orc-recruiter", "royal-guard", "prince-of-thieves")]
    assert g.state.globals.get(f"devotion:{qualaris}") == sum(loyalty) >= 5
    assert g.state.objects[obj(g, "royal-guard")].zone == t.gone(ANN)
    assert g.decision.kind == "target"  # L5 reached
    g.choose(f"target:{obj(g, 'mentor')}")
    finish(g)
    assert g.state.objects[obj(g, "mentor")].zone.startswith("res:")
    covers("qualaris")


def test_esteemed_duelist_blood_vengeance_counters_for_the_damage_a_foe_dealt_last_turn() -> None:
    """R64: Bob's Mentor deals 2 to Ann's city on turn 2; on turn 3 Ann's Duelist enters with +2/+0."""
    g = game({"hand": ["esteemed-duelist"], "resources": {"house-of-nobles": 2}, "deck": ["ghoul"] * 6},
             {"army": ["mentor"], "deck": ["ghoul"] * 6})
    mentor = obj(g, "mentor")
    drive(g, [f"city:{obj(g, 'farmland')}", f"attacker:{mentor}"], lambda g: g.state.turn == 3
          and g.decision.kind == "priority" and f"play:{obj(g, 'esteemed-duelist')}" in keys(g))
    g.choose(f"play:{obj(g, 'esteemed-duelist')}")
    choose(g, f"place:{obj(g, 'farmland')}")
    pass_all(g)
    assert g.decision.kind == "vengeance"
    g.choose(f"avenge:{mentor}")
    assert stats(g, obj(g, "esteemed-duelist")) == (1 + 2, 1)
    covers("esteemed-duelist")


def test_revenge_creatures_cast_this_turn_gain_blood_vengeance_and_salvage_five() -> None:
    g = game({"hand": ["revenge", "bearer"], "resources": {"empire": 8}}, {"army": ["mentor"]})
    cast(g, "revenge")
    g.choose(f"play:{obj(g, 'bearer')}")
    choose(g, f"place:{obj(g, 'farmland')}")
    pass_all(g)
    assert g.decision.kind == "vengeance" and f"avenge:{obj(g, 'mentor')}" in keys(g)
    g.choose(f"avenge:{obj(g, 'mentor')}")  # it dealt nothing last turn: no counter
    assert stats(g, obj(g, "bearer")) == (1, 1)
    revenge = obj(g, "revenge")
    assert g.state.objects[revenge].zone == t.grave(ANN) and f"salvage:{revenge}" in keys(g)
    g.choose(f"salvage:{revenge}")
    assert g.state.objects[revenge].zone == t.hand(ANN) and t.total_available(g.state, ANN) == 0
    covers("revenge")


def test_revenge_salvage_needs_five_resources() -> None:
    g = game({"grave": ["revenge"], "resources": {"empire": 4}})
    assert f"salvage:{obj(g, 'revenge')}" not in keys(g)


def test_nirvana_of_the_undead_l5_a_dying_non_undead_creature_of_yours_may_rise_into_your_army() -> None:
    g = game({"cities": {"nirvana-of-the-undead": ["orc-recruiter", "orc-drummer", "witchdoctor"]},
              "army": ["mentor"]},
             {"hand": ["deadly-shock"], "resources": {"red-banner": 2}}, step="tactics")
    nirvana = obj(g, "nirvana-of-the-undead")
    choose(g, f"city:{nirvana}", *[f"devote:{obj(g, c)}" for c in ("orc-recruiter", "orc-drummer", "witchdoctor")],
           "done")
    drive(g, [], lambda g: f"play:{obj(g, 'deadly-shock')}" in keys(g)
          and int(g.state.globals.get(f"devotion:{nirvana}") or 0) >= 5)
    g.choose(f"play:{obj(g, 'deadly-shock')}")
    choose(g, "mode:0", f"target:{obj(g, 'mentor')}")
    drive(g, [], lambda g: g.decision.kind == "nirvana")
    assert g.decision.seat_index == ANN
    g.choose("save")
    m = g.state.objects[obj(g, "mentor")]
    assert m.zone == t.army(ANN) and "Undead" in board.creature_types(RULES, g.state, m)
    covers("nirvana-of-the-undead")


def test_royal_guard_bodyguard_three_takes_up_to_three_of_the_damage_dealt_to_another_of_your_creatures() -> None:
    """R44: decided as the damage is dealt (before deaths are checked), once per damage event."""
    g = game({"hand": ["deadly-shock"], "resources": {"red-banner": 2}}, {"army": ["royal-guard", "mentor"]})
    guard, mentor = obj(g, "royal-guard"), obj(g, "mentor")
    g.choose(f"play:{obj(g, 'deadly-shock')}")
    choose(g, "mode:0", f"target:{mentor}")
    pass_all(g)
    assert g.decision.kind == "bodyguard" and g.decision.seat_index == BOB
    assert f"guard:{guard}:3" in keys(g) and f"guard:{guard}:4" not in keys(g)
    g.choose(f"guard:{guard}:2")
    finish(g)
    m, rg = g.state.objects[mentor], g.state.objects[guard]
    assert t.in_play(m) and t.in_play(rg) and m.counters.get("damage") == 1 and rg.counters.get("damage") == 2
    covers("royal-guard")


def test_royal_guard_in_combat_the_blocker_survives_and_strikes_back() -> None:
    g = game({"army": ["benevolent-baron"]}, {"army": ["royal-guard", "archivist"]})
    baron, guard, archivist = obj(g, "benevolent-baron"), obj(g, "royal-guard"), obj(g, "archivist")
    pass_all(g)
    choose(g, f"city:{obj(g, 'warren')}", f"attacker:{baron}", "done")
    drive(g, [f"block:{archivist}:{baron}"], lambda g: g.decision.kind == "bodyguard")
    g.choose(f"guard:{guard}:1")
    finish(g)
    assert g.state.objects[archivist].counters.get("damage") == 1
    assert g.state.objects[guard].counters.get("damage") == 1
    assert g.state.objects[baron].counters.get("damage") == 1  # the Archivist struck back


def test_royal_guard_no_bodyguard_for_the_guard_itself_or_an_opponents_creature() -> None:
    g = game({"hand": ["deadly-shock"], "resources": {"red-banner": 2}, "army": ["mentor"]},
             {"army": ["royal-guard"]})
    g.choose(f"play:{obj(g, 'deadly-shock')}")
    choose(g, "mode:0", f"target:{obj(g, 'royal-guard')}")
    finish(g)
    assert g.state.objects[obj(g, "royal-guard")].zone == t.grave(BOB)


def test_blindfolded_gives_mark_me_mark_a_creature_that_cant_unmark_while_it_stays_marked() -> None:
    """Ann's Mentor, Blindfolded, marks Bob's Archivist: it stays marked through Bob's Unmark phases while
    the Mentor stays marked, and Ann may keep the Mentor marked through her own Unmark phase."""
    g = game({"hand": ["blindfolded"], "army": ["mentor"], "resources": {"house-of-nobles": 3},
              "deck": ["ghoul"] * 8}, {"army": ["archivist"], "deck": ["ghoul"] * 8})
    mentor, archivist = obj(g, "mentor"), obj(g, "archivist")
    cast(g, "blindfolded", f"place:{mentor}")
    assert f"act:{mentor}:0" in keys(g)  # the ability it gives
    act(g, "mentor", 0, f"target:{archivist}")
    assert g.state.objects[mentor].exhausted and g.state.objects[archivist].exhausted
    drive(g, [], lambda g: g.state.turn == 2 and g.state.phase == "play")
    assert g.state.objects[archivist].exhausted  # can't unmark while the Mentor is marked
    drive(g, [], lambda g: g.decision.kind == "unmark_choice")
    assert g.decision.seat_index == ANN and f"unmark:{mentor}" in keys(g)
    g.choose("done")  # Ann keeps the Mentor marked
    drive(g, [], lambda g: g.state.turn == 4 and g.state.phase == "play")
    assert g.state.objects[archivist].exhausted and g.state.objects[mentor].exhausted
    drive(g, [f"unmark:{mentor}"], lambda g: g.state.turn == 6 and g.state.phase == "play")
    assert not g.state.objects[archivist].exhausted
    covers("blindfolded")


def test_blindfolded_why_not_explains_the_ability_it_gives() -> None:
    """M59 and `w`: once the enchanted creature is marked, its given ability is unusable, and why-not says so,
    naming the enchantment that gives it; the creature's own abilities keep their plain label."""
    g = game({"hand": ["blindfolded"], "army": ["mentor"], "resources": {"house-of-nobles": 3},
              "deck": ["ghoul"] * 8}, {"army": ["archivist"], "deck": ["ghoul"] * 8})
    mentor, archivist = obj(g, "mentor"), obj(g, "archivist")
    assert not any("Blindfolded" in what for what, _ in g.why_not(ANN))  # not on it yet
    cast(g, "blindfolded", f"place:{mentor}")
    act(g, "mentor", 0, f"target:{archivist}")
    why = dict(g.why_not(ANN))
    assert "marked" in why["Mentor's ability from Blindfolded"]


def test_nirvana_of_the_undead_deaths_are_checked_before_it_asks() -> None:
    """R38 with M55: Shadow in the Dark's own -1/-1 counter leaves it at 0 defense as it destroys a creature
    of Nirvana's player; before Nirvana asks about the destroyed creature, the Shadow dies too (a state the
    players must see settled), and Nirvana asks about it as well."""
    devotees = ["orc-recruiter", "orc-drummer"]
    g = game({"cities": {"nirvana-of-the-undead": [*devotees, "shadow-in-the-dark", "mentor", "misled-orc"]},
              "deck": ["little-brother"] * 8}, {"deck": ["little-brother"] * 8}, step="tactics")
    nirvana, shadow = obj(g, "nirvana-of-the-undead"), obj(g, "shadow-in-the-dark")
    for victim in ("mentor", "misled-orc"):
        drive(g, [f"city:{nirvana}", *[f"devote:{obj(g, c)}" for c in devotees], "done"],
              lambda g: f"act:{shadow}:0" in keys(g) and window(g) == "play1"
              and g.state.objects[obj(g, "orc-recruiter")].exhausted)
        g.choose(f"act:{shadow}:0")
        g.choose(f"target:{obj(g, victim)}")
        drive(g, [], lambda g: g.decision.kind == "nirvana")
        assert RULES.settled_invariants(g.state) == []
        if victim == "mentor":
            g.choose("no")
    assert g.state.objects[shadow].zone == t.grave(ANN)  # its second -1/-1 counter: 0 defense, dead
    asked = {g.decision.options[0].ref}
    g.choose("no")
    drive(g, [], lambda g: g.decision.kind == "nirvana")
    asked.add(g.decision.options[0].ref)
    assert asked == {shadow, obj(g, "misled-orc")}


def test_poison_ivy_a_lethal_minus_one_counter_kills_before_the_next_unmark_choice() -> None:
    """R38 with M52: Bob's two sticky Ghouls (2 defense) each took a -1/-1 counter to unmark; two turns later
    the first one's second counter leaves it at 0 defense: it dies before Bob is asked about the other."""
    g = game({"cities": {"farmland": ["poison-ivy", "poison-ivy"]}, "deck": ["little-brother"] * 9},
             {"army": ["ghoul", "ghoul"], "deck": ["little-brother"] * 9})
    g1, g2 = obj(g, "ghoul", BOB, "army"), obj(g, "ghoul", BOB, "army", nth=1)
    i1, i2, farmland = obj(g, "poison-ivy"), obj(g, "poison-ivy", nth=1), obj(g, "farmland")
    drive(g, [f"city:{farmland}", f"attacker:{g1}", f"attacker:{g2}", f"block:{i1}:{g1}", f"block:{i2}:{g2}"],
          lambda g: g.state.turn == 3)
    drive(g, [f"unmark:{g1}", f"unmark:{g2}", f"city:{farmland}", f"attacker:{g1}", f"attacker:{g2}"],
          lambda g: g.state.turn == 5)
    assert all(g.state.objects[x].counters.get("def") == -1 and g.state.objects[x].exhausted for x in (g1, g2))
    drive(g, [], lambda g: g.decision.kind == "unmark_choice")
    g.choose(f"unmark:{g1}")
    assert g.decision.kind == "unmark_choice" and keys(g) == [f"unmark:{g2}", "done"]
    assert g.state.objects[g1].zone == t.grave(BOB) and RULES.settled_invariants(g.state) == []


def test_trebuchet_soldiers_binding_contract_marks_along_count_toward_its_cost() -> None:
    """M51 with Binding Contract: Ann marks the Bearer for the Trebuchet's cost; the Contract on it marks every
    creature sharing its place, the Spearman too, which counts as the second Soldier (it can't be marked
    again): the ability goes on, and both Soldiers skip the Unmark phases with the Trebuchet."""
    g = game({"army": ["trebuchet", "bearer", "spearman"], "hand": ["binding-contract"],
              "resources": {"house-of-nobles": 2}, "deck": ["ghoul"] * 8},
             {"army": ["majestic-griffin"], "deck": ["ghoul"] * 8})
    treb, bearer, spear = obj(g, "trebuchet"), obj(g, "bearer"), obj(g, "spearman")
    griffin = obj(g, "majestic-griffin")
    cast(g, "binding-contract", f"place:{bearer}")
    act(g, "trebuchet", 0, f"target:{griffin}", f"other:{bearer}")
    assert g.state.objects[griffin].zone == t.grave(BOB)
    assert all(g.state.objects[o].exhausted for o in (treb, bearer, spear))
    drive(g, [], lambda g: g.state.turn == 5 and g.state.phase == "play")
    assert all(g.state.objects[o].exhausted for o in (treb, bearer, spear))  # two Unmark phases skipped
