"""The package list in pyproject.toml matches the source tree, so `pip install .` ships everything."""

from __future__ import annotations

import subprocess
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_every_package_is_listed_in_pyproject() -> None:
    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"])
    found = {
        ".".join(p.parent.relative_to(ROOT).parts)
        for p in (ROOT / "cardgames").rglob("__init__.py")
    }
    assert found <= listed, f"add to [tool.setuptools] packages: {sorted(found - listed)}"
    assert "cardgames.cards" in listed


def test_card_data_ships_inside_the_package() -> None:
    data = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    assert data["package-dir"]["cardgames.cards"] == "cards"
    assert "**/*.yaml" in data["package-data"]["cardgames.cards"]
    assert list((ROOT / "cards" / "allegiance").rglob("*.yaml"))


MAX_TRACKED_BYTES = 1_000_000
"""Anything bigger outside screenshots/ is built or downloaded (a wheel, a virtualenv, a cache)."""


def _tracked_files() -> list[Path]:
    try:
        out = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("not a git checkout (an installed copy): nothing is tracked")
    return [ROOT / name for name in out.decode().split("\0") if name]


def test_no_big_file_is_tracked_outside_screenshots() -> None:
    big = [
        f"{path.relative_to(ROOT)} ({path.stat().st_size:,} bytes)"
        for path in _tracked_files()
        if path.is_file() and path.stat().st_size > MAX_TRACKED_BYTES
        and path.relative_to(ROOT).parts[0] != "screenshots"
    ]
    assert not big, "files over 1 MB are tracked (built or downloaded? `git rm --cached` them):\n" + "\n".join(big)


def test_gitignore_keeps_builds_and_downloads_out() -> None:
    _tracked_files()  # skips outside a git checkout
    ignored = subprocess.run(
        ["git", "check-ignore", "--no-index", ".venv/bin/python", "x/__pycache__/m.pyc", "dist/a.whl", "pkg.tar.gz",
         ".mypy_cache/x", ".pytest_cache/x", "cardgames.egg-info/PKG-INFO"],
        cwd=ROOT, capture_output=True, text=True,
    ).stdout.split()
    assert len(ignored) == 7, f"not ignored: {ignored}"


def test_lessons_ship_inside_the_package() -> None:
    data = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    shipped = data["package-data"]["cardgames.tutorial"]
    assert {"lessons/**/*.yaml", "lessons/**/*.md"} <= set(shipped)
    lessons = ROOT / "cardgames" / "tutorial" / "lessons"
    assert list(lessons.rglob("script.md")) and list(lessons.rglob("scenario.yaml"))
