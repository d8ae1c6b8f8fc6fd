"""Helpers for the Mechamancers rules tests: a game from a `given` board, and short ways to act."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from cardgames import new_game
from cardgames.engine.game import Game
from cardgames.engine.state import GameObject
from cardgames.games.mechamancers import table as t

NAMES = ["Ann", "Bob", "Cid", "Dee"]
ANN, BOB, CID, DEE = 0, 1, 2, 3
COVERAGE: set[str] = set()
"""Card ids (mecha and events) a test has exercised; the coverage test reads it."""
F = TypeVar("F", bound=Callable[..., Any])


def covers(*ids: str) -> Callable[[F], F]:
    COVERAGE.update(ids)
    return lambda fn: fn


def game(players: int = 2, seed: int = 0, given: dict[str, Any] | None = None, start: int = 0,
         fmt: str = "") -> Game:
    options: dict[str, Any] = {"start_player": start, "format": fmt}
    if given is not None:
        options["given"] = given
    return new_game("mechamancers", players=NAMES[:players], seed=seed, options=options)


def keys(g: Game) -> list[str]:
    return g.decision.keys()


def pick(g: Game, prefix: str) -> str:
    """Choose the first option whose key starts with `prefix`; returns its key."""
    for k in keys(g):
        if k.startswith(prefix):
            g.choose(k)
            return k
    raise AssertionError(f"no option {prefix!r} in {g.decision.kind}: {keys(g)}")


def obj(g: Game, seat: int, card: str, where: str = "field") -> GameObject:
    zone = t.field(seat) if where == "field" else t.hand(seat)
    for o in g.state.cards_in(zone):
        if o.card == card:
            return o
    raise AssertionError(f"no {card} in {zone}")


def oids(g: Game, seat: int, card: str) -> list[int]:
    return [o.id for o in g.state.cards_in(t.field(seat)) if o.card == card]


def to_activation(g: Game) -> None:
    """Answer the resource phase plainly (attack pile, no privilege, first discards)."""
    for _ in range(50):
        d = g.decision
        if d.kind == "activation":
            return
        if d.kind == "draw_pile":
            pick(g, "pile:")
        elif d.kind in ("privilege", "foresight"):
            g.choose(next(k for k in keys(g) if k in ("skip", "done", "keep")))
        elif d.kind == "discard":
            pick(g, "discard:")
        else:
            raise AssertionError(f"unexpected {d.kind} before the activation phase")
    raise AssertionError("no activation phase")


def to_combat(g: Game) -> None:
    to_activation(g)
    g.choose("combat")


def attack(g: Game, attacker: int, target: int) -> None:
    g.choose(f"strike:{attacker}")
    g.choose(f"at:{target}")


def damage(g: Game, oid: int) -> int:
    return g.state.objects[oid].counters.get("damage", 0)


def vp(g: Game, seat: int) -> int:
    return g.state.players[seat].counters.get("vp", 0)


def mana(g: Game, seat: int) -> int:
    return g.state.players[seat].counters.get("mana", 0)


def zone(g: Game, oid: int) -> str:
    return g.state.objects[oid].zone


def finish_turn(g: Game) -> None:
    """End the current seat's turn from wherever it is."""
    for _ in range(60):
        d = g.decision
        seat = d.seat_index
        if d.kind == "combat":
            g.choose("end")
            return
        if d.kind == "assault":
            g.choose("resolve")
            return
        if d.kind == "activation":
            g.choose("combat")
        elif "cancel" in keys(g):
            g.choose("cancel")
        else:
            to_activation(g)
        if g.decision.seat_index != seat:
            return
    raise AssertionError("turn did not end")


def role_key(g: Game, role: str) -> str:
    """The pledge option that takes this role card."""
    for o in g.decision.options:
        if o.ref is not None and g.state.objects[o.ref].card == role:
            return o.key
    raise AssertionError(f"{role} not offered: {[o.label for o in g.decision.options]}")


def pledge(g: Game, *roles: str) -> None:
    """Pledge these roles, one answer each, in order."""
    for role in roles:
        g.choose(role_key(g, role))
