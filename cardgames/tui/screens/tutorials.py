"""Title → Tutorials: each game's lessons in order, with the player's progress (not started / at
step n / done); a lesson that cannot be read is listed with its file, line and problem."""

from __future__ import annotations

from rich.console import Group
from rich.markup import escape as rich_escape
from rich.padding import Padding
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle
from textual.content import Content
from textual.markup import escape
from textual.widgets import Header, OptionList, Static
from textual.widgets.option_list import Option

from cardgames.tui.footer import KeyFooter
from cardgames.tui.frames import PacedScreen
from cardgames.tui.screens.lesson import open_lesson, progress
from cardgames.tui.settings import GAMES
from cardgames.tutorial import Lesson, Progress
from cardgames.tutorial.loader import BrokenLesson, games_with_lessons, scan_lessons
from cardgames.tutorial.timing import core_minutes, lesson_minutes


class LessonLine(Group):
    """A lesson's title and progress, and its summary indented below however it wraps; `str()` is
    its plain text."""

    def __init__(self, head: Text, summary: Text) -> None:
        super().__init__(head, Padding(summary, (0, 0, 0, 5)))
        self.text = f"{head.plain}\n     {summary.plain}"

    def __str__(self) -> str:
        return self.text


def lesson_line(n: int, lesson: Lesson, done: Progress) -> LessonLine:
    """A lesson with its progress: done, in progress (at which step), or not started; its summary
    below, indented however it wraps."""
    left = done.left_at(lesson.key)
    if done.is_done(lesson.key):
        mark = "[b]✓ done[/]"
    elif left is not None:
        mark = f"[b]in progress[/] [dim](step {min(left.step + 1, len(lesson.script.steps))} of "\
               f"{len(lesson.script.steps)})[/]"
    else:
        mark = "[dim]not started[/]"
    optional = ", optional" if lesson.script.optional else ""
    about = f" [dim](about {lesson_minutes(lesson.script)} min{optional})[/]"
    return LessonLine(Text.from_markup(f"  {n}. {rich_escape(lesson.title)}{about} — {mark}"),
                      Text(lesson.script.summary, style="dim"))


def lesson_numbers(numbers: list[int]) -> str:
    """`lessons 1–5`, or `lessons 1, 2 and 4` when they do not follow on."""
    if len(numbers) == 1:
        return f"lesson {numbers[0]}"
    if len(numbers) > 2 and numbers == list(range(numbers[0], numbers[-1] + 1)):
        return f"lessons {numbers[0]}–{numbers[-1]}"
    return "lessons " + ", ".join(map(str, numbers[:-1])) + f" and {numbers[-1]}" if numbers else "no lessons"


def broken_line(n: int, lesson: BrokenLesson) -> Content:
    """A lesson that cannot be read: which one, and every problem with its file and line (shown
    as written: a problem quotes the file, brackets and all)."""
    problems = "".join(f"\n     {p}" for p in lesson.error.splitlines())
    return Content.assemble(f"  {n}. {lesson.id} — ", ("broken: cannot be opened", "bold red"), (problems, "red"))


class TutorialsScreen(PacedScreen[None]):
    """The lesson list; Enter opens a lesson. `game` shows only that game's lessons."""

    CSS = """
    #lessons { width: 100; height: auto; max-height: 80%; }
    #tutorials-head { width: 100; padding: 1 0; }
    """
    BINDINGS = [Binding("escape,q", "back", "Back")]

    def __init__(self, game: str | None = None) -> None:
        super().__init__()
        self.only = game
        self.lessons: dict[str, Lesson] = {}
        self.opened: tuple[str, bool] | None = None
        """The lesson last opened from the list, and whether it was done then."""

    def compose(self) -> ComposeResult:
        yield Header(icon="♠")
        with Middle(), Center():
            yield Static("[b]Tutorials[/]: learn a game on the real table, one rule at a time.\n"
                         "[dim]Enter opens a lesson. A game's [b]first evening[/] is the lessons to take before a "
                         "two-player game with a friend; the optional ones can wait.[/]", id="tutorials-head")
            yield OptionList(id="lessons")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.title = "Tutorials"
        self.refill()
        self.query_one("#lessons", OptionList).focus()

    def on_screen_resume(self) -> None:
        self.refill()

    def refill(self) -> None:
        done = progress()
        menu = self.query_one("#lessons", OptionList)
        highlighted = menu.highlighted
        titles = dict((name, title) for title, name in GAMES)
        items: list[Option] = []
        for problem in done.problems:
            items.append(Option(Content.assemble(("Tutorial progress: ", "bold red"), problem), disabled=True))
        have = games_with_lessons()
        for game in [g for _, g in GAMES if g in have] + [g for g in have if g not in titles]:
            if self.only is not None and game != self.only:
                continue
            lessons = scan_lessons(game)
            readable = [lesson for lesson in lessons if isinstance(lesson, Lesson)]
            finished = sum(done.is_done(lesson.key) for lesson in readable)
            core = core_minutes(lesson.script for lesson in readable)
            numbers = [n for n, lesson in enumerate(lessons, start=1)
                       if isinstance(lesson, Lesson) and not lesson.script.optional]
            items.append(Option(f"[b]{escape(titles.get(game, game))}[/] — {finished} of {len(lessons)} done"
                                f" [dim]· first evening, {lesson_numbers(numbers)}: about {core} min[/]",
                                disabled=True))
            for n, lesson in enumerate(lessons, start=1):
                if isinstance(lesson, BrokenLesson):
                    items.append(Option(broken_line(n, lesson), id=lesson.key, disabled=True))
                    continue
                self.lessons[lesson.key] = lesson
                items.append(Option(lesson_line(n, lesson, done), id=lesson.key))
        menu.set_options(items)
        first = next((i for i, o in enumerate(items) if not o.disabled and o.id is not None
                      and not done.is_done(o.id)), next((i for i, o in enumerate(items) if not o.disabled), None))
        menu.highlighted = highlighted if highlighted is not None and highlighted < len(items) else first
        opened, self.opened = self.opened, None
        if opened is not None and not opened[1] and done.is_done(opened[0]):  # just finished: on to the next
            at = next(i for i, o in enumerate(items) if o.id == opened[0])
            menu.highlighted = next((i for i, o in enumerate(items) if i > at and not o.disabled), at)

    @on(OptionList.OptionSelected, "#lessons")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        lesson = self.lessons.get(event.option.id or "")
        if lesson is not None:
            self.opened = (lesson.key, progress().is_done(lesson.key))
            open_lesson(self.app, lesson)

    def action_back(self) -> None:
        if len(self.app.screen_stack) > 1:
            self.app.pop_screen()
        else:
            self.app.exit()
