"""Title → Tutorials: each game's lessons in order, with the player's progress (not started / done)."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle
from textual.markup import escape
from textual.screen import Screen
from textual.widgets import Footer, Header, OptionList, Static
from textual.widgets.option_list import Option

from cardgames.tui.screens.lesson import LessonScreen, progress
from cardgames.tui.settings import GAMES
from cardgames.tutorial import Lesson, lessons_of
from cardgames.tutorial.loader import games_with_lessons


def lesson_line(n: int, lesson: Lesson, done: bool) -> str:
    mark = "[b]✓ done[/]" if done else "[dim]not started[/]"
    return f"  {n}. {escape(lesson.title)} — {mark}\n     [dim]{escape(lesson.script.summary)}[/]"


class TutorialsScreen(Screen[None]):
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

    def compose(self) -> ComposeResult:
        yield Header(icon="♠")
        with Middle(), Center():
            yield Static("[b]Tutorials[/]: learn a game on the real table, one rule at a time.\n"
                         "[dim]Each lesson takes a few minutes. Enter opens one.[/]", id="tutorials-head")
            yield OptionList(id="lessons")
        yield Footer()

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
        have = games_with_lessons()
        for game in [g for _, g in GAMES if g in have] + [g for g in have if g not in titles]:
            if self.only is not None and game != self.only:
                continue
            lessons = lessons_of(game)
            finished = sum(done.is_done(lesson.key) for lesson in lessons)
            items.append(Option(f"[b]{escape(titles.get(game, game))}[/] — {finished} of {len(lessons)} done",
                                disabled=True))
            for n, lesson in enumerate(lessons, start=1):
                self.lessons[lesson.key] = lesson
                items.append(Option(lesson_line(n, lesson, done.is_done(lesson.key)), id=lesson.key))
        menu.set_options(items)
        first = next((i for i, o in enumerate(items) if not o.disabled and o.id is not None
                      and not done.is_done(o.id)), next((i for i, o in enumerate(items) if not o.disabled), None))
        menu.highlighted = highlighted if highlighted is not None and highlighted < len(items) else first

    @on(OptionList.OptionSelected, "#lessons")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        lesson = self.lessons.get(event.option.id or "")
        if lesson is not None:
            open_lesson(self, lesson)

    def action_back(self) -> None:
        if len(self.app.screen_stack) > 1:
            self.app.pop_screen()
        else:
            self.app.exit()


def open_lesson(screen: Screen[None], lesson: Lesson) -> None:
    screen.app.push_screen(LessonScreen.open(lesson))
