"""What the rules remember about the cards and the table's zones (a card's reactions, quick actions and
support abilities, an ability by reference, a zone's name) equals a fresh computation: after games
of every shipped deck, each remembered value is checked against the definition it stands for."""

from __future__ import annotations

import random

from cardgames.engine.game import Game
from cardgames.games import find_ruleset
from cardgames.games.altered import steps
from cardgames.games.altered import table as t
from cardgames.games.altered.play import Play
from cardgames.games.altered.schema import Card

RULES = find_ruleset("altered")


def _refs(card: Card) -> list[str]:
    return [f"ab:{card.id}:{i}" for i in range(len(card.abilities))] + [
        f"grant:{card.id}:{i}" for i, p in enumerate(card.passives) if p.grant is not None
    ]


def test_a_cards_remembered_abilities_are_its_abilities() -> None:
    cards: dict[str, Card] = RULES.cards  # type: ignore[attr-defined]
    for card in cards.values():
        abilities = list(enumerate(card.abilities))
        assert card.reactions == tuple((f"ab:{card.id}:{i}", ab) for i, ab in abilities if ab.when is not None)
        assert card.quick_actions == tuple((i, ab) for i, ab in abilities if ab.quick is not None)
        assert card.supports == tuple((i, ab) for i, ab in abilities if ab.support is not None)
    assert any(c.reactions for c in cards.values()) and any(c.quick_actions for c in cards.values())
    assert any(c.supports for c in cards.values())


def test_abilities_remembered_by_reference_after_games_are_found_afresh() -> None:
    play: Play = RULES.play  # type: ignore[attr-defined]
    cards: dict[str, Card] = RULES.cards  # type: ignore[attr-defined]
    for seed in range(4):
        rng = random.Random(f"static-caches/{seed}")
        game = Game.new(RULES, ["Ann", "Bob"], seed, {})
        while game.outcome is None:
            game.choose(rng.choice(game.decision.options))
    assert play._known, "no ability was looked up by reference"
    for ref, ab in play._known.items():
        assert ab is steps.ability_of(cards, ref), ref
    for card in cards.values():
        for ref in _refs(card):
            assert play._ability_at(ref) is steps.ability_of(cards, ref)


def test_zone_names_are_built_as_written() -> None:
    for s in range(4):
        assert (t.deck(s), t.hand(s), t.mana(s)) == (f"deck:{s}", f"hand:{s}", f"mana:{s}")
        assert t.reserve(s) == f"reserve:{s}"
        assert (t.landmarks(s), t.discard(s), t.hero_zone(s)) == (f"landmarks:{s}", f"discard:{s}", f"hero:{s}")
        assert (t.tumult(s), t.revealed(s)) == (f"tumult:{s}", f"region:{s}")
        for kind in t.KINDS:
            assert t.expedition(s, kind) == f"exp:{s}:{kind}"
        expected = (f"hero:{s}", f"landmarks:{s}", f"exp:{s}:hero", f"exp:{s}:companion")
        assert steps.in_play_zones(s) == expected
