"""Algomancy scenes for screenshots and snapshots: a seeded game played by keen bots up to a moment.

Each scene starts a live-draft game with fixed elements and initiative, lets `KeenBot`s play it,
and stops at the first decision that shows what the scene is about (the draft with one card
kept, a board with units on both sides, blocks being declared, a spell on the stack).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from cardgames.engine.game import Game
from cardgames.engine.view import GameView
from cardgames.tui import scenes
from cardgames.tui.session import Session

PLAYERS = ["Ann", "Bob"]
OPTIONS: dict[str, object] = {"format": "draft", "elements": ["fire", "water", "earth"], "initiative": "Ann",
                              "stop": {"Ann": "relevant", "Bob": "relevant"}}


def play_until(path: Path, wanted: Callable[[Game], bool]) -> Session:
    """The first seeded game (keen bots, `scenes.SEEDS`) that reaches a decision where `wanted(game)`
    holds, stopped there and autosaved, with the deciding player seated (LookupError if none does)."""
    return scenes.play_until(lambda seed: start(path, seed), wanted)


def start(path: Path, seed: int = 1) -> Session:
    return Session.start("algomancy", PLAYERS, seed, OPTIONS, path)


def draft(path: Path) -> Session:
    """Turn 1's draft: the first player has kept one card from the pack, so must give one back."""
    s = start(path)
    g = s.game
    take = next(o for o in g.decision.options if o.group == "take")
    g.choose(take)
    s.written = -1
    s.save()
    s.sit()
    return s


def _units(table: GameView, seat: int) -> int:
    return sum(1 for c in table.zones[f"region:{seat}"].cards if c.controller == seat)


def board(path: Path) -> Session:
    """Deployment with units in both regions."""
    def wanted(g: Game) -> bool:
        if g.decision.kind != "priority":
            return False
        table = g.view(None)
        return table.phase == "deployment" and _units(table, 0) >= 2 and _units(table, 1) >= 2
    return play_until(path, wanted)


def blocks(path: Path) -> Session:
    """Blocks being declared against a formation of two or more columns, with a blocker placed."""
    def wanted(g: Game) -> bool:
        if g.decision.kind != "block":
            return False
        b = g.view(None).battle or {}
        return len(b.get("attack") or []) >= 2 and bool((b.get("defence") or {}).get("columns"))
    return play_until(path, wanted)


def stack(path: Path) -> Session:
    """A battle window with a spell on the stack and the other player to respond."""
    def wanted(g: Game) -> bool:
        if g.decision.kind != "priority":
            return False
        table = g.view(None)
        return (bool(table.chain) and table.battle is not None
                and g.decision.seat_index != table.chain[-1].controller)
    return play_until(path, wanted)
