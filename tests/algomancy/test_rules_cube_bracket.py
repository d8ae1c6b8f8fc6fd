"""A cube bracket through real games (rulebook: Cube draft — "use those decks to play constructed matches. This is
often done in a 1v1 tournament bracket"; ruling A79): pairings in seat order, a bye for an odd count, the winners
meeting until one is left, the drafted decks kept from match to match."""

from __future__ import annotations

import pytest
from algomancy_play import answer_planning, edit

from cardgames.api import new_game
from cardgames.engine import core_events as ce
from cardgames.engine.flow import Flow
from cardgames.engine.game import Game
from cardgames.engine.ruleset import SetupError
from cardgames.games.algomancy.bracket import Standing, rounds, standing
from cardgames.games.algomancy.events import MatchBegan, MatchEnded
from cardgames.games.algomancy.rules import Algomancy

ANN, BOB, CAT = 0, 1, 2


def bracket_game(players: int = 3, seed: int = 4, **options: object) -> Game:
    """A cube bracket after the draft (everyone keeps the cards they drew), at the first match's first decision."""
    names = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"][:players]
    g = new_game("algomancy", names, seed, {"format": "cube", "cube_play": "bracket",
                                           "stop": {n: "always" for n in names}, **options})
    while g.state.globals.get("_cube_decks") is None:
        g.choose("done")  # the draft: keep the two cards drawn, pass the pack as it is
    return g


def matches(g: Game) -> list[tuple[int, list[int]]]:
    return [(e.round, list(e.seats)) for e in g.events if isinstance(e, MatchBegan)]


def results(g: Game) -> list[MatchEnded]:
    return [e for e in g.events if isinstance(e, MatchEnded)]


def lose(g: Game, *seats: int) -> Game:
    """`seats` drop to 0 life; play goes on (everyone passing) until the state check ends the match."""
    def to_zero(flow: Flow) -> None:
        for s in seats:
            flow.emit(ce.PlayerCounterAdded(s, "life", -g.state.players[s].counters["life"]))

    g = edit(g, to_zero)
    before = len(results(g))
    while len(results(g)) == before and g.outcome is None:
        if g.decision.kind == "priority":
            g.choose("pass")
        elif g.decision.kind == "recycle":
            g.choose(g.decision.options[0].key)
        else:
            answer_planning(g) if g.decision.kind in ("draft", "resources") else g.choose(g.decision.options[0].key)
    return g


def drafted(g: Game, seat: int) -> list[int]:
    return sorted(int(o) for o in g.state.globals["_cube_decks"][str(seat)])


def held(g: Game, seat: int) -> list[int]:
    return sorted(g.state.zones[f"deck:{seat}"].cards + g.state.zones[f"hand:{seat}"].cards)


def test_cube_draft_a_bracket_round_one_pairs_the_drafters_in_seat_order_and_the_odd_one_has_a_bye() -> None:
    g = bracket_game(players=3)
    assert matches(g) == [(1, [ANN, BOB])]
    assert g.state.live_seats() == [ANN, BOB] and g.state.players[CAT].eliminated  # Cat waits: a bye
    for s in (ANN, BOB):
        assert len(drafted(g, s)) == 30 and held(g, s) == drafted(g, s)
        assert g.state.players[s].counters["life"] == 30
        assert [o.card for o in g.state.cards_in(f"resources:{s}")] == ["prismite", "prismite"]
    assert g.state.globals["initiative"] in (ANN, BOB)
    assert g.decision.kind == "recycle" and len(g.state.zones[f"hand:{g.decision.seat_index}"].cards) == 4 + 2 + 2


def test_cube_draft_a_bracket_the_loser_is_out_and_the_winners_meet_until_one_is_left() -> None:
    """Ann loses round 1 to Bob; Bob meets Cat (who had the bye) with his drafted deck whole again; Cat loses:
    Bob wins the bracket. A match's first turn draws nothing (its first draw is dealt with the opening hand)."""
    g = bracket_game(players=3)
    g = lose(g, ANN)
    assert [(e.winner, e.loser) for e in results(g)] == [(BOB, ANN)]
    assert matches(g) == [(1, [ANN, BOB]), (2, [BOB, CAT])]
    assert g.state.live_seats() == [BOB, CAT] and g.state.players[ANN].eliminated
    for s in (BOB, CAT):
        assert held(g, s) == drafted(g, s) and g.state.players[s].counters["life"] == 30
    assert not [o for z in ("region:1", "region:2", "bin:1", "bin:2") for o in g.state.zones[z].cards]
    assert g.decision.kind == "recycle" and len(g.state.zones[f"hand:{g.decision.seat_index}"].cards) == 4 + 2 + 2
    g = lose(g, CAT)
    assert g.outcome is not None and g.outcome.winners == [BOB] and g.outcome.reason == "Bob wins the cube bracket"


def test_cube_draft_a_bracket_of_four_plays_two_pairings_then_the_final() -> None:
    g = bracket_game(players=4)
    g = lose(g, BOB)
    g = lose(g, 3)
    assert matches(g) == [(1, [ANN, BOB]), (1, [CAT, 3]), (2, [ANN, CAT])]
    g = lose(g, ANN)
    assert g.outcome is not None and g.outcome.winners == [CAT]


def test_cube_draft_a_bracket_who_waits_for_a_later_match_is_back_at_30_life_as_their_deck_is_whole() -> None:
    """Cube draft: players "use those decks to play constructed matches" — each match a new constructed game. Ann
    wins match 1 at 12 life; while Cat and Dan play, she waits with her deck whole and 30 life (in the game, in
    every view and in the log); Bob, out of the bracket, keeps the life he lost with."""
    g = bracket_game(players=4)
    g = edit(g, lambda flow: flow.emit(ce.PlayerCounterAdded(ANN, "life", 12 - 30)))
    g = lose(g, BOB)
    assert matches(g) == [(1, [ANN, BOB]), (1, [CAT, 3])]
    assert g.state.players[ANN].eliminated and not g.state.players[CAT].eliminated  # (out of this match)
    assert g.state.players[ANN].counters["life"] == 30 and g.state.players[BOB].counters["life"] == 0
    assert held(g, ANN) == drafted(g, ANN)
    for seat in (None, CAT, 3):
        assert [p.counters["life"] for p in g.view(seat).players] == [30, 0, 30, 30]
    log = g.log()
    begun = log.index("— Cube bracket, round 1: Cat against Dan —")
    assert log[begun + 1:].count("Ann waits for a later match, back at 30 life") == 1
    assert not any(line.startswith(("Bob waits", "Cat waits", "Dan waits")) for line in log)
    g = lose(g, 3)
    assert matches(g)[-1] == (2, [ANN, CAT])
    assert [p.counters["life"] for p in g.state.players] == [30, 0, 30, 0]


def test_cube_draft_a_bracket_nobody_has_a_second_bye() -> None:
    """Five drafters: Eve has the bye in round 1; in round 2 (Ann, Cat, Eve) the bye goes to Cat, who has not had
    one, and Eve plays."""
    g = bracket_game(players=5)
    for loser in (BOB, 3):
        g = lose(g, loser)
    assert matches(g) == [(1, [ANN, BOB]), (1, [CAT, 3]), (2, [ANN, 4])]
    g = lose(g, ANN)
    assert matches(g)[-1] == (3, [CAT, 4])


def test_cube_draft_a_bracket_a_drawn_match_is_decided_by_a_coin_toss() -> None:
    g = bracket_game(players=3)
    g = lose(g, ANN, BOB)
    (ended,) = results(g)
    assert {ended.winner, ended.loser} == {ANN, BOB} and "coin toss" in ended.reason
    assert matches(g)[-1] == (2, sorted([ended.winner, CAT]))


def test_cube_draft_a_bracket_is_a_cube_option() -> None:
    rules = Algomancy()
    with pytest.raises(SetupError, match="cube_play"):
        rules.normalize_options(["A", "B", "C"], {"format": "draft", "cube_play": "bracket"})
    with pytest.raises(SetupError, match="cube_play"):
        rules.normalize_options(["A", "B", "C"], {"format": "cube", "cube_play": "league"})
    options = rules.normalize_options(["A", "B", "C"], {"format": "cube", "cube_play": "bracket"})
    assert options["cube_play"] == "bracket"


def test_cube_draft_a_bracket_seats_up_to_eight_drafters() -> None:
    """Cube draft: "a format suited for large groups (6-10+)" — a bracket plays 1v1 matches, so up to 8 draft here;
    one game for everyone at once still seats at most 6."""
    g = bracket_game(players=8)
    assert matches(g) == [(1, [ANN, BOB])] and all(len(drafted(g, s)) == 30 for s in range(8))
    for loser in (BOB, 3, 5, 7):
        g = lose(g, loser)
    assert [m for m in matches(g) if m[0] == 1] == [(1, [0, 1]), (1, [2, 3]), (1, [4, 5]), (1, [6, 7])]
    assert matches(g)[-1] == (2, [ANN, CAT])
    rules = Algomancy()
    names = ["A", "B", "C", "D", "E", "F", "G"]
    for fmt in ("draft", "constructed", "cube"):
        with pytest.raises(SetupError, match="at most 6"):
            rules.normalize_options(names, {"format": fmt})
    with pytest.raises(SetupError, match="2 to 8"):
        rules.normalize_options([*names, "H", "I"], {"format": "cube", "cube_play": "bracket"})


def test_traditional_cube_draft_then_a_bracket() -> None:
    names = ["Ann", "Bob", "Cat"]
    g = new_game("algomancy", names, 2, {"format": "cube", "cube_style": "traditional", "cube_play": "bracket"})
    while g.state.globals.get("_cube_decks") is None:
        d = g.decision
        g.choose("done" if any(o.key == "done" for o in d.options) else d.options[0].key)
    assert matches(g) == [(1, [ANN, BOB])] and all(len(drafted(g, s)) == 30 for s in range(3))


@pytest.mark.parametrize(("players", "losers"), [(5, (BOB, 3, 4, CAT)), (6, (ANN, 3, 5, BOB, CAT))])
def test_cube_draft_a_bracket_is_rebuilt_from_its_public_results(players: int, losers: tuple[int, ...]) -> None:
    """What the board shows of the bracket (`bracket.rounds`, `standing`) is rebuilt from the public results and
    the pairing rule: at every match it names the match the engine began, its round, who waits, who is out, and
    at the end the champion."""
    g = bracket_game(players=players)
    for loser in (*losers, None):
        began = matches(g)[-1]
        played = g.view(None).globals["bracket"]["played"]
        known = rounds(players, played)
        current = known[-1].current()
        if loser is None:  # the bracket is over
            assert g.outcome is not None and current is None
            (champion,) = g.outcome.winners
            assert standing(known, champion) == Standing("champion", known[-1].number)
            assert all(standing(known, s).place == "out" for s in range(players) if s != champion)
            break
        assert g.outcome is None and current is not None and (known[-1].number, list(current.seats)) == began
        for s in range(players):
            st = standing(known, s)
            assert (st.place == "plays") == (s in current.seats) == (not g.state.players[s].eliminated)
            if st.place == "out":
                assert any(e.loser == s and e.winner == st.opponent for e in results(g))
            if st.place == "waits" and st.opponent is not None:  # paired later in this round
                assert st.round == known[-1].number and st.opponent not in current.seats
        g = lose(g, loser)


def test_cube_draft_a_bracket_no_view_carries_what_each_drafter_drafted() -> None:
    # the decks recorded for the matches name every drafted card by its object id: only the rules
    # read them (a global whose name begins with _ is in no view)
    g = bracket_game(4)
    assert g.state.globals["_cube_decks"]
    for seat in (None, 0, 1, 2, 3):
        assert not any("cube_decks" in name for name in g.view(seat).globals)
