"""The units a state check destroys (lethal damage, defense ≤ 0, a deadly hit), kept while no event can change them."""

# A state check is asked after almost every step of the rules, and finding the doomed units means working
# out the stats of every unit in play. Most events between two checks (a phase begins, a card is drawn, a
# battle moves to its next step) change nothing those stats read, so the last answer is kept with the
# place in the log where it was found, and found again only when an event since might change it.
# tests/algomancy/test_lethal.py compares the kept answer (`kept`) with `doomed_now` after every event of
# random games of every format.

from __future__ import annotations

from dataclasses import dataclass
from weakref import WeakKeyDictionary

from cardgames.engine import core_events as ce
from cardgames.engine.events import Event
from cardgames.engine.flow import Flow
from cardgames.engine.state import State
from cardgames.games.algomancy import events as ae
from cardgames.games.algomancy import formation as fm
from cardgames.games.algomancy.board import stats_of
from cardgames.games.algomancy.context import Rules

MODS = "mods"
"""The public zone where mod cards lie, attached to their hosts (mods.py)."""

BLIND: tuple[type[Event], ...] = (
    ce.PhaseBegan, ce.TurnBegan, ce.GlobalSet, ce.RandomDrawn, ce.ZoneCreated, ce.TriggerQueued,
    ce.TriggersTaken, ce.ChainPushed, ce.ChainPopped, ce.PlayerCounterAdded, ce.PlayerPropSet, ce.ShieldAdded,
    ce.ShieldUsed, ae.LifeLost, ae.TableQuiet,
)
"""Events that touch nothing a unit's stats or damage read (zones in play, units and their mods, modifiers,
the formations of the battle, teams): never a reason to look again."""

ONE_CARD: tuple[type[Event], ...] = (ce.ObjectMoved, ce.CounterAdded, ce.ObjectCreated, ae.CardDrawn)
"""Events that change one card (`id`) and, for a move, the two zones it leaves and enters."""

STAT_PROPS = frozenset({"base", "lost", "unstable", "deadly_hit"})
"""The facts of a card (`props`) that its stats or a state check read (board.py); others (e.g. "left") never
change the answer."""

FORMATION_KEYS = frozenset({"attack", "defence", "fronts", "phase", "counter"})
"""The battle's keys that stats read: the formations (columns share attributes, adjacency, the back row), the
fronts of an FFA battle, and counter-attackers who do not exist in phase 1 (table.exists)."""


def doomed_now(rules: Rules, state: State) -> list[int]:
    """The units in play with lethal damage or defense ≤ 0 (or a deadly hit), region by region."""
    dead = []
    for z in state.zones.values():
        if not z.id.startswith("region:"):
            continue
        for oid in z.cards:
            o = state.objects[oid]
            if not rules.cards[o.card].is_unit:
                continue
            _, defense = stats_of(rules, state, o)
            if defense <= 0 or o.counters.get("damage", 0) >= defense or o.props.get("deadly_hit"):
                dead.append(oid)
    return dead


def _watched(state: State) -> set[int]:
    """The cards a doomed answer may read: in the regions and the mods zone, or attached to a card."""
    ids = {i for z in state.zones.values() if z.id.startswith("region:") or z.id == MODS for i in z.cards}
    for o in state.objects.values():
        if o.attached_to is not None:
            ids.add(o.id)
    return ids


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


@dataclass
class _Known:
    """A doomed answer, and where it was found: the state, its log and how many events each had then."""

    state: State
    log: list[Event]
    mark: int
    folded: int
    watched: set[int]
    dead: list[int]
    formed: bool
    """Whether the battle then had anything in formation (`formed`)."""


_KNOWN: WeakKeyDictionary[Flow, _Known] = WeakKeyDictionary()


def kept(flow: Flow) -> list[int] | None:
    """The last answer found through `flow`, if no event since might change it (else None)."""
    known = _still_known(flow)
    return None if known is None else list(known.dead)


def _still_known(flow: Flow) -> _Known | None:
    known = _KNOWN.get(flow)
    if known is None or known.state is not flow.state or known.log is not flow.events:
        return None
    state, log = flow.state, flow.events
    # every event folded since must be in the log after the mark (else something else changed the state)
    if len(log) < known.mark or state.folded - known.folded != len(log) - known.mark:
        return None
    unformed = not known.formed and not formed(state)
    if any(may_change(state, known.watched, ev, unformed) for ev in log[known.mark:]):
        return None
    return known


def doomed(rules: Rules, flow: Flow) -> list[int]:
    """The units a state check destroys now (the same as `doomed_now`, found again only when needed)."""
    known = _still_known(flow)
    state = flow.state
    if known is None:
        dead = doomed_now(rules, state)
        known = _KNOWN[flow] = _Known(state, flow.events, len(flow.events), state.folded, _watched(state), dead,
                                      formed(state))
    else:
        known.mark, known.folded, known.formed = len(flow.events), state.folded, formed(state)
    return list(known.dead)

