"""The state checks' and resource counts' fast paths give the full recomputation's answer after every event.

The state checks (R38, R27) first rule out, from counters and printed defenses, creatures that cannot have
lethal damage, and count spendable resources once per player and event. Here seeded random games (the
fuzz's players) compare, after every event, the fast answers with the rules' definitions computed in full.
"""

from __future__ import annotations

import random
from collections import Counter

from kit.fuzz import NAMES
from test_fuzz_arcmage import ALL_FORMATS, pick

from cardgames.engine.events import Event
from cardgames.engine.flow import Flow
from cardgames.engine.game import Game
from cardgames.engine.state import State
from cardgames.games.arcmage import board, checks
from cardgames.games.arcmage import table as t
from cardgames.games.arcmage.rules import Arcmage

RULES = Arcmage()
GAMES = {"1v1": 2, "ffa-3p": 1, "giant-3p": 1, "aminduna-3p": 1}


def full_to_check(state: State, hold: bool) -> tuple[list[int], list[int]]:
    """R38: every creature in play with lethal damage (deadly, or damage at least its DEF now) and not
    Indestructible, in the order of `all_creatures`; R27: every city at 0 defense (not while a combat holds)."""
    cities = [] if hold else [c.id for c in t.all_cities(state) if board.city_defense(RULES, state, c) <= 0]
    dying = [o.id for o in t.all_creatures(state)
             if (o.counters.get("deadly") or board.remaining_def(RULES, state, o) <= 0)
             and "indestructible" not in board.keywords(RULES, state, o)]
    return dying, cities


def full_buried(state: State) -> list[int]:
    """Wight: cards working from a graveyard with three cards on top of them."""
    out = []
    for s in state.live_seats():
        cards = state.zones[t.grave(s)].cards
        out += [oid for i, oid in enumerate(cards)
                if len(cards) - 1 - i >= 3 and RULES.cards[state.objects[oid].card].from_grave is not None]
    return out


def full_defeat(state: State) -> bool:
    """Winning (R65, R68): a live player with no city in play, who had to draw from an empty deck, or conceded."""
    return bool(state.globals.get("started")) and any(
        p.props.get("decked") or p.props.get("conceded") or not t.cities(state, p.seat)
        for p in state.players if not p.eliminated)


def full_available(state: State, seat: int, faction: str) -> int:
    return len([o for o in state.cards_in(t.vault(seat)) if o.props.get("faction") == faction
                and not o.exhausted]) + t.pool(state, seat, faction)


def test_fast_state_checks_match_the_full_recomputation_after_every_event() -> None:
    seen: Counter[str] = Counter()

    def compare(flow: Flow, ev: Event) -> None:
        state = flow.state
        dying, cities = full_to_check(state, False)
        assert checks._to_check(RULES, state, False) == (dying, cities), f"after {ev}"
        assert checks._to_check(RULES, state, True) == (dying, []), f"after {ev}"
        scan = checks._scan(RULES, state)
        suspects = scan.suspects
        seen["every creature" if suspects is None else "suspects" if suspects else "none can die"] += 1
        seen["dying"] += bool(dying)
        seen["buried"] += bool(scan.buried)
        seen["defeat"] += scan.defeat
        assert scan.buried == full_buried(state), f"after {ev}"
        assert scan.defeat == full_defeat(state), f"after {ev}"
        for s in state.live_seats():
            for f in t.FACTION_ORDER:
                assert t.available(state, s, f) == full_available(state, s, f), f"after {ev}"
            assert t.total_available(state, s) == sum(full_available(state, s, f) for f in t.FACTION_ORDER)

    for fmt in [f for f in ALL_FORMATS if f.name in GAMES]:
        for seed in range(GAMES[fmt.name]):
            rng = random.Random(f"fast-checks/{fmt.name}/{seed}")
            game = Game.new(RULES, NAMES[:fmt.players], seed, dict(fmt.options(rng, seed)))
            game.flow.listeners.append(compare)
            while game.outcome is None:
                game.choose(pick(rng, game.decision))
    # every branch of the quick test was taken, and creatures did die: the comparison was not vacuous
    assert seen["every creature"] and seen["suspects"] and seen["none can die"] and seen["dying"], seen
    assert seen["buried"] and seen["defeat"], seen
