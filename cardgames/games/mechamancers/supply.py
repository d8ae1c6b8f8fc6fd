"""Drawing from the mecha piles (reshuffling a discard pile, H3) and activating a mecha (H21)."""

from __future__ import annotations

from cardgames.engine import core_events as ce
from cardgames.engine.decisions import Option
from cardgames.engine.flow import Flow
from cardgames.engine.state import State
from cardgames.games.mechamancers import table as t
from cardgames.games.mechamancers.catalog import Catalog
from cardgames.games.mechamancers.damage import scrap
from cardgames.games.mechamancers.events import Activated, Drawn


def available(state: State, kind: str) -> bool:
    """A pile can give a card: it holds one, or its discard pile can be shuffled into it (H3)."""
    return bool(state.zones[t.pile(kind)].cards or state.zones[t.discard(kind)].cards)


def open_piles(state: State) -> list[str]:
    return [k for k in t.PILES if available(state, k)]


def draw(flow: Flow, seat: int, kind: str) -> None:
    """Draw the top card of a pile, shuffling its discard pile in first if it is empty (H3)."""
    state = flow.state
    if not state.zones[t.pile(kind)].cards:
        for oid in list(state.zones[t.discard(kind)].cards):
            flow.emit(ce.ObjectMoved(oid, t.pile(kind)))
        flow.shuffle(t.pile(kind))
    top = state.zones[t.pile(kind)].cards[-1]
    flow.emit(Drawn(top, seat, kind))


def pile_options(state: State) -> list[Option]:
    return [Option(f"pile:{k}", f"Draw from the {k} pile ({len(state.zones[t.pile(k)].cards)} left)", "pile")
            for k in open_piles(state)]


def activate(cat: Catalog, flow: Flow, seat: int, oid: int, cost: int, replace: int | None) -> None:
    """Pay and put a mecha from hand onto the field; with a full field, scrap `replace` first (H21)."""
    if replace is not None:
        scrap(cat, flow, replace)
    flow.emit(Activated(oid, seat, cost))


def field_full(state: State, seat: int) -> bool:
    return len(state.zones[t.field(seat)].cards) >= t.FIELD_LIMIT
