"""`cardgames scenario run`: run scenario files and print a readable diff for each failure."""

from __future__ import annotations

from pathlib import Path
from typing import TextIO

from cardgames.scenarios.loader import ScenarioError, load_scenario, scenario_files
from cardgames.scenarios.runner import run_scenario
from cardgames.tools import UsageError


def run_scenarios(paths: list[str], fail_fast: bool, out: TextIO) -> int:
    """Run each file (folders: every *.yaml inside); 1 if any fails or cannot be read."""
    for p in paths:
        if not Path(p).exists():
            raise UsageError(f"{p}: no such file or folder", code=1)
    files = scenario_files([Path(p) for p in paths])
    if not files:
        raise UsageError(f"no scenario files in {', '.join(paths)}", code=1)
    passed = failed = 0
    for f in files:
        try:
            scenario = load_scenario(f)
        except ScenarioError as exc:
            failed += 1
            out.write(f"ERROR {f}: the scenario file has problems:\n")
            out.write("".join(f"  {prob}\n" for prob in exc.problems))
        else:
            result = run_scenario(scenario)
            out.write(result.report() + "\n")
            if result.ok:
                passed += 1
            else:
                failed += 1
        if failed and fail_fast:
            break
    out.write(f"{passed} passed, {failed} failed\n")
    return 1 if failed else 0
