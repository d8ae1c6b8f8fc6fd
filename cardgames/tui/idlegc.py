"""`IdleCollector`: the cyclic garbage collector's full passes moved to when the player pauses.

A full pass of Python's collector walks every container object alive: with a game and its screens
up that is ~100 ms on a 2-core machine, and it struck in the middle of answering a key about once
in six keys (the slowest tenth of all keys were these). The young generations stay automatic (a
millisecond or less each); the full pass runs only once no key or click has come for `IDLE`
seconds, or, should the input never pause, after `VALVE` young passes, so memory stays bounded
either way. At the first pause, what is alive then (modules, classes, the card catalog, the app
and its first screens: most of it lives as long as the program) is moved out of the collector's
sight (`gc.freeze`): measured in a Mechamancers game, the first pass took 74 ms, later ones
8–15 ms.
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable

IDLE = 0.6
"""Seconds without input before a full pass may run."""
VALVE = 400
"""Young (generation 1) passes after which a full pass runs even without a pause."""
NEVER = 1 << 30
"""A threshold that keeps the collector from ever starting a full pass by itself."""


class IdleCollector:
    """Holds back the collector's automatic full passes and runs them when `tick` finds the input
    paused. `tick` is meant for a timer a few times a second; `touched` for every input event."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.last_input = clock()
        self.passes = 0
        """Full passes run by `tick`."""
        self._saved: tuple[int, int, int] | None = None
        self._frozen = False

    def start(self) -> None:
        """Take over the full passes."""
        if self._saved is None:
            self._saved = gc.get_threshold()
            young, middle, _ = self._saved
            gc.set_threshold(young, middle, NEVER)

    def stop(self) -> None:
        """Give the full passes back to the collector (the app is closing)."""
        if self._saved is not None:
            gc.set_threshold(*self._saved)
            if self._frozen:
                gc.unfreeze()
            self._saved, self._frozen = None, False

    def touched(self) -> None:
        """Input came: wait for the next pause."""
        self.last_input = self.clock()

    def due(self) -> bool:
        """A full pass should run now: there is something to look at (young passes since the last
        full one) and the input has paused, or it has not paused for too long."""
        pending = gc.get_count()[2]
        if not pending:
            return False
        return pending >= VALVE or self.clock() - self.last_input >= IDLE

    def tick(self) -> bool:
        """Run a full pass if one is due; whether it ran."""
        if self._saved is None or not self.due():
            return False
        gc.collect(2)
        self.passes += 1
        if not self._frozen:
            gc.freeze()
            self._frozen = True
        return True
