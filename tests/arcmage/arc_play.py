"""Helpers for ARC-mage rules tests: set a table with `given`, find cards, answer decisions by key."""

from __future__ import annotations

from typing import Any

from cardgames import new_game
from cardgames.engine.game import Game
from cardgames.games.arcmage import board
from cardgames.games.arcmage import table as t
from cardgames.games.arcmage.rules import Arcmage

ANN, BOB = 0, 1
RULES = Arcmage()
COVERAGE: set[str] = set()
"""Card ids whose structured abilities a card test exercised (`covers`)."""


def covers(*cids: str) -> None:
    COVERAGE.update(cids)


def game(ann: dict[str, Any] | None = None, bob: dict[str, Any] | None = None, *, step: str = "play1",
         more: dict[str, dict[str, Any]] | None = None, stop: str = "always",
         options: dict[str, Any] | None = None) -> Game:
    names = ["Ann", "Bob", *list((more or {}).keys())]
    given: dict[str, Any] = {"step": step, "Ann": ann or {}, "Bob": bob or {}, **(more or {})}
    for who in names:
        given[who] = {"deck": ["little-brother"] * 5, **given[who]}
        if "cities" not in given[who]:
            given[who]["cities"] = {"farmland": []} if who != "Bob" else {"warren": []}
    opts: dict[str, Any] = {"given": given, "stop": {n: stop for n in names}, **(options or {})}
    if len(names) > 2 and "format" not in opts:
        opts["format"] = "ffa"
    return new_game("arcmage", names, seed=1, options=opts)


def obj(g: Game, cid: str, seat: int | None = None, zone: str | None = None, nth: int = 0) -> int:
    found = [o.id for o in g.state.objects.values() if o.card == cid and (seat is None or o.owner == seat)
             and (zone is None or o.zone.startswith(zone))]
    found.sort()
    return found[nth]


def keys(g: Game) -> list[str]:
    return g.decision.keys() if g.outcome is None else []


def choose(g: Game, *answers: str) -> None:
    for a in answers:
        g.choose(a)


def pass_all(g: Game, until: str | None = None) -> None:
    """Everyone passes until the decision is not a priority window (or `until` is a key offered)."""
    for _ in range(200):
        if g.outcome is not None or g.decision.kind != "priority" or (until and until in keys(g)):
            return
        g.choose("pass")
    raise AssertionError("still passing after 200 answers")


def to_turn_of(g: Game, seat: int, limit: int = 120) -> None:
    """Everyone ends every phase (no tactics, no attack; two cards drawn as each other turn starts)
    until `seat`'s turn asks how to take it."""
    for _ in range(limit):
        d = g.decision
        if d.kind == "turn":
            if d.seat_index == seat:
                return
            g.choose("draw:2")
        elif d.kind == "priority":
            g.choose("pass")
        elif "done" in keys(g):
            g.choose("done")
        elif "noattack" in keys(g):
            g.choose("noattack")
        else:
            g.choose(d.options[0].key)
    raise AssertionError(f"seat {seat}'s turn never came")


def stats(g: Game, oid: int) -> tuple[int, int]:
    o = g.state.objects[oid]
    return board.atk(RULES, g.state, o), board.def_(RULES, g.state, o)


def defense(g: Game, oid: int) -> int:
    return board.city_defense(RULES, g.state, g.state.objects[oid])


def zone_cards(g: Game, zone: str) -> list[str]:
    return [o.card for o in g.state.cards_in(zone)]


def res(city: int) -> str:
    return t.residents_zone(city)


def window(g: Game) -> str:
    for f in reversed(g.state.frames):
        if f.kind == "priority":
            return str(f.data.get("window", ""))
    return ""


def settle(g: Game) -> None:
    """Pass until the stack is empty and the active player holds priority in their Play phase, or the game
    asks something other than priority."""
    for _ in range(200):
        if g.outcome is not None or g.decision.kind != "priority":
            return
        if not g.state.chain and window(g) in ("play1", "play2") and g.decision.seat_index == g.state.active:
            return
        g.choose("pass")
    raise AssertionError("never settled")


def cast(g: Game, cid: str, *answers: str, seat: int = ANN) -> None:
    """Play a card from `seat`'s hand with these answers (place, mode, targets...), then let it resolve,
    answering any trigger's target with the first option."""
    g.choose(f"play:{obj(g, cid, seat, zone='hand')}")
    choose(g, *answers)
    finish(g)


def finish(g: Game) -> None:
    """Resolve everything: pass priority, first target for triggers, until the active player's Play phase."""
    for _ in range(100):
        if g.outcome is not None:
            return
        d = g.decision
        if d.kind == "priority":
            if not g.state.chain and window(g) in ("play1", "play2") and d.seat_index == g.state.active:
                return
            g.choose("pass")
        elif d.kind in ("target", "evacuate", "relocate", "raise", "toll", "discard", "sacrifice", "tutor",
                        "drop", "pay"):
            g.choose(d.options[0])
        else:
            return
    raise AssertionError("never finished")


def act(g: Game, cid: str, i: int = 0, *answers: str, nth: int = 0) -> None:
    g.choose(f"act:{obj(g, cid, nth=nth)}:{i}")
    choose(g, *answers)
    finish(g)
