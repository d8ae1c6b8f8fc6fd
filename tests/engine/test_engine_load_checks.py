"""Loading checks the whole log against the rules: any event they would not produce, and any
answer they would not take, ends the loaded game at the last decision before it, said so."""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path

import pytest
from engine_play import duel, ruleset

from cardgames.engine import core_events as ce
from cardgames.engine.events import Event
from cardgames.engine.game import Game, fold
from cardgames.engine.save import read_save, write_save


@pytest.fixture(scope="module")
def played() -> tuple[Game, dict[int, list[str]]]:
    """A duel of 150 random answers, and the keys each answer could have been (by log position)."""
    game = duel(11)
    rng = random.Random(11)
    offered: dict[int, list[str]] = {}
    for _ in range(150):
        if game.outcome is not None:
            break
        keys = game.decision.keys()
        offered[len(game.events)] = keys
        game.choose(rng.choice(keys))
    return game, offered


def _is_input(ev: Event) -> bool:
    return isinstance(ev, ce.PreferenceSet) or (isinstance(ev, ce.Chose) and not ev.auto)


def _load_tampered(tmp_path: Path, game: Game, events: list[Event]) -> Game:
    path = tmp_path / "tampered.save"
    write_save(path, game.header, events)
    saved = read_save(path)
    assert not saved.warnings  # every line is a well-formed event: only the rules can tell
    return Game.restore(ruleset(), saved.header, saved.events, saved.warnings)


def _assert_resumes_at(loaded: Game, game: Game, at: int, why: str) -> None:
    """`loaded` is the original cut back to position `at` (a decision), with a warning saying why."""
    assert len(loaded.events) == at
    assert loaded.events == game.events[:at]
    assert loaded.state == fold(ruleset(), game.events[:at])
    assert isinstance(game.events[at], ce.Chose) and game.events[at].seat == loaded.decision.seat_index
    warnings = loaded.header.get("warnings")
    assert warnings and any(why in w for w in warnings), warnings
    assert "recovered" in warnings[-1]


def _int_fields(ev: Event) -> list[str]:
    return [f.name for f in dataclasses.fields(ev)
            if type(getattr(ev, f.name)) is int]


def test_an_event_the_rules_do_not_produce_ends_the_game_at_the_decision_before_it(
        tmp_path: Path, played: tuple[Game, dict[int, list[str]]]) -> None:
    """A rules event changed (a number in it, as a bug or an edit would): the loaded game keeps
    every step before it and stops at the decision whose answer led to it."""
    game, _ = played
    first = next(i for i, e in enumerate(game.events) if _is_input(e))
    candidates = [i for i, e in enumerate(game.events)
                  if i > first and not _is_input(e) and _int_fields(e)]
    rng = random.Random(12)
    for i in sorted(rng.sample(candidates, 12)):
        ev = game.events[i]
        name = rng.choice(_int_fields(ev))
        changed = dataclasses.replace(ev, **{name: getattr(ev, name) + 1})
        loaded = _load_tampered(tmp_path, game, [*game.events[:i], changed, *game.events[i + 1:]])
        step = max(j for j in range(i + 1) if _is_input(game.events[j]))
        _assert_resumes_at(loaded, game, step, f"event {i + 1} of the save")


def test_an_answer_the_rules_do_not_offer_is_refused(
        tmp_path: Path, played: tuple[Game, dict[int, list[str]]]) -> None:
    game, offered = played
    rng = random.Random(13)
    for i in sorted(rng.sample(sorted(offered), 8)):
        ev = game.events[i]
        assert isinstance(ev, ce.Chose)
        wrong = dataclasses.replace(ev, key="no-such-option")
        loaded = _load_tampered(tmp_path, game, [*game.events[:i], wrong, *game.events[i + 1:]])
        _assert_resumes_at(loaded, game, i, "is refused")


def test_another_legal_answer_is_caught_by_what_follows_it(
        tmp_path: Path, played: tuple[Game, dict[int, list[str]]]) -> None:
    """An answer swapped for another option of the same decision: the events after it are not
    what that answer gives, so the loaded game stops at that decision (unless both answers give
    the very same events, when the log is what the rules produce and loads whole)."""
    game, offered = played
    rng = random.Random(14)
    caught = 0
    for i in sorted(rng.sample([i for i, keys in offered.items() if len(keys) > 1], 10)):
        ev = game.events[i]
        assert isinstance(ev, ce.Chose)
        other = rng.choice([k for k in offered[i] if k != ev.key])
        tampered = [*game.events[:i], dataclasses.replace(ev, key=other), *game.events[i + 1:]]
        loaded = _load_tampered(tmp_path, game, tampered)
        if loaded.header.get("warnings"):
            _assert_resumes_at(loaded, game, i, f"event {i + 2} of the save")
            caught += 1
        else:
            assert loaded.events == tampered
    assert caught >= 5


def test_the_loaded_log_is_the_rules_own(tmp_path: Path, played: tuple[Game, dict[int, list[str]]]) -> None:
    """The loaded game holds the events the rules produced on replay, not the objects read from
    the file; its decision is freshly built and answers like the original's."""
    game, _ = played
    path = tmp_path / "whole.save"
    game.save(path)
    saved = read_save(path)
    loaded = Game.restore(ruleset(), saved.header, saved.events)
    assert "warnings" not in loaded.header
    assert loaded.events == game.events and loaded.state == game.state
    assert not any(a is b for a, b in zip(loaded.events, saved.events, strict=True))
    assert loaded.decision.keys() == game.decision.keys()
    assert loaded.decision.id == game.decision.id == len(game.events)
