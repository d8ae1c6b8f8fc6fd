"""ARC-mage scenes for screenshots and snapshots: a seeded game played by keen bots up to a moment.

Each scene starts a game with fixed decks and first player, lets `KeenBot`s play it, and stops at the
first decision that shows what the scene is about (kingdoms with residents and armies, defenders being
assigned, a four-player free-for-all).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from cardgames.engine.game import Game
from cardgames.engine.view import GameView
from cardgames.tui import scenes
from cardgames.tui.session import Session

PLAYERS = ["Ann", "Bob"]
DECKS = {"Ann": "the-uprising", "Bob": "gaian-love-for-life", "Cid": "brothers-in-arms", "Dee": "shadow-league"}


def start(path: Path, seed: int, players: list[str]) -> Session:
    options: dict[str, object] = {"decks": {p: DECKS[p] for p in players}, "first_player": players[0],
                                  "stop": {p: "relevant" for p in players}}
    return Session.start("arcmage", players, seed, options, path)


def play_until(path: Path, wanted: Callable[[Game], bool], players: list[str] | None = None) -> Session:
    """The first seeded game that reaches a decision where `wanted(game)` holds, stopped there and
    autosaved, with the deciding player seated (LookupError if none does)."""
    return scenes.play_until(lambda seed: start(path, seed, players or PLAYERS), wanted)


def _creatures(table: GameView, seat: int) -> tuple[int, int]:
    """(army creatures, residents) of a player."""
    army = table.zones[f"army:{seat}"].count
    residents = sum(z.count for zid, z in table.zones.items() if zid.startswith("res:") and z.owner == seat
                    and any(c.id == int(zid[4:]) for c in table.zones[f"kingdom:{seat}"].cards))
    return army, residents


def board(path: Path) -> Session:
    """A Play phase with creatures in both armies and cities on both sides."""
    def wanted(g: Game) -> bool:
        if g.decision.kind != "priority":
            return False
        table = g.view(None)
        return not table.chain and all(min(_creatures(table, s)) >= 1 for s in (0, 1)) and table.phase == "play"
    return play_until(path, wanted)


def attack(path: Path) -> Session:
    """Defenders being assigned against two or more attackers, one defender already placed, more to place."""
    def wanted(g: Game) -> bool:
        if g.decision.kind != "defend" or len(g.decision.options) < 3:
            return False
        b = g.view(None).battle or {}
        return len(b.get("attackers") or []) >= 2 and bool(b.get("blocks"))
    return play_until(path, wanted)


def ffa(path: Path) -> Session:
    """A four-player free-for-all in a Play phase, every player with a creature in play."""
    players = ["Ann", "Bob", "Cid", "Dee"]

    def wanted(g: Game) -> bool:
        if g.decision.kind != "priority":
            return False
        table = g.view(None)
        return not table.chain and table.turn >= 8 and all(sum(_creatures(table, s)) >= 1 for s in range(4))
    return play_until(path, wanted, players)
