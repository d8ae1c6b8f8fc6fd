"""What must always hold in an Altered game (checked by the fuzz after every event and decision)."""

from __future__ import annotations

from cardgames.engine.state import State
from cardgames.games.altered import table as t
from cardgames.games.altered.context import Rules


def invariants(rules: Rules, state: State) -> list[str]:
    out: list[str] = []
    seen: set[int] = set()
    for z in state.zones.values():
        for oid in z.cards:
            if oid in seen:
                out.append(f"object {oid} is in two zones")
            seen.add(oid)
            if state.objects[oid].zone != z.id:
                out.append(f"object {oid} says {state.objects[oid].zone} but lies in {z.id}")
    if seen != set(state.objects):
        out.append("an object is in no zone")
    for p in state.players:
        spent = p.counters.get("orbs_exhausted", 0)
        if spent < 0 or t.ready_orbs(state, p.seat) < 0:
            out.append(f"{p.name}: {spent} exhausted orbs of {len(state.zones[t.mana(p.seat)].cards)}")
        for kind in t.KINDS:
            at = t.position(state, p.seat, kind)
            if not 0 <= at < t.TRACK:
                out.append(f"{p.name}'s {kind} expedition is off the track ({at})")
    for oid in state.zones[t.GONE].cards:
        if rules.cards[state.objects[oid].card].kind != "token":
            out.append(f"a card that is not a token ceased to exist: {oid}")
    for s in range(len(state.players)):
        for obj in state.cards_in(t.reserve(s)) + state.cards_in(t.discard(s)) + state.cards_in(t.hand(s)):
            if rules.cards[obj.card].kind == "token":
                out.append(f"a token outside the Expedition zone: {obj.id} in {obj.zone}")
            if obj.owner != s:
                out.append(f"{obj.id} in another player's private zone {obj.zone} (fragment 1.4.3)")
        for kind in t.KINDS:
            for obj in state.cards_in(t.expedition(s, kind)):
                if rules.cards[obj.card].kind not in ("character", "token"):
                    out.append(f"{obj.id} is no Character but is in an expedition")
    return out


def settled_invariants(rules: Rules, state: State) -> list[str]:
    out = invariants(rules, state)
    if state.outcome is None and state.zones[t.LIMBO].cards and not any(f.kind == "resolve" for f in state.frames):
        out.append("a card waits in Limbo with nothing resolving")
    return out
