"""The Unmark phase reads which passives keep a card marked (Entangled) once, before anything unmarks
(`Turn.unmark`): here, after every event of every Unmark phase's first pass (before the marked creatures'
turn, `unmark.start`), each of the player's cards' passives are read afresh and must be what was read at
the start — in an Entangled game and in seeded random and keen games — so that a change which made an
unmarking card alter another's passives fails here."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from arc_play import ANN, RULES, choose, game, obj, pass_all, to_turn_of
from kit.fuzz import NAMES
from test_fuzz_arcmage import ALL_FORMATS, pick

from cardgames.bots import make_bot
from cardgames.engine.events import Event
from cardgames.engine.flow import Flow
from cardgames.engine.game import Game
from cardgames.engine.state import GameObject
from cardgames.games.arcmage import board, unmark
from cardgames.games.arcmage import table as t
from cardgames.games.arcmage.turn import Turn

GAMES = {"1v1": 4, "ffa-3p": 1, "giant-4p": 1}


def _cards(flow: Flow, seat: int) -> list[GameObject]:
    state = flow.state
    return [*t.creatures_of(state, seat), *state.cards_in(t.vault(seat)), *state.cards_in(t.ench(seat))]


@pytest.fixture
def seen(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    """Watch every Unmark phase: the passives read at its start are compared after each of its events."""
    out: Counter[str] = Counter()
    watching: list[tuple[list[GameObject], dict[int, bool]]] = []
    plain_unmark, plain_start = Turn.unmark, unmark.start

    def flags(flow: Flow, cards: list[GameObject]) -> dict[int, bool]:
        return {o.id: bool(board.flag(RULES, flow.state, o, "no_unmark")) for o in cards}

    def check(flow: Flow, ev: Event) -> None:
        if watching:
            cards, first = watching[-1]
            assert flags(flow, cards) == first, f"a passive keeping a card marked changed after {ev}"
            out["events"] += 1
            out["kept"] += sum(first.values())

    def watched(self: Turn, flow: Flow, seat: int) -> None:
        if check not in flow.listeners:
            flow.listeners.append(check)
        cards = _cards(flow, seat)
        watching.append((cards, flags(flow, cards)))
        try:
            plain_unmark(self, flow, seat)
        finally:
            watching.clear()

    def started(flow: Flow, seat: int, creatures: list[GameObject]) -> None:
        watching.clear()  # the marked creatures' own turn: devotion may lapse from here on
        plain_start(flow, seat, creatures)

    monkeypatch.setattr(Turn, "unmark", watched)
    monkeypatch.setattr(unmark, "start", started)
    return out


def test_entangled_is_read_once_and_stays_true_while_the_rest_unmarks(seen: Counter[str]) -> None:
    g = game({"army": ["ghoul!", "wight!"], "hand": ["entangled"], "resources": {"house-of-nobles": 3}})
    wight = obj(g, "wight")
    choose(g, f"play:{obj(g, 'entangled')}", f"place:{wight}")
    pass_all(g)
    to_turn_of(g, ANN)
    g.choose("draw:2")  # Ann's Unmark phase runs first
    assert g.state.objects[wight].exhausted and not g.state.objects[obj(g, "ghoul")].exhausted
    assert seen["kept"] and seen["events"], seen  # the paid resource cards unmarked beside the Entangled wight


def test_the_passives_read_first_hold_through_seeded_games(seen: Counter[str]) -> None:
    for fmt in [f for f in ALL_FORMATS if f.name in GAMES]:
        for seed in range(GAMES[fmt.name]):
            rng = random.Random(f"unmark-reads/{fmt.name}/{seed}")
            g = Game.new(RULES, NAMES[:fmt.players], seed, dict(fmt.options(rng, seed)))
            keen = make_bot("keen", seed) if seed % 2 else None
            while g.outcome is None:
                d = g.decision
                g.choose(keen.choose(d) if keen else pick(rng, d))
    assert seen["events"] > 100, seen
