"""The public Python API: start, load and replay games of any registered game."""

from __future__ import annotations

from importlib import import_module
from pathlib import Path
from typing import Any

from cardgames.engine.game import Game
from cardgames.engine.save import SaveError, read_save
from cardgames.games import GAMES, find_ruleset


def new_game(game: str, players: list[str], seed: int = 0, options: dict[str, Any] | None = None) -> Game:
    """Start a new game of `game` for `players` (names, in seat order).

    The same seed, options and choices always give the identical log.
    """
    return Game.new(find_ruleset(game), list(players), seed, dict(options or {}))


def load_game(path: str | Path, *, allow_mismatch: bool = False) -> Game:
    """Load a save file. Raises SaveError if it cannot be read or was written by other rules or cards.

    A save written by this very build (its header's `build` fingerprint is this program's) is
    folded as far as its seals vouch for it, and the rest replayed and checked (`Game.reopen`); any
    other save has every answer replayed and every event checked against the log (`Game.restore`).
    A truncated or damaged file resumes at the last decision its valid part reaches, and
    `game.header["warnings"]` says so; it never gives a different game. With `allow_mismatch`,
    a save of another rules or catalog version is folded as it is, unchecked (and said so).
    `game.checked` says which of the three it was.
    """
    for spec in GAMES.values():  # register every game's event types before the log is parsed
        import_module(spec.split(":")[0])
    loaded = read_save(Path(path))
    name = str(loaded.header.get("game"))
    try:
        ruleset = find_ruleset(name)
    except KeyError as exc:
        raise SaveError(f"{path}: {exc.args[0]}") from exc
    mismatch = False
    for key, have, what in (
        ("rules_version", ruleset.rules_version, "rules version"),
        ("catalog", ruleset.catalog_fingerprint(), "card catalog"),
    ):
        if loaded.header.get(key) != have:
            mismatch = True
            if not allow_mismatch:
                raise SaveError(
                    f"{path}: this save was written with {what} {loaded.header.get(key)!r}, "
                    f"but this cardgames has {have!r}; replaying it could give a different game. "
                    "Open it with the cardgames version that wrote it."
                )
    try:
        if mismatch:
            return Game.from_log(ruleset, loaded.header, loaded.events, loaded.warnings)
        if loaded.sealed and loaded.header.get("build") == ruleset.build_fingerprint():
            return Game.reopen(ruleset, loaded.header, loaded.events, loaded.sealed, loaded.warnings)
        return Game.restore(ruleset, loaded.header, loaded.events, loaded.warnings)
    except SaveError as exc:
        raise SaveError(f"{path}: {exc}") from exc
