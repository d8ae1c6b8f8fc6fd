"""A replay checks a saved play by finding it alone (`Play.priority_option`), not by listing every play:
at every priority decision of seeded random games (the fuzz's players, and keen bots), each option listed
is found equal by its key, and no key the list lacks is found — a card in hand not playable now, a
creature that may not move, an ability out of range, a key written another way."""

from __future__ import annotations

import random
from collections import Counter

from kit.finder import found_as_listed
from kit.fuzz import NAMES
from test_fuzz_arcmage import ALL_FORMATS, pick

from cardgames.bots import make_bot
from cardgames.engine.game import Game
from cardgames.games.arcmage import table as t
from cardgames.games.arcmage.rules import Arcmage

RULES = Arcmage()
GAMES = {"1v1": 4, "ffa-3p": 1, "giant-4p": 1}


def test_each_play_is_found_alone_as_listed_and_nothing_else_is() -> None:
    seen: Counter[str] = Counter()
    play = RULES.frame_kinds["priority"].rules  # type: ignore[attr-defined]
    for fmt in [f for f in ALL_FORMATS if f.name in GAMES]:
        for seed in range(GAMES[fmt.name]):
            rng = random.Random(f"priority-option/{fmt.name}/{seed}")
            game = Game.new(RULES, NAMES[:fmt.players], seed, dict(fmt.options(rng, seed)))
            keen = make_bot("keen", seed) if seed % 2 else None
            while game.outcome is None:
                d = game.decision
                if d.kind == "priority":
                    state, seat, frame = game.state, d.seat_index, game.state.frames[-1]
                    tried = ["concede", "play:07", "act:x", "move:", "nothing", "play:99999", "act:1:", "act:1:٣"]
                    for s in state.live_seats():
                        for z in (t.hand(s), t.grave(s), t.army(s), t.ench(s), t.kingdom(s)):
                            for i in state.zones[z].cards:
                                tried += [f"play:{i}", f"move:{i}", f"salvage:{i}", f"act:{i}:0", f"act:{i}:1",
                                          f"act:{i}:3", f"play:{i}:0"]
                    for c in t.all_creatures(state):
                        tried += [f"move:{c.id}", f"act:{c.id}:0", f"play:{c.id}"]
                    found_as_listed(play.priority_option, state, seat, frame, d.options, tried, seen)
                game.choose(keen.choose(d) if keen else pick(rng, d))
    # every kind of play was found, and many keys refused: the comparison was not vacuous
    assert all(seen[k] for k in ("play", "move", "act", "concede", "refused")), seen
