"""FFA scenario: an intent reveal that sends attacks into three regions at once, resolved region by region
(rulebook: Intent cards; Battle, Timing — "Battle resolution order: a four player game"; R31)."""

from __future__ import annotations

from algomancy_play import bin_, block, life, pass_until
from ffa_play import ANN, BOB, CAT, ffa_game, intents, to_intents, units

WALKER, DRIFTER = "mirage-walker", "dune-drifter"


def test_scenario_an_intent_reveal_with_three_regions_attacked() -> None:
    g = ffa_game({ANN: {"region": [WALKER, WALKER]}, BOB: {"region": [DRIFTER, DRIFTER]}, CAT: {"region": [WALKER]}})
    to_intents(g)
    a1, a2 = units(g, ANN)
    b1, b2 = units(g, BOB)
    (c1,) = units(g, CAT)
    intents(g, ANN, {a1: "left"})   # into Bob's region
    intents(g, BOB, {b1: "left"})   # into Cat's
    intents(g, CAT, {c1: "left"})   # into Ann's
    assert [line for line in g.log(None) if line.startswith("Intent cards flip")] == [
        "Intent cards flip: Ann sends Mirage Walker against Bob; Bob sends Dune Drifter against Cat; "
        "Cat sends Mirage Walker against Ann"]
    assert {u: g.state.objects[u].zone for u in (a1, b1, c1)} == {a1: "region:1", b1: "region:2", c1: "region:0"}
    seen = []

    def region_battle(attacker: int, unit: int, blocks: dict[int, list[int]]) -> None:
        pass_until(g, "formation")
        assert g.decision.seat_index == attacker
        seen.append(g.state.battle["region"] if g.state.battle else None)
        g.choose(f"unit:{unit}")
        g.choose("slot:new")
        g.choose("done")
        block(g, blocks)

    # Ann holds the initiative: Bob's region (to her left) first, then Cat's, then her own
    region_battle(ANN, a1, {0: [b2]})  # Bob blocks with his Swift drifter: it strikes first, 2 to the walker
    region_battle(BOB, b1, {})         # Cat has nobody home: 2 damage
    region_battle(CAT, c1, {0: [a2]})  # walker against walker: 2 each, both survive
    while g.state.battle is not None:
        g.choose("pass")
    assert seen == [BOB, CAT, ANN]
    assert (life(g, ANN), life(g, BOB), life(g, CAT)) == (30, 30, 28)
    assert bin_(g, BOB) == [DRIFTER]  # the blocking drifter took 2 from the walker
    # regroup: everyone is home, damage gone
    assert [g.state.objects[u].zone for u in (a1, a2, b1, c1)] == ["region:0", "region:0", "region:1", "region:2"]
    assert all(not g.state.objects[u].counters.get("damage") for u in (a1, a2, b1, c1))
