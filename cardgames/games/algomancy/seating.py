"""Seating in a circle: left and right neighbours, the FFA region order, and what the player count decides.

Players sit in a circle, seat order clockwise (rulebook: Starting seating). "Left" is the next
live seat clockwise (the way packs and the initiative pass), "right" the previous one. When a
player is eliminated their neighbours' regions close up (Regions and local effects): every query
here counts live seats only.
"""

from __future__ import annotations

from typing import Any

from cardgames.engine.state import State
from cardgames.games.algomancy.formation import column_of

FFA_MIN = 3
"""Free-for-all needs three players; an FFA down to two plays the 1v1 structure (R33)."""


def draft_elements(players: int) -> int:
    """Elements of the live-draft deck: 3 for 2–3 players, 4 for 4–6 (Element selection)."""
    return 3 if players <= 3 else 4


def copies(players: int) -> int:
    """Copies of each pool card in the live-draft deck: 2 up to 4 players, 3 for 5–6 (R15)."""
    return 2 if players <= 4 else 3


def left(state: State, seat: int) -> int:
    """The live neighbour to `seat`'s left: the next live seat clockwise."""
    n = len(state.players)
    return next(s for s in ((seat + i) % n for i in range(1, n + 1)) if not state.players[s].eliminated)


def right(state: State, seat: int) -> int:
    """The live neighbour to `seat`'s right: the previous live seat clockwise."""
    n = len(state.players)
    return next(s for s in ((seat - i) % n for i in range(1, n + 1)) if not state.players[s].eliminated)


def is_ffa(state: State) -> bool:
    """Whether this turn's battle uses intent cards: a free-for-all with three or more players
    still in the game (R69; with two left, the 1v1 structure: R33)."""
    return state.globals.get("setup") == "ffa" and len(state.live_seats()) >= FFA_MIN


def ffa_region_order(state: State, initiative: int) -> list[int]:
    """The order battles resolve in FFA: clockwise starting with the player to the initiative
    player's left, ending with the initiative player's own region (Battle, Timing; R31)."""
    n = len(state.players)
    return [s for s in ((initiative + i) % n for i in range(1, n + 1)) if not state.players[s].eliminated]


def _front_of(battle: dict[str, Any], index: int) -> int | None:
    """Whose attacking formation column `index` belongs to (an outer flank: the nearest column's)."""
    attack = battle.get("attack") or []
    if not attack:
        return None
    fronts = battle.get("fronts") or {}
    for u in attack[min(max(index, 0), len(attack) - 1)]:
        if str(u) in fronts:
            return int(fronts[str(u)])
    return None


def same_formation(battle: dict[str, Any], obj: int, neighbours: list[int]) -> list[int]:
    """`neighbours` of `obj` that stand in the same formation as it: with several attackers in one
    region (FFA), each attacker's formation, and the blockers facing it, are separate (R32, R41)."""
    if not battle.get("fronts"):
        return neighbours
    out = []
    for key in ("attack", "defence"):
        form = battle.get(key)
        if not form or (mine := column_of(form, obj)) is None:
            continue
        for u in neighbours:
            theirs = column_of(form, u)
            if theirs is None or theirs == mine:
                out.append(u)
                continue
            a, b = _front_of(battle, mine), _front_of(battle, theirs)
            if a is None or b is None or a == b:
                out.append(u)
        return out
    return neighbours


# -- teams and archenemy ------------------------------------------------------------------------

TEAM_SETUPS = ("teams", "archenemy")
JOINT = "joint"
"""Joint teams (2v2, 3v3): a team shares one region and one life total, and the battle is the 1v1
battle between the two teams' regions (R72; table.home)."""


def is_team_game(state: State) -> bool:
    """Split teams (2v2, 3v3) or archenemy (2v1): the team battle structure, when more than two
    players are left (two left play 1v1)."""
    return state.globals.get("setup") in TEAM_SETUPS and len(acting_seats(state)) > 2


def team_of(state: State, seat: int) -> int:
    return state.players[seat].team


def mates(state: State, a: int, b: int) -> bool:
    """Whether two seats are on one team (in 1v1 and FFA each player is a team of one)."""
    return state.players[a].team == state.players[b].team


def enemy_neighbours(state: State, seat: int) -> list[int]:
    """The neighbouring regions `seat` may attack: left and right, never a team-mate's (R27)."""
    out = []
    for s in (left(state, seat), right(state, seat)):
        if s != seat and not mates(state, s, seat) and s not in out:
            out.append(s)
    return out


def acting_seats(state: State) -> list[int]:
    """The live seats that take part in this turn: during archenemy's head start, only the
    archenemy (the others have not entered the game yet: R73)."""
    waiting = state.globals.get("waiting") or []
    return [s for s in state.live_seats() if s not in waiting]


def turn_order(state: State, initiative: int) -> list[int]:
    """Who acts first in the turn's steps: clockwise from the initiative player; in team games the
    whole initiative team first, then the other team (Team initiative; R71)."""
    n = len(state.players)
    seats = acting_seats(state)
    order = [s for s in ((initiative + i) % n for i in range(n)) if s in seats]
    if state.globals.get("setup") not in (*TEAM_SETUPS, JOINT):
        return order
    it = team_of(state, initiative)
    return [s for s in order if team_of(state, s) == it] + [s for s in order if team_of(state, s) != it]


def first_turn(state: State, seat: int) -> int:
    """The turn a player first plays: 1, or after the head start for the archenemy's opponents
    (R73). On it they draw nothing in the draw step: that draw was dealt with the opening hand."""
    if state.globals.get("setup") == "archenemy" and team_of(state, seat) != team_of(state, 0):
        return 1 + int(state.globals.get("head_start") or 1)
    return int(state.globals.get("match_turn") or 1)  # a cube bracket's match begins later (A79)


def team_ring(state: State, initiative: int, seats: list[int], anchor: int | None = None) -> list[int] | None:
    """How priority goes round `seats` (the players present in a region) in team games, or None
    outside them (clockwise from the initiative player: Priority window).

    Priority: "All players on a team share priority and can take actions in whichever order they
    choose amongst themselves. Teams pass priority and receive priority collectively" (A71). The
    initiative team's members present come first, clockwise from the initiative player, then the
    other team's. After `anchor` put something on the stack their team holds priority: `anchor`
    first (they keep priority), then their team-mates round, then the other team — so a member who
    passed is asked again after a team-mate acted, before the other team answers.
    """
    if state.globals.get("setup") not in (*TEAM_SETUPS, JOINT):
        return None
    base = [s for s in turn_order(state, initiative) if s in seats]
    if anchor is None or anchor not in base:
        return base
    team = [s for s in base if mates(state, s, anchor)]
    at = team.index(anchor)
    return team[at:] + team[:at] + [s for s in base if not mates(state, s, anchor)]
