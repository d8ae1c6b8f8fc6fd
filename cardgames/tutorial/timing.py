"""How long a lesson takes a newcomer, worked out from the lesson itself: reading the coach's text,
answering each step, and (the final lesson) the real game's measured length.

The figures and why they were chosen are in docs/tutorials.md ("How long a lesson takes").
"""

from __future__ import annotations

import math
import re
import statistics
from collections.abc import Iterable
from dataclasses import dataclass

from cardgames.bots.keen_bot import KeenBot
from cardgames.engine.handover import BACK_KEYS
from cardgames.tutorial.coach import Coach
from cardgames.tutorial.loader import Lesson
from cardgames.tutorial.script import Script

WORDS_PER_MINUTE = 200
"""A newcomer's pace through the coach's text: the usual figure for reading to learn (adults read
plain non-fiction at about 240 words a minute; here the text sends the eye to the board and
names words the reader meets for the first time)."""
SECONDS_PER_ANSWER = 5
"""Per `expect:` answer: find the option the text asks for among those listed and press its key
(a `->` answer, e.g. an ability and then its target, is one pick per part)."""
SECONDS_PER_CHOICE = 8
"""In the real game, per decision with a choice: read the options, look at the board, pick."""
SECONDS_PER_PASS = 2
"""In the real game, per decision with a single option ("Pass"): one key."""
CORE_MINUTES = 15
"""The issue's target: a game's core lessons (a 2-player first evening) in 15 minutes or less."""

WORD = re.compile(r"[A-Za-z0-9\u00C0-\u024F]+(?:['’.,-][A-Za-z0-9\u00C0-\u024F]+)*")
"""A word as a reader counts it: `Smite`, `don't`, `3–4` is two, `1,000` is one; Markdown marks
(`**`, `-`, `` ` ``) are not words."""


def words(text: str) -> int:
    """How many words a reader reads in this Markdown text."""
    return len(WORD.findall(text))


def read_words(script: Script) -> int:
    """The words the learner reads: every step's text (the coach's panel, or "What just happened"
    for the opponent's steps), and at the end what was learnt and the outro. Not the directives
    (`rule:`, `show:`, `expect:`, `wrong:`, `do:`), nor the explanations of wrong answers (read
    only by a learner who gives one)."""
    return sum(words(x) for x in _read_texts(script))


def _read_texts(script: Script) -> Iterable[str]:
    yield from (step.text for step in script.steps)
    yield from script.learn
    yield script.outro


def answers(script: Script) -> int:
    """The picks the script asks of the learner: one per `->` part of each act step's first
    `expect:` (alternatives are one answer); the free game is counted by `play_minutes`."""
    return sum(len(step.expect[0].split("->")) for step in script.steps
               if step.kind == "act" and "play on" not in step.expect)


def lesson_seconds(script: Script) -> float:
    """A newcomer's time through the lesson, in seconds: reading, answering, the real game."""
    return (read_words(script) * 60 / WORDS_PER_MINUTE + answers(script) * SECONDS_PER_ANSWER
            + script.play_minutes * 60)


def lesson_minutes(script: Script) -> int:
    """The lesson's "about N min": its time to the nearest minute (at least 1), so a game's
    lessons add up to about its first-evening total."""
    return max(1, math.floor(lesson_seconds(script) / 60 + 0.5))


def play_seconds(choices: float, passes: float) -> float:
    """The real game's time from its learner decisions: those with a choice, and one-key passes."""
    return choices * SECONDS_PER_CHOICE + passes * SECONDS_PER_PASS


def core_minutes(scripts: Iterable[Script]) -> int:
    """A game's core path (its first evening): its lessons that are not optional, their seconds
    added up, rounded up to a whole minute."""
    return math.ceil(sum(lesson_seconds(s) for s in scripts if not s.optional) / 60)


MEASURED_GAMES = 12
"""How many real games `measure_play` plays (learner seeds 0..11): enough for a stable median."""


@dataclass(frozen=True)
class PlayedGame:
    """One run of a lesson's real game: the learner's decisions in it, and the turn it ended on."""

    choices: int
    passes: int
    turn: int

    @property
    def seconds(self) -> float:
        return play_seconds(self.choices, self.passes)


def play_game(lesson: Lesson, seed: int) -> PlayedGame:
    """Play the lesson through, the scripted steps as expected and its real game with a keen bot
    in the learner's seat (seeded; the opponent's bot as the lesson has it), counting the
    decisions the coach asks the learner in the real game."""
    coach = Coach(lesson, seed=seed)
    learner = KeenBot(seed + 1000)
    choices = passes = 0
    while not coach.done:
        if coach.current_kind() == "read":
            coach.go_on()
            continue
        d = coach.decision
        if coach.free_play() and d is not None:
            real = [o for o in d.options if o.key not in BACK_KEYS]
            choices, passes = (choices + 1, passes) if len(real) > 1 else (choices, passes + 1)
            coach.answer(learner.choose(d).key)
            continue
        option = coach.expected()
        if option is None:
            raise ValueError(f"{lesson.key}: step {coach.current.title if coach.current else '?'!r} "
                             "expects no option offered")
        coach.answer(option.key)
    return PlayedGame(choices, passes, int(getattr(coach.game.state, "turn", 0) or 0))


def measure_play(lesson: Lesson, games: int = MEASURED_GAMES) -> float:
    """The real game's minutes for `play_minutes:`: the median of `games` runs (`play_game`),
    at `SECONDS_PER_CHOICE` and `SECONDS_PER_PASS`, to one decimal."""
    return round(statistics.median(play_game(lesson, seed).seconds for seed in range(games)) / 60, 1)
