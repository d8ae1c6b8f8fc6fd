"""The package list in pyproject.toml matches the source tree, so `pip install .` ships everything."""

from __future__ import annotations

import tomllib
from pathlib import Path

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
