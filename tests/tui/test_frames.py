"""Frame pacing and panels: what an answer costs in frames (`cardgames.tui.frames`)."""

from __future__ import annotations

import asyncio
import importlib
import inspect
import itertools
import pkgutil
import time

from kit.app import LayoutCount
from textual.app import App, ComposeResult
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widgets import Static

import cardgames.tui.screens as screens_package
from cardgames.tui.boards.base import Board, fr_row_width
from cardgames.tui.footer import KeyFooter
from cardgames.tui.frames import BURST, FramePacer, PacedScreen, Panel, Row


class Two(App[None]):
    def compose(self) -> ComposeResult:
        yield Panel("one line", id="panel")
        yield Static("one line", id="static")


class OnBoard(App[None]):
    CSS = "#board { height: 3; }"  # (it scrolls already: a longer panel brings no scroll bar)

    def compose(self) -> ComposeResult:
        yield PanelBoard(None)  # type: ignore[arg-type]  # (the board's session is not used here)


class PanelBoard(Board):
    def compose(self) -> ComposeResult:
        yield Panel("1\n2\n3\n4", id="panel")


async def layouts_after_update(widget_id: str, app: App[None] | None = None) -> int:
    """Layout passes the screen makes after the widget's text grows to five lines."""
    app = app or Two()
    async with app.run_test() as pilot:
        await pilot.pause()
        passes = LayoutCount(app.screen)
        app.query_one(f"#{widget_id}", Static).update("1\n2\n3\n4\n5")
        for _ in range(10):
            await pilot.pause(0.02)
        assert app.query_one(f"#{widget_id}", Static).size.height == 5
        return passes.count


async def test_a_panel_that_grows_is_laid_out_once() -> None:
    assert await layouts_after_update("panel") == 1


async def test_a_board_whose_panel_grows_is_laid_out_once() -> None:
    # (it scrolls further; nothing moved that a second layout would place)
    assert await layouts_after_update("panel", OnBoard()) == 1


async def test_a_plain_static_that_grows_is_laid_out_twice() -> None:
    # what Panel saves: Textual lays a Static out again once its new size is known
    assert await layouts_after_update("static") == 2


class InRows(App[None]):
    CSS = "Horizontal, Row { height: auto; } Panel { width: 1fr; }"

    def compose(self) -> ComposeResult:
        with Row(id="row"):
            yield Panel("one line", id="in-row")
            yield Panel("one line")
        with Horizontal(id="plain-row"):
            yield Panel("one line", id="in-plain-row")
            yield Panel("one line")


async def test_a_row_whose_panel_grows_is_laid_out_once() -> None:
    # the row's new height was measured from its panels in the pass that changed it
    assert await layouts_after_update("in-row", InRows()) == 1


async def test_a_plain_horizontal_whose_panel_grows_is_laid_out_twice() -> None:
    # what Row saves: Textual lays the screen out again once the row's new size is known
    assert await layouts_after_update("in-plain-row", InRows()) == 2


async def test_the_pacer_paints_a_burst_at_once_then_at_most_fps() -> None:
    app = Two()
    async with app.run_test():
        period = 0.1  # (long enough that a loaded machine does not blur the burst into the cap)
        ticks: list[float] = []
        done = asyncio.Event()
        pacer: FramePacer

        def tick() -> None:  # as the screen does: pause, paint, and be resumed by more work
            ticks.append(time.perf_counter())
            pacer.pause()
            if len(ticks) < BURST + 2:
                pacer.resume()
            else:
                done.set()

        pacer = FramePacer(app.screen, period, callback=tick, pause=True)
        pacer._start()
        await asyncio.sleep(2 * period)  # a pause: the burst is in hand
        pacer.resume()
        await asyncio.wait_for(done.wait(), 5)
        pacer.stop()
    gaps = [b - a for a, b in itertools.pairwise(ticks)]
    assert all(g < period / 2 for g in gaps[:BURST - 1]), gaps  # the burst: back to back
    assert all(g >= period * 0.9 for g in gaps[BURST - 1:]), gaps  # then one a period


def test_every_screen_of_the_app_is_paced() -> None:
    unpaced = []
    for info in pkgutil.iter_modules(screens_package.__path__):
        module = importlib.import_module(f"{screens_package.__name__}.{info.name}")
        for name, cls in inspect.getmembers(module, inspect.isclass):
            if cls.__module__ == module.__name__ and issubclass(cls, Screen) and not issubclass(cls, PacedScreen):
                unpaced.append(f"{module.__name__}.{name}")
    assert unpaced == []


async def test_a_paced_screen_uses_the_pacer() -> None:
    class Paced(PacedScreen[None]):
        def compose(self) -> ComposeResult:
            yield Panel("x")

    app = Two()
    async with app.run_test() as pilot:
        await app.push_screen(Paced())
        await pilot.pause()
        assert isinstance(app.screen._update_timer, FramePacer)


class Keys(App[None]):
    BINDINGS = [("x", "bell", "Ring")]

    def compose(self) -> ComposeResult:
        yield Static("a", id="a")
        yield KeyFooter()


async def test_the_footer_is_rebuilt_only_when_its_keys_change() -> None:
    app = Keys()
    async with app.run_test() as pilot:
        await pilot.pause()
        footer = app.query_one(KeyFooter)
        rebuilt = 0
        original = footer.recompose

        async def counted() -> None:
            nonlocal rebuilt
            rebuilt += 1
            await original()

        footer.recompose = counted  # type: ignore[method-assign]
        app.screen.refresh_bindings()  # the same keys (as each focus change asks)
        await pilot.pause(0.05)
        assert rebuilt == 0
        app.bind("y", "toggle_dark", description="Dark")  # a new key
        app.screen.refresh_bindings()
        await pilot.pause(0.05)
        assert rebuilt == 1
        assert "Dark" in " ".join(str(k.render()) for k in footer.query("FooterKey"))



class Table(PacedScreen[None]):
    """A screen whose panels change as a cover over it is lifted (as a hand-over's curtain)."""

    BINDINGS = [("x", "cover", "Cover")]

    def compose(self) -> ComposeResult:
        yield Panel("public", id="first")
        yield Panel("public", id="second")

    def action_cover(self) -> None:
        if not self.app.is_screen_installed("cover"):
            self.app.install_screen(Cover(), "cover")  # (kept, as the game's curtain is)
        self.app.push_screen("cover", self.lifted)

    def lifted(self, _: None) -> None:
        self.query_one("#first", Panel).update("private\ntwo")
        self.query_one("#second", Panel).update("private\ntwo\nthree")


class Cover(PacedScreen[None]):
    BINDINGS = [("enter", "lift", "Lift")]

    def compose(self) -> ComposeResult:
        yield Static("pass the terminal")

    def action_lift(self) -> None:
        self.dismiss(None)


class Hotseat(App[None]):
    def on_mount(self) -> None:
        self.push_screen(Table())


async def test_a_lifted_cover_is_painted_once_with_what_it_hid() -> None:
    app = Hotseat()
    async with app.run_test() as pilot:
        await pilot.pause(0.1)
        await pilot.press("x")
        await pilot.pause(0.2)  # the cover is painted, and the burst is back in hand
        frames: list[tuple[int, int]] = []
        original = app._display

        def display(screen: Screen[object], renderable: object) -> None:
            original(screen, renderable)  # type: ignore[arg-type]
            if renderable is not None and isinstance(screen, Table):
                frames.append((screen.query_one("#first", Panel).size.height,
                               screen.query_one("#second", Panel).size.height))

        app._display = display  # type: ignore[method-assign]
        await pilot.press("enter")
        await pilot.pause(0.2)
    # the first frame is laid out for the new text (not the table repainted at once as it was
    # laid out for what it showed before, then again once the panels' new sizes are known)
    assert frames[0] == (2, 3), frames
    assert len(frames) <= 2, frames  # (Textual repaints a resumed screen whole after the layout)


class Drawn(App[None]):
    CSS = "#panel { width: 20; }"

    def compose(self) -> ComposeResult:
        yield Panel("tiles", id="panel")

    def on_mount(self) -> None:
        self.widths: list[int] = []

    def on_panel_resized(self, message: Panel.Resized) -> None:  # as a board redraws its tiles
        self.widths.append(message.panel.content_size.width)


async def test_a_panel_says_when_it_is_laid_out_at_a_new_width_and_only_then() -> None:
    app = Drawn()
    async with app.run_test() as pilot:
        await pilot.pause(0.1)
        panel = app.query_one(Panel)
        panel.update("tiles\nin two rows")  # a new height, the same width: nothing to redraw
        await pilot.pause(0.1)
        panel.styles.width = 30
        await pilot.pause(0.1)
    assert app.widths == [20, 30]


class ThreeInARow(App[None]):
    """Three `1fr` panels side by side in 76 columns: Textual gives them 25, 25 and 26."""

    CSS = "Horizontal { height: auto; width: 76; } Panel { width: 1fr; height: auto; }"

    def compose(self) -> ComposeResult:
        with Horizontal():
            for i in range(3):
                yield Panel(id=f"p{i}")


async def test_a_panel_given_the_rows_last_column_is_as_tall_as_its_content() -> None:
    """Textual measures a `1fr` panel's height at its width rounded down, then gives the last one
    the row's remaining column: content drawn to fill that column (tiles) wrapped in the measure,
    and the panel stood taller than its content (seen under the third region of an Algomancy
    table of three)."""
    app = ThreeInARow()
    async with app.run_test(size=(100, 20)) as pilot:
        await pilot.pause()
        widths = [p.size.width for p in app.query(Panel)]
        assert widths == [25, 25, 26]
        for panel, width in zip(app.query(Panel), widths, strict=True):
            panel.drawn_for = width
            panel.update("\n".join("x" * width for _ in range(3)))  # three lines filling the panel
        await pilot.pause()
        await pilot.pause()
        assert [p.size.height for p in app.query(Panel)] == [3, 3, 3]


class FiveInARow(App[None]):
    CSS = "#row { height: auto; } #row Static { width: 1fr; border: round $primary; padding: 0 1; }"

    def compose(self) -> ComposeResult:
        with Horizontal(id="row"):
            for i in range(5):
                yield Static(str(i), id=f"p{i}")


async def test_a_panel_s_share_of_a_row_is_worked_out_as_textual_lays_it_out() -> None:
    """`fr_row_width` gives each panel of a row the content width the layout then gives it, with
    panels hidden, moved and one of them wider (the battle's region is 3fr), at widths whose shares
    fall between columns: the board draws a panel once, for the width it will have."""
    app = FiveInARow()
    async with app.run_test(size=(83, 20)) as pilot:
        row = app.query_one("#row", Horizontal)
        await pilot.pause()  # (the row laid out once: its width is known)
        checked = 0
        for hidden, wide in itertools.product(range(5), range(5)):
            order = [(hidden + i) % 5 for i in range(1, 5)]
            for before, after in itertools.pairwise(order):
                row.move_child(app.query_one(f"#p{after}"), after=app.query_one(f"#p{before}"))
            for i in range(5):
                panel = app.query_one(f"#p{i}", Static)
                panel.display = i != hidden
                panel.styles.width = "3fr" if i == wide else "1fr"
            predicted = {i: fr_row_width(app.query_one(f"#p{i}", Static)) for i in order}
            await pilot.pause()
            await pilot.pause()
            laid_out = {i: app.query_one(f"#p{i}", Static).content_size.width for i in order}
            assert predicted == laid_out, (hidden, wide)
            checked += len(set(laid_out.values())) > 1
        assert checked  # (the shares did not all come out equal: the remainders were placed)
