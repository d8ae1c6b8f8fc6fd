"""Allegiance's effect words: each card's `effect` steps are made of these verbs.

Every verb takes a mapping of arguments. `to`/`target` name what it acts on: a target slot of
the ability ("t"), "self", "attached", "your_hero", "each_opponent_hero", "each_unit",
"each_other_unit", "each_unit_you_control", "each_unit_opponents_control", or "var:<name>".
Any verb may carry `if: <var>`: the step is skipped unless that remembered value is truthy.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from cardgames.engine import core_events as ce
from cardgames.engine.decisions import Ask, EngineError, Option
from cardgames.engine.effects import StepContext, set_var
from cardgames.engine.flow import Flow
from cardgames.games.allegiance import board, damage
from cardgames.games.allegiance.events import GoldChanged, hero_ref, hero_seat, is_hero
from cardgames.games.allegiance.schema import UnitCard

if TYPE_CHECKING:
    from cardgames.games.allegiance.rules import Allegiance

VerbFn = Callable[[Flow, StepContext, Any], "Ask | None"]

UNTIL = ("end_of_turn", "end_of_battle", "permanent")


class Verbs:
    """The verb table of one Allegiance ruleset (verbs need its catalog and turn helpers)."""

    def __init__(self, rules: Allegiance) -> None:
        self.r = rules
        self.cat = rules.cat
        self.table: dict[str, VerbFn] = {}
        for name in dir(self):
            if name.startswith("v_"):
                self.table[name[2:]] = self._guarded(getattr(self, name))

    @staticmethod
    def _guarded(fn: VerbFn) -> VerbFn:
        def run(flow: Flow, ctx: StepContext, args: Any) -> Ask | None:
            if isinstance(args, dict) and "if" in args and not ctx.vars.get(str(args["if"])):
                return None
            return fn(flow, ctx, args or {})

        return run

    # -- reading arguments ---------------------------------------------------------------------

    def refs(self, flow: Flow, ctx: StepContext, ref: Any) -> list[int]:
        """The live objects/heroes an argument names."""
        state = flow.state
        seat = ctx.controller
        r = str(ref)
        if r in ctx.targets:
            out = list(ctx.targets[r])
        elif r == "self":
            out = [ctx.source] if ctx.source is not None else []
        elif r == "attached":
            host = state.objects[ctx.source].attached_to if ctx.source is not None else None
            out = [host] if host is not None else []
        elif r == "your_weapon":
            weapon = board.gear(state, seat, "weapon")
            out = [weapon.id] if weapon else []
        elif r == "your_hero":
            out = [hero_ref(seat)]
        elif r == "each_opponent_hero":
            out = [hero_ref(s) for s in board.opponents(state, seat)]
        elif r == "each_unit":
            out = [u.id for u in board.units(state)]
        elif r == "each_other_unit":
            out = [u.id for u in board.units(state) if u.id != ctx.source]
        elif r == "each_unit_you_control":
            out = [u.id for u in board.units(state, seat)]
        elif r == "each_unit_opponents_control":
            out = [u.id for s in board.opponents(state, seat) for u in board.units(state, s)]
        elif r.startswith("var:"):
            value = ctx.vars.get(r[4:])
            out = [int(v) for v in value] if isinstance(value, list) else ([int(value)] if value is not None else [])
        elif r.startswith("controller_hero_of:"):
            out = [hero_ref(board.controller(state, t)) for t in self.refs(flow, ctx, r.split(":", 1)[1])]
        else:
            raise EngineError(f"unknown reference {r!r}")
        return [t for t in out if board.alive(state, t)]

    @staticmethod
    def amount(ctx: StepContext, value: Any) -> int:
        if isinstance(value, str) and value.startswith("var:"):
            got = ctx.vars.get(value[4:], 0)
            return len(got) if isinstance(got, list) else int(got or 0)
        return int(value)

    # -- damage and healing --------------------------------------------------------------------

    def v_damage(self, flow: Flow, ctx: StepContext, a: dict[str, Any]) -> Ask | None:
        """Deal damage: {damage: {to: t, amount: 3}}."""
        n = self.amount(ctx, a["amount"])
        for t in self.refs(flow, ctx, a["to"]):
            damage.deal(flow, self.cat, t, n, ctx.source)
        damage.check_state(flow, self.cat)
        return None

    def v_heal(self, flow: Flow, ctx: StepContext, a: dict[str, Any]) -> Ask | None:
        """Heal damage: {heal: {to: t, amount: 3}} (amount: all heals everything)."""
        n = None if a.get("amount") == "all" else self.amount(ctx, a["amount"])
        for t in self.refs(flow, ctx, a["to"]):
            damage.heal(flow, self.cat, t, n, ctx.source)
        return None

    def v_destroy(self, flow: Flow, ctx: StepContext, a: dict[str, Any]) -> Ask | None:
        """Destroy: {destroy: {target: t, remember: name}} — `remember` keeps its max health (R49)."""
        state = flow.state
        total = 0
        for t in self.refs(flow, ctx, a["target"]):
            if is_hero(t):
                continue
            total += board.max_health(self.cat, state, state.objects[t])
            damage.destroy(flow, self.cat, t)
        if a.get("remember"):
            set_var(flow, ctx, **{str(a["remember"]): total})
        damage.check_state(flow, self.cat)
        return None

    def v_prevent(self, flow: Flow, ctx: StepContext, a: dict[str, Any]) -> Ask | None:
        """Prevent the next N damage: {prevent: {target: t, amount: 3, until: end_of_turn}}."""
        until = str(a.get("until", "end_of_turn"))
        for t in self.refs(flow, ctx, a["target"]):
            flow.emit(ce.ShieldAdded(flow.new_id(), t, self.amount(ctx, a["amount"]), until,
                                     bool(a.get("per_hit", False)), ctx.source, ctx.controller))
        return None

    # -- counters, stats, states ---------------------------------------------------------------

    def v_augment(self, flow: Flow, ctx: StepContext, a: dict[str, Any]) -> Ask | None:
        """Augment counters (+1/+1 each): {augment: {to: t, amount: 1}}."""
        for t in self.refs(flow, ctx, a["to"]):
            if not is_hero(t):
                flow.emit(ce.CounterAdded(t, "augment", self.amount(ctx, a.get("amount", 1))))
        return None

    def v_counter(self, flow: Flow, ctx: StepContext, a: dict[str, Any]) -> Ask | None:
        """Other counters on units: {counter: {to: t, kind: curse, amount: 1}}."""
        for t in self.refs(flow, ctx, a["to"]):
            if not is_hero(t):
                flow.emit(ce.CounterAdded(t, str(a["kind"]), self.amount(ctx, a.get("amount", 1))))
        damage.check_state(flow, self.cat)
        return None

    def v_boost(self, flow: Flow, ctx: StepContext, a: dict[str, Any]) -> Ask | None:
        """Temporary attack change: {boost: {target: t, attack: 3, until: end_of_turn}} (p.24)."""
        until = str(a.get("until", "end_of_turn"))
        if until not in UNTIL:
            raise EngineError(f"boost until {until!r}")
        for t in self.refs(flow, ctx, a["target"]):
            if not is_hero(t):
                flow.emit(ce.ModifierAdded(flow.new_id(), t, "attack", self.amount(ctx, a["attack"]), until,
                                           ctx.source, ctx.controller))
        return None

    def v_exhaust(self, flow: Flow, ctx: StepContext, a: dict[str, Any]) -> Ask | None:
        for t in self.refs(flow, ctx, a["target"]):
            if not is_hero(t) and not flow.state.objects[t].exhausted:
                flow.emit(ce.ObjectChanged(t, exhausted=True))
        return None

    def v_refresh(self, flow: Flow, ctx: StepContext, a: dict[str, Any]) -> Ask | None:
        for t in self.refs(flow, ctx, a["target"]):
            if not is_hero(t) and flow.state.objects[t].exhausted:
                flow.emit(ce.ObjectChanged(t, exhausted=False))
        return None

    def v_haste(self, flow: Flow, ctx: StepContext, a: dict[str, Any]) -> Ask | None:
        """The unit may attack this turn even though it entered this turn."""
        for t in self.refs(flow, ctx, a["target"]):
            if not is_hero(t):
                flow.emit(ce.CounterAdded(t, "hasty", 1))
        return None

    # -- gold and cards ------------------------------------------------------------------------

    def v_gain_gold(self, flow: Flow, ctx: StepContext, a: dict[str, Any]) -> Ask | None:
        flow.emit(GoldChanged(ctx.controller, self.amount(ctx, a["amount"]), "effect"))
        return None

    def v_draw(self, flow: Flow, ctx: StepContext, a: dict[str, Any]) -> Ask | None:
        """Draw cards one at a time, choosing the deck each time: {draw: {count: 2, deck: any}}."""
        flow.push("draw", seat=ctx.controller, count=self.amount(ctx, a.get("count", 1)),
                  deck=str(a.get("deck", "any")), reason="effect")
        return None

    def v_summon(self, flow: Flow, ctx: StepContext, a: dict[str, Any]) -> Ask | None:
        """Put special units into play: {summon: {card: militia-recruit, count: 2, augments: 0}}."""
        for _ in range(self.amount(ctx, a.get("count", 1))):
            oid = self.r.special_object(flow, ctx.controller, str(a["card"]))
            self.r.put_into_play(flow, oid, ctx.controller)
            if a.get("augments"):
                flow.emit(ce.CounterAdded(oid, "augment", int(a["augments"])))
        return None

    def v_attach(self, flow: Flow, ctx: StepContext, a: dict[str, Any]) -> Ask | None:
        """Attach a special card: {attach: {card: wasting-disease, to: t}} (p.24)."""
        for t in self.refs(flow, ctx, a["to"]):
            if is_hero(t):
                continue
            oid = self.r.special_object(flow, ctx.controller, str(a["card"]))
            host = flow.state.objects[t]
            board.move(flow, oid, board.territory(host.controller), controller=ctx.controller,
                       entered_turn=flow.state.turn)
            flow.emit(ce.ObjectChanged(oid, attached_to=t))
        return None

    def v_take_control(self, flow: Flow, ctx: StepContext, a: dict[str, Any]) -> Ask | None:
        """Gain control of a unit: {take_control: {target: t, until: end_of_turn}} (p.25, R55)."""
        state = flow.state
        for t in self.refs(flow, ctx, a["target"]):
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
        """Return a unit to its owner's hand (special cards go to reserves, R74)."""
        state = flow.state
        for t in self.refs(flow, ctx, a["target"]):
            obj = state.objects[t]
            if is_hero(t):
                continue
            hakor = "hakor-no-units" in damage.special_rules(self.cat, state, obj.owner)
            if obj.props.get("back") in board.DECKS and not hakor:
                damage.leave_play(flow, self.cat, t, destination=board.hand(obj.owner))
            else:
                damage.leave_play(flow, self.cat, t)
        return None

    def v_remove_temporarily(self, flow: Flow, ctx: StepContext, a: dict[str, Any]) -> Ask | None:
        """Remove a unit from play until the end of the turn (it returns as a new card, R58)."""
        state = flow.state
        for t in self.refs(flow, ctx, a["target"]):
            if is_hero(t):
                continue
            ctrl = state.objects[t].controller
            damage.leave_play(flow, self.cat, t, destination=board.REMOVED)
            flow.emit(ce.ObjectChanged(t, controller=ctrl))
        return None

    # -- choices made on resolution ("choose", p.24) --------------------------------------------

    def v_discard(self, flow: Flow, ctx: StepContext, a: dict[str, Any]) -> Ask | None:
        """Players discard a card of their choice: {discard: {who: each_opponent}}."""
        state = flow.state
        who = str(a.get("who", "each_opponent"))
        seats = board.opponents(state, ctx.controller) if who == "each_opponent" else [
            hero_seat(t) for t in self.refs(flow, ctx, who)]
        done = len(ctx.answer)
        for i, s in enumerate(seats):
            if i < done:
                continue
            hand = state.cards_in(board.hand(s))
            if not hand:
                continue
            return Ask(s, "discard", "Discard a card of your choice",
                       [Option(f"card:{o.id}", self.cat.display_name(o), "card", o.id) for o in hand])
        for key in ctx.answer:
            oid = int(key.split(":")[1])
            if state.objects[oid].zone.startswith("hand:"):
                damage.leave_play(flow, self.cat, oid)
        return None

    def v_mill(self, flow: Flow, ctx: StepContext, a: dict[str, Any]) -> Ask | None:
        """Put the top card of a unit deck of your choice into its discard pile, `count` times."""
        count = int(a.get("count", 1))
        if len(ctx.answer) < count:
            decks = [d for d in board.UNIT_DECKS if self.r.turn.can_supply(flow.state, d)]
            if decks:
                return Ask(ctx.controller, "mill", f"Mill the top card of which deck? ({len(ctx.answer) + 1} of {count})",
                           [Option(f"deck:{d}", f"The {d} unit deck", "deck") for d in decks])
        for key in ctx.answer:
            top = self.r.turn.top_card(flow, key.split(":")[1])
            if top is not None:
                board.move(flow, top, board.discard(key.split(":")[1]))
        return None

    def v_equip(self, flow: Flow, ctx: StepContext, a: dict[str, Any]) -> Ask | None:
        """Choose which sides of your weapon and armor cards are face up (p.15)."""
        flow.push("equip", seat=ctx.controller, done=[])
        return None

    def v_advance_cooldown(self, flow: Flow, ctx: StepContext, a: dict[str, Any]) -> Ask | None:
        """Move another of your cooldown counters one space toward ready (R76)."""
        state = flow.state
        cds = dict(state.players[ctx.controller].props.get("cooldowns") or {})
        own = str(ctx.frame.data.get("vars", {}).get("ability", ""))
        cands = [k for k, v in cds.items() if v > 0 and k != own]
        if not cands:
            return None
        if not ctx.answer and len(cands) > 1:
            hero = self.cat.hero(str(state.players[ctx.controller].props["hero"]))
            names = {h.id: h.name for h in hero.abilities}
            return Ask(ctx.controller, "cooldown", "Move which cooldown counter one space closer to ready?",
                       [Option(f"ability:{k}", f"{names[k]} ({cds[k]} to go)", "ability") for k in cands])
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
            return Ask(ctx.controller, "choose_card", "Choose a unit card from a discard pile to put into play",
                       [Option(f"card:{o.id}", f"{self.cat.display_name(o)} ({o.props.get('back')} discard)",
                               "card", o.id) for o in reversed(cands)])
        oid = int(ctx.answer[0].split(":")[1])
        self.r.put_into_play(flow, oid, ctx.controller)
        return None

    def v_bury(self, flow: Flow, ctx: StepContext, a: dict[str, Any]) -> Ask | None:
        """Choose up to N unit cards in discard piles; put them on the bottom of their decks.

        {bury: {up_to: 4, remember: moved}} remembers how many moved (for `summon` counts).
        """
        state = flow.state
        up_to = int(a.get("up_to", 1))
        picked = [int(k.split(":")[1]) for k in ctx.answer if k.startswith("card:")]
        finished = "done" in ctx.answer or len(picked) >= up_to
        cands = [o for p in board.UNIT_DECKS for o in state.cards_in(board.discard(p)) if o.id not in picked]
        if not finished and cands:
            opts = [Option(f"card:{o.id}", f"{self.cat.display_name(o)} ({o.props.get('back')} discard)", "card", o.id)
                    for o in reversed(cands)]
            opts.append(Option("done", f"Done ({len(picked)} chosen)", "done"))
            return Ask(ctx.controller, "choose_card", f"Choose up to {up_to} unit cards to put on the bottom "
                       "of their decks", opts)
        for oid in picked:
            board.move(flow, oid, board.deck(str(state.objects[oid].props["back"])), index=0)
        set_var(flow, ctx, **{str(a.get("remember", "moved")): len(picked)})
        return None

    def v_sacrifice(self, flow: Flow, ctx: StepContext, a: dict[str, Any]) -> Ask | None:
        """Choose up to N of your own units and destroy them: {sacrifice: {up_to: 1, remember: n}}."""
        state = flow.state
        up_to = int(a.get("up_to", 1))
        keep = set(ctx.targets.get(str(a.get("except", "")), []))
        picked = [int(k.split(":")[1]) for k in ctx.answer if k.startswith("card:")]
        finished = "done" in ctx.answer or len(picked) >= up_to
        cands = [u for u in board.units(state, ctx.controller) if u.id not in picked and u.id not in keep]
        if not finished and cands:
            opts = [Option(f"card:{u.id}", f"Destroy {self.cat.display_name(u)}", "card", u.id) for u in cands]
            opts.append(Option("done", f"Done ({len(picked)} chosen)", "done"))
            return Ask(ctx.controller, "choose_card", f"Choose up to {up_to} of your units to destroy", opts)
        n = 0
        for oid in picked:
            if board.in_play(state, state.objects[oid]):
                damage.destroy(flow, self.cat, oid)
                n += 1
        set_var(flow, ctx, **{str(a.get("remember", "destroyed")): n})
        damage.check_state(flow, self.cat)
        return None

    def v_focus(self, flow: Flow, ctx: StepContext, a: dict[str, Any]) -> Ask | None:
        """Focus counters on your hero (at most 5): {focus: {amount: 2}}."""
        have = flow.state.players[ctx.controller].counters.get("focus", 0)
        add = min(5 - have, self.amount(ctx, a.get("amount", 1)))
        if add > 0:
            flow.emit(ce.PlayerCounterAdded(ctx.controller, "focus", add))
        return None

    def v_spend_focus(self, flow: Flow, ctx: StepContext, a: dict[str, Any]) -> Ask | None:
        """Remove any number of your focus counters: {spend_focus: {remember: x, max: 1}}."""
        have = flow.state.players[ctx.controller].counters.get("focus", 0)
        most = min(have, int(a.get("max", have)))
        if most > 0 and not ctx.answer:
            return Ask(ctx.controller, "spend_focus", f"Remove how many focus counters? (you have {have})",
                       [Option(f"n:{i}", f"Remove {i}", "number") for i in range(most + 1)])
        n = int(ctx.answer[0].split(":")[1]) if ctx.answer else 0
        if n:
            flow.emit(ce.PlayerCounterAdded(ctx.controller, "focus", -n))
        set_var(flow, ctx, **{str(a.get("remember", "focus")): n})
        return None

    def v_add(self, flow: Flow, ctx: StepContext, a: dict[str, Any]) -> Ask | None:
        """Arithmetic on remembered values: {add: {var: x, amount: 2}} or {add: {var: x, times: 2}}."""
        value = self.amount(ctx, f"var:{a['var']}")
        value = value * int(a.get("times", 1)) + int(a.get("amount", 0))
        set_var(flow, ctx, **{str(a["var"]): value})
        return None

    def v_count(self, flow: Flow, ctx: StepContext, a: dict[str, Any]) -> Ask | None:
        """Remember how many units match: {count: {units: each_unit_you_control, remember: n}}."""
        set_var(flow, ctx, **{str(a["remember"]): len(self.refs(flow, ctx, a["units"]))})
        return None

    def v_card_is(self, flow: Flow, ctx: StepContext, a: dict[str, Any]) -> Ask | None:
        """Remember whether a target matches: {card_is: {target: t, exhausted: true, remember: x}}."""
        hits = [t for t in self.refs(flow, ctx, a["target"]) if not is_hero(t)
                and ("exhausted" not in a or flow.state.objects[t].exhausted == a["exhausted"])
                and ("max_attack" not in a or board.attack(self.cat, flow.state, flow.state.objects[t]) <= int(a["max_attack"]))]
        set_var(flow, ctx, **{str(a["remember"]): bool(hits)})
        return None

    def v_unit_check(self, flow: Flow, ctx: StepContext, a: dict[str, Any]) -> Ask | None:
        """Remember whether a unit of a given card is under your control: {unit_check: {card: x, remember: y}}."""
        has = any(u.card == a["card"] for u in board.units(flow.state, ctx.controller))
        set_var(flow, ctx, **{str(a["remember"]): has, f"not_{a['remember']}": not has})
        return None

    def v_was_destroyed(self, flow: Flow, ctx: StepContext, a: dict[str, Any]) -> Ask | None:
        """Remember whether a target has left play: {was_destroyed: {target: t, remember: killed}}."""
        state = flow.state
        gone = [t for t in ctx.targets.get(str(a["target"]), [])
                if t > 0 and not board.in_play(state, state.objects[t])]
        set_var(flow, ctx, **{str(a["remember"]): bool(gone)})
        return None

    def v_enters_with(self, flow: Flow, ctx: StepContext, a: dict[str, Any]) -> Ask | None:
        """No-op marker kept for readable YAML (e.g. "enters play with an augment counter")."""
        return None


def unit_card(cat: Any, card_id: str) -> UnitCard:
    card = cat.card(card_id)
    if not isinstance(card, UnitCard):
        raise EngineError(f"{card_id} is not a unit")
    return card
