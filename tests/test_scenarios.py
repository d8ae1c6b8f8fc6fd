"""Scenario files: every tests/scenarios/**/*.yaml passes; the runner explains failures clearly."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from cardgames.scenarios import ScenarioError, load_scenario, run_file
from cardgames.scenarios.runner import Result

HERE = Path(__file__).parent
SCENARIOS = sorted((HERE / "scenarios").rglob("*.yaml"))


@pytest.mark.parametrize("path", SCENARIOS, ids=[str(p.relative_to(HERE / "scenarios"))
                                                 for p in SCENARIOS])
def test_scenario(path: Path) -> None:
    result = run_file(path)
    if not result.ok:
        pytest.fail(result.report(), pytrace=False)


def test_there_are_scenarios() -> None:
    assert len(SCENARIOS) >= 3


# -- the runner on purpose-made scenarios ------------------------------------------------------

TABLE = """\
name: {name}
game: allegiance
players: [Paul, Allison]
seed: 1
options:
  heroes: [beledan-kind, thedric-egen]
  first_player: Paul
  given:
    turn: 3
    active: Paul
    players:
      Paul: {{gold: 2, hand: [skilled-strike]}}
      Allison: {{gold: 1, hand: [mend-wounds], territory: {territory}}}
"""


def _write(tmp_path: Path, body: str, *, name: str = "test",
           territory: str = "[{card: infantry, damage: 2}]") -> Path:
    path = tmp_path / "s.yaml"
    path.write_text(TABLE.format(name=name, territory=territory) + textwrap.dedent(body))
    return path


def _run(tmp_path: Path, body: str, **kw: str) -> Result:
    return run_file(_write(tmp_path, body, **kw))


def test_a_failed_expectation_shows_expected_actual_and_the_log(tmp_path: Path) -> None:
    r = _run(tmp_path, """\
        when:
          - Paul: play skilled-strike -> infantry
          - all: pass
        then:
          players:
            Allison: {health: 1, units: 1}
          zones:
            discard:basic: []
        """)
    assert not r.ok
    text = r.report()
    assert "FAIL" in text and "then (line" in text
    assert "players.Allison.health" in text and "expected: 1" in text
    assert "players.Allison.units" in text
    assert "zones.discard:basic" in text and "actual:   [infantry]" in text
    assert "last" in text and "Skilled Strike deals 3 damage to Infantry" in text


def test_the_wrong_player_fails_listing_the_decision(tmp_path: Path) -> None:
    r = _run(tmp_path, """\
        when:
          - Allison: play mend-wounds -> infantry
        """)
    assert not r.ok
    text = r.report()
    assert "when[0] (line 15)" in text
    assert "Allison is not the one deciding" in text
    assert "Paul's priority decision" in text
    assert "[play skilled-strike]" in text and "pass" in text


def test_no_matching_option_lists_the_options(tmp_path: Path) -> None:
    r = _run(tmp_path, """\
        when:
          - Paul: play fireball
        """)
    assert not r.ok
    assert "no option matches 'play fireball'" in r.report()
    assert "action:" in r.report()


def test_options_that_differ_are_ambiguous_and_can_be_told_apart(tmp_path: Path) -> None:
    territory = "[{card: infantry, damage: 2}, infantry]"
    r = _run(tmp_path, """\
        when:
          - Paul: play skilled-strike -> infantry
        """, territory=territory)
    assert not r.ok and "ambiguous" in r.report()
    r = _run(tmp_path, """\
        when:
          - Paul: play skilled-strike -> infantry#2
          - all: pass
        then:
          players:
            Allison: {units: [{card: infantry, damage: 2}, {card: infantry, damage: 3}]}
        """, territory=territory)
    assert r.ok, r.report()


def test_identical_options_count_as_one(tmp_path: Path) -> None:
    r = _run(tmp_path, """\
        when:
          - Paul: play skilled-strike -> infantry
          - all: pass
        then:
          players:
            Allison: {units: [infantry, {card: infantry, damage: 3}]}
        """, territory="[infantry, infantry]")
    assert r.ok, r.report()


def test_passes_that_would_resolve_something_must_be_written(tmp_path: Path) -> None:
    r = _run(tmp_path, """\
        when:
          - Paul: play skilled-strike -> infantry
          - Paul: pass
          - Paul: pass
        """)
    assert not r.ok
    text = r.report()
    assert "Allison would have to pass and let it resolve" in text
    # nothing was resolved behind the scenario's back
    assert "deals 3 damage" not in text


def test_checks_in_the_middle_and_decision_expectations(tmp_path: Path) -> None:
    r = _run(tmp_path, """\
        when:
          - check:
              decision: {seat: Paul, kind: priority, can: [play skilled-strike, battle Allison],
                         cannot: [enlist infantry]}
          - Paul: action:0:0
        """)
    assert not r.ok  # action:0:0 is not a key
    r = _run(tmp_path, """\
        when:
          - Paul: play skilled-strike -> infantry
          - check:
              chain: [Skilled Strike]
              log: [Paul plays Skilled Strike]
              decision: {seat: Paul, prompt: respond}
          - all: pass
        then:
          chain: []
          log: [deals 3 damage]
          not_log: [Paul plays Skilled Strike →]
          turn: 3
          active: Paul
        """)
    assert r.ok, r.report()


def test_setup_problems_are_reported_not_raised(tmp_path: Path) -> None:
    path = tmp_path / "s.yaml"
    path.write_text("name: x\ngame: allegiance\nplayers: [A, B]\noptions: {format: chess}\n")
    r = run_file(path)
    assert not r.ok and "could not be set up" in r.report() and "chess" in r.report()


def test_scenario_file_problems_are_all_listed_with_lines(tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(textwrap.dedent("""\
        name: bad
        game: allegiance
        players: [Paul, Allison]
        seeds: 3
        when:
          - Paul play x
          - Bob: pass
          - all: play it
        then:
          log: [Mend Wounds: resolves]
        """))
    with pytest.raises(ScenarioError) as info:
        load_scenario(path)
    problems = info.value.problems
    assert [p.split(":")[1] for p in problems] == ["4", "6", "7", "8", "10"]
    assert "seeds" in problems[0] and "'Bob' is not a player" in problems[2]
    assert "must be quoted" in problems[4]


def test_malformed_yaml_gives_file_and_line(tmp_path: Path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text("name: x\nwhen:\n  - [unclosed\n")
    with pytest.raises(ScenarioError) as info:
        load_scenario(path)
    assert str(info.value).startswith(f"{path}:")
    assert "invalid YAML" in str(info.value)
