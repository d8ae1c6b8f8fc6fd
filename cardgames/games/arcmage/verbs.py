"""The effect verbs: one function per effect word of the cards (`vocabulary.VERBS`).

A verb either finishes, emitting events, or pushes a small frame that asks a player (a discard, a
toll, where a creature goes) and runs before the next step: a resolution stays resumable from state.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardgames.engine import core_events as ce
from cardgames.engine.decisions import Ask
from cardgames.engine.effects import StepContext
from cardgames.engine.flow import Flow
from cardgames.engine.state import GameObject
from cardgames.games.arcmage import board, checks
from cardgames.games.arcmage import table as t
from cardgames.games.arcmage.context import rules_of
from cardgames.games.arcmage.events import Damaged, seat_of_ref

Verb = Callable[[Flow, StepContext, Any], "Ask | None"]


def _source(flow: Flow, ctx: StepContext) -> GameObject | None:
    return flow.state.objects.get(ctx.source) if ctx.source is not None else None


def _host(flow: Flow, ctx: StepContext) -> GameObject | None:
    src = _source(flow, ctx)
    if src is None or src.attached_to is None or src.attached_to < 0 or not t.in_play(src):
        return None
    host = flow.state.objects[src.attached_to]
    return host if t.in_play(host) else None


def _here(flow: Flow, ctx: StepContext) -> GameObject | None:
    """The city of the effect: a city's own level, or the city a creature lives in."""
    src = _source(flow, ctx)
    if src is None:
        return None
    if src.zone.startswith("kingdom:"):
        return src
    city = t.city_of(src)
    return flow.state.objects[city] if city is not None else None


def _group(flow: Flow, ctx: StepContext, spec: dict[str, Any]) -> list[GameObject]:
    rules = rules_of(flow)
    state = flow.state
    out = []
    for o in t.all_creatures(state):
        if spec.get("side") == "mine" and o.controller != ctx.controller:
            continue
        kinds = set(spec.get("types", []))
        if kinds and not kinds & set(board.creature_types(rules, state, o)):
            continue
        if spec.get("where") == "army" and not t.in_army(o):
            continue
        out.append(o)
    return out


def objs(flow: Flow, ctx: StepContext, ref: Any) -> list[GameObject]:
    """The cards an argument names, still in play: a target slot, self, host, here, or a group."""
    state = flow.state
    if isinstance(ref, dict):
        return _group(flow, ctx, ref)
    if ref == "self":
        src = _source(flow, ctx)
        return [src] if src is not None and t.in_play(src) else []
    if ref == "host":
        host = _host(flow, ctx)
        return [host] if host is not None else []
    if ref == "here":
        here = _here(flow, ctx)
        return [here] if here is not None and t.in_play(here) else []
    if ref == "hit_city":
        city = state.objects[int(ctx.vars["hit_city"])]
        return [city] if t.in_play(city) else []
    if ref == "blockers":
        return [state.objects[int(i)] for i in ctx.vars.get("blockers", []) if t.in_play(state.objects[int(i)])]
    out = []
    for oid in ctx.targets.get(str(ref), []):
        obj = state.objects.get(oid)
        if obj is not None and t.in_play(obj):
            out.append(obj)
    return out


def seats(flow: Flow, ctx: StepContext, ref: Any) -> list[int]:
    state = flow.state
    if ref == "you":
        return [ctx.controller] if not state.players[ctx.controller].eliminated else []
    if ref == "each":
        return state.seats_from(state.active)
    if ref == "opponents":
        return t.opponents(state, ctx.controller)
    if ref in ("city_owner", "victim"):
        owner = int(ctx.vars[str(ref)])
        return [] if state.players[owner].eliminated else [owner]
    out = []
    for r in ctx.targets.get(str(ref), []):
        s = seat_of_ref(r)
        if s is not None and not state.players[s].eliminated:
            out.append(s)
    return out


def _amount(ctx: StepContext, value: Any) -> int:
    return int(ctx.vars.get("x", 0)) if value == "x" else int(value)


def deal_damage(flow: Flow, target: GameObject, amount: int, source: GameObject | None, *,
                combat: bool = False) -> None:
    """Damage to a creature (Deadly sources destroy it: R54) or to a city (Seat of the Throne caps
    a city's loss at 1 a turn: R87)."""
    rules = rules_of(flow)
    state = flow.state
    if amount <= 0:
        return
    if rules.cards[target.card].is_city:
        if board.flag(rules, state, target, "one_damage_per_turn"):
            taken = int(target.props.get("lost_turn", {}).get(str(state.turn), 0)) \
                if isinstance(target.props.get("lost_turn"), dict) else 0
            amount = min(amount, max(0, 1 - taken))
            if amount <= 0:
                return
            flow.emit(ce.ObjectPropSet(target.id, "lost_turn", {str(state.turn): taken + amount}))
        flow.emit(Damaged(target.id, amount, source.id if source else None, combat))
        if source is not None and rules.cards[source.card].is_creature and t.in_play(source):
            log_dealt(flow, source, amount)
        return
    flow.emit(Damaged(target.id, amount, source.id if source else None, combat))
    if source is not None and rules.cards[source.card].is_creature and t.in_play(source):
        creature_hurt(flow, target, amount, source)
    if source is not None and t.in_play(source) and rules.cards[source.card].is_creature \
            and "deadly" in board.keywords(rules, state, source) \
            and "immune_deadly" not in board.keywords(rules, state, target):
        flow.emit(ce.CounterAdded(target.id, "deadly", 1))
        return  # Deadly destroys it whatever damage a bodyguard takes off it
    if any(rules.cards[o.card].bodyguard and o.id != target.id for o in t.creatures_of(state, target.controller)):
        flow.push("bodyguard", seat=target.controller, target=target.id, amount=amount, combat=combat)


def log_dealt(flow: Flow, source: GameObject, amount: int) -> None:
    """The damage a creature dealt, this turn and the last (Blood Vengeance, R64)."""
    turn = flow.state.turn
    log = source.props.get("dealt")
    dealt = {k: int(v) for k, v in log.items() if int(k) >= turn - 1} if isinstance(log, dict) else {}
    flow.emit(ce.ObjectPropSet(source.id, "dealt", {**dealt, str(turn): dealt.get(str(turn), 0) + amount}))


def creature_hurt(flow: Flow, target: GameObject, amount: int, source: GameObject) -> None:
    """A creature damaged another: the damage it dealt this turn is logged (Blood Vengeance, R64); rabies
    spreads (R89); Poison Ivy makes it sticky."""
    state = flow.state
    log_dealt(flow, source, amount)
    if source.counters.get("rabies") and not target.counters.get("rabies"):
        flow.emit(ce.CounterAdded(target.id, "rabies", 1))
    if "poison" in board.keywords(rules_of(flow), state, source) and not target.counters.get("sticky"):
        flow.emit(ce.CounterAdded(target.id, "sticky", 1))


def damage(flow: Flow, ctx: StepContext, args: dict[str, Any]) -> Ask | None:
    """Damage; `if_resident`: only to a city where a creature of that card lives (Big Brother)."""
    for o in objs(flow, ctx, args["to"]):
        need = args.get("if_resident")
        if need is not None and not any(r.card == need for r in t.residents(flow.state, o.id)):
            continue
        deal_damage(flow, o, _amount(ctx, args["amount"]), _source(flow, ctx))
    return None


def pay_draw(flow: Flow, ctx: StepContext, args: dict[str, Any]) -> Ask | None:
    """"You may pay n resources to draw a card" (Esteemed Councilor): asked if the player can pay."""
    if t.total_available(flow.state, ctx.controller) >= int(args.get("n", 2)):
        flow.push("pay_draw", seat=ctx.controller, n=int(args.get("n", 2)))
    return None


def steal_resource(flow: Flow, ctx: StepContext, args: dict[str, Any]) -> Ask | None:
    """Cutpurse Imp: take control of one of the player's resource cards (R11: it keeps its faction and mark)."""
    for s in seats(flow, ctx, args["who"]):
        if s != ctx.controller and flow.state.zones[t.vault(s)].cards and ctx.source is not None:
            flow.push("steal", seat=ctx.controller, victim=s, thief=ctx.source)
    return None


def return_resource(flow: Flow, ctx: StepContext, args: dict[str, Any]) -> Ask | None:
    """...and give it back when the thief leaves play."""
    src = _source(flow, ctx)
    stolen = src.props.get("stolen") if src is not None else None
    if src is None or stolen is None:
        return None
    card = flow.state.objects[int(stolen)]
    if card.zone.startswith("vault:") and card.controller != card.owner:
        flow.emit(ce.ObjectMoved(card.id, t.vault(card.owner), controller=card.owner))
    flow.emit(ce.ObjectPropSet(src.id, "stolen", None))
    return None


def doom(flow: Flow, ctx: StepContext, args: dict[str, Any]) -> Ask | None:
    """It dies at its controller's Discard phase this turn (Mercenary)."""
    src = _source(flow, ctx)
    if src is not None and t.in_play(src):
        flow.emit(ce.ObjectPropSet(src.id, "doomed", flow.state.turn))
    return None


def draw(flow: Flow, ctx: StepContext, args: dict[str, Any]) -> Ask | None:
    for s in seats(flow, ctx, args["who"]):
        checks.draw(flow, s, int(args.get("n", 1)))
    return None


def mill(flow: Flow, ctx: StepContext, args: dict[str, Any]) -> Ask | None:
    """The top card(s) of a deck go to its graveyard (an empty deck mills nothing: milling is no draw)."""
    for s in seats(flow, ctx, args["who"]):
        for _ in range(int(args.get("n", 1))):
            deck = flow.state.zones[t.deck(s)].cards
            if deck:
                flow.emit(ce.ObjectMoved(deck[-1], t.grave(s)))
    return None


def discard(flow: Flow, ctx: StepContext, args: dict[str, Any]) -> Ask | None:
    for s in reversed(seats(flow, ctx, args["who"])):  # pushed in reverse: the first seat chooses first
        flow.push("discard", seat=s, left=int(args.get("n", 1)), why="effect")
    return None


def toll(flow: Flow, ctx: StepContext, args: dict[str, Any]) -> Ask | None:
    """The toll: the named player discards a card or sacrifices a resource card, their pick."""
    for s in reversed(seats(flow, ctx, args["who"])):
        flow.push("toll", seat=s, left=_amount(ctx, args.get("n", 1)))
    return None


def defense(flow: Flow, ctx: StepContext, args: dict[str, Any]) -> Ask | None:
    ref = args["to"]
    if isinstance(ref, dict):
        cities = [c for c in t.all_cities(flow.state)
                  if (ref.get("side") != "mine" or c.controller == ctx.controller)
                  and (ref.get("faction") is None or rules_of(flow).cards[c.card].faction == ref["faction"])]
    else:
        cities = [o for o in objs(flow, ctx, ref) if rules_of(flow).cards[o.card].is_city]
    for c in cities:
        flow.emit(ce.CounterAdded(c.id, "gain", _amount(ctx, args["amount"])))
    return None


def put_creature(flow: Flow, obj_id: int, zone: str, *, marked: bool = False) -> None:
    """A creature enters play (Fatigue: it enters marked); "when it enters" fires."""
    rules = rules_of(flow)
    obj = flow.state.objects[obj_id]
    card = rules.cards[obj.card]
    seat = int(zone.split(":")[1]) if zone.startswith("army:") else flow.state.objects[int(zone[4:])].controller
    flow.emit(ce.ObjectMoved(obj_id, zone, controller=seat, entered_turn=flow.state.turn))
    if marked or "fatigue" in card.keywords:
        flow.emit(ce.ObjectChanged(obj_id, exhausted=True))
    if card.enters is not None:
        checks.queue(flow, flow.state.objects[obj_id], f"card:{card.id}:enters")
    if "blood_vengeance" in card.keywords:  # R64: it enters with counters for what a foe dealt last turn
        flow.push("vengeance", seat=seat, creature=obj_id)
    kinds = set(card.types) | {str(x) for x in obj.props.get("types", [])}
    for e in t.all_enchantments(flow.state):  # "every time a Skeleton comes into play" (Triggered)
        watch = rules.cards[e.card].watch_enters
        if watch is not None and kinds & set(watch.types) and e.attached_to is not None and e.attached_to < 0:
            checks.queue(flow, e, f"card:{e.card}:watch_enters", vars={"victim": -e.attached_to - 1})


def token(flow: Flow, ctx: StepContext, args: dict[str, Any]) -> Ask | None:
    where = args.get("where", "army")
    if where == "here":
        here = _here(flow, ctx)
        if here is None or not t.in_play(here):
            return None
        zone = t.residents_zone(here.id)
    else:
        zone = t.army(ctx.controller)
    oid = checks.create(rules_of(flow), flow, str(args["card"]), ctx.controller, t.gone(ctx.controller))
    put_creature(flow, oid, zone, marked=bool(args.get("marked")))
    return None


def mark(flow: Flow, ctx: StepContext, args: dict[str, Any]) -> Ask | None:
    """Mark; `hold`: it stays marked through its controller's next Unmark phase (Nightingale); `lock`: it
    can't unmark while the source stays marked (Blindfolded)."""
    for o in objs(flow, ctx, args["what"]):
        checks.mark(flow, o)
        if args.get("hold") and t.in_play(o):
            flow.emit(ce.ObjectPropSet(o.id, "hold", True))
        if args.get("lock") and t.in_play(o) and ctx.source is not None and ctx.source != o.id:
            flow.emit(ce.ObjectPropSet(o.id, "locked_by", ctx.source))
    return None


def unmark(flow: Flow, ctx: StepContext, args: dict[str, Any]) -> Ask | None:
    for o in objs(flow, ctx, args["what"]):
        checks.unmark(flow, o)
    return None


def buff(flow: Flow, ctx: StepContext, args: dict[str, Any]) -> Ask | None:
    """+ATK/+DEF until the end of the turn."""
    for o in objs(flow, ctx, args["to"]):
        for stat in ("atk", "def"):
            if args.get(stat):
                flow.emit(ce.ModifierAdded(flow.new_id(), o.id, stat, int(args[stat]), "turn", ctx.source,
                                           ctx.controller))
    return None


def counter(flow: Flow, ctx: StepContext, args: dict[str, Any]) -> Ask | None:
    """Counters stay until the card leaves play (+1/+1, +1/+0, grassroot...)."""
    for o in objs(flow, ctx, args["to"]):
        for stat in ("atk", "def"):
            if args.get(stat):
                flow.emit(ce.CounterAdded(o.id, stat, int(args[stat])))
        if args.get("name"):
            flow.emit(ce.CounterAdded(o.id, str(args["name"]), _amount(ctx, args.get("n", 1))))
    return None


def grant(flow: Flow, ctx: StepContext, args: dict[str, Any]) -> Ask | None:
    """A keyword given (or, with lose, taken away) until the end of the turn."""
    stat = ("nokw:" if args.get("lose") else "kw:") + str(args["keyword"])
    for o in objs(flow, ctx, args["to"]):
        flow.emit(ce.ModifierAdded(flow.new_id(), o.id, stat, 1, "turn", ctx.source, ctx.controller))
    return None


def destroy(flow: Flow, ctx: StepContext, args: dict[str, Any]) -> Ask | None:
    for o in objs(flow, ctx, args["what"]):
        if o.zone.startswith("ench:"):
            flow.emit(ce.ObjectMoved(o.id, t.grave(o.owner), reset=True))
        else:
            checks.destroy(flow, o)
    return None


def top_of_deck(flow: Flow, ctx: StepContext, args: dict[str, Any]) -> Ask | None:
    for o in objs(flow, ctx, args["what"]):
        checks.leave_play(flow, o, t.deck(o.owner))
    return None


def produce(flow: Flow, ctx: StepContext, args: dict[str, Any]) -> Ask | None:
    """Produced resources float for the current turn (R9)."""
    n = int(args.get("n", 1))
    more = set(args.get("more_if") or [])
    rules = rules_of(flow)
    if more and any(more & set(rules.cards[o.card].types) for o in t.creatures_of(flow.state, ctx.controller)):
        n += 1
    flow.emit(ce.PlayerCounterAdded(ctx.controller, f"pool:{args['faction']}", n))
    return None


def raise_(flow: Flow, ctx: StepContext, args: dict[str, Any]) -> Ask | None:
    here = _here(flow, ctx)
    zone = t.residents_zone(here.id) if args.get("to") == "here" and here is not None else t.army(ctx.controller)
    flow.push("raise", seat=ctx.controller, zone=zone, scope=str(args.get("from", "mine")),
              types=list(args.get("types") or []), exile=bool(args.get("exile")),
              attach=ctx.source if args.get("attach") else None)
    return None


def relocate(flow: Flow, ctx: StepContext, args: dict[str, Any]) -> Ask | None:
    for o in objs(flow, ctx, args["what"]):
        if rules_of(flow).cards[o.card].is_creature:
            flow.push("relocate", seat=ctx.controller, creature=o.id, to=str(args.get("to", "any")))
    return None


def tutor(flow: Flow, ctx: StepContext, args: dict[str, Any]) -> Ask | None:
    flow.push("tutor", seat=ctx.controller, faction=args.get("faction"), types=list(args.get("types") or []))
    return None


def reveal_top(flow: Flow, ctx: StepContext, args: dict[str, Any]) -> Ask | None:
    """Squad Leader: the top n cards are shown; those of the types go to hand, the rest to the bottom."""
    rules = rules_of(flow)
    deck = t.deck(ctx.controller)
    top = list(reversed(flow.state.zones[deck].cards[-int(args["n"]):]))
    kinds = set(args.get("types") or [])
    for oid in top:
        flow.emit(ce.ObjectMoved(oid, t.STACK))  # shown to everyone
    for oid in top:
        if kinds & set(rules.cards[flow.state.objects[oid].card].types):
            flow.emit(ce.ObjectMoved(oid, t.hand(ctx.controller)))
        else:
            flow.emit(ce.ObjectMoved(oid, deck, index=0))
    return None


def drop(flow: Flow, ctx: StepContext, args: dict[str, Any]) -> Ask | None:
    flow.push("drop", seat=ctx.controller, types=list(args.get("types") or []))
    return None


def crumble(flow: Flow, ctx: StepContext, args: dict[str, Any]) -> Ask | None:
    """Crumbling Defenses: sacrifice your Dark Legion army creatures; the target pays a toll for each."""
    rules = rules_of(flow)
    mine = [o for o in flow.state.cards_in(t.army(ctx.controller))
            if rules.cards[o.card].is_creature and rules.cards[o.card].faction == "dark-legion"]
    for o in mine:
        checks.leave_play(flow, o, t.gone(o.owner))
    if mine:
        for s in seats(flow, ctx, args["who"]):
            flow.push("toll", seat=s, left=len(mine))
    return None


def wipe(flow: Flow, ctx: StepContext, args: dict[str, Any]) -> Ask | None:
    """Jevyan's Advice: destroy all creatures and all enchantments in play."""
    for e in t.all_enchantments(flow.state):
        flow.emit(ce.ObjectMoved(e.id, t.grave(e.owner), reset=True))
    for o in t.all_creatures(flow.state):
        checks.destroy(flow, o)
    return None


def no_draw(flow: Flow, ctx: StepContext, args: dict[str, Any]) -> Ask | None:
    for s in seats(flow, ctx, args["who"]):
        flow.emit(ce.PlayerPropSet(s, "no_draw", flow.state.turn))
    return None


def counter_card(flow: Flow, ctx: StepContext, args: dict[str, Any]) -> Ask | None:
    """Erode: the card being played is countered: to its owner's graveyard, costs stay spent (R25)."""
    for oid in ctx.targets.get(str(args["what"]), []):
        for entry in list(flow.state.chain):
            if entry.source == oid and entry.kind == "card":
                flow.emit(ce.ChainPopped(entry.id, "countered", entry.label))
                flow.emit(ce.ObjectMoved(oid, t.grave(flow.state.objects[oid].owner), reset=True))
    return None


def no_army_defence(flow: Flow, ctx: StepContext, args: dict[str, Any]) -> Ask | None:
    cities = [o.id for o in objs(flow, ctx, args["city"])]
    if cities:
        flow.emit(ce.GlobalSet("outmaneuvered", [*(flow.state.globals.get("outmaneuvered") or []), *cities]))
    return None


def sacrifice_resources(flow: Flow, ctx: StepContext, args: dict[str, Any]) -> Ask | None:
    n = len(t.creatures_of(flow.state, ctx.controller))
    if n:
        flow.push("sacrifice", seat=ctx.controller, left=n)
    return None


def extra_attack(flow: Flow, ctx: StepContext, args: dict[str, Any]) -> Ask | None:
    flow.emit(ce.GlobalSet("extra_attack", flow.state.turn))
    return None


def destroy_other_cities(flow: Flow, ctx: StepContext, args: dict[str, Any]) -> Ask | None:
    host = _host(flow, ctx)
    for c in list(t.cities(flow.state, ctx.controller)):
        if host is None or c.id != host.id:
            checks.destroy_city(flow, c)
    return None


def assemble(flow: Flow, ctx: StepContext, args: dict[str, Any]) -> Ask | None:
    """Assemble the Army: unmarked Soldiers in your cities go to your army, not marked (no move limit)."""
    rules = rules_of(flow)
    kinds = set(args.get("types") or [])
    for c in t.cities(flow.state, ctx.controller):
        for o in list(t.residents(flow.state, c.id)):
            if not o.exhausted and kinds & set(board.creature_types(rules, flow.state, o)):
                flow.emit(ce.ObjectMoved(o.id, t.army(ctx.controller)))
    return None


def lose_creature(flow: Flow, ctx: StepContext, args: dict[str, Any]) -> Ask | None:
    """The skeleton curse: the player puts one of their creatures not of a faction into their graveyard,
    their pick; with none, nothing happens (Triggered: an impossible instruction is skipped)."""
    for s in seats(flow, ctx, args["who"]):
        flow.push("lose_creature", seat=s, not_faction=str(args.get("not_faction", "")))
    return None


VERB_TABLE: dict[str, Verb] = {
    "damage": damage, "draw": draw, "mill": mill, "discard": discard, "toll": toll, "defense": defense,
    "token": token, "mark": mark, "unmark": unmark, "buff": buff, "counter": counter, "grant": grant,
    "destroy": destroy, "top_of_deck": top_of_deck, "produce": produce, "raise": raise_, "relocate": relocate,
    "tutor": tutor, "reveal_top": reveal_top, "drop": drop, "crumble": crumble, "wipe": wipe,
    "no_draw": no_draw, "counter_card": counter_card, "no_army_defence": no_army_defence,
    "sacrifice_resources": sacrifice_resources, "extra_attack": extra_attack,
    "destroy_other_cities": destroy_other_cities, "assemble": assemble, "lose_creature": lose_creature,
    "doom": doom, "pay_draw": pay_draw, "steal_resource": steal_resource, "return_resource": return_resource,
}
