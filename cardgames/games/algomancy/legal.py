"""What may be done now: timing icons, costs and sacrifices, and the legal targets in a region."""

from __future__ import annotations

from collections.abc import Mapping

from cardgames.engine.state import State
from cardgames.games.algomancy import table as t
from cardgames.games.algomancy.context import Rules
from cardgames.games.algomancy.events import player_ref
from cardgames.games.algomancy.schema import Card, Cost, TargetSpec
from cardgames.games.algomancy.seating import mates


def timing_ok(card: Card, window: str) -> bool:
    """Timing icons (rulebook: Timing): no icon deploys only; haste also in the haste step;
    battle only in battle."""
    if window == "deploy":
        return card.timing in ("deploy", "haste")
    if window == "haste":
        return card.timing == "haste"
    if window.startswith("battle"):
        return card.timing == "battle"
    return False


def cost_payable(rules: Rules, state: State, seat: int, cost: Cost, source: int | None, reg: int,
                 mana_also: int = 0) -> bool:
    if t.mana(state, seat) < cost.mana + mana_also:
        return False
    return cost.sacrifice is None or bool(sacrificeable(rules, state, seat, cost, source, reg))


def sacrificeable(rules: Rules, state: State, seat: int, cost: Cost, source: int | None, reg: int) -> list[int]:
    """What may be sacrificed for a cost: your own permanents in this region only (rulebook: Sacrifice)."""
    mine = [o for o in t.in_region(state, reg) if o.controller == seat and rules.cards[o.card].is_unit]
    if cost.sacrifice == "me":
        return [source] if source is not None and any(o.id == source for o in mine) else []
    if cost.sacrifice == "other_ally":
        return [o.id for o in mine if o.id != source]
    if cost.sacrifice == "ally_token":
        return [o.id for o in mine if rules.cards[o.card].is_token]
    return [o.id for o in mine]


def candidates(rules: Rules, state: State, seat: int, spec: TargetSpec, source: int | None, reg: int) -> list[int]:
    """Legal targets for a slot: only in the region where the effect happens (rulebook: Regions). "Ally"
    and "enemy" are sides: a team-mate and their units are allies, in split teams as in joint ones (A70)."""
    out: list[int] = []
    if spec.type in ("unit", "unit_or_player"):
        for o in t.in_region(state, reg):
            card = rules.cards[o.card]
            if not card.is_unit:
                continue
            if (spec.side == "ally" and not mates(state, o.controller, seat)) or \
                    (spec.side == "enemy" and mates(state, o.controller, seat)):
                continue
            if spec.other and o.id == source:
                continue
            if spec.token is not None and card.is_token != spec.token:
                continue
            out.append(o.id)
    if spec.type in ("player", "unit_or_player"):
        for s in t.present(state, reg):
            if (spec.side == "ally" and not mates(state, s, seat)) or \
                    (spec.side == "enemy" and mates(state, s, seat)):
                continue
            out.append(player_ref(s))
    if spec.type == "stack_item":
        out += [e.id for e in state.chain]
    if spec.type == "bin_unit":
        out += [o.id for o in state.cards_in(t.bin_(seat)) if rules.cards[o.card].is_unit]
    return out


def targets_exist(rules: Rules, state: State, seat: int, slots: Mapping[str, TargetSpec], source: int | None,
                  reg: int) -> bool:
    return all(len(candidates(rules, state, seat, spec, source, reg)) >= spec.count for spec in slots.values())


def target_label(rules: Rules, state: State, ref: int) -> str:
    """How a target reads in an option: a player, a card (with its controller), or a stack entry."""
    if ref < 0:
        return state.players[-ref - 1].name
    if ref in state.objects:
        o = state.objects[ref]
        who = state.players[o.controller].name if o.controller >= 0 else ""
        return f"{rules.card_name(state, o)} ({who})" if who else rules.card_name(state, o)
    entry = next((e for e in state.chain if e.id == ref), None)
    return f"{entry.label} (on the stack)" if entry else str(ref)
