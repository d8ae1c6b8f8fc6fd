"""Team formats: the one-, two-, three-headed giant turn order (teams alternate, each with its own cyclic
pointer) and the endgame clock after a team player is out (Team Play Formats)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Order = dict[str, Any]
"""{"teams": [[seats of team A], [seats of team B]], "ptr": [next index in A, in B], "next": 0 or 1}."""


def new_order(teams: list[list[int]], first_team: int) -> Order:
    return {"teams": [list(t) for t in teams], "ptr": [0, 0], "next": first_team}


def step(order: Order, present: Callable[[int], bool]) -> tuple[int, Order]:
    """The next turn's player and the order after it: the team whose turn it is plays its next present
    player (its pointer moves past absent ones), then the other team is next (Team Player Order)."""
    teams = order["teams"]
    ptr = list(order["ptr"])
    team = int(order["next"])
    members = teams[team]
    for _ in range(len(members)):
        seat = members[ptr[team] % len(members)]
        ptr[team] = (ptr[team] + 1) % len(members)
        if present(seat):
            other = 1 - team
            nxt = other if any(present(s) for s in teams[other]) else team
            return seat, {"teams": teams, "ptr": ptr, "next": nxt}
    raise ValueError("no player of that team is present")


def sequence(order: Order, present: Callable[[int], bool], n: int) -> list[int]:
    out = []
    for _ in range(n):
        seat, order = step(order, present)
        out.append(seat)
    return out


def turns_until(order: Order, present: Callable[[int], bool], seat: int) -> int:
    """How many turns from now until `seat`'s next turn, counting it as present (its endgame deadline)."""
    def also(s: int) -> bool:
        return s == seat or present(s)
    for k, s in enumerate(sequence(order, also, 12), start=1):
        if s == seat:
            return k
    raise ValueError("the seat never comes round")
