"""Fuzz: seeded random Mechamancers games for 2, 3 and 4 players and the 2-player two-roles variant
(spec §7.1 V1), through the kit's harness (`tests/kit/fuzz.py` says what is checked after every
event and decision).

Mechamancers adds to the kit's checks: no negative mana or VP, no field above 6 mecha after every
event, and VP that change only by theft between players (`Assaulted`, which moves them) or a point
at a time (Astera's Whim moves one from the leader to the last; Bounty of Astera pays one), the
starting VP aside.
"""

from __future__ import annotations

import pytest
from kit.fuzz import MOVES, Format, FuzzSpec, cases, run_case

from cardgames.api import new_game
from cardgames.engine import core_events as ce
from cardgames.engine.events import Event
from cardgames.engine.state import State
from cardgames.games import find_ruleset
from cardgames.games.mechamancers import table as t
from cardgames.games.mechamancers.events import Activated, Discarded, Drawn, EventRevealed, Left, Placed, RolePicked


def counters(state: State, ev: Event) -> list[str]:
    problems = []
    if isinstance(ev, ce.PlayerCounterAdded) and ev.name == "vp":
        starting = t.round_no(state) == 0 and ev.delta == t.START_VP
        if not starting and ev.delta not in (-1, 1):
            problems.append(f"{state.players[ev.seat].name}'s VP changed by {ev.delta}: only theft moves more than one")
    for p in state.players:
        for c in ("mana", "vp"):
            if p.counters.get(c, 0) < 0:
                problems.append(f"{p.name} has {p.counters[c]} {c}")
        if len(state.zones[t.field(p.seat)].cards) > t.FIELD_LIMIT:
            problems.append(f"{p.name}'s field holds {len(state.zones[t.field(p.seat)].cards)} mecha")
    return problems


def _format(n: int) -> Format:
    return Format(f"{n}p", n, lambda rng, seed: {}, key=f"mech/{n}")


SPEC = FuzzSpec(
    rules=find_ruleset("mechamancers"),
    test_file="tests/test_fuzz_mechamancers.py",
    formats=[_format(2), _format(3), _format(4),
             Format("2p-two-roles", 2, lambda rng, seed: {"format": t.TWO_ROLES}, key="mech/2v1")],
    cheap_invariants=counters,
    moves=(*MOVES, Drawn, Activated, Left, Discarded, RolePicked, EventRevealed, Placed),
)


def test_the_vp_check_refuses_a_change_of_more_than_a_point_outside_theft() -> None:
    """The fuzz's VP check can fail: outside theft (an assault moves VP between two players), points
    change one at a time (Astera's Whim: one from the leader to the last; Bounty of Astera: one)."""
    game = new_game("mechamancers", ["Ann", "Bob"], 1, {})
    assert counters(game.state, ce.PlayerCounterAdded(0, "vp", 1)) == []
    assert counters(game.state, ce.PlayerCounterAdded(0, "vp", -1)) == []
    assert counters(game.state, ce.PlayerCounterAdded(0, "vp", 2)) == [
        "Ann's VP changed by 2: only theft moves more than one"]


@pytest.mark.parametrize("fmt, seeds", cases(SPEC))
def test_fuzz_random_games(fmt: Format, seeds: list[int]) -> None:
    run_case(SPEC, fmt, seeds)
