"""Hot-seat hand-overs (DESIGN.md "Hot-seat"): the public table answers what needs no private
card, the curtain goes up only for a seat's private decision, and what a seat is asked and
offered on the public table never depends on its hidden cards."""

from __future__ import annotations

import copy
import random
import statistics
from collections.abc import Iterator

import pytest

from cardgames import new_game
from cardgames.bots.keen_bot import KeenBot
from cardgames.engine.decisions import Decision, Option
from cardgames.engine.flow import Flow
from cardgames.engine.game import Game
from cardgames.engine.handover import Table, needs_private, option_is_private, public_options
from cardgames.engine.state import GameObject, State
from cardgames.engine.stops import with_table_stops
from cardgames.engine.view import can_see

FORMATS = [
    ("allegiance", 2, {"format": "duel"}),
    ("allegiance", 3, {"format": "ffa"}),
    ("allegiance", 4, {"format": "teams"}),
    ("algomancy", 2, {"format": "draft"}),
    ("algomancy", 2, {"format": "constructed"}),
]
IDS = [f"{g}-{o['format']}-{n}p" for g, n, o in FORMATS]
NAMES = ["Ann", "Bob", "Cid", "Dee"]


def keen_game(game: str, n: int, options: dict[str, object], seed: int) -> Iterator[tuple[Game, Decision, Option]]:
    """A keen-bot game on the table's stop settings: (game, decision, the bot's answer) before each answer."""
    g = new_game(game, NAMES[:n], seed, with_table_stops(NAMES[:n], options))
    bot = KeenBot(seed)
    while g.outcome is None:
        d = g.decision
        option = bot.choose(d)
        yield g, d, option
        g.choose(option)


@pytest.mark.parametrize(("game", "n", "options"), FORMATS, ids=IDS)
def test_no_curtain_without_a_private_decision_of_that_seat_behind_it(
        game: str, n: int, options: dict[str, object]) -> None:
    for seed in (1, 2):
        table = Table()
        for g, d, option in keen_game(game, n, options, seed):
            before = table.curtains
            table.answer(g.ruleset, g.state, d, option)
            if table.curtains > before:
                private = option not in public_options(g.ruleset, g.state, d)
                assert private, f"a curtain for {d.seat}'s public answer {option.key} ({d.kind})"
                assert table.screen == d.seat_index


@pytest.mark.parametrize(("game", "n", "options"), FORMATS, ids=IDS)
def test_one_curtain_for_a_seats_consecutive_private_decisions(game: str, n: int, options: dict[str, object]) -> None:
    for seed in (1, 2):
        table = Table()
        last_private_seat: int | None = None
        for g, d, option in keen_game(game, n, options, seed):
            before = table.curtains
            private = option not in public_options(g.ruleset, g.state, d)
            table.answer(g.ruleset, g.state, d, option)
            if private and last_private_seat == d.seat_index and table.screen == d.seat_index:
                assert table.curtains == before, f"a second curtain in a row for {d.seat}"
            if table.screen is None:
                last_private_seat = None
            elif private:
                last_private_seat = d.seat_index


def test_an_option_about_a_card_in_hand_is_private_and_a_pass_is_public() -> None:
    g = new_game("allegiance", ["Ann", "Bob"], 3, {"format": "duel"})
    seen_private = seen_public = False
    bot = KeenBot(3)
    while g.outcome is None and not (seen_private and seen_public):
        d = g.decision
        for o in d.options:
            if o.ref is not None and o.ref >= 0 and g.state.objects[o.ref].zone == f"hand:{d.seat_index}":
                assert option_is_private(g.ruleset, g.state, d.seat_index, o)
                seen_private = True
            if o.key == "pass":
                assert not option_is_private(g.ruleset, g.state, d.seat_index, o)
                seen_public = True
        g.choose(bot.choose(d))
    assert seen_private and seen_public


def test_a_sealed_draft_pick_is_never_answered_on_the_public_table() -> None:
    for g, d, _ in keen_game("algomancy", 2, {"format": "draft"}, 4):
        if d.kind == "draft":
            assert needs_private(g.ruleset, g.state, d)
            assert public_options(g.ruleset, g.state, d) == []
            return
    raise AssertionError("no draft decision")


# -- the hand-over figures (issue: hot-seat that friends can play for an hour) ------------------

FLOORS = [
    ("allegiance", 2, {"format": "duel"}, 35),
    ("allegiance", 4, {"format": "ffa"}, 110),
    ("algomancy", 2, {"format": "draft"}, 110),
    ("algomancy", 2, {"format": "constructed"}, 130),
]
"""Median curtains a keen-bot game may need at most (before the public table: 142, 444, 224, 285)."""


@pytest.mark.parametrize(("game", "n", "options", "most"), FLOORS,
                         ids=[f"{g}-{o['format']}-{n}p" for g, n, o, _ in FLOORS])
def test_hand_overs_per_game_stay_under_the_floor(game: str, n: int, options: dict[str, object], most: int) -> None:
    counts = []
    for seed in range(1, 12):
        table = Table()
        for g, d, option in keen_game(game, n, options, seed):
            table.answer(g.ruleset, g.state, d, option)
        counts.append(table.curtains)
    assert statistics.median(counts) <= most, f"median {statistics.median(counts)} curtains a game: {counts}"


# -- what a seat is asked and offered does not depend on its hidden cards ------------------------

def _rebuilt(game: Game, state: State) -> Decision | None:
    """The decision the flow shows for `state` (rebuilt from its frames, as a load would)."""
    state._memo.clear()
    ask = Flow(game.ruleset, state, []).advance()
    if ask is None:
        return None
    return Decision(0, ask.seat, game.players[ask.seat], ask.kind, ask.prompt, tuple(ask.options))


def _swap_hidden(game: Game, state: State, seat: int, rng: random.Random) -> int:
    """Exchange what some of `seat`'s hidden cards are with other cards hidden from every other
    seat (same owner, same public back and props): hands that differ only in hidden cards."""
    others = [s for s in range(len(state.players)) if s != seat]

    def hidden_from_others(obj: GameObject) -> bool:
        return all(not can_see(state, obj, s) for s in others)

    mine = [o for o in state.objects.values()
            if o.zone == f"hand:{seat}" and hidden_from_others(o)]
    swaps = 0
    for obj in mine:
        pool = [o for o in state.objects.values()
                if o.id != obj.id and o.card != obj.card and o.owner == obj.owner and hidden_from_others(o)
                and not can_see(state, o, seat) and o.props == obj.props
                and game.ruleset.card_back(state, o) == game.ruleset.card_back(state, obj)]
        if pool:
            other = rng.choice(pool)
            obj.card, other.card = other.card, obj.card
            swaps += 1
    return swaps


def _public_face(game: Game, state: State, d: Decision | None) -> object:
    """Who is asked, and, unless the decision needs the seat's private screen, what the public
    table offers (its kind and public options)."""
    if d is None:
        return None
    if needs_private(game.ruleset, state, d):
        return d.seat_index, "private"
    return d.seat_index, d.kind, d.prompt, [(o.key, o.label) for o in public_options(game.ruleset, state, d)]


@pytest.mark.parametrize(("game", "n", "options"), FORMATS, ids=IDS)
def test_who_is_asked_and_what_the_public_table_offers_ignore_hidden_cards(
        game: str, n: int, options: dict[str, object]) -> None:
    """Whenever a decision would meet the public table (the screen is not already its seat's:
    a seat's own steps after a private answer, e.g. the targets of a card it is playing, stay on
    its screen), rebuilding it with other hidden cards in the seat's hand changes neither who is
    asked nor what the public table offers."""
    rng = random.Random(7)
    compared = 0
    table = Table()
    for g, d, option in keen_game(game, n, options, 5):
        if table.screen != d.seat_index and rng.random() < 0.15:
            twin = copy.deepcopy(g.state)
            if _swap_hidden(g, twin, d.seat_index, rng):
                original = copy.deepcopy(g.state)
                assert _public_face(g, original, _rebuilt(g, original)) == _public_face(g, twin, _rebuilt(g, twin)), (
                    f"{d.seat}'s {d.kind}: another hand of hidden cards changes what the public table shows")
                compared += 1
        table.answer(g.ruleset, g.state, d, option)
    assert compared >= 10
