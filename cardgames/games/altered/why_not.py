""" "Why can't I play this?" for Altered: each card in the seat's Hand or Reserve and each ability it
controls that it cannot use now, with the rule that stops it (from its own cards and public facts); each
reason ends with the section of docs/rules/altered.md that forbids the move, as the lessons name it."""

from __future__ import annotations

from cardgames.engine.state import State
from cardgames.games.altered import legal, steps
from cardgames.games.altered import table as t
from cardgames.games.altered.context import Rules

DAY = "The Day"
PLAYING = "Playing cards"
"""Sections of docs/rules/altered.md: turns, passing and readying are the Day's; costs and limits are
how cards are played."""


def _named(why: str, section: str) -> str:
    return f"{why} (rule: {section})"


def reasons(rules: Rules, state: State, seat: int, legal_keys: set[str]) -> list[tuple[str, str]]:
    cards = rules.cards
    out: list[tuple[str, str]] = []
    my_turn = state.phase == "afternoon" and state.active == seat and "pass" in legal_keys
    passed = bool(state.players[seat].props.get("passed"))
    orbs = t.ready_orbs(state, seat)
    for zone, where in ((t.hand(seat), "Hand"), (t.reserve(seat), "Reserve")):
        for obj in state.cards_in(zone):
            if f"play:{obj.id}" in legal_keys:
                continue
            name = f"Play {rules.card_name(state, obj)} from {where}"
            if passed:
                out.append((name, _named("you have passed: no more turns this Afternoon (fragment 1.3.2.d)", DAY)))
            elif not my_turn:
                out.append((name, _named("cards are played only in your own Afternoon turn (fragment 5.1.1.b)", DAY)))
            elif where == "Reserve" and obj.exhausted:
                out.append(
                    (
                        name,
                        _named(
                            "it is exhausted: exhausted cards in Reserve can't be played until Morning's "
                            "Prepare readies them (fragment 1.3.2.b)",
                            DAY,
                        ),
                    )
                )
            else:
                cost = legal.card_cost(state, cards, seat, obj)
                plural = "s" if orbs != 1 else ""
                out.append(
                    (
                        name,
                        _named(
                            f"it costs {cost} mana ({where} cost); you have {orbs} ready Mana Orb{plural}: "
                            "a cost that cannot be paid is impossible (fragment 1.4.1.b)",
                            PLAYING,
                        ),
                    )
                )
    sources = [*steps.in_play_of(state, seat), *state.cards_in(t.reserve(seat))]
    for obj in sources:
        in_reserve = obj.zone == t.reserve(seat)
        for i, ab in enumerate(cards[obj.card].abilities):
            price = ab.support if in_reserve else ab.quick
            if price is None or f"quick:{obj.id}:{i}" in legal_keys:
                continue
            name = f"Use {rules.card_name(state, obj)}'s {'support ability' if in_reserve else 'quick action'}"
            if not my_turn:
                why = _named("quick actions are played only during your own Afternoon turn (fragment 5.1.1.b)", DAY)
            elif obj.exhausted:
                why = "it is exhausted" + (
                    _named(": exhausted cards in Reserve have no support abilities", DAY)
                    if in_reserve
                    else _named(": {T} is a cost it cannot pay", PLAYING)
                )
            elif not steps.condition_holds(state, ab.condition, seat):
                why = _named(
                    "only if you are the first player (its text)"
                    if ab.condition == "first_player"
                    else f"needs {ab.condition}",
                    DAY,
                )
            elif steps.uses(state, f"q:{obj.id}:{i}") >= t.LIMIT:
                why = _named("played a hundred times today: the limit (fragment 1.4.6.b)", PLAYING)
            else:
                why = _named(
                    f"it costs {legal.ability_cost(state, ab, seat)} mana; you have {orbs} ready Mana Orbs: "
                    "a cost that cannot be paid is impossible (fragment 1.4.1.b)",
                    PLAYING,
                )
            out.append((name, why))
    return out
