"""The game's log keeps its newest line in view as the layout changes its height (`GameLog`)."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.widgets import Static

from cardgames.tools.keys import settle
from cardgames.tui.gamelog import GameLog


class Side(App[None]):
    CSS = "#above { height: 3; } GameLog { height: 1fr; }"

    def compose(self) -> ComposeResult:
        yield Static("a prompt", id="above")
        yield GameLog(id="log")


async def log_after_the_prompt_grows(read_back_to: int | None = None) -> GameLog:
    """A log of 40 lines, scrolled to its end (or read back to a line), then made shorter by the
    prompt above it growing."""
    app = Side()
    async with app.run_test(size=(60, 20)) as pilot:
        log = app.query_one(GameLog)
        log.write("\n".join(f"line {n}" for n in range(40)))
        await settle(app, pilot)  # type: ignore[arg-type]
        assert log.scroll_y == log.max_scroll_y > 0
        if read_back_to is not None:
            log.scroll_to(y=read_back_to, animate=False, immediate=True)  # the player reads back
        app.query_one("#above").styles.height = 10  # the prompt above grows: the log is shorter
        await settle(app, pilot)  # type: ignore[arg-type]
        assert log.size.height < 17
        return log


async def test_the_log_keeps_its_newest_line_in_view_when_the_layout_shortens_it() -> None:
    log = await log_after_the_prompt_grows()
    assert log.scroll_y == log.max_scroll_y  # the newest line still in view


async def test_a_log_scrolled_back_stays_where_the_player_put_it() -> None:
    log = await log_after_the_prompt_grows(read_back_to=5)
    assert log.scroll_y == 5


async def test_each_viewer_gets_back_the_lines_kept_for_them_and_no_one_elses() -> None:
    app = Side()
    async with app.run_test(size=(60, 20)) as pilot:
        log = app.query_one(GameLog)
        assert log.switch(None)  # the public table, shown from the start
        log.write("public 1")
        assert not log.switch(0)  # Ann's screen: nothing kept yet, written anew
        log.write("Ann draws Secret Card")
        assert log.switch(None)  # back on the public table: its own lines, not Ann's
        await settle(app, pilot)  # type: ignore[arg-type]
        assert [s.text.strip() for s in log.lines] == ["public 1"]
        log.write("public 2")
        assert log.switch(0)  # Ann again: her lines kept, the new ones to add
        assert [s.text.strip() for s in log.lines] == ["Ann draws Secret Card"]
        log.forget()  # an undo: every viewer's lines are written anew
        assert log.lines == [] and not log.switch(None)
