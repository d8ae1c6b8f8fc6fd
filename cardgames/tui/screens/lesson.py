"""A lesson: the real board, with the coach beside it explaining one rule at a time and waiting.

The coach (`cardgames.tutorial.Coach`) plays the opponent and checks each answer; this screen is
the table screen with the coach's panel, `n` to go on after reading, `t` for a hint, and the
lesson's end (what was learnt, the next lesson). Where the learner is in a lesson is kept as
they go, so leaving and coming back offers to continue (`open_lesson`).
"""

from __future__ import annotations

import re

from textual import on
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.markup import escape
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Header, OptionList, RichLog, Static
from textual.widgets.option_list import Option as ListOption

from cardgames.tui.footer import KeyFooter
from cardgames.tui.frames import Options, PacedScreen
from cardgames.tui.gamelog import GameLog
from cardgames.tui.saves import data_dir
from cardgames.tui.screens.game import GameScreen, LogFeed
from cardgames.tui.session import Session
from cardgames.tutorial import Coach, Lesson, LessonError, Progress
from cardgames.tutorial.loader import scan_lessons
from cardgames.tutorial.progress import Move

MARK = "-coach"
"""The class a board panel wears while the coach points at it."""


def markdown_to_markup(text: str) -> str:
    """The script's light Markdown (**bold**, *italic*, paragraphs) as content markup."""
    out = re.sub(r"(?<!\n)\n(?![\n-]) *", " ", escape(text))  # a paragraph is one line; list items stay
    out = re.sub(r"\*\*(.+?)\*\*", r"[b]\1[/b]", out)
    return re.sub(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])", r"[i]\1[/i]", out)


def literal(text: str) -> str:
    """Text shown as written inside markup (an error quoting a file may hold `[`)."""
    return text.replace("[", "\\[")


def progress() -> Progress:
    """The player's tutorial progress, kept beside the saves and settings."""
    return Progress.load(data_dir())


def next_lesson(lesson: Lesson) -> Lesson | None:
    """The next lesson of the game that can be opened (a broken one is skipped: the list names it)."""
    every = scan_lessons(lesson.game)
    keys = [x.key for x in every]
    later = every[keys.index(lesson.key) + 1:] if lesson.key in keys else []
    return next((x for x in later if isinstance(x, Lesson)), None)


def keep_place(coach: Coach) -> str:
    """Save where the learner is in the lesson (or that it is done); what went wrong, if anything."""
    try:
        place = progress()
        if coach.done:
            place.finish(coach.lesson.key)
        else:
            place.remember(coach.lesson.key, coach.step, coach.moves)
    except OSError as exc:
        return literal(f"Your progress could not be saved: {exc}")
    return ""


def open_lesson(app: App[None], lesson: Lesson) -> None:
    """Open a lesson; one left part-way offers to continue where the learner left, or start over."""
    left = progress().left_at(lesson.key)
    if left is None:
        _push_lesson(app, lesson, ())
        return

    def chosen(choice: str | None) -> None:
        if choice == "continue":
            _push_lesson(app, lesson, left.moves)
        elif choice == "over":
            try:
                progress().forget(lesson.key)
            except OSError as exc:
                app.notify(literal(f"Your progress could not be saved: {exc}"), severity="warning")
            _push_lesson(app, lesson, ())

    app.push_screen(ResumeScreen(lesson, left.step), chosen)


def _push_lesson(app: App[None], lesson: Lesson, moves: tuple[Move, ...]) -> None:
    try:
        screen = LessonScreen.open(lesson, moves)
    except LessonError as exc:
        app.notify(literal(f"This lesson cannot be opened:\n{exc}"), title=lesson.title, severity="error", timeout=15)
        return
    app.push_screen(screen)


class LessonScreen(GameScreen):
    """The table screen with the coach's panel; every answer goes through the coach."""

    CSS = """
    LessonScreen #side { width: 60; }
    LessonScreen.-narrow #side { width: 50; }
    LessonScreen #coach { height: auto; max-height: 65%; border: heavy $success; padding: 0 1; }
    LessonScreen #coach-text { height: auto; }
    LessonScreen #options { height: auto; max-height: 12; min-height: 3; }
    LessonScreen #log { height: 1fr; min-height: 3; }
    LessonScreen .seat.-coach, LessonScreen .table.-coach, LessonScreen .region.-coach {
        border: heavy $warning;
    }
    """

    BINDINGS = [
        Binding("n", "go_on", "Next"),
        Binding("t", "hint", "Hint"),
        Binding("escape", "leave", "Lessons", show=False),
    ]

    def __init__(self, session: Session, coach: Coach) -> None:
        super().__init__(session)
        self.coach = coach
        self.refusal = ""
        self.tip = ""
        self.skipped = 0
        """Log lines of dealing and setting the table, not shown."""

    @classmethod
    def open(cls, lesson: Lesson, moves: tuple[Move, ...] = ()) -> LessonScreen:
        """A lesson from its start, or (`moves`: the learner's earlier answers) where they left it."""
        coach = Coach(lesson)
        given = coach.replay(moves)
        session = Session(coach.game, data_dir() / "tutorial" / f"{lesson.game}-{lesson.id}.save", seated=coach.seat)
        screen = cls(session, coach)
        if given < len(moves):
            screen.refusal = (f"[b]The lesson changed since you left it:[/b] it continues at step "
                              f"{coach.step + 1}, the last point your answers still fit.")
        return screen

    def compose(self) -> ComposeResult:
        yield Header(icon="♠")
        with Horizontal(id="main"):
            yield self.board
            with Vertical(id="side"):
                yield Static(id="status")
                with VerticalScroll(id="coach"):
                    yield Static(id="coach-text")
                yield Static(id="prompt")
                yield Options(id="options")
                yield GameLog(id="log")
        yield Static("The terminal is too small: make it at least 100 × 30.", id="too-small")
        yield KeyFooter()

    def on_mount(self) -> None:
        super().on_mount()
        self.title = f"Tutorial — {self.coach.lesson.title}"
        coach = self.query_one("#coach", VerticalScroll)
        coach.border_title = "Coach"

    def _feed(self) -> LogFeed:
        """The learner's log, from the lesson's start: dealing and setting the table (cards
        dealt, then replaced by the lesson's hand) would only confuse."""
        seat = self.session.seated
        if seat not in self.feeds:
            feed = LogFeed(self.session, seat)
            feed.lines = list(feed.book.read(self.session.game.events[:self.coach.table_set]))
            self.skipped = len(feed.lines)
            self.feeds[seat] = feed
        return self.feeds[seat]

    def _refill_log(self) -> None:
        log = self.query_one("#log", RichLog)
        log.clear()
        feed = self._feed()
        feed.new_lines()
        kept = feed.lines[self.skipped:][-LogFeed.SHOWN:]
        if kept:
            log.write("\n".join(escape(line) for line in kept))

    # -- the loop ----------------------------------------------------------------------

    def advance(self) -> None:
        """Show the table and the coach's step; at the end, what was learnt and what is next."""
        self.session.game = self.coach.game
        self.session.seated = self.coach.seat
        self.board.spotlight = self.coach.spotlight_cards()
        self.render_all()
        self.show_coach()
        trouble = keep_place(self.coach)
        if trouble:
            self.notify(trouble, severity="warning")
        if self.coach.done:
            self.app.push_screen(LessonDoneScreen(self.coach.lesson, self._result()), self._after_done)

    def _result(self) -> str:
        """How the lesson's game ended, if it did (the final, real game)."""
        out = self.session.view().outcome
        if not out:
            return ""
        if out["draw"]:
            return f"A draw — {out['reason']}."
        me = self.session.game.players[self.coach.seat]
        who = "You won" if me in out["winners"] else f"{' and '.join(out['winners'])} won"
        return f"{who} — {out['reason']}."

    def show_coach(self) -> None:
        c = self.coach
        step = c.current
        parts: list[str] = []
        if c.notes:
            parts.append("[b]What just happened[/b]\n" + "\n".join(f"• {markdown_to_markup(n)}" for n in c.notes))
        if self.refusal:
            parts.append(self.refusal)
        if step is not None:
            n, total = c.step + 1, len(c.steps)
            head = f"[dim]Step {n} of {total}[/dim]  [b]{escape(step.title)}[/b]"
            rules = f"\n[dim]Rules: {escape('; '.join(step.rules))}[/dim]" if step.rules else ""
            parts.append(f"{head}\n{markdown_to_markup(step.text)}{rules}")
            keys = ("[b]n[/b] next" if step.kind == "read" else "[b]t[/b] hint") + \
                "  [b]u[/b] undo  [b]w[/b] why not  [b]r[/b] rules  [b]Esc[/b] lessons"
            parts.append(f"[dim]{keys}[/dim]")
        if self.tip:
            parts.append(f"[b]Hint:[/b] {escape(self.tip)}")
        self.query_one("#coach-text", Static).update("\n\n".join(parts))
        self._spotlight()

    def _spotlight(self) -> None:
        key, names = self.coach.spotlight()
        for panel in self.board.query(f".{MARK}"):
            panel.remove_class(MARK)
        marked = [panel for name in names if re.fullmatch(r"[\w-]+", name)
                  for panel in self.board.query(f"#{name}")]
        for panel in marked:
            panel.add_class(MARK)
        if self.board.spotlight or marked:
            self.call_after_refresh(self._into_view, marked[0] if marked else None)
        else:
            self.board.show_own()
        options = self.query_one("#options", OptionList)
        if key is not None:
            index = next((i for i in range(options.option_count) if options.get_option_at_index(i).id == key), None)
            if index is not None:
                options.highlighted = index

    def _into_view(self, panel: Widget | None) -> None:
        """Once laid out: what the coach points at in view — a card, else a panel. (When it points at
        nothing, the learner's own area is kept in view: `_spotlight`.)"""
        if not self.board.show_card(self.board.spotlight) and panel is not None:
            self.board.scroll_to_widget(panel, animate=False, immediate=True)

    # -- answering through the coach ---------------------------------------------------------

    def answer(self, key: str) -> None:
        if key not in {o.key for o in self._choices}:
            return
        try:
            verdict = self.coach.answer(key)
        except LessonError as exc:
            self._broken(exc)
            return
        self.tip = ""
        if not verdict.ok:
            rules = "; ".join(verdict.rules)
            self.refusal = (f"[b red]✗ Not that.[/b red] {markdown_to_markup(verdict.why)}"
                            + (f"\n[dim]Rule: {escape(rules)}[/dim]" if rules else ""))
            self.show_coach()
            self.notify(verdict.why, title="Not that", severity="warning", timeout=6)
            return
        self.refusal = ""
        self.advance()

    def _broken(self, exc: LessonError) -> None:
        """The lesson's data failed mid-way (a scripted move that no longer fits): say so; u undoes."""
        self.coach.undo()
        self.refusal = f"[b red]This lesson is broken here:[/b red] {literal(str(exc))}"
        self.feeds.clear()
        self.session.game = self.coach.game
        self._refill_log()
        self.render_all()
        self.show_coach()
        self.notify(literal(str(exc)), title="The lesson is broken", severity="error", timeout=15)

    def action_go_on(self) -> None:
        try:
            went = self.coach.go_on()
        except LessonError as exc:
            self._broken(exc)
            return
        if went:
            self.refusal = self.tip = ""
            self.advance()
        elif not self.coach.done:
            self.notify("This step waits on you: do what the coach says (t for a hint).")

    def action_hint(self) -> None:
        self.tip = self.coach.hint()
        self.show_coach()  # first: it highlights what the step points at; the hint's option wins
        option = self.coach.expected()
        if option is not None:
            options = self.query_one("#options", OptionList)
            index = next((i for i in range(options.option_count)
                          if options.get_option_at_index(i).id == option.key), None)
            if index is not None:
                options.highlighted = index
                options.focus()

    def action_undo(self) -> None:
        if not self.coach.undo():
            self.notify("Nothing to undo in this lesson yet.", severity="warning")
            return
        self.refusal = self.tip = ""
        self.feeds.clear()
        self.session.game = self.coach.game
        self._refill_log()
        self.advance()

    def action_leave(self) -> None:
        """Esc: back out of a half-made answer (as in a game); otherwise back to the lessons."""
        if self._option_key("cancel", "back"):
            self.action_cancel()
            return
        self.app.pop_screen()

    def _after_done(self, choice: str | None) -> None:
        self.app.pop_screen()
        if choice and choice != "list":
            nxt = next((x for x in scan_lessons(self.coach.lesson.game) if x.key == choice), None)
            if isinstance(nxt, Lesson):
                open_lesson(self.app, nxt)


class LessonDoneScreen(PacedScreen[str | None], ModalScreen[str | None]):
    """The end of a lesson: what was learnt, and the next lesson."""

    CSS = """
    LessonDoneScreen { background: $background; align: center middle; }
    #lesson-done { width: 72; height: auto; border: heavy $success; background: $surface; padding: 1 2; }
    #lesson-next { height: auto; max-height: 6; }
    """
    BINDINGS = [Binding("escape,q", "dismiss_list", "Back to the lessons")]

    def __init__(self, lesson: Lesson, result: str = "") -> None:
        super().__init__()
        self.lesson = lesson
        self.result = result
        self.next = next_lesson(lesson)

    def compose(self) -> ComposeResult:
        learnt = "\n".join(f"  ✓ {escape(x)}" for x in self.lesson.script.learn)
        outro = f"\n\n{markdown_to_markup(self.lesson.script.outro)}" if self.lesson.script.outro else ""
        items = []
        if self.next is not None:
            items.append(ListOption(f"Next lesson: {escape(self.next.title)}", id=self.next.key))
        items.append(ListOption("Back to the lessons", id="list"))
        with Vertical(id="lesson-done"):
            result = f"{escape(self.result)}\n\n" if self.result else ""
            yield Static(f"[b]Lesson complete: {escape(self.lesson.title)}[/b]\n\n{result}"
                         f"You learnt:\n{learnt}{outro}\n")
            yield OptionList(*items, id="lesson-next")

    def on_mount(self) -> None:
        self.query_one("#lesson-next", OptionList).focus()

    @on(OptionList.OptionSelected, "#lesson-next")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id)

    def action_dismiss_list(self) -> None:
        self.dismiss("list")


class ResumeScreen(PacedScreen[str | None], ModalScreen[str | None]):
    """A lesson left part-way: continue where the learner left, or start over."""

    CSS = """
    ResumeScreen { background: $background; align: center middle; }
    #resume { width: 72; height: auto; border: heavy $success; background: $surface; padding: 1 2; }
    #resume-choice { height: auto; }
    """
    BINDINGS = [Binding("escape,q", "dismiss_none", "Back to the lessons")]

    def __init__(self, lesson: Lesson, step: int) -> None:
        super().__init__()
        self.lesson = lesson
        self.step = step

    def compose(self) -> ComposeResult:
        total = len(self.lesson.script.steps)
        with Vertical(id="resume"):
            yield Static(f"[b]{escape(self.lesson.title)}[/b]\n\nYou left this lesson at step "
                         f"{min(self.step + 1, total)} of {total}.\n")
            yield OptionList(ListOption("Continue where you left off", id="continue"),
                             ListOption("Start over", id="over"), id="resume-choice")

    def on_mount(self) -> None:
        self.query_one("#resume-choice", OptionList).focus()

    @on(OptionList.OptionSelected, "#resume-choice")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option.id)

    def action_dismiss_none(self) -> None:
        self.dismiss(None)
