"""The table: the board, the pending decision with its keys, and the log; curtain between players."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.events import Resize
from textual.markup import escape
from textual.screen import Screen
from textual.widgets import Header, OptionList, RichLog, Static
from textual.widgets.option_list import Option as ListOption

from cardgames.engine.decisions import CONCEDE, CardgamesError, Decision, Option
from cardgames.tui.boards import board_for
from cardgames.tui.boards.base import Board
from cardgames.tui.footer import KeyFooter
from cardgames.tui.frames import Options, PacedScreen, Panel
from cardgames.tui.gamelog import GameLog
from cardgames.tui.palette import LegalActions
from cardgames.tui.screens.curtain import CurtainScreen
from cardgames.tui.screens.logcards import LogCardsScreen, face_up, linked, named_in_log, names_pattern
from cardgames.tui.screens.text import InspectScreen, help_screen, rules_screen
from cardgames.tui.session import Session

MIN_WIDTH, MIN_HEIGHT = 100, 30
LOOK = "look:private"
"""The public table's entry for the deciding seat to take the screen (its hand, its pack)."""


def in_key_order(options: Sequence[Option]) -> list[Option]:
    """The options as the keys number them: the game's order, except that conceding (and its
    confirmation) comes after every other answer, so that 1 pressed again and again plays on."""
    return [o for o in options if o.group != CONCEDE] + [o for o in options if o.group == CONCEDE]


class LogFeed:
    """The players' log for one viewer, as the game renders it for that viewer (kept per seat:
    a hand-over writes back the lines kept, and only new lines are added to the widget)."""

    SHOWN = 400
    """Lines written back into the log widget when this viewer takes the screen again."""

    def __init__(self, session: Session, viewer: int | None) -> None:
        self.session = session
        self.viewer = viewer
        self.book = session.game.logbook(viewer)
        self.lines: list[str] = []

    def new_lines(self) -> list[str]:
        lines = self.book.read(self.session.game.events)
        out = lines[len(self.lines):]
        self.lines = list(lines)
        return out


class GameScreen(PacedScreen[None]):
    """One game at one terminal."""

    COMMANDS = Screen.COMMANDS | {LegalActions}
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (120, "-wide")]
    AUTO_FOCUS = "#options"
    """The keys go to the options from the start (not to the board, the first thing that can take
    the focus: it would be focused, then left, each a redraw and a new footer)."""

    BINDINGS = [
        Binding("space", "pass_priority", "Pass"),
        Binding("escape", "cancel", "Back", show=False),
        Binding("u", "undo", "Undo"),
        Binding("i", "inspect_highlighted", "Inspect"),
        Binding("w", "why_not", "Why not?"),
        Binding("r", "rules", "Rules"),
        Binding("s", "settings", "Settings"),
        Binding("question_mark,f1", "help", "Help", key_display="?"),
        *[Binding(str(n), f"choose_number({n})", show=False) for n in range(1, 10)],
        Binding("j", "move_option(1)", "Next option", show=False),
        Binding("k", "move_option(-1)", "Previous option", show=False),
        Binding("l", "choose_highlighted", "Choose", show=False),
        Binding("h", "cancel", "Back", show=False),
        Binding("slash", "app.command_palette", "Find an option", show=False),
        Binding("tab", "to_board", "Cards on the table", show=False),
        Binding("L", "inspect_log", "Cards in the log", show=False),
    ]

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session
        self.rules = session.game.ruleset
        self.board: Board = board_for(session)
        self.feeds: dict[int | None, LogFeed] = {}
        self._shown: dict[str, str] = {}
        self._choices: list[Option] = []
        self._seat_drawn = False
        """The deciding seat's own screen is drawn behind the curtain now up."""
        self._curtain_screen: CurtainScreen | None = None
        """The curtain, kept for the whole game (installed in the app: a dismissed curtain stays)."""
        self._log_names: list[str] = []
        """The card names the log links; a click action carries a name's place in this list."""
        self._forced_note = ""
        """Answers just given for the players (the only thing to do), shown under the prompt."""
        """The options shown now, in their numbered order (all of them, or the public table's)."""

    def compose(self) -> ComposeResult:
        yield Header(icon="♠")
        with Horizontal(id="main"):
            yield self.board
            with Vertical(id="side"):
                yield Panel(id="status")
                yield Panel(id="prompt")
                yield Options(id="options")
                yield GameLog(id="log")
        yield Static("The terminal is too small: make it at least 100 × 30.", id="too-small")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.title = self.rules.title
        self._check_terminal_size(self.size.width, self.size.height)
        self.call_after_refresh(self.advance)
        self.call_after_refresh(self._warm_up)

    def _warm_up(self) -> None:
        """Once the game's first screen is up, do what its first hand-overs would otherwise pay for
        (while the players read the screen): write the autosave whole if it is to be (a game
        continued: its first save rewrites the file), and read every viewer's log so far (a game
        continued thousands of events in: each viewer's log is read from the first event)."""
        if self.session.written < 0:
            self.session.save()
        events = self.session.game.events
        for viewer in (None, *range(len(self.session.view().players))):
            if viewer not in self.feeds:
                self.feeds[viewer] = LogFeed(self.session, viewer)
            self.feeds[viewer].book.read(events)  # (its lines are taken when the viewer has the screen)

    # -- the loop: after every answer ------------------------------------------------------

    def advance(self) -> None:
        """Show the next decision, behind a curtain if another player must take the screen."""
        if self.session.game.outcome is not None:
            self.render_all()
            from cardgames.tui.screens.gameover import GameOverScreen

            self.app.push_screen(GameOverScreen(self.session))
            return
        self._answer_forced()
        if self.session.decision is None:  # a forced answer ended the game
            self.advance()
            return
        if self.session.needs_curtain():
            self._curtain()
            return
        if self.session.on_public_table() and self.session.seated is not None:
            self.session.stand()  # the last seat's private screen gives way to the public table
            self.blank_private()
            self._refill_log()
        self.render_all()

    def _answer_forced(self) -> None:
        """Give the answers there is only one of (if the settings say so), and say so on screen."""
        settings = getattr(self.app, "settings", None)
        if settings is not None and not settings.auto_answer:
            self._forced_note = ""
            return
        notes: list[str] = []
        while (option := self.session.forced_answer()) is not None and len(notes) < 50:
            d = self.session.decision
            assert d is not None
            self.session.choose(option.key)
            notes.append(f"{d.seat}: {option.label}")
        if notes:
            more = f" (+{len(notes) - 3} more)" if len(notes) > 3 else ""
            self._forced_note = "Answered (the only choice): " + "; ".join(notes[-3:]) + more

    def _curtain(self) -> None:
        """Cover the table until the deciding seat has the terminal to itself. (What the screen
        shows under the curtain is not blanked first: it is drawn anew for the deciding seat.)"""
        d = self.session.decision
        assert d is not None
        if self._curtain_screen is None:
            self._curtain_screen = CurtainScreen(d.seat)
            self.app.install_screen(self._curtain_screen, f"curtain-{id(self)}")
        else:
            self._curtain_screen.pass_to(d.seat)
        self._seat_drawn = False
        self.app.push_screen(self._curtain_screen, self._lift_curtain)
        self.call_after_refresh(self._draw_covered)

    def _draw_covered(self) -> None:
        """Once the curtain is up, draw the deciding seat's own screen behind it and lay it out,
        so that Enter only uncovers it (while the terminal changes hands, the work is done)."""
        if self.app.screen is self._curtain_screen and not self._seat_drawn:
            self._take_seat()
            self.run_worker(self.render_covered(), group="covered", exclusive=True)

    def on_unmount(self) -> None:
        curtain = self._curtain_screen
        if curtain is not None and self.app.is_screen_installed(curtain) and curtain not in self.app.screen_stack:
            self.app.uninstall_screen(curtain)  # (still stacked: the app is closing, and takes it down)

    def _lift_curtain(self, _: None) -> None:
        if not self._seat_drawn:  # (not drawn behind the curtain yet)
            self._take_seat()

    def _take_seat(self) -> None:
        """The deciding seat's own screen: its log, its view, its area in view."""
        self._seat_drawn = True
        self.session.sit()
        self._refill_log()
        self.render_all()
        self.board.show_own()

    def _feed(self) -> LogFeed:
        seat = self.session.seated
        if seat not in self.feeds:
            self.feeds[seat] = LogFeed(self.session, seat)
        return self.feeds[seat]

    def _refill_log(self) -> None:
        """Show the seated player's own log (what they may read): the lines kept for them since
        they last had the screen and what is new, or, the first time, the newest of their feed."""
        log = self.query_one("#log", GameLog)
        feed = self._feed()
        if log.switch(self.session.seated):
            self._write_log(feed.new_lines())
        else:
            feed.new_lines()
            self._write_log(feed.lines[-LogFeed.SHOWN:])

    def blank_private(self) -> None:
        """Clear everything private as the screen passes to the public table (its log follows,
        `_refill_log`)."""
        self.board.blank()
        self.query_one("#options", OptionList).clear_options()
        self._set(self.query_one("#prompt", Static), "")

    def render_all(self) -> None:
        view = self.session.view()
        d = self.session.decision
        if d is not None and self.session.seated is None:
            d = replace(d, options=tuple(self.session.public_options()))  # what the public table offers
        self.board.show(view, d)
        status = "Game over" if view.outcome else self.board.status(view)
        self._set(self.query_one("#status", Static), status)
        self._show_pending(d)
        self._write_log(self._feed().new_lines())

    def _write_log(self, lines: list[str]) -> None:
        """Add lines to the log in one write (a write per line costs a render and a layout each),
        scrolled to its end at once for the next frame, and again once laid out (only if the log's
        height changed meanwhile does that second scroll move it, and cost a frame). The names of
        cards face up to the seated player are links: a click inspects the card."""
        if lines:
            log = self.query_one("#log", RichLog)
            pattern = names_pattern(list(face_up(self.session.view())))
            log.write("\n".join(linked(line, pattern, self._inspect_named_action) for line in lines))
            log.scroll_end(animate=False, immediate=True, x_axis=False)

    def _set(self, widget: Static, markup: str) -> None:
        """Update a Static only when its text changes (each update costs a layout pass)."""
        if self._shown.get(widget.id or "") != markup:
            self._shown[widget.id or ""] = markup
            widget.update(markup)

    def _show_pending(self, d: Decision | None) -> None:
        """The decision panel: the seated player's own decision with every option; on the public
        table, the deciding seat's name, the options it may answer there, and "Look at my hand"
        (always offered to a seat that holds cards only it may see, playable or not)."""
        options = self.query_one("#options", OptionList)
        seated = self.session.seated
        self._choices = []
        prompt, items = "", []
        if d is not None and d.seat_index == seated:
            self._choices = in_key_order(d.options)
            prompt = f"[b]{escape(d.seat)}[/]: {escape(d.prompt)}"
        elif d is not None and seated is None:
            self._choices = in_key_order(self.session.public_options())
            prompt = (f"[b]{escape(d.seat)}[/], at the public table: {escape(d.prompt)}\n"
                      f"[dim]Answer here — nothing private shows.[/]")
            if self.session.holds_hidden(d.seat_index):
                items.append(ListOption(f"[b]↵[/] Look at my hand ({escape(d.seat)} takes the screen)", id=LOOK))
        if len(self._choices) > 9:
            prompt += "\n[dim]Options past 9: ↓/j to them, or / to find one by name.[/]"
        if prompt and self._forced_note:
            prompt += f"\n[dim]{escape(self._forced_note)}[/]"
            self._forced_note = ""
        self._set(self.query_one("#prompt", Static), prompt)
        items += [
            ListOption(f"{f'[b]{n}[/] ' if n <= 9 else '  '}{escape(o.label)}", id=o.key)
            for n, o in enumerate(self._choices, start=1)
        ]
        options.set_options(items)
        if items:
            options.highlighted = 0
            if self.focused is not options:
                options.focus()

    # -- answering -----------------------------------------------------------------------------

    def legal_actions(self) -> list[tuple[str, str]]:
        """(label, key) of each option shown now: the seated player's own decision, or what the
        deciding seat may answer on the public table (for the palette)."""
        return [(o.label, o.key) for o in self._choices]

    def answer(self, key: str) -> None:
        """Answer the pending decision (asking first, if set, when the board thinks it a slip)."""
        d = self.session.decision
        if key == LOOK:
            self._curtain()
            return
        if key not in {o.key for o in self._choices}:
            return  # not offered on this screen (e.g. a private option at the public table)
        settings = getattr(self.app, "settings", None)
        question = self.board.confirm(d, key) if d is not None else None
        if question and settings is not None and settings.confirm_end_turn:
            from cardgames.tui.screens.confirm import ConfirmScreen

            def go(yes: bool | None) -> None:
                if yes:
                    self._answer_now(key)

            self.app.push_screen(ConfirmScreen(question), go)
            return
        self._answer_now(key)

    def _answer_now(self, key: str) -> None:
        try:
            self.session.choose(key)
        except CardgamesError as exc:
            self.notify(str(exc), severity="error")
            return
        self.advance()

    @on(OptionList.OptionSelected, "#options")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id is not None:
            self.answer(event.option.id)

    def action_choose_number(self, n: int) -> None:
        if n <= len(self._choices):
            self.answer(self._choices[n - 1].key)

    def _option_key(self, *keys: str) -> str | None:
        return next((o.key for o in self._choices if o.key in keys), None)

    def action_move_option(self, step: int) -> None:
        options = self.query_one("#options", OptionList)
        if options.option_count:
            current = options.highlighted or 0
            options.highlighted = max(0, min(options.option_count - 1, current + step))

    def action_choose_highlighted(self) -> None:
        options = self.query_one("#options", OptionList)
        if options.highlighted is not None and options.option_count:
            key = options.get_option_at_index(options.highlighted).id
            if key is not None:
                self.answer(key)

    def action_pass_priority(self) -> None:
        key = self._option_key("pass", "done")
        if key:
            self.answer(key)

    def action_cancel(self) -> None:
        key = self._option_key("cancel", "back")
        if key:
            self.answer(key)

    def action_pick(self, ref_text: str) -> None:
        """A ▸name was clicked: choose the option about that card (or hero)."""
        ref = int(ref_text)
        hits = [o for o in self._choices if o.ref == ref]
        if len(hits) == 1:
            self.answer(hits[0].key)
        elif hits:
            options = self.query_one("#options", OptionList)
            options.highlighted = next(i for i in range(options.option_count)
                                       if options.get_option_at_index(i).id == hits[0].key)
            self.notify("Several options concern this card: pick one in the list.")

    def action_choose_key(self, key: str) -> None:
        """A clickable slot on the board (e.g. a formation column) was clicked: answer with it."""
        if self._option_key(key):
            self.answer(key)

    def action_to_board(self) -> None:
        """Tab from the options (or the log): the cursor onto the cards on the table."""
        if self.board.stops():
            self.board.focus()
        else:
            self.focus_next()

    def action_inspect(self, ref: int | str) -> None:
        self.app.push_screen(InspectScreen(self.board.details(self.session.view(), int(ref))))

    def action_inspect_key(self, key: str) -> None:
        """Inspect something on the board that is not a card (a hero ability)."""
        self.app.push_screen(InspectScreen(self.board.details_of(self.session.view(), key)))

    def action_inspect_highlighted(self) -> None:
        options = self.query_one("#options", OptionList)
        if options.highlighted is None or options.highlighted >= options.option_count:
            return
        key = options.get_option_at_index(options.highlighted).id
        ref = next((o.ref for o in self._choices if o.key == key), None)
        if ref is not None:
            self.action_inspect(ref)

    def _inspect_named_action(self, name: str) -> str:
        """The action a click on `name` in the log runs (names are kept in a table: a name may
        hold quotes)."""
        if name not in self._log_names:
            self._log_names.append(name)
        return f"screen.inspect_named({self._log_names.index(name)})"

    def action_inspect_named(self, index: int) -> None:
        """A card name clicked in the log: inspect the card of that name face up now (it may have
        left the table, or turned face down, since the line was written)."""
        name = self._log_names[index] if 0 <= index < len(self._log_names) else None
        ref = face_up(self.session.view()).get(name or "")
        if ref is None:
            self.notify(f"{name} is not on the table now." if name else "That card is not on the table now.")
            return
        self.action_inspect(ref)

    def action_inspect_log(self) -> None:
        """L: the cards the recent log names (those this screen may show), to inspect one."""
        cards = named_in_log(self._feed().lines, self.session.view())
        if not cards:
            self.notify("The recent log names no card you can see on the table.")
            return

        def picked(ref: int | None) -> None:
            if ref is not None:
                self.action_inspect(ref)

        self.app.push_screen(LogCardsScreen(cards), picked)

    def action_why_not(self) -> None:
        """What the seated player cannot do right now, and why (cost, timing, cooldowns)."""
        seat = self.session.seated
        if seat is None:
            self.notify("This is the public table: take your screen (Look at my hand) to see what you cannot do.")
            return
        rows = self.session.game.why_not(seat)
        lines = ["# Not possible right now", ""]
        lines += [f"- **{escape(what)}** — {escape(why)}" for what, why in rows] or [
            "Nothing: every move you have is offered."]
        self.app.push_screen(InspectScreen("\n".join(lines)))

    def action_undo(self) -> None:
        reason = self.session.undo()
        if reason:
            self.notify(f"Cannot undo: {reason}", severity="warning")
            return
        self.feeds.clear()
        self.query_one("#log", GameLog).forget()
        self._refill_log()
        self.advance()

    def action_rules(self) -> None:
        self.app.push_screen(rules_screen(self.rules.name))

    def action_help(self) -> None:
        self.app.push_screen(help_screen())

    def action_settings(self) -> None:
        """Settings, including the seated player's stop setting; the decision may change with it."""
        from cardgames.tui.screens.settings import SettingsScreen

        before = len(self.session.game.events)

        def back(_: None) -> None:
            if len(self.session.game.events) != before:
                self.advance()

        self.app.push_screen(SettingsScreen(self.session), back)

    # -- size ------------------------------------------------------------------------------

    def on_resize(self, event: Resize) -> None:
        self._check_terminal_size(event.size.width, event.size.height)

    def _check_terminal_size(self, width: int, height: int) -> None:
        self.set_class(width < MIN_WIDTH or height < MIN_HEIGHT, "-too-small")
