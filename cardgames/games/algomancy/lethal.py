"""The units a state check destroys (lethal damage, defense ≤ 0, a deadly hit), kept and brought up to date."""

# A state check is asked after almost every step of the rules (check_state remembers its answer until the
# table changes), and finding the doomed units means working out the stats of every unit in play. Most events
# between two checks (a phase begins, a card is drawn, a battle moves to its next step) change nothing those
# stats read, so the last answer is kept, with every unit's stats and the place in the log where it was
# found. After events that change only some units' stats (`restat.py` says which: counters on a unit, a
# formation declared, a unit moving where no static reads it) only theirs are worked out again; after any
# other, every unit's. The damage step reads the kept stats too (`stats_now`).
# tests/algomancy/test_lethal.py compares the kept answer (`kept`) with `doomed_now` after every event of
# random games of every format; tests/algomancy/test_stat_caches.py compares the answer and every unit's
# stats, each time they are brought up to date, with the plain way (stats_reference.py).

from __future__ import annotations

from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from weakref import WeakKeyDictionary

from cardgames.engine.events import Event
from cardgames.engine.flow import Flow
from cardgames.engine.state import GameObject, State
from cardgames.games.algomancy import restat
from cardgames.games.algomancy import table as t
from cardgames.games.algomancy.board import inputs, region_statics, stats_in, units_in_play
from cardgames.games.algomancy.context import Rules
from cardgames.games.algomancy.restat import formed, may_change

__all__ = ["doomed", "doomed_now", "formed", "kept", "may_change", "stats_now"]


def doomed_now(rules: Rules, state: State) -> list[int]:
    """The units in play with lethal damage or defense ≤ 0 (or a deadly hit), region by region."""
    return [o.id for o, (_, defense) in units_in_play(rules, state)
            if defense <= 0 or o.counters.get("damage", 0) >= defense or o.props.get("deadly_hit")]


Stats = dict[int, tuple[int, int]]
"""Every unit in play, region by region in zone order, with its power and defense (board.stats_of)."""


@dataclass
class _Known:
    """A doomed answer, what it rests on, and where it was found: the state, its log and how many events each
    had then."""

    state: State
    log: list[Event]
    mark: int
    folded: int
    sight: restat.Sight
    stats: Stats
    """Never changed in place: brought up to date, it is a new dict (`stats_now` hands it out)."""
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


def _doomed(objects: dict[int, GameObject], stats: Stats, before: list[int] | None = None,
            touched: AbstractSet[int] = frozenset()) -> list[int]:
    """The doomed units of `stats`; when none was `before` and only the `touched` units' stats, damage or deadly
    hit may have changed since, only theirs are looked at."""
    if before is not None and not before:
        for oid in touched:
            now = stats.get(oid)
            if now is not None and (now[1] <= 0 or objects[oid].counters.get("damage", 0) >= now[1]
                                    or objects[oid].props.get("deadly_hit")):
                break
        else:
            return []
    return [oid for oid, (_, d) in stats.items()
            if d <= 0 or objects[oid].counters.get("damage", 0) >= d or objects[oid].props.get("deadly_hit")]


def _look(rules: Rules, state: State, old: Stats, dirty: AbstractSet[int], regions: set[str]
          ) -> tuple[Stats, restat.Place, set[int]]:
    """(every unit's stats, every card in a region's zone and controller, the units worked out again), region by
    region: a unit's stats are worked out again if it is `dirty`, new, or in one of `regions`; else they are
    `old`'s."""
    cards, objects = rules.cards, state.objects
    stats: Stats = {}
    place: restat.Place = {}
    again: set[int] = set()
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
            now = old.get(oid)
            if now is None or whole or oid in dirty:
                if given is None:
                    given = inputs(state)
                if sources is None:
                    sources = region_statics(rules, state, reg)
                now = stats_in(rules, state, given, o, reg, sources)
                again.add(oid)
            stats[oid] = now
    return stats, place, again


def _found(rules: Rules, state: State, log: list[Event]) -> _Known:
    """The answer worked out afresh."""
    stats, place, _ = _look(rules, state, {}, set(), set())
    return _Known(state, log, len(log), state.folded, restat.sight(rules, state, place), stats,
                  _doomed(state.objects, stats))


def _restat(rules: Rules, state: State, known: _Known, change: restat.Change) -> None:
    """Bring `known` up to date after `change` (no card moved into or out of sight)."""
    objects = state.objects
    stats = known.stats
    if change.dirty:
        stats = known.stats = dict(stats)
        given = None
        for oid in change.dirty:
            if oid in stats:
                o = objects[oid]
                reg = t.region_seat(o.zone)
                if given is None:
                    given = inputs(state)
                stats[oid] = stats_in(rules, state, given, o, reg,
                                      region_statics(rules, state, reg) if reg is not None else [])
    known.dead = _doomed(objects, stats, known.dead, change.dirty | change.hurt)
    if change.formations is not None:
        known.sight = restat.moved_on(rules, state, known.sight, known.sight.place, change)


def _up_to_date(rules: Rules, flow: Flow) -> _Known:
    """The answer found before through `flow`, brought up to date where the events since may have changed it
    (or found afresh)."""
    state, log = flow.state, flow.events
    known = _current(flow)
    if known is None:
        known = _KNOWN[flow] = _found(rules, state, log)
    elif known.mark < len(log):
        change = restat.changes(rules, state, known.sight, log, known.mark)
        if change is None:
            known = _KNOWN[flow] = _found(rules, state, log)
        else:
            if change.moved or change.flipped:
                units, regions = restat.reach(rules, state, known.sight, change)
                known.stats, place, again = _look(rules, state, known.stats,
                                                  {*change.dirty, *change.moved, *units}, regions)
                known.dead = _doomed(state.objects, known.stats, known.dead, again | change.hurt)
                known.sight = restat.moved_on(rules, state, known.sight, place, change)
            elif change.looked:
                _restat(rules, state, known, change)
            known.mark, known.folded = len(log), state.folded
    return known


def doomed(rules: Rules, flow: Flow) -> list[int]:
    """The units a state check destroys now (the same as `doomed_now`): the answer found before through `flow`,
    brought up to date where the events since may have changed it."""
    return list(_up_to_date(rules, flow).dead)


def stats_now(rules: Rules, flow: Flow) -> Stats:
    """Every unit in play with its power and defense now (each the same as `board.stats_of`), from the state
    check's answer brought up to date; not to be changed by the caller."""
    return _up_to_date(rules, flow).stats
