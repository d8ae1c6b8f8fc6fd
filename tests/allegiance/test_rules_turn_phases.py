"""Rules of the turn: Phases of the Turn (p.13), Gameplay Continued (p.14), Exhaust and Refresh
(p.12), and the first-turn rules of two-player (p.26) and multiplayer games (p.27)."""

from __future__ import annotations

from allegiance_play import (
    at_main,
    cooldowns,
    counter,
    end_turn,
    game,
    gold,
    hand,
    health,
    key,
    mid,
    next_main,
    pass_chain,
    play,
    skip_setup,
    to_end_phase,
    to_main,
    unit,
    weapon,
)

from cardgames.engine import core_events as ce
from cardgames.games.allegiance import board


def test_production_phase_increases_rating_then_gains_gold() -> None:
    """Production Phase (p.13): first increase the production rating by 1, then gain gold equal to
    it (the example: 3 gold and production 6 -> production 7, 10 gold)."""
    g = mid({"Allison": {"gold": 3, "production": 6}}, active="Paul")
    end_turn(g)
    assert counter(g, "Allison", "production") == 7
    assert gold(g, "Allison") == 10


def test_production_phase_first_player_skips_increase_in_two_player() -> None:
    """Production Phase note (p.13) / General Two-Player Rules (p.26): the player who plays first
    does not increase their production on the game's very first turn: they gain 5 gold."""
    g = game()
    skip_setup(g)
    assert (counter(g, "Paul", "production"), gold(g, "Paul")) == (5, 5)


def test_second_player_increases_production_on_first_turn_in_two_player() -> None:
    """General Two-Player Rules (p.26): the first-turn exceptions do not apply to the player who
    plays second: production 5 -> 6, 6 gold."""
    g = game()
    skip_setup(g)
    end_turn(g)
    assert (counter(g, "Allison", "production"), gold(g, "Allison")) == (6, 6)


def test_production_increases_every_later_turn() -> None:
    """Resource Board (p.5): production starts at 5 and rises by 1 on each of the player's turns."""
    g = game()
    skip_setup(g)
    seen = []
    for _ in range(3):
        next_main(g)  # Allison
        next_main(g)  # Paul
        seen.append(counter(g, "Paul", "production"))
    assert seen == [6, 7, 8]


def test_draw_phase_first_player_skips_draw_in_two_player() -> None:
    """Draw Phase note (p.13) / General Two-Player Rules (p.26): the first player does not draw a
    card on the very first turn."""
    g = game()
    skip_setup(g)
    assert at_main(g, "Paul") and len(hand(g, "Paul")) == 4


def test_draw_phase_player_chooses_the_deck() -> None:
    """Draw Phase (p.13): the player draws one card from the shared deck of their choice."""
    g = game()
    skip_setup(g)
    end_turn(g)
    assert g.decision.kind == "draw" and g.decision.seat == "Allison"
    assert {o.key for o in g.decision.options} == {"deck:basic", "deck:elite", "deck:action"}
    before = len(g.state.cards_in(board.deck("elite")))
    g.choose("deck:elite")
    assert len(hand(g, "Allison")) == 5
    assert len(g.state.cards_in(board.deck("elite"))) == before - 1


def test_multiplayer_every_player_increases_production_and_draws_on_first_turn() -> None:
    """General Multiplayer Rules (p.27): all players, even the one who plays first, increase their
    production and draw a card on their first turn."""
    g = game(["A", "B", "C"], first="A", fixtures=True,
             heroes=["test-knight", "test-ranger", "test-mage"])
    skip_setup(g)
    assert g.decision.kind == "draw" and g.decision.seat == "A"
    assert (counter(g, "A", "production"), gold(g, "A")) == (6, 6)
    g.choose("deck:basic")
    assert len(hand(g, "A")) == 5


def test_refresh_phase_moves_cooldowns_one_space_toward_ready() -> None:
    """Refresh Phase (p.13): each cooldown counter moves one space closer to ready; counters on the
    ready space do not move."""
    g = mid({"Allison": {"cooldowns": {"new-recruits": 3, "advanced-training": 1}}})
    end_turn(g)
    assert cooldowns(g, "Allison") == {"equip": 0, "new-recruits": 2, "advanced-training": 0}


def test_refresh_phase_refreshes_exhausted_cards_in_own_territory_only() -> None:
    """Refresh Phase (p.13): all exhausted cards in the player's own territory are refreshed; other
    players' cards stay as they are."""
    g = mid(
        {
            "Paul": {
                "territory": [{"card": "infantry", "exhausted": True}],
                "weapon_exhausted": True,
            },
            "Allison": {
                "territory": [{"card": "halberdier", "exhausted": True}],
                "armor_exhausted": True,
            },
        }
    )
    end_turn(g)  # Allison's turn begins
    assert not g.state.objects[unit(g, "Allison", "halberdier")].exhausted
    assert not board.gear(g.state, 1, "armor").exhausted  # type: ignore[union-attr]
    assert g.state.objects[unit(g, "Paul", "infantry")].exhausted
    assert g.state.objects[weapon(g, "Paul")].exhausted


def test_no_maneuvers_in_production_refresh_and_draw_phases() -> None:
    """Production, Refresh and Draw Phases (p.13): no player may play maneuvers then. The first
    chance to play anything in a turn comes in the maneuver phase."""
    g = mid(
        {"Allison": {"hand": ["skilled-strike"], "gold": 9}, "Paul": {"territory": ["infantry"]}},
        stop={"Paul": "always", "Allison": "always"},
    )
    end_turn(g)
    phases = [ev.phase for ev in g.events if isinstance(ev, ce.PhaseBegan)][-3:]
    assert phases == ["production", "refresh", "draw"]
    assert g.decision.kind == "draw"  # not a priority decision
    g.choose("deck:action")
    assert g.state.phase == "maneuver" and g.decision.kind == "priority"


def test_maneuver_phase_any_number_of_maneuvers_in_any_order() -> None:
    """Maneuver Phase (p.13): the current player may play any number of maneuvers, in any order."""
    g = mid({"Paul": {"gold": 20, "hand": ["infantry", "infantry", "skilled-strike"]},
             "Allison": {"territory": ["halberdier"]}})
    play(g, "Enlist Infantry")
    play(g, "Play Skilled Strike", unit(g, "Allison", "halberdier"))
    play(g, "Enlist Infantry")
    assert at_main(g, "Paul")
    assert gold(g, "Paul") == 20 - 4 - 2 - 4


def test_end_of_turn_triggers_then_final_window_then_effects_end() -> None:
    """End of Turn Phase (p.13): first the end-of-turn triggers happen, then players get a final
    chance to play maneuvers, then effects lasting until the end of the turn finish."""
    g = mid(
        {"Paul": {"health": 30, "territory": ["test-sentry"], "hand": ["battle-surge"], "gold": 5}},
        fixtures=True,
    )
    sentry = unit(g, "Paul", "test-sentry")
    play(g, "Play Battle Surge", sentry)
    assert g.ruleset.card_facts(g.state, g.state.objects[sentry])["attack"] == 4
    to_end_phase(g)
    # The end-of-turn trigger went on the chain first.
    assert g.state.phase == "end"
    assert [c.label for c in g.state.chain] == ["Test Sentry: heal 1 damage from your hero"]
    pass_chain(g)
    assert health(g, "Paul") == 31
    # Then the final window: Battle Surge's +3 still lasts.
    assert g.decision.kind == "priority" and g.state.phase == "end"
    assert key(g, "End your turn") == "pass"
    assert g.ruleset.card_facts(g.state, g.state.objects[sentry])["attack"] == 4
    end_turn(g)
    assert g.ruleset.card_facts(g.state, g.state.objects[sentry])["attack"] == 1


def test_end_of_turn_window_allows_only_reaction_maneuvers() -> None:
    """End of Turn Phase (p.13) / Reaction Maneuvers (p.16): the final chance to play maneuvers is
    outside the maneuver phase, so only reaction maneuvers may be played then, even by the current
    player."""
    g = mid(
        {
            "Paul": {"gold": 20, "hand": ["infantry", "skilled-strike"], "territory": ["infantry"]},
            "Allison": {"territory": ["halberdier"]},
        }
    )
    assert {o.group for o in g.decision.options} >= {"enlist", "battle", "action", "unlock"}
    to_end_phase(g)
    assert g.state.phase == "end" and g.decision.seat == "Paul"
    groups = {o.group for o in g.decision.options}
    assert "action" in groups
    assert not groups & {"enlist", "battle", "unlock"}


def test_turns_proceed_clockwise() -> None:
    """Beginning the Game (p.12) / Gameplay Continued (p.14): turns occur in clockwise order."""
    g = game(["A", "B", "C", "D"], first="C", fixtures=True, format="ffa",
             heroes=["test-knight", "test-ranger", "test-mage", "thedric-egen"])
    skip_setup(g)
    to_main(g)
    order = []
    for _ in range(5):
        order.append(g.state.players[g.state.active].name)
        next_main(g)
    assert order == ["C", "D", "A", "B", "C"]


def test_exhausted_card_stays_exhausted_until_refreshed() -> None:
    """Exhaust and Refresh (p.12): an exhausted card stays exhausted (exhausting it again changes
    nothing) until it is refreshed."""
    g = mid({"Paul": {"territory": ["infantry"]}})
    inf = unit(g, "Paul", "infantry")
    g.choose("battle:1")
    pass_chain(g)
    g.choose(f"attack:{inf}")
    g.choose("done")
    while g.state.battle is not None:
        g.choose("done" if g.decision.kind == "assign_defenders" else "pass")
    assert g.state.objects[inf].exhausted
    end_turn(g)
    assert g.state.objects[inf].exhausted  # Allison's turn: not Paul's refresh phase
    to_main(g)
    next_main(g)
    assert not g.state.objects[inf].exhausted
