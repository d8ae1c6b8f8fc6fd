"""Putting things on the stack: a card or ability played (targets, then costs), and triggered abilities.

Frame kind "cast" walks the steps of Playing a card (p.13): the targets are chosen one slot at a
time, then a sacrifice cost is chosen, then the mana is paid and the effect goes on the stack; the
player keeps priority (rulebook: Interaction), and alone in the region it resolves at once (R19).
Frame kind "trigger" puts a triggered ability on the stack once its controller chose its targets.
"""

from __future__ import annotations

from collections.abc import Mapping

from cardgames.engine import chain as chainmod
from cardgames.engine import core_events as ce
from cardgames.engine import effects
from cardgames.engine.decisions import Ask, Option
from cardgames.engine.flow import Flow
from cardgames.engine.state import Frame, GameObject, Json, State
from cardgames.games.algomancy import table as t
from cardgames.games.algomancy.checks import destroy
from cardgames.games.algomancy.context import Rules, rules_of
from cardgames.games.algomancy.legal import candidates, sacrificeable, target_label
from cardgames.games.algomancy.priority import regroup_ring
from cardgames.games.algomancy.schema import Card, Cost, TargetSpec
from cardgames.games.algomancy.stack import effect_of, graft_ref
from cardgames.games.algomancy.triggers import fire_graft, queue_trigger_event


def what_is_played(rules: Rules, state: State, frame: Frame
                   ) -> tuple[Card, GameObject, str, dict[str, TargetSpec], Cost | None]:
    """(card, source object, effect reference, target slots, cost) of what the "cast" frame plays."""
    how = str(frame.data["how"])
    parts = str(frame.data["what"]).split(":")
    obj = state.objects[int(parts[0])]
    card = rules.cards[obj.card]
    if how == "ability":
        ab = card.abilities[int(parts[1])]
        return card, obj, f"card:{card.id}:ab:{parts[1]}", dict(ab.targets), ab.cost
    if how == "graft":
        assert card.graft is not None
        ref = graft_ref(obj)
        return card, obj, ref, effect_of(rules, ref)[0], card.graft.cost
    if card.play is not None:
        return card, obj, f"card:{card.id}:play", dict(card.play.targets), card.play.extra_cost
    if card.graft is not None and not card.is_unit:  # a graft spell does its effect; a unit just spawns
        return card, obj, f"card:{card.id}:graft", dict(card.graft.targets), None
    return card, obj, f"unit:{card.id}", {}, None


def cast_run(flow: Flow, frame: Frame) -> Ask | None:
    rules = rules_of(flow)
    state = flow.state
    seat = int(frame.data["seat"])
    card, obj, ref, slots, cost = what_is_played(rules, state, frame)
    reg = t.current_region(state, seat)
    chosen: dict[str, list[int]] = {k: list(v) for k, v in dict(frame.data["chosen"]).items()}
    for slot, spec in slots.items():
        have = chosen.get(slot, [])
        if len(have) < spec.count:
            source = obj.id if frame.data["how"] in ("ability", "graft") else None
            cands = [c for c in candidates(rules, state, seat, spec, source, reg) if c not in have]
            opts = [Option(f"target:{c}", target_label(rules, state, c), "target", c) for c in cands]
            if not frame.data.get("locked"):  # a burst under way cannot be taken back
                opts.append(Option("back", "Back (play nothing)", "cancel"))
            return Ask(seat, "target", f"{card.name}: choose a target ({slot}, {len(have) + 1} of {spec.count})",
                       opts)
    if cost is not None and cost.sacrifice and "sacrifice" not in frame.data:
        opts = [Option(f"sacrifice:{o}", f"Sacrifice {target_label(rules, state, o)}", "sacrifice", o)
                for o in sacrificeable(rules, state, seat, cost, obj.id, reg)]
        opts.append(Option("back", "Back (play nothing)", "cancel"))
        return Ask(seat, "sacrifice", f"{card.name}: choose what to sacrifice", opts)
    flow.pop(frame)
    announce(rules, flow, frame, card, obj, ref, chosen, cost)
    return None


def cast_answer(flow: Flow, frame: Frame, option: Option) -> None:
    if option.key == "back":
        flow.pop(frame)
        return
    if option.key.startswith("sacrifice:"):
        flow.update(frame, sacrifice=int(option.key.split(":")[1]))
        return
    slots = what_is_played(rules_of(flow), flow.state, frame)[3]
    flow.update(frame, chosen=with_target(slots, dict(frame.data["chosen"]), int(option.key.split(":")[1])))


def with_target(slots: Mapping[str, TargetSpec], chosen: dict[str, Json], target: int) -> dict[str, Json]:
    """`chosen` with `target` added to the first slot that still needs one."""
    out = dict(chosen)
    for slot, spec in slots.items():
        have = list(out.get(slot, []))
        if len(have) < spec.count:
            out[slot] = [*have, target]
            break
    return out


def announce(rules: Rules, flow: Flow, frame: Frame, card: Card, obj: GameObject, ref: str,
             targets: dict[str, list[int]], cost: Cost | None) -> None:
    """Pay the costs and put the effect on the stack; the player keeps priority (rulebook:
    Interaction). Alone in the region, it resolves at once."""
    state = flow.state
    seat = int(frame.data["seat"])
    how = str(frame.data["how"])
    mana = (cost.mana if cost else 0) + (card.cost if how == "play" else 0)
    pay_mana(flow, seat, mana)
    if "sacrifice" in frame.data:
        destroy(rules, flow, int(frame.data["sacrifice"]), "sacrificed")
    data: dict[str, Json] = {"region": t.current_region(state, seat)}
    if how == "play" and obj.zone == t.bin_(seat) and card.from_bin:
        data["unstable"] = True
    if how in ("play", "token"):
        flow.emit(ce.ObjectMoved(obj.id, "stack", controller=seat))
        label = f"{card.name}" if how == "play" else rules.card_name(state, obj)
    else:
        label = f"{card.name}'s ability"
    if how == "graft":
        fire_graft(rules, flow, obj)
        data["graft_of"] = obj.id
    flow.emit(ce.ChainPushed(flow.new_id(), seat, how, label, obj.id, ref, targets, data))
    if card.kind in ("spell", "spell_unit", "token_spell") and how in ("play", "token"):
        queue_trigger_event(rules, flow, "you_play_spell", obj.id, seat)
    keep_priority(flow, seat)
    burst = [int(b) for b in frame.data.get("burst") or []]
    if burst:  # the next token of the burst, played at the same time (rulebook: Tokens, note)
        flow.push("cast", seat=seat, how="token", what=str(burst[0]), chosen={}, paid=False,
                  window=frame.data.get("window"), burst=burst[1:], locked=True)


def keep_priority(flow: Flow, seat: int) -> None:
    """After `seat` put something on the stack they keep priority; alone, it resolves at once."""
    state = flow.state
    window = next((f for f in reversed(state.frames) if f.kind == "priority"), None)
    if window is not None:
        seats = window.data.get("seats") or []
        if len(seats) <= 1:
            flow.update(window, seat=seat, passes=len(seats) or 1)
        else:
            chainmod.reopen(flow, seat)
            regroup_ring(flow, window, seat)  # in team games the actor's team holds priority (A71)


def pay_mana(flow: Flow, seat: int, amount: int) -> None:
    """Expend that many active, unexpended resources (which ones does not matter: R4)."""
    if amount <= 0:
        return
    ready = [o for o in t.active_resources(flow.state, seat) if not o.exhausted]
    for obj in ready[:amount]:
        flow.emit(ce.ObjectChanged(obj.id, exhausted=True))


# -- triggered abilities ------------------------------------------------------------------------


def trigger_run(flow: Flow, frame: Frame) -> Ask | None:
    """Frame kind "trigger": its controller chooses its targets, then it goes on the stack."""
    rules = rules_of(flow)
    state = flow.state
    seat = int(frame.data["seat"])
    ref = str(frame.data["ref"])
    slots, _, name = effect_of(rules, ref)
    reg = int(frame.data["region"])
    chosen: dict[str, list[int]] = {k: list(v) for k, v in dict(frame.data["chosen"]).items()}
    source = frame.data["source"]
    for slot, spec in slots.items():
        have = chosen.get(slot, [])
        if len(have) < spec.count:
            cands = [c for c in candidates(rules, state, seat, spec, source, reg) if c not in have]
            if not cands:
                if have:
                    break
                flow.pop(frame)  # no legal target: the trigger does nothing
                return None
            return Ask(seat, "target", f"{name} (triggered): choose a target ({slot})",
                       [Option(f"target:{c}", target_label(rules, state, c), "target", c) for c in cands])
    flow.pop(frame)
    data: dict[str, Json] = {"region": reg}
    if frame.data.get("special"):
        effects.start(flow, ref, seat, source=source, targets=chosen, vars=data)
        return None
    flow.emit(ce.ChainPushed(flow.new_id(), seat, "trigger", f"{name}'s ability", source, ref, chosen, data))
    window = next((f for f in reversed(state.frames) if f.kind == "priority"), None)
    if window is not None:
        seats = window.data.get("seats") or []
        if len(seats) <= 1:
            flow.update(window, passes=len(seats) or 1)
        else:
            chainmod.reopen(flow, int(window.data.get("lead", seat)))
            regroup_ring(flow, window, None)
    return None


def trigger_answer(flow: Flow, frame: Frame, option: Option) -> None:
    slots = effect_of(rules_of(flow), str(frame.data["ref"]))[0]
    flow.update(frame, chosen=with_target(slots, dict(frame.data["chosen"]), int(option.key.split(":")[1])))
