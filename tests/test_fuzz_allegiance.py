"""Fuzz: seeded random Allegiance games in every format and player count, through the kit's
harness (`tests/kit/fuzz.py` says what is checked after every event and decision).

Allegiance adds to the kit's checks: no negative gold, every hero's health within 0..max after
every event; heroes are dealt at random from the seed, and in every fourth game the players' stop
settings are random and change now and then mid-game.
"""

from __future__ import annotations

import pytest
from kit.fuzz import MOVES, Format, FuzzSpec, cases, run_case

from cardgames.engine.events import Event
from cardgames.engine.state import State
from cardgames.engine.stops import STOP_SETTINGS
from cardgames.games import find_ruleset
from cardgames.games.allegiance.events import CardDrawn


def gold_and_health(state: State, ev: Event) -> list[str]:
    problems = []
    for p in state.players:
        c = p.counters
        if c.get("gold", 0) < 0:
            problems.append(f"{p.name} has negative gold {c['gold']}")
        if not 0 <= c.get("health", 0) <= c.get("max_health", 0):
            problems.append(f"{p.name} health {c.get('health')} outside 0..{c.get('max_health')}")
    return problems


def _format(fmt: str, n: int) -> Format:
    return Format(f"{fmt}-{n}p", n, lambda rng, seed: {"format": fmt}, key=f"{fmt}/{n}")


SPEC = FuzzSpec(
    rules=find_ruleset("allegiance"),
    test_file="tests/test_fuzz_allegiance.py",
    formats=[_format("duel", 2), _format("ffa", 3), _format("ffa", 4), _format("sworn-enemy", 3),
             _format("sworn-enemy", 4), _format("teams", 4)],
    cheap_invariants=gold_and_health,
    moves=(*MOVES, CardDrawn),
    preference=("stop", STOP_SETTINGS),
)


@pytest.mark.parametrize("fmt, seeds", cases(SPEC))
def test_fuzz_random_games(fmt: Format, seeds: list[int]) -> None:
    run_case(SPEC, fmt, seeds)
