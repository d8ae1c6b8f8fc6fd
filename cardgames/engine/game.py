"""A game in progress: the log, the state folded from it, the pending decision, choose and undo."""

from __future__ import annotations

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
)
from cardgames.engine.events import Event, apply
from cardgames.engine.flow import Flow
from cardgames.engine.ruleset import Ruleset
from cardgames.engine.state import Json, Outcome, State
from cardgames.engine.view import GameView, build_view


def fold(ruleset: Ruleset, events: list[Event]) -> State:
    """The state a log describes: every event applied, in order, to an empty table."""
    state = State(game=ruleset.name, players=[])
    for ev in events:
        apply(state, ev)
    return state


class Game:
    """One game: read `decision`, answer with `choose`; everything else follows from the log."""

    def __init__(self, ruleset: Ruleset, events: list[Event], header: dict[str, Json]) -> None:
        self.ruleset = ruleset
        self.header = header
        self.events: list[Event] = events
        self.state = fold(ruleset, events)
        self.flow = Flow(ruleset, self.state, self.events)
        self._decision: Decision | None = None
        self._settle()

    # -- creation ------------------------------------------------------------------------

    @classmethod
    def new(cls, ruleset: Ruleset, names: list[str], seed: int, options: dict[str, Json]) -> Game:
        opts = ruleset.normalize_options(list(names), dict(options))
        header: dict[str, Json] = {
            "game": ruleset.name, "rules_version": ruleset.rules_version,
            "catalog": ruleset.catalog_fingerprint(), "seed": seed,
            "players": list(names), "options": opts,
        }
        events: list[Event] = []
        state = State(game=ruleset.name, players=[])
        flow = Flow(ruleset, state, events)
        flow.emit(ce.GlobalSet("seed", seed))
        ruleset.setup(flow, list(names), opts)
        return cls(ruleset, events, header)

    # -- reading -------------------------------------------------------------------------

    @property
    def decision(self) -> Decision:
        """The decision the game waits on. Raises if the game is over."""
        if self._decision is None:
            raise EngineError("the game is over; there is no decision")
        return self._decision

    @property
    def outcome(self) -> Outcome | None:
        return self.state.outcome

    @property
    def players(self) -> list[str]:
        return [p.name for p in self.state.players]

    def seat_of(self, name: str | int) -> int:
        if isinstance(name, int):
            return name
        for p in self.state.players:
            if p.name == name:
                return p.seat
        raise IllegalChoice(f"no player named {name!r}; players: {', '.join(self.players)}")

    def view(self, seat: str | int | None) -> GameView:
        """What `seat` may see (None: a spectator who sees only public information)."""
        viewer = None if seat is None else self.seat_of(seat)
        return build_view(self.ruleset, self.state, viewer, self._decision)

    def log(self, viewer: str | int | None = None) -> list[str]:
        """The players' log as `viewer` may read it, rendered from events."""
        seat = None if viewer is None else self.seat_of(viewer)
        lines: list[str] = []
        shadow = State(game=self.ruleset.name, players=[])
        for ev in self.events:
            apply(shadow, ev)
            if not ev.INTERNAL:
                text = self.ruleset.describe(shadow, ev, seat)
                if text:
                    lines.append(text)
        return lines

    # -- acting --------------------------------------------------------------------------

    def choose(self, choice: Option | str) -> None:
        """Answer the pending decision with one of its options (or its key).

        Raises IllegalChoice (or StaleChoice) without changing anything if it is not legal now.
        """
        d = self.decision
        if isinstance(choice, Option):
            if choice.decision != d.id:
                raise StaleChoice(
                    f"that option ({choice.key!r}) belongs to an earlier decision; "
                    f"the game now waits on {d.seat}'s {d.kind}"
                )
            key = choice.key
        else:
            key = choice
        option = d.option(key)
        mark = len(self.events)
        try:
            self.flow.emit(ce.Chose(d.seat_index, d.kind, option.key))
            frame = self.state.frames[-1]
            self.flow.kind(frame).answer(self.flow, frame, option)
            self._settle()
        except Exception:
            self._rewind(mark)
            raise

    def _settle(self) -> None:
        ask = self.flow.advance()
        self._decision = self._number(ask) if ask is not None else None

    def _number(self, ask: Ask) -> Decision:
        did = len(self.events)
        opts = tuple(
            Option(o.key, o.label, o.group, o.ref, did) for o in ask.options
        )
        if not opts:
            raise EngineError(f"decision {ask.kind} for seat {ask.seat} has no options")
        return Decision(did, ask.seat, self.state.players[ask.seat].name, ask.kind, ask.prompt, opts, ask.info)

    def _rewind(self, length: int) -> None:
        del self.events[length:]
        self.state = fold(self.ruleset, self.events)
        self.flow = Flow(self.ruleset, self.state, self.events)
        self._settle()

    def undo_reason(self, seat: str | int | None = None) -> str | None:
        """Why undo is refused for `seat` now (None if it is allowed)."""
        try:
            self._undo_point(seat)
        except UndoRefused as exc:
            return str(exc)
        return None

    def _undo_point(self, seat: str | int | None) -> int:
        who = self.decision.seat_index if seat is None else self.seat_of(seat)
        for i in range(len(self.events) - 1, -1, -1):
            ev = self.events[i]
            if isinstance(ev, ce.Chose) and not ev.auto:
                if ev.seat != who:
                    raise UndoRefused(
                        f"{self.state.players[ev.seat].name} has decided since your last choice"
                    )
                break
            if ev.REVEALS:
                raise UndoRefused("hidden information was revealed since your last choice")
        else:
            raise UndoRefused("there is nothing to undo")
        return i

    def undo(self, seat: str | int | None = None) -> None:
        """Take back `seat`'s last choice (default: the deciding seat's).

        Refused (UndoRefused) if another seat decided since, or hidden information was revealed.
        """
        self._rewind(self._undo_point(seat))

    # -- saving --------------------------------------------------------------------------

    def save(self, path: str | Path) -> None:
        from cardgames.engine.save import write_save

        write_save(Path(path), self.header, self.events)

    def choices(self) -> list[tuple[int, str]]:
        """Every answer players gave (not the automatic ones), in order: (seat, key)."""
        return [(e.seat, e.key) for e in self.events if isinstance(e, ce.Chose) and not e.auto]

    def info(self) -> dict[str, Any]:
        return dict(self.header)
