"""Undo: back to an earlier decision of the same seat; refused after a reveal or another seat's choice."""

from __future__ import annotations

import random

import pytest
from engine_play import assert_fold_equals, decision_facts, duel, play, step

from cardgames.engine import core_events as ce
from cardgames.engine.decisions import UndoRefused
from cardgames.engine.game import Game
from cardgames.games.allegiance.events import CardDrawn


def _since_last_choice(game: Game, seat: int) -> list[ce.Event]:
    out: list[ce.Event] = []
    for ev in reversed(game.events):
        if isinstance(ev, ce.Chose) and not ev.auto:
            return [ev, *reversed(out)]
        out.append(ev)
    return list(reversed(out))


def _find(game: Game, rng: random.Random, want: str) -> tuple[tuple[object, ...], int]:
    """Play until the deciding seat's undo is in situation `want`; returns the decision before."""
    for _ in range(5000):
        d = game.decision
        before = decision_facts(d)
        mark = len(game.events)
        step(game, rng)
        if game.outcome is not None:
            break
        now = game.decision
        since = game.events[mark:]
        reveals = any(e.REVEALS for e in since)
        others = any(isinstance(e, ce.Chose) and not e.auto and e.seat != d.seat_index for e in since)
        if now.seat_index != d.seat_index:
            continue
        if want == "own" and not reveals:
            return before, mark
        if want == "reveal" and reveals and isinstance(since[0], ce.Chose):
            return before, mark
        if want == "other":
            # the seat decides again after another seat's (unrevealing) choice in between
            last = [e for e in game.events if isinstance(e, ce.Chose) and not e.auto]
            if len(last) >= 2 and last[-1].seat != d.seat_index and not any(
                    e.REVEALS for e in game.events[game.events.index(last[-1]):]):
                return before, mark
            if others:
                continue
    pytest.fail(f"no situation {want!r} found")


def test_undo_returns_to_the_decision_before_ones_own_choice() -> None:
    for seed in range(3):
        game = duel(seed)
        rng = random.Random(seed)
        play(game, rng, 20)
        before, mark = _find(game, rng, "own")
        assert game.undo_reason() is None
        game.undo()
        assert len(game.events) == mark
        assert decision_facts(game.decision) == before
        assert_fold_equals(game)


def test_undo_twice_goes_back_two_own_choices() -> None:
    game = duel(3)
    rng = random.Random(3)
    for _ in range(3000):
        seat = game.decision.seat_index
        first = decision_facts(game.decision)
        mark = len(game.events)
        step(game, rng)
        if game.outcome is not None:
            break
        if game.decision.seat_index != seat or game.undo_reason() is not None:
            continue
        second = decision_facts(game.decision)
        step(game, rng)
        if game.outcome is None and game.decision.seat_index == seat and game.undo_reason() is None:
            game.undo()
            assert decision_facts(game.decision) == second
            assert game.undo_reason() is None
            game.undo()
            assert decision_facts(game.decision) == first
            assert len(game.events) == mark
            return
    pytest.fail("no two undoable choices in a row")


def test_undo_is_refused_after_a_card_is_drawn() -> None:
    game = duel(4)
    rng = random.Random(4)
    for _ in range(5000):
        d = game.decision
        mark = len(game.events)
        step(game, rng)
        if game.outcome is not None:
            break
        drawn = any(isinstance(e, CardDrawn) for e in game.events[mark:])
        if drawn and game.decision.seat_index == d.seat_index:
            events = list(game.events)
            reason = game.undo_reason()
            assert reason is not None and "hidden information was revealed" in reason
            assert "draws a card" in reason  # says what was revealed, publicly
            with pytest.raises(UndoRefused, match="hidden information was revealed"):
                game.undo()
            assert game.events == events
            return
    pytest.fail("no draw followed by the same seat's decision")


def test_undo_is_refused_after_another_seat_decided() -> None:
    game = duel(5)
    rng = random.Random(5)
    for _ in range(5000):
        d = game.decision
        mark = len(game.events)
        step(game, rng)
        if game.outcome is not None:
            break
        now = game.decision
        if now.seat_index == d.seat_index or any(e.REVEALS for e in game.events[mark:]):
            continue
        reason = game.undo_reason()
        assert reason == f"{d.seat} has decided since {now.seat}'s last choice"
        events = list(game.events)
        with pytest.raises(UndoRefused, match=f"{d.seat} has decided since {now.seat}"):
            game.undo()
        assert game.events == events
        return
    pytest.fail("no decision passed from one seat to the other")


def test_a_seat_may_undo_its_own_last_choice_while_another_seat_decides() -> None:
    game = duel(6)
    rng = random.Random(6)
    for _ in range(5000):
        d = game.decision
        before = decision_facts(d)
        mark = len(game.events)
        step(game, rng)
        if game.outcome is not None:
            break
        since = game.events[mark:]
        if game.decision.seat_index != d.seat_index and not any(e.REVEALS for e in since):
            assert game.undo_reason(d.seat) is None
            game.undo(d.seat)
            assert decision_facts(game.decision) == before
            return
    pytest.fail("no answer passed the decision to the other seat")


def test_nothing_to_undo_at_the_start() -> None:
    game = duel(7)
    reason = game.undo_reason()
    assert reason is not None and "has made no choice to undo" in reason
    with pytest.raises(UndoRefused, match="no choice to undo"):
        game.undo()


def test_undo_is_refused_once_the_game_is_over() -> None:
    game = duel(8)
    play(game, random.Random(8), 20_000)
    assert game.outcome is not None
    with pytest.raises(UndoRefused, match="the game is over"):
        game.undo()


def test_listeners_stay_attached_after_undo() -> None:
    game = duel(9)
    seen: list[ce.Event] = []
    game.flow.listeners.append(lambda flow, ev: seen.append(ev))
    rng = random.Random(9)
    play(game, rng, 20)
    _find(game, rng, "own")
    game.undo()
    seen.clear()
    mark = len(game.events)
    play(game, rng, 5)
    assert seen == game.events[mark:]
