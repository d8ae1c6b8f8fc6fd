"""Zone names and read-only questions about the table (no card data needed)."""

from __future__ import annotations

from cardgames.engine.state import GameObject, State

PILES = ("attack", "defense", "unique")
HAND_LIMIT = 7
FIELD_LIMIT = 6
START_VP = 7
START_MANA = 2
EVENTS_IN_PLAY = 6
ROLES = "roles"
ASIDE = "roles:aside"
EVENTS = "events"
EVENTS_BOX = "events:box"
EVENTS_DONE = "events:done"
REMOVED = "removed"
TWO_ROLES = "two-roles"
"""The optional 2-player variant (spec §7.1 V1): each player drafts two roles and takes a turn with each."""


def pile(kind: str) -> str:
    return f"pile:{kind}"


def discard(kind: str) -> str:
    return f"discard:{kind}"


def hand(seat: int) -> str:
    return f"hand:{seat}"


def field(seat: int) -> str:
    return f"field:{seat}"


def pack(seat: int) -> str:
    """The roles a seat holds while it chooses in the pledge (only it sees them)."""
    return f"pack:{seat}"


def pledge(seat: int) -> str:
    """The role a seat chose, face down until everyone has chosen."""
    return f"pledge:{seat}"


def role_zone(seat: int) -> str:
    """The role a seat holds this round, face up."""
    return f"role:{seat}"


def look(seat: int) -> str:
    """The event cards the Quirk looks at (Foresight), seen only by that seat."""
    return f"look:{seat}"


def seat_of_zone(zone: str) -> int | None:
    head, _, tail = zone.partition(":")
    return int(tail) if head in ("hand", "field", "pack", "pledge", "role", "look") and tail.isdigit() else None


def field_cards(state: State, seat: int) -> list[GameObject]:
    return state.cards_in(field(seat))


def all_field_cards(state: State) -> list[GameObject]:
    return [o for s in range(len(state.players)) for o in state.cards_in(field(s))]


def role_of(state: State, seat: int) -> str | None:
    """The role a seat holds face up this round (None during the pledge); in the two-roles variant,
    the one it holds with the lower turn number."""
    cards = state.zones[role_zone(seat)].cards
    return state.objects[cards[0]].card if cards else None


def roles_of(state: State, seat: int) -> list[str]:
    """Every role a seat holds face up this round (two in the two-roles variant)."""
    return [state.objects[oid].card for oid in state.zones[role_zone(seat)].cards]


def two_roles(state: State) -> bool:
    return bool(state.globals.get("two_roles"))


def mana(state: State, seat: int) -> int:
    return state.players[seat].counters.get("mana", 0)


def vp(state: State, seat: int) -> int:
    return state.players[seat].counters.get("vp", 0)


def round_no(state: State) -> int:
    return int(state.globals.get("round", 0))


def eclipse(state: State) -> bool:
    """Event Eclipse: every base defend is 0 this round."""
    return state.globals.get("eclipse_round") == round_no(state)


def bloodlust(state: State) -> bool:
    """Event Bloodlust: every assault that steals steals 1 more this round."""
    return state.globals.get("bloodlust_round") == round_no(state)


def turn_order(state: State) -> list[int]:
    """This round's seats in turn order (ascending role number), each once (in the two-roles variant,
    by its first turn); set once roles are revealed."""
    return [int(s) for s in state.globals.get("turn_order", [])]


def turns(state: State) -> list[tuple[int, str]]:
    """This round's turns in order: (seat, the role it plays the turn with)."""
    return [(int(seat), str(role)) for seat, role in state.globals.get("turns", [])]


def turn_role(state: State) -> str | None:
    """The role of the turn being played (or last played) this round."""
    role = state.globals.get("turn_role")
    return str(role) if role is not None else None
