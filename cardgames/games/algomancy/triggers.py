"""Triggered abilities: queued as their moment happens, then put on the stack (or resolved at the end of turn)."""

from __future__ import annotations

from cardgames.engine import core_events as ce
from cardgames.engine.flow import Flow
from cardgames.engine.state import GameObject, Json
from cardgames.games.algomancy import ordering
from cardgames.games.algomancy import table as t
from cardgames.games.algomancy.board import mods_on
from cardgames.games.algomancy.context import Rules
from cardgames.games.algomancy.seating import turn_order
from cardgames.games.algomancy.stack import graft_ref


def fire_graft(rules: Rules, flow: Flow, host: GameObject) -> None:
    """A graft ability fires: a bounded cause is spent for the turn; with an unbounded cause,
    each bounded effect grafted on it is (rulebook: Bounded and unbounded graft; R64)."""
    card = rules.cards[host.card]
    if card.graft is not None and card.graft.bounded:
        flow.emit(ce.ObjectPropSet(host.id, "used", True))
        return
    grafts = [str(c) for c in host.props.get("grafts", [])]
    used = [int(i) for i in host.props.get("graft_used", [])]
    fired = [i for i, cid in enumerate(grafts, start=1)
             if (g := rules.cards[cid].graft) is not None and g.bounded and i not in used]
    if fired:
        flow.emit(ce.ObjectPropSet(host.id, "graft_used", sorted(used + fired)))


def queue_trigger_event(rules: Rules, flow: Flow, when: str, obj: int, controller: int,
                        reg: int | None = None) -> None:
    """Queue the triggered abilities `obj` has for moment `when` (and, for "you play a spell",
    those of its controller's permanents in the same region)."""
    state = flow.state
    sources = [obj]
    if when == "you_play_spell":
        here = t.current_region(state, controller)
        sources = [o.id for o in t.in_region(state, here) if o.controller == controller]
        reg = here
    for src in sources:
        o = state.objects[src]
        card = rules.cards[o.card]
        refs = [(f"card:{card.id}:ab:{i}", ab.targets) for i, ab in enumerate(card.abilities) if ab.when == when]
        if card.augment is not None:  # augment text works on the card itself too
            refs += [(f"card:{card.id}:aug:{i}", ab.targets)
                     for i, ab in enumerate(card.augment.abilities) if ab.when == when]
        if card.graft is not None and card.graft.when == when and card.is_unit \
                and not (card.graft.bounded and o.props.get("used")):
            refs.append((graft_ref(o), card.graft.targets))
            fire_graft(rules, flow, o)
        for host_mod in mods_on(state, o):
            mcard = rules.cards[host_mod.card]
            if mcard.augment is not None:
                refs += [(f"card:{mcard.id}:aug:{i}", ab.targets)
                         for i, ab in enumerate(mcard.augment.abilities) if ab.when == when]
        for ref, _ in refs:
            where = reg if reg is not None else t.region_seat(o.zone)
            if where is None:  # not `or`: region 0 is the first seat's region, not "no region"
                where = t.home(state, o.controller)
            trig: dict[str, Json] = {"id": flow.new_id(), "ref": ref, "source": src, "controller": o.controller,
                                     "when": when, "region": where}
            flow.emit(ce.TriggerQueued(trig))


def flush(rules: Rules, flow: Flow) -> bool:
    """Put pending triggers on the stack: the initiative player's first (in team games their team's: A70),
    so the non-initiative player's go on last and resolve first; each player orders their own (Q&A:
    simultaneous triggers)."""
    state = flow.state
    pending = [tr for tr in state.pending_triggers if tr["when"] != "end_of_turn"]
    if not pending:
        return False
    order = turn_order(state, t.initiative(state))  # in team games the initiative team's first (A70)
    pending.sort(key=lambda tr: order.index(int(tr["controller"])) if int(tr["controller"]) in order else 99)
    flow.emit(ce.TriggersTaken([int(tr["id"]) for tr in pending]))
    ordering.start(flow, pending)
    return True


def end_of_turn_effects(rules: Rules, flow: Flow) -> None:
    """At the end of turn: each "at the end of turn" ability resolves at once, no stack, the
    initiative player's first, each player ordering their own (R20)."""
    state = flow.state
    for s in turn_order(state, t.initiative(state)):  # in team games the initiative team's first (A70)
        home = t.home(state, s)
        for o in list(t.in_region(state, home)):
            if o.controller == s:
                queue_trigger_event(rules, flow, "end_of_turn", o.id, s, home)
    pending = [tr for tr in state.pending_triggers if tr["when"] == "end_of_turn"]
    if pending:
        flow.emit(ce.TriggersTaken([int(tr["id"]) for tr in pending]))
        ordering.start(flow, pending, special=True)
