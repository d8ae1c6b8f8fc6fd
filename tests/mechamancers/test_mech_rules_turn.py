"""A turn: the resource phase (mana, draws, privileges, hand limit) and the activation phase."""

from __future__ import annotations

from typing import Any

import pytest
from mech_play import ANN, BOB, attack, finish_turn, game, keys, mana, oids, pick, to_activation, to_combat, zone

from cardgames.engine.game import Game
from cardgames.games.mechamancers import table as t


def solo(role: str, **ann: Any) -> Game:
    """Ann holds `role`; Bob a role after hers, or (for the Cabalist, always last) one whose turn
    is played through first."""
    other = {"barricade": "cabalist", "cabalist": "quirk"}.get(role, "barricade")
    g = game(2, given={"players": {"Ann": {"role": role, **ann}, "Bob": {"role": other}}})
    if role == "cabalist":
        finish_turn(g)
    assert g.decision.seat_index == ANN
    return g


def hand(g: Game, seat: int = ANN) -> list[str]:
    return [o.card for o in g.state.cards_in(t.hand(seat))]


@pytest.mark.parametrize("role, got, draws", [("quirk", 2, 2), ("ruler", 3, 1), ("warlock", 3, 1),
                                              ("barricade", 3, 1), ("cabalist", 1, 2)])
def test_resource_phase_role_mana_and_draws_h9(role: str, got: int, draws: int) -> None:
    """Resource phase (H9's table): the role's mana, and its cards by type."""
    g = solo(role, mana=0)
    assert mana(g, ANN) == got
    to_activation(g)
    assert len(hand(g)) == draws


def test_warlock_draws_an_attack_card_barricade_a_defense_card() -> None:
    g = solo("warlock")
    to_activation(g)
    assert [g.ruleset.cat.mech(c).type for c in hand(g)] == ["attack"]  # type: ignore[attr-defined]
    g = solo("barricade")
    to_activation(g)
    assert [g.ruleset.cat.mech(c).type for c in hand(g)] == ["defense"]  # type: ignore[attr-defined]


def test_any_pile_draws_are_chosen_one_at_a_time() -> None:
    """Spec §7.2: "any pile" draws are chosen one at a time, on the public table."""
    g = solo("quirk")
    assert g.decision.kind == "draw_pile" and keys(g) == ["pile:attack", "pile:defense", "pile:unique"]
    g.choose("pile:unique")
    assert len(hand(g)) == 1 and g.decision.kind == "draw_pile"


def test_an_empty_pile_takes_its_discard_pile_shuffled_h3() -> None:
    """H3: a draw from an empty pile shuffles its discard pile in first; with both empty, the
    player draws from another pile of their choice."""
    attack_cards: dict[str, Any] = {
        "Ann": {"role": "warlock", "field": ["sparkjack"] * 3 + ["twin-fang-raptor"] * 3,
                "hand": ["rivet-lancer"] * 3 + ["kamikaze-wasp"] * 2 + ["gatling-hound"] * 2},
        "Bob": {"role": "quirk", "field": ["breaker-ram"] * 2 + ["berserker-frame"] * 2 + ["storm-harrier"] * 2,
                "hand": ["ember-drake"] * 2 + ["juggernaut-mk-v"]}}
    g = game(2, given={"players": attack_cards})
    assert g.state.zones[t.pile("attack")].cards == []
    g.choose("pile:defense")
    g.choose("pile:defense")
    g.choose("keep")
    g.choose("combat")
    spark = oids(g, ANN, "sparkjack")[0]
    attack(g, oids(g, BOB, "storm-harrier")[0], spark)
    assert zone(g, spark) == t.discard("attack")
    g.choose("end")
    assert g.decision.seat_index == ANN and g.decision.kind == "discard"  # the Warlock drew an 8th card
    assert spark in g.state.zones[t.hand(ANN)].cards and g.state.zones[t.discard("attack")].cards == []
    g2 = game(2, given={"players": attack_cards, "events": ["eclipse"]})
    g2.choose("pile:defense")
    g2.choose("pile:defense")
    g2.choose("keep")
    g2.choose("combat")
    g2.choose("end")
    assert g2.decision.kind == "draw_pile" and "the attack pile is empty" in g2.decision.prompt
    assert keys(g2) == ["pile:defense", "pile:unique"]


def test_foresight_is_a_private_look_and_may_bottom_one_h10() -> None:
    """The Quirk's Foresight (H10): look at the top 2 events alone, may put one on the bottom."""
    g = solo("quirk")
    pick(g, "pile:")
    pick(g, "pile:")
    assert g.decision.kind == "foresight" and g.decision.kind in g.ruleset.sealed_decisions
    pile_before = list(g.state.zones[t.EVENTS].cards)
    looked = [o.ref for o in g.decision.options if o.ref]
    assert len(looked) == 2 and len(pile_before) == 4
    names = {g.state.objects[o].card for o in looked}
    for viewer in (BOB, None):
        view = g.view(viewer)
        assert all(c.hidden for c in view.zones[t.look(ANN)].cards)
        assert not any(g.ruleset.cat.event(n).name in " ".join(g.log(viewer)) for n in names)  # type: ignore[attr-defined]
    assert not any(c.hidden for c in g.view(ANN).zones[t.look(ANN)].cards)
    top = looked[0]
    g.choose(f"bottom:{top}")
    pile = g.state.zones[t.EVENTS].cards
    assert pile[0] == top and pile[-1] == looked[1] and len(pile) == 6


def test_foresight_leaving_them_keeps_the_order() -> None:
    g = solo("quirk")
    before = list(g.state.zones[t.EVENTS].cards)
    pick(g, "pile:")
    pick(g, "pile:")
    g.choose("keep")
    assert g.state.zones[t.EVENTS].cards == before


def test_transmute_discards_for_two_mana_each() -> None:
    """The Cabalist's Transmute: discard any cards from hand for 2 mana each."""
    g = solo("cabalist", mana=0, hand=["sparkjack", "plate-sentry"])
    pick(g, "pile:")
    assert g.decision.kind == "privilege"
    pick(g, "transmute:")
    pick(g, "transmute:")
    g.choose("done")
    assert mana(g, ANN) == 1 + 4 and len(hand(g)) == 2  # 2 given + 2 drawn − 2 transmuted


def test_overdrive_gives_one_mecha_an_extra_attack_after_its_own_h12() -> None:
    """The Warlock's Overdrive (ours, H12): one attack mecha that has used its own attacks makes
    one more this turn; only once."""
    g = solo("warlock", field=["sparkjack", "sparkjack"])
    to_combat(g)
    a, b_ = oids(g, ANN, "sparkjack")
    target = oids(g, BOB, "bulwark")[0]
    attack(g, a, target)
    labels = {o.key: o.label for o in g.decision.options}
    assert "Overdrive" in labels[f"strike:{a}"]
    attack(g, a, target)
    assert zone(g, target) == t.REMOVED
    attack(g, b_, a)
    assert f"strike:{b_}" not in keys(g)  # the extra attack is spent


def test_hand_limit_discards_down_to_seven_h20() -> None:
    g = solo("quirk", hand=["sparkjack", "sparkjack", "sparkjack", "plate-sentry", "plate-sentry", "plate-sentry",
                            "rampart-drone"])
    pick(g, "pile:")
    pick(g, "pile:")
    g.choose("keep")
    assert g.decision.kind == "discard" and "discard down to 7" in g.decision.prompt
    pick(g, "discard:")
    pick(g, "discard:")
    assert g.decision.kind == "activation" and len(hand(g)) == 7


def test_activation_pays_the_cost_and_refuses_what_you_cannot_afford() -> None:
    g = solo("ruler", mana=0, hand=["juggernaut-mk-v", "rampart-drone"])
    to_activation(g)
    jug = next(o.id for o in g.state.cards_in(t.hand(ANN)) if o.card == "juggernaut-mk-v")
    drone = next(o.id for o in g.state.cards_in(t.hand(ANN)) if o.card == "rampart-drone")
    assert f"activate:{jug}" not in keys(g)
    assert ("Activate Juggernaut Mk-V",
            "costs 5 mana; you have 3 (Activation phase: pay its cost) (rule: Your turn)") in g.why_not(ANN)
    g.choose(f"activate:{drone}")
    assert mana(g, ANN) == 1 and zone(g, drone) == t.field(ANN)


def test_a_full_field_scraps_one_to_make_room_h21() -> None:
    """Setup: six on the field; to activate a seventh, scrap one first (no refund)."""
    g = solo("ruler", mana=0, field=["bulwark", "plate-sentry", "plate-sentry", "plate-sentry", "sparkjack",
                                     "sparkjack"], hand=["rampart-drone"])
    to_activation(g)
    drone = next(o.id for o in g.state.cards_in(t.hand(ANN)))
    g.choose(f"activate:{drone}")
    assert g.decision.kind == "replace" and "cancel" in keys(g)
    bulwark = oids(g, ANN, "bulwark")[0]
    g.choose(f"scrap:{bulwark}")
    assert zone(g, bulwark) == t.REMOVED and zone(g, drone) == t.field(ANN)
    assert len(g.state.zones[t.field(ANN)].cards) == 6 and mana(g, ANN) == 1


def test_the_log_names_the_owner_of_a_scrapped_mecha() -> None:
    """A mecha scrapped to make room (H21) is named with its owner in the log."""
    g = solo("ruler", mana=0, field=["bulwark", "plate-sentry", "plate-sentry", "plate-sentry", "sparkjack",
                                     "sparkjack"], hand=["rampart-drone"])
    to_activation(g)
    g.choose(f"activate:{next(o.id for o in g.state.cards_in(t.hand(ANN)))}")
    g.choose(f"scrap:{oids(g, ANN, 'sparkjack')[0]}")
    assert "Sparkjack (Ann) is scrapped" in g.log(None)
