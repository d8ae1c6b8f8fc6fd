"""The content of one board panel: lines of markup, rows of tiles, and where each cursor stop is."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from functools import lru_cache

from textual.content import Content

from cardgames.tui.tiles import Ink, Link, Spot, TileFace, link_ink, tile_row


@lru_cache(maxsize=4096)
def parse(markup: str) -> Content:
    """Content markup parsed once (a board redraw mostly repeats the lines it drew before)."""
    return Content.from_markup(markup)


class Sheet:
    """Builds one panel's content top to bottom and records its cursor stops (`spots`), each at
    the line and column it is drawn at (a text line longer than the panel counts as wrapped)."""

    def __init__(self, width: int, focus: str | None = None) -> None:
        self.width = max(1, width)
        self.focus = focus
        self.spots: list[Spot] = []
        self._lines: list[Content] = []
        self.height = 0

    def _append(self, line: Content) -> None:
        self._lines.append(line)
        self.height += max(1, -(-line.cell_length // self.width))

    def text(self, markup: str) -> None:
        """Lines of content markup (no cursor stops)."""
        for line in markup.split("\n"):
            self._append(parse(line))

    def tiles(self, faces: Sequence[TileFace], indent: int = 0) -> None:
        """A row of tiles, wrapped to the panel's width."""
        if not faces:
            return
        lines, spots = tile_row(faces, self.width, self.focus, indent)
        self.block(lines, spots)

    def block(self, lines: Sequence[Ink], spots: Sequence[Spot]) -> None:
        """Lines drawn elsewhere (e.g. a grid of tiles) with their stops, relative to the first line."""
        top = self.height
        self.spots += [replace(s, line=s.line + top) for s in spots]
        for ink in lines:
            self._append(ink.content())

    def line(self, *parts: str | Link) -> None:
        """One line of markup and card names the cursor stops on."""
        ink = Ink()
        for part in parts:
            if isinstance(part, Link):
                self._spot(part, ink.cells)
                link_ink(part, self.focus, ink)
            else:
                ink.add(parse(part))
        self._append(ink.content())

    def flow(self, head: str, items: Sequence[tuple[Link, str]], sep: str = ", ", indent: int = 2) -> None:
        """`head` then card names (each with a markup suffix) wrapped at the panel's width."""
        ink = Ink().add(parse(head))
        for i, (link, suffix) in enumerate(items):
            tail = parse(suffix)
            size = len(link.label) + (1 if link.marked else 0) + tail.cell_length
            if i:
                ink.put(sep.rstrip() if ink.cells + len(sep) + size > self.width else sep)
            if ink.cells + size > self.width and ink.cells > indent:
                self._append(ink.content())
                ink = Ink().pad(indent)
            self._spot(link, ink.cells)
            link_ink(link, self.focus, ink).add(tail)
        self._append(ink.content())

    def _spot(self, link: Link, col: int) -> None:
        line = self.height + col // self.width
        self.spots.append(Spot(link.stop, link.ref, link.click, link.marked,
                               line, col % self.width, len(link.label) + (1 if link.marked else 0), 1))

    def content(self) -> Content:
        return Content("\n").join(self._lines)
