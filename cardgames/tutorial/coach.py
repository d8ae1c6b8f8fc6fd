"""Run a lesson on the real engine: wait on the learner, check each answer against the script,
play the opponent's scripted moves, undo, hint. The app and the tests drive the same Coach.

Decisions nobody scripted are answered for the players: the opponent passes (or says done, or
gives the only answer; a lesson whose script says `opponent: bot` lets a keen bot play it), and
the learner's decisions with a single sensible answer are given, as the app does. In the free
game the coach tells what the bot did, one line per move, as the log says it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from cardgames.bots.keen_bot import KeenBot
from cardgames.engine.decisions import CardgamesError, Decision, Option
from cardgames.engine.game import Game
from cardgames.engine.handover import BACK_KEYS, forced_answer
from cardgames.scenarios.match import NoMatch, match
from cardgames.scenarios.model import Step as WhenLine
from cardgames.scenarios.runner import Runner, StepFailed
from cardgames.tutorial.loader import Lesson, LessonError
from cardgames.tutorial.progress import Move
from cardgames.tutorial.script import Step, Wrong

FREE_PLAY = "play on"
"""`expect: play on`: any legal answer; the step ends with the game (the final, real game)."""
MAX_AUTO = 2000
"""Answers given for the players in one go before the coach calls the lesson broken."""


@dataclass(frozen=True)
class Verdict:
    """What the coach says about an answer: taken (`ok`), or refused with why and which rule."""

    ok: bool
    why: str = ""
    rules: tuple[str, ...] = ()


@dataclass
class _Mark:
    events: int
    step: int
    part: int
    alive: tuple[int, ...]
    notes: list[str]
    moves: int
    rng: object


@dataclass
class Coach:
    lesson: Lesson
    seed: int = 0
    step: int = 0
    """Index of the current step (== len(steps): the lesson is over)."""
    part: int = 0
    """How many `->` parts of the expected answer the learner has given in this step."""
    alive: tuple[int, ...] = ()
    """The step's `expect:` alternatives the answers so far agree with."""
    notes: list[str] = field(default_factory=list)
    """What happened since the learner last acted (the opponent's moves, explained)."""
    history: list[_Mark] = field(default_factory=list)
    moves: list[str | None] = field(default_factory=list)
    """The learner's answers so far (option keys; None: a reading step read): replayed on the
    lesson's scenario, they bring a new coach to this point (`replay`)."""

    def __post_init__(self) -> None:
        scenario = self.lesson.scenario
        try:
            self.runner = Runner(scenario)
            self.table_set = len(self.game.events)
            """Events that deal and set the table (the log the lesson starts after)."""
            for line in scenario.steps:  # the scenario's own `when`: the table before the lesson
                if line.check is None:
                    self.runner.play(line)
        except (CardgamesError, StepFailed) as exc:
            raise LessonError(f"{self.lesson.path}: the table cannot be set: {exc}") from None
        self.seat = self.game.seat_of(self.lesson.script.learner)
        self.bot = KeenBot(self.seed)
        self.book = self.game.logbook(self.seat)
        """The log as the learner reads it: what the bot's moves did, for the notes."""
        self._begin_step()
        self._auto()

    # -- what the screen shows -------------------------------------------------------------

    @property
    def game(self) -> Game:
        return self.runner.game

    @property
    def steps(self) -> tuple[Step, ...]:
        return self.lesson.script.steps

    @property
    def done(self) -> bool:
        return self.step >= len(self.steps)

    @property
    def current(self) -> Step | None:
        return None if self.done else self.steps[self.step]

    @property
    def decision(self) -> Decision | None:
        return None if self.game.outcome is not None else self.game.decision

    def current_kind(self) -> str:
        step = self.current
        return "done" if step is None else step.kind

    def free_play(self) -> bool:
        step = self.current
        return step is not None and FREE_PLAY in step.expect

    def expected(self) -> Option | None:
        """The option the script expects next (what the hint key shows), if one is offered."""
        step, d = self.current, self.decision
        if step is None or d is None or self.free_play():
            return None
        for a in self.alive:
            parts = _parts(step.expect[a])
            if self.part < len(parts):
                try:
                    return match(self.game, d, parts[self.part], target=self.part > 0)
                except NoMatch:
                    continue
        return None

    def spotlight_cards(self) -> set[int]:
        """The cards in play the step's `show:` names (by card id), as the learner sees them."""
        step = self.current
        if step is None or not step.show:
            return set()
        view = self.game.view(self.seat)
        return {c.id for zone in view.zones.values() for c in zone.cards
                if not c.hidden and c.card in step.show}

    def spotlight(self) -> tuple[str | None, tuple[str, ...]]:
        """What the step's `show:` points at: the key of the pending option about a shown card
        (the screen highlights it, which rings the card on the board), and the other names (a
        board panel's id, or a card no option is about)."""
        step, d = self.current, self.decision
        if step is None:
            return None, ()
        key: str | None = None
        rest: list[str] = []
        expected = self.expected()
        for name in step.show:
            about = [] if d is None or d.seat_index != self.seat else [
                o for o in d.options if (obj := self.game.state.objects.get(o.ref or -1)) is not None
                and obj.card == name]
            if expected is not None and expected in about:
                key = expected.key  # the answer the step waits for: Enter chooses it
            elif about and expected is None and key is None:
                key = about[0].key
            elif not about:
                rest.append(name)
        return key, tuple(rest)

    def hint(self) -> str:
        step = self.current
        if step is None:
            return "The lesson is over."
        if step.kind == "read":
            return "Nothing to choose yet: press n to go on."
        if self.free_play():
            return "Play the game: any legal move. Press w to see what you cannot do and why."
        option = self.expected()
        if option is None:
            return "The lesson waits on the step's action: " + " or ".join(step.expect)
        return f"Choose: {option.label}"

    # -- the learner's answers -------------------------------------------------------------

    def answer(self, key: str) -> Verdict:
        """The learner chose option `key` of the pending decision: play it if the script expects
        it, else refuse with the script's explanation (nothing changes on the table)."""
        step, d = self.current, self.decision
        if step is None or d is None:
            return Verdict(False, "The lesson is over.")
        if d.seat_index != self.seat:
            return Verdict(False, f"It is {d.seat}'s decision, not yours.")
        if step.kind == "read":
            return Verdict(False, "Read this step first, then press n to go on.", step.rules)
        option = next((o for o in d.options if o.key == key), None)
        if option is None:
            return Verdict(False, "That is not one of the options now.", step.rules)
        if self.free_play():
            self._mark()
            self.moves.append(key)
            self._choose(option)
            if self.game.outcome is not None:
                self._finish_step()
            self._auto()
            return Verdict(True)
        if key in BACK_KEYS and self.part > 0 and self.undo():
            return Verdict(True)  # backing out of a half-made answer: the step starts it again
        agree = tuple(a for a in self.alive if self._part_key(step.expect[a], d) == key)
        if not agree:
            return Verdict(False, self._why_wrong(step, d, key), step.rules)
        self._mark()
        self.moves.append(key)
        self._choose(option)
        self.alive = agree
        self.part += 1
        if any(len(_parts(step.expect[a])) <= self.part for a in agree):
            self._finish_step()
        self._auto()
        return Verdict(True)

    def go_on(self) -> bool:
        """n: a reading step is read; on to the next. False if this step waits on an action."""
        step = self.current
        if step is None or step.kind != "read":
            return False
        self._mark()
        self.moves.append(None)
        self._finish_step()
        self._auto()
        return True

    def replay(self, moves: list[Move] | tuple[Move, ...]) -> int:
        """Give the learner's earlier answers again, in order (resuming a lesson); stops at the
        first that no longer fits (the lesson changed since). Returns how many were given."""
        for n, move in enumerate(moves):
            if self.done:
                return n
            if move is None:
                if not self.go_on():
                    return n
            elif not self.answer(move).ok:
                return n
        return len(moves)

    def undo(self) -> bool:
        """Take back the learner's last answer (and what the opponent did after it)."""
        if not self.history:
            return False
        mark = self.history.pop()
        self.runner.game = Game(self.game.ruleset, self.game.events[:mark.events], dict(self.game.header))
        self.step, self.part, self.alive, self.notes = mark.step, mark.part, mark.alive, mark.notes
        del self.moves[mark.moves:]
        self.bot.rng.setstate(mark.rng)  # type: ignore[arg-type]  # the bot answers again as it did
        return True

    def wrongs_now(self) -> list[Wrong]:
        """The step's scripted wrong answers that apply at this point of the answer: those that
        agree with the expected answer so far (`a -> b` is wrong at its second pick)."""
        step = self.current
        if step is None or not self.alive:
            return []
        expected = _parts(step.expect[self.alive[0]])
        return [w for w in step.wrong if len(parts := _parts(w.choice)) > self.part
                and parts[:self.part] == expected[:self.part]
                and (self.part >= len(expected) or parts[self.part] != expected[self.part])]

    def why_wrong(self, choice: str) -> Verdict:
        """How the coach answers a written choice (a `wrong:` line's) at this point, by playing
        its part for this pick (LessonError if it names no option)."""
        d = self.decision
        step = self.current
        if d is None or step is None:
            raise LessonError("the lesson is over")
        part = _parts(choice)[min(self.part, len(_parts(choice)) - 1)]
        try:
            option = match(self.game, d, part, target=self.part > 0)
        except NoMatch as exc:
            raise LessonError(f"{choice!r} is not an option at step {step.title!r}: {exc}") from None
        return self.answer(option.key)

    # -- inside ----------------------------------------------------------------------------

    def _part_key(self, expect: str, d: Decision) -> str | None:
        parts = _parts(expect)
        if self.part >= len(parts):
            return None
        try:
            return match(self.game, d, parts[self.part], target=self.part > 0).key
        except NoMatch:
            return None

    def _why_wrong(self, step: Step, d: Decision, key: str) -> str:
        for w in self.wrongs_now():
            try:
                if match(self.game, d, _parts(w.choice)[self.part], target=self.part > 0).key == key:
                    return w.why
            except NoMatch:
                continue
        want = self.expected()
        return ("This step teaches something else: "
                + (f"choose “{want.label}” (t shows the hint)." if want else "press t for a hint."))

    def _mark(self) -> None:
        self.history.append(_Mark(len(self.game.events), self.step, self.part, self.alive, list(self.notes),
                                  len(self.moves), self.bot.rng.getstate()))
        self.notes = []

    def _choose(self, option: Option | str) -> None:
        self.game.choose(option)

    def _begin_step(self) -> None:
        step = self.current
        self.part = 0
        self.alive = tuple(range(len(step.expect))) if step is not None else ()

    def _finish_step(self) -> None:
        self.step += 1
        self._begin_step()

    def _auto(self) -> None:
        """Answer what the learner is not asked: the opponent's moves (scripted or not), and the
        learner's decisions with one sensible answer; stop where the learner decides."""
        for _ in range(MAX_AUTO):
            step = self.current
            if self.game.outcome is not None and self.free_play():
                self._finish_step()  # the game is over, whoever ended it
                continue
            if step is not None and step.kind == "opponent":
                for line in step.do:
                    who, _, text = line.partition(":")
                    try:
                        self.runner.play(WhenLine(step.line, who.strip(), text.strip()))
                    except (StepFailed, CardgamesError) as exc:
                        raise LessonError(f"{self.lesson.path / 'script.md'}:{step.line}: step {step.title!r}: "
                                          f"`do: {line}` failed: {exc}") from None
                self.notes.append(f"**{step.title}** — {step.text}" if step.text else f"**{step.title}**")
                self._finish_step()
                continue
            d = self.decision
            if d is None:
                return
            if d.seat_index != self.seat and (step is None or step.kind != "read"):
                told = len(self.book.read(self.game.events))
                self._choose(self._opponent_answer(d))  # at the end too: what the learner did resolves
                if self.free_play():
                    self._tell(d.seat, told)
                continue
            if step is None or step.kind == "read":
                return
            forced = forced_answer(self.game.ruleset, self.game.state, d)
            if forced is not None and self._part_key_any(step, d) is None:  # unless the step teaches it
                self._choose(forced)
                continue
            return
        raise LessonError(f"{self.lesson.path}: {MAX_AUTO} answers given for the players without the learner")

    def _tell(self, who: str, since: int) -> None:
        """Notes of what the opponent's move did: the log's lines since `since`, one note for the move
        and one for each new turn or round it led to (a log line "— Turn 9: Paul —" heads its own)."""
        label = f"**{who}**"
        lines: list[str] = []
        for line in self.book.read(self.game.events)[since:]:
            if line.startswith("— "):
                if lines:
                    self.notes.append(f"{label}: " + "; ".join(lines))
                label, lines = f"**{line.strip('— ')}**", []
            else:
                lines.append(line)
        if lines:
            self.notes.append(f"{label}: " + "; ".join(lines))

    def _part_key_any(self, step: Step, d: Decision) -> str | None:
        for a in self.alive:
            key = self._part_key(step.expect[a], d)
            if key is not None:
                return key
        return None

    def _opponent_answer(self, d: Decision) -> Option:
        if self.lesson.script.opponent == "bot":
            return self.bot.choose(d)
        forced = forced_answer(self.game.ruleset, self.game.state, d)
        if forced is not None:
            return forced
        for key in ("pass", "done"):
            if any(o.key == key for o in d.options):
                return d.option(key)
        done = [o for o in d.options if o.group in ("done", "pass")]
        return done[0] if done else self.bot.choose(d)


def _parts(expect: str) -> list[str]:
    return [p.strip() for p in expect.split("->")]
