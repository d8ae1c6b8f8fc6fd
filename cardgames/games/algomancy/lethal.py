"""The units a state check destroys (lethal damage, defense ≤ 0, a deadly hit), kept and brought up to date."""

# A state check is asked after almost every step of the rules, and finding the doomed units means working
# out the stats of every unit in play. Most events between two checks (a phase begins, a card is drawn, a
# battle moves to its next step) change nothing those stats read, so the last answer is kept with the
# place in the log where it was found. It is kept with each unit's defense then: after events that change
# only some units' stats (`restat.py` says which: counters on a unit, a formation declared, a unit moving
# where no static reads it) only theirs are worked out again; after any other, every unit's.
# tests/algomancy/test_lethal.py compares the kept answer (`kept`) with `doomed_now` after every event of
# random games of every format, and the answer and the defenses brought up to date with a fresh look at
# every check.

from __future__ import annotations

from dataclasses import dataclass
from weakref import WeakKeyDictionary

from cardgames.engine.events import Event
from cardgames.engine.flow import Flow
from cardgames.engine.state import State
from cardgames.games.algomancy import restat
from cardgames.games.algomancy import table as t
from cardgames.games.algomancy.board import inputs, region_statics, stats_in, units_in_play
from cardgames.games.algomancy.context import Rules
from cardgames.games.algomancy.restat import formed, may_change

__all__ = ["doomed", "doomed_now", "formed", "kept", "may_change"]


def doomed_now(rules: Rules, state: State) -> list[int]:
    """The units in play with lethal damage or defense ≤ 0 (or a deadly hit), region by region."""
    return [o.id for o, (_, defense) in units_in_play(rules, state)
            if defense <= 0 or o.counters.get("damage", 0) >= defense or o.props.get("deadly_hit")]


@dataclass
class _Known:
    """A doomed answer, what it rests on, and where it was found: the state, its log and how many events each
    had then."""

    state: State
    log: list[Event]
    mark: int
    folded: int
    sight: restat.Sight
    defense: dict[int, int]
    """Every unit in play then, region by region in zone order, with its defense."""
    dead: list[int]


_KNOWN: WeakKeyDictionary[Flow, _Known] = WeakKeyDictionary()


def _current(flow: Flow) -> _Known | None:
    """The answer last found through `flow`, if every event folded into its state since is in its log."""
    known = _KNOWN.get(flow)
    if known is None or known.state is not flow.state or known.log is not flow.events:
        return None
    log = flow.events
    if len(log) < known.mark or flow.state.folded - known.folded != len(log) - known.mark:
        return None
    return known


def kept(flow: Flow) -> list[int] | None:
    """The last answer found through `flow`, if no event since might change it (else None)."""
    known = _current(flow)
    if known is None:
        return None
    state, sight = flow.state, known.sight
    unformed = not sight.formed and not formed(state)
    if any(may_change(state, sight.watched, ev, unformed) for ev in known.log[known.mark:]):
        return None
    return list(known.dead)


def _look(rules: Rules, state: State, old: dict[int, int], dirty: set[int], regions: set[str]
          ) -> tuple[dict[int, int], list[int], dict[int, tuple[str, int]]]:
    """(every unit's defense, the doomed units, every card in a region's zone and controller), region by region:
    a unit's defense is worked out again if it is `dirty`, new, or in one of `regions`; else it is `old`'s."""
    cards, objects = rules.cards, state.objects
    defense: dict[int, int] = {}
    dead: list[int] = []
    place: dict[int, tuple[str, int]] = {}
    given = None
    for z in state.zones.values():
        zid = z.id
        if not zid.startswith("region:"):
            continue
        whole = zid in regions
        reg = t.region_seat(zid)
        assert reg is not None
        sources = None
        for oid in z.cards:
            o = objects[oid]
            place[oid] = (zid, o.controller)
            if not cards[o.card].is_unit:
                continue
            d = old.get(oid)
            if d is None or whole or oid in dirty:
                if given is None:
                    given = inputs(state)
                if sources is None:
                    sources = region_statics(rules, state, reg)
                d = stats_in(rules, state, given, o, reg, sources)[1]
            defense[oid] = d
            if d <= 0 or o.counters.get("damage", 0) >= d or o.props.get("deadly_hit"):
                dead.append(oid)
    return defense, dead, place


def _found(rules: Rules, state: State, log: list[Event]) -> _Known:
    """The answer worked out afresh."""
    defense, dead, place = _look(rules, state, {}, set(), set())
    return _Known(state, log, len(log), state.folded, restat.sight(rules, state, place), defense, dead)


def _restat(rules: Rules, state: State, known: _Known, change: restat.Change) -> None:
    """Bring `known` up to date after `change` (no card moved into or out of sight)."""
    defense, objects = known.defense, state.objects
    given = None
    for oid in change.dirty:
        if oid in defense:
            o = objects[oid]
            reg = t.region_seat(o.zone)
            if given is None:
                given = inputs(state)
            defense[oid] = stats_in(rules, state, given, o, reg, region_statics(rules, state, reg) if reg is not None
                                    else [])[1]
    dead = []
    for oid, d in defense.items():
        o = objects[oid]
        if d <= 0 or o.counters.get("damage", 0) >= d or o.props.get("deadly_hit"):
            dead.append(oid)
    known.dead = dead
    if change.formations is not None:
        known.sight = restat.moved_on(rules, state, known.sight, known.sight.place, change)


def doomed(rules: Rules, flow: Flow) -> list[int]:
    """The units a state check destroys now (the same as `doomed_now`): the answer found before through `flow`,
    brought up to date where the events since may have changed it."""
    state, log = flow.state, flow.events
    known = _current(flow)
    if known is None:
        known = _KNOWN[flow] = _found(rules, state, log)
    elif known.mark < len(log):
        change = restat.changes(rules, state, known.sight, log, known.mark)
        if change is None:
            known = _KNOWN[flow] = _found(rules, state, log)
        else:
            if change.moved:
                units, regions = restat.reach(rules, state, known.sight, change.moved)
                known.defense, known.dead, place = _look(rules, state, known.defense,
                                                         {*change.dirty, *change.moved, *units}, regions)
                known.sight = restat.moved_on(rules, state, known.sight, place, change)
            elif change.looked:
                _restat(rules, state, known, change)
            known.mark, known.folded = len(log), state.folded
    return list(known.dead)
