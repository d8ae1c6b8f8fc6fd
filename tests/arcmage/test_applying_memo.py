"""The passives applying to a card, remembered between two events (`board.applying`), are what a full
recomputation finds: seeded random games (the fuzz's players, and keen bots) check, after every event,
each remembered answer that outlived the event (flow events keep the engine's per-event memo) against
`board._applying` computed afresh, so a remembered answer that went stale fails here."""

from __future__ import annotations

import random
from collections import Counter

from kit.fuzz import NAMES
from test_fuzz_arcmage import ALL_FORMATS, pick

from cardgames.bots import make_bot
from cardgames.engine.events import Event
from cardgames.engine.flow import Flow
from cardgames.engine.game import Game
from cardgames.games.arcmage import board
from cardgames.games.arcmage import table as t
from cardgames.games.arcmage.rules import Arcmage

RULES = Arcmage()
GAMES = {"1v1": 3, "ffa-3p": 1, "giant-4p": 1}
PREFIX = "arc.applying."


def test_remembered_passives_match_a_full_recomputation_after_every_event() -> None:
    seen: Counter[str] = Counter()

    def compare(flow: Flow, ev: Event) -> None:
        state = flow.state
        for key, kept in list(state._memo.items()):
            if key.startswith(PREFIX):
                obj = state.objects[int(key[len(PREFIX):])]
                assert kept == board._applying(RULES, state, obj), f"{obj.card} ({obj.id}) after {ev}"
                seen["kept"] += 1
                seen["with passives"] += bool(kept)
        seen["events"] += 1

    for fmt in [f for f in ALL_FORMATS if f.name in GAMES]:
        for seed in range(GAMES[fmt.name]):
            rng = random.Random(f"applying/{fmt.name}/{seed}")
            game = Game.new(RULES, NAMES[:fmt.players], seed, dict(fmt.options(rng, seed)))
            game.flow.listeners.append(compare)
            keen = make_bot("keen", seed) if seed % 2 else None
            while game.outcome is None:
                d = game.decision
                for o in t.all_creatures(game.state):  # asked here too, so that answers outlive the flow
                    board.applying(RULES, game.state, o)  # events to come however seldom the rules ask
                game.choose(keen.choose(d) if keen else pick(rng, d))
    # answers did outlive events, some of them with passives in force: the comparison was not vacuous
    assert seen["kept"] > seen["events"] // 10 and seen["with passives"] > 100, seen
