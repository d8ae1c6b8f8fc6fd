"""Why a maneuver is not possible now: the reasons players ask about (gold, cooldowns, timing).

Read-only: it explains the rules code's decisions in words and never decides anything itself.
"""

from __future__ import annotations

from typing import Protocol

from cardgames.engine.state import State
from cardgames.games.allegiance import board, targeting
from cardgames.games.allegiance.battle import may_attack, weapon_may_attack
from cardgames.games.allegiance.cards import Cards
from cardgames.games.allegiance.schema import ActionCard, UnitCard

MANEUVERS = "4. Maneuvers"
ANNOUNCE = "4. Maneuvers > Announce, then resolve"
UNLOCKING = "4. Maneuvers > Unlocking hero abilities"
COOLDOWNS = "4. Maneuvers > Using hero abilities and cooldowns"
ATTACKERS = "6. Battles > 1. Declare attackers"
FIRST_TURN = "3. A turn > First-turn exceptions"
"""The sections of the rules page (docs/rules/allegiance.md) each reason comes from."""


def ready_in(cooldown: int) -> str:
    """When an ability on cooldown is ready again: its counter moves one space in each of its
    player's refresh phases (rulebook, "Cooldown counters")."""
    return "ready in your next turn" if cooldown == 1 else f"ready in {cooldown} of your turns"


def ruled(why: str, section: str) -> str:
    """A reason with the rules section that forbids the move, as the "Why not?" page shows it."""
    return f"{why} (rule: {section})"


class WithCards(Protocol):
    """What `reasons` reads of the ruleset it is given: its cards (the Allegiance ruleset has them)."""

    @property
    def cat(self) -> Cards: ...


def reasons(rules: WithCards, state: State, seat: int, legal_keys: set[str]) -> list[tuple[str, str]]:
    """(what, why not) for the seat's cards, abilities and units that it cannot use right now."""
    cat = rules.cat
    p = state.players[seat]
    gold = p.counters.get("gold", 0)
    own_main = state.active == seat and state.phase == "maneuver" and not state.chain and state.battle is None
    timing = ("only in your own maneuver phase, with an empty chain and no battle"
              if not own_main else "")
    out: list[tuple[str, str]] = []
    legal_refs = {k.split(":")[1] for k in legal_keys if ":" in k}
    for obj in state.cards_in(board.hand(seat)):
        card = cat.card(obj.card)
        if str(obj.id) in legal_refs:
            continue
        if isinstance(card, UnitCard):
            why = ruled(f"enlisting is {timing}", MANEUVERS) if timing else \
                ruled(f"costs {card.cost} gold; you have {gold}", ANNOUNCE)
            out.append((f"Enlist {card.name}", why))
        elif isinstance(card, ActionCard):
            for half in card.halves:
                name = half.name or card.name
                if half.cost > gold:
                    out.append((f"Play {name}", ruled(f"costs {half.cost} gold; you have {gold}", ANNOUNCE)))
                elif not targeting.can_announce(cat, state, half.targets, seat, obj.id):
                    out.append((f"Play {name}", ruled("it has no legal target now", ANNOUNCE)))
                else:
                    out.append((f"Play {name}", ruled("not while a step of a battle or a phase is being carried out",
                                                      MANEUVERS)))
    hero = cat.hero(str(p.props["hero"]))
    cds = dict(p.props.get("cooldowns") or {})
    unlocked_levels = {a.level for a in hero.abilities if a.id in cds}
    for ab in hero.abilities:
        if f"ability:{ab.id}" in legal_keys or f"unlock:{ab.id}" in legal_keys:
            continue
        if ab.id not in cds:
            if (ab.level - 1) not in unlocked_levels:
                why = ruled(f"locked: unlock a level {ab.level - 1} ability first", UNLOCKING)
            elif ab.cost > gold:
                why = ruled(f"locked: unlocking costs {ab.cost} gold; you have {gold}", UNLOCKING)
            else:
                why = ruled(f"locked: unlocking is {timing or 'possible only in your maneuver phase'}", MANEUVERS)
        elif cds[ab.id] > 0:
            why = ruled(f"on cooldown: {ready_in(cds[ab.id])}", COOLDOWNS)
        elif not ab.reaction and timing:
            why = ruled(f"not a reaction ability: usable {timing}", MANEUVERS)
        else:
            why = ruled("it has no legal target now", ANNOUNCE)
        out.append((f"Use {ab.name}", why))
    declaring = bool(state.frames) and state.frames[-1].kind == "declare_attackers"
    if state.active == seat and (state.battle is None or declaring):
        for unit in board.units(state, seat):
            if not may_attack(cat, state, unit):
                why = ("exhausted" if unit.exhausted else
                       "entered your territory this turn" if unit.entered_turn >= state.turn else "cannot attack")
                out.append((f"Attack with {cat.display_name(unit)}", ruled(why, ATTACKERS)))
        weapon = board.gear(state, seat, "weapon")
        if weapon is not None and not may_attack(cat, state, weapon):
            first = not weapon.exhausted and not weapon_may_attack(cat, state, seat)
            why = ("exhausted" if weapon.exhausted else
                   "no weapon attacks on the first turn here" if first else "cannot attack")
            out.append((f"Attack with {cat.display_name(weapon)}", ruled(why, FIRST_TURN if first else ATTACKERS)))
    return out
