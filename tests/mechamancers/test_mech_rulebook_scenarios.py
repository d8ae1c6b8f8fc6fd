"""The specification's worked combat example (spec §8.4), with its printed numbers."""

from __future__ import annotations

from typing import Any

from mech_play import ANN, BOB, attack, covers, game, oids, to_combat, vp, zone

from cardgames.engine.game import Game
from cardgames.games.mechamancers import board as b
from cardgames.games.mechamancers import table as t


def _example(alice_field: list[Any]) -> Game:
    return game(2, given={"players": {
        "Ann": {"role": "ruler", "field": alice_field},
        "Bob": {"role": "barricade", "field": ["bulwark", "aegis-walker"]}}})


def shield(g: Game) -> int:
    return b.total_shield(g.ruleset.cat, g.state, BOB, ANN)  # type: ignore[attr-defined]


@covers("storm-harrier", "gatling-hound", "aegis-walker", "bulwark")
def test_worked_example_alice_steals_nothing() -> None:
    """Bob (Barricade, defend 3): Bulwark S2 + Aegis Walker S3, S = 8. Alice: Storm Harrier 2×2,
    Gatling Hound 3×1. Harrier destroys the Walker (S 5); two Gatling hits destroy the Armored
    Bulwark (S 3); the rest, 1×2 + 1×1, makes A = 3 = S: nothing stolen."""
    g = _example(["storm-harrier", "gatling-hound"])
    to_combat(g)
    assert shield(g) == 8
    (harrier,), (hound,) = oids(g, ANN, "storm-harrier"), oids(g, ANN, "gatling-hound")
    (walker,), (bulwark,) = oids(g, BOB, "aegis-walker"), oids(g, BOB, "bulwark")
    attack(g, harrier, walker)
    assert zone(g, walker) == t.discard("defense") and shield(g) == 5
    attack(g, hound, bulwark)
    attack(g, hound, bulwark)
    assert zone(g, bulwark) == t.REMOVED and shield(g) == 3
    g.choose("assault")
    g.choose("all:1")
    g.choose("resolve")
    assert vp(g, ANN) == 7 and vp(g, BOB) == 7
    assert any("3 against shield 3 — nothing gets through" in line for line in g.log(None))


@covers("drill-sapper")
def test_worked_example_with_a_drill_sapper_steals_two() -> None:
    """With an undamaged Drill Sapper (Pierce 2) Bob's S counts as 1: Alice steals 3 − 1 = 2."""
    g = _example(["storm-harrier", "gatling-hound", "drill-sapper"])
    to_combat(g)
    (harrier,), (hound,) = oids(g, ANN, "storm-harrier"), oids(g, ANN, "gatling-hound")
    (walker,), (bulwark,) = oids(g, BOB, "aegis-walker"), oids(g, BOB, "bulwark")
    attack(g, harrier, walker)
    attack(g, hound, bulwark)
    attack(g, hound, bulwark)
    assert shield(g) == 1
    g.choose("assault")
    g.choose("all:1")
    g.choose("resolve")
    assert vp(g, ANN) == 9 and vp(g, BOB) == 5
