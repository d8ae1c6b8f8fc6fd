"""Seals: a save this build wrote is folded, not replayed, as far as its seals vouch for it; damage,
a cut, or another build is replayed and checked from the last seal that holds, so a load is never a
different game."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from engine_play import assert_same_game, duel, flip_a_digit, play, ruleset, step

from cardgames import load_game
from cardgames.engine import core_events as ce
from cardgames.engine.game import Game, fold
from cardgames.engine.save import SaveError, append_events, read_save, write_save


def _autosave(path: Path, game: Game, rng: random.Random, answers: int) -> list[int]:
    """Save as the app does: the header and setup once, then each answer's events appended and
    sealed. Returns the event count after each write."""
    write_save(path, game.header, game.events, count=False)
    counts = [len(game.events)]
    for _ in range(answers):
        if game.outcome is not None:
            break
        step(game, rng)
        append_events(path, game.events[counts[-1]:], len(game.events))
        counts.append(len(game.events))
    return counts


def test_a_save_of_this_build_is_folded_and_is_the_same_game(tmp_path: Path) -> None:
    game = duel(21)
    rng = random.Random(21)
    path = tmp_path / "g.save"
    for _ in range(12):
        play(game, rng, rng.randint(1, 80))
        game.save(path)
        assert read_save(path).sealed == len(game.events)
        loaded = load_game(path)
        assert loaded.checked == "sealed"
        assert_same_game(loaded, game)
        if game.outcome is not None:
            break
    if game.outcome is None:  # and it plays on exactly as the original does
        keys = play(game, random.Random(3), 200)
        for k in keys:
            loaded.choose(k)
        assert loaded.events == game.events


def test_an_autosave_appended_answer_by_answer_is_sealed_to_its_last_answer(tmp_path: Path) -> None:
    game = duel(22)
    path = tmp_path / "auto.save"
    _autosave(path, game, random.Random(22), 150)
    saved = read_save(path)
    assert saved.sealed == len(saved.events) == len(game.events) and not saved.warnings
    loaded = load_game(path)
    assert loaded.checked == "sealed"
    assert_same_game(loaded, game)


def test_an_autosave_cut_inside_a_write_folds_to_the_seal_before_and_replays_the_rest(tmp_path: Path) -> None:
    """A write cut short (the program killed while it appended): what the seals before vouch for
    is folded; the answer whose write was cut is replayed and its events checked, as a replaying
    load does — the rules finish the step, or the game resumes at that answer's decision."""
    game = duel(23)
    path = tmp_path / "auto.save"
    counts = _autosave(path, game, random.Random(23), 120)
    data = path.read_bytes()
    rng = random.Random(24)
    cuts = sorted(rng.sample(range(data.index(b'{"seal":') + 1, len(data) - 1), 40))
    for cut in cuts:
        part = tmp_path / f"cut{cut}.save"
        part.write_bytes(data[:cut])
        saved = read_save(part)
        assert saved.sealed in counts and saved.sealed <= len(saved.events)
        loaded = load_game(part)
        assert loaded.checked == "sealed"
        n = len(loaded.events)
        assert loaded.events == game.events[:n], "the recovered game is not a prefix of the original"
        assert n >= saved.sealed
        assert loaded.state == fold(ruleset(), game.events[:n])
        warnings = loaded.header.get("warnings") or []
        if n < len(game.events) and (saved.warnings or n != len(saved.events)):
            assert "recovered" in warnings[-1] or "cut short" in warnings[-1]


def test_a_changed_digit_in_a_sealed_write_is_caught_by_replaying_from_the_seal_before(tmp_path: Path) -> None:
    """JSON that reads fine but is not what was written (a digit changed): the seal over it no
    longer holds, so that write and the rest are replayed and checked — the game stops at the
    last decision before the change, never a different game."""
    game = duel(25)
    path = tmp_path / "auto.save"
    _autosave(path, game, random.Random(25), 120)
    lines = path.read_bytes().split(b"\n")
    event_lines = [i for i, line in enumerate(lines) if line.startswith(b'{"t":')]
    first_answer = next(i for i, e in enumerate(game.events) if isinstance(e, ce.Chose))
    rng = random.Random(26)
    caught = 0
    for n in rng.sample(event_lines[first_answer + 1:], 40):  # after the setup (no decision before it)
        changed_line = flip_a_digit(lines[n], rng)
        if changed_line is None:
            continue
        bad = tmp_path / f"digit{n}.save"
        bad.write_bytes(b"\n".join([*lines[:n], changed_line, *lines[n + 1:]]))
        event = event_lines.index(n)  # the changed event's position in the log
        saved = read_save(bad)
        if saved.warnings:
            continue  # the change made the line unreadable: a damaged line, tested elsewhere
        assert saved.sealed <= event  # the seal over the changed line does not hold
        loaded = load_game(bad)
        k = len(loaded.events)
        assert loaded.events == game.events[:k], "a changed save loaded as a different game"
        if k < len(game.events):
            caught += 1
            assert k <= event and "recovered" in loaded.header["warnings"][-1]
    assert caught >= 10


def test_a_changed_header_breaks_the_first_seal(tmp_path: Path) -> None:
    game = duel(27)
    play(game, random.Random(27), 40)
    path = tmp_path / "g.save"
    game.save(path)
    first, rest = path.read_bytes().split(b"\n", 1)
    head = json.loads(first)
    head["players"] = ["Allison", "Paul"]
    path.write_bytes(json.dumps(head, separators=(",", ":")).encode() + b"\n" + rest)
    assert read_save(path).sealed == 0
    with pytest.raises(SaveError, match="not what these rules produce from its header"):
        load_game(path)  # replayed from the header, which the log does not follow


def test_a_save_of_another_build_is_replayed_and_checked(tmp_path: Path) -> None:
    game = duel(28)
    play(game, random.Random(28), 60)
    path = tmp_path / "other.save"
    write_save(path, {**game.header, "build": "0123456789abcdef"}, game.events)
    assert read_save(path).sealed == len(game.events)
    loaded = load_game(path)
    assert loaded.checked == "replayed"
    assert_same_game(loaded, game)


def test_a_version_1_save_has_no_seals_and_is_replayed(tmp_path: Path) -> None:
    game = duel(29)
    play(game, random.Random(29), 60)
    head = {"format": "cardgames-save", "version": 1, **game.header, "events": len(game.events)}
    path = tmp_path / "v1.save"
    path.write_text("".join(json.dumps(x, separators=(",", ":")) + "\n"
                            for x in [head, *(e.to_json() for e in game.events)]))
    saved = read_save(path)
    assert saved.sealed == 0 and not saved.warnings
    loaded = load_game(path)
    assert loaded.checked == "replayed"
    assert_same_game(loaded, game)


def test_sealed_events_that_stop_in_the_middle_of_a_step_are_replayed_instead(tmp_path: Path) -> None:
    """Seals vouch only for what was written; a log that does not stop at a decision (no writer of
    ours makes one) is not folded but replayed from the header, and the rules finish the step."""
    game = duel(30)
    play(game, random.Random(30), 50)
    answer = max(i for i, e in enumerate(game.events) if isinstance(e, ce.Chose))
    assert answer + 2 < len(game.events)  # the last answer's step has events after its Chose
    path = tmp_path / "mid.save"
    write_save(path, game.header, game.events[: answer + 2])
    assert read_save(path).sealed == answer + 2
    loaded = load_game(path)
    assert loaded.checked == "replayed"
    assert loaded.events == game.events
    assert "cut short" in loaded.header["warnings"][-1]
