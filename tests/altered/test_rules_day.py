"""The Day, phase by phase (fragment 1.3.2, 4.2, 4.2.3; spec §4–5): tests named after the sections."""

from __future__ import annotations

from altered_play import ANN, BOB, card, game, pass_day, play, say, zone

from cardgames.api import new_game
from cardgames.games.altered import table as t


def test_setup_adventure_track_hero_region_three_tumults_companion_region() -> None:
    """Spec §2.2/§4: three different tumult cards face down (hidden from both) in random order and
    orientation between the hero and companion regions; markers at 0 and 7."""
    orders = set()
    for seed in range(12):
        g = new_game("altered", ["Ann", "Bob"], seed=seed)
        s = g.state
        cards = tuple(s.objects[s.zones[t.tumult(k)].cards[0]].card for k in range(3))
        flips = tuple(bool(s.objects[s.zones[t.tumult(k)].cards[0]].props.get("flipped")) for k in range(3))
        assert sorted(cards) == ["tumult-forest", "tumult-mountain", "tumult-water"]
        orders.add((cards, flips))
        for seat in (ANN, BOB):
            assert t.position(s, seat, "hero") == 0 and t.position(s, seat, "companion") == 7
            view = g.view(seat)
            assert all(view.zones[t.tumult(k)].cards == [] for k in range(3))
    assert len(orders) > 3


def test_day_one_morning_draw_six_put_three_orbs_ready() -> None:
    """Spec §4.6: Day 1 replaces Morning — six cards, three of them into the Mana zone, ready."""
    g = new_game(
        "altered",
        ["Ann", "Bob"],
        seed=3,
        options={"first": "Bob", "decks": {"Ann": "after-you", "Bob": "sacrifice-engine"}},
    )
    assert g.decision.kind == "orbs" and g.decision.seat == "Bob"
    for _ in range(3):
        g.choose(g.decision.options[0])
    assert g.decision.seat == "Ann"
    for _ in range(3):
        g.choose(g.decision.options[0])
    for seat in (ANN, BOB):
        assert len(g.state.zones[t.hand(seat)].cards) == 3
        assert t.ready_orbs(g.state, seat) == 3
    assert g.decision.kind == "turn" and g.decision.seat == "Bob"


def test_1_3_2_b_morning_succeed_prepare_draw_expand() -> None:
    g = game(
        {
            "deck": ["ordis-trooper"] * 5,
            "hand": ["lyra-skald"],
            "mana": ["red"] * 2,
            "orbs_exhausted": 2,
            "landmarks": [{"card": "kelonic-generator", "exhausted": True}],
        },
        {"deck": ["ordis-trooper"] * 5},
        first="Ann",
        phase="rest",
        day=2,
    )
    # Night of day 2 (nothing to clean up), then Morning of day 3.
    assert g.decision.kind == "expand" and g.decision.seat == "Bob"  # Succeed: Bob is first now
    assert t.first_player(g.state) == BOB
    assert t.ready_orbs(g.state, ANN) == 2  # Prepare readied the exhausted orbs
    assert not g.state.objects[card(g, "kelonic-generator")].exhausted
    assert len(g.state.zones[t.hand(ANN)].cards) == 3  # drew two
    say(g, "skip")
    assert g.decision.kind == "expand" and g.decision.seat == "Ann"
    say(g, "Lyra Skald")
    assert zone(g, "mana", ANN).count("lyra-skald") == 1 and t.ready_orbs(g.state, ANN) == 3


def test_1_3_2_c_noon_only_at_noon_reactions() -> None:
    g = game({"landmarks": ["ordis-carrier"]}, {}, phase="noon")
    assert zone(g, "exp", ANN, "companion") == ["ordis-recruit"]
    assert g.decision.kind == "turn"


def test_1_3_2_d_afternoon_alternate_until_both_pass() -> None:
    g = game(
        {"hand": ["ordis-trooper", "ordis-trooper"], "mana": ["red"] * 4},
        {"hand": ["lady-of-the-lake"], "mana": ["red"] * 4},
    )
    assert g.decision.seat == "Ann"
    play(g, "ordis-trooper", "exp:hero")
    assert g.decision.seat == "Bob"  # playing a card ends the turn
    say(g, "pass")
    assert g.decision.seat == "Ann"  # Bob passed: Ann keeps taking turns alone
    play(g, "ordis-trooper", "exp:companion")
    assert g.decision.seat == "Ann" and g.decision.kind == "turn"  # Bob gets no more turns
    assert g.state.players[BOB].props.get("passed") and not g.state.players[ANN].props.get("passed")
    say(g, "pass")  # both passed: the Afternoon ends; Dusk and Night run; Morning's Expand asks
    assert g.decision.kind == "expand" and t.day(g.state) == 3
    assert not g.state.players[BOB].props.get("passed")


def test_4_2_3_c_quick_action_does_not_end_the_turn() -> None:
    g = game({"landmarks": ["kelonic-generator"], "mana": ["red"] * 3, "deck": ["red", "red"]}, {})
    say(g, "quick:")
    assert g.decision.seat == "Ann" and g.decision.kind == "turn"
    assert len(g.state.zones[t.hand(ANN)].cards) == 1
    assert g.state.objects[card(g, "kelonic-generator")].exhausted


def test_7_3_2_after_you_ends_the_turn_but_is_not_passing() -> None:
    g = game({"reserve": ["alice"], "hand": ["ordis-trooper"], "mana": ["red"]}, {})
    say(g, "quick:")
    assert g.decision.seat == "Bob"
    assert not g.state.players[ANN].props.get("passed")
    say(g, "pass")
    assert g.decision.seat == "Ann"  # Ann has not passed: she takes another turn
    play(g, "ordis-trooper", "exp:hero")
    assert zone(g, "exp", ANN, "hero") == ["ordis-trooper"]


def test_2_2_10_g_support_abilities_work_only_ready_in_reserve() -> None:
    g = game({"reserve": [{"card": "alice", "exhausted": True}], "hand": ["alice"], "mana": ["red"]}, {})
    assert not any(k.startswith("quick:") for k in list(g.decision.keys()))
    why = dict(g.why_not(ANN))
    assert "exhausted" in why["Use Alice's support ability"]


def test_reserve_cards_played_gain_fleeting_and_go_to_discard_at_rest() -> None:
    g = game({"reserve": ["lyra-skald"], "mana": ["red"] * 2}, {})
    play(g, "lyra-skald", "exp:hero")
    assert g.state.objects[card(g, "lyra-skald")].props.get("fleeting")
    pass_day(g)
    assert "lyra-skald" in zone(g, "discard", ANN)


def test_spells_go_to_reserve_after_resolving_or_discard_if_fleeting() -> None:
    g = game({"hand": ["magical-training", "charge"], "mana": ["red"] * 4, "deck": ["red"] * 3}, {})
    play(g, "magical-training")
    assert "magical-training" in zone(g, "reserve", ANN)
    say(g, "pass")
    play(g, "charge")
    assert "charge" in zone(g, "discard", ANN)


def test_exhausted_reserve_cards_cannot_be_played() -> None:
    g = game({"reserve": [{"card": "lyra-skald", "exhausted": True}], "mana": ["red"] * 3}, {})
    assert g.decision.keys() == ["pass"]
    assert "exhausted" in dict(g.why_not(ANN))["Play Lyra Skald from Reserve"]


def test_mana_orbs_pay_hand_and_reserve_costs() -> None:
    g = game({"hand": ["haven-trainee"], "reserve": ["ratatoskr"], "mana": ["red"] * 3}, {})
    labels = [o.label for o in g.decision.options]
    assert "Play Haven Trainee from Hand (2)" in labels and "Play Ratatoskr from Reserve (3)" in labels
    play(g, "haven-trainee", "exp:hero")
    assert t.ready_orbs(g.state, ANN) == 1
    assert g.state.players[ANN].counters["orbs_exhausted"] == 2


def test_house_3_counters_on_a_reserve_card_stay_when_it_is_played_from_reserve() -> None:
    """A Seasoned Character keeps its boosts in Reserve, and brings them back into play."""
    g = game({"reserve": [{"card": "red", "boost": 2}], "mana": ["red"] * 2}, {})
    play(g, "red", "exp:hero")
    assert g.state.objects[card(g, "red")].counters == {"boost": 2}


def test_house_2_no_maximum_hand_size() -> None:
    g = game({"hand": ["ordis-trooper"] * 12, "deck": ["red"] * 4}, {}, phase="rest")
    assert len(g.state.zones[t.hand(ANN)].cards) == 14  # Night took nothing; Morning drew two


def test_house_24_an_empty_deck_takes_the_shuffled_discard_pile_and_nobody_loses() -> None:
    g = game({"deck": [], "discard": ["red", "lyra-skald", "ordis-trooper"]}, {}, phase="rest")
    assert sorted(zone(g, "hand", ANN)) in (["lyra-skald", "ordis-trooper"], ["lyra-skald", "red"],
                                            ["ordis-trooper", "red"])
    assert len(zone(g, "deck", ANN)) == 1 and zone(g, "discard", ANN) == [] and g.outcome is None
    g = game({"deck": [], "discard": []}, {}, phase="rest")
    assert zone(g, "hand", ANN) == [] and g.outcome is None
