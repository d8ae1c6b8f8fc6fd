"""`cardgames bench` measures every registered game, each figure sane and next to its aim (key-to-
screen latency too, games played through the app by keys); `cardgames simulate` finishes every
game with its default bot."""

from __future__ import annotations

import copy
import io
import json
from collections.abc import Callable
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from typing import Any

import pytest
from textual.command import CommandPalette

from cardgames.bots import DEFAULT_BOT
from cardgames.cli import main
from cardgames.engine.decisions import Decision, Option
from cardgames.games import GAMES, find_ruleset
from cardgames.tools import bench, keybench
from cardgames.tools.keys import KeyPlayer, press_and_settle, settle
from cardgames.tui import scenes_algomancy as scenes
from cardgames.tui.app import CardgamesApp
from cardgames.tui.screens.game import GameScreen
from cardgames.tui.settings import Settings


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main(list(argv))
    return code, out.getvalue(), err.getvalue()


@pytest.fixture(scope="module")
def measured() -> tuple[int, dict[str, Any]]:
    """One quick bench of every game, through the command line."""
    code, out, _ = run("bench", "--json", "--quick")
    return code, json.loads(out)


def positive(x: object) -> bool:
    return isinstance(x, int | float) and not isinstance(x, bool) and x > 0


# -- the figures ---------------------------------------------------------------------------------

def test_bench_measures_every_registered_game(measured: tuple[int, dict[str, Any]]) -> None:
    code, data = measured
    assert code == 0, data
    assert sorted(data["games"]) == sorted(GAMES)
    assert data["machine"]["cores"] >= 1
    assert data["method"]["bot"] == "keen" and data["method"]["players"] == 2


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_figure_of_a_game_is_sane(measured: tuple[int, dict[str, Any]], game: str) -> None:
    g = measured[1]["games"][game]
    assert "error" not in g, g
    assert g["format"] == find_ruleset(game).normalize_options(["Ann", "Ben"], {})["format"]
    for key in ("games_per_s", "ms_per_game", "ms_per_game_median", "actions_per_s",
                "events_per_s_playing", "fold_events_per_s", "peak_memory_one_game_bytes",
                "seconds"):
        assert positive(g[key]), key
    assert g["ms_per_game"] == pytest.approx(1000 / g["games_per_s"], rel=0.01)  # one run: exact
    assert g["events_per_s_playing"] > g["actions_per_s"]  # every decision folds events
    assert g["unfinished"] == 0 and g["errors"] == 0 and g["first_error"] is None
    cl = g["choose_latency_s"]
    assert 0 < cl["p50"] <= cl["p99"] <= cl["max"] < 1 and cl["samples"] > 0
    rb = g["decision_rebuild_s"]
    assert 0 < rb["p50"] <= rb["p99"] < 1 and rb["samples"] > 0
    ls = g["longest_save"]
    assert ls["verified"] is True
    assert 1 <= ls["seed"] <= ls["of_games"]
    assert 0 < ls["decisions"] < ls["events"] and ls["bytes"] > ls["events"]
    for key in ("save_s", "load_s", "load_replaying_s", "verify_s", "load_verify_s", "load_verify_per_1000_s"):
        assert 0 < ls[key] < 60, key
    assert ls["loaded_by"] == "sealed"  # the bench's own save, of this build: folded as the app does
    assert ls["load_verify_s"] == pytest.approx(ls["load_s"] + ls["verify_s"])  # one run
    assert ls["load_verify_per_1000_s"] == pytest.approx(ls["load_verify_s"] * 1000 / ls["decisions"])
    cat = g["catalog_load_s"]
    assert 0 < cat["warm"] < 10 and 0 < cat["cold"] < 30


def test_start_up_and_the_aims(measured: tuple[int, dict[str, Any]]) -> None:
    data = measured[1]
    assert positive(data["startup_import_s"]) and positive(data["peak_rss_bytes"])
    ff = data["first_frame"]
    assert ff["error"] is None, ff["error"]
    assert positive(ff["cardgames_s"]) and positive(ff["bare_textual_s"])
    assert ff["ratio"] == pytest.approx(ff["cardgames_s"] / ff["bare_textual_s"])
    per_game = {(a["game"], a["format"], a["figure"]) for a in data["aims"]}
    assert per_game == {(g, None, f) for g in GAMES
                        for f in ("ms_per_game_median", "load_verify_per_1000_s", "catalog_warm_s")
                        } | {(None, None, "first_frame_ratio")} | {
        (s.game, s.format, f) for s in keybench.SETUPS for f in ("key_p90_s", "key_max_s")}
    for a in data["aims"]:
        assert positive(a["value"]) and a["met"] is (a["value"] <= a["aim"]), a
    assert data["bench_seconds"] >= sum(g["seconds"] for g in data["games"].values())


def test_the_table_shows_every_game_and_aim(measured: tuple[int, dict[str, Any]]) -> None:
    data = measured[1]
    table = bench.text(data)
    lines = table.splitlines()
    header = next(line for line in lines if line.rstrip().endswith("aim"))
    for game, g in data["games"].items():
        # a game without formats is named alone (it read "altered ()")
        assert (f"{game} ({g['format']})" if g["format"] else f" {game} ") in header
    assert " ()" not in table and "(, " not in table
    assert table.count("✓") + table.count("✗") == len(data["aims"])
    assert "≤ 50 ms" in table and "≤ 1.5×" in table and "first frame" in table
    assert "key to the screen" in table and "p90 ≤ 50 ms, max ≤ 150 ms" in table
    for k in data["keys"].values():
        fmt = f"{k['format']}, " if k["format"] else ""
        assert f"{k['game']} ({fmt}{k['players']} players)" in table
    # aligned: every figure row's first cell starts at the same column as the header's
    first = header.index(next(iter(data["games"])))
    games_per_s = next(line for line in lines if line.startswith("games/s"))
    assert games_per_s[first - 2:first] == "  " and games_per_s[first] != " "


# -- keys to the screen --------------------------------------------------------------------------

def test_every_setup_is_played_by_keys_and_its_figures_are_sane(measured: tuple[int, dict[str, Any]]) -> None:
    data = measured[1]
    method = data["method"]
    assert sorted(data["keys"]) == sorted(s.label for s in keybench.SETUPS)
    for setup in keybench.SETUPS:
        k = data["keys"][setup.label]
        assert "error" not in k, k
        assert (k["game"], k["format"], k["players"]) == (setup.game, setup.format, setup.players)
        assert len(k["stretch_starts"]) == method["key_stretches"] and k["stretch_starts"][0] == 0
        assert 0 < k["keys"] <= method["key_stretches"] * method["keys_per_stretch"]
        assert k["finished"] or k["keys"] == method["key_stretches"] * method["keys_per_stretch"]
        assert 0 < k["p50_ms"] <= k["p90_ms"] <= k["max_ms"] < 30_000
        assert k["frames"] > 0 and k["decisions"] > 0 and positive(k["seconds"])
        assert list(k["kinds"]) == list(keybench.KINDS)
        assert sum(f["keys"] for f in k["kinds"].values()) == k["keys"]  # every key is of one kind
        for f in k["kinds"].values():
            if f["keys"]:
                assert 0 < f["p50_ms"] <= f["p90_ms"] <= f["max_ms"] <= k["max_ms"]
            else:
                assert f["p50_ms"] == f["p90_ms"] == f["max_ms"] == 0
        assert k["slowest"][0]["ms"] == pytest.approx(k["max_ms"])
    for a in data["aims"]:
        if a["figure"].startswith("key_"):
            k = data["keys"][f"{a['game']} {a['format']}"]
            assert a["value"] * 1000 == pytest.approx(k["p90_ms"] if a["figure"] == "key_p90_s" else k["max_ms"])


@pytest.mark.parametrize(("before", "after", "kind"), [
    (("game", 0), ("game", 0), "same seat"),
    (("game", 0), ("game", None), "public table"),
    (("game", None), ("game", None), "public table"),
    (("game", None), ("curtain", None), "curtain"),
    (("game", 1), ("curtain", None), "curtain"),
    (("curtain", None), ("game", 1), "own screen"),
    (("game", 1), ("palette", None), "palette"),
    (("palette", None), ("game", 1), "same seat"),
    (("game", 1), ("game over", None), "other"),
])
def test_a_key_is_counted_by_what_it_brought(before: tuple[str, int | None], after: tuple[str, int | None],
                                              kind: str) -> None:
    assert keybench.kind(before, after) == kind


class Twelfth:
    """Answers every decision with its 12th option (or its last)."""

    name = "twelfth"

    def choose(self, decision: Decision) -> Option:
        return decision.options[min(11, len(decision.options) - 1)]


async def test_an_option_past_nine_is_found_in_the_palette_by_name(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CARDGAMES_HOME", str(tmp_path))
    session = scenes.start(tmp_path / "s.save")  # a draft pick: pack and hand, 17 options
    app = CardgamesApp(session)
    app.settings = Settings()
    player = KeyPlayer(Twelfth())
    pressed: list[tuple[str, str]] = []  # (key, the screen it was pressed at)
    async with app.run_test(size=keybench.SIZE) as pilot:
        await settle(app, pilot)
        before = len(session.game.choices())
        d = session.game.decision
        assert len(d.options) > 9
        while len(session.game.choices()) == before:
            key = player.next_key(app)
            assert key is not None and len(pressed) < 80, pressed
            pressed.append((key, type(app.screen).__name__))
            await press_and_settle(app, pilot, key)
        assert session.game.choices()[before] == (d.seat_index, d.options[11].key)
        assert isinstance(app.screen, GameScreen)
    typed = [k for k, screen in pressed if screen == CommandPalette.__name__]
    assert ("slash", "GameScreen") in pressed and typed and typed[-1] == "enter"
    assert all(k not in "123456789" for k, screen in pressed if screen == "GameScreen")


# -- the command ---------------------------------------------------------------------------------

@pytest.fixture
def canned(measured: tuple[int, dict[str, Any]], monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Bench games from the measured figures (no new measuring); returns the games asked for."""
    asked: list[str] = []

    def bench_game(name: str, plan: bench.Plan, say: Callable[[str], None]) -> dict[str, Any]:
        asked.append(name)
        return copy.deepcopy(measured[1]["games"][name])

    monkeypatch.setattr(bench, "bench_game", bench_game)
    monkeypatch.setattr(bench, "_startup", lambda runs: [0.02])
    monkeypatch.setattr(bench, "_frames", lambda plan: dict(measured[1]["first_frame"]))
    monkeypatch.setattr(bench, "_keys", lambda games, plan, say: {
        label: copy.deepcopy(k) for label, k in measured[1]["keys"].items() if k["game"] in games})
    return asked


def test_bench_named_games_only(canned: list[str]) -> None:
    code, out, _ = run("bench", "allegiance", "allegiance", "--json")
    data = json.loads(out)
    assert code == 0 and canned == ["allegiance"] and list(data["games"]) == ["allegiance"]
    assert {a["game"] for a in data["aims"]} == {"allegiance", None}
    assert sorted(data["keys"]) == ["allegiance duel", "allegiance ffa"]
    code, out, _ = run("bench")
    assert code == 0 and sorted(canned[1:]) == sorted(GAMES)
    assert out.startswith("machine") and "bench took" in out


def test_bench_an_unknown_game_is_one_line_naming_the_games(canned: list[str]) -> None:
    for argv in (["bench", "chess"], ["bench", "allegiance", "chess", "--json"]):
        code, out, err = run(*argv)
        assert code == 2 and out == "" and canned == []  # refused before measuring anything
        lines = err.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("cardgames: ") and "'chess'" in lines[0]
        for game in GAMES:
            assert game in lines[0]


def test_a_broken_game_is_reported_and_the_others_measured(
        canned: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    measured_game = bench.bench_game
    broken = sorted(GAMES)[0]

    def bench_game(name: str, plan: bench.Plan, say: Callable[[str], None]) -> dict[str, Any]:
        if name == broken:
            raise ImportError("cannot import name 'flush'")
        return measured_game(name, plan, say)

    monkeypatch.setattr(bench, "bench_game", bench_game)
    code, out, _ = run("bench")
    assert code == 1
    assert f"{broken}: not measured: ImportError: cannot import name 'flush'" in out
    for game in GAMES:
        if game != broken:
            assert f"{game} (" in out


def test_a_game_that_cannot_be_played_by_keys_is_reported(
        canned: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    def keys(games: list[str], plan: bench.Plan, say: Callable[[str], None]) -> dict[str, Any]:
        return {"allegiance duel": {"game": "allegiance", "format": "duel",
                                    "error": "AssertionError: unexpected screen InspectScreen"}}

    monkeypatch.setattr(bench, "_keys", keys)
    code, out, _ = run("bench")
    assert code == 1
    assert "allegiance duel: keys not measured: AssertionError: unexpected screen InspectScreen" in out
    assert "key to the screen" not in out


# -- simulate: the default bot finishes every game -----------------------------------------------

FORMATS = {"allegiance": ("duel", "ffa", "sworn-enemy", "teams"), "algomancy": ("draft", "constructed"),
           "arcmage": ("1v1", "ffa", "giant", "aminduna"), "altered": ("",),
           "mechamancers": ("", "two-roles")}


def _setups() -> list[tuple[str, str, int]]:
    """Every game, format and player count a game of it can be started with."""
    out = []
    for game, formats in FORMATS.items():
        rules = find_ruleset(game)
        for fmt in formats:
            for n in range(rules.min_players, rules.max_players + 1):
                try:
                    rules.normalize_options([f"P{i}" for i in range(n)], {"format": fmt})
                except ValueError:
                    continue
                out.append((game, fmt, n))
    return out


def test_every_game_has_its_formats_listed() -> None:
    assert sorted(FORMATS) == sorted(GAMES)


@pytest.mark.parametrize(("game", "fmt", "players"), _setups())
def test_simulate_finishes_every_game_with_its_default_bot(game: str, fmt: str, players: int) -> None:
    code, out, _ = run("simulate", game, "--format", fmt, "--players", str(players),
                       "--games", "2", "--seed", "11", "--json")
    data = json.loads(out)
    assert code == 0, data
    assert data["bot"] == DEFAULT_BOT == "keen"
    assert (data["games"], data["finished"], data["errors"]) == (2, 2, 0), data
