"""Setup Summary (rulebook) and spec §6: events, piles, Bulwarks, tokens; bad options refused."""

from __future__ import annotations

import pytest
from mech_play import ANN, BOB, NAMES, game

from cardgames import new_game
from cardgames.engine.ruleset import SetupError
from cardgames.games.mechamancers import table as t


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_summary(players: int) -> None:
    """6 random events as the pile (the other 6 unseen, H15); a Bulwark on each field; 7 VP and 2 mana
    each; the attack, defense and unique piles shuffled; no opening hand (H16)."""
    g = game(players, seed=3)
    s = g.state
    assert len(s.zones[t.EVENTS].cards) == 6 and len(s.zones[t.EVENTS_BOX].cards) == 6
    assert [len(s.zones[t.pile(k)].cards) for k in t.PILES] == [22, 21, 16]
    for seat in range(players):
        assert [o.card for o in s.cards_in(t.field(seat))] == ["bulwark"]
        assert s.players[seat].counters == {"vp": 7, "mana": 2}
        assert not s.zones[t.hand(seat)].cards
    assert len(s.zones[t.REMOVED].cards) == 4 - players  # the spare Bulwarks stay in the box
    view = g.view(ANN)
    events = view.zones[t.EVENTS]
    assert events.count == 6 and all(c.hidden for c in events.cards)


def test_the_event_pile_is_random_from_the_seed() -> None:
    """H15: which six events are dealt depends on the seed."""
    def dealt(seed: int) -> list[str]:
        g = game(2, seed=seed)
        return [g.state.objects[o].card for o in g.state.zones[t.EVENTS].cards]
    assert dealt(1) == dealt(1)
    assert len({tuple(dealt(s)) for s in range(6)}) > 1


def test_players_two_to_four() -> None:
    """H1: 2–4 players (there are four Bulwarks)."""
    with pytest.raises(SetupError, match="2-4 players"):
        new_game("mechamancers", players=["A"])
    with pytest.raises(SetupError, match="2-4 players"):
        new_game("mechamancers", players=[*NAMES, "Eve"])


def test_bad_options_are_refused_in_one_line() -> None:
    with pytest.raises(SetupError, match="unknown option"):
        new_game("mechamancers", players=NAMES[:2], options={"colour": "red"})
    with pytest.raises(SetupError, match="start_player"):
        new_game("mechamancers", players=NAMES[:2], options={"start_player": "Zed"})
    with pytest.raises(SetupError, match="not one of the players"):
        new_game("mechamancers", players=NAMES[:2], options={"given": {"players": {"Zed": {}}}})


def test_start_player_chooses_first_h17() -> None:
    """H17: the start player (the rulebook's youngest) is chosen, or random from the seed."""
    g = new_game("mechamancers", players=NAMES[:3], options={"start_player": "Bob"})
    assert g.decision.kind == "pledge" and g.decision.seat_index == BOB


def test_a_given_round_holds_for_its_pledge_too() -> None:
    """A prepared board (`given`) for round 5 without roles starts at round 5's pledge, not round 1's;
    an Eclipse drawn at the end of round 4 holds in it."""
    given = {"round": 5, "eclipse": True, "players": {"Ann": {"mana": 4}}}
    g = new_game("mechamancers", players=NAMES[:2], options={"start_player": "Ann", "given": given})
    assert g.decision.kind == "pledge" and g.state.globals["round"] == 5
    assert t.eclipse(g.state)
