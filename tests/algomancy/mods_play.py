"""A small harness for the mods, ambush, trigger-order and damage-choice tests: a 1v1 game with chosen cards.

`game()` starts a real live-draft game (Ann has the initiative, both players stop at every priority
window) and sets the table with the engine's own events, then folds the game again from its log, so
the first decision is computed from the prepared table. Everything after that goes through decisions.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from cardgames.api import new_game
from cardgames.engine import core_events as ce
from cardgames.engine.game import Game
from cardgames.games.algomancy.rules import Algomancy

ANN, BOB = 0, 1
NAMES = ("Ann", "Bob")
RESOURCE = {"fire": "molten-caldera", "water": "benthic-reaches", "earth": "jagged-steppes",
            "wood": "verdant-rift", "metal": "alloyed-plains"}


def rules(g: Game) -> Algomancy:
    r = g.ruleset
    assert isinstance(r, Algomancy)
    return r


def game(ann: Mapping[str, Any] | None = None, bob: Mapping[str, Any] | None = None, *, seed: int = 1) -> Game:
    """Each side may give `hand`, `region`, `bin` (card ids) and `mana` ({element: n} active resources)."""
    g = new_game("algomancy", list(NAMES), seed, {"format": "draft", "elements": ["fire", "water", "earth"],
                                                 "initiative": "Ann", "stop": {n: "always" for n in NAMES}})
    r = rules(g)
    flow = g.flow
    for seat, side in ((ANN, ann or {}), (BOB, bob or {})):
        for oid in list(g.state.zones[f"hand:{seat}"].cards):
            flow.emit(ce.ObjectMoved(oid, "deck", index=0, reset=True))
        for zone in ("hand", "region", "bin"):
            for cid in side.get(zone, []):
                r.create(flow, cid, seat, f"{zone}:{seat}")
        for element, n in dict(side.get("mana", {})).items():
            for _ in range(int(n)):
                r.create(flow, RESOURCE[element], seat, f"resources:{seat}")
    return refold(g)


def refold(g: Game) -> Game:
    return Game(g.ruleset, g.events, g.header)


def cards(g: Game, cid: str) -> list[int]:
    return [o.id for o in g.state.objects.values() if o.card == cid and o.zone not in ("deck", "pack:0", "pack:1")]


def card(g: Game, cid: str, n: int = 0) -> int:
    found = cards(g, cid)
    assert len(found) > n, f"no {cid}"
    return found[n]


def zone_of(g: Game, oid: int) -> str:
    return g.state.objects[oid].zone


def keys(g: Game) -> list[str]:
    return [o.key for o in g.decision.options]


def window(g: Game) -> str:
    frame = next((f for f in reversed(g.state.frames) if f.kind == "priority"), None)
    return str(frame.data.get("window", "")) if frame is not None else ""


def to_deploy(g: Game, seat: int = ANN) -> None:
    """On to `seat`'s deployment window (nobody attacks or blocks)."""
    while not (g.decision.kind == "priority" and window(g) == "deploy" and g.decision.seat_index == seat):
        g.choose("done" if g.decision.kind in ("draft", "resources", "block", "formation") else "pass")


def to_battle(g: Game) -> None:
    """From the start of a turn up to the attacker's formation."""
    while g.decision.kind != "formation":
        g.choose("pass" if g.decision.kind == "priority" else "done")


def attack(g: Game, *columns: Sequence[int]) -> None:
    for i, column in enumerate(columns):
        for row, unit in enumerate(column):
            g.choose(f"unit:{unit}")
            g.choose("slot:new" if row == 0 else f"slot:{i}")
    g.choose("done")


def block(g: Game, blocks: Mapping[int, Sequence[int]]) -> None:
    pass_until(g, "block")
    for index, units in blocks.items():
        for unit in units:
            g.choose(f"unit:{unit}")
            g.choose(f"slot:{index}")
    g.choose("done")


def pass_until(g: Game, kind: str) -> None:
    while g.decision.kind != kind:
        assert g.decision.kind == "priority", f"expected {kind}, got {g.decision.kind}: {g.decision.prompt}"
        g.choose("pass")


def pass_until_window(g: Game, name: str) -> None:
    while not (g.decision.kind == "priority" and window(g) == name):
        assert g.decision.kind == "priority", f"expected {name}, got {g.decision.kind}: {g.decision.prompt}"
        g.choose("pass")


def resolve(g: Game) -> None:
    """Nobody responds: pass while the stack holds something."""
    while g.outcome is None and g.decision.kind == "priority" and g.state.chain:
        g.choose("pass")


def stack_results(g: Game) -> list[tuple[str, str]]:
    """How each stack entry left the stack, in order: (its label, "resolved" / "fizzled" / "removed")."""
    labels: dict[int, str] = {}
    out: list[tuple[str, str]] = []
    for ev in g.events:
        if isinstance(ev, ce.ChainPushed):
            labels[ev.id] = ev.label
        elif isinstance(ev, ce.ChainPopped):
            out.append((labels.get(ev.id, ev.label), ev.result))
    return out
