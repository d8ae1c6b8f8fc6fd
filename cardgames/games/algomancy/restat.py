"""Which units' stats the events since a state check may have changed: none, some (named), or any (look at all)."""

# Stats (board.py) are a function of the table: a unit's card, facts, counters and mods, the modifiers on it,
# its column in a formation, and the statics of its region (their sources, where those stand, who controls
# what, which units exist for the rules). Between two state checks most events touch none of it; some touch
# only named units: counters or a base on a unit, a modifier on it, a formation declared or broken (each unit
# whose column is no longer what it was), a card moving, changing hands or (a counter-attacker) starting or
# ceasing to exist where no static reads it (the card itself, and a card whose static counts units for
# itself). A card with a static for others doing so, or where a static counts units for others, means every
# unit of its regions. Anything else — a mod attached, a static that reads adjacency or the back row while a
# formation changes, an event not known here — means looking at every unit again. Only the start and the end
# of the events matter: stats read the table as it is now.

from __future__ import annotations

from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from itertools import compress
from typing import Any

from cardgames.engine import core_events as ce
from cardgames.engine.events import Event
from cardgames.engine.state import GameObject, State
from cardgames.games.algomancy import events as ae
from cardgames.games.algomancy import formation as fm
from cardgames.games.algomancy.board import formations, region_statics, statics_of
from cardgames.games.algomancy.context import Rules
from cardgames.games.algomancy.stats import COUNTER_KINDS
from cardgames.games.algomancy.table import MODS, region_seat

BLIND: tuple[type[Event], ...] = (
    ce.PhaseBegan, ce.TurnBegan, ce.GlobalSet, ce.RandomDrawn, ce.ZoneCreated, ce.TriggerQueued,
    ce.TriggersTaken, ce.ChainPushed, ce.ChainPopped, ce.PlayerCounterAdded, ce.PlayerPropSet, ce.ShieldAdded,
    ce.ShieldUsed, ae.LifeLost, ae.TableQuiet,
)
"""Events that touch nothing a unit's stats or damage read (zones in play, units and their mods, modifiers,
the formations of the battle, teams): never a reason to look again."""

ONE_CARD: tuple[type[Event], ...] = (ce.ObjectMoved, ce.CounterAdded, ce.ObjectCreated, ae.CardDrawn)
"""Events that change one card (`id`) and, for a move, the two zones it leaves and enters."""

MOVES: tuple[type[Event], ...] = (ce.ObjectMoved, ce.ObjectCreated, ae.CardDrawn)
"""The events of `ONE_CARD` that put a card somewhere (a move resets its counters, may hand it over)."""

STAT_PROPS = frozenset({"base", "lost", "unstable", "deadly_hit"})
"""The facts of a card (`props`) that its stats or a state check read (board.py); others (e.g. "left") never
change the answer."""

FORMATION_KEYS = frozenset({"attack", "defence", "fronts", "phase", "counter"})
"""The battle's keys that stats read: the formations (columns share attributes, adjacency, the back row), the
fronts of an FFA battle, and counter-attackers who do not exist in phase 1 (table.exists)."""


def _in_sight(state: State, oid: int) -> bool:
    """Whether card `oid` is now where a doomed answer reads it."""
    o = state.objects.get(oid)
    return o is not None and (o.zone.startswith("region:") or o.zone == MODS or o.attached_to is not None)


def formed(state: State) -> bool:
    """Whether the battle under way has anything stats read in it (FORMATION_KEYS): a unit in the attack or the
    defence, or a counter-attacker. Without, stats are as they are with no battle at all."""
    b = state.battle
    if not b:
        return False
    return bool(fm.units_in(b.get("attack") or []) or fm.units_in(b.get("defence") or fm.no_defence())
                or b.get("counter"))


def may_change(state: State, watched: set[int], ev: Event, unformed: bool = False) -> bool:
    """Whether `ev` (already applied to `state`) might change the doomed units found before it, when the cards
    then in sight were `watched`. Anything not known to be harmless might. `unformed`: no battle had anything in
    formation (`formed`) when the answer was found, nor has one now — a battle starting, moving on or ending
    changes no stat then."""
    cls = type(ev)
    if cls.FLOW or cls in BLIND:
        return False
    if cls in ONE_CARD:
        oid: int = ev.id  # type: ignore[attr-defined]
        return oid in watched or _in_sight(state, oid)
    if isinstance(ev, ce.ObjectPropSet):
        return ev.key in STAT_PROPS and (ev.id in watched or _in_sight(state, ev.id))
    if isinstance(ev, ae.Damaged):
        return ae.seat_of_ref(ev.target) is None and (ev.target in watched or _in_sight(state, ev.target))
    if isinstance(ev, ce.ObjectChanged):
        attaches = ev.attached_to is not None or ev.detach
        return attaches or ev.id in watched or _in_sight(state, ev.id)
    if isinstance(ev, ce.BattleChanged):
        return not unformed and (ev.battle is not None or ev.end or not FORMATION_KEYS.isdisjoint(ev.changes or {}))
    if isinstance(ev, ce.ZoneShuffled):
        return ev.zone.startswith("region:") or ev.zone == MODS
    return True


Place = dict[int, tuple[str, int]]
"""Every card in a region: its zone and its controller."""
Columns = dict[int, tuple[int, ...]]
"""Every unit in the battle's formations: its column, front first (board.Inputs.columns)."""


@dataclass
class Sight:
    """What a doomed answer read of the table besides each unit's defense."""

    watched: set[int]
    """The cards in a region or the mods zone (every card attached to another lies there: board.py)."""
    modded: set[int]
    """The cards in the mods zone."""
    place: Place
    columns: Columns
    absent: tuple[int, ...]
    """The counter-attackers that did not exist for the rules (board.Inputs.absent)."""
    formed: bool
    """Whether the battle had anything in formation (`formed`)."""
    positional: bool
    """Whether a card in sight then, or since, has a static that reads where a unit stands in a formation."""


def _formations(state: State) -> tuple[Columns, tuple[int, ...]]:
    columns, absent = formations(state)
    return {u: tuple(c) for u, c in columns.items()}, tuple(absent)


def _positional(rules: Rules, state: State, ids: AbstractSet[int]) -> bool:
    """Whether a card of `ids` has a static that reads where a unit stands in its formation."""
    cards = rules.cat.positional
    objects = state.objects
    return bool(cards) and any(objects[i].card in cards for i in ids)


def sight(rules: Rules, state: State, place: Place) -> Sight:
    """The `Sight` of a doomed answer found now, whose `place` is given."""
    modded = set(state.zones[MODS].cards) if MODS in state.zones else set()
    columns, absent = _formations(state)
    watched = modded | place.keys()
    return Sight(watched, modded, place, columns, absent, formed(state), _positional(rules, state, watched))


@dataclass(frozen=True)
class Change:
    """What the events since a doomed answer may have changed, short of everything."""

    dirty: AbstractSet[int]
    """Units whose own stats may have changed: counters, a base, a modifier, their column."""
    moved: AbstractSet[int]
    """Cards in sight that moved (and so lost their counters) or changed controller."""
    looked: bool
    """Whether anything may have changed at all (a unit's damage or a deadly hit, too): else the answer stands."""
    hurt: AbstractSet[int]
    """Cards in sight whose damage or deadly hit may have changed."""
    formations: tuple[Columns, tuple[int, ...], bool] | None = None
    """The battle's columns, absent counter-attackers and `formed` now, if the formations changed."""
    flipped: AbstractSet[int] = frozenset()
    """Counter-attackers who stopped or started existing for the rules (board.Inputs.absent)."""


NOTHING = Change(frozenset(), frozenset(), False, frozenset())
"""No event since the answer touched anything it rests on."""


_SKIP, _MOVE, _COUNTER, _PROP, _DAMAGE, _CHANGED, _BATTLE, _MODIFIER, _ANY = range(9)
"""What kind of event each is for `changes`: one that never matters, a move, ..., one not known here."""
_KINDS: dict[type[Event], int] = {}
_LOOK: dict[type[Event], bool] = {}
"""For each event class met so far: whether `changes` looks at its events (its kind is not _SKIP)."""


def _kind(cls: type[Event]) -> int:
    if cls.FLOW or cls in BLIND:
        return _SKIP
    if cls in MOVES:
        return _MOVE
    for base, kind in ((ce.CounterAdded, _COUNTER), (ce.ObjectPropSet, _PROP), (ae.Damaged, _DAMAGE),
                       (ce.ObjectChanged, _CHANGED), (ce.BattleChanged, _BATTLE), (ce.ModifierAdded, _MODIFIER)):
        if issubclass(cls, base):
            return kind
    return _ANY


def _looked_at(events: list[Event]) -> list[Event]:
    """The events `changes` looks at: most are flow bookkeeping, passed over here without a Python step each."""
    try:
        return list(compress(events, map(_LOOK.__getitem__, map(type, events))))
    except KeyError:  # a class not met before
        for cls in set(map(type, events)) - _LOOK.keys():
            _KINDS[cls] = _kind(cls)
            _LOOK[cls] = _KINDS[cls] != _SKIP
        return list(compress(events, map(_LOOK.__getitem__, map(type, events))))


def changes(rules: Rules, state: State, seen: Sight, log: list[Event], mark: int) -> Change | None:
    """What the events of `log` from `mark` on (already applied to `state`) may have changed in the stats and
    damage the answer `seen` rests on; None if they may have changed any unit's stats."""
    dirty: set[int] = set()
    moved: set[int] = set()
    hurt: set[int] = set()
    looked = battle = False
    unformed: bool | None = None
    watched, objects, kinds = seen.watched, state.objects, _KINDS
    ev: Any
    for ev in _looked_at(log[mark:]):
        kind = kinds[type(ev)]
        if kind in (_MOVE, _CHANGED):
            if kind == _CHANGED:
                if ev.attached_to is not None or ev.detach:
                    return None
                if ev.controller is None:
                    continue  # exhausted, turned, ...: nothing stats read
            oid: int = ev.id
            o = objects.get(oid)
            if oid in watched or (o is not None and (o.zone.startswith("region:") or o.zone == MODS
                                                     or o.attached_to is not None)):
                if o is None or oid in seen.modded or o.zone == MODS or o.attached_to is not None:
                    return None
                moved.add(oid)
        elif kind == _COUNTER:
            if ev.id in watched or _in_sight(state, ev.id):
                looked = True
                if ev.name in COUNTER_KINDS:
                    dirty.add(ev.id)
                else:
                    hurt.add(ev.id)
        elif kind == _PROP:
            if ev.key in STAT_PROPS and (ev.id in watched or _in_sight(state, ev.id)):
                if ev.key == "base":
                    dirty.add(ev.id)
                elif ev.key == "deadly_hit":
                    hurt.add(ev.id)
                else:
                    return None  # own attributes: the unit's column shares them
                looked = True
        elif kind == _DAMAGE:
            if ae.seat_of_ref(ev.target) is None and (ev.target in watched or _in_sight(state, ev.target)):
                looked = True
                hurt.add(ev.target)
        elif kind == _BATTLE:
            if unformed is None:
                unformed = not seen.formed and not formed(state)
            if not unformed and (ev.battle is not None or ev.end or not FORMATION_KEYS.isdisjoint(ev.changes or {})):
                battle = True
        elif kind == _MODIFIER:
            dirty.add(ev.target)
            looked = True
        else:
            return None
    if not (looked or battle or moved):
        return NOTHING
    if not battle:
        return Change(dirty, moved, True, hurt)
    if seen.positional or _positional(rules, state, moved):
        return None
    columns, absent = _formations(state)
    old = seen.columns
    dirty.update(u for u in old.keys() | columns.keys() if old.get(u) != columns.get(u))
    flipped = set(absent).symmetric_difference(seen.absent)
    dirty |= flipped
    return Change(dirty, moved, True, hurt, (columns, absent, formed(state)), flipped)


def _reach(rules: Rules, state: State, o: GameObject, zone: str, units: set[int], regions: set[str]) -> None:
    """Add to `units` and `regions` those whose stats card `o` coming to or leaving region `zone` (or starting or
    ceasing to exist there) may change besides its own: all of it if `o` has a static for others, or a static
    there counts its units for others; the card whose static counts them for itself."""
    if zone in regions:
        return
    if any(st.to != "me" for st in statics_of(rules, state, o)):
        regions.add(zone)
        return
    reg = region_seat(zone)
    assert reg is not None
    for src, statics in region_statics(rules, state, reg):
        if any(st.per == "other_ally_in_region" for st in statics):
            if any(st.to != "me" for st in statics):
                regions.add(zone)
                return
            units.add(src.id)


def reach(rules: Rules, state: State, seen: Sight, change: Change) -> tuple[set[int], set[str]]:
    """(the units, the regions whose every unit) whose stats the cards of `change` that moved (where they were,
    where they are now) or that started or stopped existing may have changed, besides their own."""
    units: set[int] = set()
    regions: set[str] = set()
    objects = state.objects
    for oid in change.moved:
        o = objects[oid]
        before = seen.place.get(oid)
        after = (o.zone, o.controller) if o.zone.startswith("region:") else None
        if before != after:
            for where in (before, after):
                if where is not None:
                    _reach(rules, state, o, where[0], units, regions)
    for oid in change.flipped:
        o = objects[oid]
        if o.zone.startswith("region:"):
            _reach(rules, state, o, o.zone, units, regions)
    return units, regions


def moved_on(rules: Rules, state: State, seen: Sight, place: Place, change: Change) -> Sight:
    """The `Sight` after `change`, the cards in regions being now at `place` (no mod moved: `changes`)."""
    columns, absent, now = change.formations or (seen.columns, seen.absent, seen.formed)
    return Sight(seen.modded | place.keys(), seen.modded, place, columns, absent, now,
                 seen.positional or _positional(rules, state, change.moved))
