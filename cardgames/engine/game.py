"""A game in progress: the log, the state folded from it, the pending decision, choose and undo."""

from __future__ import annotations

import itertools
import json
from pathlib import Path
from typing import Any

from cardgames.engine import core_events as ce
from cardgames.engine.decisions import (
    Ask,
    Decision,
    EngineError,
    IllegalChoice,
    Option,
    StaleChoice,
    UndoRefused,
    issued,
)
from cardgames.engine.events import Event, apply
from cardgames.engine.flow import Flow
from cardgames.engine.gcpause import gc_paused
from cardgames.engine.logbook import Logbook
from cardgames.engine.ruleset import Ruleset
from cardgames.engine.save import SaveError, write_save
from cardgames.engine.state import Json, Outcome, State, clone
from cardgames.engine.view import GameView, build_view

_TOKENS = itertools.count(1)
"""Decision tokens: unique across every game of the process, so no option is ever mistaken
for one of a later decision (not even after undo returns to the same point of the log)."""


def fold(ruleset: Ruleset, events: list[Event]) -> State:
    """The state a log describes: every event applied, in order, to an empty table."""
    state = State(game=ruleset.name, players=[])
    for ev in events:
        apply(state, ev)
    return state


class Game:
    """One game: read `decision`, answer with `choose`; everything else follows from the log."""

    def __init__(self, ruleset: Ruleset, events: list[Event], header: dict[str, Json],
                 state: State | None = None) -> None:
        """`state`, if given, must be the fold of `events` (`new` has it already: no second fold)."""
        self.ruleset = ruleset
        self.header = header
        self.events: list[Event] = events
        self.state = fold(ruleset, events) if state is None else state
        self.flow = Flow(ruleset, self.state, self.events)
        self._ask: Ask | None = None
        """What the rules wait on (None: the game is over)."""
        self._decision: Decision | None = None
        """`_ask` numbered as a Decision; built on demand (a replay skips the ones it answers)."""
        self.checked: str | None = None
        """How a loaded game's log was checked: "replayed" (every event against the rules),
        "sealed" (folded: the file's seals vouch that this build wrote it; any rest replayed) or
        "unchecked" (folded despite a version mismatch); None for a game started here."""
        self._settle()

    @classmethod
    def restore(cls, ruleset: Ruleset, header: dict[str, Json], saved: list[Event],
                warnings: list[str] | None = None) -> Game:
        """Rebuild a saved game by replaying its choices, checking every event against the log.

        The game is started again from the header (seed, players, options) and each recorded
        answer is given again; every event the rules produce must equal the saved one. Where the
        log ends early, or stops agreeing (damage, or other rules), the game resumes at the last
        decision before that point, and `header["warnings"]` says so. So the result is always a
        prefix of the saved game, never a different one. Raises SaveError if not even the start
        of the game agrees with the header.
        """
        with gc_paused():
            return cls._restore(ruleset, header, saved, list(warnings or []))

    @classmethod
    def _restore(cls, ruleset: Ruleset, header: dict[str, Json], saved: list[Event],
                 notes: list[str]) -> Game:
        names, seed, options = _header_setup(header)
        try:
            game = cls.new(ruleset, names, seed, options)
        except Exception as exc:
            raise SaveError(f"the save's header does not describe a game these rules can start: {exc}") from exc
        game.header = {k: v for k, v in header.items() if k != "warnings"}
        game.checked = "replayed"
        return game._replay_rest(saved, 0, notes)

    @classmethod
    def reopen(cls, ruleset: Ruleset, header: dict[str, Json], saved: list[Event], sealed: int,
               warnings: list[str] | None = None) -> Game:
        """Rebuild a saved game of this very build: its first `sealed` events, which the file's
        seals vouch for, are folded as they are; the rest, if any (a write cut short, or damaged),
        is replayed and checked as `restore` does.

        The rules would give those sealed events again (same code, same header, same answers), so
        the result is `restore`'s at a fraction of the cost. If the folded events do not end at a
        decision, it falls back to `restore`.
        """
        with gc_paused():
            events = saved[:sealed]
            try:
                state = fold(ruleset, events)
                game = cls(ruleset, events, {k: v for k, v in header.items() if k != "warnings"}, state)
            except Exception:
                game = None
            if game is None or len(game.events) != sealed:  # not a decision the save stopped at
                return cls._restore(ruleset, header, saved, list(warnings or []))
            game.checked = "sealed"
            return game._replay_rest(saved, sealed, list(warnings or []))

    def _replay_rest(self, saved: list[Event], pos: int, notes: list[str]) -> Game:
        """Give the answers of `saved` from position `pos` on (where this game's log is the same as
        `saved` so far) and check every event they produce against the saved ones; stop at the
        last decision before any difference, and say so in `header["warnings"]`."""
        game, events = self, self.events
        while True:
            upto = min(len(events), len(saved))
            bad = _first_difference(events, saved, pos, upto)
            if bad is not None:
                if pos == 0:  # still in the setup: there is no decision to resume at
                    raise SaveError(
                        f"event {bad + 1} of the save ({saved[bad].TYPE}) is not what these rules "
                        f"produce from its header ({events[bad].TYPE}); the save is damaged or was "
                        "written by other rules, and no decision of it can be recovered"
                    )
                notes.append(
                    f"event {bad + 1} of the save ({saved[bad].TYPE}) is not what the rules produce "
                    f"there ({events[bad].TYPE}): the save is damaged or was written by other rules"
                )
                game._rewind(pos)
                break
            pos = upto
            if pos >= len(saved):
                break
            ev = saved[pos]
            if isinstance(ev, ce.PreferenceSet):
                try:
                    game.set_preference(ev.seat, ev.key, ev.value)
                except EngineError as exc:
                    notes.append(f"event {pos + 1} of the save ({ev.TYPE}): {exc}")
                    break
                continue
            problem = _replay_problem(game, ev)
            if problem is None and pos == len(saved) - 1:
                problem = "the log ends with this answer, so it cannot be checked; it is not replayed"
            if problem is None:
                assert isinstance(ev, ce.Chose)
                try:
                    game.replay_answer(ev.key)
                except Exception as exc:
                    problem = f"the recorded answer {ev.key!r} is refused: {exc}"
            if problem is not None:
                notes.append(f"event {pos + 1} of the save ({ev.TYPE}): {problem}")
                break
        cut = len(events) > len(saved)
        where = "" if not (notes or cut) else (  # the pending decision is numbered only to be named
            f"{game.decision.seat}'s {game.decision.kind} decision on turn {game.state.turn}"
            if game._ask is not None else "the end of the game")
        if notes:
            notes.append(f"recovered {min(len(events), len(saved))} of the save's {len(saved)} events: "
                         f"the game resumes at {where}")
        elif cut:
            notes.append(f"the save ends in the middle of a step (it was cut short): the rules "
                         f"finished the step, and the game resumes at {where}")
        if notes:
            game.header["warnings"] = notes
        return game

    @classmethod
    def from_log(cls, ruleset: Ruleset, header: dict[str, Json], saved: list[Event],
                 warnings: list[str] | None = None) -> Game:
        """Fold a log without checking it against the rules (for saves of other versions).

        Events are applied until one does not fit the state; the rest is dropped and said so.
        """
        notes = list(warnings or [])
        state = State(game=ruleset.name, players=[])
        good = 0
        for ev in saved:
            try:
                apply(state, ev)
            except Exception as exc:
                notes.append(f"event {good + 1} of the save ({ev.TYPE}) does not apply ({exc}); "
                             f"kept the first {good} events")
                break
            good += 1
        head = {k: v for k, v in header.items() if k != "warnings"}
        try:
            game = cls(ruleset, list(saved[:good]), head)
        except Exception as exc:
            raise SaveError(f"the save's log cannot be resumed with these rules: {exc}") from exc
        notes.append("the log was not checked against these rules (loaded despite a version mismatch)")
        game.header["warnings"] = notes
        game.checked = "unchecked"
        return game

    # -- creation ------------------------------------------------------------------------

    @classmethod
    def new(cls, ruleset: Ruleset, names: list[str], seed: int, options: dict[str, Json]) -> Game:
        opts = ruleset.normalize_options(list(names), dict(options))
        header: dict[str, Json] = {
            "game": ruleset.name, "rules_version": ruleset.rules_version,
            "catalog": ruleset.catalog_fingerprint(), "build": ruleset.build_fingerprint(),
            "seed": seed, "players": list(names), "options": opts,
        }
        events: list[Event] = []
        state = State(game=ruleset.name, players=[])
        flow = Flow(ruleset, state, events)
        flow.emit(ce.GlobalSet("seed", seed))
        ruleset.setup(flow, list(names), opts)
        return cls(ruleset, events, header, state)

    # -- reading -------------------------------------------------------------------------

    @property
    def decision(self) -> Decision:
        """The decision the game waits on. Raises if the game is over."""
        d = self._pending()
        if d is None:
            raise EngineError("the game is over; there is no decision")
        return d

    @property
    def outcome(self) -> Outcome | None:
        return self.state.outcome

    @property
    def players(self) -> list[str]:
        return [p.name for p in self.state.players]

    def seat_of(self, name: str | int) -> int:
        """The seat index of a player, by name or index (IllegalChoice if there is none)."""
        if isinstance(name, int):
            if 0 <= name < len(self.state.players):
                return name
            raise IllegalChoice(f"no seat {name}; seats are 0..{len(self.state.players) - 1}")
        for p in self.state.players:
            if p.name == name:
                return p.seat
        raise IllegalChoice(f"no player named {name!r}; players: {', '.join(self.players)}")

    def view(self, seat: str | int | None) -> GameView:
        """What `seat` may see (None: a spectator who sees only public information)."""
        viewer = None if seat is None else self.seat_of(seat)
        return build_view(self.ruleset, self.state, viewer, self._pending())

    def log(self, viewer: str | int | None = None) -> list[str]:
        """The players' log as `viewer` may read it, rendered from events."""
        return list(self.logbook(viewer).read(self.events))

    def logbook(self, viewer: str | int | None = None) -> Logbook:
        """A log for `viewer` to keep: `read(game.events)` adds only the lines of new events."""
        return Logbook(self.ruleset, None if viewer is None else self.seat_of(viewer))

    # -- acting --------------------------------------------------------------------------

    def choose(self, choice: Option | str) -> None:
        """Answer the pending decision with one of its options (or its key).

        Raises IllegalChoice (or StaleChoice) without changing anything if it is not legal now.
        """
        d = self._pending()
        if d is None:
            raise IllegalChoice(f"the game is over ({self._ended()}); there is no decision to answer")
        if isinstance(choice, Option):
            if choice.decision != d.token and choice.decision != -1:
                raise StaleChoice(
                    f"that option ({choice.key!r}) belongs to an earlier decision; "
                    f"the game now waits on {d.seat}'s {d.kind} ({d.prompt})"
                )
            key = choice.key
        elif isinstance(choice, str):
            key = choice
        else:
            raise IllegalChoice(f"an answer is an Option or its key, not {type(choice).__name__}")
        self._answer(d.seat_index, d.kind, d.option(key))

    @property
    def waiting_on(self) -> tuple[int, str] | None:
        """(seat index, kind) of the decision the game waits on, without numbering it (None: the
        game is over); for replays, which answer every decision at once."""
        ask = self._ask
        return None if ask is None else (ask.seat, ask.kind)

    def replay_answer(self, key: str) -> None:
        """Answer the pending decision with `key` as `choose` does, with the same checks, without
        numbering the decision it answers nor the next one (a replay answers them at once;
        `decision` builds one on demand)."""
        ask = self._ask
        if ask is None:
            raise IllegalChoice(f"the game is over ({self._ended()}); there is no decision to answer")
        option = ask.find(key)  # a priority window's pass is found without listing its plays
        if option is None:
            option = self.decision.option(key)  # raises IllegalChoice, saying what is legal
        self._answer(ask.seat, ask.kind, option, build=False)

    def _answer(self, seat: int, kind: str, option: Option, build: bool = True) -> None:
        """Record the answer, let the rules act on it and run them to the next decision; on any
        error, go back to the state before the answer and raise it."""
        mark = len(self.events)
        try:
            self.flow.emit(ce.Chose(seat, kind, option.key))
            frame = self.state.frames[-1]
            self.flow.kind(frame).answer(self.flow, frame, option)
            self._settle(build)
        except Exception:
            self._rewind(mark)
            raise

    def set_preference(self, seat: str | int, key: str, value: str) -> None:
        """Change one of `seat`'s settings (the ruleset's `preferences`), recorded in the log.

        It takes effect from the next time the rules consult it; the pending decision is built
        again (a priority window may now pass on the seat's behalf). IllegalChoice if the game
        has no such setting or value.
        """
        who = self.seat_of(seat)
        allowed = self.ruleset.preferences.get(key)
        if allowed is None:
            known = ", ".join(self.ruleset.preferences) or "none"
            raise IllegalChoice(f"{self.ruleset.title} has no setting {key!r} (settings: {known})")
        if value not in allowed:
            raise IllegalChoice(f"{key} cannot be {value!r}; it is one of: {', '.join(allowed)}")
        if self._ask is None:
            raise IllegalChoice(f"the game is over ({self._ended()}); settings no longer matter")
        mark = len(self.events)
        try:
            self.flow.emit(ce.PreferenceSet(who, key, value))
            self._settle()
        except Exception:
            self._rewind(mark)
            raise

    def inputs(self) -> list[ce.Chose | ce.PreferenceSet]:
        """Everything players put into the game, in order: their answers and setting changes."""
        return inputs_of(self.events)

    def give(self, ev: ce.Chose | ce.PreferenceSet) -> None:
        """Put a recorded input into the game again (an answer or a setting change)."""
        if isinstance(ev, ce.PreferenceSet):
            self.set_preference(ev.seat, ev.key, ev.value)
        else:
            self.choose(ev.key)

    def _ended(self) -> str:
        out = self.state.outcome
        if out is None:
            return "no outcome"
        if out.draw:
            return f"a draw: {out.reason}"
        return f"{' and '.join(self.state.players[w].name for w in out.winners)} won: {out.reason}"

    def _settle(self, build: bool = True) -> None:
        """Run the rules to the next decision and check it; `build=False` leaves it to be numbered
        on demand (`_pending`)."""
        ask = self._ask = self.flow.advance()
        self._decision = None
        if ask is not None:
            if build:
                self._decision = self._number(ask)
            elif not ask.deferred:
                ask.check()  # a deferred list is checked when it is listed

    def _pending(self) -> Decision | None:
        """The decision the game waits on, numbered (None if the game is over)."""
        if self._decision is None and self._ask is not None:
            self._decision = self._number(self._ask)
        return self._decision

    def _number(self, ask: Ask) -> Decision:
        token = next(_TOKENS)
        opts = tuple([issued(o, token) for o in ask.options])
        return Decision(len(self.events), ask.seat, self.state.players[ask.seat].name, ask.kind,
                        ask.prompt, opts, clone(ask.info), token)

    def _rewind(self, length: int) -> None:
        """Go back to the state after the first `length` events (listeners stay attached)."""
        listeners = self.flow.listeners
        del self.events[length:]
        self.state = fold(self.ruleset, self.events)
        self.flow = Flow(self.ruleset, self.state, self.events)
        self.flow.listeners = listeners
        self._settle()

    def undo_reason(self, seat: str | int | None = None) -> str | None:
        """Why undo is refused for `seat` now (None if it is allowed)."""
        try:
            self._undo_point(seat)
        except UndoRefused as exc:
            return str(exc)
        return None

    def _undo_point(self, seat: str | int | None) -> int:
        """Where undo for `seat` rewinds to (the position of its last answer), or why it cannot."""
        if self._ask is None:
            raise UndoRefused(f"the game is over ({self._ended()})")
        who = self._ask.seat if seat is None else self.seat_of(seat)
        name = self.state.players[who].name
        last = next((i for i in range(len(self.events) - 1, -1, -1)
                     if isinstance(ev := self.events[i], ce.Chose) and not ev.auto), None)
        if last is None:
            raise UndoRefused(f"{name} has made no choice to undo")
        chose = self.events[last]
        assert isinstance(chose, ce.Chose)
        if chose.seat != who:
            raise UndoRefused(f"{self.state.players[chose.seat].name} has decided since {name}'s last choice")
        at = self.state.revealed_at  # the engine notes every reveal as it applies events
        if at > last:
            raise UndoRefused(
                f"hidden information was revealed since {name}'s last choice ({self._public_line(self.events[at])})"
            )
        return last

    def _public_line(self, ev: Event) -> str:
        """How the players' log tells `ev` to everyone (for messages)."""
        try:
            text = self.ruleset.describe(self.state, ev, None)
        except Exception:
            text = None
        return text or f"{'an' if ev.TYPE[:1].lower() in 'aeiou' else 'a'} {ev.TYPE} event"

    def undo(self, seat: str | int | None = None) -> None:
        """Take back `seat`'s last choice (default: the deciding seat's).

        Refused (UndoRefused) if another seat decided since, or hidden information was revealed.
        Settings changed since that choice are kept.
        """
        point = self._undo_point(seat)
        kept = [e for e in self.events[point:] if isinstance(e, ce.PreferenceSet)]
        self._rewind(point)
        for ev in kept:
            self.set_preference(ev.seat, ev.key, ev.value)

    # -- saving --------------------------------------------------------------------------

    def save(self, path: str | Path) -> None:
        header = {k: v for k, v in self.header.items() if k != "warnings"}
        write_save(Path(path), header, self.events)

    def choices(self) -> list[tuple[int, str]]:
        """Every answer players gave (not the automatic ones), in order: (seat, key)."""
        return [(e.seat, e.key) for e in self.events if isinstance(e, ce.Chose) and not e.auto]

    def info(self) -> dict[str, Any]:
        return dict(self.header)

    def why_not(self, seat: str | int) -> list[tuple[str, str]]:
        """(what, why not) for each thing `seat` cannot do now, as the rules explain it from what
        the seat may know (`Ruleset.why_not`); the options of the pending decision count as
        possible when it is the seat's own."""
        who = self.seat_of(seat)
        d = self._pending()
        legal = {o.key for o in d.options} if d is not None and d.seat_index == who else set()
        return self.ruleset.why_not(self.state, who, legal)


def inputs_of(events: list[Event]) -> list[ce.Chose | ce.PreferenceSet]:
    """The inputs players gave in a log, in order: answers (not automatic ones) and setting changes."""
    return [e for e in events
            if isinstance(e, ce.PreferenceSet) or (isinstance(e, ce.Chose) and not e.auto)]


def _header_setup(header: dict[str, Json]) -> tuple[list[str], int, dict[str, Json]]:
    """The players, seed and options a save's header records (SaveError if they are unusable)."""
    names, seed, options = header.get("players"), header.get("seed"), header.get("options")
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise SaveError("the save's header has no list of player names")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise SaveError("the save's header has no integer seed")
    if not isinstance(options, dict):
        raise SaveError("the save's header has no options")
    return names, seed, options


def _first_difference(ours: list[Event], saved: list[Event], start: int, end: int) -> int | None:
    """The first position in start..end where the two logs hold different events (None: none)."""
    if ours[start:end] == saved[start:end]:  # one C loop over dataclass equality: the usual case
        return None
    return next((j for j in range(start, end) if not _same(ours[j], saved[j])), None)


def _same(a: Event, b: Event) -> bool:
    """Whether two events are the same (as they would be written to a save)."""
    if a == b:
        return True
    if type(a) is not type(b):
        return False
    return bool(json.dumps(a.to_json(), sort_keys=True) == json.dumps(b.to_json(), sort_keys=True))


def _replay_problem(game: Game, ev: Event) -> str | None:
    """Why saved event `ev` cannot be the next answer of `game` (None: it can)."""
    ask = game._ask
    if ask is None:
        return "the log goes on after the game ended"
    seat = game.state.players[ask.seat].name
    if not isinstance(ev, ce.Chose) or ev.auto:
        return f"the rules wait on {seat}'s {ask.kind} decision here, but the log has no answer"
    if ev.seat != ask.seat or ev.kind != ask.kind:
        return (f"the log answers a {ev.kind} decision of seat {ev.seat}, but the rules wait on "
                f"{seat}'s {ask.kind} decision")
    return None
