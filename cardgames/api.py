"""The public Python API: start, load and replay games of any registered game."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from cardgames.engine.game import Game
from cardgames.engine.save import SaveError, read_save
from cardgames.games import find_ruleset


def new_game(game: str, players: list[str], seed: int = 0, options: dict[str, Any] | None = None) -> Game:
    """Start a new game of `game` for `players` (names, in seat order).

    The same seed, options and choices always give the identical log.
    """
    return Game.new(find_ruleset(game), list(players), seed, dict(options or {}))


def load_game(path: str | Path, *, allow_mismatch: bool = False) -> Game:
    """Load a save file. Raises SaveError if it cannot be read or was written by other rules or cards.

    A truncated or damaged file loads its valid prefix; `game.header["warnings"]` says so.
    """
    loaded = read_save(Path(path))
    name = str(loaded.header.get("game"))
    try:
        ruleset = find_ruleset(name)
    except KeyError as exc:
        raise SaveError(f"{path}: {exc.args[0]}") from exc
    if not allow_mismatch:
        for key, have, what in (
            ("rules_version", ruleset.rules_version, "rules version"),
            ("catalog", ruleset.catalog_fingerprint(), "card catalog"),
        ):
            if loaded.header.get(key) != have:
                raise SaveError(
                    f"{path}: this save was written with {what} {loaded.header.get(key)!r}, "
                    f"but this cardgames has {have!r}; replaying it could give a different game. "
                    "Open it with the cardgames version that wrote it."
                )
    header = dict(loaded.header)
    if loaded.warnings:
        header["warnings"] = list(loaded.warnings)
    return Game(ruleset, loaded.events, header)
