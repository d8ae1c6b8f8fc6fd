"""Rules of Game Setup (p.4), Game Pieces (p.5-11) and Beginning the Game (p.12)."""

from __future__ import annotations

import pytest
from allegiance_play import cooldowns, counter, game, gold, hand, health, mid, skip_setup

from cardgames.engine.ruleset import SetupError
from cardgames.games.allegiance import board


def test_resources_start_at_gold_zero_production_five_health_maximum() -> None:
    """Game Setup (p.4): production rating 5, gold 0, and each hero's health at the maximum printed
    on its hero board (Beledan Kind 38, Thedric Egen 35, as the sample game says on p.28)."""
    g = game()
    assert g.decision.kind == "equip"  # still before the first turn
    for name, most in (("Paul", 38), ("Allison", 35)):
        assert (gold(g, name), counter(g, name, "production"), health(g, name)) == (0, 5, most)
        assert counter(g, name, "max_health") == most


def test_starting_hand_two_basic_one_elite_one_action() -> None:
    """Game Setup (p.4) / Beginning the Game (p.12): each player draws two basic units, one elite
    unit and one action card."""
    g = game()
    for s in (0, 1):
        backs = sorted(str(o.props["back"]) for o in g.state.cards_in(board.hand(s)))
        assert backs == ["action", "basic", "basic", "elite"]


def test_hakor_starting_hand_is_two_action_cards() -> None:
    """Hakor Dajet's special rules (hero board, p.6): draw two action cards as the starting hand
    (the hero board overrides the default hand, Rules Conflicts p.25)."""
    g = game(heroes=["hakor-dajet", "thedric-egen"])
    assert sorted(str(o.props["back"]) for o in g.state.cards_in(board.hand(0))) == [
        "action",
        "action",
    ]
    assert sorted(str(o.props["back"]) for o in g.state.cards_in(board.hand(1))) == [
        "action", "basic", "basic", "elite"]


def test_only_the_initial_ability_starts_unlocked_and_ready() -> None:
    """Game Setup (p.4) / Hero Abilities (p.7): a cooldown counter goes on the ready space of the
    initial ability; the other abilities have no counter until they are unlocked."""
    g = game()
    assert cooldowns(g, "Paul") == {"equip": 0}
    assert cooldowns(g, "Allison") == {"equip": 0}


def test_weapon_and_armor_chosen_in_turn_order_before_the_first_turn() -> None:
    """Game Setup (p.4): in turn order each player chooses which sides of their weapon and armor
    cards are face up, before the first turn. Allison plays first here although she sits second."""
    g = game(first="Allison")
    seen = []
    while g.decision.kind == "equip":
        seen.append((g.decision.seat, g.decision.prompt.split("which ")[1].split(" ")[0]))
        g.choose(g.decision.options[-1].key)
    assert seen == [
        ("Allison", "weapon"),
        ("Allison", "armor"),
        ("Paul", "weapon"),
        ("Paul", "armor"),
    ]
    assert g.state.turn == 1 and g.state.players[g.state.active].name == "Allison"
    # Each chose the second face of each card.
    for s in (0, 1):
        assert g.state.objects[int(g.state.players[s].props["weapon"])].face == 1
        assert g.state.objects[int(g.state.players[s].props["armor"])].face == 1


def test_weapon_and_armor_start_in_play_refreshed() -> None:
    """Equipping Weapons and Armor (p.15): players begin the game with their weapon and armor cards
    in play (only the face-up side counts), refreshed."""
    g = game()
    skip_setup(g)
    for s in (0, 1):
        for kind in ("weapon", "armor"):
            obj = board.gear(g.state, s, kind)
            assert obj is not None and board.in_play(g.state, obj) and not obj.exhausted


def test_first_player_is_random_from_the_seed() -> None:
    """Game Setup (p.4): roll a die to determine who plays first. The roll comes from the seed:
    the same seed always gives the same first player, and different seeds give both players."""
    firsts = {seed: game(seed=seed, first=None).state.active for seed in range(12)}
    assert set(firsts.values()) == {0, 1}
    assert all(game(seed=seed, first=None).state.active == firsts[seed] for seed in range(4))


def test_special_cards_wait_in_reserves_not_in_shared_decks() -> None:
    """Game Setup (p.4) / Special Cards (p.11): special cards are kept in the reserves and are never
    shuffled into the shared decks or drawn into a hand."""
    g = game()
    shared = [o for d in board.DECKS for o in g.state.cards_in(board.deck(d))]
    assert shared and not any(o.card == "militia-recruit" for o in shared)
    assert all(
        o.props.get("back") in board.DECKS for s in (0, 1) for o in g.state.cards_in(board.hand(s))
    )


def test_each_hero_played_by_one_player_only() -> None:
    """Game Setup (p.4): each player selects a hero and takes that hero's board (one board per
    hero), so two players cannot play the same hero."""
    with pytest.raises(SetupError):
        game(heroes=["thedric-egen", "thedric-egen"])


def test_territory_cards_are_public_hand_cards_private() -> None:
    """Game Setup (p.4) / Hands and Public Information (p.24): cards in a territory are in play for
    all to see; a hand's card faces are private to its owner."""
    g = mid({"Paul": {"hand": ["skilled-strike"], "territory": ["infantry"]}})
    view = g.view("Allison")
    assert any(c.card == "infantry" for c in view.zones[board.territory(0)].cards)
    assert all(c.hidden for c in view.zones[board.hand(0)].cards)
    assert hand(g, "Paul") == ["skilled-strike"]


def test_stop_settings_are_checked() -> None:
    """Our hot-seat ruling R96: each player's `stop` setting is one of auto, always, never or
    relevant, for a player of the game."""
    with pytest.raises(SetupError):
        game(stop={"Paul": "sometimes"})
    with pytest.raises(SetupError):
        game(stop={"Bob": "always"})
    assert game(stop={"Paul": "relevant"}).state.players[0].props["stop"] == "relevant"
