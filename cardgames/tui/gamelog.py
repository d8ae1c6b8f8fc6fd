"""The game's log panel: a RichLog that keeps its newest lines in view as it is laid out anew, and
keeps each viewer's lines (a seat's, the public table's) to show them again at a hand-over."""

from __future__ import annotations

from typing import Any

from textual.events import Resize
from textual.geometry import Size
from textual.strip import Strip
from textual.widgets import RichLog


class GameLog(RichLog):
    """The log beside the board. A RichLog scrolls to its end as lines are written, but not when
    the layout then changes its height (the prompt above it grew, a coach's note came): until the
    player scrolls up to read back, this one keeps its newest line in view at each new size."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(wrap=True, markup=True, max_lines=2000, min_width=20, **kwargs)
        self._following = True
        self._viewer: object = None
        self._kept: dict[object, tuple[list[Strip], int, int]] = {}
        """Each other viewer's lines as rendered, with where they start and their widest width."""

    def switch(self, viewer: object) -> bool:
        """Show `viewer`'s lines, keeping the ones shown now for the viewer they were written for
        (a hand-over then writes only the lines new since, instead of rendering them all again).
        False when none are kept for `viewer`: the log is empty, to be written anew."""
        if viewer == self._viewer:
            return True
        self._kept[self._viewer] = (self.lines, self._start_line, self._widest_line_width)
        self._viewer = viewer
        kept = self._kept.pop(viewer, None)
        self.lines, self._start_line, self._widest_line_width = kept if kept is not None else ([], 0, 0)
        self._line_cache.clear()  # (keyed by line numbers, which the viewers share)
        self.virtual_size = Size(self._widest_line_width, len(self.lines))
        self.refresh()
        self.scroll_end(animate=False, immediate=True, x_axis=False)
        return kept is not None

    def forget(self) -> None:
        """Drop every viewer's lines (an undo: they are written anew)."""
        self._kept.clear()
        self.clear()

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        super().watch_scroll_y(old_value, new_value)
        self._following = new_value >= self.max_scroll_y

    def _size_updated(self, size: Size, virtual_size: Size, container_size: Size, layout: bool = True) -> bool:
        # A new height (the prompt above grew) is taken as laid out, and the newest line kept in
        # view in the frame being painted (`frames.PacedScreen` paints what this scroll touches):
        # scrolled once the Resize came, it cost a frame more after a third of all answers.
        changed = super()._size_updated(size, virtual_size, container_size, layout=False)
        if changed and self._following:
            self.scroll_to(y=self.max_scroll_y, animate=False, immediate=True)
        return changed

    def on_resize(self, event: Resize) -> None:
        if self._following:
            self.scroll_end(animate=False, immediate=True, x_axis=False)
