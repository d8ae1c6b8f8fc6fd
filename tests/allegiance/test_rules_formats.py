"""Rules of winning and of the formats: Gameplay Continued and Winning the Game (p.14), Gameplay
Formats (p.26-27: two-player, competitive match, free-for-all, sworn enemy, team game) and the
elimination rules of General Multiplayer Rules (p.27)."""

from __future__ import annotations

from typing import Any

import pytest
from allegiance_play import (
    at_main,
    damage_on,
    end_turn,
    fixture_ruleset,
    game,
    health,
    hero,
    in_play,
    key,
    keys,
    mid,
    pass_chain,
    pile,
    play,
    to_main,
    unit,
)

from cardgames.engine import core_events as ce
from cardgames.engine.decisions import EngineError
from cardgames.engine.game import Game
from cardgames.engine.logbook import Logbook
from cardgames.engine.ruleset import SetupError
from cardgames.games.allegiance import board
from cardgames.games.allegiance.match import Match, MatchError

THREE = ["test-knight", "test-ranger", "test-mage"]
FOUR = ["test-knight", "test-ranger", "test-mage", "test-cleric"]


def three(players: dict[str, dict[str, Any]], fmt: str = "ffa", **kw: Any) -> Game:
    kw.setdefault("heroes", THREE)
    return mid(players, names=["A", "B", "C"], active="A", fixtures=True, format=fmt, **kw)


def four(players: dict[str, dict[str, Any]], fmt: str = "ffa", **kw: Any) -> Game:
    return mid(players, names=["A", "B", "C", "D"], active="A", fixtures=True, heroes=FOUR,
               format=fmt, **kw)


def winners(g: Game) -> list[str]:
    assert g.outcome is not None
    return sorted(g.players[s] for s in g.outcome.winners)


def test_duel_won_when_the_opposing_hero_reaches_zero() -> None:
    """General Two-Player Rules (p.26) / Gameplay Continued (p.14): a player loses when their hero's
    health reaches 0, and the other player wins the game."""
    g = mid({"Allison": {"health": 1}})
    g.choose("battle:1")
    pass_chain(g)
    g.choose(f"attack:{g.state.players[0].props['weapon']}")
    g.choose("done")
    while g.outcome is None:
        g.choose("done" if g.decision.kind == "assign_defenders" else "pass")
    assert winners(g) == ["Paul"] and not g.outcome.draw
    assert health(g, "Allison") == 0
    with pytest.raises(EngineError):
        _ = g.decision


def test_game_goes_on_while_an_enemy_hero_remains() -> None:
    """Gameplay Continued (p.14) / Free-for-All (p.27): the game continues until all enemy heroes
    are defeated; the last player remaining wins."""
    g = three({"A": {"hand": ["test-firestorm", "test-firestorm"]}, "B": {"health": 4},
               "C": {"health": 5}})
    play(g, "Play Test Firestorm", hero(g, "B"))
    assert g.state.players[1].eliminated and g.outcome is None and at_main(g, "A")
    play(g, "Play Test Firestorm", hero(g, "C"))
    assert winners(g) == ["A"]


def test_elimination_removes_the_players_cards_hand_and_chain_items() -> None:
    """General Multiplayer Rules (p.27): when a player is eliminated, all cards, special rules and
    effects they control disappear at once: their units leave play, their hand is discarded and
    their pending maneuvers leave the chain."""
    g = three({"A": {"hand": ["test-firestorm"], "territory": ["infantry"], "stop": "always"},
               "B": {"health": 5, "gold": 2, "territory": ["halberdier", "militia-recruit"],
                     "hand": ["skilled-strike", "infantry"], "stop": "always"}})
    hal, recruit = unit(g, "B", "halberdier"), unit(g, "B", "militia-recruit")
    strike = g.state.zones[board.hand(1)].cards[0]
    g.choose("pass")  # A ends the maneuver phase; B may react
    assert g.decision.seat == "B"
    play(g, "Play Skilled Strike", unit(g, "A", "infantry"), respond=True)
    assert g.decision.seat == "B"
    g.choose("pass")
    if g.decision.seat == "C":
        g.choose("pass")
    assert g.decision.seat == "A"
    play(g, "Play Test Firestorm", hero(g, "B"))
    assert g.state.players[1].eliminated
    assert g.state.objects[hal].zone == board.discard("basic")
    assert g.state.objects[recruit].zone == board.reserves(1)
    assert g.state.zones[board.hand(1)].cards == []
    assert "infantry" in pile(g, board.discard("basic"))
    assert g.state.objects[strike].zone == board.discard("action")
    assert damage_on(g, unit(g, "A", "infantry")) == 0  # Skilled Strike never resolved
    removed = [e for e in g.events if isinstance(e, ce.ChainPopped) and e.result == "removed"]
    assert [e.label for e in removed] == ["B plays Skilled Strike"]


def test_elimination_says_in_the_log_every_card_of_the_hand_discarded() -> None:
    """General Multiplayer Rules (p.27): the defeated player's hand is discarded. The log named the
    units going to the discard but not the action cards (a Mend Wounds went without a word): the
    defeat's line now names the cards the units' own lines do not."""
    g = three({"A": {"hand": ["test-firestorm"], "stop": "always"},
               "B": {"health": 5, "hand": ["mend-wounds", "infantry"], "stop": "always"}})
    start = len(g.events)
    g.choose("pass")
    while g.decision.seat != "A":
        g.choose("pass")
    play(g, "Play Test Firestorm", hero(g, "B"))
    assert g.state.players[1].eliminated
    said = Logbook(g.ruleset, None).read(g.events)[len(Logbook(g.ruleset, None).read(g.events[:start])):]
    at = said.index("B is defeated (health reached 0); their hand is discarded: Mend Wounds and the units below")
    assert "Infantry goes to the basic discard pile" in said[at:], said


def test_elimination_keeps_damage_counters_but_ends_effects() -> None:
    """General Multiplayer Rules (p.27): effects of the eliminated player no longer apply, but
    damage and augment counters that came from them remain."""
    g = three({"A": {"hand": ["test-firestorm"]},
               "B": {"health": 5, "gold": 4, "hand": ["skilled-strike", "battle-surge"],
                     "stop": "always"},
               "C": {"territory": ["halberdier"]}})
    hal = unit(g, "C", "halberdier")
    g.choose("pass")
    play(g, "Play Skilled Strike", hal)
    while g.decision.seat != "B":
        g.choose("pass")
    play(g, "Play Battle Surge", hal)
    assert g.ruleset.card_facts(g.state, g.state.objects[hal])["attack"] == 6
    while not at_main(g, "A"):
        g.choose("pass")
    play(g, "Play Test Firestorm", hero(g, "B"))
    assert g.state.players[1].eliminated
    assert damage_on(g, hal) == 3  # the damage stays
    assert g.ruleset.card_facts(g.state, g.state.objects[hal])["attack"] == 3  # +3 is gone
    assert not [s for s in g.state.shields if s.target == hal]  # and so is its shield


def test_eliminated_players_are_skipped_in_turn_order() -> None:
    """General Multiplayer Rules (p.27): an eliminated player is out of the game: turns go on
    clockwise among the remaining players."""
    g = three({"A": {"hand": ["test-firestorm"]}, "B": {"health": 3}})
    play(g, "Play Test Firestorm", hero(g, "B"))
    order = []
    for _ in range(3):
        end_turn(g)
        order.append(g.state.players[g.state.active].name)
        to_main(g)
    assert order == ["C", "A", "C"]


def test_current_player_eliminated_turn_ends_after_the_chain() -> None:
    """General Multiplayer Rules (p.27) with our ruling R80: if the current player is eliminated
    during their turn, their pending maneuvers leave the chain; the other players' maneuvers still
    resolve (each still gets the chance to respond); then the turn ends and the next player
    clockwise begins a normal turn."""
    g = three({"A": {"gold": 5, "hand": ["infantry"], "health": 4},
               "B": {"hand": ["test-firestorm"]}, "C": {"gold": 2, "hand": ["skilled-strike"],
                                                       "territory": ["halberdier"]}},
              stop={n: "always" for n in "ABC"})
    g.choose(key(g, "Enlist Infantry"))
    g.choose("pass")  # A
    play(g, "Play Test Firestorm", hero(g, "A"), respond=True)
    asked = []
    while g.state.turn == 5:
        asked.append((g.decision.seat, len(g.state.chain)))
        g.choose("pass")
    # B, C, A pass on the Firestorm; it resolves; A is out and the enlistment is removed;
    # B and C (not A) may still act before the turn ends.
    assert asked == [("B", 2), ("C", 2), ("A", 2), ("B", 0), ("C", 0)]
    assert g.state.players[0].eliminated
    assert g.state.players[g.state.active].name == "B" and g.decision.kind == "draw"
    assert "infantry" in pile(g, board.discard("basic"))


def test_simultaneous_defeat_of_the_last_heroes_is_a_draw() -> None:
    """Gameplay Continued and Winning (p.14) with our ruling R83: if every remaining hero is
    defeated at the same moment, no one is left to win: the game is a draw."""
    g = mid({"Paul": {"health": 5, "hand": ["test-firestorm"]}, "Allison": {"health": 5}},
            fixtures=True)
    play(g, "Play Test Firestorm", hero(g, "Paul"), hero(g, "Allison"))
    assert g.outcome is not None and g.outcome.draw and g.outcome.winners == []


def test_sworn_enemy_left_neighbour_defeat_wins() -> None:
    """Sworn Enemy Format (p.27): each player tries to defeat the player immediately to their left
    (next in clockwise order); once that player is defeated, they win and all others lose."""
    g = three({"A": {"hand": ["test-firestorm"]}, "C": {"health": 5}}, fmt="sworn-enemy")
    play(g, "Play Test Firestorm", hero(g, "C"))
    assert winners(g) == ["B"]  # C sits to B's left; A, who dealt the damage, loses


def test_sworn_enemy_four_players() -> None:
    """Sworn Enemy Format (p.27): with four players, defeating B makes A (whose left neighbour B
    is) the winner."""
    g = four({"A": {"hand": ["test-firestorm"]}, "B": {"health": 5}}, fmt="sworn-enemy")
    play(g, "Play Test Firestorm", hero(g, "B"))
    assert winners(g) == ["A"]


def test_team_seats_alternate_and_teammates_are_not_opponents() -> None:
    """Team Game Format (p.27): two teams of two sitting alternately (team 1 A, team 2 A, team 1 B,
    team 2 B); the players of one team are the opponents of the other team only."""
    g = four({"A": {"territory": ["infantry"]}}, fmt="teams")
    assert [p.team for p in g.state.players] == [0, 1, 0, 1]
    assert {k for k in keys(g) if k.startswith("battle:")} == {"battle:1", "battle:3"}


def test_team_wins_when_both_opponents_are_eliminated() -> None:
    """Team Game Format (p.27): a team wins when both players of the opposing team have been
    eliminated."""
    g = four({"A": {"hand": ["test-firestorm"]}, "B": {"health": 5}, "D": {"health": 5},
              "C": {"health": 2}}, fmt="teams")
    play(g, "Play Test Firestorm", hero(g, "B"))
    assert g.outcome is None
    play_ok = g.state.players[3].eliminated
    assert not play_ok
    end_turn(g)
    assert g.state.players[g.state.active].name == "C"  # B is skipped
    g2 = four({"A": {"hand": ["test-firestorm"]}, "B": {"health": 5}, "D": {"health": 5}},
              fmt="teams")
    play(g2, "Play Test Firestorm", hero(g2, "B"), hero(g2, "D"))
    assert winners(g2) == ["A", "C"]


def test_format_player_counts() -> None:
    """Gameplay Formats (p.26-27): two-player games are for 2; free-for-all and sworn enemy for 3 to
    4; the team game for 4 (two teams of two)."""
    for names, fmt, ok in (
        (2, "duel", True),
        (3, "duel", False),
        (3, "ffa", True),
        (4, "ffa", True),
        (2, "ffa", False),
        (3, "sworn-enemy", True),
        (4, "teams", True),
        (3, "teams", False),
    ):
        players = ["A", "B", "C", "D"][:names]
        if ok:
            game(players, fixtures=True, heroes=FOUR[:names], format=fmt)
        else:
            with pytest.raises(SetupError):
                game(players, fixtures=True, heroes=FOUR[:names], format=fmt)


def test_hero_special_rules_end_when_the_hero_is_defeated() -> None:
    """Layout of a Hero Board (p.6): a hero's special rules apply only while that hero is in the
    game. Once Hakor's player is eliminated, his units are discarded like anyone's, not put on the
    bottom of their decks."""
    g = three({"A": {"hand": ["test-firestorm"]}, "B": {"health": 5, "territory": ["infantry"]}},
              heroes=["test-knight", "hakor-dajet", "test-mage"])
    inf = unit(g, "B", "infantry")
    play(g, "Play Test Firestorm", hero(g, "B"))
    assert g.state.objects[inf].zone == board.discard("basic")
    assert not in_play(g, inf)


# -- Competitive Match (p.26) -------------------------------------------------------------------


def win_game(m: Match, winner: str, **start: Any) -> Game:
    """Start the match's next game and let `winner` win it at once (a prepared board)."""
    loser = next(p for p in m.players if p != winner)
    g = m.start(**start, given={"turn": 3, "active": winner, "players": {
        winner: {"hand": ["test-firestorm"]}, loser: {"health": 5}}})
    play(g, "Play Test Firestorm", hero(g, loser))
    assert winners(g) == [winner]
    m.record(g)
    return g


def test_competitive_match_best_of_three_random_heroes_no_repeats() -> None:
    """Competitive Match (p.26): a best-of-three series; before each game each player gets a random
    hero, and each hero is played only once in the series; winning more than half the games wins
    the match."""
    m = Match(["Paul", "Allison"], best_of=3, seed=5, ruleset=fixture_ruleset())
    win_game(m, "Paul")
    assert not m.over
    win_game(m, "Allison", play_first=True)
    win_game(m, "Paul", play_first=False)
    assert m.over and m.winner == "Paul" and m.wins == {"Paul": 2, "Allison": 1}
    heroes = [h for r in m.results for h in r.heroes.values()]
    assert len(heroes) == 6 and len(set(heroes)) == 6
    with pytest.raises(MatchError):
        m.start()


def test_competitive_match_ends_once_a_player_has_won_more_than_half() -> None:
    """Competitive Match (p.26): the player who wins more than half of the games wins the match, so
    two straight wins end a best-of-three."""
    m = Match(["Paul", "Allison"], best_of=3, seed=2, ruleset=fixture_ruleset())
    win_game(m, "Allison")
    win_game(m, "Allison", play_first=True)
    assert m.winner == "Allison" and len(m.results) == 2


def test_competitive_match_first_game_by_die_roll_then_loser_chooses() -> None:
    """Competitive Match (p.26): a die roll decides who plays first in game 1; afterwards the loser
    of the previous game chooses to play first or second, once the heroes are dealt."""
    m = Match(["Paul", "Allison"], best_of=3, seed=9, ruleset=fixture_ruleset())
    with pytest.raises(MatchError):
        m.start(play_first=True)
    firsts = set()
    for seed in range(8):
        probe = Match(["Paul", "Allison"], seed=seed, ruleset=fixture_ruleset())
        firsts.add(probe.start().players[probe.start().state.active])
    assert firsts == {"Paul", "Allison"}
    win_game(m, "Paul")
    assert m.chooser == "Allison"
    dealt = m.deal()
    with pytest.raises(MatchError):
        m.start()
    g = m.start(play_first=False)
    assert [str(p.props["hero"]) for p in g.state.players] == [dealt["Paul"], dealt["Allison"]]
    assert g.players[int(g.state.globals["first_player"])] == "Paul"
    g = m.start(play_first=True)
    assert g.players[int(g.state.globals["first_player"])] == "Allison"


def test_competitive_match_is_an_odd_number_of_games() -> None:
    """Competitive Match (p.26): an odd number of games is played (best of 3 by default, or longer);
    every game needs two heroes not yet played."""
    with pytest.raises(MatchError):
        Match(["Paul", "Allison"], best_of=2, ruleset=fixture_ruleset())
    with pytest.raises(MatchError):
        Match(["Paul", "Allison"], best_of=5, ruleset=fixture_ruleset(),
              heroes=["beledan-kind", "thedric-egen", "test-knight", "test-ranger"])
    assert Match(["Paul", "Allison"], ruleset=fixture_ruleset()).best_of == 3


def test_team_game_winning_team_chooses_its_first_player() -> None:
    """Team Game Format (p.27): the teams roll a die; the team that wins chooses which of its two
    players takes the first turn."""
    seen = set()
    for seed in range(6):
        g = game(["A", "B", "C", "D"], first=None, seed=seed, fixtures=True, heroes=FOUR,
                 format="teams")
        assert g.decision.kind == "first_player"
        team = g.state.players[g.decision.seat_index].team
        options = [int(o.key.split(":")[1]) for o in g.decision.options]
        assert [g.state.players[s].team for s in options] == [team, team]
        seen.add(team)
        g.choose(f"first:{options[1]}")
        assert g.decision.kind == "equip" and g.decision.seat_index == options[1]
        while g.decision.kind == "equip":
            g.choose(g.decision.options[0].key)
        assert g.state.active == options[1]
    assert seen == {0, 1}


def test_sworn_enemy_seating_by_die_roll_highest_first() -> None:
    """Sworn Enemy Format (p.27): players roll a die for the first turn and the seating order;
    seats go clockwise from the highest roll to the lowest (ties roll again)."""
    from cardgames import new_game
    from cardgames.engine.core_events import RandomDrawn

    for seed in range(1, 8):
        names = ["Ann", "Bob", "Cid", "Dee"]
        heroes = ["hakor-dajet", "thedric-egen", "beledan-kind", "gonde-kyal"]
        g = new_game("allegiance", names, seed, {"format": "sworn-enemy", "heroes": heroes})
        rolls: dict[str, list[int]] = {n: [] for n in names}
        for ev in g.events:
            if isinstance(ev, RandomDrawn) and ev.purpose.startswith("seating roll"):
                rolls[ev.purpose.split(": ")[1]].append(ev.value)
        seated = [p.name for p in g.state.players]
        assert seated == sorted(names, key=lambda n: [-r for r in rolls[n]])
        assert g.state.globals["first_player"] == 0
        assert [p.props["hero"] for p in g.state.players] == [heroes[names.index(n)] for n in seated]
