"""A replay checks a saved turn answer by finding that one play (`Day.turn_option`), not by listing every
card and ability: at every turn of seeded games (random and keen players), each option listed is found
equal by its key, and no key the list lacks is found — a card too dear, exhausted in Reserve or out of
Hand and Reserve, an ability exhausted, unpaid or out of play, a malformed key."""

from __future__ import annotations

import random
from collections import Counter

from kit.finder import found_as_listed

from cardgames.bots import make_bot
from cardgames.engine.game import Game
from cardgames.engine.state import State
from cardgames.games import find_ruleset
from cardgames.games.altered import steps
from cardgames.games.altered import table as t
from cardgames.games.altered.day import Day

RULES = find_ruleset("altered")
SEEDS = range(8)
MALFORMED = ["nothing", "play:", "play:x", "play:1:2", "quick:1", "quick:1:x", "play:-1", "quick:1:-1", "play:²"]


def _tried(state: State) -> list[str]:
    """Keys for every card of both players' Hands, Reserves and what they have in play, and a few
    that name nothing."""
    tried = list(MALFORMED)
    for s in range(len(state.players)):
        for z in (t.hand(s), t.reserve(s), t.discard(s), t.deck(s), *steps.in_play_zones(s)):
            for i in state.zones[z].cards:
                tried += [f"play:{i}", f"play:0{i}", f"play: {i}", *(f"quick:{i}:{k}" for k in range(-1, 4))]
    return tried


def test_each_turn_option_is_found_by_its_key_as_listed_and_nothing_else_is() -> None:
    seen: Counter[str] = Counter()
    day: Day = RULES.day  # type: ignore[attr-defined]
    for seed in SEEDS:
        rng = random.Random(f"turn-option/{seed}")
        game = Game.new(RULES, ["Ann", "Bob"], seed, {})
        keen = make_bot("keen", seed) if seed % 2 else None
        while game.outcome is None:
            d = game.decision
            if d.kind == "turn":
                state, seat = game.state, d.seat_index
                find = lambda st, s, _f, key: day.turn_option(st, s, key)  # noqa: E731
                found_as_listed(find, state, seat, None, d.options, _tried(state), seen)
            game.choose(keen.choose(d) if keen else rng.choice(d.options))
    # plays and quick actions were found, and many keys refused: the comparison was not vacuous
    assert all(seen[k] for k in ("play", "quick", "refused")), seen
