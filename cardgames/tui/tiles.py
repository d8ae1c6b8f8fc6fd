"""Cards on the table drawn as small framed tiles (one renderer for every game's board).

A board fills a `TileFace` per card from its view (plain data, no game imports here) and lays
the faces out with `tile_row`, which wraps them to the width it is given:

    ╭Militia Recruit──0╮ ┏▸Infantry━━━━━━━4┓ ╔Lance of Dominion═╗
    │4/3 · augment 1   │ ┃3/5 dmg 2        ┃ ║attack 2         ║
    │exhausted         │ ┃                 ┃ ║⇄ Styrka Mandatum║
    ╰basic unit────────╯ ┗basic unit━━━━━━━┛ ╚weapon═══════════╝

A round border in the card's colour key; a heavy one and a reversed ▸title when the pending
decision concerns the card (clicking picks it; any other tile inspects its card); a double one in
the accent colour where the board's cursor is. Tiles are Textual `Content` built from spans, not
markup and not one widget per card, so redrawing a board costs a few milliseconds.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from rich.cells import cell_len
from textual.content import Content, Span

PALETTE: dict[str, str] = {
    "fire": "$text-error", "water": "$text-primary", "earth": "$text-warning", "wood": "$text-success",
    "metal": "$text-muted", "basic": "$text-primary", "elite": "$text-warning", "action": "$text-success",
    "gear": "$text-error", "hero": "$text", "special": "$text-muted",
    "axiom": "$text-warning", "bravos": "$text-error", "lyra": "$text-accent", "muna": "$text-success",
    "ordis": "$text-primary", "yzmir": "$text-secondary",
    "attack": "$text-error", "defense": "$text-primary", "unique": "$text-success", "bulwark": "$text-warning",
    "role": "$text", "event": "$text-accent",
    "gaian": "$text-success", "dark-legion": "$text-muted", "red-banner": "$text-error",
    "house-of-nobles": "$text-primary", "empire": "$text-warning",
}
"""Border colour per colour key (Algomancy elements, Allegiance decks and kinds): the theme's text
colours, legible on dark and light themes. The colour never says anything alone: the tile's bottom
edge names the kind."""

ROUND, HEAVY, DOUBLE, DASHED = "╭─╮│╰╯", "┏━┓┃┗┛", "╔═╗║╚╝", "┌╌┐╎└┘"
PLAIN_BORDER = "$text-muted"
FOCUS_BORDER = "bold $text-accent"
MARKED_TITLE = "reverse bold"
FOCUS_LINK = "reverse bold underline $text-accent"
MIN_WIDTH, MAX_WIDTH, MAX_BODY = 18, 22, 4
"""Tile widths (cells) a row chooses between, and the most lines inside a tile (usually 1 to 3)."""


def click_action(ref: int | None, marked: bool) -> str:
    """What clicking a card does: pick it when the decision concerns it, else inspect it."""
    if ref is None:
        return ""
    return f"screen.pick('{ref}')" if marked else f"screen.inspect('{ref}')"


@dataclass(frozen=True)
class Attached:
    """A card tucked under another (an attachment, a mod): one clickable line in its host's tile."""

    ref: int
    name: str
    marked: bool = False


@dataclass(frozen=True)
class TileFace:
    """What a tile shows of one card; `hidden` shows only the back (`name` is the back's label)."""

    ref: int | None
    name: str
    cost: int | str | None = None
    stats: str = ""
    """The numbers that matter, e.g. "3/5" (attack/health, power/defense): bold."""
    damage: int = 0
    """Shown beside the stats in red, as "dmg 2"."""
    statuses: tuple[str, ...] = ()
    counters: tuple[tuple[str, int], ...] = ()
    notes: tuple[str, ...] = ()
    """Lines of plain text (a gear card's other side, a chain entry's targets), wrapped to fit."""
    kind: str = ""
    """The bottom edge: what the card is ("basic unit", "weapon", "resource")."""
    colour: str = ""
    """A key of PALETTE, or a style."""
    marked: bool = False
    hidden: bool = False
    attached: tuple[Attached, ...] = ()
    key: str = ""
    """The cursor's name for this tile (default: the ref), unique on the board."""
    action: str = ""
    """A click action other than pick/inspect (e.g. an empty slot's option)."""
    slot: bool = False
    """An empty place to put a card: a dashed frame around `name`, clicked to answer `action`."""

    @property
    def stop(self) -> str:
        return self.key or str(self.ref)

    @property
    def click(self) -> str:
        return self.action or click_action(self.ref, self.marked)


@dataclass(frozen=True)
class Link:
    """A card named in a line of text (a hand, a pack) that the board's cursor also stops on."""

    ref: int
    label: str
    marked: bool = False
    key: str = ""
    action: str = ""
    """A click (and Enter) action other than pick/inspect the card (e.g. inspect one hero ability)."""

    @property
    def stop(self) -> str:
        return self.key or str(self.ref)

    @property
    def click(self) -> str:
        return self.action or click_action(self.ref, self.marked)


@dataclass(frozen=True)
class Spot:
    """Where a cursor stop (a tile, an attached card, a link) is drawn in its panel's content."""

    key: str
    ref: int | None
    action: str
    marked: bool
    line: int
    col: int
    width: int
    height: int


def fit(text: str, width: int) -> str:
    """`text` cut to `width` cells with … when longer."""
    if cell_len(text) <= width:
        return text
    out = ""
    for ch in text:
        if cell_len(out + ch) > width - 1:
            break
        out += ch
    return out + "…" if width > 0 else ""


def wrap(text: str, width: int) -> list[str]:
    """`text` broken into lines of at most `width` cells at spaces (a word too long is cut)."""
    lines: list[str] = []
    for word in text.split(" "):
        if lines and cell_len(lines[-1]) + 1 + cell_len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(fit(word, width))
    return lines or [""]


class Ink:
    """One line being drawn: text pieces with styles and click actions, its width in cells known."""

    __slots__ = ("_spans", "_text", "cells", "chars")

    def __init__(self) -> None:
        self._text: list[str] = []
        self._spans: list[Span] = []
        self.chars = 0
        self.cells = 0

    def put(self, text: str, style: str = "", action: str = "") -> Ink:
        if text:
            end = self.chars + len(text)
            if style:
                self._spans.append(Span(self.chars, end, style))
            if action:
                self._spans.append(Span(self.chars, end, f"@click={action}"))
            self._text.append(text)
            self.chars, self.cells = end, self.cells + cell_len(text)
        return self

    def pad(self, cells: int) -> Ink:
        return self.put(" " * max(0, cells))

    def add(self, other: Ink | Content) -> Ink:
        """Append another line (or parsed markup) with its styles."""
        text = other.plain if isinstance(other, Content) else "".join(other._text)
        spans = other.spans if isinstance(other, Content) else other._spans
        self._spans += [Span(s.start + self.chars, s.end + self.chars, s.style) for s in spans]
        self._text.append(text)
        self.chars += len(text)
        self.cells += other.cell_length if isinstance(other, Content) else other.cells
        return self

    def content(self) -> Content:
        return Content("".join(self._text), list(self._spans), cell_length=self.cells)


Row = tuple[list[tuple[str, str]], str, str]
"""A line inside a tile: its (text, style) pieces, its click action ("" = the tile's), its cursor key."""


def _items_rows(face: TileFace, inner: int) -> list[Row]:
    """Stats and damage, then statuses and counters, packed greedily into lines."""
    rows: list[Row] = []
    line: list[tuple[str, str]] = []
    used = 0
    if face.stats:
        line.append((face.stats, "bold"))
        used = cell_len(face.stats)
    if face.damage:
        text = f"dmg {face.damage}"
        line += [(" ", ""), (text, "bold $text-error")] if line else [(text, "bold $text-error")]
        used += cell_len(text) + (1 if used else 0)
    words = [(s, "italic") for s in face.statuses] + [(f"{k} {n}", "") for k, n in face.counters]
    for text, style in words:
        text = fit(text, inner)
        need = cell_len(text) + (3 if line else 0)
        if line and used + need > inner:
            rows.append((line, "", ""))
            line, used, need = [], 0, cell_len(text)
        line += [(" · ", "dim"), (text, style)] if line else [(text, style)]
        used += need
    if line:
        rows.append((line, "", ""))
    return rows


def _body(face: TileFace, inner: int) -> list[Row]:
    if face.hidden:
        return [([("░" * inner, "dim")], "", "")]
    if face.slot:
        label = fit(face.name, inner)
        left = (inner - cell_len(label)) // 2
        return [([(" " * left, ""), (label, "reverse bold")], "", "")]
    rows = _items_rows(face, inner)
    for att in face.attached:
        label = fit(("▸" if att.marked else "+") + att.name, inner)
        rows.append(([(label, MARKED_TITLE if att.marked else "italic")],
                     click_action(att.ref, att.marked), str(att.ref)))
    rows += [([(line, "dim")], "", "") for note in face.notes for line in wrap(note, inner)]
    if len(rows) > MAX_BODY:
        rows = [*rows[: MAX_BODY - 1], ([(fit(f"… {len(rows) - MAX_BODY + 1} more", inner), "dim")], "", "")]
    return rows or [([], "", "")]


def tile_height(face: TileFace, width: int) -> int:
    """Lines the tile needs at this width (3 to 5)."""
    return 2 + len(_body(face, width - 2))


def tile_lines(face: TileFace, width: int, height: int = 0, focus: str | None = None) -> tuple[list[Ink], list[Spot]]:
    """The tile's lines (each exactly `width` cells) and its cursor stops, relative to its corner."""
    inner = width - 2
    body = _body(face, inner)
    height = max(height, 2 + len(body))
    focused = focus is not None and focus == face.stop
    chars = DOUBLE if focused else HEAVY if face.marked else DASHED if face.slot else ROUND
    border = FOCUS_BORDER if focused else PALETTE.get(face.colour, face.colour or PLAIN_BORDER)
    act = face.click
    # the top edge: the name (▸ and reversed when marked), the cost at the right
    name = ("▸" if face.marked else "") + face.name
    cost = "" if face.cost is None or face.hidden or face.slot else str(face.cost)
    if cell_len(name) + len(cost) + 1 > inner:
        cost = ""  # the name first: the cost is on the inspect screen
    title = "" if face.slot else fit(name, inner)
    title_style = MARKED_TITLE if face.marked else "italic dim" if face.hidden else "bold"
    top = Ink().put(chars[0], border, act).put(title, title_style, act)
    top.put(chars[1] * (inner - cell_len(title) - len(cost)), border, act)
    top.put(cost, border, act).put(chars[2], border, act)
    lines = [top]
    spots = [Spot(face.stop, face.ref, act, face.marked or face.slot, 0, 0, width, height)]
    for i in range(height - 2):
        pieces, action, key = body[i] if i < len(body) else ([], "", "")
        ink = Ink().put(chars[3], border, act)
        if key and key == focus:
            pieces = [(text, FOCUS_LINK) for text, _ in pieces]
        for text, style in pieces:
            ink.put(text, style, action or act)
        ink.pad(inner - (ink.cells - 1)).put(chars[3], border, act)
        lines.append(ink)
        if key:
            spots.append(Spot(key, int(key), action, "pick" in action, 1 + i, 1, inner, 1))
    kind = fit(face.kind, inner)
    bottom = Ink().put(chars[4], border, act).put(kind, f"italic {border}", act)
    lines.append(bottom.put(chars[1] * (inner - cell_len(kind)), border, act).put(chars[5], border, act))
    return lines, spots


def tile_width(count: int, width: int, gap: int = 1) -> int:
    """The width of each tile when `count` tiles share `width` cells (as many per row as fit)."""
    if width < MIN_WIDTH:
        return max(8, width)
    per = max(1, min(count, (width + gap) // (MIN_WIDTH + gap)))
    return min(MAX_WIDTH, (width + gap) // per - gap)


def tile_row(faces: Sequence[TileFace], width: int, focus: str | None = None, indent: int = 0,
             gap: int = 1) -> tuple[list[Ink], list[Spot]]:
    """Tiles side by side, wrapped to more rows to fit `width` (indent included); the lines and
    the cursor stops in reading order."""
    w = tile_width(len(faces), width - indent, gap)
    per = max(1, (width - indent + gap) // (w + gap))
    lines: list[Ink] = []
    spots: list[Spot] = []
    for start in range(0, len(faces), per):
        chunk = faces[start:start + per]
        height = max(tile_height(f, w) for f in chunk)
        drawn = [tile_lines(f, w, height, focus) for f in chunk]
        top = len(lines)
        for y in range(height):
            ink = Ink().pad(indent)
            for i, (tile, _) in enumerate(drawn):
                ink.pad(gap if i else 0).add(tile[y])
            lines.append(ink)
        for i, (_, tile_spots) in enumerate(drawn):
            x = indent + i * (w + gap)
            spots += [replace(s, line=s.line + top, col=s.col + x) for s in tile_spots]
    return lines, spots


def link_ink(link: Link, focus: str | None = None, ink: Ink | None = None) -> Ink:
    """A card's name in running text: ▸ and reversed when marked, in the accent where the cursor is."""
    ink = ink or Ink()
    style = FOCUS_LINK if link.stop == focus else MARKED_TITLE if link.marked else ""
    return ink.put(("▸" if link.marked else "") + link.label, style, link.click)
