"""The `cardgames` command: every subcommand, and clear one-line errors (never a traceback)."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from cardgames.bots.keen_bot import KeenBot
from cardgames.bots.random_bot import RandomBot
from cardgames.cli import main
from cardgames.engine.decisions import Decision, Option
from cardgames.tools.simulate import check_setup, play_one

HERE = Path(__file__).parent
SCENARIOS = HERE / "scenarios" / "allegiance"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def assert_one_line_error(err: str) -> None:
    assert "Traceback" not in err
    lines = [line for line in err.splitlines() if line.strip()]
    assert lines and lines[-1].startswith("cardgames"), err


# -- no command, --version ----------------------------------------------------------------------

def test_no_arguments_prints_the_help(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys)
    assert code == 0
    assert "usage: cardgames" in out
    for cmd in ("validate", "schema", "scenario", "simulate", "replay", "bench"):
        assert cmd in out


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    import cardgames

    code, out, _ = run(capsys, "--version")
    assert code == 0 and out.strip() == f"cardgames {cardgames.__version__}"


def test_unknown_command_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "fly")
    assert code == 2 and "invalid choice" in err


# -- validate, schema -----------------------------------------------------------------------

def test_validate_the_shipped_cards(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "validate")
    assert code == 0, out
    assert "allegiance:" in out and "card(s) (" in out and "hero" in out
    assert "hooks: 0" in out and "ok: no problems" in out


def _cards(tmp_path: Path, files: dict[str, str]) -> Path:
    root = tmp_path / "allegiance"
    root.mkdir()
    for name, text in files.items():
        (root / name).write_text(textwrap.dedent(text))
    return root


UNIT = textwrap.dedent("""\
    schema_version: 1
    cards:
      - kind: unit
        id: infantry
        name: Infantry
        deck: basic
        cost: 4
        attack: 2
        health: 4
    """)


def test_validate_reports_malformed_yaml_with_file_and_line(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    root = _cards(tmp_path, {"a.yaml": UNIT, "b.yaml": "cards:\n  - kind: unit\n    id: [oops\n"})
    code, out, _ = run(capsys, "validate", str(root))
    assert code == 1
    assert f"{root / 'b.yaml'}:4: invalid YAML" in out


def test_validate_lists_every_schema_violation_at_once(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    bad = ("  - kind: unit\n    id: Bad_Id\n    name: X\n    deck: mega\n    attack: 2\n"
           "    health: 0\n    colour: red\n")
    root = _cards(tmp_path, {"a.yaml": UNIT + bad,
                             "c.yaml": "cards:\n  - kind: spell\n    id: zap\n"})
    code, out, _ = run(capsys, "validate", str(root))
    assert code == 1
    a = root / "a.yaml"
    assert f"{a}:11: card 'Bad_Id' field 'id':" in out
    assert f"{a}:13: card 'Bad_Id' field 'deck':" in out
    assert f"{a}:15: card 'Bad_Id' field 'health':" in out
    assert f"{a}:16: card 'Bad_Id' field 'colour': Extra inputs are not permitted" in out
    assert f"{root / 'c.yaml'}:2: card 'zap'" in out
    assert "5 problem(s) in 2 file(s)" in out


def test_validate_duplicate_ids_carry_the_real_line(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    other = """\
        schema_version: 1
        cards:
          - kind: action
            id: zap
            name: Zap
            play: {cost: 1, text: Zap.}
          - kind: unit
            id: infantry
            name: Infantry again
            deck: basic
            attack: 1
            health: 1
        """
    root = _cards(tmp_path, {"a.yaml": UNIT, "b.yaml": other})
    code, out, _ = run(capsys, "validate", str(root))
    assert code == 1
    assert f"{root / 'b.yaml'}:7: card 'infantry' field 'id': duplicate card id " \
           f"(also at {root / 'a.yaml'}:3)" in out


def test_validate_a_missing_path_is_one_line(capsys: pytest.CaptureFixture[str],
                                             tmp_path: Path) -> None:
    code, _, err = run(capsys, "validate", str(tmp_path / "nope"))
    assert code == 1
    assert_one_line_error(err)
    assert "no such file or folder" in err


def test_schema_prints_the_card_file_json_schema(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "schema", "allegiance")
    assert code == 0
    schema = json.loads(out)
    assert schema["$schema"].startswith("https://json-schema.org/")
    assert "cards" in schema["properties"]
    assert schema["additionalProperties"] is False
    assert {"UnitCard", "HeroCard", "ActionCard"} <= set(schema["$defs"])


def test_schema_of_an_unknown_game_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "schema", "chess")
    assert code == 2 and "invalid choice" in err and "Traceback" not in err


# -- scenario run ---------------------------------------------------------------------------

def test_scenario_run_passes_the_rulebook_examples(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "scenario", "run", str(SCENARIOS))
    assert code == 0, out
    assert out.count("ok    ") >= 3 and " 0 failed" in out


def test_scenario_run_fails_with_a_diff(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    text = (SCENARIOS / "rulebook-p23-example-1.yaml").read_text()
    bad = tmp_path / "bad.yaml"
    bad.write_text(text.replace("discard:basic: [infantry]", "discard:basic: [knight]"))
    code, out, _ = run(capsys, "scenario", "run", str(bad), str(SCENARIOS))
    assert code == 1
    assert "FAIL" in out and "zones.discard:basic" in out
    assert "expected: [knight]" in out and "actual:   [infantry]" in out
    assert "1 failed" in out
    code, out, _ = run(capsys, "scenario", "run", "-x", str(bad), str(SCENARIOS))
    assert code == 1 and "0 passed, 1 failed" in out


def test_scenario_run_reports_file_problems(capsys: pytest.CaptureFixture[str],
                                            tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("name: x\ngame: allegiance\nplayers: [A, B]\nwhen: [\n")
    code, out, err = run(capsys, "scenario", "run", str(bad))
    assert code == 1 and f"{bad}:5: invalid YAML" in out and "Traceback" not in out + err
    code, _, err = run(capsys, "scenario", "run", str(tmp_path / "missing.yaml"))
    assert code == 1
    assert_one_line_error(err)


# -- simulate -------------------------------------------------------------------------------

@pytest.mark.parametrize("fmt, players", [("duel", 2), ("ffa", 3), ("ffa", 4), ("sworn-enemy", 3),
                                          ("sworn-enemy", 4), ("teams", 4)])
def test_simulate_every_format(capsys: pytest.CaptureFixture[str], fmt: str, players: int) -> None:
    code, out, _ = run(capsys, "simulate", "allegiance", "--players", str(players),
                       "--format", fmt, "--games", "1", "--seed", "3", "--json")
    data = json.loads(out)
    assert code == 0, data
    assert data["games"] == 1 and data["errors"] == 0
    assert data["finished"] + data["unfinished"] == 1
    assert data["format"] == fmt and data["players"] == players


def test_simulate_text_report(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "simulate", "allegiance", "--games", "2")
    assert code == 0
    for label in ("games played  2", "finished", "unfinished", "errors        0", "mean length",
                  "games/s", "events/s"):
        assert label in out


def test_simulate_a_capped_game_counts_as_unfinished(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "simulate", "allegiance", "--games", "2", "--max-decisions", "30",
                       "--json")
    data = json.loads(out)
    assert code == 0 and data["unfinished"] == 2 and data["finished"] == 0


@pytest.mark.parametrize("bot", ["default", "keen", "random"])
def test_simulate_counts_errors_with_their_seeds(capsys: pytest.CaptureFixture[str],
                                                 monkeypatch: pytest.MonkeyPatch, bot: str) -> None:
    cls = RandomBot if bot == "random" else KeenBot  # the default bot is keen
    real = cls.choose

    def flaky(self: RandomBot | KeenBot, decision: Decision) -> Option:
        if decision.id > 200 and int(self.seed) % 2 == 0:
            raise RuntimeError("boom")
        return real(self, decision)  # type: ignore[arg-type]

    monkeypatch.setattr(cls, "choose", flaky)
    flags = [] if bot == "default" else ["--bot", bot]
    code, out, _ = run(capsys, "simulate", "allegiance", "--games", "4", "--seed", "1", *flags)
    assert code == 1
    assert "errors        2" in out
    assert "error with seed 2: RuntimeError: boom" in out
    assert "error with seed 4" in out
    assert f"--bot {'keen' if bot == 'default' else bot} --games 1 --seed 2" in out


def test_simulate_bad_format_or_players_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "simulate", "allegiance", "--format", "chess", "--games", "1")
    assert code == 2 and "unknown format 'chess'" in err
    assert_one_line_error(err)
    code, _, err = run(capsys, "simulate", "allegiance", "--format", "teams", "--players", "3")
    assert code == 2 and "teams" in err
    assert_one_line_error(err)


# -- replay ---------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def save_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    ruleset, options = check_setup("allegiance", 2, "duel")
    run_ = play_one(ruleset, ["Ann", "Ben"], options, 4, keep=True, cap=400)
    assert run_.game is not None and run_.error is None
    path = tmp_path_factory.mktemp("saves") / "game.save"
    run_.game.save(path)
    return path


def test_replay_verify_reproduces_a_save(capsys: pytest.CaptureFixture[str],
                                         save_file: Path) -> None:
    code, out, _ = run(capsys, "replay", str(save_file), "--verify")
    assert code == 0, out
    assert "game      allegiance (duel), players Ann, Ben, seed 4" in out
    assert "load      ok" in out
    assert "verify    ok" in out and "identical" in out


def test_replay_verify_reports_the_first_differing_event(
        capsys: pytest.CaptureFixture[str], save_file: Path, tmp_path: Path) -> None:
    lines = save_file.read_text().split("\n")
    # Replace one event by another well-formed event: the log no longer matches the rules.
    i = next(n for n in range(40, len(lines)) if '"t":"Chose"' in lines[n])
    lines[i], lines[i + 1] = lines[i + 1], lines[i]
    bad = tmp_path / "swapped.save"
    bad.write_text("\n".join(lines))
    code, out, err = run(capsys, "replay", str(bad), "--verify")
    assert code == 1, out
    assert "verify    DIFFERS" in out and f"#{i - 1}" in out
    assert "Traceback" not in out + err


def test_replay_truncated_and_corrupt_saves(capsys: pytest.CaptureFixture[str], save_file: Path,
                                            tmp_path: Path) -> None:
    data = save_file.read_bytes()
    cut = tmp_path / "cut.save"
    cut.write_bytes(data[: len(data) // 2])
    code, out, err = run(capsys, "replay", str(cut))
    assert code == 1 and "truncated" in out and "Traceback" not in err
    junk = tmp_path / "junk.save"
    junk.write_text("this is not a save\n")
    code, _, err = run(capsys, "replay", str(junk))
    assert code == 1 and "not a cardgames save" in err
    assert_one_line_error(err)
    code, _, err = run(capsys, "replay", str(tmp_path / "missing.save"))
    assert code == 1 and "cannot read" in err
    assert_one_line_error(err)


# -- bench: tests/test_bench.py ---------------------------------------------------------------


# -- through a real process, once -----------------------------------------------------------

def test_the_command_runs_as_a_process() -> None:
    proc = subprocess.run([sys.executable, "-m", "cardgames.cli", "simulate", "allegiance",
                           "--games", "1", "--json"], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["games"] == 1
    proc = subprocess.run([sys.executable, "-m", "cardgames.cli", "replay", "/no/such.save"],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 1
    assert proc.stderr.startswith("cardgames: ") and "Traceback" not in proc.stderr


def test_play_with_bad_players_says_why_before_opening_the_app(capsys: pytest.CaptureFixture[str]) -> None:
    from cardgames.cli import main

    assert main(["play", "allegiance", "--players", "Ann"]) == 1
    assert "is for 3-4 players, not 1" in capsys.readouterr().err
    assert main(["play", "allegiance", "--players", "Ann,Ann"]) == 1
    assert "distinct" in capsys.readouterr().err


@pytest.mark.parametrize(("text", "expected"), [
    ("oracle-of-the-flame: 2\njelly: two\n", "bad.yaml:2: jelly: copies must be a whole number"),
    ("cards:\n  oracle-of-the-flame: 2\n  jelly: [\n", "bad.yaml:4: invalid YAML"),
    ("oracle-of-the-flame: 2\nno-such-card: 1\n", "'no-such-card' is not a card that can be in a deck"),
    ("oracle-of-the-flame: 2\n", "a constructed deck has at least 30"),
])
def test_play_refuses_a_bad_algomancy_deck_file_in_one_line(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, text: str, expected: str) -> None:
    deck = tmp_path / "bad.yaml"
    deck.write_text(text, encoding="utf-8")
    code, _, err = run(capsys, "play", "algomancy", "--players", "Ann,Bob", "--format", "constructed",
                       "--decks", f"{deck},random")
    assert code == 1
    assert_one_line_error(err)
    assert expected in err


def test_a_deck_file_gives_the_player_exactly_its_cards(tmp_path: Path) -> None:
    """Constructed (p.16): each player brings a deck of at least 30 cards, at most 2 copies of each."""
    from cardgames.api import new_game
    from cardgames.cli import _deck

    deck = tmp_path / "mine.yaml"
    cards = {"oracle-of-the-flame": 2, "cinder-pact": 2, "bloodwind-revenant": 2, "jelly": 2, "tidepool-terror": 2,
             "tiderunner-initiate": 2, "depth-scholar": 2, "mirage-walker": 2, "sparkwraith": 2, "ember-volley": 2,
             "flame-of-history": 2, "twin-flame": 2, "soul-swallower": 2, "mold-the-current": 2,
             "abyssal-evocation": 2}
    deck.write_text("name: Mine\ncards:\n" + "".join(f"  {c}: {n}\n" for c, n in cards.items()), encoding="utf-8")
    g = new_game("algomancy", ["Ann", "Bob"], 1, {"format": "constructed", "decks": {"Ann": _deck(str(deck))}})
    mine = [g.state.objects[o].card for z in ("deck:0", "hand:0") for o in g.state.zones[z].cards]
    assert sorted(mine) == sorted(c for c, n in cards.items() for _ in range(n))


def test_the_app_starts_without_the_engine_or_the_markdown_libraries() -> None:
    """What `cardgames` imports before the title screen's first frame (bench: start-up): the
    game names, the parser and the app, but not the rules engine nor markdown-it and Pygments
    (they come with the first game and the first Markdown screen)."""
    code = ("import sys\n"
            "from cardgames.cli import build_parser\n"
            "build_parser()\n"
            "import cardgames.tui.app\n"
            "heavy = ('cardgames.engine.ruleset', 'cardgames.engine.flow', 'markdown_it', 'pygments')\n"
            "print(sorted(m for m in heavy if m in sys.modules))\n")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert proc.stdout.strip() == "[]"
