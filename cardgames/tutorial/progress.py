"""Which lessons a player has finished, and where they left the others, kept as JSON in the app's
data directory.

`{"done": [<key>, ...], "started": {<key>: {"step": n, "moves": [...]}}}`: a started lesson keeps
the learner's answers (option keys; null for "read, go on"), replayed on its scenario to continue.
A file that cannot be read is reported (`problems`), never silently lost: its readable entries
are kept, and one that is not JSON at all is copied aside before the next save.
"""

from __future__ import annotations

import json
import shutil
from dataclasses import dataclass, field
from pathlib import Path

FILE = "tutorials.json"
KEPT = "tutorials.unreadable.json"
"""Where an unreadable progress file is copied before it is written again."""

Move = str | None
"""One answer of the learner: an option's key, or None for `n` (a reading step read)."""


@dataclass(frozen=True)
class Started:
    """A lesson left part-way: the step it was at, and the answers that led there."""

    step: int
    moves: tuple[Move, ...]


@dataclass
class Progress:
    """Finished lessons by key (`<game>/<lesson id>`) and lessons left part-way, stored at `path`."""

    path: Path
    done: set[str] = field(default_factory=set)
    started: dict[str, Started] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)
    """What could not be read from the file (shown on the lesson list)."""
    unreadable: bool = False
    """The file is not JSON at all: copy it aside before writing over it."""
    extra: dict[str, object] = field(default_factory=dict)
    """Keys this version does not know, written back as they were."""

    @classmethod
    def load(cls, folder: Path) -> Progress:
        """The progress kept in `folder` (none yet: nothing done). What cannot be read is named
        in `problems`; everything that can is kept."""
        path = folder / FILE
        progress = cls(path)
        try:
            text = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return progress
        except (OSError, UnicodeDecodeError) as exc:
            progress.problems.append(f"{path}: cannot be read ({exc}); it is kept as it is")
            progress.unreadable = True
            return progress
        try:
            raw = json.loads(text)
        except ValueError as exc:
            progress.problems.append(f"{path}: not valid JSON ({exc}); your progress starts afresh and the "
                                     f"old file is kept as {path.with_name(KEPT)}")
            progress.unreadable = True
            return progress
        if not isinstance(raw, dict):
            progress.problems.append(f"{path}: expected an object with `done` and `started`; the old file is "
                                     f"kept as {path.with_name(KEPT)}")
            progress.unreadable = True
            return progress
        progress._read(raw)
        return progress

    def _read(self, raw: dict[str, object]) -> None:
        self.extra = {k: v for k, v in raw.items() if k not in ("done", "started")}
        done = raw.get("done", [])
        if isinstance(done, list):
            self.done = {k for k in done if isinstance(k, str)}
            if len(self.done) != len(done):
                self.problems.append(f"{self.path}: `done` holds entries that are not lesson names; they are dropped")
        else:
            self.problems.append(f"{self.path}: `done` is not a list of lesson names; it is dropped")
        started = raw.get("started", {})
        if not isinstance(started, dict):
            self.problems.append(f"{self.path}: `started` is not an object; the lessons in progress start over")
            return
        for key, entry in started.items():
            moves = entry.get("moves") if isinstance(entry, dict) else None
            step = entry.get("step", 0) if isinstance(entry, dict) else None
            if (not isinstance(moves, list) or not all(m is None or isinstance(m, str) for m in moves)
                    or not isinstance(step, int)):
                self.problems.append(f"{self.path}: the place kept for {key} cannot be read; that lesson starts over")
                continue
            self.started[key] = Started(step, tuple(moves))

    def is_done(self, key: str) -> bool:
        return key in self.done

    def left_at(self, key: str) -> Started | None:
        """Where the learner left this lesson, if part-way through it."""
        entry = self.started.get(key)
        return entry if entry is not None and entry.moves else None

    def finish(self, key: str) -> None:
        """Mark a lesson done (its place is forgotten) and save at once."""
        self.done.add(key)
        self.started.pop(key, None)
        self.save()

    def remember(self, key: str, step: int, moves: list[Move] | tuple[Move, ...]) -> None:
        """Keep where the learner is in a lesson, and save at once."""
        self.started[key] = Started(step, tuple(moves))
        self.save()

    def forget(self, key: str) -> None:
        """Start a lesson over: its place is dropped."""
        if self.started.pop(key, None) is not None:
            self.save()

    def save(self) -> None:
        """Write the file atomically; an unreadable old file is first copied aside."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        if self.unreadable and self.path.exists():
            shutil.copyfile(self.path, self.path.with_name(KEPT))
            self.unreadable = False
        data: dict[str, object] = dict(self.extra)
        data["done"] = sorted(self.done)
        data["started"] = {k: {"step": s.step, "moves": list(s.moves)} for k, s in sorted(self.started.items())}
        tmp = self.path.with_suffix(".tmp")
        tmp.write_text(json.dumps(data, indent=2), encoding="utf-8")
        tmp.replace(self.path)
