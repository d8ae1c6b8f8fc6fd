"""Fixtures for the app tests: autosaves go to a temporary folder, never the user's."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def cardgames_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CARDGAMES_HOME", str(tmp_path))
    return tmp_path
