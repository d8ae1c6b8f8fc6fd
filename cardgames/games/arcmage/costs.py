"""The extra costs of activated abilities, paid as they are announced: one of your cities loses defense
(Forgiving Vampire), resource cards sacrificed (Botanist, Falconer), other creatures of yours marked
(Trebuchet: those Binding Contract marks along with one count too); and whether a player can pay them."""

from __future__ import annotations

from cardgames.engine import core_events as ce
from cardgames.engine.decisions import Ask, Option
from cardgames.engine.flow import Flow
from cardgames.engine.state import Frame, GameObject, State
from cardgames.games.arcmage import board, checks
from cardgames.games.arcmage import table as t
from cardgames.games.arcmage.context import Rules
from cardgames.games.arcmage.schema import Activated


def cost_cities(rules: Rules, state: State, seat: int, ab: Activated) -> list[GameObject]:
    """Cities that can lose the defense: only one left standing after it (a cost never razes your own city)."""
    return [c for c in t.cities(state, seat) if board.city_defense(rules, state, c) > ab.city_cost]


def others(rules: Rules, state: State, obj: GameObject, ab: Activated) -> list[GameObject]:
    """The creatures that can be marked for the cost: unmarked, yours, of the types, not the source."""
    kinds = set(ab.others_types)
    return [o for o in t.creatures_of(state, obj.controller) if o.id != obj.id and not o.exhausted
            and (not kinds or kinds & set(board.creature_types(rules, state, o)))]


def why_not(rules: Rules, state: State, seat: int, obj: GameObject, ab: Activated) -> str | None:
    if ab.city_cost and not cost_cities(rules, state, seat, ab):
        return f"no city of yours has more than {ab.city_cost} defense to give"
    if ab.sacrifice_resources and len(state.cards_in(t.vault(seat))) < ab.sacrifice_resources:
        return f"sacrifices {ab.sacrifice_resources} resource cards; you have {len(state.cards_in(t.vault(seat)))}"
    if ab.mark_others and len(others(rules, state, obj, ab)) < ab.mark_others:
        kinds = "/".join(ab.others_types) or "creature"
        return f"marks {ab.mark_others} other unmarked {kinds}s of yours as part of the cost"
    return None


def ability_cost(rules: Rules, flow: Flow, frame: Frame, obj: GameObject, ab: Activated) -> Ask | None:
    """The next extra cost to pay (None: all paid). Asked after the targets, before resources."""
    state = flow.state
    d = frame.data
    seat = int(d["seat"])
    if ab.city_cost and d.get("city") is None:
        return Ask(seat, "city_cost", f"Which of your cities loses {ab.city_cost} defense?",
                   [Option(f"citycost:{c.id}", f"{rules.card_name(state, c)} loses {ab.city_cost}", "city", c.id)
                    for c in cost_cities(rules, state, seat, ab)])
    picked = [int(x) for x in d.get("others") or []]
    if ab.mark_others and len(picked) < ab.mark_others and not d.get("swept"):
        free = [o for o in others(rules, state, obj, ab) if o.id not in picked]
        eligible = d.get("eligible")
        if eligible is None:  # who could be marked for it as its payment began (then ask)
            flow.update(frame, eligible=[o.id for o in free])
            return None
        if not free:  # Binding Contract marked the rest along with one marked for the cost: they count (M51)
            swept = [int(i) for i in eligible if int(i) not in picked and state.objects[int(i)].exhausted
                     and t.in_play(state.objects[int(i)])]
            flow.update(frame, others=[*picked, *swept[:ab.mark_others - len(picked)]], swept=True)
            return None
        return Ask(seat, "mark_others", f"Mark another of your creatures for the cost ({ab.mark_others - len(picked)}"
                                        " to go)",
                   [Option(f"other:{o.id}", f"Mark {rules.card_name(state, o)}", "mark", o.id)
                    for o in others(rules, state, obj, ab) if o.id not in picked])
    if ab.sacrifice_resources and not d.get("sacrificed_res"):
        flow.update(frame, sacrificed_res=True)
        flow.push("sacrifice", seat=seat, left=ab.sacrifice_resources)
        return None
    return None


def ability_cost_answer(flow: Flow, frame: Frame, ab: Activated, key: str, ref: int) -> None:
    state = flow.state
    if key == "citycost":
        flow.emit(ce.CounterAdded(ref, "gain", -ab.city_cost))
        flow.update(frame, city=ref)
    elif key == "other":
        checks.mark(flow, state.objects[ref])
        flow.update(frame, others=[*(frame.data.get("others") or []), ref])

