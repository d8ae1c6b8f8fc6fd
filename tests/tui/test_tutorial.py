"""Tutorials in the app: every lesson played through by key presses (its wrong answers shown with
their explanation on the way), the lesson list with progress that survives a restart, the
hint and undo keys, `cardgames learn`, and snapshots of the list and of each lesson's first step."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
from kit.app import press
from textual.pilot import Pilot
from textual.widgets import OptionList, Static
from tutorial.test_broken_lessons import lessons_with_a_broken_one

import cardgames.tutorial.loader as loader
from cardgames.cli import main
from cardgames.scenarios.match import match
from cardgames.tools.keys import settle
from cardgames.tui.app import CardgamesApp
from cardgames.tui.screens.lesson import LessonDoneScreen, LessonScreen, ResumeScreen
from cardgames.tui.screens.tutorials import TutorialsScreen
from cardgames.tutorial import Progress, load_lesson
from cardgames.tutorial.loader import Lesson, games_with_lessons, lesson_dirs

SIZE = (140, 45)
LESSONS = [d for game in games_with_lessons() for d in lesson_dirs(game)]
MAX_KEYS = 4000


def coach_text(screen: LessonScreen) -> str:
    return str(screen.query_one("#coach-text", Static).render())


async def choose(app: CardgamesApp, pilot: Pilot[None], screen: LessonScreen, key: str) -> None:
    """Pick the option with this key as a player would: its number, or j/k to it and l."""
    options = screen.query_one("#options", OptionList)
    ids = [options.get_option_at_index(i).id for i in range(options.option_count)]
    assert key in ids, f"{key} is not shown; the options are {ids}"
    at = ids.index(key)
    if at < 9:
        await press(app, pilot, str(at + 1))
        return
    options.focus()
    while options.highlighted != at:
        await press(app, pilot, "j" if (options.highlighted or 0) < at else "k")
    await press(app, pilot, "l")


async def play_lesson_by_keys(app: CardgamesApp, pilot: Pilot[None]) -> int:
    """n through reading steps; at each act step every scripted wrong answer (its explanation
    must show in the coach's panel), then the expected one; the free game by a bot's picks."""
    keys = 0
    while keys < MAX_KEYS:
        screen = app.screen
        if isinstance(screen, LessonDoneScreen):
            return keys
        assert isinstance(screen, LessonScreen), f"unexpected screen {screen}"
        coach = screen.coach
        step = coach.current
        assert step is not None
        if step.kind == "read":
            await press(app, pilot, "n")
        elif coach.free_play():
            d = coach.decision
            assert d is not None
            await choose(app, pilot, screen, coach.bot.choose(d).key)
        else:
            for wrong in coach.wrongs_now():
                d = coach.decision
                assert d is not None
                key = match(coach.game, d, wrong.choice.split("->")[coach.part].strip(), target=coach.part > 0).key
                before = (coach.step, len(coach.game.events))
                await choose(app, pilot, screen, key)
                assert (coach.step, len(coach.game.events)) == before
                assert " ".join(wrong.why.replace("**", "").split()[:6]) in " ".join(coach_text(screen).split())
            option = coach.expected()
            assert option is not None, f"step {step.title!r}: the expected answer is not offered"
            await choose(app, pilot, screen, option.key)
        keys += 1
        await pilot.pause()
    raise AssertionError("the lesson did not end")


async def open_lesson(app: CardgamesApp, pilot: Pilot[None], lesson: Lesson) -> LessonScreen:
    """Open `lesson` in the app (as the Tutorials list does) and return its screen, drawn (one pause
    was not always enough on a loaded machine: the board not yet laid out, its panels unmarked)."""
    await pilot.pause()
    app.push_screen(LessonScreen.open(lesson))
    await settle(app, pilot)
    screen = app.screen
    assert isinstance(screen, LessonScreen)
    return screen


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: f"{p.parent.name}-{p.name}")
async def test_each_lesson_plays_through_by_keys(path: Path) -> None:
    lesson = load_lesson(path)
    app = CardgamesApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.push_screen(LessonScreen.open(lesson))
        await pilot.pause()
        await play_lesson_by_keys(app, pilot)
        assert isinstance(app.screen, LessonDoneScreen)
        text = str(app.screen.query_one(Static).render())
        assert all(item in text for item in lesson.script.learn)
        if any("play on" in step.expect for step in lesson.script.steps):  # the real game: who won
            assert " won — " in text or "A draw" in text


async def test_progress_is_shown_and_survives_a_restart(cardgames_home: Path) -> None:
    first = load_lesson(LESSONS[0])
    app = CardgamesApp()
    app.pending_lessons = first.game
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TutorialsScreen)
        menu = app.screen.query_one("#lessons", OptionList)
        line = str(menu.get_option(first.key).prompt)
        assert "not started" in line
        await pilot.press("enter")  # the first lesson not done is highlighted
        await pilot.pause()
        assert isinstance(app.screen, LessonScreen) and app.screen.coach.lesson.key == first.key
        await play_lesson_by_keys(app, pilot)
        assert isinstance(app.screen, LessonDoneScreen)
        await pilot.press("escape")  # back to the lessons
        await pilot.pause()
        assert isinstance(app.screen, TutorialsScreen)
        menu = app.screen.query_one("#lessons", OptionList)
        assert "✓ done" in str(menu.get_option(first.key).prompt)
        second = load_lesson(LESSONS[1])
        assert second.game == first.game
        assert menu.highlighted is not None and menu.get_option_at_index(menu.highlighted).id == second.key
    app = CardgamesApp()  # a restart: a new app reads the progress file
    app.pending_lessons = first.game
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        menu = app.screen.query_one("#lessons", OptionList)
        assert "✓ done" in str(menu.get_option(first.key).prompt)
    assert (cardgames_home / "tutorials.json").is_file()


async def test_the_title_opens_the_tutorials() -> None:
    app = CardgamesApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("down", "enter")  # New game, Tutorials
        await pilot.pause()
        assert isinstance(app.screen, TutorialsScreen)
        menu = app.screen.query_one("#lessons", OptionList)
        shown = {menu.get_option_at_index(i).id for i in range(menu.option_count)}
        assert {load_lesson(p).key for p in LESSONS} <= shown


async def test_hint_shows_the_expected_action_and_undo_steps_back() -> None:
    lesson = load_lesson(lesson_dirs("allegiance")[0])
    app = CardgamesApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_lesson(app, pilot, lesson)
        await press(app, pilot, "n")
        await press(app, pilot, "n")
        await press(app, pilot, "t")
        assert "Hint: Choose: Valdruun Warhammer" in " ".join(coach_text(screen).split())
        await press(app, pilot, "1")
        assert screen.coach.step == 3
        await press(app, pilot, "u")
        assert screen.coach.step == 2
        assert "Equip: choose your weapon" in coach_text(screen)


async def test_t_then_enter_gives_the_hinted_answer_at_every_step() -> None:
    """The cube lesson shows cards it does not ask for (the one just kept, a card to put back): the
    hint's option, not the first option about a shown card, is the one Enter then chooses."""
    lesson = load_lesson(next(d for d in lesson_dirs("algomancy") if d.name == "10-cube-draft"))
    app = CardgamesApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_lesson(app, pilot, lesson)
        answered = 0
        while app.screen is screen and not screen.coach.done:
            if screen.coach.expected() is None:
                await press(app, pilot, "n")
                continue
            await press(app, pilot, "t")
            await press(app, pilot, "enter")
            assert not screen.refusal, screen.refusal
            answered += 1
        assert answered >= 8


def test_learn_refuses_a_game_without_lessons(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["learn", "nope"]) == 2  # not a game at all: argparse's usage error


def test_snapshot_of_the_lesson_list(snap_compare: Any) -> None:
    app = CardgamesApp()
    app.pending_lessons = None

    async def open_list(pilot: Pilot[None]) -> None:
        await pilot.pause()
        await pilot.press("down", "enter")
        await pilot.pause()

    assert snap_compare(app, terminal_size=SIZE, run_before=open_list)


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: f"{p.parent.name}-{p.name}")
def test_snapshot_of_each_lesson_first_step(snap_compare: Any, path: Path) -> None:
    lesson = load_lesson(path)

    async def open_lesson(pilot: Pilot[None]) -> None:
        await pilot.pause()
        pilot.app.push_screen(LessonScreen.open(lesson))
        await settle(pilot.app, pilot)  # (the screen as the learner sees it once drawn)

    assert snap_compare(CardgamesApp(), terminal_size=SIZE, run_before=open_lesson)


async def step_to(app: CardgamesApp, pilot: Pilot[None], screen: LessonScreen, title: str) -> None:
    """Go through the lesson as the coach expects, up to the step with this title."""
    while screen.coach.current is not None and screen.coach.current.title != title:
        if screen.coach.current.kind == "read":
            await press(app, pilot, "n")
        else:
            option = screen.coach.expected()
            assert option is not None
            await choose(app, pilot, screen, option.key)
    assert screen.coach.current is not None, f"no step {title!r}"
    await settle(app, pilot)


async def test_the_coach_rings_the_card_it_points_at_and_marks_the_panel() -> None:
    """`show: infantry` when no option is about it: the Infantry's tile wears the ring; `show:
    seat-0` marks Paul's panel."""
    lesson = load_lesson(lesson_dirs("allegiance")[0])
    app = CardgamesApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_lesson(app, pilot, lesson)
        assert screen.board.query_one("#seat-0").has_class("-coach")  # step 1 shows seat-0
        await step_to(app, pilot, screen, "End your maneuver phase")
        infantry = screen.coach.spotlight_cards()
        assert infantry and screen.board.spotlight == infantry
        ring = screen.board._option_stop()
        assert ring is not None
        assert any(spot.key == ring and spot.ref in infantry for _, spot in screen.board.stops())
        assert not screen.board.query_one("#seat-0").has_class("-coach")


async def test_the_board_shows_what_the_coach_points_at_else_the_learners_own_area() -> None:
    """Four players overflow the board: a step that shows a panel scrolls it into view; a step that
    shows nothing keeps the learner's own panel (at the bottom) in view."""
    lesson = load_lesson(next(d for d in lesson_dirs("allegiance") if d.name == "06-more-players"))
    app = CardgamesApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_lesson(app, pilot, lesson)
        board = screen.board
        assert board.max_scroll_y > 0
        await step_to(app, pilot, screen, "A battle against the other team")  # show: seat-1
        assert board.region.overlaps(board.query_one("#seat-1").region)
        await step_to(app, pilot, screen, "End your turn")  # shows nothing
        own = board.query_one(f"#seat-{screen.coach.seat}")
        assert board.region.contains_region(own.region), (board.region, own.region)


async def test_a_board_shorter_than_the_screen_starts_at_the_top() -> None:
    """Anchored to the learner's own area, a board whose panels do not fill it is not pushed down
    (Textual scrolls an anchored widget to its content's end, even above the top)."""
    lesson = load_lesson(lesson_dirs("mechamancers")[0])
    app = CardgamesApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_lesson(app, pilot, lesson)
        await step_to(app, pilot, screen, "Keep a role in secret")
        board = screen.board
        assert board.max_scroll_y == 0 and board.scroll_offset.y == 0
        first = next(iter(board.children))
        assert first.region.y == board.content_region.y


def test_learn_opens_the_app_on_that_games_lessons(monkeypatch: pytest.MonkeyPatch) -> None:
    opened: list[str | None] = []
    monkeypatch.setattr(CardgamesApp, "run", lambda self, **_: opened.append(self.pending_lessons))
    assert main(["learn", "algomancy"]) == 0
    assert opened == ["algomancy"]


def test_learn_a_game_without_lessons_says_so(monkeypatch: pytest.MonkeyPatch,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(loader, "games_with_lessons", lambda root=None: ["allegiance"])
    monkeypatch.setattr(CardgamesApp, "run", lambda self, **_: pytest.fail("the app opened"))
    assert main(["learn", "algomancy"]) == 1
    assert "algomancy has no lessons yet" in capsys.readouterr().err


async def test_a_broken_lesson_is_listed_and_the_one_before_it_still_finishes(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Broken front matter in lesson 2: the list names it (file, line, problem) and cannot open
    it; lesson 1 plays through and its end offers lesson 3, not a traceback."""
    root = lessons_with_a_broken_one(tmp_path)
    monkeypatch.setattr(loader, "lessons_root", lambda: root)
    dirs = lesson_dirs("allegiance", root)
    broken_key = f"allegiance/{dirs[1].name}"
    app = CardgamesApp()
    app.pending_lessons = "allegiance"
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TutorialsScreen)
        menu = app.screen.query_one("#lessons", OptionList)
        line = str(menu.get_option(broken_key).prompt)
        assert "broken" in line and f"{dirs[1] / 'script.md'}:" in line and "not valid YAML" in line
        assert menu.get_option(broken_key).disabled
        await pilot.press("enter")  # lesson 1, the first not done
        await pilot.pause()
        assert isinstance(app.screen, LessonScreen)
        await play_lesson_by_keys(app, pilot)
        done = app.screen
        assert isinstance(done, LessonDoneScreen)
        assert done.next is not None and done.next.id == dirs[2].name
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, TutorialsScreen)
        first = app.screen.query_one("#lessons", OptionList).get_option(f"allegiance/{dirs[0].name}")
        assert "✓ done" in str(first.prompt)


async def test_leaving_a_lesson_and_coming_back_offers_to_continue(cardgames_home: Path) -> None:
    """Esc part-way, then (after a restart too) Enter on the lesson: continue where you left
    off — the same step and table — or start over."""
    first = load_lesson(LESSONS[0])
    app = CardgamesApp()
    app.pending_lessons = first.game
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, LessonScreen)
        for _ in range(4):
            if screen.coach.current_kind() == "read":
                await press(app, pilot, "n")
            else:
                option = screen.coach.expected()
                assert option is not None
                await choose(app, pilot, screen, option.key)
        step, events = screen.coach.step, list(screen.coach.game.events)
        assert step > 0
        await press(app, pilot, "escape")
        assert isinstance(app.screen, TutorialsScreen)
        assert f"step {step + 1} of" in str(app.screen.query_one("#lessons", OptionList).get_option(first.key).prompt)
    app = CardgamesApp()  # a restart
    app.pending_lessons = first.game
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ResumeScreen)
        assert f"step {step + 1} of" in str(app.screen.query_one(Static).render())
        await pilot.press("enter")  # Continue where you left off
        await pilot.pause()
        resumed = app.screen
        assert isinstance(resumed, LessonScreen)
        assert resumed.coach.step == step and resumed.coach.game.events == events
        assert f"Step {step + 1} of" in coach_text(resumed)
        await press(app, pilot, "escape")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ResumeScreen)
        await pilot.press("down", "enter")  # Start over
        await pilot.pause()
        fresh = app.screen
        assert isinstance(fresh, LessonScreen) and fresh.coach.step == 0 and not fresh.coach.moves
    assert Progress.load(cardgames_home).left_at(first.key) is None


async def test_a_damaged_progress_file_is_reported_on_the_list(cardgames_home: Path) -> None:
    (cardgames_home / "tutorials.json").write_text("{not json")
    app = CardgamesApp()
    app.pending_lessons = "allegiance"
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        menu = app.screen.query_one("#lessons", OptionList)
        assert "not valid JSON" in str(menu.get_option_at_index(0).prompt)


async def test_a_scripted_move_that_fails_mid_lesson_is_shown_not_a_crash(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A `do:` line that no longer fits the table: the answer that led to it is taken back and
    the coach's panel says what failed, with the file; the app goes on."""
    source = lesson_dirs("allegiance")[0]
    folder = tmp_path / "lessons" / "allegiance" / source.name
    shutil.copytree(source, folder)
    script = folder / "script.md"
    script.write_text(script.read_text(encoding="utf-8").replace(
        "do: Allison: attack thedric-weapon", "do: Allison: attack no-such-card"), encoding="utf-8")
    monkeypatch.setattr(loader, "lessons_root", lambda: tmp_path / "lessons")
    lesson = load_lesson(folder)
    app = CardgamesApp()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_lesson(app, pilot, lesson)
        for _ in range(40):
            if "broken here" in coach_text(screen):
                break
            if screen.coach.current_kind() == "read":
                await press(app, pilot, "n")
            else:
                option = screen.coach.expected()
                assert option is not None
                await choose(app, pilot, screen, option.key)
        text = " ".join(coach_text(screen).split())
        assert "This lesson is broken here" in text and "no-such-card" in text and str(script) in text
        assert app.screen is screen and screen.coach.current is not None
        assert screen.coach.current.title == "End your maneuver phase"  # the answer taken back


async def test_answers_that_no_longer_fit_continue_where_they_stop_and_say_so(cardgames_home: Path) -> None:
    first = load_lesson(lesson_dirs("allegiance")[0])
    Progress.load(cardgames_home).remember(first.key, 3, [None, None, "no-such-option", None])
    app = CardgamesApp()
    app.pending_lessons = "allegiance"
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ResumeScreen)
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, LessonScreen) and screen.coach.step == 2
        assert "The lesson changed since you left it" in coach_text(screen)
        assert "step 3" in coach_text(screen)
