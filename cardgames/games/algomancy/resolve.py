"""Resolving the top of the stack: targets checked again, fizzling, and where the card goes then."""

from __future__ import annotations

from typing import Any

from cardgames.engine import core_events as ce
from cardgames.engine.flow import Flow
from cardgames.engine.state import Frame, State
from cardgames.games.algomancy import table as t
from cardgames.games.algomancy.checks import spawn, to_bin
from cardgames.games.algomancy.context import Rules
from cardgames.games.algomancy.stack import effect_of


def still_legal(rules: Rules, state: State, ref: int, entry: Any, kind: str | None = None) -> bool:
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


def start_resolution(rules: Rules, flow: Flow, frame: Frame) -> bool:
    """Targets are checked again: all gone → it fizzles; some gone → it does what it can (Q&A Interaction)."""
    entry_id = frame.data.get("entry")
    entry = next((e for e in flow.state.chain if e.id == entry_id), None)
    targets: dict[str, list[int]] = {k: list(v) for k, v in dict(frame.data["targets"]).items()}
    if not targets:
        return True
    slots = effect_of(rules, str(entry.ability))[0] if entry is not None and entry.ability else {}
    kinds = {k: spec.type for k, spec in slots.items()}
    kept = {k: [x for x in v if still_legal(rules, flow.state, x, entry, kinds.get(k))]
            for k, v in targets.items()}
    if not any(kept.values()):
        finish(rules, flow, entry, fizzled=True)
        return False
    if kept != targets:
        flow.update(frame, targets=kept)
    return True


def finish_resolution(rules: Rules, flow: Flow, frame: Frame) -> None:
    entry_id = frame.data.get("entry")
    entry = next((e for e in flow.state.chain if e.id == entry_id), None)
    finish(rules, flow, entry, fizzled=False)


def finish(rules: Rules, flow: Flow, entry: Any, *, fizzled: bool) -> None:
    """The card goes where it belongs: a unit or spell unit spawns (unless it fizzled), a
    spell goes to its owner's bin (erased if unstable), a spell token is erased."""
    if entry is None:
        return
    state = flow.state
    flow.emit(ce.ChainPopped(entry.id, "fizzled" if fizzled else "resolved"))
    src = state.objects.get(entry.source) if entry.source is not None else None
    if src is None or src.zone != "stack":
        return
    card = rules.cards[src.card]
    if entry.data.get("unstable"):
        flow.emit(ce.ObjectPropSet(src.id, "unstable", True))
    if card.is_unit and not fizzled:
        spawn(rules, flow, src.id, entry.controller, int(entry.data.get("region", entry.controller)))
    else:
        to_bin(rules, flow, src.id)
