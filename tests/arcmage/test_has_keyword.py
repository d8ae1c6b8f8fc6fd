"""`board.has_keyword` (one keyword, without making the set) says what `board.keywords` says: checked for
every keyword of every card in play after every event of seeded random games, effects that give or take
keywords and passives included."""

from __future__ import annotations

import random
from collections import Counter
from typing import get_args

from arc_play import cast, game, obj, pass_all
from kit.fuzz import NAMES
from test_fuzz_arcmage import ALL_FORMATS, pick

from cardgames.engine.events import Event
from cardgames.engine.flow import Flow
from cardgames.engine.game import Game
from cardgames.games.arcmage import board
from cardgames.games.arcmage import table as t
from cardgames.games.arcmage.rules import Arcmage
from cardgames.games.arcmage.schema import Keyword

RULES = Arcmage()
KEYWORDS: tuple[str, ...] = get_args(Keyword)
GAMES = {"1v1": 3, "ffa-3p": 1}


def test_one_keyword_is_what_the_whole_set_says_after_every_event() -> None:
    seen: Counter[str] = Counter()

    def compare(flow: Flow, ev: Event) -> None:
        state = flow.state
        for o in t.all_creatures(state):
            kws = board.keywords(RULES, state, o)
            for kw in KEYWORDS:
                assert board.has_keyword(RULES, state, o, kw) == (kw in kws), f"{o.card} {kw} after {ev}"
            seen["printed" if kws & set(RULES.cards[o.card].keywords) else "none"] += 1
            seen["given"] += bool(kws - set(RULES.cards[o.card].keywords))
            seen["lost"] += bool(set(RULES.cards[o.card].keywords) - kws)

    for fmt in [f for f in ALL_FORMATS if f.name in GAMES]:
        for seed in range(GAMES[fmt.name]):
            rng = random.Random(f"has-keyword/{fmt.name}/{seed}")
            game = Game.new(RULES, NAMES[:fmt.players], seed, dict(fmt.options(rng, seed)))
            game.flow.listeners.append(compare)
            while game.outcome is None:
                game.choose(pick(rng, game.decision))
    assert seen["printed"] and seen["given"], seen  # keywords printed and given by passives or effects were asked


def test_a_keyword_lost_to_an_effect_is_lost() -> None:
    """Nature's Outrage: this turn its Trees and Flowers lose Peaceful (a "nokw:" effect over a printed keyword)."""
    g = game({"hand": ["natures-outrage"], "army": ["poison-ivy"], "resources": {"gaian": 6}})
    ivy = g.state.objects[obj(g, "poison-ivy")]
    assert board.has_keyword(RULES, g.state, ivy, "peaceful")
    cast(g, "natures-outrage")
    pass_all(g)
    assert "peaceful" not in board.keywords(RULES, g.state, ivy)
    assert not board.has_keyword(RULES, g.state, ivy, "peaceful")
