"""Dusk (fragment 1.3.2.e), Night (Rest, Clean-up) and the end (4.3: meeting, crossing, ties, the Arena)."""

from __future__ import annotations

from altered_play import ANN, BOB, card, game, pass_day, say, zone

from cardgames.games.altered import table as t


def dusk(ann: dict, bob: dict, **kw: object) -> object:
    """A game stopped just after Progress (Night's Clean-up asks nothing with empty Reserves, so the
    game runs on to the next decision: Morning's Expand)."""
    return game(ann, bob, phase="dusk", **kw)


def test_1_3_2_e_progress_moves_when_greater_and_above_zero() -> None:
    # Hero region has all three types: Ann's 2 Forest beats Bob's 1 → forward; Bob wins nothing.
    g = dusk({"hero_expedition": ["haven-warrior"]}, {"hero_expedition": ["ordis-trooper"]})
    assert t.position(g.state, ANN, "hero") == 1
    assert t.position(g.state, BOB, "hero") == 0


def test_1_3_2_e_a_tie_is_not_enough_and_zero_never_moves() -> None:
    g = dusk(
        {"hero_expedition": ["ordis-trooper"], "companion_expedition": ["ouroboros-trickster"]},
        {"hero_expedition": ["ordis-trooper"]},
    )
    assert t.position(g.state, ANN, "hero") == 0 and t.position(g.state, BOB, "hero") == 0
    assert t.position(g.state, ANN, "companion") == 7  # 0/0/0 against nothing: 0 is never enough


def test_dusk_statistics_use_my_own_region_types_spec_worked_example() -> None:
    """Spec §5.4: mine 4/5/2 on a [Mountain, Water] region against 6/5/1 on the hero region:
    Forest is not my region's type, Mountain ties, Water 2 > 1 → I move; they win Forest → they move."""
    mine = ["lyra-skald", "ordis-cadets"] + ["muna-caregiver"] * 4  # 4/5/2
    theirs = ["haven-trainee"] + ["ordis-cadets"] * 3 + ["muna-caregiver"]  # 6/5/1
    probe = game({}, {}, phase="afternoon", seed=5, revealed=[0, 1, 2])
    spot = next(
        i for i in range(1, 7) if set(t.region_types(probe.state, probe.ruleset.cards, i)) == {"mountain", "water"}
    )
    g = game(
        {"hero_expedition": mine, "hero_at": spot},
        {"hero_expedition": theirs},
        phase="afternoon",
        seed=5,
        revealed=[0, 1, 2],
    )
    cards = g.ruleset.cards
    assert t.expedition_stats(g.state, cards, ANN, "hero") == {"forest": 4, "mountain": 5, "water": 2}
    assert t.expedition_stats(g.state, cards, BOB, "hero") == {"forest": 6, "mountain": 5, "water": 1}
    say(g, "pass")
    say(g, "pass")
    assert t.position(g.state, ANN, "hero") == spot + 1
    assert t.position(g.state, BOB, "hero") == 1


def test_asleep_characters_count_for_nothing_at_dusk() -> None:
    g = dusk(
        {"hero_expedition": [{"card": "haven-warrior", "status": ["asleep"]}]}, {"hero_expedition": ["ordis-trooper"]}
    )
    assert t.position(g.state, ANN, "hero") == 0 and t.position(g.state, BOB, "hero") == 1


def test_defender_expedition_cannot_move_forward_at_dusk() -> None:
    g = dusk({"hero_expedition": ["monolith-archivist", "haven-warrior"]}, {})
    assert t.position(g.state, ANN, "hero") == 0


def test_verdantback_is_defender_unless_two_other_plants() -> None:
    g = dusk({"hero_expedition": ["verdantback"]}, {"hero_expedition": ["verdantback", "kodama", "sneezer-shroom"]})
    assert t.position(g.state, ANN, "hero") == 0
    assert t.position(g.state, BOB, "hero") == 1


def test_gigantic_characters_are_in_both_expeditions() -> None:
    g = dusk({"hero_expedition": ["atlas"]}, {})
    assert t.position(g.state, ANN, "hero") == 1 and t.position(g.state, ANN, "companion") == 6


def test_entering_a_tumult_region_turns_its_card_face_up() -> None:
    g = dusk({"hero_expedition": ["ordis-trooper"]}, {})
    assert g.state.zones[t.revealed(0)].cards and not g.state.zones[t.tumult(0)].cards
    assert g.view(BOB).zones[t.revealed(0)].cards[0].name.startswith("Tumult")


def test_night_rest_sends_characters_to_reserve_with_the_exceptions() -> None:
    g = game(
        {
            "hero_expedition": [
                "lyra-skald",
                {"card": "lady-of-the-lake", "status": ["fleeting"]},
                {"card": "kodama", "status": ["asleep"]},
                {"card": "ordis-trooper", "status": ["anchored"]},
                {"card": "red", "boost": 2},
            ],
            "companion_expedition": ["hydracaena", "brassbug"],
        },
        {},
        phase="rest",
    )
    s = g.state
    assert zone(g, "exp", ANN, "hero") == ["kodama", "ordis-trooper"]  # stayed, and lost the status
    assert not s.objects[card(g, "kodama")].props.get("asleep")
    assert not s.objects[card(g, "ordis-trooper")].props.get("anchored")
    assert zone(g, "exp", ANN, "companion") == ["hydracaena"]  # Eternal; the token ceased to exist
    assert s.objects[card(g, "brassbug")].zone == t.GONE
    assert "lady-of-the-lake" in zone(g, "discard", ANN)  # Fleeting → discard


def test_seasoned_keeps_its_boosts_in_reserve_others_lose_them() -> None:
    g = game({"hero_expedition": [{"card": "red", "boost": 2}, {"card": "lyra-skald", "boost": 1}]}, {}, phase="rest")
    s = g.state
    assert s.objects[card(g, "red")].counters.get("boost") == 2
    assert not s.objects[card(g, "lyra-skald")].counters


def test_night_cleanup_keeps_reserve_and_landmark_limits() -> None:
    g = game(
        {"reserve": ["red", "lyra-skald", "ordis-trooper"], "landmarks": ["ordis-carrier", "aether-shard", "harvest"]},
        {},
        phase="rest",
    )
    assert g.decision.kind == "cleanup" and g.decision.seat == "Ann"
    say(g, "Discard Ordis Trooper")
    say(g, "Discard Harvest")
    assert zone(g, "reserve", ANN) == ["red", "lyra-skald"]
    assert sorted(zone(g, "discard", ANN)) == ["harvest", "ordis-trooper"]


def test_4_3_a_expeditions_meeting_win_at_the_end_of_night() -> None:
    g = game(
        {"hero_expedition": ["haven-warrior"], "hero_at": 5, "companion_at": 6}, {}, phase="dusk", revealed=[0, 1, 2]
    )
    assert g.outcome is not None and g.outcome.winners == [ANN]


def test_4_3_b_expeditions_crossing_win() -> None:
    g = game({"hero_at": 5, "companion_at": 4}, {}, phase="rest", revealed=[0, 1, 2])
    assert g.outcome is not None and g.outcome.winners == [ANN]


def test_both_meet_the_greater_total_distance_wins() -> None:
    g = game({"hero_at": 5, "companion_at": 4}, {"hero_at": 4, "companion_at": 4}, phase="rest", revealed=[0, 1, 2])
    assert g.outcome is not None and g.outcome.winners == [ANN]


def test_4_3_c_d_e_same_distance_starts_tiebreakers_in_the_arena() -> None:
    g = game({"hero_at": 4, "companion_at": 4}, {"hero_at": 3, "companion_at": 3}, phase="rest", revealed=[0, 1, 2])
    assert g.outcome is None and g.state.globals.get("arena")
    assert all(t.region_types(g.state, g.ruleset.cards, i) == ("forest", "mountain", "water") for i in range(8))


def test_4_3_h_arena_the_player_winning_more_statistics_wins() -> None:
    g = game(
        {"hero_expedition": ["haven-warrior"], "companion_expedition": ["lyra-skald"]},
        {"hero_expedition": ["kodama"]},
        phase="dusk",
        arena=True,
    )
    # Ann 7/2/6 against Bob 3/3/3: Ann wins Forest and Water.
    assert g.outcome is not None and g.outcome.winners == [ANN]


def test_4_3_h_arena_equal_wins_the_game_goes_on_and_4_3_g_nobody_moves() -> None:
    g = game({"hero_expedition": ["haven-warrior"]}, {"hero_expedition": ["haven-warrior"]}, phase="dusk", arena=True)
    assert g.outcome is None
    assert t.position(g.state, ANN, "hero") == 0


def test_house_17_day_cap_greater_distance_wins() -> None:
    g = game({"hero_at": 2}, {"hero_at": 1}, phase="rest", day=40, revealed=[0, 1, 2])
    assert g.outcome is not None and g.outcome.winners == [ANN]
    pass_day(g)
