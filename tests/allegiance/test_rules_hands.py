"""Rules of hands and drawing: Shared Card Decks (p.8), Hands and Public Information and
Discarding Cards (p.24), and Hakor Dajet's special rules on drawing (hero board, p.6)."""

from __future__ import annotations

from typing import Any

from allegiance_play import (
    end_turn,
    game,
    hand,
    in_play,
    keys,
    mid,
    pile,
    play,
    skip_setup,
    unit,
)

from cardgames.engine.game import Game
from cardgames.games.allegiance import board


def test_hand_faces_private_card_types_and_count_public() -> None:
    """Hands and Public Information (p.24): the number and types (card backs) of the cards in a
    hand are public; the card faces are private to their owner."""
    g = mid({"Paul": {"hand": ["infantry", "infantry", "skilled-strike"]}})
    theirs = g.view("Allison").zones[board.hand(0)]
    assert theirs.count == 3
    assert all(c.hidden and c.card is None for c in theirs.cards)
    assert sorted(c.back for c in theirs.cards) == ["action", "basic", "basic"]
    mine = g.view("Paul").zones[board.hand(0)]
    assert sorted(str(c.card) for c in mine.cards) == ["infantry", "infantry", "skilled-strike"]


def test_deck_order_is_hidden_but_discard_piles_are_public() -> None:
    """Shared Card Decks (p.8) / glossary "discard piles" (p.33): the decks are face down; discard
    piles are face up, in the order the cards were put there."""
    g = mid({"Paul": {"hand": ["test-banish", "test-banish"]},
             "Allison": {"territory": ["infantry", "halberdier"]}}, fixtures=True)
    play(g, "Play Test Banish", unit(g, "Allison", "halberdier"))
    play(g, "Play Test Banish", unit(g, "Allison", "infantry"))
    view = g.view(None)
    deck = view.zones[board.deck("basic")]
    assert deck.count > 0 and deck.cards == []
    assert [c.card for c in view.zones[board.discard("basic")].cards] == ["halberdier", "infantry"]


def test_drawn_card_is_seen_only_by_its_owner() -> None:
    """Hands and Public Information (p.24): others learn only which deck a drawn card came from."""
    g = game()
    skip_setup(g)
    end_turn(g)
    g.choose("deck:basic")
    drawn = g.state.zones[board.hand(1)].cards[-1]
    name = g.ruleset.card_name(g.state, g.state.objects[drawn])
    assert any(line == f"Allison draws {name} (basic)" for line in g.log("Allison"))
    assert "Allison draws a card from the basic deck" in g.log("Paul")
    assert not any(f"draws {name}" in line for line in g.log("Paul"))


def test_no_maximum_hand_size() -> None:
    """Hands and Public Information (p.24): there is no maximum hand size."""
    g = mid({"Paul": {"hand": ["test-reinforcements"] * 2 + ["infantry"] * 6}}, fixtures=True)
    for _ in range(2):
        g.choose(next(k for k in keys(g) if k.startswith("action:")))
        while g.state.chain:
            g.choose("deck:action" if g.decision.kind == "draw" else "pass")
    assert len(hand(g, "Paul")) == 10
    end_turn(g)
    assert len(hand(g, "Paul")) == 10


def test_draw_several_cards_one_at_a_time_choosing_each_deck() -> None:
    """Shared Card Decks (p.8): cards drawn by one effect are drawn one at a time, the player
    choosing the deck for each."""
    g = mid({"Paul": {"hand": ["test-reinforcements"]}}, fixtures=True)
    play(g, "Play Test Reinforcements", respond=True)
    while g.decision.kind == "priority":
        g.choose("pass")
    assert g.decision.kind == "draw"
    g.choose("deck:basic")
    assert g.decision.kind == "draw" and len(hand(g, "Paul")) == 1
    g.choose("deck:elite")
    assert sorted(str(o.props["back"]) for o in g.state.cards_in(board.hand(0))) == [
        "basic",
        "elite",
    ]


def _emptied(deck: str, keep_hand: int = 0) -> Game:
    """A game whose `deck` is empty: Paul holds `keep_hand` of the cards left in it after the deal
    and every other one was discarded."""
    first = [o.card for o in mid({}).state.cards_in(board.deck(deck))]
    players: dict[str, Any] = {"Paul": {"hand": first[:keep_hand]}} if keep_hand else {}
    probe = game(given={"turn": 5, "active": "Paul", "players": players})
    thrown = [o.card for o in probe.state.cards_in(board.deck(deck))]
    g = game(given={"turn": 5, "active": "Paul", "players": players, "discard": {deck: thrown}})
    assert not g.state.zones[board.deck(deck)].cards, "the deck should be empty"
    return g


def test_reshuffle_keeps_top_ten_in_discard() -> None:
    """Shared Card Decks (p.8): drawing from an empty deck first reshuffles its discard pile into
    it, except the top 10 cards, which stay in the discard pile."""
    g = _emptied("basic")
    before = list(g.state.zones[board.discard("basic")].cards)
    assert len(before) > 10
    end_turn(g)
    g.choose("deck:basic")
    after = g.state.zones[board.discard("basic")].cards
    assert after == before[-10:]  # the top 10, in the same order
    drawn = g.state.zones[board.hand(1)].cards[-1]
    assert drawn in before[:-10]
    deck = set(g.state.zones[board.deck("basic")].cards)
    assert deck == set(before[:-10]) - {drawn}


def test_no_reshuffle_from_a_discard_pile_of_ten_or_fewer() -> None:
    """Shared Card Decks (p.8) with our ruling R73: with 10 or fewer cards in its discard pile an
    empty deck cannot be refilled, so it is not offered for drawing."""
    left = len(mid({}).state.cards_in(board.deck("elite")))
    g = _emptied("elite", keep_hand=max(0, left - 8))
    assert len(g.state.zones[board.discard("elite")].cards) <= 10
    end_turn(g)
    assert g.decision.kind == "draw" and "deck:elite" not in keys(g)


def test_discarding_player_chooses_the_card() -> None:
    """Discarding Cards (p.24): a player made to discard takes a card from their own hand (of their
    choice) and puts it into its discard pile."""
    g = mid({"Paul": {"cooldowns": {"exhume": 0}},
             "Allison": {"hand": ["infantry", "skilled-strike"]}},
            heroes=["hakor-dajet", "thedric-egen"], fixtures=True)
    play(g, "ability:exhume", respond=True)
    while g.decision.kind == "priority":
        g.choose("pass")
    for _ in range(2):
        assert g.decision.kind == "mill" and g.decision.seat == "Paul"
        g.choose("deck:basic")
    assert g.decision.kind == "discard" and g.decision.seat == "Allison"
    strike = next(o.key for o in g.decision.options if "Skilled Strike" in o.label)
    g.choose(strike)
    assert hand(g, "Allison") == ["infantry"]
    assert pile(g, board.discard("action"))[-1] == "skilled-strike"


def test_hakor_puts_a_unit_card_into_the_discard_instead_of_drawing_it() -> None:
    """Hakor Dajet's special rules (p.6): unit cards may never be drawn into his hand; when he would
    draw one, the top card of that deck goes into its discard pile instead."""
    g = mid({}, heroes=["thedric-egen", "hakor-dajet"], fixtures=True)
    top = g.state.zones[board.deck("basic")].cards[-1]
    end_turn(g)
    assert g.decision.seat == "Allison" and g.decision.kind == "draw"
    before = len(hand(g, "Allison"))
    g.choose("deck:basic")
    assert len(hand(g, "Allison")) == before
    assert g.state.objects[top].zone == board.discard("basic")


def test_hakor_destroyed_units_go_to_the_bottom_of_their_deck() -> None:
    """Hakor Dajet's special rules (p.6): when a unit he controls is destroyed, it goes on the
    bottom of its deck (a special unit to the reserves)."""
    g = mid(
        {
            "Paul": {"territory": ["infantry"]},
            "Allison": {"hand": ["test-banish"], "stop": "always"},
        },
        heroes=["hakor-dajet", "thedric-egen"],
        fixtures=True,
    )
    inf = unit(g, "Paul", "infantry")
    g.choose("pass")
    play(g, "Play Test Banish", inf)
    assert g.state.zones[board.deck("basic")].cards[0] == inf
    assert not in_play(g, inf)


def test_enlisted_and_played_cards_are_revealed_to_all() -> None:
    """Enlisting Units / Playing Action Cards (p.18): announcing reveals the card being enlisted or
    played."""
    g = mid({"Paul": {"gold": 9, "hand": ["infantry", "skilled-strike"]},
             "Allison": {"territory": ["halberdier"]}})
    play(g, "Enlist Infantry")
    play(g, "Play Skilled Strike", unit(g, "Allison", "halberdier"))
    log = g.log("Allison")
    assert "Paul enlists Infantry (on the chain)" in log
    assert any(line.startswith("Paul plays Skilled Strike") for line in log)
