"""Which lessons a player has finished, kept as JSON in the app's data directory."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

FILE = "tutorials.json"


@dataclass
class Progress:
    """Finished lessons by key (`<game>/<lesson id>`), stored at `path`."""

    path: Path
    done: set[str] = field(default_factory=set)

    @classmethod
    def load(cls, folder: Path) -> Progress:
        """The progress kept in `folder` (none yet, or an unreadable file: nothing done)."""
        path = folder / FILE
        try:
            raw = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return cls(path)
        done = raw.get("done") if isinstance(raw, dict) else None
        return cls(path, {str(k) for k in done} if isinstance(done, list) else set())

    def is_done(self, key: str) -> bool:
        return key in self.done

    def finish(self, key: str) -> None:
        """Mark a lesson done and save at once (atomically)."""
        self.done.add(key)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        tmp = self.path.with_suffix(".tmp")
        tmp.write_text(json.dumps({"done": sorted(self.done)}, indent=2), encoding="utf-8")
        tmp.replace(self.path)
