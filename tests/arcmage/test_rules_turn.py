"""Turn Structure: Unmark, Draw & Resource, Discard, Founding a city, and Winning (defeat and ties)."""

from __future__ import annotations

from arc_play import ANN, BOB, choose, game, keys, obj, pass_all, to_turn_of

from cardgames.games.arcmage import table as t


def test_draw_and_resource_three_courses() -> None:
    """Draw 2 and no resource; or draw 1 and up to 1 resource; or draw 0 and make 2 (needs 2 cards)."""
    g = game({"hand": ["ghoul", "wight"]}, step="choose")
    assert keys(g) == ["draw:2", "draw:1", "draw:0", "concede"]
    g.choose("draw:2")
    assert len(g.state.zones[t.hand(ANN)].cards) == 4
    assert g.decision.kind != "resource"


def test_draw_and_resource_draw_one_then_optionally_one_resource_of_any_faction() -> None:
    g = game({"hand": ["ghoul"]}, step="choose")
    g.choose("draw:1")
    assert g.decision.kind == "resource" and "done" in keys(g)
    ghoul = obj(g, "ghoul")
    choose(g, f"res:{ghoul}", "faction:gaian")  # the card's own faction does not matter
    o = g.state.objects[ghoul]
    assert o.zone == t.vault(ANN) and o.props["face_down"] and o.props["faction"] == "gaian"
    assert len(g.state.zones[t.hand(ANN)].cards) == 1  # the drawn card
    # Resource cards are face down: Bob sees only a Gaian resource card.
    assert all(c.hidden and c.back == "Gaian resource" for c in g.view(BOB).zones[t.vault(ANN)].cards)


def test_draw_and_resource_draw_zero_needs_two_resources_and_two_cards() -> None:
    g = game({"hand": ["ghoul"]}, step="choose")
    assert "draw:0" not in keys(g)
    g = game({"hand": []}, step="choose")
    assert keys(g) == ["draw:2", "draw:1", "concede"]  # an empty hand must draw
    g = game({"hand": ["ghoul", "wight"]}, step="choose")
    g.choose("draw:0")
    assert g.decision.kind == "resource" and "done" not in keys(g)
    choose(g, f"res:{obj(g, 'ghoul')}", "faction:dark-legion", f"res:{obj(g, 'wight')}", "faction:dark-legion")
    assert len(g.state.zones[t.vault(ANN)].cards) == 2


def test_unmark_unmarks_all_but_entangled() -> None:
    """Unmark: all the player's marked cards unmark; Entangled keeps its creature marked (card text)."""
    g = game({"army": ["ghoul!", "wight!"], "marked_resources": {"gaian": 2}}, step="choose")
    wight = obj(g, "wight")
    g2 = game({"army": ["ghoul!", "wight!"], "hand": ["entangled"], "resources": {"house-of-nobles": 3}})
    w2 = obj(g2, "wight")
    choose(g2, f"play:{obj(g2, 'entangled')}", f"place:{w2}")
    pass_all(g2)
    assert g2.state.objects[obj(g2, "entangled")].attached_to == w2
    g.choose("draw:2")
    assert not g.state.objects[wight].exhausted
    assert not any(o.exhausted for o in g.state.cards_in(t.vault(ANN)))
    to_turn_of(g2, BOB)  # Bob's turn ...
    g2.choose("draw:2")
    to_turn_of(g2, ANN)
    g2.choose("draw:2")
    assert g2.state.objects[w2].exhausted and not g2.state.objects[obj(g2, "ghoul")].exhausted


def test_discard_down_to_seven_only_with_eight_or_more() -> None:
    g = game({"hand": ["ghoul"] * 3 + ["wight"] * 3 + ["nightgaunt"] * 3})
    pass_all(g)
    assert g.decision.kind == "attack" or g.decision.kind == "discard"
    if g.decision.kind == "attack":
        g.choose(g.decision.options[-1].key)
    pass_all(g)
    assert g.decision.kind == "discard" and g.decision.seat_index == ANN
    g.choose(g.decision.options[0])
    g.choose(g.decision.options[0])
    assert len(g.state.zones[t.hand(ANN)].cards) == 7
    assert g.decision.kind == "turn" and g.decision.seat_index == BOB


def test_founding_a_city_skips_the_whole_turn() -> None:
    """Founding a city: skip an entire turn and put an unbuilt city into play; nothing is drawn."""
    g = game({"unbuilt": ["sanctuary"], "army": ["ghoul!"]}, step="choose")
    deck = len(g.state.zones[t.deck(ANN)].cards)
    g.choose("found")
    g.choose(f"found:{obj(g, 'sanctuary')}")
    assert g.state.objects[obj(g, "sanctuary")].zone == t.kingdom(ANN)
    pass_all(g)
    assert g.decision.kind == "turn" and g.decision.seat_index == BOB
    assert len(g.state.zones[t.deck(ANN)].cards) == deck
    assert g.state.objects[obj(g, "ghoul")].exhausted  # no Unmark either


def test_winning_drawing_from_an_empty_deck_defeats() -> None:
    g = game({"deck": ["ghoul"]}, step="choose")
    g.choose("draw:2")
    assert g.outcome is not None and g.outcome.winners == [BOB]


def test_winning_drawing_the_last_card_is_safe() -> None:
    g = game({"deck": ["ghoul"]}, step="choose")
    g.choose("draw:1")
    assert g.outcome is None


def test_winning_all_cities_destroyed_defeats() -> None:
    g = game({"army": ["ghoul"]}, {"cities": {"warren": []}})
    city = obj(g, "warren")
    g.state.objects[city].counters["damage"] = 4  # Warren: defense 6, 2 left
    pass_all(g)
    choose(g, f"city:{city}", f"attacker:{obj(g, 'ghoul')}", "done")
    pass_all(g)
    g.choose("done")  # Bob does not defend
    pass_all(g)
    assert g.outcome is not None and g.outcome.winners == [ANN]


def test_winning_everyone_defeated_at_once_is_a_tie() -> None:
    """Winning: if all remaining players are defeated at the same time, the game ends in a tie."""
    g = game({"hand": ["benevolent-baron"], "resources": {"house-of-nobles": 3}, "deck": []},
             {"deck": []})
    choose(g, f"play:{obj(g, 'benevolent-baron')}", f"place:{obj(g, 'farmland')}")
    pass_all(g)  # each player draws 1 from an empty deck
    assert g.outcome is not None and g.outcome.draw and g.outcome.winners == []


def test_winning_sacrificing_your_last_city_to_pay_defeats_you_at_once() -> None:
    """R91/R65: Jevyan's Advice's city is sacrificed as part of paying; the last one defeats its player at once,
    and the card being announced leaves the game with them (R66); the other two play on."""
    g = game({"hand": ["jevyans-advice"], "resources": {"dark-legion": 4}}, {}, more={"Cid": {}})
    choose(g, f"play:{obj(g, 'jevyans-advice')}", f"city:{obj(g, 'farmland')}")
    assert g.state.players[ANN].eliminated and g.outcome is None
    assert g.state.objects[obj(g, "jevyans-advice")].zone == t.gone(ANN) and not g.state.chain
    assert g.decision.seat_index in (BOB, 2)
