"""Simultaneous triggers and burst tokens (rulebook Q&A: Interaction; Tokens p.15)."""

from __future__ import annotations

from algomancy_play import ANN, BOB, attack, attack_with, block, card, cards, game, keys, pass_until_window, to_battle

from cardgames.engine.game import Game
from cardgames.games.algomancy.events import player_ref


def _after_combat(ann: list[str], bob: list[str]) -> Game:
    g = game({"region": ann}, {"region": bob})
    to_battle(g)
    attack(g, *[[u] for u in [o.id for o in g.state.cards_in("region:0")]])
    block(g, {})
    while g.decision.kind == "priority" and g.state.battle is not None and g.state.battle["step"] != "next":
        if g.state.chain or g.decision.kind != "priority":
            break
        g.choose("pass")
    return g


def test_the_non_initiative_players_triggers_go_on_the_stack_last_and_resolve_first() -> None:
    """Q&A (Interaction): "What happens when multiple abilities trigger simultaneously? Each player decides
    the order their effects go on the stack. NIT effects will enter the stack last and resolve before IT
    effects." (Smouldering Inferno: after combat, sacrifice me.)"""
    g = _after_combat(["smouldering-inferno"], ["smouldering-inferno"])
    assert [e.controller for e in g.state.chain] == [ANN, BOB]


def test_a_player_orders_their_own_simultaneous_triggers() -> None:
    """Q&A (Interaction): "Each player decides the order their effects go on the stack." Ann's Smouldering
    Inferno and Corrupting Blight both trigger after combat: she chooses which goes on the stack first."""
    g = game({"region": ["smouldering-inferno", "corrupting-blight"]})
    to_battle(g)
    attack(g, [card(g, "smouldering-inferno")], [card(g, "corrupting-blight")])
    block(g, {})
    while g.decision.kind == "priority":
        g.choose("pass")
    assert g.decision.kind == "order_triggers" and g.decision.seat_index == ANN
    blight = card(g, "corrupting-blight")
    assert sorted(int(o.ref or 0) for o in g.decision.options) == sorted([card(g, "smouldering-inferno"), blight])
    g.choose(next(o for o in g.decision.options if o.ref == blight))
    assert [e.source for e in g.state.chain] == [blight, card(g, "smouldering-inferno")]


def test_identical_triggers_are_put_on_the_stack_without_asking() -> None:
    """Q&A (Interaction): ordering matters only between different abilities; two of the same ability are
    stacked without a question (our ruling, to keep the game moving)."""
    g = _after_combat(["smouldering-inferno", "smouldering-inferno"], [])
    assert len(g.state.chain) == 2 and g.decision.kind == "priority"
    assert not any(d.kind == "order_triggers" for d in [g.decision])


def test_burst_tokens_are_played_all_at_once_each_its_own_spell() -> None:
    """Tokens (p.15): "Burst attribute: Requires the player to play all tokens with the same name at once."
    Note: "Multiple spell tokens played with burst are still individual spells, but they are played at the
    same time.\""""
    g = game({"region": ["tidepool-terror"]}, {"region": ["spark", "spark", "spark"]})
    attack_with(g, "tidepool-terror")
    pass_until_window(g, "battle:attack_window")
    g.choose("pass")
    sparks = cards(g, "spark")
    assert [k for k in keys(g) if k.startswith("token:")] == [f"token:{sparks[0]}"]
    g.choose(f"token:{sparks[0]}")
    for i in range(3):
        assert g.decision.kind == "target"
        assert ("back" in keys(g)) == (i == 0)  # once the burst is under way it cannot be taken back
        g.choose(f"target:{player_ref(ANN)}")
    assert [e.label for e in g.state.chain] == ["Spark"] * 3
    assert g.decision.kind == "priority" and g.decision.seat_index == BOB


def test_a_trigger_of_a_unit_in_the_first_players_region_happens_there() -> None:
    """Regions (an effect happens in the region where its source is): Bob's Thornback Lurker ambushes into his
    attack on Ann's region — region 0, the first seat's — and its spawn trigger ("place a −1/−1 counter on
    target enemy unit") targets Ann's Jelly there, not units of Bob's own region (region 0 is a region too)."""
    g = game({"region": ["jelly"]}, {"region": ["dune-drifter"], "hand": ["thornback-lurker"],
                                     "mana": {"wood": 3}}, initiative="Bob")
    to_battle(g)
    drifter, jelly, lurker = card(g, "dune-drifter"), card(g, "jelly"), card(g, "thornback-lurker")
    attack(g, [drifter])
    pass_until_window(g, "battle:attack_window")
    assert g.decision.seat_index == BOB
    g.choose(f"ambush:{lurker}")
    g.choose(f"target:{drifter}")
    while g.decision.kind == "priority" and g.state.chain:
        g.choose("pass")
    assert g.state.objects[lurker].zone == "region:0"
    assert g.decision.kind == "target" and g.decision.seat_index == BOB and keys(g) == [f"target:{jelly}"]
    g.choose(f"target:{jelly}")
    while g.decision.kind == "priority" and g.state.chain:
        g.choose("pass")
    assert g.state.objects[jelly].counters.get("-1/-1") == 1
