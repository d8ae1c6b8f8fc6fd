"""Scenario harness for Altered tests: a game for Ann and Bob with a table set by the `given` option
(cards in zones, positions, the day and phase), then driven through real decisions.

`say(g, text)` answers the pending decision with the option whose key is `text`, or whose label
contains it; `card(g, "kitsune")` finds an object by card id; `zone(g, "reserve", ANN)` lists card
ids in a zone.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from cardgames.api import new_game
from cardgames.engine.game import Game
from cardgames.games.altered import table as t

ANN, BOB = 0, 1
F = TypeVar("F", bound=Callable[..., Any])

COVERAGE: dict[str, set[str]] = {}
"""Card id -> tests that exercise its structured abilities (filled by `covers`)."""


def covers(*card_ids: str) -> Callable[[F], F]:
    def mark(fn: F) -> F:
        for cid in card_ids:
            COVERAGE.setdefault(cid, set()).add(f"{fn.__module__}.{fn.__name__}")
        return fn

    return mark


def game(
    ann: Mapping[str, Any] | None = None,
    bob: Mapping[str, Any] | None = None,
    *,
    first: str = "Ann",
    day: int = 2,
    phase: str = "afternoon",
    seed: int = 1,
    heroes: tuple[str, str] = ("foundry-and-haven", "sacrifice-engine"),
    **given: Any,
) -> Game:
    """A game at `phase` of `day` with the table set; Ann plays `heroes[0]`'s deck's Hero, Bob the other's."""
    players = {}
    for name, spec in (("Ann", ann), ("Bob", bob)):
        players[name] = {"deck": ["amelia-earhart"] * 10, **dict(spec or {})}
    return new_game(
        "altered",
        ["Ann", "Bob"],
        seed=seed,
        options={
            "first": first,
            "decks": {"Ann": heroes[0], "Bob": heroes[1]},
            "given": {"day": day, "phase": phase, "players": players, **given},
        },
    )


def say(g: Game, text: str) -> None:
    d = g.decision
    for o in d.options:
        if o.key == text or (text.endswith(":") and o.key.startswith(text)):
            g.choose(o)
            return
    for o in d.options:
        if text in o.label:
            g.choose(o)
            return
    raise AssertionError(f"no option {text!r} in {d.seat}'s {d.kind}: {[(o.key, o.label) for o in d.options]}")


def card(g: Game, cid: str, n: int = 0) -> int:
    """The n-th object of a card (oldest first), not counting Mana Orbs and Deck cards."""
    found = sorted(
        o.id for o in g.state.objects.values() if o.card == cid and o.zone.split(":")[0] not in ("mana", "deck")
    )
    return found[n]


def zone(g: Game, kind: str, seat: int, exp: str = "") -> list[str]:
    zid = t.expedition(seat, exp) if kind == "exp" else f"{kind}:{seat}"
    return [g.state.objects[i].card for i in g.state.zones[zid].cards]


def play(g: Game, cid: str, *answers: str) -> None:
    """Play a card (from Hand, or Reserve if it is there) and answer its questions in order."""
    legal = set(g.decision.keys())
    oid = next(
        o.id
        for o in g.state.objects.values()
        if o.card == cid and o.zone.split(":")[0] in ("hand", "reserve") and f"play:{o.id}" in legal
    )
    say(g, f"play:{oid}")
    for a in answers:
        say(g, a)


def pass_day(g: Game) -> None:
    """Both players pass until the Afternoon ends."""
    while g.outcome is None and g.decision.kind == "turn":
        say(g, "pass")
