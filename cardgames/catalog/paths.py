"""Where the shipped card files are: inside the installed package, or `cards/` in a checkout."""

from __future__ import annotations

from importlib import resources
from pathlib import Path


def cards_dir(game: str) -> Path:
    """The folder of `game`'s shipped YAML card files."""
    packaged = Path(str(resources.files("cardgames"))) / "cards" / game
    if packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parents[2] / "cards" / game


def doc_path(relative: str) -> Path:
    """A shipped documentation file (e.g. "rules/allegiance.md"), installed or in a checkout."""
    packaged = Path(str(resources.files("cardgames"))) / "docs" / relative
    if packaged.is_file():
        return packaged
    return Path(__file__).resolve().parents[2] / "docs" / relative
