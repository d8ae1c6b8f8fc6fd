"""The players' log for Algomancy, rendered from events (hidden cards stay hidden)."""

from __future__ import annotations

from collections.abc import Callable

from cardgames.engine import core_events as ce
from cardgames.engine.events import Event
from cardgames.engine.state import State
from cardgames.engine.view import can_see
from cardgames.games.algomancy import events as ae
from cardgames.games.algomancy import formation as fm
from cardgames.games.algomancy import table as t
from cardgames.games.algomancy.context import Rules


def describe(rules: Rules, state: State, ev: Event, viewer: int | None) -> str | None:
    """One log line for `ev` as `viewer` may read it (None: nothing to say)."""
    players = state.players

    def who(seat: int) -> str:
        return players[seat].name if 0 <= seat < len(players) else "?"

    def card(oid: int | None) -> str:
        if oid is None or oid not in state.objects:
            return "something"
        obj = state.objects[oid]
        return rules.card_name(state, obj) if can_see(state, obj, viewer) else "a card"

    def column(oid: int | None) -> list[str]:
        """The names of the units of the formation column `oid` deals combat damage with (rulebook: Damage)."""
        if oid is None:
            return []
        battle = state.battle or {}
        for key in ("attack", "defence"):
            form = battle.get(key)
            if form and (index := fm.column_of(form, oid)) is not None:
                return [card(u) for u in fm.column_at(form, index)]
        return [card(oid)]

    if isinstance(ev, ce.TurnBegan) and ev.turn > 0:
        return f"— Turn {ev.turn}: {who(ev.active)} has the initiative —"
    if isinstance(ev, ce.PhaseBegan):
        return f"{ev.phase.capitalize()}"
    if isinstance(ev, ae.CardDrawn):
        where = " into the pack" if ev.to.startswith("pack") else ""  # only its drawer reads this line
        return f"{who(ev.seat)} draws {card(ev.id)}{where}" if viewer == ev.seat else None
    if isinstance(ev, ce.ChainPushed):
        if ev.kind == "trigger":
            return f"{ev.label} triggers"
        if ev.kind in ("ability", "graft"):
            return f"{who(ev.controller)} uses {ev.label}"
        return f"{who(ev.controller)} plays {ev.label}"
    if isinstance(ev, ce.ChainPopped):
        if ev.result == "fizzled":
            return f"{ev.label or 'An effect'} fizzles: its targets are gone"
        return f"{ev.label or 'An effect'} is negated" if ev.result == "removed" else None
    if isinstance(ev, (ae.AttackDeclared, ae.BlocksDeclared, ae.TokensCreated)):
        return _formations(state, ev, who, card)
    if isinstance(ev, ae.ModApplied):
        verb = "grafts" if ev.kind == "graft" else "augments"
        return f"{who(ev.seat)} {verb} {card(ev.mod)} onto {card(ev.host)} ({who(state.objects[ev.host].controller)})" \
            if ev.host in state.objects else None
    if isinstance(ev, ae.Damaged):
        target = who(-ev.target - 1) if ev.target < 0 else card(ev.target)
        dealers = column(ev.source) if ev.combat else [card(ev.source)] if ev.source is not None else []
        if not dealers:
            return f"Combat deals {ev.amount} damage to {target}"
        names = dealers[0] if len(dealers) == 1 else f"{', '.join(dealers[:-1])} and {dealers[-1]}"
        return f"{names} {'deals' if len(dealers) == 1 else 'deal'} {ev.amount} damage to {target}"
    if isinstance(ev, ae.TableQuiet):
        left = ev.limit - ev.turns
        within = "the next turn" if left == 1 else f"the next {left} turns"
        return f"Nothing has changed on the table for {ev.turns} turns: if nothing changes in {within}, it is a draw"
    if isinstance(ev, ae.LifeLost):
        return f"{who(ev.seat)} loses {ev.amount} life"
    if isinstance(ev, ce.ObjectPropSet) and ev.key == "left":
        return f"{card(ev.id)} {ev.value}" if ev.value != "deleted" else f"{card(ev.id)} is deleted"
    if isinstance(ev, ae.MatchBegan):
        return f"— Cube bracket, round {ev.round}: {' against '.join(who(s) for s in ev.seats)} —"
    if isinstance(ev, ce.PlayerCounterAdded) and ev.name == "life" and state.globals.get("bracket") is not None \
            and 0 <= ev.seat < len(players) and players[ev.seat].eliminated:
        return f"{who(ev.seat)} waits for a later match, back at {players[ev.seat].counters.get('life', 0)} life"
    if isinstance(ev, ae.MatchEnded):
        return f"{who(ev.winner)} wins the match against {who(ev.loser)} ({ev.reason})"
    if isinstance(ev, ce.PlayerEliminated):
        return f"{who(ev.seat)} is out: {ev.reason}"
    if isinstance(ev, ce.GameEnded):
        return f"Game over: {ev.reason}"
    if isinstance(ev, ce.GlobalSet) and ev.key == "chosen_element":
        return f"Element chosen: {ev.value}"
    return None


def _names(names: list[str]) -> str:
    """"A", "A and B", "A, B and C"."""
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def _formations(state: State, ev: ae.AttackDeclared | ae.BlocksDeclared | ae.TokensCreated,
                who: Callable[[int], str], card: Callable[[int | None], str]) -> str:
    """The line of an attack or a block declared, or of tokens created: who, with what, in whose region."""

    def owners(reg: int) -> str:
        return _names([who(s) for s in t.owners(state, reg)]) if 0 <= reg < len(state.players) else "?"

    if isinstance(ev, ae.TokensCreated):
        return f"{who(ev.seat)} creates {_names([card(u) for u in ev.ids])} (region of {owners(ev.region)})"
    if isinstance(ev, ae.AttackDeclared):
        if not ev.columns:
            return f"{who(ev.seat)} does not attack {owners(ev.region)}"
        units = ", ".join(card(u) for c in ev.columns for u in c)
        tokens = f", bringing {_names([card(u) for u in ev.tokens])}" if ev.tokens else ""
        how = "counter-attacks" if ev.counter else "attacks"
        return f"{who(ev.seat)} {how} with {units}{tokens} (region of {owners(ev.region)})"
    parts = [f"blocks {_names([card(u) for u in attackers])} with {_names([card(u) for u in blockers])}"
             for attackers, blockers in ev.blocks]
    if ev.flank:
        parts.append(f"sets {_names([card(u) for u in ev.flank])} beside the attack, blocking nothing")
    for reg, sent in ev.counter.items():
        parts.append(f"sends {_names([card(u) for u in sent])} to counter-attack (region of {owners(int(reg))})")
    if not ev.blocks and ev.attacked:
        parts.insert(0, "declares no blocks")
    return f"{who(ev.seat)} {'; '.join(parts)}"
