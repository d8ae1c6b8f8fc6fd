"""Scenario files: YAML given/when/then game situations for tests, tutorials and bug reports.

The format is documented in docs/scenarios.md.
"""

from cardgames.scenarios.loader import ScenarioError, load_scenario, scenario_files
from cardgames.scenarios.runner import Result, run_file, run_scenario

__all__ = ["Result", "ScenarioError", "load_scenario", "run_file", "run_scenario", "scenario_files"]
