"""Modifications (augment, graft, virus) and ambush: what may be applied, onto which unit, and how it lands.

A mod card lies in the public zone `mods`, attached (`attached_to`) to its host; it is controlled by
the host's controller (R65). A graft also adds its card id to the host's `grafts` list, in the order
the effects resolve (rulebook: Graft). Applying a mod in deployment is a special action (no stack);
a virus applied from hand in battle, and an ambush, go on the stack (rulebook: Viruses; Ambush).
"""

from __future__ import annotations

from typing import Any

from cardgames.engine import core_events as ce
from cardgames.engine.decisions import Ask, Option
from cardgames.engine.effects import StepContext
from cardgames.engine.flow import Flow, FnFrame, FrameKind
from cardgames.engine.state import Frame, GameObject, Json, State
from cardgames.games.algomancy import formation as fm
from cardgames.games.algomancy import table as t
from cardgames.games.algomancy.announce import keep_priority, pay_mana
from cardgames.games.algomancy.checks import spawn
from cardgames.games.algomancy.context import Rules, rules_of
from cardgames.games.algomancy.events import ModApplied
from cardgames.games.algomancy.legal import target_label, timing_ok
from cardgames.games.algomancy.schema import Card
from cardgames.games.algomancy.verbs import recall

MODS = "mods"
"""The zone of every mod card in play, each attached to its host."""
HOW = ("mod", "virus", "ambush")
"""Priority option kinds handled here: `mod:<card>` (deployment), `virus:<card>`, `ambush:<card>` (battle)."""


def mod_kind(card: Card) -> str | None:
    """How a card is applied as a mod: "augment", "graft", or None if it is no mod."""
    if card.augment is not None:
        return "augment"
    if card.graft is not None:
        return "graft"
    return None


def hosts(rules: Rules, state: State, seat: int, card: Card, how: str, reg: int) -> list[int]:
    """The units the card may go onto (R61): in deployment your own units (a graft needs a unit with the
    graft symbol); a virus in battle, any unit in the region; an ambush, an allied unit in the region."""
    out = []
    for o in t.in_region(state, reg):
        c = rules.cards[o.card]
        if not c.is_unit:
            continue
        if how == "virus":
            out.append(o.id)
        elif o.controller != seat:
            continue
        elif how == "ambush" or mod_kind(card) == "augment" or c.graft is not None:
            out.append(o.id)
    return out


def options(rules: Rules, state: State, seat: int, window: str, reg: int) -> list[Option]:
    """Mods from hand or bin in deployment; viruses from hand and ambushes in battle."""
    out: list[Option] = []
    name = rules.card_name
    if window == "deploy":
        mod_cards = rules.cat.mod_cards
        means = t.means(state, seat, rules.cards)
        for zone, where in ((t.hand(seat), ""), (t.bin_(seat), " from your bin")):
            for obj in state.cards_in(zone):
                if obj.card not in mod_cards:
                    continue
                card = rules.cards[obj.card]
                kind = mod_kind(card)
                if kind is None or not timing_ok(card, "deploy") or not t.affords(means, card):
                    continue
                if hosts(rules, state, seat, card, "mod", reg):
                    verb = "Augment with" if kind == "augment" else "Graft"
                    out.append(Option(f"mod:{obj.id}", f"{verb} {name(state, obj)}{where} ({card.cost} mana)",
                                      "mod", obj.id))
    elif window.startswith("battle"):
        means = t.means(state, seat, rules.cards)
        for obj in state.cards_in(t.hand(seat)):
            card = rules.cards[obj.card]
            if not (card.virus or card.ambush) or not t.affords(means, card):
                continue
            if card.virus and hosts(rules, state, seat, card, "virus", reg):
                out.append(Option(f"virus:{obj.id}", f"Apply {name(state, obj)} as a virus ({card.cost} mana)",
                                  "virus", obj.id))
            if card.ambush and hosts(rules, state, seat, card, "ambush", reg):
                out.append(Option(f"ambush:{obj.id}", f"Ambush with {name(state, obj)} ({card.cost} mana)",
                                  "ambush", obj.id))
    return out


# -- the "modify" frame: choose the host (and a graft's place), then apply ------------------------


def frame_kinds() -> dict[str, FrameKind]:
    return {"modify": FnFrame(_run, _answer)}


def _prompt(card: Card, how: str) -> str:
    if how == "ambush":
        return f"{card.name}: choose the allied unit to recall (the ambusher takes its place)"
    if how == "virus":
        return f"{card.name}: choose the unit to augment (virus)"
    return f"{card.name}: choose the unit to {mod_kind(card)}"


def _run(flow: Flow, frame: Frame) -> Ask | None:
    rules = rules_of(flow)
    state = flow.state
    d = frame.data
    seat, how = int(d["seat"]), str(d["how"])
    obj = state.objects[int(d["what"])]
    card = rules.cards[obj.card]
    reg = t.current_region(state, seat)
    if d.get("host") is None:
        opts = [Option(f"target:{h}", target_label(rules, state, h), "target", h)
                for h in hosts(rules, state, seat, card, how, reg)]
        opts.append(Option("back", "Back (play nothing)", "cancel"))
        return Ask(seat, "target", _prompt(card, how), opts)
    host = state.objects[int(d["host"])]
    if how == "mod" and mod_kind(card) == "graft" and d.get("position") is None and host.props.get("grafts"):
        return Ask(seat, "graft_position", f"{card.name}: where does its effect go in "
                   f"{host_name(rules, state, host)}'s graft? (effects resolve top to bottom; "
                   "the ones there keep their order)",
                   [*graft_position_options(rules, host), Option("back", "Back (play nothing)", "cancel")])
    flow.pop(frame)
    pay_mana(flow, seat, card.cost)
    if how == "mod":
        attach(rules, flow, obj.id, host.id, "graft" if mod_kind(card) == "graft" else "augment",
               d.get("position"), seat=seat)
        return None
    label = f"{card.name} (virus onto {rules.card_name(state, host)})" if how == "virus" \
        else f"{card.name} (ambush for {rules.card_name(state, host)})"
    flow.emit(ce.ObjectMoved(obj.id, "stack", controller=seat))
    slot = "host" if how == "virus" else "ally"
    flow.emit(ce.ChainPushed(flow.new_id(), seat, how, label, obj.id, f"{how}:{card.id}", {slot: [host.id]},
                             {"region": reg, "in_play": True}))
    keep_priority(flow, seat)
    return None


def host_name(rules: Rules, state: State, host: GameObject) -> str:
    return rules.card_name(state, host)


def graft_position_options(rules: Rules, host: GameObject) -> list[Option]:
    """Where a new graft effect may go: anywhere below the original card's effect, the others
    keeping their order (rulebook: Graft; Q&A: mods cannot be reordered)."""
    chain = [host.card, *[str(c) for c in host.props.get("grafts", [])]]
    out = []
    for i in range(len(chain), 0, -1):
        above = rules.cards[chain[i - 1]].name
        below = rules.cards[chain[i]].name if i < len(chain) else None
        label = f"Below {above}" + (f", above {below}" if below else " (at the bottom)")
        out.append(Option(f"position:{i}", label, "position"))
    return out


def _answer(flow: Flow, frame: Frame, option: Option) -> None:
    key = option.key
    if key == "back":
        flow.pop(frame)
    elif key.startswith("target:"):
        flow.update(frame, host=int(key.split(":")[1]))
    elif key.startswith("position:"):
        flow.update(frame, position=int(key.split(":")[1]))


# -- applying --------------------------------------------------------------------------------------


def attach(rules: Rules, flow: Flow, mod: int, host: int, kind: str, position: Json = None, *, seat: int) -> None:
    """`seat` tucks `mod` under `host` (rulebook: Apply augment); a graft's effect joins the host's graft at
    `position` (1 = just below the original; default: at the bottom)."""
    state = flow.state
    if MODS not in state.zones:
        flow.emit(ce.ZoneCreated(MODS, "area", None, "public"))
    h = state.objects[host]
    flow.emit(ce.ObjectMoved(mod, MODS, controller=h.controller))
    flow.emit(ce.ObjectChanged(mod, attached_to=host))
    flow.emit(ce.ObjectPropSet(mod, "mod", kind))
    if kind == "graft":
        grafts = [str(c) for c in h.props.get("grafts", [])]
        at = len(grafts) if position is None else max(0, min(len(grafts), int(str(position)) - 1))
        grafts.insert(at, state.objects[mod].card)
        flow.emit(ce.ObjectPropSet(host, "grafts", grafts))
    flow.emit(ModApplied(seat, mod, host, kind))


# -- resolution of a virus or an ambush from the stack (their effect references: `stack.py`) ------


def _attach_virus(flow: Flow, ctx: StepContext, args: Any) -> Ask | None:
    """A virus resolves: it is tucked under its target as an augment (rulebook: Viruses)."""
    hosts = ctx.targets.get("host") or []
    if hosts and ctx.source is not None:
        attach(rules_of(flow), flow, ctx.source, hosts[0], "augment", seat=ctx.controller)
    return None


def _ambush(flow: Flow, ctx: StepContext, args: Any) -> Ask | None:
    """An ambush resolves: the allied unit is recalled and the ambusher spawns in its exact place
    (attacking, blocking or outside formation as it was: rulebook: Ambush; R59)."""
    rules = rules_of(flow)
    state = flow.state
    allies = ctx.targets.get("ally") or []
    new = ctx.source
    if not allies or new is None:
        return None
    ally = allies[0]
    b = state.battle
    if b:
        changes: dict[str, Json] = {}
        for key in ("attack", "defence"):
            form = b.get(key)
            if form and fm.column_of(form, ally) is not None:
                changes[key] = fm.replace_unit(form, ally, new)
        if ally in b.get("counter", []):
            changes["counter"] = [new if u == ally else u for u in b["counter"]]
        if changes:
            flow.emit(ce.BattleChanged(changes=changes))
    reg = int(ctx.vars.get("region", ctx.controller))
    recall(flow, ally)
    spawn(rules, flow, new, ctx.controller, reg)
    return None


VERBS = {"attach_virus": _attach_virus, "ambush": _ambush}
