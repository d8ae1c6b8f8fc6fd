"""Events, Order of Resolution, Magic and Conflicting rules: events at any time by any player, last in
first out, magic only in one's own Play phase, targets checked on resolution, a countered card."""

from __future__ import annotations

from arc_play import ANN, BOB, choose, game, keys, obj, pass_all

from cardgames.games.arcmage import table as t


def test_events_any_player_may_respond_last_in_first_out() -> None:
    """Ann plays Deadly Shock at Bob's Ghoul; Bob answers with Whirlwind on it: the Ghoul goes to the top of
    his deck first, so the shock finds no target."""
    g = game({"hand": ["deadly-shock"], "resources": {"red-banner": 2}},
             {"army": ["ghoul"], "hand": ["whirlwind"], "resources": {"house-of-nobles": 2}})
    ghoul = obj(g, "ghoul")
    choose(g, f"play:{obj(g, 'deadly-shock')}", "mode:0", f"target:{ghoul}")
    assert g.decision.seat_index == BOB and g.decision.kind == "priority"
    choose(g, f"play:{obj(g, 'whirlwind')}", f"target:{ghoul}")
    assert [e.label for e in g.state.chain] == ["Deadly Shock", "Whirlwind"]
    pass_all(g)
    assert g.state.zones[t.deck(BOB)].cards[-1] == ghoul
    assert [c for c in ("deadly-shock", "whirlwind") if g.state.objects[obj(g, c)].zone.startswith("grave")] \
        == ["deadly-shock", "whirlwind"]


def test_events_may_be_played_on_an_opponents_turn() -> None:
    g = game({"army": ["ghoul"]}, {"hand": ["deadly-shock"], "resources": {"red-banner": 2}})
    choose(g, f"move:{obj(g, 'ghoul')}", f"to:res:{obj(g, 'farmland')}")
    g.choose("pass")  # Ann ends her play phase; Bob may act
    assert g.decision.seat_index == BOB
    assert f"play:{obj(g, 'deadly-shock')}" in keys(g)


def test_magic_only_in_your_own_play_phase() -> None:
    g = game({"army": ["ghoul"]}, {"hand": ["whirlwind", "rotten-deal"], "resources": {"dark-legion": 3,
                                                                                      "house-of-nobles": 2}})
    choose(g, f"move:{obj(g, 'ghoul')}", f"to:res:{obj(g, 'farmland')}")
    g.choose("pass")
    assert f"play:{obj(g, 'rotten-deal')}" not in keys(g)
    assert "own Play phases" in dict(g.why_not(BOB))["Rotten Deal"]


def test_targets_checked_again_on_resolution_fizzle() -> None:
    """A card whose every target is gone does nothing; its cost stays spent (R24)."""
    g = game({"hand": ["deadly-shock"], "resources": {"red-banner": 2}},
             {"army": ["ghoul"], "hand": ["deadly-shock"], "resources": {"red-banner": 2}})
    ghoul = obj(g, "ghoul")
    choose(g, f"play:{obj(g, 'deadly-shock', ANN)}", "mode:0", f"target:{ghoul}")
    choose(g, f"play:{obj(g, 'deadly-shock', BOB)}", "mode:0", f"target:{ghoul}")  # Bob kills his own
    pass_all(g)
    assert g.state.objects[ghoul].zone == t.grave(BOB)
    assert any("fizzled" in line for line in g.log(ANN))
    assert all(o.exhausted for o in g.state.cards_in(t.vault(ANN)))


def test_erode_counters_a_card_being_played() -> None:
    g = game({"hand": ["ghoul"], "resources": {"dark-legion": 4}},
             {"hand": ["erode"], "resources": {"house-of-nobles": 2}})
    ghoul = obj(g, "ghoul")
    choose(g, f"play:{ghoul}", f"place:{obj(g, 'farmland')}")
    choose(g, f"play:{obj(g, 'erode')}", f"target:{ghoul}")  # no enchantment: one mode
    pass_all(g)
    assert g.state.objects[ghoul].zone == t.grave(ANN) and not g.state.chain
    assert len(g.state.zones[t.hand(ANN)].cards) == 1  # Erode: each opponent may draw 1


def test_conflicting_rules_cant_beats_can() -> None:
    """Conflicting rules: "can't" outweighs "can": a Soldier that must attack (Spearman) but can't attack
    Dark Legion cities (Fear of the Dark) is not forced to attack one."""
    g = game({"army": ["spearman", "bearer"], "hand": ["fear-of-the-dark"], "resources": {"dark-legion": 2}},
             {"cities": {"lobotomized-library": []}})
    bearer = obj(g, "bearer")
    choose(g, f"play:{obj(g, 'fear-of-the-dark')}", f"place:{bearer}")
    pass_all(g)
    assert g.decision.kind == "attack"
    assert "noattack" not in keys(g)  # Spearman itself must attack
    g.choose(f"city:{obj(g, 'lobotomized-library')}")
    assert f"attacker:{bearer}" not in keys(g)  # can't, though it must
    g.choose(f"attacker:{obj(g, 'spearman')}")
    assert "done" in keys(g)  # not forced
