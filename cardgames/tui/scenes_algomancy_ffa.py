"""Algomancy group scenes for snapshots and screenshots: a seeded 4-player game played by keen bots up
to a moment (a free-for-all board with units in most regions, the intent cards just revealed with two
attackers in one region, a 2v2 battle with blocks being declared, a joint-team battle), and a cube
bracket's second match.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from cardgames.engine.game import Game
from cardgames.tui import scenes
from cardgames.tui.session import Session

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]
OPTIONS: dict[str, object] = {"format": "draft", "elements": ["fire", "water", "earth", "metal"],
                              "initiative": "Ann", "stop": {n: "relevant" for n in PLAYERS}}


def play_until(path: Path, wanted: Callable[[Game], bool], fmt: str = "draft") -> Session:
    """The first seeded 4-player game (keen bots; a free-for-all, or `fmt`) that reaches a decision
    where `wanted(game)` holds, stopped there and autosaved, with the deciding player seated
    (LookupError if none does)."""
    options = {**OPTIONS, "format": fmt}
    return scenes.play_until(lambda seed: Session.start("algomancy", PLAYERS, seed, options, path), wanted)


def board(path: Path) -> Session:
    """Deployment with units in at least three regions."""
    def wanted(g: Game) -> bool:
        if g.decision.kind != "priority":
            return False
        table = g.view(None)
        homes = sum(1 for p in table.players
                    if any(c.controller == p.seat for c in table.zones[f"region:{p.seat}"].cards))
        return table.phase == "deployment" and homes >= 3
    return play_until(path, wanted)


def reveal(path: Path) -> Session:
    """The intents revealed, two attackers in one region, the second setting its formation beside the first."""
    def wanted(g: Game) -> bool:
        b = g.view(None).battle or {}
        return (g.decision.kind == "formation" and len(b.get("attackers") or []) >= 2
                and bool(b.get("attack")))
    return play_until(path, wanted)


def teams_battle(path: Path) -> Session:
    """A 2v2 battle: blocks being declared in a region two players attack."""
    def wanted(g: Game) -> bool:
        b = g.view(None).battle or {}
        return g.decision.kind == "block" and len(b.get("attackers") or []) >= 2
    return play_until(path, wanted, "teams")


BRACKET = ["Ann", "Bob", "Cat", "Dan", "Eve"]


def bracket(path: Path) -> Session:
    """A cube bracket of five (A79): round 1's second match under way (Ann has beaten Bob or lost to
    him; Eve has the bye), blocks being declared against a formation with units to block with."""
    options: dict[str, object] = {"format": "cube", "cube_play": "bracket", "stop": {n: "relevant" for n in BRACKET}}

    def wanted(g: Game) -> bool:
        played = (g.view(None).globals.get("bracket") or {}).get("played") or []
        b = g.view(None).battle or {}
        return (len(played) == 1 and g.decision.kind == "block" and bool(b.get("attack"))
                and any(o.key.startswith("unit:") for o in g.decision.options))
    return scenes.play_until(lambda seed: Session.start("algomancy", BRACKET, seed, options, path), wanted)


def joint_battle(path: Path) -> Session:
    """2v2 joint teams (a region and a life total per team): blocks being declared against a formation."""
    def wanted(g: Game) -> bool:
        b = g.view(None).battle or {}
        return g.decision.kind == "block" and bool(b.get("attack"))
    return play_until(path, wanted, "joint")

