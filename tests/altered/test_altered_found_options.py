"""A replay checks a saved answer by finding that one option by its key (`Ask.find`: a turn's play or
quick action, an orb, a target, a card to discard), not by listing them all: at every decision of
seeded games (random and keen players), each option listed is found equal by its key, and no key the
list lacks is found — a card too dear, exhausted in Reserve or out of Hand and Reserve, an ability
exhausted, unpaid or out of play, an illegal target, a malformed key."""

from __future__ import annotations

import random
from collections import Counter

from cardgames.bots import make_bot
from cardgames.engine.decisions import Ask, Option
from cardgames.engine.game import Game
from cardgames.games import find_ruleset

RULES = find_ruleset("altered")
SEEDS = range(8)
PREFIXES = ("play", "orb", "discard", "target", "card")
MALFORMED = ["nothing", "pass:1", "none:", "play:", "play:x", "play:1:2", "quick:1", "quick:1:x", "play:-1", "orb:²"]


def _tried(game: Game) -> list[str]:
    """Keys naming every object in play, in a Hand, Reserve or Deck in each way, and a few naming nothing."""
    tried = list(MALFORMED)
    for i in game.state.objects:
        for p in PREFIXES:
            tried += [f"{p}:{i}", f"{p}:0{i}", f"{p}: {i}"]
        tried += [f"quick:{i}:{k}" for k in range(-1, 4)]
    return tried


def _pending_ask(game: Game) -> Ask:
    """The Ask of the decision the game waits on, asked again of its frame (asking changes nothing)."""
    frame = game.state.frames[-1]
    ask = game.flow.kind(frame).run(game.flow, frame)
    assert ask is not None
    return ask


def _found_as_listed(ask: Ask, options: tuple[Option, ...], tried: list[str], seen: Counter[str]) -> None:
    listed = {o.key: o for o in options}
    for key, o in listed.items():
        found = ask.find(key)
        assert found == o and found is not None and found.label == o.label and found.ref == o.ref, (key, found, o)
        seen[f"{ask.kind}:{key.split(':')[0]}"] += 1
    for key in tried:
        if key not in listed:
            assert ask.find(key) is None, (ask.kind, key)
            seen["refused"] += 1


def test_each_option_is_found_by_its_key_as_listed_and_nothing_else_is() -> None:
    seen: Counter[str] = Counter()
    deferred: Counter[str] = Counter()
    for seed in SEEDS:
        rng = random.Random(f"found-options/{seed}")
        game = Game.new(RULES, ["Ann", "Bob"], seed, {})
        keen = make_bot("keen", seed) if seed % 2 else None
        while game.outcome is None:
            d = game.decision
            ask = _pending_ask(game)
            assert (ask.seat, ask.kind, ask.prompt) == (d.seat_index, d.kind, d.prompt)
            if ask.deferred:
                deferred[ask.kind] += 1
            _found_as_listed(ask, d.options, _tried(game), seen)
            game.choose(keen.choose(d) if keen else rng.choice(d.options))
    # the lists are deferred, and every kind of key was found or refused: the comparison was not vacuous
    assert all(deferred[k] for k in ("turn", "orbs", "expand", "target", "cleanup")), deferred
    kinds = ("turn:play", "turn:quick", "turn:pass", "orbs:orb", "expand:orb", "expand:skip", "target:target")
    assert all(seen[k] for k in (*kinds, "target:none", "target:cancel", "cleanup:discard", "refused")), seen
