"""Priority windows in a region, and how priority goes round a team that shares it (Priority; A71).

The engine's window (`chain.py`) passes priority clockwise, or round the window's `order` when one is
given. In team games the order is `seating.team_ring`: the initiative team together, then the other
team; after an action the actor's team holds priority until all its members passed in a row.
"""

from __future__ import annotations

from cardgames.engine import chain as chainmod
from cardgames.engine.flow import Flow
from cardgames.engine.state import Frame
from cardgames.games.algomancy import table as t
from cardgames.games.algomancy.seating import team_ring


def open_region_window(flow: Flow, reg: int, window: str, title: str) -> None:
    """A priority window among the players present in region `reg`: the initiative player (or team) first."""
    state = flow.state
    present = t.present(state, reg)
    ring = team_ring(state, t.initiative(state), present)
    seats = ring if ring is not None else t.priority_order(state, present)
    chainmod.open_window(flow, seats[0], window, title, seats=seats, lead=seats[0], order=ring)


def innermost(flow: Flow) -> Frame | None:
    return next((f for f in reversed(flow.state.frames) if f.kind == "priority"), None)


def regroup_ring(flow: Flow, window: Frame, anchor: int | None) -> None:
    """After `anchor` acted (or, with None, after a resolution or a trigger): the ring starts again from
    `anchor`'s team (or from the initiative team)."""
    if not window.data.get("order"):
        return
    seats = [int(s) for s in window.data.get("seats") or []]
    ring = team_ring(flow.state, t.initiative(flow.state), seats, anchor)
    if ring is not None:
        flow.update(window, order=ring)
