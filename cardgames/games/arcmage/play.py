"""The stack: priority windows, announcing a card or ability (mode, place, targets, X, payment),
moving creatures, triggered abilities, and resolving (the engine's PriorityRules and EffectRules)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from cardgames.engine import chain as chainmod
from cardgames.engine import core_events as ce
from cardgames.engine import effects, stops
from cardgames.engine.decisions import Ask, Option
from cardgames.engine.flow import Flow, FnFrame, FrameKind
from cardgames.engine.state import Frame, GameObject, Json, State
from cardgames.games.arcmage import board, checks, concede, costs, legal, legal_play
from cardgames.games.arcmage import table as t
from cardgames.games.arcmage.choices_more import pay_generic
from cardgames.games.arcmage.context import Rules
from cardgames.games.arcmage.events import seat_of_ref
from cardgames.games.arcmage.schema import FACTION_NAMES, Activated, Card, TargetSpec
from cardgames.games.arcmage.verbs import VERB_TABLE
from cardgames.games.arcmage.verbs_creatures import put_creature
from cardgames.games.arcmage.verbs_more import MORE_VERBS


class Play:
    """The PriorityRules and EffectRules of ARC-mage."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.verbs: Mapping[str, Any] = {**VERB_TABLE, **MORE_VERBS}

    def frame_kinds(self) -> dict[str, FrameKind]:
        return {"cast": FnFrame(self._cast_run, self._cast_answer),
                "activate": FnFrame(self._act_run, self._act_answer),
                "move": FnFrame(self._move_run, self._move_answer),
                "trigger": FnFrame(self._trig_run, self._trig_answer)}

    def name(self, state: State, oid: int) -> str:
        s = seat_of_ref(oid)
        if s is not None:
            return state.players[s].name
        return self.rules.card_name(state, state.objects[oid])

    # -- priority --------------------------------------------------------------------------

    def priority_options(self, state: State, seat: int, frame: Frame) -> list[Option]:
        window = str(frame.data.get("window", ""))
        opts = [o for obj in state.cards_in(t.hand(seat)) if (o := self._play(state, seat, obj, window))]
        if legal_play.slow_ok(state, seat, window):
            opts += [o for c in t.creatures_of(state, seat) if (o := self._move(state, c, window))]
            opts += [o for c in state.cards_in(t.grave(seat)) if (o := self._salvage(state, seat, c))]
        opts += [self._act(state, o, i) for o, i in legal_play.abilities(self.rules, state, seat)]
        if self.must_ask(state, seat, frame):  # R68: in your own Play phases (and as each turn starts)
            opts.append(concede.option())
        return opts

    def priority_option(self, state: State, seat: int, frame: Frame, key: str) -> Option | None:
        """The option `key` of `priority_options`, found without listing the others (a replay checks a
        saved answer with it): the same helpers make it, from the same candidates."""
        found = self._one(state, seat, frame, key)
        return found if found is not None and found.key == key else None  # "play:07" is no option

    def _one(self, state: State, seat: int, frame: Frame, key: str) -> Option | None:
        kind, _, rest = key.partition(":")
        if kind == concede.KEY:
            return concede.option() if self.must_ask(state, seat, frame) else None
        ref, _, index = rest.partition(":")
        obj = state.objects.get(int(ref)) if ref.isascii() and ref.isdigit() else None
        if obj is None:
            return None
        window = str(frame.data.get("window", ""))
        if kind == "play":
            return self._play(state, seat, obj, window) if obj.zone == t.hand(seat) else None
        slow = legal_play.slow_ok(state, seat, window)
        if kind == "move" and slow and any(c is obj for c in t.creatures_of(state, seat)):
            return self._move(state, obj, window)
        if kind == "salvage" and slow and obj.zone == t.grave(seat):
            return self._salvage(state, seat, obj)
        if kind == "act" and index.isascii() and index.isdigit() and (
                any(c is obj for c in t.creatures_of(state, seat)) or obj.zone == t.ench(seat)) \
                and legal_play.why_not_ability(self.rules, state, seat, obj, int(index)) is None:
            return self._act(state, obj, int(index))
        return None

    def _play(self, state: State, seat: int, obj: GameObject, window: str) -> Option | None:
        if not legal_play.playable(self.rules, state, seat, obj, window):
            return None
        card = self.rules.cards[obj.card]
        return Option(f"play:{obj.id}", f"Play {card.name} ({self.cost_text(state, seat, card)})", "play", obj.id)

    def _move(self, state: State, obj: GameObject, window: str) -> Option | None:
        if legal_play.why_not_move(self.rules, state, obj, window) is not None:
            return None
        return Option(f"move:{obj.id}", f"Move {self.name(state, obj.id)}", "move", obj.id)

    def _salvage(self, state: State, seat: int, obj: GameObject) -> Option | None:
        """Salvage N (R64): from your graveyard to your hand."""
        n = self.rules.cards[obj.card].salvage
        if n is None or t.total_available(state, seat) < n:
            return None
        return Option(f"salvage:{obj.id}", f"Salvage {self.name(state, obj.id)} (pay {n})", "salvage", obj.id)

    def _act(self, state: State, obj: GameObject, i: int) -> Option:
        ab = legal_play.ability_list(self.rules, state, obj)[i][1]
        return Option(f"act:{obj.id}:{i}", f"{self.name(state, obj.id)}: {self.ability_text(ab)}", "ability", obj.id)

    def cost_text(self, state: State, seat: int, card: Card) -> str:
        cost = board.cost_of(self.rules, state, seat, card)
        x = "X+" if card.x else ""
        return f"{x}{cost}, loyalty {card.loyalty} {FACTION_NAMES[card.faction]}"

    def ability_text(self, ab: Activated) -> str:
        parts = (["mark me"] if ab.mark_me else []) + ([f"pay {ab.pay}"] if ab.pay else []) \
            + (["sacrifice me"] if ab.sacrifice_me else [])
        return ", ".join(parts) or "activate"

    def pass_label(self, state: State, seat: int, frame: Frame) -> str:
        if state.chain:
            return f"Pass (let {state.chain[-1].label} resolve)"
        window = str(frame.data.get("window", ""))
        if seat == state.active and window in legal_play.PLAY_WINDOWS:
            return "End this Play phase"
        return "Pass"

    def wants_priority(self, state: State, seat: int, frame: Frame) -> bool:
        return stops.wants_priority(self, state, seat, frame)

    def must_ask(self, state: State, seat: int, frame: Frame) -> bool:
        """The active player's own Play phase always asks them (with an empty stack)."""
        return seat == state.active and not state.chain and frame.data.get("window") in legal_play.PLAY_WINDOWS

    def could_respond(self, state: State, seat: int, frame: Frame) -> bool:
        """By public information: cards in hand (events may be played any time), or an ability of a
        card of theirs in play."""
        if state.zones[t.hand(seat)].cards:
            return True
        return any(legal_play.has_abilities(self.rules, state, o)
                   for o in [*t.creatures_of(state, seat), *state.cards_in(t.ench(seat))])

    def concerns(self, state: State, seat: int, frame: Frame) -> bool:
        """By public information: the newest item on the stack is another player's and aims at this
        seat or one of its cards (an item with no target concerns every other player only in a 1v1
        game); or the seat is attacked (after attackers are announced) or attacking (after defenders
        are assigned), or, in a 1v1 game, the opponent devotes (Tactics: any player may react)."""
        if state.chain:
            top = state.chain[-1]
            if top.controller == seat:
                return False
            aimed = [r for ts in top.targets.values() for r in ts]
            if not aimed:
                return len(state.live_seats()) == 2
            return any(r == -(seat + 1) or (r in state.objects and state.objects[r].controller == seat)
                       for r in aimed)
        window = str(frame.data.get("window", ""))
        battle = state.battle or {}
        if window == "attack":
            return seat in battle.get("defenders_of", [])
        if window == "defend":
            return seat == battle.get("attacker")
        if window == "tactics":
            return seat != state.active and len(state.live_seats()) == 2
        return False

    def begin_maneuver(self, flow: Flow, seat: int, option: Option, frame: Frame) -> None:
        kind, _, rest = option.key.partition(":")
        if kind == "play":
            oid = int(rest)
            flow.emit(ce.ObjectMoved(oid, t.STACK))  # announced: shown to all
            flow.push("cast", seat=seat, card=oid, mode=None, place=None, chosen={}, x=None, paid=False,
                      sacrificed=False)
        elif kind == "move":
            flow.push("move", seat=seat, creature=int(rest))
        elif kind == "salvage":
            oid = int(rest)
            pay_generic(flow, seat, int(self.rules.cards[flow.state.objects[oid].card].salvage or 0))
            flow.emit(ce.ObjectMoved(oid, t.hand(seat)))
            chainmod.reopen(flow, seat)
        elif kind == concede.KEY:
            concede.begin(flow, seat)
        elif kind == "act":
            src, i = rest.split(":")
            flow.push("activate", seat=seat, source=int(src), index=int(i), chosen={}, paid=False)

    # -- announcing a card ---------------------------------------------------------------

    def _slots(self, card: Card, mode: int | None) -> dict[str, TargetSpec]:
        if card.play is None:
            return {}
        if mode is not None and mode >= 0:
            return dict(card.play.modes[mode].targets)
        return dict(card.play.targets)

    def _next_target(self, state: State, seat: int, slots: dict[str, TargetSpec], chosen: dict[str, Any],
                     source: int | None, prompt: str) -> Ask | None:
        for slot, spec in slots.items():
            if slot not in chosen:
                taken = [int(v) for v in chosen.values()]
                opts = [Option(f"target:{o}", f"Target {self.name(state, o)}", "target", o)
                        for o in legal.open_targets(self.rules, state, seat, spec, source, taken)]
                kind = spec.kind.replace("_or_", " or ").replace("_", " ")
                return Ask(seat, "target", f"{prompt}: choose {kind}", opts)
        return None

    def _cast_run(self, flow: Flow, frame: Frame) -> Ask | None:
        if checks.check_state(flow):  # e.g. a city sacrificed to pay: its residents' moves come first
            return None
        state = flow.state
        if state.players[int(frame.data["seat"])].eliminated:  # it sacrificed its last city to pay
            flow.pop(frame)
            return None
        d = frame.data
        seat = int(d["seat"])
        oid = int(d["card"])
        card = self.rules.cards[state.objects[oid].card]
        if d["mode"] is None:
            ms = legal_play.modes(self.rules, state, seat, card, oid)
            if len(ms) == 1 or not ms:
                flow.update(frame, mode=ms[0] if ms else -1)
                return None
            assert card.play is not None
            return Ask(seat, "mode", f"{card.name}: choose one",
                       [Option(f"mode:{i}", card.play.modes[i].label, "mode") for i in ms])
        if d["place"] is None and card.type in ("creature", "enchantment"):
            places = (legal_play.places(self.rules, state, seat, card) if card.is_creature
                      else legal_play.enchant_targets(self.rules, state, seat, card))
            if places == [0]:
                flow.update(frame, place=0)
                return None
            what = "Put it into" if card.is_creature else "Enchant"
            return Ask(seat, "place", f"{card.name}: where?",
                       [Option(f"place:{p}", f"{what} " + ("your army" if p < 0 and card.is_creature
                                                            else self.name(state, p)), "place",
                               None if p < 0 else p) for p in places])
        ask = self._next_target(state, seat, self._slots(card, int(d["mode"])), dict(d["chosen"]), oid, card.name)
        if ask is not None and card.x_is == "target_atk":  # only targets whose X it can pay for
            ask = Ask(ask.seat, ask.kind, ask.prompt, [o for o in ask.options if o.ref is not None and
                                                      legal_play.affordable_x(self.rules, state, seat, card, o.ref)])
        if ask is not None:
            return ask
        if card.x and d["x"] is None and card.x_is == "target_atk":
            # Variable Resource Costs: X is the target's ATK, fixed as the card is announced (R12).
            target = state.objects[int(next(iter(dict(d["chosen"]).values())))]
            flow.update(frame, x=board.atk(self.rules, state, target))
            return None
        if card.x and d["x"] is None:
            top = legal.max_x(state, seat, card.cost - board.discount(self.rules, state, seat, card),
                              card.loyalty, card.faction)
            low = max(0, card.loyalty - (card.cost - board.discount(self.rules, state, seat, card)))
            return Ask(seat, "x", f"{card.name}: choose X (the cost is never below its loyalty)",
                       [Option(f"x:{n}", f"X = {n}", "x") for n in range(low, max(top, low) + 1)])
        if card.play is not None and card.play.sacrifice_city and not d["sacrificed"]:
            return Ask(seat, "sacrifice_city", f"{card.name}: sacrifice one of your cities",
                       [Option(f"city:{c.id}", f"Sacrifice {c_name}", "city", c.id)
                        for c in t.cities(state, seat) for c_name in [self.name(state, c.id)]])
        if not d["paid"]:
            return self._pay(flow, frame, seat, lambda: board.cost_of(self.rules, state, seat, card, int(d["x"] or 0)),
                             card.loyalty, card.faction)
        flow.pop(frame)
        mode = int(d["mode"])
        ref = (f"card:{card.id}:mode:{mode}" if mode >= 0 else f"card:{card.id}:play") if card.play else \
            f"card:{card.id}:enchant" if card.enchant else f"card:{card.id}:creature"
        data: dict[str, Json] = {"x": int(d["x"] or 0), "place": d["place"]}
        flow.emit(ce.ChainPushed(flow.new_id(), seat, "card", card.name, oid, ref,
                                 {k: [int(v)] for k, v in dict(d["chosen"]).items()}, data))
        for o in t.creatures_of(state, seat):  # "whenever you cast a ... card" (Nourished Flower)
            trig = self.rules.cards[o.card].on_cast
            if trig is not None and trig.faction == card.faction:
                checks.queue(flow, o, f"card:{o.card}:on_cast")
        chainmod.reopen(flow, self.next_seat(state, seat))
        return None

    def next_seat(self, state: State, seat: int) -> int:
        order = state.seats_from(seat)
        return order[1] if len(order) > 1 else seat

    def _pay(self, flow: Flow, frame: Frame, seat: int, cost: Callable[[], int], loyalty: int,
             faction: str) -> Ask | None:
        """Playing a card: loyalty from the card's own faction, then the rest from any faction the player
        picks (asked only when there is a choice). The `cost` is worked out once, as the payment starts
        (speed: not again at each resource paid)."""
        state = flow.state
        left = int(frame.data.get("owed", -1))
        if left < 0:
            owed = cost() - loyalty
            checks.pay_loyal(flow, seat, faction, loyalty)
            flow.update(frame, owed=owed)
            return None
        if left == 0:
            flow.update(frame, paid=True)
            return None
        facs = checks.payable_factions(state, seat)
        if len(facs) == 1:
            checks.pay_from(flow, seat, facs[0])
            flow.update(frame, owed=left - 1)
            return None
        return Ask(seat, "pay", f"Pay {left} more: from which faction's resources?",
                   [Option(f"pay:{f}", f"{FACTION_NAMES[f]} ({t.available(state, seat, f)} left)", "pay")
                    for f in facs])

    def _cast_answer(self, flow: Flow, frame: Frame, option: Option) -> None:
        key, _, rest = option.key.partition(":")
        d = frame.data
        if key == "mode":
            flow.update(frame, mode=int(rest))
        elif key == "place":
            flow.update(frame, place=int(rest))
        elif key == "target":
            card = self.rules.cards[flow.state.objects[int(d["card"])].card]
            slot = next(s for s in self._slots(card, int(d["mode"])) if s not in d["chosen"])
            flow.update(frame, chosen={**d["chosen"], slot: int(rest)})
        elif key == "x":
            flow.update(frame, x=int(rest))
        elif key == "city":
            checks.destroy_city(flow, flow.state.objects[int(rest)], sacrificed=True)
            flow.update(frame, sacrificed=True)
        elif key == "pay":
            checks.pay_from(flow, int(d["seat"]), rest)
            flow.update(frame, owed=int(d["owed"]) - 1)

    # -- activated abilities ---------------------------------------------------------------

    def _act_run(self, flow: Flow, frame: Frame) -> Ask | None:
        if checks.check_state(flow):
            return None
        state = flow.state
        if state.players[int(frame.data["seat"])].eliminated or not t.in_play(state.objects[int(frame.data["source"])]):
            flow.pop(frame)
            return None
        d = frame.data
        seat, oid, i = int(d["seat"]), int(d["source"]), int(d["index"])
        obj = state.objects[oid]
        found = legal_play.ability_list(self.rules, state, obj)
        if i >= len(found):  # the enchantment giving it left play meanwhile
            flow.pop(frame)
            return None
        ref, ab = found[i]
        ask = self._next_target(state, seat, dict(ab.targets), dict(d["chosen"]), oid, self.name(state, oid))
        if ask is not None:
            return ask
        ask = costs.ability_cost(self.rules, flow, frame, obj, ab)
        if ask is not None:
            return ask
        if not d["paid"]:
            if ab.pay:
                return self._pay(flow, frame, seat, lambda: ab.pay, 0, "gaian")
            flow.update(frame, paid=True)
            return None
        flow.pop(frame)
        label = f"{self.name(state, oid)}'s ability"
        if ab.mark_me:
            checks.mark(flow, obj)
        if ab.hold:  # Trebuchet: it and the Soldiers marked for it skip the next unmark phases
            for held in [oid, *[int(x) for x in d.get("others") or []]]:
                flow.emit(ce.ObjectPropSet(held, "hold", ab.hold))
        flow.emit(ce.ChainPushed(flow.new_id(), seat, "ability", label, oid, ref,
                                 {k: [int(v)] for k, v in dict(d["chosen"]).items()}, {}))
        if ab.sacrifice_me:
            checks.leave_play(flow, obj, t.gone(obj.owner))
        chainmod.reopen(flow, self.next_seat(state, seat))
        return None

    def _act_answer(self, flow: Flow, frame: Frame, option: Option) -> None:
        key, _, rest = option.key.partition(":")
        d = frame.data
        ab = legal_play.ability_list(self.rules, flow.state, flow.state.objects[int(d["source"])])[int(d["index"])][1]
        if key == "target":
            slot = next(s for s in ab.targets if s not in d["chosen"])
            flow.update(frame, chosen={**d["chosen"], slot: int(rest)})
        elif key == "pay":
            checks.pay_from(flow, int(d["seat"]), rest)
            flow.update(frame, owed=int(d["owed"]) - 1)
        else:
            costs.ability_cost_answer(flow, frame, ab, key, int(rest))

    # -- movement --------------------------------------------------------------------------

    def _move_run(self, flow: Flow, frame: Frame) -> Ask | None:
        state = flow.state
        obj = state.objects[int(frame.data["creature"])]
        seat = int(frame.data["seat"])
        dest = frame.data.get("dest")
        if dest is not None:  # R35's toggle, group moves: who else comes along
            taken = [int(x) for x in frame.data.get("with") or []]
            more = [Option(f"with:{o.id}", f"{self.name(state, o.id)} moves too", "with", o.id)
                    for o in self._companions(state, obj, str(dest)) if o.id not in taken]
            n = 1 + len(taken)
            return Ask(seat, "move", f"Group move {self._place(state, str(dest))}: who moves with "
                                     f"{self.name(state, obj.id)}?",
                       [*more, Option("done", f"Move {'them' if n > 1 else 'it'} ({n} creature{'s' * (n > 1)})",
                                      "done"), Option("cancel", "Cancel", "cancel")])
        opts = [Option(f"to:{z}", "I" + self._place(state, z)[1:], "place",
                       None if z.startswith("army:") else int(z[4:]))
                for z in legal_play.destinations(self.rules, state, obj)]
        return Ask(seat, "move", f"Move {self.name(state, obj.id)} where?",
                   [*opts, Option("cancel", "Cancel", "cancel")])

    def _place(self, state: State, zone: str) -> str:
        return "into the army" if zone.startswith("army:") else f"into {self.name(state, int(zone[4:]))}"

    def _companions(self, state: State, obj: GameObject, dest: str) -> list[GameObject]:
        """Group moves (R35's toggle): the mover's other unmarked creatures in the same place that may go to
        the same destination."""
        return [o for o in t.creatures_of(state, obj.controller)
                if o.id != obj.id and o.zone == obj.zone and not o.exhausted
                and dest in legal_play.destinations(self.rules, state, o)]

    def _move_answer(self, flow: Flow, frame: Frame, option: Option) -> None:
        """Movement: mark it (Travel: not marked), announce, place it; flag the cities it touched. With the
        group moves toggle (R35) the mover may bring others from its place to its destination: one move."""
        state = flow.state
        obj = state.objects[int(frame.data["creature"])]
        if option.key.startswith("to:") and state.globals.get("group_moves") \
                and self._companions(state, obj, option.key[3:]):
            flow.update(frame, dest=option.key[3:], **{"with": []})
            return
        if option.key.startswith("with:"):
            flow.update(frame, **{"with": [*(frame.data.get("with") or []), int(option.key[5:])]})
            return
        flow.pop(frame)
        if option.key == "cancel":
            return
        dest = option.key[3:] if option.key.startswith("to:") else str(frame.data["dest"])
        movers = [obj, *(state.objects[int(x)] for x in frame.data.get("with") or [])]
        touched = [c for c in (t.city_of(obj), int(dest[4:]) if dest.startswith("res:") else None) if c is not None]
        for o in movers:
            self._move_one(flow, o, dest)
        flow.emit(ce.GlobalSet("moved_cities", [*(state.globals.get("moved_cities") or []), *touched]))
        chainmod.reopen(flow, int(frame.data["seat"]))

    def _move_one(self, flow: Flow, obj: GameObject, dest: str) -> None:
        state = flow.state
        if not board.has_keyword(self.rules, state, obj, "travel"):
            checks.mark(flow, obj)
        origin = obj.zone
        flow.emit(ce.ObjectMoved(obj.id, dest))
        card = self.rules.cards[obj.card]
        if card.moved_in is not None and dest.startswith("res:"):  # Orc Scout
            checks.queue(flow, obj, f"card:{obj.card}:moved_in",
                         vars={"city_owner": state.objects[int(dest[4:])].controller})
        if card.moves is not None:  # Merchant Ship
            checks.queue(flow, obj, f"card:{obj.card}:moves", vars={"origin": origin})

    # -- triggered abilities and one-shot city levels -----------------------------------------

    def flush_triggers(self, flow: Flow) -> bool:
        if checks.check_state(flow):
            return True
        state = flow.state
        if not state.pending_triggers:
            return False
        trig = state.pending_triggers[0]
        flow.emit(ce.TriggersTaken([int(trig["id"])]))
        source, controller, ref, vars_ = checks.trigger_data(trig)
        if state.players[controller].eliminated:
            return True
        flow.push("trigger", source=source, controller=controller, ref=ref, vars=vars_, chosen={})
        return True

    def _trig_run(self, flow: Flow, frame: Frame) -> Ask | None:
        state = flow.state
        d = frame.data
        ref = str(d["ref"])
        slots = {k: TargetSpec.model_validate(v) if isinstance(v, dict) else v
                 for k, v in self.rules.cat.effect(ref).targets.items()}
        seat = int(d["controller"])
        for slot, spec in slots.items():
            if slot not in d["chosen"] and not legal.targets(self.rules, state, seat, spec, int(d["source"])):
                flow.pop(frame)  # a part with no legal target does nothing (R22)
                return None
        ask = self._next_target(state, seat, slots, dict(d["chosen"]), int(d["source"]),
                                self.name(state, int(d["source"])))
        if ask is not None:
            return ask
        flow.pop(frame)
        effects.start(flow, ref, seat, source=int(d["source"]),
                      targets={k: [int(v)] for k, v in dict(d["chosen"]).items()}, vars=dict(d["vars"]))
        return None

    def _trig_answer(self, flow: Flow, frame: Frame, option: Option) -> None:
        slots = self.rules.cat.effect(str(frame.data["ref"])).targets
        slot = next(s for s in slots if s not in frame.data["chosen"])
        flow.update(frame, chosen={**frame.data["chosen"], slot: int(option.key.split(":")[1])})

    # -- resolving ---------------------------------------------------------------------------

    def resolve_top(self, flow: Flow) -> None:
        entry = flow.state.chain[-1]
        effects.start(flow, str(entry.ability), entry.controller, source=entry.source,
                      targets=entry.targets, entry=entry.id, vars=dict(entry.data))

    def steps(self, ref: str) -> list[dict[str, Any]]:
        return self.rules.cat.effect(ref).steps

    def _entry(self, state: State, frame: Frame) -> Any:
        eid = frame.data.get("entry")
        return next((e for e in state.chain if e.id == eid), None)

    def start_resolution(self, flow: Flow, frame: Frame) -> bool:
        """Targets are checked again; an item whose every target is gone does nothing, its card goes
        to the graveyard and its costs stay spent (R24)."""
        state = flow.state
        entry = self._entry(state, frame)
        if entry is None:
            return frame.data.get("entry") is None
        targets = dict(frame.data["targets"])
        slots = self.rules.cat.effect(str(entry.ability)).targets
        alive = {k: [i for i in v if _still_there(state, i)] for k, v in targets.items()}
        lost = bool(slots) and all(not v for v in alive.values())
        place = entry.data.get("place")
        card = self.rules.cards[state.objects[entry.source].card] if entry.source is not None else None
        if card is not None and entry.kind == "card" and card.type in ("creature", "enchantment") \
                and place not in (None, 0) and int(place) > 0 and not t.in_play(state.objects[int(place)]):
            lost = True
        if lost:
            flow.emit(ce.ChainPopped(entry.id, "fizzled", entry.label))
            if entry.kind == "card" and entry.source is not None:
                flow.emit(ce.ObjectMoved(entry.source, t.grave(state.objects[entry.source].owner), reset=True))
            return False
        flow.update(frame, targets=alive)
        if card is not None and entry.kind == "card" and card.type == "enchantment":
            flow.emit(ce.ObjectMoved(entry.source, t.ench(entry.controller), controller=entry.controller))
            if place:
                flow.emit(ce.ObjectChanged(entry.source, attached_to=int(place)))
        return True

    def finish_resolution(self, flow: Flow, frame: Frame) -> None:
        state = flow.state
        entry = self._entry(state, frame)
        if entry is None:
            return
        flow.emit(ce.ChainPopped(entry.id, "resolved", entry.label))
        if entry.kind != "card" or entry.source is None:
            return
        obj = state.objects[entry.source]
        card = self.rules.cards[obj.card]
        if card.is_creature:
            place = int(entry.data["place"] or 0)
            put_creature(flow, obj.id, t.army(entry.controller) if place < 0 else t.residents_zone(place))
            if state.players[entry.controller].props.get("vengeance") == state.turn \
                    and "blood_vengeance" not in card.keywords:  # Revenge: cast this turn, it gains Blood Vengeance
                flow.push("vengeance", seat=entry.controller, creature=obj.id)
        elif card.type in ("magic", "event") and obj.zone == t.STACK:
            flow.emit(ce.ObjectMoved(obj.id, t.grave(obj.owner)))


def _still_there(state: State, ref: int) -> bool:
    s = seat_of_ref(ref)
    if s is not None:
        return not state.players[s].eliminated
    obj = state.objects.get(ref)
    return obj is not None and (t.in_play(obj) or obj.zone == t.STACK)
