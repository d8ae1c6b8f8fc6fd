"""The app's own settings (theme, animations, confirmations), kept in the user data directory."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, fields
from pathlib import Path

from textual.markup import escape

from cardgames.engine.stops import STOP_HELP, STOP_REVEALS, TABLE_STOP, with_table_stops
from cardgames.tui.saves import data_dir

GAMES = [("Allegiance: A Realm Divided", "allegiance"), ("Algomancy (1v1, free-for-all, teams)", "algomancy"),
         ("ARC-mage", "arcmage"),
         ("Altered (two players)", "altered"),
         ("Mechamancers", "mechamancers")]
"""The games the app can play (each has a board), as menus offer them: (title, ruleset name)."""

STOPS = {
    "relevant": "Ask me to respond when it concerns me",
    "auto": "Ask me whenever I could respond",
    "always": "Ask me at every chance",
    "never": "Never ask me (only my own turn)",
}
"""Per-player priority settings (the engine's `stop` option, `engine.stops`), as menus offer them."""


def stop_help() -> str:
    """What each stop setting does, and what being asked tells the others (for the settings)."""
    lines = [f"[b]{escape(STOPS[key])}[/] — {escape(text)}" for key, text in STOP_HELP.items()]
    return "\n".join([*lines, "", f"[dim]{escape(STOP_REVEALS)}[/]"])


APP_STOP = TABLE_STOP
"""The app's default per-player stop (see `cardgames.engine.stops`)."""
with_app_stops = with_table_stops


@dataclass
class Settings:
    theme: str = "textual-dark"
    animations: bool = True
    confirm_end_turn: bool = False
    """Ask "are you sure?" before ending your maneuver phase or turn with gold left (off unless
    asked for: it confirms what the player just chose)."""
    auto_answer: bool = True
    """Answer for a player when there is only one thing to do (`engine.handover.forced_answer`),
    saying so on screen; off: every such decision is asked."""

    @classmethod
    def path(cls) -> Path:
        return data_dir() / "settings.json"

    @classmethod
    def load(cls) -> Settings:
        """The saved settings; defaults if there are none or the file is unreadable."""
        try:
            raw = json.loads(cls.path().read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return cls()
        if not isinstance(raw, dict):
            return cls()
        known = {f.name: f.type for f in fields(cls)}
        kept = {k: v for k, v in raw.items() if k in known and isinstance(v, type(getattr(cls(), k)))}
        return cls(**kept)

    def save(self) -> None:
        path = self.path()
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(".tmp")
        tmp.write_text(json.dumps(asdict(self), indent=2), encoding="utf-8")
        tmp.replace(path)
