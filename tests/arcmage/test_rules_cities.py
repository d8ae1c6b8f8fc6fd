"""Cities: Effects (devotion, levels lowest first, permanent effects that fade), Movement, Creatures entering
a city, Defending a city (a destroyed city's residents)."""

from __future__ import annotations

from arc_play import ANN, BOB, RULES, choose, covers, game, keys, obj, pass_all, res, settle, stats

from cardgames.games.arcmage import board
from cardgames.games.arcmage import table as t


def _devote(g, city: str, *residents: str) -> None:  # type: ignore[no-untyped-def]
    choose(g, f"city:{obj(g, city)}", *[f"devote:{obj(g, r, zone='res')}" for r in residents], "done")


def test_effects_devotion_is_the_sum_of_loyalty_marks_and_levels_fire_lowest_first() -> None:
    """Effects: declared residents are marked; devotion = their loyalty marks; every level reached fires,
    lowest first (Warren L2: a Little Orc Token; L5: a Big Orc Token)."""
    g = game({"cities": {"warren": ["orc-recruiter", "orc-drummer"]}}, step="tactics")
    _devote(g, "warren", "orc-recruiter", "orc-drummer")  # loyalty 3 + 2 = 5
    settle(g)
    army = t.army(ANN)
    assert [o.card for o in g.state.cards_in(army)] == ["little-orc-token", "big-orc-token"]
    assert all(o.exhausted for o in g.state.cards_in(army))  # they enter marked
    assert board.devotion(RULES, g.state, obj(g, "warren")) == 5


def test_effects_permanent_level_active_while_devotion_holds_and_fades_at_unmark() -> None:
    """Second Sons' Army Camp L3 (perm): army creatures +2/+2 while the devotion holds; it fades when the
    devoted residents unmark in the next Unmark phase."""
    g = game({"cities": {"second-sons-army-camp": ["orc-recruiter"]}, "army": ["ghoul"]}, step="tactics")
    ghoul = obj(g, "ghoul")
    assert stats(g, ghoul) == (3, 2)
    _devote(g, "second-sons-army-camp", "orc-recruiter")
    settle(g)
    assert stats(g, ghoul) == (5, 4)
    while not (g.decision.kind == "turn" and g.decision.seat_index == ANN):  # through Bob's turn
        g.choose("noattack" if "noattack" in keys(g) else "done" if "done" in keys(g) else
                 "draw:2" if "draw:2" in keys(g) else "pass")
    assert stats(g, ghoul) == (5, 4)  # still active on the opponent's turn
    g.choose("draw:2")
    assert stats(g, ghoul) == (3, 2)  # unmarked: the effect fades


def test_effects_tokens_give_no_devotion() -> None:
    g = game({"cities": {"farmland": ["crop-token", "botanist"]}}, step="tactics")
    _devote(g, "farmland", "crop-token", "botanist")
    settle(g)
    assert board.devotion(RULES, g.state, obj(g, "farmland")) == 1


def test_effects_any_player_may_react_to_devotion() -> None:
    """Bob kills a declared devotee in the window: it is not marked, devotion is lower."""
    g = game({"cities": {"warren": ["orc-recruiter", "orc-drummer"]}}, {"hand": ["deadly-shock"],
                                                                         "resources": {"red-banner": 2}},
             step="tactics")
    _devote(g, "warren", "orc-recruiter", "orc-drummer")
    g.choose("pass")  # Ann
    choose(g, f"play:{obj(g, 'deadly-shock')}", "mode:0", f"target:{obj(g, 'orc-recruiter')}")
    settle(g)
    assert [o.card for o in g.state.cards_in(t.army(ANN))] == ["little-orc-token"]  # devotion 2 only


def test_creatures_enter_a_city_never_the_army_unless_sudden() -> None:
    g = game({"hand": ["orc-thug", "ghoul"], "resources": {"red-banner": 1, "dark-legion": 4}})
    choose(g, f"play:{obj(g, 'orc-thug')}")
    assert keys(g) == [f"place:{obj(g, 'farmland')}"]  # one of her cities; not the army
    g.choose(f"place:{obj(g, 'farmland')}")
    settle(g)
    assert g.state.objects[obj(g, "orc-thug")].zone == res(obj(g, "farmland"))
    choose(g, f"play:{obj(g, 'ghoul')}")
    assert f"place:{-(ANN + 1)}" in keys(g)  # Sudden: may go straight into the army
    choose(g, f"place:{-(ANN + 1)}")
    settle(g)
    assert g.state.objects[obj(g, "ghoul")].zone == t.army(ANN)
    covers("ghoul")


def test_movement_marks_and_a_city_is_used_once_per_turn() -> None:
    """Movement: unmarked creatures move army↔city or city→city, marked by it; a city may be the origin or
    destination of only one move per turn."""
    g = game({"cities": {"farmland": ["botanist", "kolibri"], "sanctuary": []}})
    farm, sanc = obj(g, "farmland"), obj(g, "sanctuary")
    choose(g, f"move:{obj(g, 'botanist')}", f"to:res:{sanc}")
    b = g.state.objects[obj(g, "botanist")]
    assert b.zone == res(sanc) and b.exhausted
    assert f"move:{obj(g, 'kolibri')}" not in keys(g)  # Farmland was the origin already
    assert "once" in dict(g.why_not(ANN))["Move Kolibri"] or "origin" in dict(g.why_not(ANN))["Move Kolibri"]
    assert farm in g.state.globals["moved_cities"]


def test_movement_travel_moves_without_marking() -> None:
    g = game({"army": ["merchant-ship"]})
    choose(g, f"move:{obj(g, 'merchant-ship')}", f"to:res:{obj(g, 'farmland')}")
    assert not g.state.objects[obj(g, "merchant-ship")].exhausted
    covers("merchant-ship")


def test_defending_a_city_destroyed_city_residents() -> None:
    """Defending a city: at 0 defense it goes to the graveyard; unmarked residents move to another city or
    the army (owner's choice), marked residents return to their owner's hand."""
    g = game({"army": ["majestic-griffin", "ghoul"]},
             {"cities": {"warren": ["orc-thug!", "misled-orc"], "tunnel-network": []}})
    warren = obj(g, "warren")
    pass_all(g)
    choose(g, f"city:{warren}", f"attacker:{obj(g, 'majestic-griffin')}", f"attacker:{obj(g, 'ghoul')}", "done")
    pass_all(g)
    g.choose("done")  # no defenders: 4 + 3 = 7 ≥ Warren's 6
    pass_all(g)
    assert g.decision.kind == "evacuate" and g.decision.seat_index == BOB
    g.choose(f"to:res:{obj(g, 'tunnel-network')}")
    assert g.state.objects[warren].zone == t.grave(BOB)
    assert g.state.objects[obj(g, "orc-thug")].zone == t.hand(BOB)
    assert g.state.objects[obj(g, "misled-orc")].zone == res(obj(g, "tunnel-network"))


def test_infiltrate_moves_into_an_opponents_city_and_never_defends_it() -> None:
    """Infiltrate (R37): the creature may move into an opponent's city (using that city's move), stays its
    controller's, and neither defends nor devotes there; from there Orc Thug hits a resident."""
    g = game({"army": ["orc-scout", "ghoul"]}, {"cities": {"warren": ["misled-orc"]}})
    thug, warren = obj(g, "orc-scout"), obj(g, "warren")
    choose(g, f"move:{thug}", f"to:res:{warren}")
    o = g.state.objects[thug]
    assert o.zone == res(warren) and o.controller == ANN and o.exhausted
    assert f"move:{obj(g, 'ghoul')}" in keys(g)  # the army has no move limit; Warren's move is used
    from cardgames.games.arcmage import legal_play
    assert legal_play.destinations(RULES, g.state, g.state.objects[obj(g, "ghoul")]) == [res(obj(g, "farmland"))]
    pass_all(g)
    choose(g, f"city:{warren}", f"attacker:{obj(g, 'ghoul')}", "done")
    pass_all(g)
    assert f"block:{thug}:{obj(g, 'ghoul')}" not in keys(g)
    covers("orc-scout")


def test_infiltrated_orc_thug_and_shadow_in_the_dark_act_in_the_city_they_share() -> None:
    from arc_play import act
    g2 = game({"cities": {"farmland": ["ghoul", "orc-thug", "shadow-in-the-dark"]}})
    act(g2, "orc-thug", 0, f"target:{obj(g2, 'ghoul')}")
    assert g2.state.objects[obj(g2, "ghoul")].zone == t.grave(ANN)
    g3 = game({"cities": {"farmland": ["majestic-griffin", "shadow-in-the-dark"]}})
    act(g3, "shadow-in-the-dark", 0, f"target:{obj(g3, 'majestic-griffin')}")
    assert g3.state.objects[obj(g3, "majestic-griffin")].zone == t.grave(ANN)
    assert stats(g3, obj(g3, "shadow-in-the-dark")) == (0, 1)  # it paid with a -1/-1 counter
    covers("orc-thug", "shadow-in-the-dark")


def test_little_brother_hurts_the_city_it_lives_in_at_its_owners_tactics() -> None:
    """R85: at the start of the Tactics phase of the city's owner — also an opponent's city it infiltrated."""
    g = game({"army": ["little-brother"]}, {"cities": {"warren": []}})
    choose(g, f"move:{obj(g, 'little-brother', zone='army')}", f"to:res:{obj(g, 'warren')}")
    while not (g.decision.kind == "turn" and g.decision.seat_index == BOB):
        g.choose("noattack" if "noattack" in keys(g) else "pass" if "pass" in keys(g) else g.decision.options[0].key)
    g.choose("draw:2")
    from arc_play import defense
    assert defense(g, obj(g, "warren")) == 5
    covers("little-brother")
