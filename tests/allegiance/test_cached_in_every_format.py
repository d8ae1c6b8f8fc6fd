"""Every `State.cached` query of the Allegiance rules, worked out afresh after each event of seeded
games of every format and player count, equals the value remembered: none goes stale, whoever plays
(keen and random bots) and whatever the seats' stop settings."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from kit.cached import CachedQueries

from cardgames.bots import make_bot
from cardgames.engine.events import Event
from cardgames.engine.flow import Flow
from cardgames.engine.game import Game
from cardgames.engine.stops import STOP_SETTINGS
from cardgames.games import find_ruleset

NAMES = ["Ann", "Ben", "Cleo", "Dov"]
FORMATS = [("duel", 2), ("ffa", 3), ("ffa", 4), ("sworn-enemy", 3), ("sworn-enemy", 4), ("teams", 4)]
DECISIONS = 600
KEYS = ("allegiance.statics", "allegiance.attachments", "allegiance.attackers",
        "allegiance.attack_options", "allegiance.could_respond")
"""The queries each format's games must have checked at least once (a key up to its first ':')."""
KEPT_ACROSS = ("allegiance.Damaged", "allegiance.Healed", "allegiance.GoldChanged", "allegiance.Revealed")
"""Allegiance's events that keep the remembered values (`KEEPS_CACHED`): each format's games must
have checked values kept across each of them (so a query that reads what one changes fails)."""


@pytest.mark.parametrize("fmt, players", FORMATS)
def test_remembered_queries_equal_a_fresh_computation(fmt: str, players: int,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    queries = CachedQueries().record(monkeypatch)
    checked: Counter[str] = Counter()
    kept: Counter[str] = Counter()

    def check(flow: Flow, ev: Event) -> None:
        if flow.state._memo and type(ev).KEEPS_CACHED:
            kept[ev.TYPE] += 1
        for key, value, fresh in queries.remembered(flow.state):
            assert fresh == value, f"{fmt}-{players}p: {key} is stale after event {len(flow.events)} ({ev.TYPE})"
            checked[key.partition(":")[0]] += 1

    ruleset = find_ruleset("allegiance")
    for seed in (1, 2, 3):
        rng = random.Random(f"{fmt}/{players}/{seed}")
        stops = {n: rng.choice(STOP_SETTINGS) for n in NAMES[:players]} if seed == 3 else None
        game = Game.new(ruleset, NAMES[:players], seed, {"format": fmt, "stop": stops})
        game.flow.listeners.append(check)
        bot = make_bot("keen" if seed != 2 else "random", seed)
        for _ in range(DECISIONS):
            if game.outcome is not None:
                break
            game.choose(bot.choose(game.decision))
    missing = [k for k in KEYS if not checked[k]] + [t for t in KEPT_ACROSS if not kept[t]]
    assert not missing, f"{fmt}-{players}p: never checked {missing} (the check would prove nothing)"
