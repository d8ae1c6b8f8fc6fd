"""Fuzz: seeded random Algomancy free-for-all games, 3, 4 and 6 players, live draft and constructed, and
cube draft games (2 and 4 players, and the traditional cube draft for 2: the decks drafted first,
then played as constructed; and cube brackets of 3, 4 and 8: 1v1 matches one after another), split
teams (2v2, 3v3; team draft 2v2), joint teams (2v2, 3v3: one region and one life per team) and
archenemy (2v1, a head start of one or two turns), the team formats live draft or, one game in
four, constructed, through the kit's harness (`tests/kit/fuzz.py` says what is checked after every
event and decision).

The random players draft like the 1v1 fuzz's (`test_fuzz_algomancy.pick`), and seal their intent
cards now and then, otherwise placing intents at random: the games reach intents sealed and
revealed, several attackers in one region, eliminations with the regions closing up, and the 1v1
structure once two players are left (R33). Half of the decisions, at random, are the keen bot's, as in
the 1v1 fuzz (`test_fuzz_algomancy.KEEN`): team games end in about a third fewer decisions (a 3v3 game
~1,900 instead of ~2,800); a free-for-all, which the intent pushes already end, about as long.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from kit.fuzz import MOVES, Format, FuzzSpec, cases, run_case

from cardgames.engine.decisions import Decision, Option
from cardgames.engine.stops import STOP_SETTINGS
from cardgames.games.algomancy.events import CardDrawn
from cardgames.games.algomancy.rules import Algomancy


def pick(rng: random.Random, d: Decision) -> Option:
    """A random answer; a draft moves toward a pack of exactly 10 (a cube deck toward 30) and then ends;
    intents get sealed."""
    if d.kind == "draft":
        done = [o for o in d.options if o.key == "done"]
        if done and rng.random() < 0.7:
            return done[0]
        pack = int(str(d.info.get("pack", 10))) if isinstance(d.info, dict) else 10
        size = int(str(d.info.get("pack_size", 10))) if isinstance(d.info, dict) else 10
        want = "take" if pack > size else "give" if pack < size else rng.choice(["take", "give"])
        moves = [o for o in d.options if o.group == want]
        return rng.choice(moves or list(d.options))
    if d.kind == "intent":  # players who attack end an FFA sooner: send everything one way now and then
        send = [o for o in d.options if o.key in ("all:left", "all:right")]
        if send and rng.random() < 0.4:
            return rng.choice(send)
    if d.kind in ("formation", "resources", "intent"):
        done = [o for o in d.options if o.key == "done"]
        if done and rng.random() < 0.3:
            return done[0]
        onward = [o for o in d.options if o.group != "cancel"]
        if onward and rng.random() < 0.9:  # now and then start a formation again, or step back
            return rng.choice(onward)
    return rng.choice(d.options)


def _options(rng: random.Random, seed: int) -> dict[str, object]:
    return {"format": "constructed" if seed % 4 == 3 else "draft"}


def _team(fmt: str) -> Callable[[random.Random, int], dict[str, object]]:
    """A team format, live draft, or constructed one game in four (each player a random decklist)."""
    return lambda rng, seed: {"format": f"{fmt}-constructed" if seed % 4 == 3 else fmt}


KEEN = 0.5
"""The share of decisions the keen bot answers, as in the 1v1 fuzz (`test_fuzz_algomancy.KEEN` says why)."""

BRACKET_MATCHES = 200
"""A cube bracket of n drafters is one draft and then n - 1 matches (2 for 3 drafters, 7 for 8; about
2 CPU-seconds a bracket of 8 with every check): a bracket size plays as many brackets as make 200
matches, the floor every other format keeps in games. `CARDGAMES_FUZZ_GAMES`, when set, plays that
many brackets of every size."""


def brackets(drafters: int) -> int:
    """The brackets of `drafters` that make BRACKET_MATCHES matches (rounded up)."""
    return -(-BRACKET_MATCHES // (drafters - 1))


SPEC = FuzzSpec(
    rules=Algomancy(),
    test_file="tests/test_fuzz_algomancy_ffa.py",
    formats=[*(Format(f"ffa-{n}p", n, _options) for n in (3, 4, 6)),
             *(Format(f"cube-{n}p", n, lambda rng, seed: {"format": "cube"}) for n in (2, 4)),
             Format("cube-traditional-2p", 2, lambda rng, seed: {"format": "cube", "cube_style": "traditional"}),
             *(Format(f"cube-bracket-{n}p", n, lambda rng, seed: {"format": "cube", "cube_play": "bracket"},
                      games=brackets(n)) for n in (3, 4, 8)),
             *(Format(f"teams-{n}p", n, _team("teams")) for n in (4, 6)),
             *(Format(f"joint-{n}p", n, _team("joint")) for n in (4, 6)),
             Format("teamdraft-4p", 4, lambda rng, seed: {"format": "teamdraft"}),
             Format("archenemy-3p", 3,
                    lambda rng, seed: {**_team("archenemy")(rng, seed), "head_start": 1 + seed % 2})],
    pick=pick,
    moves=(*MOVES, CardDrawn),
    preference=("stop", STOP_SETTINGS),
    keen=KEEN,
)


@pytest.mark.parametrize("fmt, seeds", cases(SPEC))
def test_fuzz_random_games(fmt: Format, seeds: list[int]) -> None:
    run_case(SPEC, fmt, seeds)
