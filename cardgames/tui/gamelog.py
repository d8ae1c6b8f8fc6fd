"""The game's log panel: a RichLog that keeps its newest lines in view as it is laid out anew."""

from __future__ import annotations

from typing import Any

from textual.events import Resize
from textual.widgets import RichLog


class GameLog(RichLog):
    """The log beside the board. A RichLog scrolls to its end as lines are written, but not when
    the layout then changes its height (the prompt above it grew, a coach's note came): until the
    player scrolls up to read back, this one keeps its newest line in view at each new size."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(wrap=True, markup=True, max_lines=2000, min_width=20, **kwargs)
        self._following = True

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        super().watch_scroll_y(old_value, new_value)
        self._following = new_value >= self.max_scroll_y

    def on_resize(self, event: Resize) -> None:
        if self._following:
            self.scroll_end(animate=False, immediate=True, x_axis=False)
