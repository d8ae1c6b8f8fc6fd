"""The optional 2-player variant V1 (spec §7.1, §10): each player drafts two roles — first chooser,
other, first chooser, other — and takes a full turn for each, in role order; the spare role sits out."""

from __future__ import annotations

import pytest
from mech_play import ANN, BOB, finish_turn, game, keys, mana, pledge

from cardgames.engine.ruleset import SetupError
from cardgames.games import find_ruleset
from cardgames.games.mechamancers import board as b
from cardgames.games.mechamancers import table as t

V1 = t.TWO_ROLES


def test_v1_is_a_format_for_two_players_only() -> None:
    """§7.1 V1 is an optional 2-player variant: offered as a format of 2 players, refused for more."""
    rules = find_ruleset("mechamancers")
    assert rules.setup_form().format(V1).seats == (2,)
    assert rules.normalize_options(["Ann", "Bob"], {"format": V1})["format"] == V1
    with pytest.raises(SetupError, match="two-roles variant is for 2 players, not 3"):
        rules.normalize_options(["Ann", "Bob", "Cid"], {"format": V1})
    with pytest.raises(SetupError, match="no format 'draft'"):
        rules.normalize_options(["Ann", "Bob"], {"format": "draft"})


def test_v1_the_pledge_alternates_two_roles_each_sealed() -> None:
    """V1: the first chooser takes 1, the other 1, the first 1, the other 1; the spare role sits out.
    Each pick stays sealed until all four are made."""
    g = game(2, start=BOB, fmt=V1)
    seen = []
    for role in ("ruler", "quirk", "warlock", "cabalist"):
        d = g.decision
        assert d.kind == "pledge" and d.kind in g.ruleset.sealed_decisions
        seen.append((d.seat_index, len(d.options)))
        pledge(g, role)
        if role != "cabalist":
            assert all(c.hidden for s in (ANN, BOB) for c in g.view(None).zones[t.pledge(s)].cards)
    assert seen == [(BOB, 5), (ANN, 4), (BOB, 3), (ANN, 2)]
    assert t.roles_of(g.state, BOB) == ["ruler", "warlock"]  # face up, in turn order
    assert t.roles_of(g.state, ANN) == ["quirk", "cabalist"]
    assert [g.state.objects[o].card for o in g.state.zones[t.ASIDE].cards] == ["barricade"]


def test_v1_a_full_turn_for_each_role_in_role_order() -> None:
    """V1: each player takes a full turn for each role they hold, in ascending role number; each turn
    harvests, draws and uses the privilege of its own role."""
    g = game(2, start=ANN, fmt=V1)
    pledge(g, "quirk", "ruler", "barricade", "warlock")  # Ann: Quirk 1, Barricade 4; Bob: Ruler 2, Warlock 3
    assert t.turns(g.state) == [(ANN, "quirk"), (BOB, "ruler"), (BOB, "warlock"), (ANN, "barricade")]
    assert t.turn_order(g.state) == [ANN, BOB]
    assert mana(g, ANN) == 2 + 2  # the Quirk's harvest, on Ann's first turn
    played = []
    for _ in range(4):
        played.append((g.decision.seat_index, t.turn_role(g.state)))
        finish_turn(g)
    assert played == [(ANN, "quirk"), (BOB, "ruler"), (BOB, "warlock"), (ANN, "barricade")]
    turns = [line for line in g.log(None) if "'s turn (" in line]
    assert turns == ["Ann's turn (The Quirk)", "Bob's turn (The Ruler)", "Bob's turn (The Warlock)",
                     "Ann's turn (The Barricade)"]


def test_v1_each_turn_draws_and_privileges_by_its_role() -> None:
    """The Warlock's turn has Overdrive; the Ruler's turn, of the same player, has not."""
    ann = {"role": ["quirk", "barricade"], "field": ["bulwark", "fortress-colossus"]}
    g = game(2, fmt=V1, given={"players": {"Ann": ann, "Bob": {"role": ["warlock", "ruler"], "field": ["sparkjack"]}}})
    finish_turn(g)  # Ann, the Quirk
    assert g.decision.seat_index == BOB and t.turn_role(g.state) == "ruler"
    assert g.decision.prompt.startswith("The Ruler: draw a card from any pile")
    g.choose(keys(g)[0])
    g.choose("combat")
    spark = g.state.cards_in(t.field(BOB))[0].id
    g.choose(f"strike:{spark}")
    g.choose(next(k for k in keys(g) if k.startswith("at:")))
    assert not any(k == f"strike:{spark}" for k in keys(g))  # no Overdrive in the Ruler's turn
    hand = len(g.state.zones[t.hand(BOB)].cards)
    g.choose("end")
    assert g.decision.seat_index == BOB and t.turn_role(g.state) == "warlock"
    while g.decision.kind != "activation":
        g.choose(keys(g)[0])
    assert len(g.state.zones[t.hand(BOB)].cards) == hand + 1  # the Warlock's attack card
    g.choose("combat")
    g.choose(f"strike:{spark}")
    g.choose(next(k for k in keys(g) if k.startswith("at:")))
    assert f"strike:{spark}" in keys(g)  # Overdrive: one more attack in the Warlock's turn


def test_v1_base_defend_is_the_higher_of_your_two_roles() -> None:
    """Ours: holding two roles, each assault against you counts the higher base defend of the two
    (the two cards are not added: each assault meets one base)."""
    g = game(2, fmt=V1, given={"players": {"Ann": {"role": ["quirk", "barricade"]},
                                           "Bob": {"role": ["warlock", "ruler"]}}})
    cat = g.ruleset.cat  # type: ignore[attr-defined]
    assert b.base_defend(cat, g.state, ANN) == 3  # Quirk 1, Barricade 3
    assert b.base_defend(cat, g.state, BOB) == 2  # Warlock 1, Ruler 2


def test_v1_crown_the_ruler_chooses_first_next_round() -> None:
    """Crown (H11) holds in V1: whoever held the Ruler picks first in the next pledge."""
    g = game(2, start=ANN, fmt=V1)
    pledge(g, "quirk", "ruler", "barricade", "warlock")
    for _ in range(400):
        if g.decision.kind == "pledge":
            break
        if g.decision.kind in ("draw_pile", "discard", "self_destruct", "tithe", "replace"):
            g.choose(keys(g)[0])
        elif g.decision.kind == "arms_race":
            g.choose("pass")
        else:
            finish_turn(g)
    assert g.decision.kind == "pledge" and g.decision.seat_index == BOB and len(keys(g)) == 5
    assert g.state.globals["round"] == 2


def test_v1_given_needs_two_roles_each_to_start_at_the_turns() -> None:
    """A prepared board for V1 names two roles per player; with fewer the game starts at the pledge."""
    g = game(2, fmt=V1, given={"players": {"Ann": {"role": "quirk"}, "Bob": {"role": "ruler"}}})
    assert g.decision.kind == "pledge"
    rules = find_ruleset("mechamancers")
    with pytest.raises(SetupError, match="holds 3 roles; two at most"):
        rules.normalize_options(["Ann", "Bob"], {"format": V1, "given": {"players": {
            "Ann": {"role": ["quirk", "ruler", "warlock"]}}}})
    with pytest.raises(SetupError, match="a role is held by two players"):
        rules.normalize_options(["Ann", "Bob"], {"format": V1, "given": {"players": {
            "Ann": {"role": ["quirk", "ruler"]}, "Bob": {"role": ["ruler", "warlock"]}}}})
