"""Why a card in hand, a creature or an ability (its own, or one an enchantment gives it) can't be used now (`w`).

Read-only, from what the asking seat may know: its own hand, resources and the public table."""

from __future__ import annotations

from cardgames.engine.state import State
from cardgames.games.arcmage import legal_play
from cardgames.games.arcmage import table as t
from cardgames.games.arcmage.context import Rules


def window_of(state: State) -> str:
    for frame in reversed(state.frames):
        if frame.kind == "priority":
            return str(frame.data.get("window", ""))
    return ""


def reasons(rules: Rules, state: State, seat: int, legal: set[str]) -> list[tuple[str, str]]:
    window = window_of(state)
    rows: list[tuple[str, str]] = []
    if not window or not any(k == "pass" for k in legal):
        rows.append(("Playing cards", "only when you hold priority: events any time you are asked, creatures, "
                     "magic, enchantments and moves in your own Play phases" + legal_play.EVENTS))
    for obj in state.cards_in(t.hand(seat)):
        if f"play:{obj.id}" in legal:
            continue
        why = (legal_play.why_not_card(rules, state, seat, obj, window)
               or "not now: you are not asked to play" + legal_play.EVENTS)
        rows.append((rules.card_name(state, obj), why))
    for o in t.creatures_of(state, seat):
        if f"move:{o.id}" not in legal:
            moving = legal_play.why_not_move(rules, state, o, window)
            if moving is not None:
                rows.append((f"Move {rules.card_name(state, o)}", moving))
    for o in [*t.creatures_of(state, seat), *state.cards_in(t.ench(seat))]:
        for i, (ref, _) in enumerate(legal_play.ability_list(rules, state, o)):
            if f"act:{o.id}:{i}" not in legal:
                why = (legal_play.why_not_ability(rules, state, seat, o, i)
                       or "only when you hold priority" + legal_play.EVENTS)
                given = ref.split(":")[1] if ":grant:" in ref else None  # an enchantment on it gives it
                label = (f"{rules.card_name(state, o)}'s ability from {rules.cards[given].name}" if given
                         else f"{rules.card_name(state, o)}'s ability")
                rows.append((label, why))
    return rows
