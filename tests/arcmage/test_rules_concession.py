"""R68 Concession: a player may concede; it counts as being defeated at that moment (Winning, R66, and the
team formats' Win Conditions), offered as each of the player's turns starts and in their Play phases."""

from __future__ import annotations

from arc_play import ANN, BOB, game, keys, obj, pass_all

from cardgames.engine.handover import forced_answer
from cardgames.games.arcmage import table as t

CID = 2


def test_r68_concession_is_confirmed_and_defeats_the_player_at_once() -> None:
    g = game({"army": ["ghoul"], "hand": ["misled-orc"]}, {"army": ["wight"]})
    assert "concede" in keys(g)  # Ann's own Play phase
    g.choose("concede")
    assert g.decision.kind == "concede" and g.decision.seat_index == ANN
    assert forced_answer(g.ruleset, g.state, g.decision) is None  # the app asks: it never confirms for the player
    g.choose("concede:yes")
    assert g.outcome is not None and g.outcome.winners == [BOB]
    assert g.state.players[ANN].eliminated
    ghoul, farmland = g.state.objects[obj(g, "ghoul")], g.state.objects[obj(g, "farmland")]
    assert ghoul.zone == t.gone(ANN) and farmland.zone == t.gone(ANN)  # R66: a defeat's cards leave the game
    assert any(line.endswith("Ann is defeated: conceded") for line in g.log())


def test_r68_concession_taken_back_changes_nothing() -> None:
    g = game({"army": ["ghoul"]}, {})
    before = (g.decision.kind, g.decision.keys(), len(g.state.zones[t.army(ANN)].cards))
    g.choose("concede")
    g.choose("concede:no")
    assert (g.decision.kind, g.decision.keys(), len(g.state.zones[t.army(ANN)].cards)) == before
    assert g.outcome is None and not g.state.players[ANN].props.get("conceded")


def test_r68_concession_offered_as_a_turn_starts() -> None:
    g = game({}, {}, step="choose")
    assert g.decision.kind == "turn" and "concede" in keys(g)
    g.choose("concede")
    g.choose("concede:yes")
    assert g.outcome is not None and g.outcome.winners == [BOB]


def test_r68_concession_not_offered_in_another_players_window() -> None:
    """Only on the player's own decisions: a window that would pass for an empty-handed player stays a
    one-key "no" (the hot-seat protocol), so a response window offers no concession."""
    g = game({"hand": ["misled-orc"], "resources": {"red-banner": 1}}, {"hand": ["ghoul"]})
    g.choose(f"play:{obj(g, 'misled-orc')}")
    while g.decision.seat_index != BOB:
        g.choose(g.decision.options[0].key)
    assert g.decision.kind == "priority" and "concede" not in keys(g)


def test_r68_free_for_all_a_concession_leaves_the_others_playing() -> None:
    g = game({"army": ["ghoul"]}, {}, more={"Cid": {"army": ["wight"]}})
    g.choose("concede")
    g.choose("concede:yes")
    assert g.outcome is None and g.state.players[ANN].eliminated
    assert g.state.objects[obj(g, "ghoul")].zone == t.gone(ANN)
    assert g.state.live_seats() == [BOB, CID]
    pass_all(g)  # the rest of Ann's turn is skipped; the next live player's turn comes
    assert g.state.active != ANN


def test_r68_headed_giant_a_concession_starts_the_teams_endgame_round() -> None:
    """Win Conditions: as with any defeat, the conceding player's team has until their next turn."""
    g = game({}, {}, more={"Cid": {}}, options={"format": "giant", "teams": {"Ann": "A", "Bob": "B", "Cid": "A"}})
    g.choose("concede")
    g.choose("concede:yes")
    assert g.outcome is None and g.state.players[ANN].eliminated
    assert g.state.globals["deadlines"][0][1] == g.state.players[ANN].team


def test_r68_aminduna_the_overlord_conceding_is_the_teams_win() -> None:
    g = game({}, {}, more={"Cid": {}}, options={"format": "aminduna", "overlord": "Ann"})
    g.choose("concede")
    g.choose("concede:yes")
    assert g.outcome is not None and sorted(g.outcome.winners) == [BOB, CID]
