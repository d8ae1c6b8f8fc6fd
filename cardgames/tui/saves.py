"""Saved games: one file per game in the data directory's `saves/`, listed without loading them.

Each game is autosaved after every answer to its own file, named by game, players and start
time, so starting a game never overwrites another. Finished games stay (as replays) until
deleted. Reading the list needs no engine: the header line says the game and players, the last
turn and the end are found in the file's text.
"""

from __future__ import annotations

import json
import os
import re
import time
from dataclasses import dataclass
from pathlib import Path

import platformdirs

APP_NAME = "cardgames"

LEGACY = "autosave.save"
"""The one autosave file of earlier versions; moved into `saves/` when first seen."""
_TURN = re.compile(rb'\{"t":"TurnBegan","turn":(\d+)')
_ENDED = re.compile(rb'\{"t":"GameEnded","winners":\[([0-9,]*)\],"reason":"((?:[^"\\]|\\.)*)","draw":(true|false)')
_SAFE = re.compile(r"[^A-Za-z0-9_-]+")


def data_dir() -> Path:
    """Where saves and settings live (the platform's user data directory, or $CARDGAMES_HOME)."""
    home = os.environ.get("CARDGAMES_HOME")
    return Path(home) if home else Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def saves_dir() -> Path:
    return data_dir() / "saves"


def new_save_path(game: str, players: list[str], now: float | None = None) -> Path:
    """A new file for a game starting now: `allegiance-Ann-Bob-20261125-101500.save` (never an
    existing one's name)."""
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(time.time() if now is None else now))
    who = "-".join(_SAFE.sub("", p)[:12] or "player" for p in players)
    base = saves_dir() / f"{game}-{who}-{stamp}"
    path, n = base.with_suffix(".save"), 2
    while path.exists():
        path, n = base.parent / f"{base.name}-{n}.save", n + 1
    return path


@dataclass(frozen=True)
class SaveInfo:
    """What the Continue list shows of one saved game."""

    path: Path
    game: str
    players: list[str]
    turn: int
    ended: str | None
    """How the game ended ("Ann won: …", "a draw: …"), or None while it goes on."""
    modified: float
    """When it was last played (the file's modification time)."""

    @property
    def finished(self) -> bool:
        return self.ended is not None

    def last_played(self) -> str:
        return time.strftime("%Y-%m-%d %H:%M", time.localtime(self.modified))

    def title(self) -> str:
        return f"{self.game.capitalize()} — {', '.join(self.players)}"

    def status(self) -> str:
        return f"finished: {self.ended}" if self.ended else f"turn {self.turn}"


def read_info(path: Path) -> SaveInfo | None:
    """The save's header and progress, or None if it is not a readable cardgames save."""
    try:
        raw = path.read_bytes()
        modified = path.stat().st_mtime
    except OSError:
        return None
    first, _, rest = raw.partition(b"\n")
    try:
        header = json.loads(first)
    except ValueError:
        return None
    if not isinstance(header, dict) or header.get("format") != "cardgames-save":
        return None
    players = [str(p) for p in header.get("players") or []]
    turns = _TURN.findall(rest)
    ended = None
    end = _ENDED.search(rest)
    if end:
        reason = json.loads(b'"' + end.group(2) + b'"')
        winners = [players[int(w)] for w in end.group(1).split(b",") if w and int(w) < len(players)]
        ended = f"a draw: {reason}" if end.group(3) == b"true" else f"{' and '.join(winners)} won: {reason}"
    return SaveInfo(path, str(header.get("game", "?")), players, int(turns[-1]) if turns else 0, ended, modified)


def adopt_legacy_autosave() -> None:
    """Move the single autosave of earlier versions into `saves/`, so it is listed, not lost."""
    old = data_dir() / LEGACY
    if old.is_file():
        info = read_info(old)
        target = new_save_path(info.game if info else "game", info.players if info else [], old.stat().st_mtime)
        target.parent.mkdir(parents=True, exist_ok=True)
        old.replace(target)


def list_saves() -> list[SaveInfo]:
    """Every readable saved game, the most recently played first."""
    adopt_legacy_autosave()
    folder = saves_dir()
    if not folder.is_dir():
        return []
    found = [info for path in folder.glob("*.save") if (info := read_info(path)) is not None]
    return sorted(found, key=lambda i: i.modified, reverse=True)


def unfinished() -> list[SaveInfo]:
    return [i for i in list_saves() if not i.finished]
