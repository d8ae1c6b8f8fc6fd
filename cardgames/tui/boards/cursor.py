"""The board's cursor: where its stops are in the board's scrollable space, and which is next."""

from __future__ import annotations

from collections.abc import Sequence

from textual.geometry import Region
from textual.widget import Widget

from cardgames.tui.tiles import Spot

Stop = tuple[Widget, Spot]
"""A cursor stop: the panel it is drawn in, and where in that panel's content."""


def virtual_region(board: Widget, panel: Widget, spot: Spot) -> Region:
    """Where `spot` (in `panel`'s content) lies in `board`'s scrollable space (as `scroll_to_region`
    takes it), however deep the panel is nested (the conversion `Widget.scroll_to_widget` does)."""
    gutter = panel.styles.gutter
    at = panel.virtual_region
    region = Region(at.x + gutter.left + spot.col, at.y + gutter.top + spot.line, spot.width, spot.height)
    node = panel.parent
    while isinstance(node, Widget) and node is not board:
        region = (region.translate(-node.scroll_offset)
                  .translate(node.styles.margin.top_left)
                  .translate(node.styles.border.spacing.top_left)
                  .translate(node.virtual_region_with_margin.offset))
        node = node.parent
    return region


def index_of(stops: Sequence[Stop], key: str | None) -> int | None:
    return next((i for i, (_, s) in enumerate(stops) if s.key == key), None)


def first_stop(stops: Sequence[Stop]) -> int:
    """Where the cursor starts: the first card the decision concerns, else the first card."""
    return next((i for i, (_, s) in enumerate(stops) if s.marked), 0)


def nearest_in_line(regions: Sequence[Region], here: Region, step: int) -> int | None:
    """The stop in the nearest line of stops below (step 1) or above (step -1) `here`, nearest
    in x: the arrow keys move the cursor across rows of tiles and side-by-side panels."""
    if step > 0:
        ahead = [i for i, r in enumerate(regions) if r.y >= here.bottom]
    else:
        ahead = [i for i, r in enumerate(regions) if r.bottom <= here.y]
    if not ahead:
        return None
    line = min(abs(regions[i].y - here.y) for i in ahead)
    middle = here.x + here.width // 2
    row = [i for i in ahead if abs(regions[i].y - here.y) == line]
    return min(row, key=lambda i: abs(regions[i].x + regions[i].width // 2 - middle))
