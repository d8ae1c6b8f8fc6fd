"""The engine's own events (objects, zones, counters, chain, flow) and how each applies to state."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from cardgames.engine.events import Event, applies, event
from cardgames.engine.state import (
    ChainEntry,
    Frame,
    GameObject,
    Json,
    Modifier,
    Outcome,
    Player,
    Shield,
    State,
    Zone,
    clone,
    update_cloned,
)

# -- players, zones, objects --------------------------------------------------------------


@event("PlayersSeated")
@dataclass(frozen=True, slots=True)
class PlayersSeated(Event):
    names: list[str]
    teams: list[int]

    def touched(self, state: State) -> Sequence[int]:
        return ()


@applies(PlayersSeated)
def _seated(s: State, e: PlayersSeated) -> None:
    s.players = [Player(seat=i, name=n, team=t) for i, (n, t) in enumerate(zip(e.names, e.teams, strict=True))]


@event("ZoneCreated")
@dataclass(frozen=True, slots=True)
class ZoneCreated(Event):
    INTERNAL = True
    id: str
    kind: str
    owner: int | None
    visibility: str
    shape: list[int] | None = None
    scope: str | None = None


@applies(ZoneCreated)
def _zone(s: State, e: ZoneCreated) -> None:
    s.zones[e.id] = Zone(e.id, e.kind, e.owner, e.visibility, [], clone(e.shape), e.scope)  # type: ignore[arg-type]


@event("ObjectCreated")
@dataclass(frozen=True, slots=True)
class ObjectCreated(Event):
    INTERNAL = True
    id: int
    card: str
    owner: int
    zone: str
    props: dict[str, Json] = field(default_factory=dict)
    entered_turn: int = 0


@applies(ObjectCreated)
def _created(s: State, e: ObjectCreated) -> None:
    s.objects[e.id] = GameObject(
        id=e.id, card=e.card, owner=e.owner, controller=e.owner, zone=e.zone,
        props=clone(e.props), entered_turn=e.entered_turn,
    )
    s.zones[e.zone].cards.append(e.id)
    s.next_id = max(s.next_id, e.id + 1)


@event("ObjectMoved")
@dataclass(frozen=True, slots=True)
class ObjectMoved(Event):
    """Move an object to another zone (on top, or at `index`; 0 is the bottom).

    `reset` clears what a card loses when it changes zones (counters, exhaustion, attachment);
    `controller` and `entered_turn`, when given, are set as it arrives.
    """

    id: int
    to: str
    index: int | None = None
    reset: bool = False
    controller: int | None = None
    entered_turn: int | None = None
    face: int | None = None


@applies(ObjectMoved)
def _moved(s: State, e: ObjectMoved) -> None:
    obj = s.objects[e.id]
    s.zones[obj.zone].cards.remove(e.id)
    dest = s.zones[e.to].cards
    if e.index is None:
        dest.append(e.id)
    else:
        dest.insert(e.index, e.id)
    obj.zone = e.to
    if e.reset:
        obj.counters = {}
        obj.exhausted = False
        obj.attached_to = None
        obj.pos = None
        obj.controller = obj.owner
    if e.controller is not None:
        obj.controller = e.controller
    if e.entered_turn is not None:
        obj.entered_turn = e.entered_turn
    if e.face is not None:
        obj.face = e.face


@event("ZoneShuffled")
@dataclass(frozen=True, slots=True)
class ZoneShuffled(Event):
    """A zone was shuffled; `order` is the outcome (bottom first), drawn from the seeded RNG."""

    SCRAMBLES = True
    zone: str
    order: list[int]

    def touched(self, state: State) -> Sequence[int]:
        """Every card of the pile: whoever cannot see them loses track of them."""
        return state.zones[self.zone].cards


@applies(ZoneShuffled)
def _shuffled(s: State, e: ZoneShuffled) -> None:
    z = s.zones[e.zone]
    if sorted(z.cards) != sorted(e.order):
        raise ValueError(f"shuffle of {e.zone} does not hold the same cards")
    z.cards = list(e.order)
    s.rng_draws += 1


@event("RandomDrawn")
@dataclass(frozen=True, slots=True)
class RandomDrawn(Event):
    """A random outcome (a die roll, a random choice) recorded so that replay needs no RNG."""

    purpose: str
    value: int


@applies(RandomDrawn)
def _random(s: State, e: RandomDrawn) -> None:
    s.rng_draws += 1


@event("ObjectChanged")
@dataclass(frozen=True, slots=True)
class ObjectChanged(Event):
    """Set fields of an object: exhausted, face, controller, attached_to, entered_turn, pos."""

    id: int
    exhausted: bool | None = None
    face: int | None = None
    controller: int | None = None
    attached_to: int | None = None
    detach: bool = False
    entered_turn: int | None = None
    pos: list[int] | None = None


@applies(ObjectChanged)
def _changed(s: State, e: ObjectChanged) -> None:
    obj = s.objects[e.id]
    if e.exhausted is not None:
        obj.exhausted = e.exhausted
    if e.face is not None:
        obj.face = e.face
    if e.controller is not None:
        obj.controller = e.controller
    if e.attached_to is not None:
        obj.attached_to = e.attached_to
    if e.detach:
        obj.attached_to = None
    if e.entered_turn is not None:
        obj.entered_turn = e.entered_turn
    if e.pos is not None:
        obj.pos = list(e.pos)


@event("ObjectPropSet")
@dataclass(frozen=True, slots=True)
class ObjectPropSet(Event):
    """Set (or, with None, remove) one game-specific fact of an object."""

    id: int
    key: str
    value: Json = None


@applies(ObjectPropSet)
def _oprop(s: State, e: ObjectPropSet) -> None:
    props = s.objects[e.id].props
    if e.value is None:
        props.pop(e.key, None)
    else:
        props[e.key] = clone(e.value)


@event("CounterAdded")
@dataclass(frozen=True, slots=True)
class CounterAdded(Event):
    """Add `delta` (may be negative) counters of `name` to an object; zero counts are dropped."""

    id: int
    name: str
    delta: int


@applies(CounterAdded)
def _counter(s: State, e: CounterAdded) -> None:
    c = s.objects[e.id].counters
    value = c.get(e.name, 0) + e.delta
    if value:
        c[e.name] = value
    else:
        c.pop(e.name, None)


@event("PlayerCounterAdded")
@dataclass(frozen=True, slots=True)
class PlayerCounterAdded(Event):
    seat: int
    name: str
    delta: int


@applies(PlayerCounterAdded)
def _pcounter(s: State, e: PlayerCounterAdded) -> None:
    c = s.players[e.seat].counters
    c[e.name] = c.get(e.name, 0) + e.delta


@event("PlayerPropSet")
@dataclass(frozen=True, slots=True)
class PlayerPropSet(Event):
    seat: int
    key: str
    value: Json


@applies(PlayerPropSet)
def _pprop(s: State, e: PlayerPropSet) -> None:
    s.players[e.seat].props[e.key] = clone(e.value)


@event("GlobalSet")
@dataclass(frozen=True, slots=True)
class GlobalSet(Event):
    INTERNAL = True
    key: str
    value: Json


@applies(GlobalSet)
def _global(s: State, e: GlobalSet) -> None:
    s.globals[e.key] = clone(e.value)


# -- turns and phases ------------------------------------------------------------------------


@event("TurnBegan")
@dataclass(frozen=True, slots=True)
class TurnBegan(Event):
    turn: int
    active: int


@applies(TurnBegan)
def _turn(s: State, e: TurnBegan) -> None:
    s.turn = e.turn
    s.active = e.active


@event("PhaseBegan")
@dataclass(frozen=True, slots=True)
class PhaseBegan(Event):
    KEEPS_CACHED = True  # no cached query reads the phase's name (State.cached)
    phase: str


@applies(PhaseBegan)
def _phase(s: State, e: PhaseBegan) -> None:
    s.phase = e.phase


# -- chain -------------------------------------------------------------------------------------


@event("ChainPushed")
@dataclass(frozen=True, slots=True)
class ChainPushed(Event):
    """An announced maneuver or a triggered effect goes on the chain."""

    id: int
    controller: int
    kind: str
    label: str
    source: int | None = None
    ability: str | None = None
    targets: dict[str, list[int]] = field(default_factory=dict)
    data: dict[str, Json] = field(default_factory=dict)


@applies(ChainPushed)
def _chain_push(s: State, e: ChainPushed) -> None:
    s.chain.append(
        ChainEntry(e.id, e.controller, e.kind, e.label, e.source, e.ability, clone(e.targets), clone(e.data))
    )
    s.next_id = max(s.next_id, e.id + 1)


@event("ChainPopped")
@dataclass(frozen=True, slots=True)
class ChainPopped(Event):
    """A chain entry leaves the chain: it `resolved`, `fizzled` (all targets gone) or was `removed`."""

    id: int
    result: str
    label: str = ""


@applies(ChainPopped)
def _chain_pop(s: State, e: ChainPopped) -> None:
    s.chain = [c for c in s.chain if c.id != e.id]


# -- flow agenda -----------------------------------------------------------------------------


@event("AgendaChanged")
@dataclass(frozen=True, slots=True)
class AgendaChanged(Event):
    """What the rules did to the flow agenda since it was last logged, logged when they stop (at a
    decision, or the game's end; once a step, as its last event): the frames `popped`, the data
    `changed` of others ([id, {key: value}]), the frames `pushed` ([id, kind, data]) and still
    there; `next_id` is the next free id (frames take theirs from the object ids).

    The flow changes frames in place (`Flow.push`, `update`, `pop`) and logs this without applying
    it again; a fold applies it. Frames pushed and popped within a step leave no trace: they are
    the rules' bookkeeping, and only where the agenda stands at a decision is state a save holds.
    """

    INTERNAL = True
    FLOW = True
    popped: list[int]
    changed: list[list[Json]]
    pushed: list[list[Json]]
    next_id: int


@applies(AgendaChanged)
def _agenda(s: State, e: AgendaChanged) -> None:
    if e.popped:
        gone = set(e.popped)
        s.frames = [f for f in s.frames if f.id not in gone]
    for fid, changes in e.changed:
        frame = next((f for f in reversed(s.frames) if f.id == fid), None)
        if frame is None:
            raise ValueError(f"no frame {fid}")
        update_cloned(frame.data, changes)
    s.frames.extend(Frame(fid, kind, clone(data)) for fid, kind, data in e.pushed)
    s.next_id = max(s.next_id, e.next_id)
    s.agenda_moves = None


# Rules versions before the agenda was logged once a stop (AgendaChanged) wrote an event for every
# frame pushed, popped and changed; they are read still, for saves folded despite a version mismatch.


@event("FramePushed")
@dataclass(frozen=True, slots=True)
class FramePushed(Event):
    INTERNAL = True
    FLOW = True
    id: int
    kind: str
    data: dict[str, Json] = field(default_factory=dict)


@applies(FramePushed)
def _frame_push(s: State, e: FramePushed) -> None:
    s.frames.append(Frame(e.id, e.kind, clone(e.data)))
    s.next_id = max(s.next_id, e.id + 1)


@event("FramePopped")
@dataclass(frozen=True, slots=True)
class FramePopped(Event):
    INTERNAL = True
    FLOW = True
    id: int


@applies(FramePopped)
def _frame_pop(s: State, e: FramePopped) -> None:
    s.frames = [f for f in s.frames if f.id != e.id]


@event("FrameUpdated")
@dataclass(frozen=True, slots=True)
class FrameUpdated(Event):
    INTERNAL = True
    FLOW = True
    id: int
    changes: dict[str, Json]


@applies(FrameUpdated)
def _frame_upd(s: State, e: FrameUpdated) -> None:
    for f in reversed(s.frames):
        if f.id == e.id:
            update_cloned(f.data, e.changes)
            return
    raise ValueError(f"no frame {e.id}")


# -- continuous effects ------------------------------------------------------------------


@event("ModifierAdded")
@dataclass(frozen=True, slots=True)
class ModifierAdded(Event):
    id: int
    target: int
    stat: str
    amount: int
    until: str
    source: int | None = None
    controller: int | None = None


@applies(ModifierAdded)
def _mod_add(s: State, e: ModifierAdded) -> None:
    s.modifiers.append(Modifier(e.id, e.target, e.stat, e.amount, e.until, e.source, e.controller))
    s.next_id = max(s.next_id, e.id + 1)


@event("ShieldAdded")
@dataclass(frozen=True, slots=True)
class ShieldAdded(Event):
    id: int
    target: int
    amount: int
    until: str
    per_hit: bool = False
    source: int | None = None
    controller: int | None = None


@applies(ShieldAdded)
def _shield_add(s: State, e: ShieldAdded) -> None:
    s.shields.append(Shield(e.id, e.target, e.amount, e.until, e.per_hit, e.source, e.controller))
    s.next_id = max(s.next_id, e.id + 1)


@event("ShieldUsed")
@dataclass(frozen=True, slots=True)
class ShieldUsed(Event):
    id: int
    amount: int


@applies(ShieldUsed)
def _shield_used(s: State, e: ShieldUsed) -> None:
    for sh in s.shields:
        if sh.id == e.id:
            sh.amount -= e.amount
    s.shields = [sh for sh in s.shields if sh.per_hit or sh.amount > 0]


@event("EffectsExpired")
@dataclass(frozen=True, slots=True)
class EffectsExpired(Event):
    """Modifiers and shields whose ids are listed end (a duration ran out, a source left)."""

    INTERNAL = True
    ids: list[int]

    def touched(self, state: State) -> Sequence[int]:
        return ()  # modifiers and shields, not objects


@applies(EffectsExpired)
def _expired(s: State, e: EffectsExpired) -> None:
    gone = set(e.ids)
    s.modifiers = [m for m in s.modifiers if m.id not in gone]
    s.shields = [sh for sh in s.shields if sh.id not in gone]


# -- triggers, battle, end -------------------------------------------------------------------


@event("TriggerQueued")
@dataclass(frozen=True, slots=True)
class TriggerQueued(Event):
    INTERNAL = True
    trigger: dict[str, Json]


@applies(TriggerQueued)
def _trig(s: State, e: TriggerQueued) -> None:
    s.pending_triggers.append(clone(e.trigger))
    s.next_id = max(s.next_id, int(e.trigger["id"]) + 1)


@event("TriggersTaken")
@dataclass(frozen=True, slots=True)
class TriggersTaken(Event):
    """Pending triggers with these ids leave the queue (put on the chain, or dropped)."""

    INTERNAL = True
    ids: list[int]

    def touched(self, state: State) -> Sequence[int]:
        return ()  # pending triggers, not objects


@applies(TriggersTaken)
def _trig_taken(s: State, e: TriggersTaken) -> None:
    gone = set(e.ids)
    s.pending_triggers = [t for t in s.pending_triggers if t["id"] not in gone]


@event("BattleChanged")
@dataclass(frozen=True, slots=True)
class BattleChanged(Event):
    """Start (`battle` given), update (`changes`) or end (`end`) the battle in progress."""

    battle: dict[str, Json] | None = None
    changes: dict[str, Json] | None = None
    end: bool = False


@applies(BattleChanged)
def _battle(s: State, e: BattleChanged) -> None:
    if e.end:
        s.battle = None
    if e.battle is not None:
        s.battle = clone(e.battle)
    if e.changes is not None and s.battle is not None:
        s.battle.update(clone(e.changes))


@event("PlayerEliminated")
@dataclass(frozen=True, slots=True)
class PlayerEliminated(Event):
    seat: int
    reason: str


@applies(PlayerEliminated)
def _elim(s: State, e: PlayerEliminated) -> None:
    s.players[e.seat].eliminated = True


@event("GameEnded")
@dataclass(frozen=True, slots=True)
class GameEnded(Event):
    winners: list[int]
    reason: str
    draw: bool = False

    def touched(self, state: State) -> Sequence[int]:
        return ()  # seats, not objects


@applies(GameEnded)
def _ended(s: State, e: GameEnded) -> None:
    s.outcome = Outcome(list(e.winners), e.reason, e.draw)
    s.frames = []


@event("Chose")
@dataclass(frozen=True, slots=True)
class Chose(Event):
    """A seat answered a decision. `auto` marks answers the engine gave on the seat's behalf."""

    FLOW = True

    seat: int
    kind: str
    key: str
    auto: bool = False


@applies(Chose)
def _chose(s: State, e: Chose) -> None:
    if not e.auto:  # an undo point: nothing revealed since, nothing changed hands
        s.revealed_at = -1
        if s.held:
            s.held = {}


@event("PreferenceSet")
@dataclass(frozen=True, slots=True)
class PreferenceSet(Event):
    """A seat changed one of its settings during the game (an input, like an answer)."""

    seat: int
    key: str
    value: str


@applies(PreferenceSet)
def _preference(s: State, e: PreferenceSet) -> None:
    s.players[e.seat].props[e.key] = e.value
