"""Effect words that choose on resolution ("choose", rulebook p.24) or remember values.

A verb that needs an answer returns an `Ask`; the answer is stored in the resolution frame and
the verb runs again with it (`ctx.answer`), so a paused effect is plain data.
"""

from __future__ import annotations

from typing import Any

from cardgames.engine import core_events as ce
from cardgames.engine.decisions import Ask, Option
from cardgames.engine.effects import StepContext, set_var
from cardgames.engine.flow import Flow
from cardgames.engine.state import GameObject
from cardgames.games.allegiance import board, damage, drawing, entering
from cardgames.games.allegiance.events import GoldChanged, hero_seat, is_hero
from cardgames.games.allegiance.offers import offer
from cardgames.games.allegiance.verbs_read import VerbBase


class ChoiceVerbs(VerbBase):
    """Choices made while an effect resolves, and remembered values (`remember:` / `if:`)."""

    # -- choices by players ------------------------------------------------------------------

    def v_discard(self, flow: Flow, ctx: StepContext, a: dict[str, Any]) -> Ask | None:
        """Players discard a card of their choice: {discard: {who: each_opponent}} or {who: t}."""
        state = flow.state
        who = str(a.get("who", "each_opponent"))
        seats = board.opponents(state, ctx.controller) if who == "each_opponent" else [
            hero_seat(t) for t in self.refs(flow, ctx, who) if is_hero(t)]
        done = len(ctx.answer)
        for i, s in enumerate(seats):
            if i < done:
                continue
            hand = state.cards_in(board.hand(s))
            if not hand:
                continue
            opts = [offer("card", o.id, self.cat.display_name(o)) for o in hand]
            return Ask(s, "discard", "Discard a card of your choice", opts)
        for key in ctx.answer:
            oid = int(key.split(":")[1])
            if state.objects[oid].zone.startswith("hand:"):
                damage.leave_play(flow, self.cat, oid)
        return None

    def v_mill(self, flow: Flow, ctx: StepContext, a: dict[str, Any]) -> Ask | None:
        """Put the top card of a unit deck of your choice into its discard pile, `count` times:
        {mill: {count: 2}}."""
        count = int(a.get("count", 1))
        if len(ctx.answer) < count:
            decks = [d for d in board.UNIT_DECKS if drawing.can_supply(flow.state, d)]
            if decks:
                return Ask(ctx.controller, "mill",
                           f"Mill the top card of which deck? ({len(ctx.answer) + 1} of {count})",
                           [Option(f"deck:{d}", f"The {d} unit deck", "deck") for d in decks])
        for key in ctx.answer:
            top = drawing.top_card(flow, key.split(":")[1])
            if top is not None:
                board.move(flow, top, board.discard(key.split(":")[1]))
        return None

    def v_equip(self, flow: Flow, ctx: StepContext, a: dict[str, Any]) -> Ask | None:
        """Choose which sides of your weapon and armor cards are face up (p.15): {equip: {}}."""
        flow.push("equip", seat=ctx.controller, done=[])
        return None

    def v_advance_cooldown(self, flow: Flow, ctx: StepContext, a: dict[str, Any]) -> Ask | None:
        """Move another of your cooldown counters one space toward ready (R76):
        {advance_cooldown: {}}."""
        state = flow.state
        cds = dict(state.players[ctx.controller].props.get("cooldowns") or {})
        own = str(ctx.vars.get("ability", ""))
        cands = [k for k, v in cds.items() if v > 0 and k != own]
        if not cands:
            return None
        if not ctx.answer and len(cands) > 1:
            hero = self.cat.hero(str(state.players[ctx.controller].props["hero"]))
            names = {h.id: h.name for h in hero.abilities}
            opts = [Option(f"ability:{k}", f"{names[k]} ({cds[k]} to go)", "ability")
                    for k in cands]
            return Ask(ctx.controller, "cooldown",
                       "Move which cooldown counter one space closer to ready?", opts)
        pick = ctx.answer[0].split(":")[1] if ctx.answer else cands[0]
        cds[pick] -= 1
        flow.emit(ce.PlayerPropSet(ctx.controller, "cooldowns", cds))
        return None

    def v_raise(self, flow: Flow, ctx: StepContext, a: dict[str, Any]) -> Ask | None:
        """Choose a unit card in a discard pile and put it into play: {raise: {from: [basic]}}."""
        state = flow.state
        piles = [str(p) for p in a.get("from", ["basic"])]
        cands = [o for p in piles for o in state.cards_in(board.discard(p))]
        if not cands:
            return None
        if not ctx.answer:
            return Ask(ctx.controller, "choose_card",
                       "Choose a unit card from a discard pile to put into play",
                       [self._pile_option(o) for o in reversed(cands)])
        oid = int(ctx.answer[0].split(":")[1])
        entering.put_into_play(flow, self.cat, oid, ctx.controller)
        return None

    def v_bury(self, flow: Flow, ctx: StepContext, a: dict[str, Any]) -> Ask | None:
        """Choose up to N unit cards in discard piles; put them on the bottom of their decks.

        {bury: {up_to: 4, remember: moved}} remembers how many moved (for `summon` counts).
        """
        state = flow.state
        up_to = int(a.get("up_to", 1))
        picked = [int(k.split(":")[1]) for k in ctx.answer if k.startswith("card:")]
        finished = "done" in ctx.answer or len(picked) >= up_to
        cands = [o for p in board.UNIT_DECKS for o in state.cards_in(board.discard(p))
                 if o.id not in picked]
        if not finished and cands:
            opts = [self._pile_option(o) for o in reversed(cands)]
            opts.append(Option("done", f"Done ({len(picked)} chosen)", "done"))
            return Ask(ctx.controller, "choose_card",
                       f"Choose up to {up_to} unit cards to put on the bottom of their decks", opts)
        for oid in picked:
            board.move(flow, oid, board.deck(str(state.objects[oid].props["back"])), index=0)
        set_var(flow, ctx, **{str(a.get("remember", "moved")): len(picked)})
        return None

    def v_sacrifice(self, flow: Flow, ctx: StepContext, a: dict[str, Any]) -> Ask | None:
        """Choose up to N of your own units and destroy them: {sacrifice: {up_to: 1, remember: n}}.

        `except: t` keeps the units of target slot t out of the choice.
        """
        state = flow.state
        up_to = int(a.get("up_to", 1))
        keep = set(ctx.targets.get(str(a.get("except", "")), []))
        picked = [int(k.split(":")[1]) for k in ctx.answer if k.startswith("card:")]
        finished = "done" in ctx.answer or len(picked) >= up_to
        cands = [u for u in board.units(state, ctx.controller)
                 if u.id not in picked and u.id not in keep]
        if not finished and cands:
            opts = [offer("card", u.id, f"Destroy {self.cat.display_name(u)}")
                    for u in cands]
            opts.append(Option("done", f"Done ({len(picked)} chosen)", "done"))
            return Ask(ctx.controller, "choose_card",
                       f"Choose up to {up_to} of your units to destroy", opts)
        n = 0
        for oid in picked:
            if board.in_play(state, state.objects[oid]):
                damage.destroy(flow, self.cat, oid)
                n += 1
        set_var(flow, ctx, **{str(a.get("remember", "destroyed")): n})
        damage.check_state(flow, self.cat)
        return None

    def v_pay_gold(self, flow: Flow, ctx: StepContext, a: dict[str, Any]) -> Ask | None:
        """Offer to pay gold: {pay_gold: {amount: 1, remember: paid}}.

        `paid` is false if the player declines or cannot pay."""
        n = self.amount(ctx, a.get("amount", 1))
        have = flow.state.players[ctx.controller].counters.get("gold", 0)
        if have >= n and not ctx.answer:
            what = str(a.get("for", "")) or (self.cat.display_name(flow.state.objects[ctx.source])
                                             if ctx.source is not None else "this effect")
            opts = [Option("pay", f"Pay {n} gold", "yes"), Option("decline", "Don't pay", "no")]
            return Ask(ctx.controller, "pay", f"Pay {n} gold for {what}? (you have {have})", opts)
        paid = bool(ctx.answer) and ctx.answer[0] == "pay"
        if paid:
            flow.emit(GoldChanged(ctx.controller, -n, "effect"))
        set_var(flow, ctx, **{str(a.get("remember", "paid")): paid})
        return None

    def _pile_option(self, o: GameObject) -> Option:
        label = f"{self.cat.display_name(o)} ({o.props.get('back')} discard)"
        return offer("card", o.id, label)

    # -- focus counters (Gondè Kyal) -----------------------------------------------------------

    def v_focus(self, flow: Flow, ctx: StepContext, a: dict[str, Any]) -> Ask | None:
        """Focus counters on your hero (at most 5): {focus: {amount: 2}}."""
        have = flow.state.players[ctx.controller].counters.get("focus", 0)
        add = min(5 - have, self.amount(ctx, a.get("amount", 1)))
        if add > 0:
            flow.emit(ce.PlayerCounterAdded(ctx.controller, "focus", add))
        return None

    def v_spend_focus(self, flow: Flow, ctx: StepContext, a: dict[str, Any]) -> Ask | None:
        """Remove focus counters from your hero: {spend_focus: {remember: x, max: 1}} lets you pick
        how many (up to `max`); {spend_focus: {all: true, remember: x}} removes every one."""
        have = flow.state.players[ctx.controller].counters.get("focus", 0)
        most = min(have, int(a.get("max", have)))
        if a.get("all"):
            n = have
        else:
            if most > 0 and not ctx.answer:
                opts = [Option(f"n:{i}", f"Remove {i}", "number") for i in range(most + 1)]
                return Ask(ctx.controller, "spend_focus",
                           f"Remove how many focus counters? (you have {have})", opts)
            n = int(ctx.answer[0].split(":")[1]) if ctx.answer else 0
        if n:
            flow.emit(ce.PlayerCounterAdded(ctx.controller, "focus", -n))
        set_var(flow, ctx, **{str(a.get("remember", "focus")): n})
        return None

    # -- remembered values -----------------------------------------------------------------------

    def v_add(self, flow: Flow, ctx: StepContext, a: dict[str, Any]) -> Ask | None:
        """Arithmetic on a remembered value: {add: {var: x, times: 2, amount: 1}}: x*2+1."""
        value = self.amount(ctx, f"var:{a['var']}")
        value = value * int(a.get("times", 1)) + int(a.get("amount", 0))
        set_var(flow, ctx, **{str(a["var"]): value})
        return None

    def v_count(self, flow: Flow, ctx: StepContext, a: dict[str, Any]) -> Ask | None:
        """Remember how many match:
        {count: {units: each_unit_you_control, card: royal-guard, remember: n}}."""
        set_var(flow, ctx, **{str(a["remember"]): len(self.targets(flow, ctx, a, "units"))})
        return None

    def v_card_is(self, flow: Flow, ctx: StepContext, a: dict[str, Any]) -> Ask | None:
        """Remember whether a target matches: {card_is: {target: t, exhausted: true, remember: x}}.

        Tests: `exhausted`, `max_attack` (units), `hero: true/false` (is it a hero?).
        """
        state = flow.state
        hits = []
        for t in self.refs(flow, ctx, a["target"]):
            if "hero" in a:
                if is_hero(t) != bool(a["hero"]):
                    continue
            elif is_hero(t):
                continue
            obj = None if is_hero(t) else state.objects[t]
            if "exhausted" in a and (obj is None or obj.exhausted != a["exhausted"]):
                continue
            if "max_attack" in a and (
                    obj is None or board.attack(self.cat, state, obj) > int(a["max_attack"])):
                continue
            hits.append(t)
        set_var(flow, ctx, **{str(a["remember"]): bool(hits)})
        return None

    def v_you_control(self, flow: Flow, ctx: StepContext, a: dict[str, Any]) -> Ask | None:
        """Remember whether you control a card in play:
        {you_control: {card: tithe-decree, remember: has}}."""
        state = flow.state
        has = any(o.card == a["card"] and o.controller == ctx.controller
                  for o in state.cards_in(board.territory(ctx.controller)))
        set_var(flow, ctx, **{str(a["remember"]): has})
        return None

    def v_was_destroyed(self, flow: Flow, ctx: StepContext, a: dict[str, Any]) -> Ask | None:
        """Remember whether a target has left play:
        {was_destroyed: {target: t, remember: killed}}."""
        state = flow.state
        gone = [t for t in ctx.targets.get(str(a["target"]), [])
                if t > 0 and not board.in_play(state, state.objects[t])]
        set_var(flow, ctx, **{str(a["remember"]): bool(gone)})
        return None
