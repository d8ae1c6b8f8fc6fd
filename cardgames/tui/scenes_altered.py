"""Altered scenes for screenshots and snapshots: tables set with the game's `given` option.

`dusk`: the Night's Clean-up right after a Dusk in which expeditions moved (the log tells how);
`arena`: the tiebreakers, everyone in the Arena, mid-Afternoon; `board`: a keen-bot game mid-way.
"""

from __future__ import annotations

from pathlib import Path

from cardgames.bots.keen_bot import KeenBot
from cardgames.engine.game import Game
from cardgames.tui.session import Session

PLAYERS = ["Ann", "Bob"]
DECKS = {"Ann": "haven-vanguard", "Bob": "sacrifice-engine"}
ORBS = ["amelia-earhart"] * 5


def _start(path: Path, given: dict[str, object], seed: int = 5) -> Session:
    session = Session.start("altered", PLAYERS, seed, {"first": "Ann", "decks": DECKS, "given": given}, path)
    session.written = -1
    session.save()
    session.sit()
    return session


def dusk(path: Path) -> Session:
    """Day 3's Afternoon is ending (Ann has passed, Bob is deciding): the track shows what meets at
    Dusk — each expedition's statistics against the facing one on its own region, and who moves."""
    session = _start(
        path,
        {
            "day": 3,
            "phase": "afternoon",
            "revealed": [0, 2],
            "players": {
                "Ann": {
                    "hero_expedition": ["haven-warrior", {"card": "red", "boost": 2}],
                    "hero_at": 1,
                    "companion_expedition": ["ratatoskr"],
                    "reserve": ["lyra-skald", "physical-training"],
                    "landmarks": ["haven-bravos-bastion"],
                    "hand": ["atlas", "bravos-tracer"],
                    "mana": ORBS,
                    "orbs_exhausted": 5,
                    "deck": ["ordis-trooper"] * 20,
                },
                "Bob": {
                    "hero_expedition": [{"card": "kodama", "status": ["asleep"]}, "lady-of-the-lake"],
                    "companion_expedition": ["kuwat-the-dissenter", "maw"],
                    "companion_at": 6,
                    "reserve": ["alice"],
                    "hand": ["spy-craft", "baba-yaga", "tooth-fairy"],
                    "mana": ORBS,
                    "orbs_exhausted": 5,
                    "deck": ["ordis-trooper"] * 20,
                },
            },
        },
    )
    session.game.choose("pass")  # Ann passes: Bob's turn, the last before Dusk
    session.written = -1
    session.save()
    session.sit()
    return session


def arena(path: Path) -> Session:
    """Tiebreakers: both players' expeditions met on the same Night with the same distance."""
    return _start(
        path,
        {
            "day": 9,
            "phase": "afternoon",
            "arena": True,
            "revealed": [0, 1, 2],
            "players": {
                "Ann": {
                    "hero_at": 4,
                    "companion_at": 4,
                    "hero_expedition": ["haven-warrior"],
                    "companion_expedition": ["red", "ratatoskr"],
                    "hand": ["physical-training", "achilles"],
                    "mana": ORBS,
                    "deck": ["ordis-trooper"] * 10,
                },
                "Bob": {
                    "hero_at": 3,
                    "companion_at": 3,
                    "hero_expedition": ["kuwat-the-dissenter"],
                    "companion_expedition": ["lady-of-the-lake"],
                    "hand": ["off-you-go"],
                    "mana": ORBS,
                    "deck": ["ordis-trooper"] * 10,
                },
            },
        },
    )


def board(path: Path, decisions: int = 120, seed: int = 3) -> Session:
    """A seeded game played by keen bots for a while (both players' areas filled)."""
    session = Session.start("altered", PLAYERS, seed, {"first": "Ann", "decks": DECKS}, path)
    g = session.game
    bot = KeenBot(seed)
    for _ in range(decisions):
        if g.outcome is not None or (g.decision.kind == "turn" and _busy(g)):
            break
        g.choose(bot.choose(g.decision))
    session.written = -1
    session.save()
    session.sit()
    return session


def _busy(g: Game) -> bool:
    """Six Characters or more on the table from Day 3 on: a board worth a picture."""
    v = g.view(None)
    chars = sum(v.zones[f"exp:{s}:{k}"].count for s in (0, 1) for k in ("hero", "companion"))
    return chars >= 6 and v.globals.get("day", 1) >= 3
