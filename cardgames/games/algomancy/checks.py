"""State checks and card movement: deaths, spawning, bins and erasing, triggers onto the stack."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardgames.engine import core_events as ce
from cardgames.engine.flow import Flow
from cardgames.engine.state import Json, State
from cardgames.games.algomancy import table as t
from cardgames.games.algomancy.board import stats_of
from cardgames.games.algomancy.mods import detach_all
from cardgames.games.algomancy.stack import graft_ref

if TYPE_CHECKING:
    from cardgames.games.algomancy.rules import Algomancy


def still_legal(rules: Algomancy, state: State, ref: int, entry: Any, kind: str | None = None) -> bool:
    """Whether a chosen target is still there to be affected (same region, still in play; a card
    in a bin only for a slot that targets cards in the bin, `kind` "bin_unit")."""
    if ref < 0:
        seat = -ref - 1
        reg = int(entry.data.get("region", entry.controller)) if entry is not None else seat
        return not state.players[seat].eliminated and seat in t.present(state, reg)
    obj = state.objects.get(ref)
    if obj is None:
        return any(e.id == ref for e in state.chain)
    if obj.zone.startswith("bin:"):
        return kind == "bin_unit"
    if not t.exists(state, obj):
        return False
    where = int(entry.data.get("region", entry.controller)) if entry is not None else None
    return obj.zone == t.region(where) if where is not None else obj.zone.startswith("region:")


def spawn(rules: Algomancy, flow: Flow, obj: int, controller: int, reg: int) -> None:
    """A unit comes into play in region `reg`, outside any formation (rulebook: Tokens, note)."""
    flow.emit(ce.ObjectMoved(obj, t.region(reg), controller=controller, entered_turn=flow.state.turn))
    queue_trigger_event(rules, flow, "spawn", obj, controller)


def to_bin(rules: Algomancy, flow: Flow, obj: int) -> None:
    """A card goes to its owner's bin; tokens and unstable cards are erased instead (R51)."""
    o = flow.state.objects[obj]
    card = rules.cards[o.card]
    mods = [m for m in flow.state.objects.values() if m.attached_to == obj]
    home = t.home_seat(o)
    erase = card.is_token or bool(o.props.get("unstable")) or bool(mods) or home < 0
    detach_all(rules, flow, obj, "erased")  # permadeath: a modded card and all its mods are erased together
    flow.emit(ce.ObjectMoved(obj, "erased" if erase else t.bin_(home), reset=True))


def destroy(rules: Algomancy, flow: Flow, obj: int, how: str) -> None:
    """A unit dies (lethal damage, defense ≤ 0, sacrifice) or is deleted: it leaves play."""
    state = flow.state
    o = state.objects[obj]
    if not o.zone.startswith("region:"):
        return
    controller = o.controller
    reg = t.region_seat(o.zone)
    flow.emit(ce.ObjectPropSet(obj, "left", how))
    rules.battle_rules.leave_formation(flow, obj)
    if how in ("died", "sacrificed"):
        queue_trigger_event(rules, flow, "dies", obj, controller, reg)
        for other in t.in_region(state, reg if reg is not None else controller):
            if other.controller == controller and other.id != obj:
                queue_trigger_event(rules, flow, "other_ally_dies", other.id, controller, reg)
    queue_trigger_event(rules, flow, "despawn", obj, controller, reg)
    to_bin(rules, flow, obj)


def check_state(rules: Algomancy, flow: Flow) -> bool:
    """Units with lethal damage or defense ≤ 0 die; a player at 0 life loses. True if anything happened."""
    state = flow.state
    if state.outcome is not None:
        return False
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
    for oid in dead:
        destroy(rules, flow, oid, "died")
    losers = [p.seat for p in state.players if not p.eliminated and p.counters.get("life", 0) <= 0]
    for s in losers:
        flow.emit(ce.PlayerEliminated(s, "life reached 0"))
    if losers:
        alive = state.live_seats()
        if not alive:
            flow.emit(ce.GameEnded([], "both players reached 0 life at once", draw=True))
        elif len(alive) == 1:
            flow.emit(ce.GameEnded(alive, f"{state.players[losers[0]].name}'s life reached 0"))
    return bool(dead or losers)


# -- triggers --------------------------------------------------------------------------------


def queue_trigger_event(rules: Algomancy, flow: Flow, when: str, obj: int, controller: int,
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
            rules.play.fire_graft(flow, o)
        for host_mod in [m for m in state.objects.values() if m.attached_to == src]:
            mcard = rules.cards[host_mod.card]
            if mcard.augment is not None:
                refs += [(f"card:{mcard.id}:aug:{i}", ab.targets)
                         for i, ab in enumerate(mcard.augment.abilities) if ab.when == when]
        for ref, _ in refs:
            trig: dict[str, Json] = {"id": flow.new_id(), "ref": ref, "source": src, "controller": o.controller,
                                     "when": when,
                                     "region": reg if reg is not None else t.region_seat(o.zone) or o.controller}
            flow.emit(ce.TriggerQueued(trig))


def flush(rules: Algomancy, flow: Flow) -> bool:
    """Put pending triggers on the stack: the initiative player's first, so the non-initiative
    player's go on last and resolve first; each player orders their own (Q&A: simultaneous triggers)."""
    from cardgames.games.algomancy import ordering

    state = flow.state
    pending = [tr for tr in state.pending_triggers if tr["when"] != "end_of_turn"]
    if not pending:
        return False
    order = t.priority_order(state, state.live_seats())
    pending.sort(key=lambda tr: order.index(int(tr["controller"])) if int(tr["controller"]) in order else 99)
    flow.emit(ce.TriggersTaken([int(tr["id"]) for tr in pending]))
    ordering.start(flow, pending)
    return True


def end_of_turn_effects(rules: Algomancy, flow: Flow) -> None:
    """At the end of turn: each "at the end of turn" ability resolves at once, no stack, the
    initiative player's first, each player ordering their own (R20)."""
    from cardgames.games.algomancy import ordering

    state = flow.state
    for s in t.priority_order(state, state.live_seats()):
        for o in list(t.in_region(state, s)):
            if o.controller == s:
                queue_trigger_event(rules, flow, "end_of_turn", o.id, s, s)
    pending = [tr for tr in state.pending_triggers if tr["when"] == "end_of_turn"]
    if pending:
        flow.emit(ce.TriggersTaken([int(tr["id"]) for tr in pending]))
        ordering.start(flow, pending, special=True)
