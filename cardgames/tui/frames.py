"""Frame pacing: a screen repaints as soon as what it has to show is complete, a few frames back to
back, then at most `FPS` a second; a screen under an opaque one (the game under the hot-seat
curtain) is laid out and rendered there without repainting the one on top; and `Panel`, a Static
that a new size does not lay out twice (scroll bars likewise: `quiet_scroll_bars`; a row of panels:
`Row`; and `Options`, an OptionList that a new height does not repaint twice)."""

from __future__ import annotations

import asyncio
from time import monotonic
from typing import Any, TypeVar

from textual import events
from textual.constants import MAX_FPS
from textual.containers import Horizontal
from textual.geometry import Size
from textual.message import Message
from textual.message_pump import MessagePump
from textual.screen import Screen
from textual.scrollbar import ScrollBar
from textual.timer import EventTargetGone, Timer
from textual.widget import Widget
from textual.widgets import OptionList, Static

FPS = MAX_FPS
"""Frames a second, kept up (Textual's: 60, or the TEXTUAL_FPS environment variable)."""
BURST = 4
"""Frames that may follow each other at once after a pause (an answer takes two to four)."""

ResultType = TypeVar("ResultType")


def busy(node: MessagePump) -> bool:
    """The node has messages waiting or one being handled, or callbacks to run."""
    queue: asyncio.Queue[object] = node._message_queue
    return bool(getattr(queue, "_unfinished_tasks", queue.qsize()) or node._next_callbacks)


def widgets_busy(screen: Screen[Any]) -> bool:
    """The screen or one of its widgets has a message or callback waiting."""
    return busy(screen) or any(busy(w) for w in screen.walk_children())


def settling(screen: Screen[object]) -> bool:
    """Work that changes what the screen shows is still under way: the app, the screen or one of
    its widgets has a message or callback waiting (e.g. a widget updated by an answer has yet to
    tell the screen that it needs laying out)."""
    return busy(screen.app) or widgets_busy(screen)


class FramePacer(Timer):
    """The screen's update timer: it ticks once something waits to be painted, at once while
    frames are in hand (up to `BURST`, one more each `1 / FPS` seconds), else when the next is.

    Before it paints, it lets the work under way finish (`settling`, for at most one period): an
    answer updates a dozen widgets, each of which tells the screen what it needs in a message of
    its own, and a frame painted between those messages showed the new text at the old layout and
    was painted again at once, whole, when the layout came (a hand-over cost a full frame more).

    Textual's own update timer ticks on a fixed grid of 60 a second, and when a tick runs late (an
    answer's first frame, which lays out and paints most of the screen, often takes longer than a
    sixtieth) it skips the next slot and the one after: the frames that follow (a scroll bar that
    appears, a second layout) waited 33–50 ms, and most keys waited for them.
    """

    async def _run(self) -> None:
        period = self._interval
        frames, since = float(BURST), monotonic()
        count = 0
        active: asyncio.Event = self._active  # (typed: Textual's cached_property hides it from mypy)
        while True:
            await active.wait()  # until the screen has something to paint
            screen = self._target()
            settled_by = monotonic() + period
            while isinstance(screen, Screen) and settling(screen) and monotonic() < settled_by:
                await asyncio.sleep(0)  # (one turn of the loop: the messages under way are handled)
            now = monotonic()
            frames, since = min(float(BURST), frames + (now - since) / period), now
            if frames < 1:
                await asyncio.sleep((1 - frames) * period)
                await active.wait()
                now = monotonic()
                frames, since = min(float(BURST), frames + (now - since) / period), now
            frames -= 1
            count += 1
            try:
                await self._tick(next_timer=now, count=count)
            except EventTargetGone:
                break


class PacedScreen(Screen[ResultType]):
    """A screen painted through a `FramePacer` (every screen of the app derives from this)."""

    def _covered(self) -> bool:
        """Another screen is on top of this one, and nothing of this one shows through it."""
        top = self.app.screen
        return top is not self and top.styles.background.a == 1

    def _compositor_refresh(self) -> None:
        if self._covered() and not self.app.is_inline:
            # Textual paints the screen on top again over what changed underneath (a screen may
            # show through a translucent one): under an opaque one, nothing changes on screen
            self._compositor._dirty_regions.clear()
            self._dirty_widgets.clear()
            return
        # A widget changed by the layout just done (a scroll bar as a panel grew, the log kept at
        # its end) asks to be painted in a message of its own, a frame later (after most answers):
        # paint it in this one.
        late = {w for w in self._compositor.visible_widgets if w._repaint_required and not w._layout_required}
        if late:
            for widget in late:
                widget._repaint_required = False
            self._compositor.update_widgets(late)
        super()._compositor_refresh()

    async def render_covered(self, within: float = 0.5) -> None:
        """Render this screen's lines while an opaque screen covers it, once its widgets have
        taken in what changed (for at most `within` seconds), so that uncovering it costs a
        repaint from the widgets' line caches, not a render of every line. (Textual lays out the
        screen below the top one as it changes, but renders only the one on top.)"""
        settled_by = monotonic() + within
        while (self._layout_required or widgets_busy(self)) and monotonic() < settled_by:
            await asyncio.sleep(0.005)  # (no hurry: the terminal is changing hands)
        if self._covered() and self.is_attached:
            self._compositor.render_update(full=True)

    _pacer: FramePacer | None = None

    @property
    def _update_timer(self) -> Timer:
        if self._pacer is None:
            self._pacer = FramePacer(self, 1 / FPS, callback=self._on_timer_update, name="screen_update", pause=True)
            self._pacer._start()
            self._timers.add(self._pacer)
        return self._pacer


class Panel(Static):
    """A Static whose new size is taken as it is laid out, without a second layout pass.

    Textual lays out again whenever a widget's size changes (its scrollable size is a reactive
    that asks for layout), though a Static's height was already measured from its new width in
    the pass that changed it: a redraw that changed a panel's height cost a second layout and a
    second frame."""

    class Resized(Message):
        """A panel was laid out at a new content width: what it shows was drawn for another (a
        board's tiles wrap to the width). Bubbles up to whatever draws the panel."""

        def __init__(self, panel: Panel) -> None:
            super().__init__()
            self.panel = panel

    _drawn_width = 0
    drawn_for = 0
    """The content width its content was drawn for (a board's sheet: tiles fill it); 0: any."""

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        # Textual measures a `1fr` panel's height at its width rounded down, then may give it a
        # column more (the row's remainder): content drawn to fill that column wrapped in the
        # measure, and the panel stood taller than its content (blank rows under a third region).
        if width + 1 == self.drawn_for:
            width = self.drawn_for
        return super().get_content_height(container, viewport, width)

    def _size_updated(self, size: Size, virtual_size: Size, container_size: Size, layout: bool = True) -> bool:
        return super()._size_updated(size, virtual_size, container_size, layout=False)

    def on_resize(self, event: events.Resize) -> None:
        width = self.content_size.width
        if width and width != self._drawn_width:
            self._drawn_width = width
            self.post_message(self.Resized(self))


class Row(Horizontal):
    """A Horizontal (panels side by side, as tall as the tallest) whose new size is taken as it is
    laid out, as a `Panel`'s: its height was measured from its panels in the pass that changed it,
    and Textual laid the screen out a second time, a frame later, whenever a panel of the row grew."""

    def _size_updated(self, size: Size, virtual_size: Size, container_size: Size, layout: bool = True) -> bool:
        return super()._size_updated(size, virtual_size, container_size, layout=False)


def _bar_size_updated(self: ScrollBar, size: Size, virtual_size: Size, container_size: Size,
                      layout: bool = True) -> bool:
    return Widget._size_updated(self, size, virtual_size, container_size, layout=False)


def quiet_scroll_bars() -> None:
    """Scroll bars take a new size as they are laid out, without asking for a second layout.

    A bar's own scrollable size means nothing (it draws its parent's window and position), but
    Textual's widgets ask for layout when it changes: the log's bar, resized as the prompt above
    grew, laid the log out again in a second frame after about a third of all answers. (Textual
    makes the bars itself, so the method is set on its class; once, as the app starts.)"""
    setattr(ScrollBar, "_size_updated", _bar_size_updated)  # noqa: B010 - Textual's class, on purpose


class Options(OptionList):
    """An OptionList that keeps its rendered lines when only its height changes.

    Textual's drops them at every resize and paints again; the game's options get a new height
    whenever the prompt above them does (most answers), which cost a second frame. The lines
    depend on the width only."""

    _cached_width = 0

    def on_resize(self, event: events.Resize) -> None:
        width = self.scrollable_content_region.width
        if width == self._cached_width:
            event.prevent_default()  # (Textual's own handler, which drops the lines, is not called)
        self._cached_width = width
