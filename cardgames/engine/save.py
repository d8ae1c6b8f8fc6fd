"""Save files: a JSON header line, then one event per line; written atomically, read forgivingly.

A truncated or damaged file gives back its valid prefix (said in `warnings`), never a
different game; a file from another rules or catalog version is reported, not misread.
"""

from __future__ import annotations

import json
import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from cardgames.engine.decisions import CardgamesError
from cardgames.engine.events import Event, EventError, from_json
from cardgames.engine.gcpause import gc_paused
from cardgames.engine.state import Json

FORMAT = "cardgames-save"
VERSION = 1

_encode = json.JSONEncoder(separators=(",", ":")).encode
"""One compact encoder for every line (`json.dumps` with options builds a new one per call)."""


class SaveError(CardgamesError, ValueError):
    """A save file that cannot be loaded; the message says what is wrong and what to do."""


@dataclass
class LoadedSave:
    header: dict[str, Json]
    events: list[Event]
    warnings: list[str] = field(default_factory=list)


def write_save(path: Path, header: dict[str, Json], events: list[Event], *, count: bool = True) -> None:
    """Write the save atomically: a crash mid-write leaves the previous file intact.

    `count=False` leaves the event count out of the header, for a save that `append_events`
    will grow (an autosave); a cut-off tail then loads as its valid prefix.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    head = {"format": FORMAT, "version": VERSION, **header, "events": len(events) if count else None}
    fd, tmp = tempfile.mkstemp(prefix=path.name, suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(_encode(head) + "\n")
            f.write("".join(_encode(ev.to_json()) + "\n" for ev in events))
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def append_events(path: Path, events: list[Event], *, sync: bool = True) -> None:
    """Append events to a save written with `count=False`, and flush them to disk.

    `sync=False` hands them to the operating system only (a killed process loses nothing; a power
    cut may lose them until `sync_file`), for a caller that syncs the file off its hot path."""
    with path.open("a", encoding="utf-8") as f:
        f.write("".join(_encode(ev.to_json()) + "\n" for ev in events))
        f.flush()
        if sync:
            os.fsync(f.fileno())


def sync_file(path: Path) -> None:
    """Flush what the operating system holds of the file to disk (after `append_events(sync=False)`)."""
    with path.open("ab") as f:
        os.fsync(f.fileno())


def read_save(path: Path) -> LoadedSave:
    """Read a save file. Raises SaveError if not even its header can be read."""
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise SaveError(f"{path}: cannot read the save file ({exc.strerror})") from exc
    text = raw.decode("utf-8", errors="replace")
    lines = text.split("\n")
    try:
        header = json.loads(lines[0])
    except (ValueError, RecursionError) as exc:
        raise SaveError(
            f"{path}: this is not a cardgames save (its first line is not a JSON header: "
            f"{getattr(exc, 'msg', exc)})"
        ) from exc
    if not isinstance(header, dict) or header.get("format") != FORMAT:
        raise SaveError(f"{path}: this is not a cardgames save (no '{FORMAT}' header)")
    if header.get("version") != VERSION:
        raise SaveError(
            f"{path}: save format version {header.get('version')} is not supported "
            f"(this cardgames reads version {VERSION}); open it with the version that wrote it"
        )
    expected = header.pop("events", None)
    body = lines[1:]
    if body and body[-1] == "":
        body = body[:-1]
    with gc_paused():
        events, warnings = _read_events(path, body)
    if not warnings and isinstance(expected, int) and expected < len(events):
        warnings.append(
            f"{path}: the file holds {len(events)} events but its header says {expected}; "
            f"kept the first {expected}"
        )
        del events[expected:]
    elif not warnings and isinstance(expected, int) and expected != len(events):
        warnings.append(
            f"{path}: the file is truncated ({len(events)} of {expected} events); "
            "recovered the valid prefix"
        )
    header.pop("format", None)
    header.pop("version", None)
    return LoadedSave(header, events, warnings)


def _read_events(path: Path, lines: list[str]) -> tuple[list[Event], list[str]]:
    """The events of the lines, up to the first damaged one (said in the warnings).

    All lines are first read as one JSON array (twice as fast), and made events in one go; only
    when that fails, or splits the lines differently, are they read one by one to find the
    damaged one.
    """
    try:
        whole = json.loads("[" + ",".join(lines) + "]")
    except (ValueError, RecursionError):
        whole = None
    if isinstance(whole, list) and len(whole) == len(lines):
        try:
            return [from_json(item) for item in whole], []
        except (ValueError, TypeError, RecursionError):
            pass  # a line that is JSON but no event: found below
    events: list[Event] = []
    for n, line in enumerate(lines, start=2):
        try:
            events.append(from_json(json.loads(line)))
        except (ValueError, EventError, TypeError, RecursionError) as exc:
            return events, [f"{path}:{n}: damaged event ({exc}); recovered the first {len(events)} "
                            "events and dropped the rest"]
    return events, []
