"""A priority window lists its plays only when they are read: a replay whose saved answer is the
window's pass never lists them, and one that plays finds its play alone where the rules can
(`priority_option`), else lists them; either way it gives the same game, and an illegal answer is
refused with the same message as before (the full list is read to say what is legal); a list read
late is checked (not empty, no key twice) when it is read."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from engine_play import duel, ruleset

from cardgames.engine import core_events as ce
from cardgames.engine.chain import PASS
from cardgames.engine.decisions import Ask, EngineError, Option
from cardgames.engine.game import Game
from cardgames.engine.save import read_save, write_save
from cardgames.tools.replay import verify


class Counting:
    """The ruleset's priority hooks, counting how often the plays are listed, and how often one is
    found alone (`priority_option`); `finds=False` hides that hook (a game without it)."""

    def __init__(self, rules: Any, finds: bool = True) -> None:
        self.rules = rules
        self.finds = finds
        self.listed = 0
        self.found = 0

    def priority_options(self, *args: Any) -> list[Option]:
        self.listed += 1
        out: list[Option] = self.rules.priority_options(*args)
        return out

    def __getattr__(self, name: str) -> Any:
        if name == "priority_option":
            if not self.finds:
                raise AttributeError(name)
            return self._find
        return getattr(self.rules, name)

    def _find(self, *args: Any) -> Option | None:
        self.found += 1
        out: Option | None = self.rules.priority_option(*args)
        return out


@pytest.fixture(params=[True, False], ids=["finds-one", "lists-all"])
def counting(request: pytest.FixtureRequest) -> Any:
    window = ruleset().frame_kinds["priority"]
    counter = Counting(window.rules, request.param)  # type: ignore[attr-defined]
    window.rules = counter  # type: ignore[attr-defined]
    yield counter
    window.rules = counter.rules  # type: ignore[attr-defined]


def _played(seed: int, answers: int = 200) -> Game:
    game = duel(seed)
    rng = random.Random(seed)
    for _ in range(answers):
        if game.outcome is not None:
            break
        game.choose(rng.choice(game.decision.keys()))
    return game


def _answers(game: Game, kind: str) -> list[ce.Chose]:
    return [e for e in game.events if isinstance(e, ce.Chose) and not e.auto and e.kind == kind]


def test_a_replay_lists_a_windows_plays_only_where_the_saved_answer_is_not_pass(counting: Counting,
                                                                               tmp_path: Path) -> None:
    game = _played(21)
    priority = _answers(game, "priority")
    passes = sum(1 for e in priority if e.key == PASS)
    assert passes and len(priority) > passes, "the game should pass and play in priority windows"
    path = tmp_path / "g.save"
    game.save(path)
    saved = read_save(path)
    plays = len(priority) - passes
    counting.listed = counting.found = 0
    loaded = Game.restore(ruleset(), saved.header, saved.events)
    # none listed per pass; per play, one found alone where the rules can, else one listing
    assert (counting.listed, counting.found) == ((0, plays) if counting.finds else (plays, 0))
    assert loaded.events == game.events and not loaded.header.get("warnings")
    counting.listed = counting.found = 0
    assert verify(ruleset(), dict(saved.header), saved.events).ok
    assert (counting.listed, counting.found) == ((0, plays) if counting.finds else (plays, 0))
    # the pending decision, read after the replay, is listed in full: the same as in the game
    d, e = loaded.decision, game.decision
    assert (d.seat_index, d.kind, d.prompt, [(o.key, o.label, o.group, o.ref) for o in d.options]) == \
        (e.seat_index, e.kind, e.prompt, [(o.key, o.label, o.group, o.ref) for o in e.options])


def test_a_saved_play_that_is_not_legal_in_its_window_is_refused_as_before(counting: Counting,
                                                                          tmp_path: Path) -> None:
    game = _played(22)
    at = next(i for i, e in enumerate(game.events)
              if isinstance(e, ce.Chose) and e.kind == "priority" and e.key != PASS and i > 50)
    bad = game.events[at]
    assert isinstance(bad, ce.Chose)
    events = [*game.events[:at], ce.Chose(bad.seat, bad.kind, "enlist:999999"), *game.events[at + 1:]]
    path = tmp_path / "bad.save"
    write_save(path, game.header, events)
    saved = read_save(path)
    loaded = Game.restore(ruleset(), saved.header, saved.events)
    warnings = loaded.header.get("warnings")
    assert warnings and "the recorded answer 'enlist:999999' is refused: 'enlist:999999' is not an " \
        "option of" in warnings[0] and "priority decision; legal: " in warnings[0], warnings
    assert "pass" in warnings[0]  # the legal keys listed, the window's pass among them
    assert len(loaded.events) == at and loaded.events == game.events[:at]
    v = verify(ruleset(), dict(saved.header), saved.events)
    assert not v.ok and "('enlist:999999') is refused on replay" in v.message and v.index == at


def test_options_listed_on_demand_are_checked_when_listed() -> None:
    calls: list[int] = []
    sure = Option(PASS, "Pass", "pass")

    def lister(opts: list[Option]) -> Any:
        def listing() -> list[Option]:
            calls.append(1)
            return opts
        return listing

    ask = Ask(0, "priority", "Respond", lister([Option("a", "A"), sure]), sure=(sure,))
    assert ask.deferred and ask.find(PASS) is sure and not calls  # the sure answer: nothing listed
    assert ask.find("a") == Option("a", "A") and len(calls) == 1 and not ask.deferred
    assert ask.find("zzz") is None and len(calls) == 1  # listed once
    twice = Ask(1, "priority", "Respond", lister([sure, sure]), sure=(sure,))
    with pytest.raises(EngineError, match="decision priority for seat 1 repeats an option key"):
        twice.options  # noqa: B018
    empty = Ask(1, "target", "Pick", lister([]))
    with pytest.raises(EngineError, match="decision target for seat 1 has no options"):
        empty.find("x")
    with pytest.raises(EngineError, match="has no options"):
        Ask(0, "target", "Pick", []).options  # noqa: B018
