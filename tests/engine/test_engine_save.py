"""Save and load: same game at any decision; damaged files never crash nor differ; versions checked."""

from __future__ import annotations

import json
import random
import zlib
from collections.abc import Callable
from pathlib import Path

import pytest
from engine_play import assert_same_game, duel, flip_a_digit, play, ruleset, step

from cardgames import load_game
from cardgames.engine import core_events as ce
from cardgames.engine.events import Event
from cardgames.engine.game import Game
from cardgames.engine.save import SaveError, read_save


def _load(path: Path) -> Game:
    """load_game, but with the session's ruleset (the same rules, without reloading the cards)."""
    saved = read_save(path)
    return Game.restore(ruleset(), saved.header, saved.events, saved.warnings)


def test_save_and_load_at_many_decisions(tmp_path: Path) -> None:
    game = duel(1)
    rng = random.Random(1)
    path = tmp_path / "game.save"
    kinds: set[str] = set()
    for i in range(16):
        play(game, rng, rng.randint(1, 60))
        game.save(path)
        loaded = _load(path) if i % 8 else load_game(path)
        assert_same_game(loaded, game)
        if game.outcome is not None:
            break
        kinds.add(game.decision.kind)
    assert len(kinds) >= 3


def _situation(game: Game) -> str | None:
    """Which kind of unfinished step the game waits in, if any."""
    frames = [f.kind for f in game.state.frames]
    if frames[-1] == "resolve":
        return "a verb asks while an effect resolves"
    if "resolve" in frames:
        return "a step pushed by a resolving effect asks"
    if frames[-1] == "announce":
        return "a maneuver's targets are being chosen"
    return None


def test_save_and_load_in_the_middle_of_resolving_or_announcing(tmp_path: Path) -> None:
    found: dict[str, int] = {}
    for seed in range(12):
        game = duel(seed)
        rng = random.Random(seed)
        for _ in range(20_000):
            if game.outcome is not None:
                break
            where = _situation(game)
            if where is not None and found.get(where, 0) < 3:
                found[where] = found.get(where, 0) + 1
                path = tmp_path / f"mid-{seed}-{len(game.events)}.save"
                game.save(path)
                loaded = _load(path)
                assert_same_game(loaded, game)
                # the loaded game goes on exactly as the original does
                key = rng.choice(game.decision.options).key
                loaded.choose(key)
                game.choose(key)
                assert loaded.events == game.events
                continue
            step(game, rng)
        if len(found) == 3 and min(found.values()) >= 3:
            break
    assert len(found) == 3, found


def test_a_loaded_game_plays_on_like_the_original(tmp_path: Path) -> None:
    game = duel(2)
    rng = random.Random(2)
    play(game, rng, 150)
    path = tmp_path / "g.save"
    game.save(path)
    loaded = _load(path)
    keys = play(game, random.Random(99), 20_000)
    for k in keys:
        loaded.choose(k)
    assert loaded.events == game.events
    assert loaded.outcome == game.outcome


def test_a_finished_game_saves_and_loads(tmp_path: Path) -> None:
    game = duel(3)
    play(game, random.Random(3), 20_000)
    assert game.outcome is not None
    path = tmp_path / "done.save"
    game.save(path)
    assert_same_game(_load(path), game)


def test_a_save_is_a_header_line_then_one_event_per_line_then_a_seal(tmp_path: Path) -> None:
    game = duel(4)
    play(game, random.Random(4), 20)
    path = tmp_path / "g.save"
    game.save(path)
    data = path.read_bytes()
    lines = data.decode().splitlines()
    head = json.loads(lines[0])
    assert head["format"] == "cardgames-save" and head["game"] == "allegiance" and head["version"] == 2
    assert head["events"] == len(game.events) == len(lines) - 2
    assert {"rules_version", "catalog", "build", "seed", "players", "options"} <= set(head)
    assert [json.loads(line)["t"] for line in lines[1:-1]] == [e.TYPE for e in game.events]
    sealed = data[: data.rindex(b'{"seal":')]  # the CRC-32 of every line before the seal
    assert json.loads(lines[-1]) == {"seal": zlib.crc32(sealed), "n": len(game.events)}


# -- damaged files ---------------------------------------------------------------------------


@pytest.fixture(scope="module")
def saved_game(tmp_path_factory: pytest.TempPathFactory) -> tuple[Game, bytes]:
    game = duel(5)
    play(game, random.Random(5), 120)
    path = tmp_path_factory.mktemp("orig") / "orig.save"
    game.save(path)
    return game, path.read_bytes()


def _check_recovered(loaded: Game, original: Game) -> None:
    """A recovered game is the original's, cut back: its log is a prefix of the original's."""
    n = len(loaded.events)
    assert n <= len(original.events)
    assert loaded.events == original.events[:n], "the recovered game is not a prefix of the original"
    assert loaded.outcome is not None or loaded.decision.options


def _answers(events: list[Event]) -> int:
    return sum(1 for e in events if isinstance(e, ce.Chose) and not e.auto)


LOADERS: dict[str, Callable[[Path], Game]] = {"replaying": _load, "as-the-app-does": load_game}
"""The two ways a save is loaded: every answer replayed (`Game.restore`), and `load_game`'s, which
folds what the seals of this build vouch for and replays the rest (`Game.reopen`)."""


@pytest.fixture(params=sorted(LOADERS))
def loader(request: pytest.FixtureRequest) -> Callable[[Path], Game]:
    return LOADERS[request.param]


def _load_damaged(path: Path, original: Game, *, counted: bool = True,
                  load: Callable[[Path], Game] = _load) -> Game | None:
    """Load a damaged save: a SaveError, or the valid prefix with warnings; nothing else.

    `counted`: the header holds the event count, so any shorter game must come with a warning.
    """
    try:
        loaded = load(path)
    except SaveError as exc:
        assert str(exc)
        return None
    _check_recovered(loaded, original)
    warnings = loaded.header.get("warnings")
    if len(loaded.events) < len(original.events) and counted:
        assert warnings, "a shorter game came back without a warning"
    if warnings:
        assert "recovered" in warnings[-1] or "cut short" in warnings[-1]
    return loaded


def test_truncated_saves_load_a_prefix_or_fail_clearly(tmp_path: Path, saved_game: tuple[Game, bytes],
        loader: Callable[[Path], Game]) -> None:
    game, data = saved_game
    rng = random.Random(5)
    offsets = sorted({0, 1, len(data) - 1, len(data) - 2, data.index(b"\n"), data.index(b"\n") + 1,
                      *(rng.randrange(len(data)) for _ in range(60))})
    recovered = 0
    for cut in offsets:
        path = tmp_path / f"cut{cut}.save"
        path.write_bytes(data[:cut])
        loaded = _load_damaged(path, game, load=loader)
        if loaded is not None:
            recovered += 1
    assert recovered >= len(offsets) // 2


def test_a_save_cut_at_the_header_is_a_clear_error(tmp_path: Path, saved_game: tuple[Game, bytes]) -> None:
    _, data = saved_game
    path = tmp_path / "cut.save"
    path.write_bytes(data[: data.index(b"\n") // 2])
    with pytest.raises(SaveError, match="not a cardgames save"):
        load_game(path)
    path.write_bytes(b"")
    with pytest.raises(SaveError, match="not a cardgames save"):
        load_game(path)


def test_a_save_cut_after_the_header_is_a_clear_error(tmp_path: Path, saved_game: tuple[Game, bytes],
        loader: Callable[[Path], Game]) -> None:
    game, data = saved_game
    path = tmp_path / "cut.save"
    path.write_bytes(data[: data.index(b"\n") + 1])
    loaded = _load_damaged(path, game, load=loader)
    assert loaded is not None  # the header alone starts the same game again, said so
    assert any("truncated" in w for w in loaded.header["warnings"])


def test_a_corrupted_line_in_the_middle(tmp_path: Path, saved_game: tuple[Game, bytes],
        loader: Callable[[Path], Game]) -> None:
    game, data = saved_game
    lines = data.split(b"\n")
    rng = random.Random(6)
    for n in sorted(rng.sample(range(1, len(lines) - 1), 25)):
        for damage in (b"{not json", b'{"t":"NoSuchEvent"}', b'{"t":"ObjectMoved","id":1}', b""):
            broken = [*lines[:n], damage, *lines[n + 1:]]
            path = tmp_path / f"bad{n}.save"
            path.write_bytes(b"\n".join(broken))
            loaded = _load_damaged(path, game, load=loader)
            if loaded is not None:
                # no answer from at or after the damaged line is used (what the rules produce
                # on their own after the last good answer is the original's, and may be kept)
                assert _answers(loaded.events) <= _answers(game.events[: n - 1])
                assert any(f":{n + 1}: damaged event" in w for w in loaded.header["warnings"])


def test_a_valid_event_in_the_wrong_place_is_detected(tmp_path: Path, saved_game: tuple[Game, bytes],
        loader: Callable[[Path], Game]) -> None:
    """JSON that reads fine but changes the game (a digit changed, lines swapped) is caught."""
    game, data = saved_game
    lines = data.split(b"\n")
    rng = random.Random(7)
    changed = 0
    for n in rng.sample(range(1, len(lines) - 2), 40):
        changed_line = flip_a_digit(lines[n], rng)
        if changed_line is None:
            continue
        bad = [*lines[:n], changed_line, *lines[n + 1:]]
        path = tmp_path / f"digit{n}.save"
        path.write_bytes(b"\n".join(bad))
        loaded = _load_damaged(path, game, load=loader)
        if loaded is not None and len(loaded.events) < len(game.events):
            changed += 1
    for n in rng.sample(range(2, len(lines) - 2), 10):
        if lines[n] == lines[n + 1]:
            continue
        swapped = [*lines[:n], lines[n + 1], lines[n], *lines[n + 2:]]
        path = tmp_path / f"swap{n}.save"
        path.write_bytes(b"\n".join(swapped))
        _load_damaged(path, game, load=loader)
    assert changed


def test_random_byte_damage_never_crashes(tmp_path: Path, saved_game: tuple[Game, bytes],
        loader: Callable[[Path], Game]) -> None:
    game, data = saved_game
    rng = random.Random(8)
    for k in range(60):
        buf = bytearray(data)
        for _ in range(rng.randint(1, 4)):
            buf[rng.randrange(len(buf))] = rng.randrange(256)
        path = tmp_path / f"noise{k}.save"
        path.write_bytes(bytes(buf))
        _load_damaged(path, game, load=loader)


def test_a_recovered_game_saves_again_without_old_warnings(tmp_path: Path,
                                                           saved_game: tuple[Game, bytes]) -> None:
    _game, data = saved_game
    path = tmp_path / "cut.save"
    path.write_bytes(data[: len(data) * 2 // 3])
    loaded = _load(path)
    assert loaded.header.get("warnings")
    again = tmp_path / "again.save"
    loaded.save(again)
    assert_same_game(_load(again), loaded)
    assert "warnings" not in json.loads(again.read_text().splitlines()[0])


def test_load_game_reports_warnings_in_the_header(tmp_path: Path, saved_game: tuple[Game, bytes]) -> None:
    game, data = saved_game
    path = tmp_path / "cut.save"
    path.write_bytes(data[: len(data) // 2])
    loaded = load_game(path)
    _check_recovered(loaded, game)
    assert any("truncated" in w or "damaged" in w for w in loaded.header["warnings"])


# -- wrong headers and versions --------------------------------------------------------------


def _rewrite_header(data: bytes, **changes: object) -> bytes:
    first, rest = data.split(b"\n", 1)
    head = json.loads(first)
    for k, v in changes.items():
        if v is None:
            head.pop(k, None)
        else:
            head[k] = v
    return json.dumps(head).encode() + b"\n" + rest


@pytest.mark.parametrize(
    "changes, words",
    [
        ({"format": "something-else"}, "not a cardgames save"),
        ({"format": None}, "not a cardgames save"),
        ({"version": 99}, "save format version 99 is not supported"),
        ({"game": "no-such-game"}, "no game 'no-such-game'"),
        ({"players": None}, "no list of player names"),
        ({"players": ["Paul"]}, "does not describe a game these rules can start"),
        ({"seed": "x"}, "no integer seed"),
        ({"options": None}, "no options"),
        ({"options": {"format": "nope"}}, "unknown format"),
        ({"seed": 6}, "not what these rules produce from its header"),
    ],
)
def test_a_wrong_header_is_a_clear_error(tmp_path: Path, saved_game: tuple[Game, bytes],
                                         changes: dict[str, object], words: str) -> None:
    _, data = saved_game
    path = tmp_path / "bad.save"
    path.write_bytes(_rewrite_header(data, **changes))
    with pytest.raises(SaveError, match=words) as info:
        load_game(path)
    assert str(path) in str(info.value)


def test_a_first_line_that_is_not_json(tmp_path: Path) -> None:
    path = tmp_path / "x.save"
    path.write_text("hello world\n{}\n")
    with pytest.raises(SaveError, match="first line is not a JSON header"):
        load_game(path)
    with pytest.raises(SaveError, match="cannot read the save file"):
        load_game(tmp_path / "missing.save")


@pytest.mark.parametrize("key, what", [("rules_version", "rules version"), ("catalog", "card catalog")])
def test_another_rules_or_catalog_version_is_reported_naming_both(
        tmp_path: Path, saved_game: tuple[Game, bytes], key: str, what: str) -> None:
    _game, data = saved_game
    path = tmp_path / "old.save"
    path.write_bytes(_rewrite_header(data, **{key: "old-1234"}))
    have = ruleset().rules_version if key == "rules_version" else ruleset().catalog_fingerprint()
    with pytest.raises(SaveError) as info:
        load_game(path)
    msg = str(info.value)
    assert what in msg and "'old-1234'" in msg and repr(have) in msg


def test_a_version_mismatch_may_be_loaded_on_purpose_and_says_so(
        tmp_path: Path, saved_game: tuple[Game, bytes]) -> None:
    game, data = saved_game
    path = tmp_path / "old.save"
    path.write_bytes(_rewrite_header(data, rules_version="0"))
    loaded = load_game(path, allow_mismatch=True)
    assert loaded.state == game.state
    assert any("not checked" in w for w in loaded.header["warnings"])


def test_an_autosave_cut_at_a_line_boundary_says_it_was_cut(tmp_path: Path,
                                                             saved_game: tuple[Game, bytes],
        loader: Callable[[Path], Game]) -> None:
    """Without an event count (an appended autosave) a cut between lines is still noticed when it
    falls inside a step; a cut at a decision is a whole, shorter game (nothing to warn about)."""
    game, data = saved_game
    lines = _rewrite_header(data, events=None).split(b"\n")
    decision_points = {i for i, e in enumerate(game.events) if isinstance(e, ce.Chose)}
    rng = random.Random(9)
    for n in sorted(rng.sample(range(2, len(lines) - 1), 30)):
        path = tmp_path / f"cut{n}.save"
        path.write_bytes(b"\n".join(lines[:n]) + b"\n")
        loaded = _load_damaged(path, game, counted=False, load=loader)
        assert loaded is not None
        kept = n - 1
        if kept in decision_points:
            assert len(loaded.events) == kept and "warnings" not in loaded.header
        elif len(loaded.events) > kept:
            assert "cut short" in loaded.header["warnings"][-1]


def test_lines_beyond_the_header_count_are_dropped_and_said(tmp_path: Path,
                                                           saved_game: tuple[Game, bytes]) -> None:
    game, data = saved_game
    last_event = data.rstrip(b"\n").split(b"\n")[-2]  # the line before the seal
    path = tmp_path / "long.save"
    path.write_bytes(data + last_event + b"\n")
    loaded = _load(path)
    assert loaded.events == game.events and loaded.state == game.state
    assert any("its header says" in w for w in loaded.header["warnings"])
