"""Answering decisions: an illegal or stale answer raises an error that says why and changes nothing."""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from typing import Any

import pytest
from engine_play import decision_facts, duel, play, step

from cardgames.engine.decisions import IllegalChoice, Option, StaleChoice
from cardgames.engine.game import Game


def _unchanged(game: Game, attempt: Callable[[], Any], error: type[Exception], *words: str) -> str:
    """Run `attempt`, which must raise `error`; check that log, state and decision are as before."""
    events = list(game.events)
    state = copy.deepcopy(game.state)
    facts = decision_facts(game.decision) if game.outcome is None else None
    with pytest.raises(error) as info:
        attempt()
    message = str(info.value)
    for w in words:
        assert w in message, f"{w!r} not in {message!r}"
    assert game.events == events
    assert game.state == state
    assert (decision_facts(game.decision) if game.outcome is None else None) == facts
    return message


def test_unknown_key_is_refused_listing_the_legal_keys() -> None:
    game = duel(1)
    play(game, random.Random(1), 30)
    d = game.decision
    msg = _unchanged(game, lambda: game.choose("no-such-key"), IllegalChoice, "'no-such-key'", d.seat, d.kind)
    for o in d.options[:12]:
        assert o.key in msg


def test_illegal_choice_is_not_a_stale_choice() -> None:
    game = duel(1)
    with pytest.raises(IllegalChoice) as info:
        game.choose("nonsense")
    assert not isinstance(info.value, StaleChoice)


def test_an_option_of_an_earlier_decision_is_stale() -> None:
    game = duel(2)
    rng = random.Random(2)
    play(game, rng, 10)
    old = game.decision.options[0]
    step(game, rng)
    _unchanged(game, lambda: game.choose(old), StaleChoice, "earlier decision", repr(old.key),
               game.decision.seat, game.decision.kind)


def test_a_stale_option_is_refused_even_when_its_key_is_legal_now() -> None:
    game = duel(2)
    rng = random.Random(2)
    for _ in range(400):
        before = game.decision
        step(game, rng)
        if game.outcome is not None:
            break
        now = game.decision
        legal = set(now.keys())
        same = [o for o in before.options if o.key in legal]
        if same:
            _unchanged(game, lambda o=same[0]: game.choose(o), StaleChoice, "earlier decision")
            game.choose(same[0].key)  # the key itself is fine
            return
    pytest.fail("no decision repeated a key of the one before")


def test_an_option_from_before_an_undo_is_stale_even_at_the_same_point() -> None:
    game = duel(3)
    rng = random.Random(3)
    play(game, rng, 5)
    for _ in range(200):
        d = game.decision
        step(game, rng)
        if game.outcome is None and game.undo_reason(d.seat) is None and game.decision.seat_index == d.seat_index:
            later = game.decision.options[0]
            game.undo()
            assert decision_facts(game.decision) == decision_facts(d)
            # `later` came from a decision that no longer exists; `d`'s own options are also
            # from a decision object that undo replaced: both are refused, the keys are not.
            _unchanged(game, lambda o=later: game.choose(o), StaleChoice)
            _unchanged(game, lambda o=d.options[0]: game.choose(o), StaleChoice)
            game.choose(d.options[0].key)
            return
    pytest.fail("found no undoable choice")


def test_an_option_of_another_game_is_stale() -> None:
    a, b = duel(4), duel(4)
    opt = a.decision.options[0]
    _unchanged(b, lambda: b.choose(opt), StaleChoice)


def test_a_hand_made_option_is_taken_by_its_key() -> None:
    game = duel(4)
    key = game.decision.options[0].key
    game.choose(Option(key, "whatever"))
    bad = Option("nope", "nope")
    _unchanged(game, lambda: game.choose(bad), IllegalChoice, "'nope'")


@pytest.mark.parametrize("answer", [3, None, 2.5, ["pass"]])
def test_an_answer_that_is_neither_option_nor_key_is_refused(answer: Any) -> None:
    game = duel(5)
    _unchanged(game, lambda: game.choose(answer), IllegalChoice, "Option or its key")


def test_after_the_game_ends_every_answer_is_refused() -> None:
    game = duel(6)
    play(game, random.Random(6), 20_000)
    assert game.outcome is not None
    _unchanged(game, lambda: game.choose("pass"), IllegalChoice, "game is over", "won")


def test_a_rules_error_while_answering_rewinds_everything() -> None:
    """If the rules break while applying an answer, the game is as it was before the answer."""
    game = duel(7)
    play(game, random.Random(7), 40)
    frame = game.state.frames[-1]
    kind = game.flow.kind(frame)

    class Broken:
        def run(self, flow: Any, fr: Any) -> Any:
            return kind.run(flow, fr)

        def answer(self, flow: Any, fr: Any, option: Option) -> None:
            kind.answer(flow, fr, option)
            raise RuntimeError("boom")

    original = game.ruleset.frame_kinds[frame.kind]
    game.ruleset.frame_kinds[frame.kind] = Broken()  # type: ignore[assignment]
    try:
        key = game.decision.options[0].key
        _unchanged(game, lambda: game.choose(key), RuntimeError, "boom")
    finally:
        game.ruleset.frame_kinds[frame.kind] = original
    game.choose(key)


def test_every_option_of_a_decision_is_accepted() -> None:
    """Each legal option really is legal: answering it never raises (tried on a fresh copy)."""
    game = duel(8)
    rng = random.Random(8)
    for _ in range(40):
        d = game.decision
        for opt in d.options:
            twin = Game(game.ruleset, list(game.events), dict(game.header))
            twin.choose(opt.key)
        step(game, rng)
        if game.outcome is not None:
            break
