"""The board's shortcuts say what the full lists of passives say, after every event of seeded random games:
`has_keyword` (one keyword, without making the set) what `keywords` says, for every keyword of every card in
play; `flag` (answered at once when no passive in force sets the flag) what the card's passives say, for every
flag of every card in play; ATK and DEF (passives summed only while one in force changes a stat) the full sums."""

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
from cardgames.games.arcmage.schema import Keyword, Static

RULES = Arcmage()
KEYWORDS: tuple[str, ...] = get_args(Keyword)
GAMES = {"1v1": 3, "ffa-3p": 1}
FLAGS = ("cannot_attack", "cannot_defend", "besieged", "binding", "no_unmark", "must_attack", "one_damage_per_turn",
         "may_stay_marked", "unmark_cap", "grassroots")


def _play(name: str, compare: object) -> None:
    for fmt in [f for f in ALL_FORMATS if f.name in GAMES]:
        for seed in range(GAMES[fmt.name]):
            rng = random.Random(f"{name}/{fmt.name}/{seed}")
            game = Game.new(RULES, NAMES[:fmt.players], seed, dict(fmt.options(rng, seed)))
            game.flow.listeners.append(compare)  # type: ignore[arg-type]
            while game.outcome is None:
                game.choose(pick(rng, game.decision))


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

    _play("has-keyword", compare)
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


def test_flags_and_stats_are_what_the_cards_passives_say_after_every_event() -> None:
    seen: Counter[str] = Counter()

    def compare(flow: Flow, ev: Event) -> None:
        state = flow.state
        for o in [*t.all_creatures(state), *t.all_cities(state), *t.all_enchantments(state)]:
            on = board.applying(RULES, state, o)
            for name in FLAGS:
                full: list[Static] = [a.static for a, _ in on if getattr(a.static, name)]
                assert board.flag(RULES, state, o, name) == full, f"{o.card} {name} after {ev}"
                seen[name] += bool(full)
            card = RULES.cards[o.card]
            atk = card.atk + o.counters.get("atk", 0) + board._mods(state, o, "atk")
            def_ = card.def_ + o.counters.get("def", 0) + board._mods(state, o, "def")
            full_atk, full_def = max(0, atk + sum(a.static.atk * n for a, n in on)), def_ + sum(
                a.static.def_ * n for a, n in on)
            assert (board.atk(RULES, state, o), board.def_(RULES, state, o)) == (full_atk, full_def), f"after {ev}"
            seen["stats changed"] += any(a.static.atk or a.static.def_ for a, _ in on)

    _play("flags", compare)
    assert seen["stats changed"] and sum(seen[name] for name in FLAGS), seen
