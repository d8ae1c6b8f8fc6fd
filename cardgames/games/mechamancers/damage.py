"""Damage, healing, destruction and the triggers they set off (Reflect, Spikes, Self-Destruct...)."""

from __future__ import annotations

from cardgames.engine import core_events as ce
from cardgames.engine.decisions import Ask, Option
from cardgames.engine.flow import Flow
from cardgames.engine.state import Frame, GameObject, Json, State
from cardgames.games.mechamancers import board as b
from cardgames.games.mechamancers import table as t
from cardgames.games.mechamancers.catalog import Catalog
from cardgames.games.mechamancers.events import Damaged, Healed, Left

SALVAGE_PER_ROUND = 2


def on_field(state: State, oid: int | None) -> bool:
    return oid is not None and oid in state.objects and state.objects[oid].zone.startswith("field:")


def leave_to(cat: Catalog, obj: GameObject) -> str:
    """Where a mecha goes when it leaves a field: its type's discard pile; a Bulwark leaves the game (H5)."""
    kind = cat.mech(obj.card).type
    return t.REMOVED if kind == "bulwark" else t.discard(kind)


def queue(flow: Flow, kind: str, seat: int, target: int | None = None) -> None:
    flow.emit(ce.TriggerQueued({"id": flow.new_id(), "kind": kind, "seat": seat, "target": target}))


def deal(cat: Catalog, flow: Flow, target: int, amount: int, by: int | None = None, hit: bool = False) -> None:
    """Deal damage to a mecha on a field: Armored caps each hit at 1 (unless Siege); the card
    turns a quarter per point; at its health it is destroyed (H4). `hit`: an attack by `by` (H6)."""
    state = flow.state
    if not on_field(state, target):
        return
    obj = state.objects[target]
    attacker = state.objects[by] if by is not None and by in state.objects else None
    siege = hit and attacker is not None and b.word(cat, attacker) == "siege"
    if b.word(cat, obj) == "armored" and not siege:
        amount = min(amount, 1)
    if amount <= 0:
        return
    flow.emit(Damaged(target, amount, hit, by))
    if hit and by is not None and b.word(cat, obj) == "reflect":
        queue(flow, "reflect", obj.controller, by)
    if b.damage(obj) >= cat.mech(obj.card).health:
        destroy(cat, flow, obj, by, hit)


def destroy(cat: Catalog, flow: Flow, obj: GameObject, by: int | None, hit: bool) -> None:
    """The mecha is destroyed: to its discard pile, then its own and its allies' triggers."""
    state = flow.state
    seat, w = obj.controller, b.word(cat, obj)
    flow.emit(Left(obj.id, leave_to(cat, obj), destroyed=True, seat=seat))
    if hit and by is not None and w == "spikes":
        queue(flow, "spikes", seat, by)
    if w == "self-destruct":
        queue(flow, "self-destruct", seat)
    rnd = t.round_no(state)
    for crawler in b.with_word(cat, state, seat, "salvage"):
        got = crawler.props.get("salvaged") or [rnd, 0]
        count = int(got[1]) if int(got[0]) == rnd else 0
        if count < SALVAGE_PER_ROUND:
            flow.emit(ce.PlayerCounterAdded(seat, "mana", 1))
            flow.emit(ce.ObjectPropSet(crawler.id, "salvaged", [rnd, count + 1]))
    if hit and by is not None and on_field(state, by) and b.word(cat, state.objects[by]) == "scavenger":
        flow.emit(ce.PlayerCounterAdded(state.objects[by].controller, "mana", 1))


def heal(flow: Flow, target: int, amount: int) -> None:
    """Turn a mecha back `amount` quarters, never past undamaged (H4)."""
    obj = flow.state.objects[target]
    amount = min(amount, b.damage(obj))
    if amount > 0 and on_field(flow.state, target):
        flow.emit(Healed(target, amount))


def scrap(cat: Catalog, flow: Flow, oid: int) -> None:
    """The owner removes a mecha from its field (not destroyed: no trigger, H21)."""
    obj = flow.state.objects[oid]
    flow.emit(Left(oid, leave_to(cat, obj), destroyed=False, seat=obj.controller))


class Triggers:
    """The `trigger` frame: resolve queued triggers one at a time, in this round's turn order; a
    player with two or more that differ chooses which of theirs resolves first (spec §9.4)."""

    def __init__(self, cat: Catalog) -> None:
        self.cat = cat

    def run(self, flow: Flow, frame: Frame) -> Ask | None:
        state = flow.state
        trig = frame.data.get("trig")
        if trig is None:
            if not state.pending_triggers:
                flow.pop(frame)
                return None
            order = t.turn_order(state) or list(range(len(state.players)))
            first = min(state.pending_triggers,
                        key=lambda tr: order.index(int(tr["seat"])) if int(tr["seat"]) in order else 99)
            seat = int(first["seat"])
            choices = distinct([tr for tr in state.pending_triggers if int(tr["seat"]) == seat])
            if len(choices) >= 2:
                options = [Option(f"first:{tr['id']}", self.trigger_label(state, tr), "trigger")
                           for tr in choices]
                return Ask(seat, "trigger_order", "Your triggers resolve one at a time: which goes first?",
                           options)
            self.take(flow, frame, first)
            return None
        kind, seat, target = str(trig["kind"]), int(trig["seat"]), trig.get("target")
        if kind == "reflect" or kind == "spikes":
            flow.pop(frame)
            deal(self.cat, flow, int(target), 1 if kind == "reflect" else 2)
            return None
        options = [Option(f"at:{o.id}", f"Deal 1 damage to {self.cat.mech(o.card).name} "
                          f"({state.players[o.controller].name})", "target", o.id)
                   for o in b.targetable(self.cat, state, seat)]
        if not options:
            flow.pop(frame)
            return None
        return Ask(seat, "self_destruct", "Kamikaze Wasp self-destructs: deal 1 damage to any one mecha", options)

    def answer(self, flow: Flow, frame: Frame, option: Option) -> None:
        head, _, tail = option.key.partition(":")
        if head == "first":
            chosen = next(tr for tr in flow.state.pending_triggers if int(tr["id"]) == int(tail))
            self.take(flow, frame, chosen)
            return
        flow.pop(frame)
        deal(self.cat, flow, int(tail), 1)

    def take(self, flow: Flow, frame: Frame, trig: dict[str, Json]) -> None:
        flow.emit(ce.TriggersTaken([int(str(trig["id"]))]))
        flow.update(frame, trig=trig)

    def trigger_label(self, state: State, trig: dict[str, Json]) -> str:
        kind, target = str(trig["kind"]), trig.get("target")
        if kind == "self-destruct":
            return "Self-Destruct: deal 1 damage to any one mecha"
        victim = "its attacker (gone)"
        if target is not None and on_field(state, int(str(target))):
            obj = state.objects[int(str(target))]
            victim = f"{self.cat.mech(obj.card).name} ({state.players[obj.controller].name})"
        return f"{kind.capitalize()}: {1 if kind == 'reflect' else 2} damage to {victim}"


def distinct(triggers: list[dict[str, Json]]) -> list[dict[str, Json]]:
    """One of each different trigger (same kind and target: the order between them changes nothing)."""
    seen: set[tuple[str, str]] = set()
    out = []
    for tr in triggers:
        key = (str(tr["kind"]), str(tr.get("target")))
        if key not in seen:
            seen.add(key)
            out.append(tr)
    return out


def settle(flow: Flow) -> bool:
    """Before a phase goes on: if triggers wait, push the frame that resolves them (True)."""
    if flow.state.pending_triggers:
        flow.push("trigger")
        return True
    return False
