"""Rules of the free-for-all through real games (rulebook: Starting seating; Element selection; Regions and
local effects; Battle, Timing; Multiplayer — Free for all (FFA), Three players in one region, Multiplayer
priority, Intent cards; How to win; rulings R27, R31–R33, R68–R70)."""

from __future__ import annotations

import pytest
from algomancy_play import block, keys, life, pass_until, pass_until_window, window
from ffa_play import ANN, BOB, CAT, DAN, ffa_game, intents, to_intents, units

from cardgames.api import new_game
from cardgames.engine.decisions import UndoRefused
from cardgames.engine.game import Game
from cardgames.engine.handover import public_options
from cardgames.engine.ruleset import SetupError
from cardgames.games.algomancy import seating
from cardgames.games.algomancy.board import adjacent_units
from cardgames.games.algomancy.rules import Algomancy

WALKER = "mirage-walker"  # a 2/3 with no text that works in play
DRIFTER = "dune-drifter"  # a 2/2, Swift


def test_starting_seating_a_circle_where_each_player_has_a_left_and_a_right_neighbour() -> None:
    g = ffa_game(players=4)
    s = g.state
    assert [(seating.left(s, p), seating.right(s, p)) for p in range(4)] == [(1, 3), (2, 0), (3, 1), (0, 2)]


def test_regions_close_up_when_a_player_is_eliminated() -> None:
    g = ffa_game({CAT: {"life": 1}}, players=4)
    g.state.players[CAT].eliminated = True  # a query on a state where Cat is out
    assert seating.left(g.state, BOB) == DAN and seating.right(g.state, DAN) == BOB


def test_element_selection_three_elements_for_three_players_four_for_four_to_six() -> None:
    for n, want in ((3, 3), (4, 4), (6, 4)):
        g = new_game("algomancy", [f"P{i}" for i in range(n)], 3, {"format": "draft"})
        assert len(g.state.globals["elements"]) == want
    with pytest.raises(SetupError, match="4 different ones"):
        Algomancy().normalize_options(["A", "B", "C", "D"], {"elements": ["fire", "water", "earth"]})
    with pytest.raises(SetupError, match="one game seats at most 6"):  # 7 or 8 only draft a cube bracket (A79)
        Algomancy().normalize_options([f"P{i}" for i in range(7)], {})


def test_live_draft_deck_three_copies_with_five_or_six_players() -> None:
    def deck_size(n: int) -> int:
        g = new_game("algomancy", [f"P{i}" for i in range(n)], 3,
                     {"format": "draft", "elements": ["fire", "water", "earth", "wood"]})
        return sum(1 for o in g.state.objects.values() if o.owner == -1)
    assert deck_size(5) * 2 == deck_size(4) * 3


def test_intent_cards_each_seat_places_its_intents_sealed_one_at_a_time() -> None:
    g = ffa_game({ANN: {"region": [WALKER]}, BOB: {"region": [WALKER]}, CAT: {"region": [WALKER]}})
    to_intents(g)
    rules = g.ruleset
    assert g.decision.seat_index == ANN
    assert public_options(rules, g.state, g.decision) == []  # sealed: answered behind the curtain
    intents(g, ANN, {units(g, ANN)[0]: "left"})
    assert g.decision.kind == "intent" and g.decision.seat_index == BOB
    for viewer in (None, BOB, CAT):  # Ann's intent is not on the table, nor in anyone's view or log
        view = g.view(viewer)
        assert not (view.battle or {}).get("intents")
        assert not any("Intent" in line for line in g.log(viewer))
    assert g.state.objects[units(g, ANN)[0]].zone == "region:0"


def test_intent_cards_all_flip_together_and_the_attacks_take_place_instantly() -> None:
    g = ffa_game({ANN: {"region": [WALKER]}, BOB: {"region": [WALKER]}, CAT: {"region": [WALKER]}})
    to_intents(g)
    a, b, c = units(g, ANN)[0], units(g, BOB)[0], units(g, CAT)[0]
    intents(g, ANN, {a: "left"})   # Ann's left is Bob
    intents(g, BOB, {})            # Bob stays home
    intents(g, CAT, {c: "right"})  # Cat's right is Bob too
    assert g.state.objects[a].zone == "region:1" and g.state.objects[c].zone == "region:1"
    assert g.state.objects[b].zone == "region:1"
    assert g.state.battle is not None and g.state.battle["intents"] == {"0": {"left": [a]}, "2": {"right": [c]}}
    assert any(line.startswith("Intent cards flip: Ann sends Mirage Walker against Bob; Cat sends Mirage Walker "
                               "against Bob") for line in g.log(None))


def test_undo_cannot_reach_back_across_the_reveal() -> None:
    g = ffa_game({ANN: {"region": [WALKER]}, BOB: {"region": [WALKER]}, CAT: {"region": [WALKER]}})
    to_intents(g)
    intents(g, ANN, {})
    intents(g, BOB, {})
    intents(g, CAT, {units(g, CAT)[0]: "left"})
    with pytest.raises(UndoRefused, match="revealed"):
        g.undo(CAT)


def test_a_player_with_no_unit_at_home_places_no_intents() -> None:
    g = ffa_game({ANN: {"region": [WALKER]}, CAT: {"region": [WALKER]}})
    to_intents(g)
    intents(g, ANN, {})
    assert g.decision.kind == "intent" and g.decision.seat_index == CAT


def test_intents_a_spell_token_goes_only_where_one_of_its_units_goes() -> None:
    g = ffa_game({ANN: {"region": [WALKER, "spark", "spark"]}, BOB: {"region": [WALKER]}})
    to_intents(g)
    walker, spark1, spark2 = units(g, ANN)
    intents(g, ANN, {walker: "left", spark1: "left", spark2: "right"})
    intents(g, BOB, {})
    assert g.state.objects[spark1].zone == "region:1"
    assert g.state.objects[spark2].zone == "region:0"  # no unit went right: it stays (R70)


def test_ffa_battle_regions_resolve_clockwise_from_the_initiative_players_left_ending_with_theirs() -> None:
    g = ffa_game({p: {"region": [WALKER]} for p in (ANN, BOB, CAT, DAN)}, players=4, initiative="Bob")
    to_intents(g)
    # Bob has the initiative: intents are asked from Bob, clockwise
    order = []
    for seat, way in ((BOB, "right"), (CAT, "right"), (DAN, "right"), (ANN, "right")):
        order.append(g.decision.seat_index)
        intents(g, seat, {units(g, seat)[0]: way})
    assert order == [BOB, CAT, DAN, ANN]
    regions = []
    while g.state.battle is not None:
        d = g.decision
        if d.kind == "formation":
            regions.append(int(g.state.battle["region"]))
            _form(g, d.seat_index)
        else:
            g.choose({"block": "done", "priority": "pass"}.get(d.kind) or d.options[0].key)
    assert regions == [CAT, DAN, ANN, BOB]


def test_ffa_battle_the_attacker_sets_a_formation_and_there_is_no_counter_attack() -> None:
    g = ffa_game({ANN: {"region": [WALKER]}, BOB: {"region": [WALKER]}})
    to_intents(g)
    a = units(g, ANN)[0]
    intents(g, ANN, {a: "left"})
    intents(g, BOB, {})
    assert g.decision.kind == "formation" and g.decision.seat_index == ANN
    assert "done" not in keys(g)  # the intent committed the unit: it must take its place
    g.choose(f"unit:{a}")
    g.choose("slot:new")
    g.choose("done")
    assert window(g) == "battle:attack_window"
    pass_until(g, "block")
    assert g.decision.seat_index == BOB
    g.choose(f"unit:{units(g, BOB)[0]}")
    assert "counter" not in keys(g)


def _form(g: Game, seat: int) -> None:
    """`seat` sets every unit it sent in a column of its own."""
    assert g.decision.kind == "formation" and g.decision.seat_index == seat, g.decision.prompt
    while "done" not in keys(g):
        g.choose(next(o.key for o in g.decision.options if o.key.startswith("unit:")))
        g.choose("slot:new")
    g.choose("done")


def test_three_players_in_one_region_the_defender_blocks_each_formation_and_unblocked_damage_hits_the_owner() -> None:
    g = ffa_game({ANN: {"region": [WALKER]}, BOB: {"region": [WALKER]}, CAT: {"region": [DRIFTER, DRIFTER]}})
    to_intents(g)
    a = units(g, ANN)[0]
    c1, c2 = units(g, CAT)
    intents(g, ANN, {a: "left"})
    intents(g, BOB, {})
    intents(g, CAT, {c1: "right", c2: "right"})
    # both attackers set their formations, Ann first (priority order), side by side
    _form(g, ANN)
    _form(g, CAT)
    b = g.state.battle
    assert b is not None and b["attack"] == [[a], [c1], [c2]] and b["attackers"] == [ANN, CAT]
    # all three are present: priority passes in a circle from the initiative player
    asked = []
    while g.decision.kind == "priority":
        asked.append(g.decision.seat_index)
        g.choose("pass")
    assert asked == [ANN, BOB, CAT]
    block(g, {1: [units(g, BOB)[0]]})  # Bob blocks one of Cat's columns
    pass_until_window(g, "battle:after_window")
    assert life(g, BOB) == 30 - 2 - 2  # Ann's walker and Cat's other drifter are unblocked
    assert life(g, ANN) == 30 and life(g, CAT) == 30


def test_three_players_in_one_region_adjacency_does_not_cross_from_one_formation_to_another() -> None:
    g = ffa_game({ANN: {"region": [WALKER, WALKER]}, CAT: {"region": [DRIFTER]}})
    to_intents(g)
    a1, a2 = units(g, ANN)
    c = units(g, CAT)[0]
    intents(g, ANN, {a1: "left", a2: "left"})
    intents(g, CAT, {c: "right"})
    _form(g, ANN)
    _form(g, CAT)
    assert adjacent_units(g.state, a2) == [a1]  # not Cat's drifter beside it
    assert adjacent_units(g.state, c) == []


def test_elimination_the_players_cards_leave_and_the_last_player_standing_wins() -> None:
    g = ffa_game({ANN: {"region": [WALKER]}, BOB: {"region": [WALKER], "life": 2}, CAT: {"region": [WALKER]}})
    to_intents(g)
    a = units(g, ANN)[0]
    intents(g, ANN, {a: "left"})
    intents(g, BOB, {})
    intents(g, CAT, {})
    _form(g, ANN)
    pass_until(g, "block")
    g.choose("done")
    while not g.state.players[BOB].eliminated:
        g.choose("pass")
    assert g.outcome is None and g.state.battle is None  # Bob's region had nobody left to fight for
    assert not units(g, BOB) and not g.state.zones["hand:1"].cards and not g.state.zones["pack:1"].cards
    assert not g.state.zones["resources:1"].cards
    assert seating.left(g.state, ANN) == CAT  # the regions close up


def test_an_ffa_with_two_players_left_plays_the_1v1_battle_structure() -> None:
    g = ffa_game({ANN: {"region": [WALKER]}, BOB: {"region": [WALKER], "life": 2}, CAT: {"region": [WALKER]}})
    to_intents(g)
    intents(g, ANN, {units(g, ANN)[0]: "left"})
    intents(g, BOB, {})
    intents(g, CAT, {})
    _form(g, ANN)
    while g.state.turn == 1:
        d = g.decision
        g.choose("done" if d.kind in ("block", "formation", "draft", "resources") else "pass")
    while g.decision.kind not in ("intent", "formation"):
        d = g.decision
        g.choose("done" if d.kind in ("draft", "resources") else "pass")
    assert g.decision.kind == "formation" and g.state.battle is not None and not g.state.battle.get("ffa")


def test_how_to_win_the_last_player_standing() -> None:
    g = ffa_game({ANN: {"region": [WALKER, WALKER]}, BOB: {"region": [WALKER], "life": 2},
                  CAT: {"region": [WALKER], "life": 2}})
    to_intents(g)
    a1, a2 = units(g, ANN)
    intents(g, ANN, {a1: "left", a2: "right"})
    intents(g, BOB, {})
    intents(g, CAT, {})
    while g.outcome is None:
        d = g.decision
        if d.kind == "formation":
            _form(g, d.seat_index)
        else:
            g.choose("done" if d.kind == "block" else "pass")
    assert g.outcome.winners == [ANN] and g.outcome.reason == "Ann is the last standing"
