"""A search of a deck shows its cards to the searcher: undo stops there (issue 17, hot-seat privacy)."""

from __future__ import annotations

from arc_play import ANN, BOB, game, keys, obj, pass_all

from cardgames.games.arcmage import table as t


def test_searching_a_deck_is_a_reveal_so_the_card_played_for_it_cannot_be_undone() -> None:
    """Out of Nowhere lists the deck's Dark Legion cards by name: once its controller has seen
    them, taking back the last answer (the pass that let it resolve) would let them look through
    the deck for free."""
    g = game({"hand": ["out-of-nowhere"], "resources": {"dark-legion": 2}, "deck": ["ghoul", "kolibri"]})
    g.choose(f"play:{obj(g, 'out-of-nowhere')}")
    pass_all(g)
    assert g.decision.kind == "tutor" and g.choices()[-1] == (ANN, "pass")
    reason = g.undo_reason(ANN) or ""
    assert reason.startswith("hidden information was revealed") and "searches their deck" in reason
    assert g.log(BOB)[-1] == "Ann searches their deck"  # the others learn that, not what
    assert "Ghoul" not in " ".join(g.log(BOB))


def test_a_search_with_nothing_to_take_shows_nothing() -> None:
    g = game({"hand": ["out-of-nowhere"], "resources": {"dark-legion": 2}, "deck": ["kolibri"]})
    g.choose(f"play:{obj(g, 'out-of-nowhere')}")
    pass_all(g)
    assert g.decision.kind == "tutor" and keys(g) == ["none"]
    assert g.undo_reason(ANN) is None
    g.choose("none")
    assert g.state.objects[obj(g, "kolibri")].zone == t.deck(ANN)
