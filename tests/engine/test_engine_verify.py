"""`tools.replay.verify` re-derives a saved log from its header and answers, and says where a
changed answer stops agreeing (an answer by the wrong seat, or one that is not legal there)."""

from __future__ import annotations

import dataclasses
import random

from engine_play import NAMES, duel, ruleset, step

from cardgames.engine import core_events as ce
from cardgames.engine.events import Event
from cardgames.tools.replay import verify


def _played(answers: int = 60) -> tuple[dict[str, object], list[Event]]:
    game = duel(seed=11)
    rng = random.Random(11)
    for _ in range(answers):
        if game.outcome is not None:
            break
        step(game, rng)
    return dict(game.header), list(game.events)


def _nth_answer(events: list[Event], n: int) -> int:
    return [i for i, e in enumerate(events) if isinstance(e, ce.Chose) and not e.auto][n]


def test_verify_reproduces_the_log() -> None:
    header, events = _played()
    verdict = verify(ruleset(), header, events)
    assert verdict.ok, verdict.message
    assert "identical" in verdict.message


def test_verify_names_an_answer_given_by_the_wrong_seat() -> None:
    header, events = _played()
    i = _nth_answer(events, 5)
    chose = events[i]
    assert isinstance(chose, ce.Chose)
    events[i] = dataclasses.replace(chose, seat=1 - chose.seat)
    verdict = verify(ruleset(), header, events)
    assert not verdict.ok
    assert f"choice 6 ({chose.key!r}) was made by seat {1 - chose.seat}" in verdict.message
    assert f"the replay waits on {NAMES[chose.seat]}'s {chose.kind}" in verdict.message


def test_verify_names_an_answer_that_is_not_legal_there() -> None:
    header, events = _played()
    i = _nth_answer(events, 5)
    chose = events[i]
    assert isinstance(chose, ce.Chose)
    events[i] = dataclasses.replace(chose, key="no-such-option")
    verdict = verify(ruleset(), header, events)
    assert not verdict.ok
    assert "choice 6 ('no-such-option') is refused on replay" in verdict.message
    assert verdict.index is not None and verdict.index <= i + 1
