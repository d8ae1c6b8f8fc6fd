"""Helpers for the engine contract tests: start Allegiance duels, play them at random, compare."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Iterator
from functools import cache
from typing import Any

from cardgames.engine.decisions import Decision
from cardgames.engine.game import Game, fold
from cardgames.engine.ruleset import Ruleset
from cardgames.engine.state import State
from cardgames.games import find_ruleset
from cardgames.games.allegiance import rules as _allegiance_rules  # noqa: F401  (registers its events)

HEROES = ["beledan-kind", "thedric-egen"]
NAMES = ["Paul", "Allison"]


@cache
def ruleset() -> Ruleset:
    """One Allegiance ruleset for the whole test session (loading the catalog takes a while)."""
    return find_ruleset("allegiance")


def duel(seed: int = 7, **options: Any) -> Game:
    """A new duel between Paul and Allison."""
    opts: dict[str, Any] = {"format": "duel", "heroes": list(HEROES), **options}
    return Game.new(ruleset(), list(NAMES), seed, opts)


def step(game: Game, rng: random.Random) -> str:
    """Answer the pending decision with a random option; returns its key."""
    key = rng.choice(game.decision.options).key
    game.choose(key)
    return key


def play(game: Game, rng: random.Random, steps: int) -> list[str]:
    """Answer up to `steps` decisions at random (fewer if the game ends); returns the keys."""
    keys: list[str] = []
    for _ in range(steps):
        if game.outcome is not None:
            break
        keys.append(step(game, rng))
    return keys


def walk(game: Game, rng: random.Random, until: Callable[[Game], bool],
         limit: int = 20_000) -> Iterator[Game]:
    """Play at random, yielding the game at every decision where `until(game)` holds."""
    for _ in range(limit):
        if game.outcome is not None:
            return
        if until(game):
            yield game
        step(game, rng)


def decision_facts(d: Decision | None) -> tuple[Any, ...] | None:
    """What identifies a decision for a player: seat, kind, prompt and option keys and labels."""
    if d is None:
        return None
    return (d.seat_index, d.seat, d.kind, d.prompt, tuple((o.key, o.label, o.ref) for o in d.options))


def first_difference(a: State, b: State) -> str:
    """Where two states differ, for assertion messages."""
    for f in dataclasses.fields(State):
        x, y = getattr(a, f.name), getattr(b, f.name)
        if x != y:
            if isinstance(x, dict) and isinstance(y, dict):
                keys = sorted(set(x) | set(y), key=str)
                for k in keys:
                    if x.get(k) != y.get(k):
                        return f"state.{f.name}[{k!r}]: {x.get(k)!r} != {y.get(k)!r}"
            if isinstance(x, list) and isinstance(y, list):
                for i, (p, q) in enumerate(zip(x, y, strict=False)):
                    if p != q:
                        return f"state.{f.name}[{i}]: {p!r} != {q!r}"
            return f"state.{f.name}: {x!r} != {y!r}"
    return "no difference"


def flip_a_digit(line: bytes, rng: random.Random) -> bytes | None:
    """`line` with one of its digits changed to another at random (None: it has no digit)."""
    digits = [i for i, c in enumerate(line) if chr(c).isdigit()]
    if not digits:
        return None
    i = rng.choice(digits)
    return line[:i] + str((int(chr(line[i])) + rng.randint(1, 9)) % 10).encode() + line[i + 1:]


def assert_same_game(loaded: Game, game: Game) -> None:
    """A loaded game is the game that was saved: same state, same decision, same log, no warnings."""
    def facts(g: Game) -> tuple[Any, ...] | None:
        return decision_facts(g.decision) if g.outcome is None else None
    assert loaded.state == game.state, first_difference(loaded.state, game.state)
    assert facts(loaded) == facts(game)
    assert loaded.events == game.events
    assert "warnings" not in loaded.header, loaded.header.get("warnings")


def assert_fold_equals(game: Game) -> None:
    folded = fold(game.ruleset, game.events)
    assert folded == game.state, first_difference(folded, game.state)
