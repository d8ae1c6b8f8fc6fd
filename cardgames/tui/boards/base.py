"""What every game's board gives the table screen: render a view, blank it, inspect, explain.

A board is the left part of the game screen. It renders only a `GameView` (what the seated player
may see), the pending decision when it is theirs (to mark the cards it concerns) and printed card
data. Cards on the table are tiles (`cardgames.tui.tiles`); marked ones (▸name) pick the option
that refers to that card when clicked, others inspect their card.

The board has a cursor over its tiles and the cards named in its lists (its stops), in reading
order: Tab / Shift+Tab (past the last stop: on to the options) and the arrow keys move it while
the board has the focus, Enter picks the card under it (or inspects it when the decision is not
about it), i inspects it. While the options have the focus, the card of the highlighted option
wears the cursor's ring instead.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from fractions import Fraction
from math import floor
from typing import TYPE_CHECKING, ClassVar

from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.content import Content
from textual.geometry import Offset, Size
from textual.markup import escape
from textual.widget import Widget
from textual.widgets import OptionList, Static

from cardgames.tui.boards.cursor import Stop, first_stop, index_of, nearest_in_line, virtual_region
from cardgames.tui.frames import Panel
from cardgames.tui.sheet import Sheet
from cardgames.tui.tiles import Spot, TileFace

if TYPE_CHECKING:
    from textual.app import ComposeResult

    from cardgames.engine.decisions import Decision
    from cardgames.engine.view import CardView, ChainEntryView, GameView, PlayerView, ZoneView
    from cardgames.tui.session import Session

Arrangement = tuple[str, frozenset[str], tuple[tuple[str, frozenset[str], bool], ...]]
"""A panel, the classes of what holds it, and each panel beside it: id, classes, shown (`Board._arrangement`)."""


def marked_refs(decision: Decision | None, viewer: int | None) -> set[int]:
    """The cards (and players, as negative refs) the viewer's own pending decision is about; at
    the public table (viewer None) those of the options the deciding seat may answer there."""
    if decision is None or (viewer is not None and decision.seat_index != viewer):
        return set()
    return {o.ref for o in decision.options if o.ref is not None}


def zones_marked(view: GameView, decision: Decision | None, zones: Sequence[str],
                 also: Collection[int] = ()) -> tuple[tuple[ZoneView | None, ...], frozenset[int]]:
    """A seat's zones as the view shows them, and which of their cards (and of `also`) the decision
    marks: the part of `Board.put_drawn`'s inputs every seat panel shares."""
    shown = tuple(view.zones.get(z) for z in zones)
    cards = {c.id for z in shown if z is not None for c in z.cards} | set(also)
    return shown, frozenset(marked_refs(decision, view.viewer) & cards)


def fr_row_width(panel: Widget) -> int | None:
    """The content width `panel` will have in a row of panels that share its width by `fr` (e.g. the
    regions, the battle's `3fr`), worked out as Textual lays the row out: each shown panel gets its
    share of the row's width, the columns falling where the running total's floor does. None where
    the row is not such a row (or not laid out yet): the panel is then drawn for another guess."""
    row = panel.parent
    layout = row.styles.layout if isinstance(row, Widget) else None
    if not isinstance(row, Widget) or layout is None or layout.name != "horizontal" or not row.size.width:
        return None
    shown = [w for w in row.children if w.display]
    widths = [w.styles.width for w in shown]
    if panel not in shown or any(s is None or not s.is_fraction for s in widths) or any(
            w.styles.margin.width or w.styles.min_width or w.styles.max_width for w in shown):
        return None
    shares = [Fraction.from_float(s.value) for s in widths if s is not None]
    unit = Fraction(row.content_size.width) / sum(shares)
    x = Fraction(0)
    for w, share in zip(shown, shares, strict=True):
        end = x + share * unit
        if w is panel:
            return floor(end - floor(x)) - panel.styles.gutter.width
        x = end
    return None


def card_link(card_id: int, label: str, refs: set[int]) -> str:
    """A card's name: marked ▸ and picking when the decision concerns it, else it inspects."""
    text = escape(label)
    if card_id in refs:
        return f"[@click=screen.pick('{card_id}')][reverse b]▸{text}[/][/]"
    return f"[@click=screen.inspect('{card_id}')]{text}[/]"


def option_link(key: str, label: str) -> str:
    """Clickable text that answers the pending decision with this option key (e.g. a grid slot)."""
    return f"[@click=screen.choose_key('{escape(key)}')][reverse b]{escape(label)}[/][/]"


def entry_face(entry: ChainEntryView, who: str, depth: int, source: CardView | None, targets: list[str],
               ref: int | None, colour: str, marked: bool, key: str) -> TileFace:
    """A chain or stack entry as a tile: its card's name (or, for an ability, who used it), what
    it is and targets, who put it there; `depth` 0 resolves first."""
    if source is not None and not source.hidden and source.name:
        title = source.name
        notes = [] if entry.label.endswith(title) else [entry.label]
        notes.append(f"by {who}")
    else:  # an ability or effect with no card of its own: "Bob" over "unlocks Rally the Ranks"
        title = who
        notes = [entry.label.removeprefix(f"{who} ")]
    if targets:
        notes.insert(0, "→ " + ", ".join(targets))
    when = ("first", "2nd", "3rd")[depth] if depth < 3 else f"{depth + 1}th"
    return TileFace(ref, title, notes=tuple(notes), kind=("▲ " if depth == 0 else "") + f"resolves {when}",
                    colour=colour, marked=marked, key=key)


class Board(VerticalScroll):
    """The board of one game; subclasses compose their panels (Statics) and fill them in `draw`."""

    game: ClassVar[str] = ""
    """The ruleset name of the game this board draws (the key `cardgames.tui.boards` files it under)."""

    BINDINGS: ClassVar[list[Binding]] = [  # type: ignore[assignment]
        Binding("tab", "cursor(1, True)", "Next card", show=False),
        Binding("shift+tab", "cursor(-1, True)", "Previous card", show=False),
        Binding("right", "cursor(1)", "Next card", show=False),
        Binding("left", "cursor(-1)", "Previous card", show=False),
        Binding("down", "cursor_line(1)", "Card below", show=False),
        Binding("up", "cursor_line(-1)", "Card above", show=False),
        Binding("enter", "activate", "Pick card"),
        Binding("i", "inspect_cursor", "Inspect card"),
        Binding("j", "to_options(1)", "Next option", show=False),
        Binding("k", "to_options(-1)", "Previous option", show=False),
    ]

    def __init__(self, session: Session) -> None:
        super().__init__(id="board")
        self.session = session
        self._shown: dict[str, object] = {}
        self.cursor: str | None = None
        """The stop the cursor is on while the board has the focus (kept when it loses it)."""
        self._ring: str | None = None
        """The stop of the highlighted option's card (ringed while the options have the focus)."""
        self._spots: dict[str, list[Spot]] = {}
        self._drawn_from: dict[str, tuple[tuple[object, int, str | None], list[Spot]]] = {}
        """What each panel drawn by `put_drawn` was last drawn from, and its stops."""
        self._widths: dict[str, int] = {}
        """The width each panel was last drawn for."""
        self._laid_out: dict[Arrangement, int] = {}
        """The content width each panel had when last laid out, by `_arrangement`."""
        self._last: tuple[GameView, Decision | None] | None = None
        self._option_refs: dict[str, int] = {}
        self._watching = False
        self._drawn: str | None = None
        """The stop ringed in the panels as last drawn."""
        self.spotlight: set[int] = set()
        """Cards a lesson's coach points at: ringed while no option's card is."""

    @property
    def scroll_offset(self) -> Offset:
        """Textual's, never above the top: anchored (`show_own`), Textual scrolls to the content's end
        even when the content is shorter than the board, which left blank space above it."""
        return Offset(round(self.scroll_x), max(0, round(self.scroll_y)))

    # -- drawing ---------------------------------------------------------------------------

    def show(self, view: GameView, decision: Decision | None) -> None:
        """Render the table as `view.viewer` may see it (kept, to redraw when the cursor moves)."""
        self._last = (view, decision)
        self._option_refs = {o.key: o.ref for o in decision.options if o.ref is not None} if decision else {}
        self.redraw()
        if self.has_focus and not any(s.marked for _, s in self.stops()):
            self.screen.set_focus(None)  # nothing here to pick now: the keys go back to the options
        self._watch_options()
        self.call_after_refresh(self._settle)

    def draw(self, view: GameView, decision: Decision | None) -> None:
        """Fill the panels: `put` a `sheet` (tiles, lists) or `set` plain markup."""
        raise NotImplementedError

    def redraw(self) -> None:
        """Draw the last view again (the cursor moved, or a panel's width changed)."""
        if self._last is not None:
            self._spots = {}
            self._drawn = self.cursor if self.has_focus else self._ring
            self.draw(*self._last)

    def sheet(self, panel: Static) -> Sheet:
        """A sheet as wide as the panel's content, ringing the cursor's stop."""
        return Sheet(self.panel_width(panel), self._drawn)

    @staticmethod
    def _arrangement(panel: Static) -> Arrangement:
        """A panel and what decides its width: the classes of what holds it (e.g. regions side by
        side, or stacked), and which of the panels beside it show, in which order, with which
        classes (the region with the battle is wider than the others)."""
        parent = panel.parent
        if parent is None:
            return panel.id or "", frozenset(), ()
        row = tuple((w.id or "", frozenset(w.classes), w.display) for w in parent.children)
        return panel.id or "", frozenset(parent.classes), row

    def panel_width(self, panel: Static) -> int:
        """The panel's content width: the width it had when last laid out in the same arrangement
        (a class just set on its container lays it out anew only in the next frame; a hidden panel
        has none), else its share of a row (`fr_row_width`), else its width now, else a guess (each
        redrawn once laid out, a frame later)."""
        known = self._laid_out.get(self._arrangement(panel))
        if known:
            return known
        in_row = fr_row_width(panel)
        if in_row is not None:
            return in_row
        if panel.size.width:
            return panel.content_size.width
        return max(20, (self.size.width or 96) - 8)

    def put(self, panel: Static, sheet: Sheet) -> None:
        """Show a sheet in a panel, and keep its stops for the cursor."""
        self._spots[panel.id or ""] = sheet.spots
        self._widths[panel.id or ""] = sheet.width
        if isinstance(panel, Panel):
            panel.drawn_for = sheet.width
        self.set(panel, sheet.content())

    def put_drawn(self, panel: Static, inputs: object, draw: Callable[[Sheet], None]) -> None:
        """`draw` a sheet and `put` it in the panel, unless the panel shows one drawn from equal
        `inputs` (everything `draw` reads: a seat's part of the view, which of its cards the
        decision marks) at the same width, and the ring (the cursor's) neither left nor came to one
        of its stops: then it stays, with its stops. (Drawing tiles was most of an answer's
        handling; at four players most seats are unchanged by an answer.)"""
        key = (inputs, self.panel_width(panel), self._drawn)
        last = self._drawn_from.get(panel.id or "")
        if last is not None and last[0][:2] == key[:2]:
            ring, here = last[0][2], {spot.key for spot in last[1]}
            if ring == self._drawn or (ring not in here and self._drawn not in here):
                self._spots[panel.id or ""] = last[1]  # (the ring moved between other panels)
                return
        sheet = self.sheet(panel)
        draw(sheet)
        self.put(panel, sheet)
        self._drawn_from[panel.id or ""] = (key, sheet.spots)

    def set(self, widget: Static, content: str | Content) -> None:
        """Update a Static only when what it shows changes (each update costs a layout pass)."""
        seen = content if isinstance(content, str) else (content.plain, tuple(content.spans))
        if self._shown.get(widget.id or "") != seen:
            self._shown[widget.id or ""] = seen
            widget.update(content)

    def _settle(self) -> None:
        """Once laid out: redraw what was drawn for a guessed width or an old ring."""
        self._ring = self._option_stop()
        for panel in self.query(Static):
            if panel.size.width:
                self._laid_out[self._arrangement(panel)] = panel.content_size.width
        stale = any(panel.size.width and panel.content_size.width != self._widths.get(panel.id or "")
                    for panel in self.query(Static) if panel.id in self._widths)
        if stale or self._drawn != (self.cursor if self.has_focus else self._ring):
            self.redraw()  # (a panel whose text changes is laid out again; the others need not be)

    def _size_updated(self, size: Size, virtual_size: Size, container_size: Size, layout: bool = True) -> bool:
        # The board's height is the screen's: a new scrollable height (its panels grew) changes
        # only how far it scrolls, already set by this layout, not where anything sits (Textual
        # would lay the screen out again, a second layout and frame at most answers).
        return super()._size_updated(size, virtual_size, container_size, layout=False)

    def on_resize(self) -> None:
        self._laid_out.clear()  # the widths of hidden panels are not known any more
        self.call_after_refresh(self._settle)

    def on_panel_resized(self, message: Panel.Resized) -> None:
        """A panel laid out at a new width (its container rearranged, the side panel grew): redraw
        what was drawn for another width, once the layout is done."""
        message.stop()
        self.call_after_refresh(self._settle)

    def blank(self) -> None:
        """Clear everything private before the curtain goes up (the cursor too)."""
        if self.has_focus:
            self.screen.set_focus(None)
        self.cursor = self._ring = self._drawn = None
        self._last, self._spots, self._option_refs = None, {}, {}
        self._drawn_from.clear()
        for widget in self.query(Static):
            self.set(widget, "")

    # -- the cursor ------------------------------------------------------------------------

    def stops(self) -> list[Stop]:
        """Every cursor stop drawn now, in reading order (panel by panel, top to bottom)."""
        return [(panel, spot) for panel in self.query(Static) for spot in self._spots.get(panel.id or "", ())]

    def on_focus(self) -> None:
        stops = self.stops()
        if stops and index_of(stops, self.cursor) is None:
            ring = index_of(stops, self._ring)
            self.cursor = stops[first_stop(stops) if ring is None else ring][1].key
        self.redraw()
        self._scroll_to_cursor()

    def on_blur(self) -> None:
        self.redraw()

    def action_cursor(self, step: int, leave: bool = False) -> None:
        """Tab / Shift+Tab and the left and right arrows: the next or previous stop."""
        stops = self.stops()
        at = index_of(stops, self.cursor)
        to = (0 if step > 0 else len(stops) - 1) if at is None else at + step
        if not 0 <= to < len(stops):
            if leave:  # past the last stop (or before the first): on to the next widget
                self.screen.focus_next() if step > 0 else self.screen.focus_previous()
            return
        self._move(stops[to][1].key)

    def action_cursor_line(self, step: int) -> None:
        """Up and down: the stop in the nearest line below or above, nearest across."""
        stops = self.stops()
        at = index_of(stops, self.cursor)
        if at is None:
            self.action_cursor(step)
            return
        regions = [virtual_region(self, panel, spot) for panel, spot in stops]
        to = nearest_in_line(regions, regions[at], step)
        if to is not None:
            self._move(stops[to][1].key)
        else:
            self.scroll_relative(y=step, animate=False)

    def _move(self, key: str) -> None:
        self.cursor = key
        self.redraw()
        self._scroll_to_cursor()
        stops = self.stops()
        at = index_of(stops, key)
        ref = stops[at][1].ref if at is not None else None
        options = self._options()
        keys = [k for k, r in self._option_refs.items() if r == ref]
        if options is not None and keys:  # the options follow: the highlighted one is about this card
            index = next((i for i in range(options.option_count) if options.get_option_at_index(i).id in keys), None)
            if index is not None:
                options.highlighted = index

    def _scroll_to_cursor(self) -> None:
        self._scroll_to_stop(self.cursor)

    def _scroll_to_stop(self, key: str | None) -> bool:
        """Scroll the stop with this key into view; False if there is none."""
        stops = self.stops()
        at = index_of(stops, key)
        if at is None:
            return False
        panel, spot = stops[at]
        self.scroll_to_region(virtual_region(self, panel, spot), animate=False, immediate=True)
        return True

    def show_card(self, refs: Collection[int]) -> bool:
        """Bring the first of these cards on the board into view, letting the anchor go; False if
        none is on it."""
        return self._scroll_to_stop(next((s.key for _, s in self.stops() if s.ref in refs), None))

    def _current(self) -> Stop | None:
        stops = self.stops()
        at = index_of(stops, self.cursor)
        return stops[at] if at is not None else None

    async def action_activate(self) -> None:
        """Enter: pick the card under the cursor (or its slot); inspect it if the decision is not about it."""
        current = self._current()
        if current is not None and current[1].action:
            await self.run_action(current[1].action)

    async def action_inspect_cursor(self) -> None:
        """i: inspect the card under the cursor, whatever it is (a hidden one shows as hidden)."""
        current = self._current()
        if current is None:
            return
        if current[1].ref is None:
            self.notify("An empty place in the formation: Enter puts the card you picked there.")
            return
        if current[1].action.startswith("screen.inspect"):  # a stop with its own page (a hero ability)
            await self.run_action(current[1].action)
            return
        await self.run_action(f"screen.inspect('{current[1].ref}')")

    def action_to_options(self, step: int) -> None:
        """j / k on the board: back to the options, moving their highlight."""
        options = self._options()
        if options is not None:
            options.focus()
            if options.option_count:
                options.highlighted = max(0, min(options.option_count - 1, (options.highlighted or 0) + step))

    # -- following the options -------------------------------------------------------------

    def _options(self) -> OptionList | None:
        try:
            return self.screen.query_one("#options", OptionList)
        except Exception:
            return None

    def _watch_options(self) -> None:
        options = self._options()
        if options is not None and not self._watching:
            self._watching = True
            self.watch(options, "highlighted", self._option_moved, init=False)

    def _option_stop(self) -> str | None:
        """The stop of the card the highlighted option is about, if it is on the board; else
        the first card in the spotlight."""
        stop = self._highlighted_stop()
        if stop is None and self.spotlight:
            stop = next((s.key for _, s in self.stops() if s.ref in self.spotlight), None)
        return stop

    def _highlighted_stop(self) -> str | None:
        options = self._options()
        if options is None or options.highlighted is None or options.highlighted >= options.option_count:
            return None
        ref = self._option_refs.get(options.get_option_at_index(options.highlighted).id or "")
        if ref is None:
            return None
        stops = [s for _, s in self.stops() if s.ref == ref]
        return next((s.key for s in stops if s.marked), stops[0].key if stops else None)

    def _option_moved(self) -> None:
        ring = self._option_stop()
        if ring != self._ring:
            self._ring = ring
            if not self.has_focus:
                self.redraw()

    # -- what a game adds ------------------------------------------------------------------

    def status(self, view: GameView) -> str:
        """One line: turn, whose turn, phase."""
        names = {p.seat: p.name for p in view.players}
        return f"Turn {view.turn} — {names[view.active]}'s turn — {view.phase}"

    def details(self, view: GameView, ref: int) -> str:
        """Markdown for the inspect screen: everything printed on the card and its state."""
        raise NotImplementedError

    def details_of(self, view: GameView, key: str) -> str:
        """Markdown for what a cursor stop names that is not a card (a card's id: `details`)."""
        return self.details(view, int(key))

    def confirm(self, decision: Decision, key: str) -> str | None:
        """A question to ask before this answer (e.g. ending a phase with gold left), or None."""
        return None

    @staticmethod
    def standing(player: PlayerView) -> str:
        """How a player ended the game, from the public view, for the game-over summary (e.g. "life 12")."""
        return ""

    @classmethod
    def fate(cls, view: GameView, player: PlayerView) -> str:
        """A player's line in the game-over summary, from the public view: "defeated", or how they
        stand (`standing`); a game whose end says more (a bracket's rounds) says it here."""
        return "defeated" if player.eliminated else cls.standing(player)

    def show_own(self) -> None:
        """Bring the seated player's own area (at the bottom) into view: anchored, the board is
        scrolled to its end by the layout that places the new panels (no frame of its own, as a
        scroll after that layout would take), and kept there as it grows, until the player
        scrolls (the mouse wheel lets the anchor go, and so does the cursor's scroll to a card)."""
        self.anchor()


class SeatsBoard(Board):
    """A board of one panel per seat (`#seat-N`) and a `#table` panel between them: the other seats at
    the top in turn order from the seated player, the table, the seated player at the bottom."""

    def __init__(self, session: Session) -> None:
        super().__init__(session)
        self.seats = [p.seat for p in session.view().players]
        self._ordered_for: int | None = -1

    def compose(self) -> ComposeResult:
        for seat in self.seats:
            yield Panel(id=f"seat-{seat}", classes="seat")
        yield Panel(id="table", classes="table")

    def order_seats(self, view: GameView) -> int:
        """Put the panels in order for the view's seat (once per change of seat); that seat."""
        me = view.viewer or 0
        if self._ordered_for != me:
            n = len(self.seats)
            order = [f"#seat-{(me + i) % n}" for i in range(1, n)] + ["#table", f"#seat-{me}"]
            for i, sel in enumerate(order[1:], start=1):
                self.move_child(self.query_one(sel), after=self.query_one(order[i - 1]))
            self._ordered_for = me
        return me
