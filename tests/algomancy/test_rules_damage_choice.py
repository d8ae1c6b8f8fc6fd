"""Assigning combat damage: the dealer may give the front unit more than lethal (rulebook: Damage p.23; Q&A)."""

from __future__ import annotations

from algomancy_play import ANN, attack, block, card, game, keys, pass_until, to_battle

from cardgames.engine.game import Game


def _blocked(two_blockers: bool = True) -> Game:
    g = game({"region": ["cinderstone-brute", "dune-drifter"]},
             {"region": ["tidepool-terror", "shieldwall-sentry"]})
    to_battle(g)
    attack(g, [card(g, "cinderstone-brute"), card(g, "dune-drifter")])
    blockers = [card(g, "tidepool-terror"), card(g, "shieldwall-sentry")]
    block(g, {0: blockers if two_blockers else blockers[1:]})
    return g


def test_the_usual_split_is_the_first_option() -> None:
    """Damage (p.23): "If the amount of damage received would be enough to kill the front row, any excess
    damage is dealt to the unit in the back row." That split is offered first."""
    g = _blocked()
    pass_until(g, "assign_damage")
    assert g.decision.seat_index == ANN
    assert keys(g) == [f"front:{n}" for n in range(2, 7)]  # Tidepool Terror is 1/2 beside the Sentry
    assert "usual split" in g.decision.options[0].label
    g.choose(g.decision.options[0])
    assert g.state.objects[card(g, "shieldwall-sentry")].zone == "bin:1"  # 5 excess damage killed it


def test_the_dealer_may_assign_more_than_lethal_to_the_front_unit() -> None:
    """Q&A (Misc.): "Can you assign more than lethal damage to a unit in the frontline? Yes, the player
    dealing damage may choose to assign additional damage beyond lethal to a unit if they wish.\""""
    g = _blocked()
    pass_until(g, "assign_damage")
    g.choose("front:6")
    sentry = g.state.objects[card(g, "shieldwall-sentry")]
    assert sentry.zone == "region:1" and not sentry.counters.get("damage")
    assert g.state.objects[card(g, "tidepool-terror")].zone == "bin:1"


def test_nobody_is_asked_when_there_is_no_unit_behind() -> None:
    """Damage (p.23): "Excess damage beyond the health of the back row unit does not carry over to the
    player" — with one receiving unit there is nothing to choose."""
    g = _blocked(two_blockers=False)
    while g.state.battle is not None and g.state.battle.get("step") != "after_window":
        assert g.decision.kind == "priority", g.decision.kind
        g.choose("pass")
    assert g.state.objects[card(g, "shieldwall-sentry")].zone == "bin:1"
