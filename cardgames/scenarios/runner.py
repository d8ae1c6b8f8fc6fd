"""Run a scenario on the real engine: set the table, play the `when` lines, check `then`."""

from __future__ import annotations

import traceback
from dataclasses import dataclass, field
from pathlib import Path

from cardgames.api import new_game
from cardgames.engine.decisions import CardgamesError, IllegalChoice
from cardgames.engine.game import Game
from cardgames.scenarios.expect import Mismatch, check
from cardgames.scenarios.loader import load_scenario
from cardgames.scenarios.match import NoMatch, describe_decision, match
from cardgames.scenarios.model import Scenario, Step, Then

MAX_PASSES = 500
"""`all: pass` gives up after this many passes (a loop in the rules, or a misread scenario)."""
LOG_TAIL = 15


class StepFailed(Exception):
    """A `when` line could not be played; the message says why and what the game waits on."""


@dataclass
class Result:
    """How a scenario went: `ok`, or where it failed and why (`report()` renders it)."""

    scenario: Scenario
    ok: bool
    where: str = ""
    reason: str = ""
    mismatches: list[Mismatch] = field(default_factory=list)
    log_tail: list[str] = field(default_factory=list)
    game: Game | None = None

    def report(self) -> str:
        head = f"{self.scenario.path}: {self.scenario.name}"
        if self.ok:
            return f"ok    {head}"
        lines = [f"FAIL  {head}", f"  at {self.where}"]
        if self.reason:
            lines += ["  " + r for r in self.reason.splitlines()]
        lines += [m.render() for m in self.mismatches]
        if self.log_tail:
            lines.append(f"  last {len(self.log_tail)} log lines:")
            lines += ["    " + t for t in self.log_tail]
        return "\n".join(lines)


class Runner:
    """Plays one scenario step by step."""

    def __init__(self, scenario: Scenario) -> None:
        self.scenario = scenario
        f = scenario.file
        self.game = new_game(f.game, list(f.players), f.seed, dict(f.options))
        self.log_mark = len(self.game.log())

    # -- steps ---------------------------------------------------------------------------

    def _decision_text(self) -> str:
        g = self.game
        if g.outcome is not None:
            return "the game is over"
        return describe_decision(g, g.decision)

    def _fail(self, message: str) -> StepFailed:
        return StepFailed(f"{message}\n{self._decision_text()}")

    def _choose(self, text: str, *, target: bool = False) -> None:
        g = self.game
        d = g.decision
        try:
            option = match(g, d, text, target=target)
        except NoMatch as exc:
            raise self._fail(str(exc)) from None
        try:
            g.choose(option)
        except IllegalChoice as exc:
            raise self._fail(f"{option.key} was refused: {exc}") from None

    def _reach(self, player: str) -> None:
        """Pass other seats' response windows while that changes nothing (the rulebook's
        "assume no responses" shortcut); refuse if passing would let something resolve."""
        g = self.game
        while g.outcome is None and g.decision.seat != player and g.decision.kind == "priority" \
                and g.state.chain:
            before = [c.id for c in g.state.chain]
            label = g.state.chain[-1].label
            mark = len(g.events)
            waiting = g.decision.seat
            g.choose("pass")
            if g.outcome is not None or [c.id for c in g.state.chain] != before:
                self.game = Game(g.ruleset, g.events[:mark], dict(g.header))
                raise self._fail(
                    f"{player} is not asked before {label!r} resolves: {waiting} would have to "
                    f"pass and let it resolve. Write the passes (`{waiting}: pass` or `all: pass`)."
                )

    def play(self, step: Step) -> None:
        g = self.game
        if step.player == "all":
            self._all_pass()
            return
        parts = [p.strip() for p in step.text.split("->")]
        if any(not p for p in parts):
            raise StepFailed("an empty choice around `->`")
        if g.outcome is not None:
            raise StepFailed("the game is over; there is nothing to choose")
        self._reach(step.player)
        g = self.game
        if g.decision.seat != step.player:
            raise self._fail(f"{step.player} is not the one deciding")
        self._choose(parts[0])
        for part in parts[1:]:
            g = self.game
            if g.outcome is not None or g.decision.seat != step.player:
                raise self._fail(f"{step.player} has no target to choose for `-> {part}`")
            self._choose(part, target=True)

    def _all_pass(self) -> None:
        g = self.game
        passes = 0
        while g.outcome is None and g.decision.kind == "priority":
            if passes and not g.state.chain and g.decision.seat_index == g.state.active:
                break
            if passes >= MAX_PASSES:
                raise self._fail(f"`all: pass` passed {MAX_PASSES} times and is still asked to")
            self._choose("pass")
            passes += 1
        if not passes:
            raise self._fail("`all: pass`, but the game does not wait on a priority decision")

    # -- checks --------------------------------------------------------------------------

    def check(self, then: Then) -> list[Mismatch]:
        lines = self.game.log()
        since = lines[self.log_mark:]
        self.log_mark = len(lines)
        return check(self.game, then, since)


def _crash(exc: BaseException) -> str:
    frames = traceback.extract_tb(exc.__traceback__)
    at = f" at {frames[-1].filename}:{frames[-1].lineno} in {frames[-1].name}" if frames else ""
    return f"{type(exc).__name__}: {exc}{at}"


def run_scenario(scenario: Scenario) -> Result:
    """Run a loaded scenario; never raises for a failing scenario, only reports it."""
    try:
        runner = Runner(scenario)
    except (CardgamesError, KeyError) as exc:
        msg = exc.args[0] if isinstance(exc, KeyError) else str(exc)
        return Result(scenario, False, "setup (name, game, players, seed, options)",
                      f"the game could not be set up: {msg}")
    except Exception as exc:  # a bug in the rules' setup
        return Result(scenario, False, "setup (name, game, players, seed, options)",
                      f"the engine crashed while setting up (a bug): {_crash(exc)}")

    def failed(where: str, reason: str = "", mismatches: list[Mismatch] | None = None) -> Result:
        tail = runner.game.log()[-LOG_TAIL:]
        return Result(scenario, False, where, reason, mismatches or [], tail, runner.game)

    for i, step in enumerate(scenario.steps):
        where = f"when[{i}] (line {step.line}): {step}"
        if step.check is not None:
            bad = runner.check(step.check)
            if bad:
                return failed(where, "", bad)
            continue
        try:
            runner.play(step)
        except StepFailed as exc:
            return failed(where, str(exc))
        except CardgamesError as exc:
            return failed(where, f"the engine raised {type(exc).__name__}: {exc}")
        except Exception as exc:  # a bug in the rules: report it with where it happened
            return failed(where, f"the engine crashed (a bug): {_crash(exc)}")
    then = scenario.file.then
    if then is not None:
        bad = runner.check(then)
        if bad:
            return failed(f"then (line {scenario.then_line})", "", bad)
    return Result(scenario, True, game=runner.game)


def run_file(path: str | Path) -> Result:
    """Load and run one scenario file (a file that cannot be loaded raises ScenarioError)."""
    return run_scenario(load_scenario(path))
