"""The rulebook's worked examples, played on the real engine with the printed numbers: the X + 2 cost
(Variable Resource Costs), the skeleton curse (Triggered), "can't" beats "can" (Conflicting rules; see
test_rules_stack), the team turn orders (Team Player Order; see test_arcmage_rules_teams)."""

from __future__ import annotations

from arc_play import ANN, BOB, choose, covers, finish, game, keys, obj, pass_all

from cardgames.games.arcmage import table as t


def test_variable_resource_costs_x_plus_2_with_a_target_of_atk_3_costs_5() -> None:
    """A card costs X + 2, X is the target creature's ATK, the target's ATK is 3: it costs 3 + 2 = 5."""
    g = game({"hand": ["bounty-on-the-strong"], "resources": {"red-banner": 5}},
             {"army": ["ghoul", "misled-orc"]})  # Ghoul: ATK 3
    choose(g, f"play:{obj(g, 'bounty-on-the-strong')}", f"target:{obj(g, 'ghoul')}")
    assert sum(1 for o in g.state.cards_in(t.vault(ANN)) if o.exhausted) == 5
    finish(g)
    assert g.state.objects[obj(g, "ghoul")].zone == t.grave(BOB)
    covers("bounty-on-the-strong")


def test_variable_resource_costs_a_target_too_dear_is_not_offered() -> None:
    g = game({"hand": ["bounty-on-the-strong"], "resources": {"red-banner": 4}},
             {"army": ["ghoul", "misled-orc"]})
    g.choose(f"play:{obj(g, 'bounty-on-the-strong')}")
    assert keys(g) == [f"target:{obj(g, 'misled-orc')}"]  # 1 + 2 = 3 ≤ 4; the Ghoul would cost 5


def test_triggered_the_skeleton_curse() -> None:
    """Triggered: "Discard a non-Dark-Legion creature every time a skeleton comes into play", played on
    you; anyone puts a Skeleton into play: you must discard a non-Dark-Legion creature — and with only
    Dark Legion creatures you can't comply, so nothing happens."""
    g = game({"hand": ["curse-of-bones", "undead-archer", "undead-archer"], "resources": {"dark-legion": 8}},
             {"army": ["misled-orc", "ghoul"]})
    choose(g, f"play:{obj(g, 'curse-of-bones')}", f"place:{-(BOB + 1)}")
    finish(g)
    assert g.state.objects[obj(g, "curse-of-bones")].attached_to == -(BOB + 1)
    g.choose(f"play:{obj(g, 'undead-archer', zone='hand')}")  # Undead Skeleton: Ann puts a Skeleton into play
    choose(g, f"place:{obj(g, 'farmland')}")
    pass_all(g)
    assert g.decision.kind == "lose_creature" and g.decision.seat_index == BOB
    assert keys(g) == [f"lose:{obj(g, 'misled-orc')}"]  # the Ghoul is Dark Legion
    g.choose(keys(g)[0])
    finish(g)
    assert g.state.objects[obj(g, "misled-orc")].zone == t.grave(BOB)
    g.choose(f"play:{obj(g, 'undead-archer', zone='hand')}")  # a second Skeleton: only Dark Legion left
    choose(g, f"place:{obj(g, 'farmland')}")
    finish(g)
    assert g.state.objects[obj(g, "ghoul")].zone == t.army(BOB)
    covers("curse-of-bones")
