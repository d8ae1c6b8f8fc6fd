"""Events (spec §12): each of the twelve drawn at a round's end; the end of the game (H31, H33)."""

from __future__ import annotations

import random
from typing import Any

from mech_play import ANN, BOB, CID, covers, damage, finish_turn, game, keys, mana, oids, vp, zone

from cardgames.engine.game import Game
from cardgames.games.mechamancers import table as t

TURN_KINDS = ("activation", "combat", "assault", "draw_pile", "privilege", "foresight", "discard", "attack_target")


def to_event(event: str, players: dict[str, Any], **given: Any) -> Game:
    """Round 1 with only `event` in the pile; play both turns (no attacks) up to the event."""
    g = game(len(players), given={"events": [event], "players": players, **given})
    for _ in range(len(players)):
        finish_turn(g)
    return g


def two(ann: dict[str, Any] | None = None, bob: dict[str, Any] | None = None) -> dict[str, Any]:
    return {"Ann": {"role": "ruler", **(ann or {})}, "Bob": {"role": "barricade", **(bob or {})}}


@covers("mana-surge")
def test_mana_surge() -> None:
    g = to_event("mana-surge", two({"mana": 0}, {"mana": 0}))
    assert (mana(g, ANN), mana(g, BOB)) == (3 + 2, 3 + 2)


@covers("mana-drought")
def test_mana_drought_returns_half_rounded_down() -> None:
    g = to_event("mana-drought", two({"mana": 0}, {"mana": 2}))
    assert (mana(g, ANN), mana(g, BOB)) == (3 - 1, 5 - 2)


@covers("forge-tremor")
def test_forge_tremor_damages_every_mecha() -> None:
    g = to_event("forge-tremor", two({"field": ["bulwark", "sparkjack"]}, {"field": ["iron-bastion"]}))
    assert damage(g, oids(g, ANN, "bulwark")[0]) == 1 and damage(g, oids(g, BOB, "iron-bastion")[0]) == 1
    assert not oids(g, ANN, "sparkjack")


@covers("asteras-mercy")
def test_asteras_mercy_heals_one_each() -> None:
    g = to_event("asteras-mercy", two({"field": [{"card": "iron-bastion", "damage": 2}]}))
    assert damage(g, oids(g, ANN, "iron-bastion")[0]) == 1


@covers("supply-drop")
def test_supply_drop_each_draws_from_a_pile_of_their_choice_in_turn_order() -> None:
    g = to_event("supply-drop", two())
    assert g.decision.kind == "draw_pile" and g.decision.seat_index == ANN
    before = len(g.state.zones[t.hand(ANN)].cards)
    g.choose("pile:unique")
    assert len(g.state.zones[t.hand(ANN)].cards) == before + 1 and g.decision.seat_index == BOB


@covers("arms-race")
def test_arms_race_activates_one_for_one_less() -> None:
    g = to_event("arms-race", two({"hand": ["rampart-drone"], "mana": 0}, {"mana": 0}))
    assert g.decision.kind == "arms_race" and g.decision.seat_index == ANN
    drone = next(o.id for o in g.state.cards_in(t.hand(ANN)) if o.card == "rampart-drone")
    ann_mana = mana(g, ANN)
    g.choose(f"activate:{drone}")
    assert zone(g, drone) == t.field(ANN) and mana(g, ANN) == ann_mana - 1
    assert g.decision.seat_index == BOB and "pass" in keys(g)


@covers("tithe-of-steel")
def test_tithe_of_steel_scraps_one_from_fields_of_five_or_more() -> None:
    field = ["bulwark", "plate-sentry", "plate-sentry", "sparkjack", "sparkjack"]
    g = to_event("tithe-of-steel", two({"field": field}))
    assert g.decision.kind == "tithe" and g.decision.seat_index == ANN
    bulwark = oids(g, ANN, "bulwark")[0]
    g.choose(f"scrap:{bulwark}")  # a Bulwark may be chosen; it leaves the game
    assert zone(g, bulwark) == t.REMOVED and g.decision.kind == "pledge"  # Bob has one mecha: not asked


@covers("short-circuit")
def test_short_circuit_damages_unique_mecha() -> None:
    g = to_event("short-circuit", two({"field": ["bulwark", "patch-tinker"]}))
    assert damage(g, oids(g, ANN, "patch-tinker")[0]) == 1 and damage(g, oids(g, ANN, "bulwark")[0]) == 0


@covers("asteras-whim")
def test_asteras_whim_the_poorest_take_one_from_a_lone_leader() -> None:
    g = to_event("asteras-whim", {"Ann": {"role": "ruler", "vp": 10}, "Bob": {"role": "barricade", "vp": 4},
                                  "Cid": {"role": "cabalist", "vp": 4}})
    assert (vp(g, ANN), vp(g, BOB), vp(g, CID)) == (8, 5, 5)
    g = to_event("asteras-whim", {"Ann": {"role": "ruler", "vp": 9}, "Bob": {"role": "barricade", "vp": 9},
                                  "Cid": {"role": "cabalist", "vp": 4}})
    assert (vp(g, ANN), vp(g, BOB), vp(g, CID)) == (9, 9, 4)  # no lone leader: nothing happens


@covers("bounty-of-astera")
def test_bounty_pays_each_player_who_stole_this_round() -> None:
    g = game(2, given={"events": ["bounty-of-astera"], "players": two({"field": ["juggernaut-mk-v"]})})
    while g.decision.kind != "combat":
        g.choose("combat") if g.decision.kind == "activation" else g.choose(keys(g)[0])
    g.choose("assault")
    g.choose(f"all:{BOB}")
    g.choose("resolve")  # 6 against Bulwark 2 + defend 3: steals 1
    finish_turn(g)
    assert (vp(g, ANN), vp(g, BOB)) == (7 + 1 + 1, 6)


@covers("eclipse")
def test_eclipse_zeroes_base_defend_next_round() -> None:
    g = to_event("eclipse", two())
    assert t.round_no(g.state) == 2 and g.decision.kind == "pledge"  # the next round has begun
    assert t.eclipse(g.state) and g.state.globals["eclipse_round"] == 2


@covers("bloodlust")
def test_bloodlust_steals_one_more_next_round() -> None:
    g = game(2, given={"bloodlust": True, "players": two({"field": ["storm-harrier"]}, {"field": []})})
    while g.decision.kind != "combat":
        g.choose("combat") if g.decision.kind == "activation" else g.choose(keys(g)[0])
    g.choose("assault")
    g.choose(f"all:{BOB}")
    g.choose("resolve")  # 4 against 3: 1, +1 Bloodlust
    assert vp(g, BOB) == 5
    g = to_event("bloodlust", two())
    assert t.round_no(g.state) == 2 and t.bloodlust(g.state)


def test_the_game_ends_the_round_after_the_pile_runs_out_h31() -> None:
    """H31: six events end rounds 1–6; round 7 is played; its Event point finds the pile empty."""
    g = game(3, seed=5)
    rng = random.Random(5)
    rounds_at_end = []
    while g.outcome is None:
        g.choose(rng.choice(g.decision.options))
    rounds_at_end.append(t.round_no(g.state))
    assert rounds_at_end == [7] and len(g.state.zones[t.EVENTS_DONE].cards) == 6


def test_most_vp_wins_ties_go_to_field_cost_then_mana_then_shared_h33() -> None:
    def end(ann: dict[str, Any], bob: dict[str, Any]) -> Game:
        g = game(2, given={"events": [], "players": two(ann, bob)})
        while g.outcome is None:
            finish_turn(g)
        return g
    assert end({"vp": 8}, {"vp": 7}).outcome.winners == [ANN]  # type: ignore[union-attr]
    g = end({"field": ["bulwark", "plate-sentry"]}, {"field": ["bulwark"]})
    assert g.outcome.winners == [ANN]  # type: ignore[union-attr]
    g = end({"field": ["bulwark"], "mana": 0}, {"field": ["bulwark"], "mana": 1})
    assert g.outcome.winners == [BOB]  # type: ignore[union-attr]
    g = end({"field": ["bulwark"], "mana": 0}, {"field": ["bulwark"], "mana": 0})
    assert g.outcome.winners == [ANN, BOB] and g.outcome.draw  # type: ignore[union-attr]


def test_the_end_says_the_scores_and_the_tie_break_that_decided_h33() -> None:
    """The game-over line names each player's victory points, and each tie-break used (not the winner
    again: the screen's head already says who won)."""
    def reason(ann: dict[str, Any], bob: dict[str, Any]) -> str:
        g = game(2, given={"events": [], "players": two(ann, bob)})
        while g.outcome is None:
            finish_turn(g)
        return g.outcome.reason  # type: ignore[union-attr]
    assert reason({"vp": 6}, {"vp": 8}) == "the event pile ran out; victory points: Bob 8, Ann 6"
    assert reason({"field": ["bulwark", "plate-sentry"]}, {"field": ["bulwark"]}).endswith(
        "victory points: Ann 7, Bob 7; tied, so field cost: Ann 4, Bob 3")
    assert reason({"field": ["bulwark"], "mana": 0}, {"field": ["bulwark"], "mana": 1}).endswith(
        "; tied, so field cost: Ann 3, Bob 3; tied, so mana: Ann 3, Bob 4")
