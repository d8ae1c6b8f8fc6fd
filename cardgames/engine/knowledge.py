"""Who has seen each card: knowledge, generations, handles and reveals, decided from zone visibility.

Every game gets this without doing anything: `events.apply` asks each event which objects it
touches (`Event.touched`), notes where they were, applies the event, and hands the objects whose
place or face changed to `track`.

Who *sees* a card's face follows from where it lies (`sight`): a public zone shows it to every
seat and to the public table, unless it lies face down (`props["face_down"]`), when only its
controller sees it; an owner zone shows it to its owner; a hidden zone to nobody.

Who *knows* a card (`GameObject.known`, a bit per seat and one for the public table, see `bit`) is
who sees it, plus who saw it and watched it go where it now lies: a face-up card returned to a
hand stays known to everyone, so their views keep showing its id. A card that goes from a place
hidden from someone to another place hidden from them (a draw seen only by the drawer, a card
shuffled into a deck, a pack handed on), and every card of a pile that is shuffled, becomes
unknown to whoever cannot see it, and gets a new generation (`GameObject.gen`).

A view shows a card hidden from its viewer with a handle in place of its id: the id itself if the
viewer knows the card, else `handle(key, id, gen)`, a keyed hash that nobody without the game's
secret can link to the card, and that changes with the generation. The secret is derived from the
game's seed, which was already a secret (whoever knows it can replay every shuffle).

An event after which a seat sees a card that it did not hold at the last answer - neither saw
it, nor held it by its id in its view (a card it watched go into a hand or a pack) - is a
*reveal*: a draw, to the drawer; a card played from a hand onto the table; a pack handed on; a
card turned face up. So is an event that shows a seat a card where it lies (`Event.shows`: a
seat looks at the top card of its deck), and, for older code, an event that touches no card and
whose class says `REVEALS`. `State.held` keeps, for each card changed since the last answer, who
held it then; `State.revealed_at` the first reveal since; undo is refused across it.
"""

from __future__ import annotations

from collections.abc import Sequence
from hashlib import blake2b
from secrets import randbits

from cardgames.engine.state import GameObject, State, Zone

PUBLIC = 1
"""The knowledge bit of the public table (a spectator's view, seat None)."""

HANDLE_FLOOR = 10**9
"""Handles lie above this; object ids below it, so a handle never equals an object id."""

_HANDLE_BYTES = 6
"""48 bits of hash: handles of one game never collide in practice, and stay exact in JSON."""

Mark = tuple[GameObject, str, int, object]
"""What `apply` notes of a touched object before the event: the object, its zone, controller and
face-down flag."""


def bit(viewer: int | None) -> int:
    """The knowledge bit of a seat (or of the public table, for None)."""
    return PUBLIC if viewer is None else 2 << viewer


def everyone(state: State) -> int:
    """The bits of every seat and the public table."""
    return (2 << len(state.players)) - 1


def _sight(zone: Zone, controller: int, face_down: object, all_bits: int) -> int:
    vis = zone.visibility
    if vis == "public":
        if face_down:
            return 2 << controller if controller >= 0 else 0
        return all_bits
    if vis == "owner":
        owner = zone.owner
        return 2 << owner if owner is not None and owner >= 0 else 0
    return 0


def sight(state: State, obj: GameObject) -> int:
    """The bits of whoever sees `obj`'s face where it lies now."""
    return _sight(state.zones[obj.zone], obj.controller, obj.props.get("face_down"), everyone(state))


def can_see(state: State, obj: GameObject, viewer: int | None) -> bool:
    """Whether `viewer` (None: the public table) sees `obj`'s face where it lies: by its zone's
    visibility; a card lying face down (`props["face_down"]`) in a public zone is seen only by
    its controller. (The same as `sight`, by bit; this one is for hot loops.)"""
    zone = state.zones[obj.zone]
    vis = zone.visibility
    if vis == "public":
        return not obj.props.get("face_down") or viewer == obj.controller
    if vis == "owner":
        return viewer is not None and viewer == zone.owner
    return False


def knows(state: State, obj: GameObject, viewer: int | None) -> bool:
    """Whether `viewer` sees `obj` or watched it go where it lies (so may follow it by its id)."""
    b = bit(viewer)
    return bool((obj.known | sight(state, obj)) & b)


def track(state: State, ids: Sequence[int], marks: Sequence[Mark], count: int, scrambles: bool) -> None:
    """Update knowledge of the objects an event touched (`ids`; `marks` notes where those that
    existed were before it applied, `count` how many objects there were; `scrambles`: it
    shuffled them), and note a reveal: a seat now sees a card it did not hold at the last
    answer (see `State.held`)."""
    zones = state.zones
    held = state.held
    all_bits = (2 << len(state.players)) - 1
    revealed = False
    for obj, zone, controller, face_down in marks:
        moved = obj.zone != zone
        down = obj.props.get("face_down")
        if not moved and not scrambles and obj.controller == controller and down == face_down:
            continue
        # who saw it before and who sees it now (`_sight`, inline: this runs for every move)
        src = zones[zone]
        vis = src.visibility
        if vis == "public":
            before = (2 << controller if controller >= 0 else 0) if face_down else all_bits
        elif vis == "owner":
            before = 2 << src.owner if src.owner is not None and src.owner >= 0 else 0
        else:
            before = 0
        dest = zones[obj.zone] if moved else src
        vis = dest.visibility
        if vis == "public":
            after = (2 << obj.controller if obj.controller >= 0 else 0) if down else all_bits
        elif vis == "owner":
            after = 2 << dest.owner if dest.owner is not None and dest.owner >= 0 else 0
        else:
            after = 0
        had = held.get(obj.id)
        if had is None:  # its first change since the last answer: who held it then
            had = held[obj.id] = obj.known if src.visibility != "hidden" else 0
        if after & ~had & ~PUBLIC:
            revealed = True
        if scrambles:
            obj.known = after
            obj.gen += 1
        elif not moved:
            # turned over, or handed to another controller where it lies: whoever knew it still does
            obj.known |= after
        else:
            obj.known = before | after
            if all_bits & ~(before | after):
                obj.gen += 1
    if len(state.objects) != count:  # created by this event: known to whoever sees them
        old = {id(m[0]) for m in marks}
        for i in ids:
            new = state.objects.get(i)
            if new is not None and id(new) not in old:
                new.known = held[i] = _sight(zones[new.zone], new.controller, new.props.get("face_down"), all_bits)
    if revealed and state.revealed_at < 0:
        state.revealed_at = state.folded


def show(state: State, shown: Sequence[tuple[int, int]]) -> None:
    """Cards shown to seats where they lie (`Event.shows`): a reveal to a seat that did not know
    them; now it does."""
    for oid, seat in shown:
        obj = state.objects[oid]
        b = 2 << seat
        if not (obj.known | sight(state, obj)) & b:
            reveal(state)
        obj.known |= b


def reveal(state: State) -> None:
    """Note that the event being applied showed a seat a card it could not see."""
    if state.revealed_at < 0:
        state.revealed_at = state.folded


def fresh_seed() -> int:
    """A seed for a new game when the players give none: 63 random bits from the OS, so that the
    handles it keys cannot be matched by trying every seed (a 30-bit seed could be)."""
    return randbits(63) or 1


def handle_key(state: State) -> bytes:
    """The game's secret for handles, derived from its seed (never shown in a view)."""
    seed = state.globals.get("seed")
    return blake2b(f"cardgames/handles/{state.game}/{seed}".encode(), digest_size=32).digest()


def handle(key: bytes, oid: int, gen: int) -> int:
    """An id for a card whose face the viewer does not know: unlinkable to the card without the
    key, new with every generation, always above HANDLE_FLOOR."""
    digest = blake2b(f"{oid}/{gen}".encode(), key=key, digest_size=_HANDLE_BYTES).digest()
    return HANDLE_FLOOR + 1 + int.from_bytes(digest, "big")


class Handles:
    """How one viewer's view names objects: ids of what it sees or knows, handles for the rest."""

    def __init__(self, state: State, viewer: int | None) -> None:
        self.state = state
        self.bit = bit(viewer)
        self.all_bits = everyone(state)
        self._key: bytes | None = None

    def sees(self, obj: GameObject) -> bool:
        return bool(_sight(self.state.zones[obj.zone], obj.controller, obj.props.get("face_down"),
                           self.all_bits) & self.bit)

    def name(self, obj: GameObject) -> int:
        """What the viewer calls `obj`: its id if it sees or knows it, else a handle."""
        if obj.known & self.bit or self.sees(obj):
            return obj.id
        if self._key is None:
            self._key = handle_key(self.state)
        return handle(self._key, obj.id, obj.gen)

    def ref(self, ref: int) -> int:
        """An object reference as the viewer may read it (players, -(seat+1), and ids of
        things that are not cards pass unchanged)."""
        obj = self.state.objects.get(ref) if ref > 0 else None
        return ref if obj is None else self.name(obj)

    def ref_or_none(self, ref: int | None) -> int | None:
        return None if ref is None else self.ref(ref)
