"""Table set-up for Algomancy free-for-all tests: 3 to 6 players with chosen cards, driven through the real turn.

`ffa_game()` starts a real live-draft FFA (Ann has the initiative, everyone stops at every priority
window), puts every opening hand back in the deck and creates the named cards in each player's
region and hand, like `algomancy_play.game()` does for 1v1. `to_intents` then passes planning
and haste up to the first intent decision; `intents` places one seat's intents and seals them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from algomancy_play import answer_planning, refold, rules, window

from cardgames.api import new_game
from cardgames.engine import core_events as ce
from cardgames.engine.game import Game

NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay")
ANN, BOB, CAT, DAN = 0, 1, 2, 3


def ffa_game(sides: Mapping[int, Mapping[str, Any]] | None = None, *, players: int = 3, seed: int = 1,
             initiative: str = "Ann", fmt: str = "draft", **options: Any) -> Game:
    """A new FFA (or `fmt`: "teams", "archenemy") at turn 1's first decision; each side may give `hand`,
    `region` (card ids) and `life`."""
    names = list(NAMES[:players])
    elements = ["fire", "water", "earth", "metal"][:3 if players <= 3 else 4]
    g = new_game("algomancy", names, seed, {"format": fmt, "elements": elements, "initiative": initiative,
                                           "stop": {n: "always" for n in names}, **options})
    r = rules(g)
    flow = g.flow
    for seat in range(players):
        side = (sides or {}).get(seat, {})
        for oid in list(g.state.zones[f"hand:{seat}"].cards):
            flow.emit(ce.ObjectMoved(oid, "deck", index=0, reset=True))
        for zone in ("hand", "region"):
            for cid in side.get(zone, []):
                r.create(flow, cid, seat, f"{zone}:{seat}")
        if "life" in side:
            flow.emit(ce.PlayerCounterAdded(seat, "life", int(side["life"]) - 30))
    return refold(g)


def units(g: Game, seat: int) -> list[int]:
    """The ids of the cards in `seat`'s region that `seat` controls, oldest first."""
    return [o.id for o in g.state.cards_in(f"region:{seat}") if o.controller == seat]


def to_intents(g: Game) -> None:
    """From the start of a turn: everyone passes planning and haste, up to the first intent decision."""
    while g.decision.kind != "intent":
        if g.decision.kind == "priority":
            assert window(g) == "haste", f"unexpected window {window(g)}"
            g.choose("pass")
        else:
            answer_planning(g)


def intents(g: Game, seat: int, ways: Mapping[int, str]) -> None:
    """`seat` places its intents ({unit or token: "left"/"right"/"stay"}) and seals them."""
    d = g.decision
    assert d.kind == "intent" and d.seat_index == seat, f"{d.kind} for seat {d.seat_index}: {d.prompt}"
    for oid, way in ways.items():
        g.choose(f"pick:{oid}")
        g.choose(f"way:{way}")
    g.choose("done")
