"""The players' log for one reader, kept up to date from a game's events without reading them all again."""

from __future__ import annotations

from collections.abc import Sequence

from cardgames.engine.events import Event, apply
from cardgames.engine.ruleset import Ruleset
from cardgames.engine.state import State


class Logbook:
    """The log as `seat` (None: the public table) reads it. `read(events)` describes only the events
    added since the last read; if the log was taken back (undo) it starts again from the first event."""

    def __init__(self, ruleset: Ruleset, seat: int | None) -> None:
        self.ruleset = ruleset
        self.seat = seat
        self._start()

    def _start(self) -> None:
        self.lines: list[str] = []
        self._shadow = State(game=self.ruleset.name, players=[])
        self._read = 0
        self._last: Event | None = None
        """The last event read, to notice a log that was rewound and written again."""

    def read(self, events: Sequence[Event]) -> list[str]:
        """Every line so far (the same list, grown); cheap when few events were added."""
        if len(events) < self._read or (self._read and events[self._read - 1] is not self._last):
            self._start()  # taken back (undo): read it all again
        describe, shadow = self.ruleset.describe, self._shadow
        for ev in events[self._read:]:
            apply(shadow, ev)
            if not ev.INTERNAL:
                text = describe(shadow, ev, self.seat)
                if text:
                    self.lines.append(text)
        self._read = len(events)
        self._last = events[-1] if events else None
        return self.lines
