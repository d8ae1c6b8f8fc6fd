"""More frames where a player chooses mid-effect: creatures to mark (Carpe Diem), paying to fetch a card
(Footsoldier), Soldiers to stack on the deck (Conscript), a Soldier dropped into a city (Bearer)."""

from __future__ import annotations

from cardgames.engine import core_events as ce
from cardgames.engine.decisions import Ask, Option
from cardgames.engine.flow import Flow, FnFrame, FrameKind
from cardgames.engine.state import Frame
from cardgames.games.arcmage import board, checks
from cardgames.games.arcmage import table as t
from cardgames.games.arcmage.choices import show_search
from cardgames.games.arcmage.context import rules_of
from cardgames.games.arcmage.events import CardsShown, Damaged
from cardgames.games.arcmage.verbs_creatures import put_creature


def _name(flow: Flow, oid: int) -> str:
    return rules_of(flow).card_name(flow.state, flow.state.objects[oid])


def pay_generic(flow: Flow, seat: int, n: int) -> None:
    """R8: a generic payment, from the factions with the most resources left (keeps loyalty for later)."""
    for _ in range(n):
        most = max(t.FACTION_ORDER, key=lambda f: t.available(flow.state, seat, f))
        checks.pay_from(flow, seat, most)


def _mark_more_run(flow: Flow, frame: Frame) -> Ask | None:
    if checks.check_state(flow):
        return None
    seat = int(frame.data["seat"])
    free = [o for o in t.all_creatures(flow.state) if not o.exhausted]
    if int(frame.data["left"]) <= 0 or not free or flow.state.players[seat].eliminated:
        flow.pop(frame)
        return None
    return Ask(seat, "mark_more", f"Mark another creature ({frame.data['left']} to go)",
               [Option(f"mark:{o.id}", f"Mark {_name(flow, o.id)}", "mark", o.id) for o in free])


def _mark_more_answer(flow: Flow, frame: Frame, option: Option) -> None:
    checks.mark(flow, flow.state.objects[int(option.key.split(":")[1])])
    flow.update(frame, left=int(frame.data["left"]) - 1)


def _fetch_price(flow: Flow, cid: str) -> int:
    return sum(1 for o in t.all_creatures(flow.state) if o.card == cid)


def _fetch_run(flow: Flow, frame: Frame) -> Ask | None:
    if checks.check_state(flow):
        return None
    seat, cid = int(frame.data["seat"]), str(frame.data["card"])
    price = _fetch_price(flow, cid)
    found = any(o.card == cid for o in flow.state.cards_in(t.deck(seat)))
    if not found or t.total_available(flow.state, seat) < price or flow.state.players[seat].eliminated:
        flow.pop(frame)
        return None
    name = rules_of(flow).cards[cid].name
    return Ask(seat, "fetch", f"Pay {price} to put another {name} from your deck into your army?",
               [Option("pay", f"Pay {price}: fetch a {name}, then shuffle", "pay"), Option("no", "Don't", "done")])


def _fetch_answer(flow: Flow, frame: Frame, option: Option) -> None:
    seat, cid = int(frame.data["seat"]), str(frame.data["card"])
    flow.pop(frame)
    if option.key != "pay":
        return
    pay_generic(flow, seat, _fetch_price(flow, cid))
    oid = next(o.id for o in flow.state.cards_in(t.deck(seat)) if o.card == cid)
    put_creature(flow, oid, t.army(seat))
    flow.shuffle(t.deck(seat))


def _stack_pool(flow: Flow, frame: Frame) -> list[int]:
    rules = rules_of(flow)
    kinds = set(frame.data.get("types") or [])
    picked = {int(x) for x in frame.data["picked"]}
    return [o.id for o in flow.state.cards_in(t.deck(int(frame.data["seat"])))
            if o.id not in picked and kinds & set(rules.cards[o.card].types)]


def _stack_run(flow: Flow, frame: Frame) -> Ask | None:
    if checks.check_state(flow):
        return None
    seat = int(frame.data["seat"])
    if flow.state.players[seat].eliminated:
        flow.pop(frame)
        return None
    n = len(frame.data["picked"])
    if show_search(flow, frame, seat, _stack_pool(flow, frame)):
        return None
    opts = [Option(f"take:{i}", f"Put {_name(flow, i)} " + ("on top" if not n else f"under the {n} chosen"),
                   "take", i) for i in _stack_pool(flow, frame)]
    done = "Done: show them, shuffle, stack them on top" if n else "Take none (the deck is still shuffled)"
    return Ask(seat, "stack_top", "Conscript: choose Soldiers from your deck, the first chosen on top",
               [*opts, Option("done", done, "done")])


def _stack_answer(flow: Flow, frame: Frame, option: Option) -> None:
    if option.key != "done":
        flow.update(frame, picked=[*frame.data["picked"], int(option.key.split(":")[1])])
        return
    seat = int(frame.data["seat"])
    picked = [int(x) for x in frame.data["picked"]]
    flow.pop(frame)
    if picked:
        flow.emit(CardsShown(picked, list(flow.state.live_seats()),
                             f"{flow.state.players[seat].name} shows the Soldiers going on top of their deck"))
    flow.shuffle(t.deck(seat))
    for oid in reversed(picked):  # the deck's top is its end: the first chosen goes on last
        flow.emit(ce.ObjectMoved(oid, t.deck(seat)))


def _drop_run(flow: Flow, frame: Frame) -> Ask | None:
    if checks.check_state(flow):
        return None
    rules = rules_of(flow)
    seat = int(frame.data["seat"])
    cities = t.cities(flow.state, seat)
    if not cities or flow.state.players[seat].eliminated:
        flow.pop(frame)
        return None
    if frame.data["card"] is None:
        kinds = set(frame.data.get("types") or [])
        found = [o.id for o in flow.state.cards_in(t.hand(seat))
                 if rules.cards[o.card].is_creature and (not kinds or kinds & set(rules.cards[o.card].types))]
        if not found:
            flow.pop(frame)
            return None
        return Ask(seat, "drop_city", "You may put a Soldier from your hand into one of your cities, free",
                   [*[Option(f"take:{i}", f"Put {_name(flow, i)} into play", "take", i) for i in found],
                    Option("none", "None", "done")])
    return Ask(seat, "drop_city", f"{_name(flow, int(frame.data['card']))}: into which city?",
               [Option(f"city:{c.id}", f"Into {_name(flow, c.id)}", "city", c.id) for c in cities])


def _drop_answer(flow: Flow, frame: Frame, option: Option) -> None:
    key, _, rest = option.key.partition(":")
    if key == "none":
        flow.pop(frame)
    elif key == "take":
        flow.update(frame, card=int(rest))
    else:
        flow.pop(frame)
        put_creature(flow, int(frame.data["card"]), t.residents_zone(int(rest)))


def _carry_run(flow: Flow, frame: Frame) -> Ask | None:
    if checks.check_state(flow):
        return None
    state = flow.state
    seat, ship = int(frame.data["seat"]), state.objects[int(frame.data["ship"])]
    origin = str(frame.data["origin"])
    riders = [o for o in state.cards_in(origin) if o.controller == seat and o.id != ship.id and not o.exhausted
              and rules_of(flow).cards[o.card].is_creature] if origin in state.zones else []
    if not riders or not t.in_play(ship) or ship.zone == origin:
        flow.pop(frame)
        return None
    return Ask(seat, "carry", f"{_name(flow, ship.id)} may carry one creature along, without marking it",
               [*[Option(f"carry:{o.id}", f"Carry {_name(flow, o.id)}", "carry", o.id) for o in riders],
                Option("none", "Carry none", "done")])


def _carry_answer(flow: Flow, frame: Frame, option: Option) -> None:
    flow.pop(frame)
    if option.key != "none":
        ship = flow.state.objects[int(frame.data["ship"])]
        flow.emit(ce.ObjectMoved(int(option.key.split(":")[1]), ship.zone))


def dealt_last_turn(flow: Flow, oid: int) -> int:
    """Blood Vengeance: the damage a creature dealt during the previous turn (R64)."""
    log = flow.state.objects[oid].props.get("dealt")
    return int(log.get(str(flow.state.turn - 1), 0)) if isinstance(log, dict) else 0


def _vengeance_run(flow: Flow, frame: Frame) -> Ask | None:
    state = flow.state
    rules = rules_of(flow)
    seat, me = int(frame.data["seat"]), state.objects[int(frame.data["creature"])]
    foes = [o for o in t.all_creatures(state) if o.controller in t.opponents(state, seat)
            and not board.has_keyword(rules, state, o, "sanctuary")]
    if not foes or not t.in_play(me):
        flow.pop(frame)
        return None
    return Ask(seat, "vengeance", f"Blood Vengeance: {_name(flow, me.id)} takes +1/+0 counters for the damage an "
                                  "opposing creature dealt last turn — choose it",
               [Option(f"avenge:{o.id}", f"{_name(flow, o.id)} (dealt {dealt_last_turn(flow, o.id)})", "target", o.id)
                for o in foes])


def _vengeance_answer(flow: Flow, frame: Frame, option: Option) -> None:
    flow.pop(frame)
    n = dealt_last_turn(flow, int(option.key.split(":")[1]))
    if n:
        flow.emit(ce.CounterAdded(int(frame.data["creature"]), "atk", n))


def _nirvana_run(flow: Flow, frame: Frame) -> Ask | None:
    if checks.check_state(flow):  # deaths first (R38): e.g. Shadow in the Dark's own -1/-1 counter was lethal
        return None
    state = flow.state
    seat, oid = int(frame.data["seat"]), int(frame.data["creature"])
    obj = state.objects[oid]
    if obj.zone != t.grave(obj.owner) or state.players[seat].eliminated:
        flow.pop(frame)
        return None
    return Ask(seat, "nirvana", f"Nirvana of the Undead: put {_name(flow, oid)} into your army as an Undead "
                                "instead of the graveyard?",
               [Option("save", f"{_name(flow, oid)} rises into your army, Undead", "save", oid),
                Option("no", "Let it lie in the graveyard", "done")])


def _nirvana_answer(flow: Flow, frame: Frame, option: Option) -> None:
    flow.pop(frame)
    if option.key == "save":
        oid = int(frame.data["creature"])
        flow.emit(ce.ObjectPropSet(oid, "types", ["Undead"]))
        put_creature(flow, oid, t.army(int(frame.data["seat"])))


def _bodyguard_run(flow: Flow, frame: Frame) -> Ask | None:
    state = flow.state
    rules = rules_of(flow)
    seat, target = int(frame.data["seat"]), state.objects[int(frame.data["target"])]
    guards = [o for o in t.creatures_of(state, seat) if rules.cards[o.card].bodyguard and o.id != target.id]
    most = min(int(frame.data["amount"]), int(target.counters.get("damage", 0)))
    if not guards or not t.in_play(target) or target.controller != seat or most <= 0:
        flow.pop(frame)
        return None
    opts = [Option(f"guard:{g.id}:{k}", f"{_name(flow, g.id)} takes {k} of it", "guard", g.id)
            for g in guards for k in range(1, min(most, int(rules.cards[g.card].bodyguard or 0)) + 1)]
    return Ask(seat, "bodyguard", f"{_name(flow, target.id)} takes {frame.data['amount']} damage: a bodyguard may "
                                  "take some of it", [*opts, Option("none", "No bodyguard", "done")])


def _bodyguard_answer(flow: Flow, frame: Frame, option: Option) -> None:
    flow.pop(frame)
    if option.key == "none":
        return
    _, guard, k = option.key.split(":")
    target = int(frame.data["target"])
    flow.emit(ce.CounterAdded(target, "damage", -int(k)))
    flow.emit(Damaged(int(guard), int(k), None, bool(frame.data.get("combat"))))


def frame_kinds() -> dict[str, FrameKind]:
    return {"mark_more": FnFrame(_mark_more_run, _mark_more_answer), "fetch": FnFrame(_fetch_run, _fetch_answer),
            "stack_top": FnFrame(_stack_run, _stack_answer), "drop_city": FnFrame(_drop_run, _drop_answer),
            "carry": FnFrame(_carry_run, _carry_answer), "vengeance": FnFrame(_vengeance_run, _vengeance_answer),
            "nirvana": FnFrame(_nirvana_run, _nirvana_answer), "bodyguard": FnFrame(_bodyguard_run, _bodyguard_answer)}
