"""Save files: a JSON header line, then one event per line, each write sealed; written atomically, read forgivingly.

A truncated or damaged file gives back its valid prefix (said in `warnings`), never a
different game; a file from another rules or catalog version is reported, not misread.

Every write ends with a seal line, `{"seal": CRC, "n": N}`: the CRC-32 of the event lines it
wrote (since the seal before), and how many events the file then holds. The events up to the last
seal that every seal before agrees with are exactly what the program wrote (`LoadedSave.sealed`):
a loader of the same build may fold them rather than replay them (`api.load_game`).
"""

from __future__ import annotations

import json
import os
import tempfile
import zlib
from dataclasses import dataclass, field
from pathlib import Path

from cardgames.engine.decisions import CardgamesError
from cardgames.engine.events import Event, EventError, from_json
from cardgames.engine.gcpause import gc_paused
from cardgames.engine.state import Json

FORMAT = "cardgames-save"
VERSION = 2
"""Version 2 seals every write; version 1 (no seals) is still read, and checked by replay."""
READS = (1, 2)
SEAL = '{"seal":'
"""How a seal line begins (an event line begins with its type, `{"t":`)."""

_encode = json.JSONEncoder(separators=(",", ":")).encode
"""One compact encoder for every line (`json.dumps` with options builds a new one per call)."""


class SaveError(CardgamesError, ValueError):
    """A save file that cannot be loaded; the message says what is wrong and what to do."""


@dataclass
class LoadedSave:
    header: dict[str, Json]
    events: list[Event]
    warnings: list[str] = field(default_factory=list)
    sealed: int = 0
    """How many of the first events the file's seals vouch for, unchanged since they were written
    (0: none, e.g. a version 1 file, or a first write damaged)."""


def _lines(events: list[Event]) -> str:
    return "".join(_encode(ev.to_json()) + "\n" for ev in events)


def _seal(lines: str, total: int) -> str:
    """The seal line for the lines just written (the header line too, in the first write), when
    the file then holds `total` events."""
    return _encode({"seal": zlib.crc32(lines.encode("utf-8")), "n": total}) + "\n"


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
            first = _encode(head) + "\n"
            lines = _lines(events)
            f.write(first + lines + _seal(first + lines, len(events)))
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def append_events(path: Path, events: list[Event], total: int, *, sync: bool = True) -> None:
    """Append events to a save written with `count=False`, sealed, and flush them to disk; the
    file then holds `total` events.

    `sync=False` hands them to the operating system only (a killed process loses nothing; a power
    cut may lose them until `sync_file`), for a caller that syncs the file off its hot path."""
    if not events:
        return
    with path.open("a", encoding="utf-8") as f:
        lines = _lines(events)
        f.write(lines + _seal(lines, total))
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
    if header.get("version") not in READS:
        raise SaveError(
            f"{path}: save format version {header.get('version')} is not supported "
            f"(this cardgames reads versions {' and '.join(map(str, READS))}); open it with the "
            "version that wrote it"
        )
    expected = header.pop("events", None)
    body = lines[1:]
    if body and body[-1] == "":
        body = body[:-1]
    with gc_paused():
        events, warnings, seals = _read_events(path, lines[0], body)
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
    sealed = max((n for n in seals if n <= len(events)), default=0)
    return LoadedSave(header, events, warnings, sealed)


def _read_events(path: Path, head: str, lines: list[str]) -> tuple[list[Event], list[str], list[int]]:
    """The events of the lines, up to the first damaged one (said in the warnings), and the event
    counts of the seals that hold, from the first on (see `_sealed`).

    All lines are first read as one JSON array (twice as fast), and made events in one go; only
    when that fails, or splits the lines differently, are they read one by one to find the
    damaged one.
    """
    at = [i for i, line in enumerate(lines) if line.startswith(SEAL)]
    try:
        whole = json.loads("[" + ",".join(lines) + "]")
    except (ValueError, RecursionError):
        whole = None
    if isinstance(whole, list) and len(whole) == len(lines):
        try:
            events: list[Event] = []
            start = 0
            for i in [*at, len(lines)]:
                events.extend([from_json(item) for item in whole[start:i]])
                start = i + 1
            return events, [], _sealed(head, lines, at, [whole[i] for i in at], len(lines))
        except (ValueError, TypeError, RecursionError):
            pass  # a line that is JSON but no event: found below
    events = []
    seals: list[Json] = []
    for n, line in enumerate(lines, start=2):
        try:
            item = json.loads(line)
            if line.startswith(SEAL):
                seals.append(item)
            else:
                events.append(from_json(item))
        except (ValueError, EventError, TypeError, RecursionError) as exc:
            kept = _sealed(head, lines, [i for i in at if i < n - 2], seals, n - 2)
            return events, [f"{path}:{n}: damaged event ({exc}); recovered the first {len(events)} "
                            "events and dropped the rest"], kept
    return events, [], _sealed(head, lines, at, seals, len(lines))


def _sealed(head: str, lines: list[str], at: list[int], seals: list[Json], end: int) -> list[int]:
    """The event counts of the seals (lines `at`, read as `seals`) that hold, from the first on:
    each one's CRC is that of the lines since the seal before (for the first, from the header
    line `head` on), and its count is the number of events up to it. The first that does not
    hold ends the list; so does line `end` (where the file stops being readable)."""
    counts: list[int] = []
    start = count = 0
    for i, seal in zip(at, seals, strict=True):
        if i >= end:
            break
        count += i - start
        batch = "\n".join(lines[start:i]) + "\n" if i > start else ""
        if start == 0:
            batch = head + "\n" + batch
        if (not isinstance(seal, dict) or seal.get("n") != count
                or seal.get("seal") != zlib.crc32(batch.encode("utf-8"))):
            break
        counts.append(count)
        start = i + 1
    return counts
