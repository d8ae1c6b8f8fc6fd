"""Pledge phase: the role draft passed to the right, sealed until all have chosen; who picks first."""

from __future__ import annotations

from mech_play import ANN, BOB, CID, DEE, finish_turn, game, keys, pledge

from cardgames.engine.game import Game
from cardgames.games.mechamancers import table as t


def test_pledge_passes_the_roles_to_the_right() -> None:
    """Pledge phase: choose one, pass the rest to the right (the next seat, H17)."""
    g = game(4, start=CID)
    assert g.decision.seat_index == CID and len(keys(g)) == 5
    pledge(g, "quirk")
    assert g.decision.seat_index == DEE and len(keys(g)) == 4
    assert "quirk" not in {g.state.objects[o.ref].card for o in g.decision.options if o.ref}
    pledge(g, "ruler")
    assert g.decision.seat_index == ANN and len(keys(g)) == 3
    pledge(g, "warlock")
    assert g.decision.seat_index == BOB and len(keys(g)) == 2
    pledge(g, "barricade")
    assert [t.role_of(g.state, s) for s in range(4)] == ["warlock", "barricade", "quirk", "ruler"]
    assert [g.state.objects[o].card for o in g.state.zones[t.ASIDE].cards] == ["cabalist"]


def test_the_pledge_is_sealed_until_all_have_chosen() -> None:
    """Ours (changes H19): each seat chooses behind the curtain; nobody sees another's pick until
    everyone has chosen; then all are revealed together."""
    g = game(3, start=ANN)
    assert g.decision.kind in g.ruleset.sealed_decisions
    pledge(g, "warlock")
    for viewer in (BOB, CID, None):
        view = g.view(viewer)
        pledged = view.zones[t.pledge(ANN)]
        assert pledged.count == 1 and all(c.hidden and c.name is None for c in pledged.cards)
        assert not any("Warlock" in line for line in g.log(viewer))
    assert any("You pledge The Warlock" in line for line in g.log(ANN))
    pledge(g, "quirk")
    pledge(g, "cabalist")
    for viewer in (ANN, BOB, CID, None):
        roles = [g.view(viewer).zones[t.role_zone(s)].cards[0].name for s in range(3)]
        assert roles == ["The Warlock", "The Quirk", "The Cabalist"]


def test_spare_roles_sit_out_h18() -> None:
    """H18: with 2 players three roles are set aside face up and do nothing this round."""
    g = game(2, start=ANN)
    pledge(g, "warlock", "cabalist")
    assert sorted(g.state.objects[o].card for o in g.state.zones[t.ASIDE].cards) == ["barricade", "quirk", "ruler"]
    assert t.turn_order(g.state) == [ANN, BOB]


def test_turns_follow_the_role_numbers() -> None:
    """Turn Overview: turns go in ascending role number; the Quirk (the Foreseer, H8) always first."""
    g = game(3, start=ANN)
    pledge(g, "cabalist", "barricade", "quirk")
    assert t.turn_order(g.state) == [CID, BOB, ANN]
    assert g.decision.seat_index == CID


def play_round(g: Game) -> None:
    for _ in range(400):
        if g.decision.kind == "pledge":
            return
        if g.decision.kind in ("draw_pile", "discard", "self_destruct", "tithe", "arms_race", "replace"):
            g.choose(keys(g)[0] if g.decision.kind != "arms_race" else "pass")
        else:
            finish_turn(g)
    raise AssertionError("the round did not end")


def test_the_ruler_chooses_first_next_round_h11() -> None:
    """Crown (H11, the Kaizer): the Ruler's holder picks first in the next pledge."""
    g = game(3, start=ANN)
    pledge(g, "quirk", "warlock", "ruler")
    play_round(g)
    assert g.decision.seat_index == CID


def test_without_a_ruler_the_first_player_of_last_round_chooses_first() -> None:
    """Rulebook: if no one picked the Kaizer, who started first last round chooses first."""
    g = game(2, start=ANN)
    pledge(g, "warlock", "quirk")
    play_round(g)
    assert g.decision.seat_index == BOB
