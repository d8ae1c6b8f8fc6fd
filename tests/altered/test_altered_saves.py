"""Altered saves: load gives the very same game; a cut or damaged save gives a prefix with a warning
or a clear error, never a different game; a save from another rules version is refused."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardgames.api import load_game, new_game
from cardgames.bots.keen_bot import KeenBot
from cardgames.engine.game import Game
from cardgames.engine.save import SaveError


def played(until: int | None = None) -> Game:
    g = new_game("altered", ["Ann", "Bob"], seed=9)
    bot = KeenBot(9)
    n = 0
    while g.outcome is None and (until is None or n < until):
        g.choose(bot.choose(g.decision))
        n += 1
    return g


def test_save_and_load_mid_game_and_at_the_end(tmp_path: Path) -> None:
    for g in (played(40), played()):
        g.save(tmp_path / "g.save")
        loaded = load_game(tmp_path / "g.save")
        assert loaded.state == g.state and "warnings" not in loaded.header
        assert (loaded.decision.keys() if loaded.outcome is None else None) == (
            g.decision.keys() if g.outcome is None else None
        )


def test_a_cut_save_loads_a_prefix_with_a_warning(tmp_path: Path) -> None:
    g = played()
    path = tmp_path / "g.save"
    g.save(path)
    lines = path.read_bytes().splitlines(keepends=True)
    path.write_bytes(b"".join(lines[: len(lines) // 2]) + lines[len(lines) // 2][:7])
    loaded = load_game(path)
    assert loaded.header.get("warnings")
    assert len(loaded.events) < len(g.events)
    assert [e.to_json() for e in loaded.events] == [e.to_json() for e in g.events[: len(loaded.events)]]


def test_a_save_from_another_rules_version_is_refused(tmp_path: Path) -> None:
    g = played(20)
    path = tmp_path / "g.save"
    g.save(path)
    header, _, rest = path.read_text(encoding="utf-8").partition("\n")
    data = json.loads(header)
    key = next(k for k in data if "version" in k)
    data[key] = "0-old"
    path.write_text(json.dumps(data) + "\n" + rest, encoding="utf-8")
    with pytest.raises(SaveError, match="version"):
        load_game(path)
