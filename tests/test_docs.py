"""The rulings pages name the tests that check each ruling: every test they name must exist."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
REF = re.compile(r"`(test_[a-z0-9_]*)?::(test_[a-z0-9_]+)`")


def named_tests(page: Path) -> list[tuple[str, str]]:
    """(module, test) pairs a page names; `::test_x` continues the module named just before."""
    out, module = [], ""
    for m in REF.finditer(page.read_text(encoding="utf-8")):
        module = m.group(1) or module
        out.append((module, m.group(2)))
    return out


@pytest.mark.parametrize("game", ["algomancy", "altered", "arcmage", "mechamancers"])
def test_every_test_a_rulings_page_names_exists(game: str) -> None:
    defined: dict[str, set[str]] = {}
    for path in (ROOT / "tests").rglob("test_*.py"):
        names = set(re.findall(r"^(?:async )?def (test_[a-z0-9_]+)", path.read_text(encoding="utf-8"), re.M))
        defined.setdefault(path.stem, set()).update(names)
    refs = named_tests(ROOT / "docs" / "rulings" / f"{game}.md")
    assert len(refs) > 30
    missing = [f"{mod}::{name}" for mod, name in refs if name not in defined.get(mod, set())]
    assert not missing, f"docs/rulings/{game}.md names tests that do not exist: {missing}"


def test_ci_runs_exactly_the_readme_test_command_on_every_core() -> None:
    """The README's Test command is the one `.ci/run` runs, and it runs the suite in parallel."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Test", 1)[1]
    command = re.search(r"```bash\n(.+?)\n```", section, re.S)
    assert command is not None
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").strip().splitlines()[-1]
    assert ci == command.group(1).strip()
    assert "pytest -n auto" in ci
