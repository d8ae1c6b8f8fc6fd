"""The fragment's worked examples as scenarios (Kitsune, Anubis, Spy Craft, Open the Gates, Twinkle
Twinkle, Haven Trainee), and the golden rules of 1.4 (can't beats can, my cards my zones, initiative
order, nothing is forever)."""

from __future__ import annotations

import pytest
from altered_play import ANN, BOB, card, covers, game, play, say, zone

from cardgames.engine import core_events as ce
from cardgames.engine.flow import Flow
from cardgames.engine.state import Frame, Json
from cardgames.games.altered import legal
from cardgames.games.altered import table as t


@covers("kitsune-r")
def test_1_4_5_kitsune_each_player_may_resupply_in_initiative_order() -> None:
    """Ninette (Ann) plays Kitsune: she says whether she Resupplies before Lithium (Bob) decides, and
    Bob does not see her top card before deciding: both Resupply together afterwards."""
    g = game({"hand": ["kitsune-r"], "mana": ["red"] * 2, "deck": ["lyra-skald"]}, {"deck": ["ordis-trooper"]})
    play(g, "kitsune-r", "exp:hero")
    assert g.decision.seat == "Ann" and g.decision.kind == "may"
    say(g, "yes")
    assert g.decision.seat == "Bob" and "Ann: yes" in g.decision.prompt
    assert zone(g, "reserve", ANN) == []  # not yet: Bob decides first without seeing it
    assert g.view(BOB).zones[t.reserve(ANN)].count == 0
    say(g, "no")
    assert zone(g, "reserve", ANN) == ["lyra-skald"] and zone(g, "reserve", BOB) == []


@covers("anubis")
def test_6_1_g_anubis_each_player_sacrifices_choices_in_initiative_order() -> None:
    """Lithium (Ann here, the active player) chooses first; Ninette sees his choice; both are
    sacrificed at once."""
    g = game(
        {"hand": ["anubis"], "mana": ["red"] * 5, "hero_expedition": ["ordis-trooper"]},
        {"hero_expedition": ["lyra-skald", "red"]},
    )
    play(g, "anubis", "exp:hero")
    assert g.decision.seat == "Ann" and g.decision.kind == "sacrifice"
    say(g, f"sacrifice:{card(g, 'ordis-trooper')}")
    assert g.decision.seat == "Bob" and "Ordis Trooper" in g.decision.prompt
    assert zone(g, "exp", ANN, "hero") == ["ordis-trooper", "anubis"]  # not yet sacrificed
    say(g, f"sacrifice:{card(g, 'red')}")
    assert zone(g, "exp", ANN, "hero") == ["anubis"] and zone(g, "exp", BOB, "hero") == ["lyra-skald"]
    assert "ordis-trooper" in zone(g, "discard", ANN) and "red" in zone(g, "discard", BOB)


@covers("spy-craft")
def test_6_1_c_spy_craft_sabotage_then_resupply_two_steps() -> None:
    g = game({"hand": ["spy-craft"], "mana": ["red"] * 2, "deck": ["lyra-skald"]}, {"reserve": ["red"]})
    play(g, "spy-craft", f"target:{card(g, 'red')}")
    assert "red" in zone(g, "discard", BOB)
    assert zone(g, "reserve", ANN) == ["lyra-skald"]  # second step
    assert "spy-craft" in zone(g, "discard", ANN)  # Fleeting: to Discard after resolving
    moves = [e for e in g.events if isinstance(e, ce.ObjectMoved) and e.id in (card(g, "red"), card(g, "lyra-skald"))]
    assert [g.state.objects[e.id].card for e in moves][-2:] == ["red", "lyra-skald"]  # sabotage first


@covers("open-the-gates")
def test_6_1_e_open_the_gates_one_step_four_atomic_actions(monkeypatch: pytest.MonkeyPatch) -> None:
    g = game({"hand": ["open-the-gates"], "mana": ["red"] * 5}, {})
    steps: list[object] = []  # each change of a resolving effect's step counter ("pc")
    update = Flow.update

    def watched(flow: Flow, frame: Frame, **changes: Json) -> None:
        if "pc" in changes:
            steps.append(changes["pc"])
        update(flow, frame, **changes)

    monkeypatch.setattr(Flow, "update", watched)
    play(g, "open-the-gates")
    assert zone(g, "exp", ANN, "hero") == ["ordis-recruit"] * 2
    assert zone(g, "exp", ANN, "companion") == ["ordis-recruit"] * 2
    assert steps == [0, 1]  # started, then one step done


@covers("twinkle-twinkle")
def test_2_2_13_twinkle_twinkle_emblem_lasts_this_turn_used_or_not() -> None:
    g = game({"reserve": ["twinkle-twinkle"], "hand": ["lyra-skald", "ordis-trooper"], "mana": ["red"] * 2}, {})
    say(g, "quick:")  # support: discard me from Reserve
    assert "twinkle-twinkle" in zone(g, "discard", ANN)
    labels = [o.label for o in g.decision.options]
    assert "Play Lyra Skald from Hand (1)" in labels and "Play Ordis Trooper from Hand (0)" in labels
    say(g, "pass")  # the turn ends unused: the emblem ceases to exist
    assert not [e for e in g.state.globals.get("emblems", []) if e["seat"] == ANN]


@covers("twinkle-twinkle")
def test_twinkle_twinkle_spell_puts_a_character_asleep() -> None:
    g = game({"hand": ["twinkle-twinkle"], "mana": ["red"] * 2}, {"hero_expedition": ["haven-warrior"]})
    play(g, "twinkle-twinkle", f"target:{card(g, 'haven-warrior')}")
    assert g.state.objects[card(g, "haven-warrior")].props.get("asleep")


@covers("haven-trainee-r")
def test_2_2_10_d_haven_trainee_support_next_character_gains_a_boost() -> None:
    g = game({"reserve": ["haven-trainee-r"], "hand": ["ordis-trooper"], "mana": ["red"]}, {})
    say(g, "quick:")
    play(g, "ordis-trooper", "exp:hero")
    assert g.state.objects[card(g, "ordis-trooper")].counters == {"boost": 1}


def test_1_4_1_b_an_impossible_cost_cannot_be_paid() -> None:
    g = game({"hand": ["haven-warrior"], "mana": ["red"] * 2}, {})
    assert g.decision.keys() == ["pass"]
    assert "costs 3 mana" in dict(g.why_not(ANN))["Play Haven Warrior from Hand"]


def test_1_4_1_c_impossible_part_skipped_rest_resolves() -> None:
    """Anubis with nobody else to sacrifice: Bob controls none, so only Ann sacrifices."""
    g = game({"hand": ["anubis"], "mana": ["red"] * 5}, {})
    play(g, "anubis", "exp:hero")
    say(g, "sacrifice:")
    assert zone(g, "exp", ANN, "hero") == [] and zone(g, "exp", BOB, "hero") == []


def test_1_4_3_my_cards_my_zones_sabotaged_card_goes_to_its_owner() -> None:
    g = game({"hand": ["tooth-fairy"], "mana": ["red"] * 2}, {"reserve": ["red"]})
    play(g, "tooth-fairy", "exp:hero")
    say(g, f"target:{card(g, 'red')}")
    assert zone(g, "discard", BOB) == ["red"] and zone(g, "discard", ANN) == []


def test_1_4_6_b_a_quick_action_a_hundred_times_a_day() -> None:
    g = game({"landmarks": ["kelonic-generator"], "mana": ["red"] * 2}, {})
    oid = card(g, "kelonic-generator")
    cards = g.ruleset.cards
    assert legal.usable_abilities(g.state, cards, ANN)
    Flow(g.ruleset, g.state, g.events).emit(ce.GlobalSet("uses", {f"q:{oid}:0": 100}))
    assert not legal.usable_abilities(g.state, cards, ANN)


def test_1_4_6_c_a_reaction_activates_a_hundred_times_a_day() -> None:
    g2 = game({"hand": ["ordis-cadets", "ordis-cadets"], "mana": ["red"] * 4}, {})
    oid = card(g2, "ordis-cadets", 1)
    Flow(g2.ruleset, g2.state, g2.events).emit(ce.GlobalSet("uses", {f"r:{oid}:ab:ordis-cadets:0": 100}))
    say(g2, f"play:{oid}")
    say(g2, "exp:hero")
    assert zone(g2, "exp", ANN, "hero") == ["ordis-cadets"]  # its reaction did not activate
    say(g2, "pass")
    play(g2, "ordis-cadets", "exp:hero")
    assert zone(g2, "exp", ANN, "hero") == ["ordis-cadets", "ordis-cadets", "ordis-recruit"]


def test_5_1_1_d_reactions_first_player_in_initiative_order_plays_all_theirs_first() -> None:
    g = game(
        {"landmarks": ["ordis-carrier", "aether-shard"]}, {"landmarks": ["ordis-carrier"]}, phase="noon", first="Bob"
    )
    assert zone(g, "exp", BOB, "companion") == ["ordis-recruit"]  # Bob's single reaction first
    assert g.decision.kind == "reaction" and g.decision.seat == "Ann"
    say(g, "Aether Shard")
    assert len(g.state.zones[t.hand(ANN)].cards) == 1
    assert zone(g, "exp", ANN, "companion") == ["ordis-recruit"]


@covers("achilles", "the-spindle-muna-bastion")
def test_tough_targeting_an_opponents_object_costs_more() -> None:
    g = game(
        {"hand": ["physical-training"], "mana": ["red"] * 3, "hero_expedition": ["ordis-trooper"]},
        {"hero_expedition": ["achilles", "lyra-skald"], "landmarks": ["the-spindle-muna-bastion"]},
    )
    play(g, "physical-training")
    keys = g.decision.keys()
    assert f"target:{card(g, 'achilles')}" not in keys  # 2 + Tough 3: too dear with 3 orbs
    assert f"target:{card(g, 'lyra-skald')}" not in keys  # Spindle: Tough 2 → 4
    assert f"target:{card(g, 'ordis-trooper')}" in keys  # my own: no Tough against me
    say(g, "cancel")
    g = game(
        {"hand": ["physical-training"], "mana": ["red"] * 5},
        {"hero_expedition": ["achilles"], "landmarks": ["the-spindle-muna-bastion"]},
    )
    play(g, "physical-training", f"target:{card(g, 'achilles')}")
    assert t.ready_orbs(g.state, ANN) == 0


def test_1_4_4_new_zone_new_object_counters_and_statuses_are_lost() -> None:
    g = game(
        {"hand": ["off-you-go"], "mana": ["red"] * 2},
        {"hero_expedition": [{"card": "lyra-skald", "boost": 2, "status": ["anchored"]}]},
    )
    play(g, "off-you-go", f"target:{card(g, 'lyra-skald')}")
    obj = g.state.objects[card(g, "lyra-skald")]
    assert obj.zone == t.reserve(BOB) and not obj.counters and not obj.props.get("anchored")


def test_2_2_10_f_abilities_work_only_while_in_play() -> None:
    """A Landmark's "At Noon" does nothing from the Reserve (and a support ability nothing in play)."""
    g = game({"reserve": ["ordis-carrier"], "hero_expedition": ["alice"]}, {}, phase="noon")
    assert zone(g, "exp", ANN, "companion") == []
    assert not any(k.startswith("quick:") for k in list(g.decision.keys()))


def test_2_2_10_e_a_token_has_the_abilities_its_effect_gives_it() -> None:
    g = game(
        {"hand": ["anubis"], "mana": ["red"] * 5, "companion_expedition": ["maw", "red"]},
        {},
        heroes=("sacrifice-engine", "after-you"),
    )
    play(g, "anubis", "exp:hero", f"sacrifice:{card(g, 'red')}")
    assert g.state.objects[card(g, "maw")].counters == {"boost": 2}


def test_6_1_d_a_cost_is_a_single_step_subhash() -> None:
    """Paying 1 and putting a card from Hand in Reserve happen in one step, before the effect."""
    g = game({"hand": ["red"], "mana": ["amelia-earhart"] * 2}, {}, phase="noon", heroes=("brassworks", "after-you"))
    say(g, "yes")
    assert g.decision.kind == "hand_to_reserve" and t.ready_orbs(g.state, ANN) == 2  # nothing paid yet
    say(g, "Red")
    assert t.ready_orbs(g.state, ANN) == 1 and zone(g, "reserve", ANN) == ["red"]
    assert g.decision.kind == "expedition"  # then the effect


def test_7_3_15_17_20_put_return_send_move_to_the_owners_zone() -> None:
    """Moonlight Jellyfish is put in its owner's Reserve from the discard pile (sacrificed, not Fleeting)."""
    g = game({"hand": ["anubis"], "mana": ["red"] * 5}, {"hero_expedition": ["moonlight-jellyfish"]})
    play(g, "anubis", "exp:hero", f"sacrifice:{card(g, 'anubis')}", f"sacrifice:{card(g, 'moonlight-jellyfish')}")
    assert zone(g, "reserve", BOB) == ["moonlight-jellyfish"] and zone(g, "discard", BOB) == []


def test_moonlight_jellyfish_that_was_fleeting_stays_discarded() -> None:
    g = game(
        {"hand": ["anubis"], "mana": ["red"] * 5},
        {"hero_expedition": [{"card": "moonlight-jellyfish", "status": ["fleeting"]}]},
    )
    play(g, "anubis", "exp:hero", f"sacrifice:{card(g, 'anubis')}", f"sacrifice:{card(g, 'moonlight-jellyfish')}")
    assert zone(g, "discard", BOB) == ["moonlight-jellyfish"]


def test_house_25_switching_expeditions_keeps_counters_and_statuses() -> None:
    g = game(
        {"hand": ["hooked"], "mana": ["red"]},
        {"hero_expedition": [{"card": "lyra-skald", "boost": 2, "status": ["anchored"]}]},
    )
    play(g, "hooked", f"target:{card(g, 'lyra-skald')}")
    obj = g.state.objects[card(g, "lyra-skald")]
    assert obj.zone == t.expedition(BOB, "companion") and obj.counters == {"boost": 2} and obj.props.get("anchored")


def test_house_21_passives_landmark_grants_apply_to_characters_in_play_only() -> None:
    """Haven gives your Characters "From Reserve — I gain a boost"; The Spindle gives them Tough 2."""
    g = game(
        {
            "landmarks": ["haven-bravos-bastion", "the-spindle-muna-bastion"],
            "reserve": ["lyra-skald"],
            "hand": ["ordis-trooper"],
            "mana": ["red"] * 3,
        },
        {},
    )
    play(g, "lyra-skald", "exp:hero")
    assert g.state.objects[card(g, "lyra-skald")].counters == {"boost": 1}
    assert t.tough(g.state, g.ruleset.cards, g.state.objects[card(g, "lyra-skald")]) == 2
    assert t.tough(g.state, g.ruleset.cards, g.state.objects[card(g, "ordis-trooper")]) == 0  # in Hand


@covers("the-sandman")
def test_house_26_a_reactions_tough_surcharge_is_paid_or_the_reaction_does_nothing() -> None:
    for orbs, asleep in ((3, False), (4, True)):
        g = game({"hand": ["the-sandman"], "mana": ["red"] * orbs}, {"hero_expedition": ["achilles"]})
        play(g, "the-sandman", "exp:hero", f"target:{card(g, 'achilles')}")
        assert bool(g.state.objects[card(g, "achilles")].props.get("asleep")) is asleep
        assert t.ready_orbs(g.state, ANN) == 0
