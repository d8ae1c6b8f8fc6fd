"""Allegiance's effect words: each card's `effect` steps are made of these verbs.

Every verb takes a mapping of arguments; how references (`to:`, `target:`), filters, amounts and
`if:`/`unless:` guards are read is described in `verbs_read.py`. This module holds the verbs that
change the table; `verbs_choices.py` those that ask a player or remember values. `Verbs` is the
whole table: every `v_<verb>` method of its classes is a verb named `<verb>`.
"""

from __future__ import annotations

from typing import Any

from cardgames.engine import core_events as ce
from cardgames.engine.decisions import Ask, EngineError
from cardgames.engine.effects import StepContext, set_var
from cardgames.engine.flow import Flow
from cardgames.games.allegiance import board, damage, entering
from cardgames.games.allegiance.events import GoldChanged, is_hero
from cardgames.games.allegiance.verbs_choices import ChoiceVerbs
from cardgames.games.allegiance.verbs_read import check_steps

UNTIL = ("end_of_turn", "end_of_battle", "permanent")
ALL_DAMAGE = 999
"""A per-hit shield this large prevents all damage ("prevent all damage dealt to ...")."""


class Verbs(ChoiceVerbs):
    """The verb table of one Allegiance ruleset (the verbs read its card catalog)."""

    # -- damage and healing --------------------------------------------------------------------

    def v_damage(self, flow: Flow, ctx: StepContext, a: dict[str, Any]) -> Ask | None:
        """Deal damage: {damage: {to: t, amount: 3}}.

        `amount: {counters: curse}` deals, to each, as much as the curse counters on it (a unit) or
        on the units its player controls (a hero).
        """
        for t in self.targets(flow, ctx, a, "to"):
            damage.deal(flow, self.cat, t, self.amount_for(flow, ctx, a["amount"], t), ctx.source)
        damage.check_state(flow, self.cat)
        return None

    def v_heal(self, flow: Flow, ctx: StepContext, a: dict[str, Any]) -> Ask | None:
        """Heal damage: {heal: {to: t, amount: 3}} (amount: all heals everything)."""
        n = None if a.get("amount") == "all" else self.amount(ctx, a["amount"])
        for t in self.targets(flow, ctx, a, "to"):
            damage.heal(flow, self.cat, t, n, ctx.source)
        return None

    def v_destroy(self, flow: Flow, ctx: StepContext, a: dict[str, Any]) -> Ask | None:
        """Destroy: {destroy: {target: t, remember: hp, count: n}}.

        `remember` keeps the total maximum health of what was destroyed (last known, R49);
        `count` how many were destroyed. Filters pick which: {target: each_unit, max_attack: 0}.
        """
        state = flow.state
        total = n = 0
        for t in self.targets(flow, ctx, a, "target"):
            if is_hero(t) or not board.in_play(state, state.objects[t]):
                continue
            total += board.max_health(self.cat, state, state.objects[t])
            damage.destroy(flow, self.cat, t)
            n += 1
        if a.get("remember"):
            set_var(flow, ctx, **{str(a["remember"]): total})
        if a.get("count"):
            set_var(flow, ctx, **{str(a["count"]): n})
        damage.check_state(flow, self.cat)
        return None

    def v_prevent(self, flow: Flow, ctx: StepContext, a: dict[str, Any]) -> Ask | None:
        """Prevent the next N damage: {prevent: {target: t, amount: 3, until: end_of_turn}}.

        `amount: all` prevents all damage dealt to it for the duration.
        """
        until = str(a.get("until", "end_of_turn"))
        every = a.get("amount") == "all"
        n = ALL_DAMAGE if every else self.amount(ctx, a["amount"])
        for t in self.targets(flow, ctx, a, "target"):
            per_hit = every or bool(a.get("per_hit", False))
            flow.emit(ce.ShieldAdded(flow.new_id(), t, n, until, per_hit, ctx.source,
                                     ctx.controller))
        return None

    # -- counters, stats, states ---------------------------------------------------------------

    def v_augment(self, flow: Flow, ctx: StepContext, a: dict[str, Any]) -> Ask | None:
        """Augment counters (+1/+1 each): {augment: {to: t, amount: 1}}."""
        n = self.amount(ctx, a.get("amount", 1))
        for t in self.targets(flow, ctx, a, "to"):
            if not is_hero(t) and n:
                flow.emit(ce.CounterAdded(t, "augment", n))
        return None

    def v_counter(self, flow: Flow, ctx: StepContext, a: dict[str, Any]) -> Ask | None:
        """Other counters on units: {counter: {to: t, kind: curse, amount: 1}} (curse: -1 attack).
        """
        n = self.amount(ctx, a.get("amount", 1))
        for t in self.targets(flow, ctx, a, "to"):
            if not is_hero(t) and n:
                flow.emit(ce.CounterAdded(t, str(a["kind"]), n))
        damage.check_state(flow, self.cat)
        return None

    def v_boost(self, flow: Flow, ctx: StepContext, a: dict[str, Any]) -> Ask | None:
        """Temporary attack change: {boost: {target: t, attack: 3, until: end_of_turn}} (p.24)."""
        until = str(a.get("until", "end_of_turn"))
        if until not in UNTIL:
            raise EngineError(f"boost until {until!r}")
        n = self.amount(ctx, a["attack"])
        for t in self.targets(flow, ctx, a, "target"):
            if not is_hero(t):
                flow.emit(ce.ModifierAdded(flow.new_id(), t, "attack", n, until,
                                           ctx.source, ctx.controller))
        return None

    def v_exhaust(self, flow: Flow, ctx: StepContext, a: dict[str, Any]) -> Ask | None:
        """Exhaust cards: {exhaust: {target: each_unit_opponents_control, max_attack: 3}}."""
        for t in self.targets(flow, ctx, a, "target"):
            if not is_hero(t) and not flow.state.objects[t].exhausted:
                flow.emit(ce.ObjectChanged(t, exhausted=True))
        return None

    def v_refresh(self, flow: Flow, ctx: StepContext, a: dict[str, Any]) -> Ask | None:
        """Refresh cards: {refresh: {target: your_weapon}}."""
        for t in self.targets(flow, ctx, a, "target"):
            if not is_hero(t) and flow.state.objects[t].exhausted:
                flow.emit(ce.ObjectChanged(t, exhausted=False))
        return None

    def v_haste(self, flow: Flow, ctx: StepContext, a: dict[str, Any]) -> Ask | None:
        """The unit may attack this turn although it entered this turn: {haste: {target: t}}."""
        for t in self.targets(flow, ctx, a, "target"):
            if not is_hero(t):
                flow.emit(ce.CounterAdded(t, "hasty", 1))
        return None

    # -- gold and cards ------------------------------------------------------------------------

    def v_gain_gold(self, flow: Flow, ctx: StepContext, a: dict[str, Any]) -> Ask | None:
        """Gain gold: {gain_gold: {amount: 2}}."""
        n = self.amount(ctx, a["amount"])
        if n:
            flow.emit(GoldChanged(ctx.controller, n, "effect"))
        return None

    def v_draw(self, flow: Flow, ctx: StepContext, a: dict[str, Any]) -> Ask | None:
        """Draw cards one at a time, choosing the deck each time: {draw: {count: 2, deck: any}}."""
        flow.push("draw", seat=ctx.controller, count=self.amount(ctx, a.get("count", 1)),
                  deck=str(a.get("deck", "any")), reason="effect")
        return None

    def v_summon(self, flow: Flow, ctx: StepContext, a: dict[str, Any]) -> Ask | None:
        """Put special cards into play: {summon: {card: militia-recruit, count: 2, augments: 0}}.

        `remember: x` keeps the new cards (for `var:x`).
        """
        made: list[int] = []
        for _ in range(self.amount(ctx, a.get("count", 1))):
            oid = entering.special_object(flow, self.cat, ctx.controller, str(a["card"]))
            entering.put_into_play(flow, self.cat, oid, ctx.controller)
            if a.get("augments"):
                flow.emit(ce.CounterAdded(oid, "augment", int(a["augments"])))
            made.append(oid)
        if a.get("remember"):
            set_var(flow, ctx, **{str(a["remember"]): made})
        return None

    def v_attach(self, flow: Flow, ctx: StepContext, a: dict[str, Any]) -> Ask | None:
        """Attach a special card: {attach: {card: wasting-disease, to: t}} (p.24)."""
        # `card` names the card to attach, not a filter on the hosts: read `to` with refs().
        for t in self.refs(flow, ctx, a["to"]):
            if is_hero(t):
                continue
            oid = entering.special_object(flow, self.cat, ctx.controller, str(a["card"]))
            host = flow.state.objects[t]
            board.move(flow, oid, board.territory(host.controller), controller=ctx.controller,
                       entered_turn=flow.state.turn)
            flow.emit(ce.ObjectChanged(oid, attached_to=t))
        return None

    def v_take_control(self, flow: Flow, ctx: StepContext, a: dict[str, Any]) -> Ask | None:
        """Gain control of a unit: {take_control: {target: t, until: end_of_turn}} (p.25, R55)."""
        state = flow.state
        for t in self.targets(flow, ctx, a, "target"):
            obj = state.objects[t]
            if is_hero(t) or obj.controller == ctx.controller:
                continue
            if a.get("until") == "end_of_turn":
                returns = dict(state.globals.get("returns") or {})
                returns.setdefault(str(t), obj.controller)
                flow.emit(ce.GlobalSet("returns", returns))
            flow.emit(ce.ObjectMoved(t, board.territory(ctx.controller), controller=ctx.controller,
                                     entered_turn=state.turn))
            for att in board.attachments(state, t):
                flow.emit(ce.ObjectMoved(att.id, board.territory(ctx.controller)))
        return None

    def v_return_to_hand(self, flow: Flow, ctx: StepContext, a: dict[str, Any]) -> Ask | None:
        """Return a unit to its controller's hand: {return_to_hand: {target: t}}.

        Shared-deck cards have no owner, so "your hand" is the controller's. Special cards go to
        their reserves instead, and unit cards Hakor would get go to their discard pile (R74).
        """
        state = flow.state
        for t in self.targets(flow, ctx, a, "target"):
            obj = state.objects[t]
            if is_hero(t):
                continue
            seat = obj.controller
            hakor = "hakor-no-units" in damage.special_rules(self.cat, state, seat)
            if obj.props.get("back") in board.DECKS and not hakor:
                damage.leave_play(flow, self.cat, t, destination=board.hand(seat))
                flow.emit(ce.ObjectChanged(t, controller=seat))
            else:
                damage.leave_play(flow, self.cat, t)
        return None

    def v_remove_temporarily(self, flow: Flow, ctx: StepContext, a: dict[str, Any]) -> Ask | None:
        """Remove a unit from play until the end of the turn, when it returns as a new card under
        its last controller (R58): {remove_temporarily: {target: t}}."""
        state = flow.state
        for t in self.targets(flow, ctx, a, "target"):
            if is_hero(t):
                continue
            ctrl = state.objects[t].controller
            damage.leave_play(flow, self.cat, t, destination=board.REMOVED)
            flow.emit(ce.ObjectChanged(t, controller=ctrl))
        return None


VERB_NAMES = frozenset(name[2:] for name in dir(Verbs) if name.startswith("v_"))


def step_problems(steps: list[dict[str, Any]], slots: set[str], cards: set[str]) -> list[str]:
    """What is wrong with a list of effect steps (for the catalog check)."""
    return check_steps(steps, slots, set(VERB_NAMES), cards)
