"""Aminduna Format: the evil overlord goes first with two cities (one more per extra team player), draws
extra as its turn ends, attacks several cities at once (Militia); a team player founding a city makes the
other team players skip their next turn; the overlord's defeat is every team player's win."""

from __future__ import annotations

from arc_play import ANN, BOB, choose, game, keys, obj, pass_all

from cardgames import new_game
from cardgames.games.arcmage import table as t

CID, DEE = 2, 3


def _aminduna(ann=None, bob=None, cid=None, dee=None, step="play1"):  # type: ignore[no-untyped-def]
    more = {"Cid": cid or {}}
    if dee is not None:
        more["Dee"] = dee
    return game(ann, bob, more=more, step=step, options={"format": "aminduna"})


def test_overlord_goes_first_and_puts_two_cities_into_play() -> None:
    """In the first round the overlord puts two cities into play, the team players one each; the
    overlord always goes first."""
    g = new_game("arcmage", ["Lord", "Bob", "Cid"], seed=3, options={"format": "aminduna"})
    order = []
    while g.decision.kind == "found":
        order.append(g.decision.seat)
        g.choose(g.decision.options[0])
    assert order == ["Lord", "Lord", "Bob", "Cid"]
    assert len(t.cities(g.state, 0)) == 2 and g.decision.kind == "turn" and g.decision.seat == "Lord"


def test_additional_team_players_more_cities_for_the_overlord() -> None:
    """3 vs 1: two more cities in the overlord's pile and one more starting city."""
    g = new_game("arcmage", ["Lord", "Bob", "Cid", "Dee"], seed=3, options={"format": "aminduna"})
    assert len(g.state.zones[t.unbuilt(0)].cards) == 5
    while g.decision.kind == "found":
        g.choose(g.decision.options[0])
    assert len(t.cities(g.state, 0)) == 3 and len(t.cities(g.state, 1)) == 1


def test_militia_the_overlords_army_attacks_two_cities_at_once() -> None:
    g = _aminduna({"army": ["ghoul", "wolf-rider"]}, {"cities": {"warren": []}}, {"cities": {"sanctuary": []}})
    pass_all(g)
    warren, sanctuary = obj(g, "warren"), obj(g, "sanctuary")
    choose(g, f"city:{warren}")
    assert f"city:{sanctuary}" in keys(g) and "go" in keys(g)  # up to two targets
    choose(g, f"city:{sanctuary}")
    ghoul, rider = obj(g, "ghoul"), obj(g, "wolf-rider")
    choose(g, f"attacker:{ghoul}:{warren}", f"attacker:{rider}:{sanctuary}", "done")
    pass_all(g)
    assert g.decision.kind == "defend" and g.decision.seat_index == BOB
    g.choose("done")
    assert g.decision.kind == "defend" and g.decision.seat_index == CID  # each target's owner defends it
    g.choose("done")
    pass_all(g)
    from arc_play import defense
    assert defense(g, warren) == 6 - 3 and defense(g, sanctuary) == 7 - 2


def test_team_players_defend_together() -> None:
    g = _aminduna({"army": ["ghoul"]}, {"cities": {"warren": []}}, {"army": ["misled-orc"]})
    pass_all(g)
    choose(g, f"city:{obj(g, 'warren')}", "go", f"attacker:{obj(g, 'ghoul')}", "done")
    pass_all(g)
    assert f"block:{obj(g, 'misled-orc')}:{obj(g, 'ghoul')}" in keys(g)


def test_building_a_city_makes_the_other_team_players_skip_their_next_turn() -> None:
    g = _aminduna({}, {"unbuilt": ["sanctuary"]}, {}, step="play2")
    while not (g.decision.kind == "turn" and g.decision.seat_index == BOB):
        g.choose("pass" if "pass" in keys(g) else "bonus:0" if "bonus:0" in keys(g) else g.decision.options[0].key)
    choose(g, "found", f"found:{obj(g, 'sanctuary')}")
    pass_all(g)
    # Cid's turn 3 came and went with nothing in it (no draw, no phases): Ann's turn 4 begins.
    assert g.decision.kind == "turn" and g.decision.seat_index == ANN and g.state.turn == 4
    assert len(g.state.zones[t.hand(CID)].cards) == 0


def test_the_overlord_optionally_draws_an_extra_card_at_the_end_of_its_turn() -> None:
    g = _aminduna({}, {}, {}, step="play2")
    hand = len(g.state.zones[t.hand(ANN)].cards)
    pass_all(g)
    assert g.decision.kind == "bonus" and keys(g) == ["bonus:1", "bonus:0"]
    g.choose("bonus:1")
    assert len(g.state.zones[t.hand(ANN)].cards) == hand + 1


def test_the_overlords_hand_limit_grows_with_extra_team_players() -> None:
    g = _aminduna({"hand": ["ghoul"] * 9}, {}, {}, dee={}, step="play2")
    pass_all(g)
    assert g.decision.kind == "discard"
    g.choose(g.decision.options[0])
    assert g.decision.kind == "bonus"  # 8 cards kept: 7 + 1 for the third team player
    assert len(g.state.zones[t.hand(ANN)].cards) == 8


def test_if_the_overlord_is_defeated_all_team_players_win() -> None:
    """Win Conditions: all team players win, even those destroyed before the end."""
    g = _aminduna({"deck": []}, {}, {}, step="choose")
    g.choose("draw:2")
    assert g.outcome is not None and g.outcome.winners == [BOB, CID]
