"""The chain (stack) and its priority windows: who may respond, in what order, and auto-pass.

A priority window asks seats in clockwise order from `first`. When every live seat has passed
in succession, the top chain entry resolves (and a new window opens, the current player first),
or, with an empty chain, the window closes. Which seats are asked at all is the ruleset's call
(`wants_priority`), and must depend only on public information and the seat's own settings.
"""

from __future__ import annotations

from typing import Protocol

from cardgames.engine.decisions import Ask, Option
from cardgames.engine.flow import Flow
from cardgames.engine.state import Frame, Json, State

PASS = "pass"


class PriorityRules(Protocol):
    """What a ruleset supplies to run priority windows."""

    def priority_options(self, state: State, seat: int, frame: Frame) -> list[Option]:
        """The maneuvers `seat` may announce now (not counting pass)."""
        ...

    def pass_label(self, state: State, seat: int, frame: Frame) -> str: ...

    def wants_priority(self, state: State, seat: int, frame: Frame) -> bool:
        """Whether to ask `seat` at all (public information and the seat's settings only)."""
        ...

    def begin_maneuver(self, flow: Flow, seat: int, option: Option, frame: Frame) -> None:
        """Start announcing the chosen maneuver (push the frames that ask for its targets)."""
        ...

    def resolve_top(self, flow: Flow) -> None:
        """Push the resolution of the top chain entry."""
        ...

    def flush_triggers(self, flow: Flow) -> bool:
        """Put pending triggers on the chain (or start asking how); True if anything happened."""
        ...


class FindsPriorityOption(Protocol):
    """What a ruleset's priority hooks may add: one maneuver found by its key, for replays."""

    def priority_option(self, state: State, seat: int, frame: Frame, key: str) -> Option | None:
        """The option of `priority_options` with this key (equal to it), found without listing the
        others; None if `priority_options` would not list it (any key at all may be asked)."""
        ...


def open_window(flow: Flow, first: int, window: str, title: str = "", *,
                seats: list[int] | None = None, lead: int | None = None, order: list[int] | None = None) -> int:
    """Push a priority window that asks `first` first; `title` names it for the players.

    `seats` limits the window to the players present where it happens (a region: Algomancy),
    in turn order; by default every live seat takes part. After each resolution the round
    starts again at `lead` (default: the current player). `order`, if given, is the ring priority
    passes round instead of clockwise (a ruleset's own order, e.g. a team's members together); the
    ruleset may change it while the window is open.
    """
    data: dict[str, Json] = {"first": first, "seat": first, "passes": 0, "window": window,
                             "title": title or window}
    if seats is not None:
        data["seats"] = list(seats)
    if lead is not None:
        data["lead"] = lead
    if order is not None:
        data["order"] = list(order)
    return flow.push("priority", **data)


def reopen(flow: Flow, first: int) -> None:
    """After something went on the chain: the innermost window starts again at `first`."""
    for f in reversed(flow.state.frames):
        if f.kind == "priority":
            flow.update(f, seat=first, passes=0)
            return


def _next_seat(state: State, seat: int, frame: Frame | None = None) -> int:
    """The next seat in turn order that takes part in the window (live, and among its seats); with an
    `order` in the window, the next live seat round that ring."""
    given = frame.data.get("order") if frame is not None else None
    if given:
        ring = [int(s) for s in given]
        at = ring.index(seat) if seat in ring else -1
        for i in range(1, len(ring) + 1):
            s = ring[(at + i) % len(ring)]
            if not state.players[s].eliminated:
                return s
        return seat
    seats = frame.data.get("seats") if frame is not None else None
    n = len(state.players)
    for i in range(1, n + 1):
        s = (seat + i) % n
        if not state.players[s].eliminated and (seats is None or s in seats):
            return s
    return seat


def _taking_part(state: State, frame: Frame) -> int:
    seats = frame.data.get("seats")
    if seats is None:
        return len(state.live_seats())
    return sum(1 for s in seats if not state.players[s].eliminated)


class PriorityWindow:
    """Frame kind "priority"."""

    def __init__(self, rules: PriorityRules, act: str = "play a card, use an ability or pass") -> None:
        """`act`: what a seat with priority may do, in the game's words (Allegiance: "play a maneuver
        or pass")."""
        self.rules = rules
        self.act = act

    def run(self, flow: Flow, frame: Frame) -> Ask | None:
        state = flow.state
        if self.rules.flush_triggers(flow):
            return None
        live = _taking_part(state, frame)
        passes = int(frame.data["passes"])
        seat = int(frame.data["seat"])
        players = state.players

        def skipped(s: int) -> bool:
            return players[s].eliminated or not self.rules.wants_priority(state, s, frame)

        if passes < live and skipped(seat):
            # Skip every seat that is not to be asked in one step. An eliminated seat (e.g. the
            # current player, who has priority first after each resolution) is stepped over
            # without counting as a pass of a live seat.
            while True:
                if not players[seat].eliminated:
                    passes += 1
                seat = _next_seat(state, seat, frame)
                if passes >= live or not skipped(seat):
                    break
            flow.update(frame, passes=passes, seat=seat)
            if passes < live:
                return None  # the next step asks `seat` (a step that changed the agenda asks nothing)
        if passes >= live:  # everyone passed in a row: the top of the chain resolves, or the window closes
            if state.chain:
                lead = frame.data.get("lead")
                flow.update(frame, passes=0, seat=state.active if lead is None else int(lead))
                self.rules.resolve_top(flow)
            else:
                flow.pop(frame)
            return None
        rules = self.rules
        passing = Option(PASS, rules.pass_label(state, seat, frame), "pass")
        one = getattr(rules, "priority_option", None)  # optional: `FindsPriorityOption`
        # the plays are listed only when read: a replay that passes here never lists them, and one
        # that plays finds its play alone where the rules can
        return Ask(seat, "priority", self._prompt(state, seat, frame),
                   lambda: [*rules.priority_options(state, seat, frame), passing], sure=(passing,),
                   finder=None if one is None else lambda key: one(state, seat, frame, key))

    def _prompt(self, state: State, seat: int, frame: Frame) -> str:
        if state.chain:
            return f"Respond to {state.chain[-1].label}, or pass"
        title = str(frame.data.get("title") or frame.data.get("window") or "")
        return f"{title}: {self.act}" if title else self.act[0].upper() + self.act[1:]

    def answer(self, flow: Flow, frame: Frame, option: Option) -> None:
        if option.key == PASS:
            seat = int(frame.data["seat"])
            flow.update(frame, passes=int(frame.data["passes"]) + 1, seat=_next_seat(flow.state, seat, frame))
            return
        self.rules.begin_maneuver(flow, int(frame.data["seat"]), option, frame)
