"""Resources, Card Layout and Playing a card: loyalty paid from the card's own faction, the rest from any,
marked resources spent for the turn, produced resources that expire, X costs, Barracks' discount."""

from __future__ import annotations

from arc_play import ANN, choose, covers, game, keys, obj, settle

from cardgames.games.arcmage import table as t


def test_playing_a_card_needs_its_loyalty_from_its_own_faction() -> None:
    """Card Layout: loyalty marks say how many of the cost must be the card's own faction's resources."""
    g = game({"hand": ["majestic-griffin"], "resources": {"gaian": 2, "empire": 3}})
    assert f"play:{obj(g, 'majestic-griffin')}" not in keys(g)  # cost 5, loyalty 3: only 2 Gaian
    why = dict(g.why_not(ANN))
    assert "loyalty" in why["Majestic Griffin"]
    g = game({"hand": ["majestic-griffin"], "resources": {"gaian": 3, "empire": 2}})
    assert f"play:{obj(g, 'majestic-griffin')}" in keys(g)


def test_the_rest_of_the_cost_from_any_faction_the_player_picks() -> None:
    g = game({"hand": ["ghoul"], "resources": {"dark-legion": 2, "gaian": 1, "empire": 1}})
    choose(g, f"play:{obj(g, 'ghoul')}", f"place:{obj(g, 'farmland')}")
    assert g.decision.kind == "pay" and set(keys(g)) == {"pay:gaian", "pay:empire"}  # loyalty 2 paid already
    choose(g, "pay:empire")  # then only Gaian is left: paid without asking
    marked = [o.props["faction"] for o in g.state.cards_in(t.vault(ANN)) if o.exhausted]
    assert sorted(marked) == ["dark-legion", "dark-legion", "empire", "gaian"]


def test_marked_resources_are_spent_for_the_turn() -> None:
    g = game({"hand": ["ghoul", "ghoul"], "resources": {"dark-legion": 4}})
    choose(g, f"play:{obj(g, 'ghoul', zone='hand')}", f"place:{obj(g, 'farmland')}")
    settle(g)
    assert not [k for k in keys(g) if k.startswith("play:")]  # all 4 marked


def test_produced_resources_expire_at_the_end_of_the_turn() -> None:
    """Resources: all produced but unspent resources expire at the end of each turn (Kolibri makes one)."""
    g = game({"army": ["kolibri"]})
    choose(g, f"act:{obj(g, 'kolibri')}:0")
    settle(g)
    assert g.state.players[ANN].counters["pool:gaian"] == 1
    while g.decision.kind != "turn":
        g.choose("noattack" if "noattack" in keys(g) else "pass")
    assert g.state.players[ANN].counters["pool:gaian"] == 0


def test_variable_resource_costs_x() -> None:
    """Variable Resource Costs: Grassroots costs X (loyalty 2, so X ≥ 2); X grassroot counters."""
    g = game({"hand": ["grassroots"], "army": ["ghoul"], "resources": {"gaian": 3}})
    ghoul = obj(g, "ghoul")
    choose(g, f"play:{obj(g, 'grassroots')}", f"place:{ghoul}")
    assert keys(g) == ["x:2", "x:3"]  # R7: X at least its loyalty 2; at most what she can pay
    g.choose("x:3")
    settle(g)
    o = g.state.objects[ghoul]
    assert o.counters["grassroot"] == 3 and o.exhausted
    covers("grassroots")


def test_barracks_l3_soldiers_cost_one_less() -> None:
    g = game({"hand": ["mentor"], "resources": {"empire": 2},
              "cities": {"barracks": ["conscript", "mentor", "bearer"]}}, step="tactics")
    assert f"play:{obj(g, 'mentor', zone='hand')}" not in keys(g) if g.decision.kind == "priority" else True
    barracks = obj(g, "barracks")
    choose(g, f"city:{barracks}", *[f"devote:{obj(g, c, zone='res')}" for c in ("conscript", "mentor", "bearer")],
           "done")
    settle(g)
    assert g.decision.kind == "priority"
    assert f"play:{obj(g, 'mentor', zone='hand')}" in keys(g)  # cost 3 → 2
