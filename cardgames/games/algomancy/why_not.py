"""Why a card in hand cannot be played now: timing, mana, affinity, targets (the "Why not?" page).

Read-only: it explains the rules' choices in words and never decides anything itself. It reads
only what the asking seat may know: its own hand and resources, and the phase everyone sees.
"""

from __future__ import annotations

from cardgames.engine.state import State
from cardgames.games.algomancy import table as t
from cardgames.games.algomancy.context import Rules
from cardgames.games.algomancy.legal import timing_ok
from cardgames.games.algomancy.schema import Card

WHEN = {"deploy": "in your deployment", "haste": "in the haste step or your deployment",
        "battle": "in a battle window"}
"""A timing icon, as the reason says when a card may be played."""
PRIORITY = "9. The stack and priority > Priority"
TIMING = "3. Reading a card > Timing"
PLAYING = "3. Reading a card > Playing a card"
"""The sections of the rules page (docs/rules/algomancy.md) each reason comes from."""


def ruled(why: str, section: str) -> str:
    """A reason with the rules section that forbids the move, as the "Why not?" page shows it."""
    return f"{why} (rule: {section})"


def priority_window(state: State) -> str:
    """The window of the innermost priority frame ("deploy", "haste", "battle…"), or "" if none."""
    for frame in reversed(state.frames):
        if frame.kind == "priority":
            return str(frame.data.get("window", ""))
    return ""


def reasons(rules: Rules, state: State, seat: int, legal: set[str]) -> list[tuple[str, str]]:
    """(card, why not) for each card in the seat's hand that it cannot play now."""
    window = priority_window(state)
    if not window:
        return [("Playing cards", ruled("only when you have priority: the haste step, your deployment, "
                                        "and battle windows", PRIORITY))]
    rows = []
    for obj in state.cards_in(t.hand(seat)):
        if f"play:{obj.id}" in legal:
            continue
        card = rules.cards[obj.card]
        rows.append((card.name, reason(rules, state, seat, card, window)))
    return rows


def reason(rules: Rules, state: State, seat: int, card: Card, window: str) -> str:
    """Why `card` cannot be played in `window`: the first of timing, mana, affinity that fails."""
    if not timing_ok(card, window):
        return ruled(f"timing: it is played {WHEN[card.timing]}", TIMING)
    have = t.mana(state, seat)
    if have < card.cost:
        return ruled(f"mana: it costs {card.cost}, you have {have} unexpended active resources", PLAYING)
    missing = t.missing_affinity(state, seat, card, rules.cards)
    if missing:
        return ruled("affinity: needs " + ", ".join(missing), PLAYING)
    return ruled("no legal target or extra cost it could be paid with here", PLAYING)
