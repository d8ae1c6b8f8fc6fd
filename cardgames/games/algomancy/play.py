"""Playing cards and abilities: what is legal in a priority window, costs, targets, the stack.

Priority windows are the engine's (`chain.py`), limited to the players present in the region; the
initiative player leads (rulebook: Priority and player interaction). A player alone in their
region (haste, deployment) sees each effect resolve at once: nobody else could respond (R19).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from cardgames.engine import chain as chainmod
from cardgames.engine import core_events as ce
from cardgames.engine import effects
from cardgames.engine.decisions import Ask, Option
from cardgames.engine.flow import Flow, FnFrame, FrameKind
from cardgames.engine.state import Frame, GameObject, Json, State
from cardgames.games.algomancy import table as t
from cardgames.games.algomancy.events import player_ref
from cardgames.games.algomancy.schema import Card, Cost, TargetSpec

if TYPE_CHECKING:
    from cardgames.games.algomancy.rules import Algomancy


class Play:
    """The PriorityRules and EffectRules of Algomancy."""

    def __init__(self, rules: Algomancy) -> None:
        from cardgames.games.algomancy import mods
        from cardgames.games.algomancy.verbs import VERB_TABLE

        self.rules = rules
        self.verbs: Mapping[str, Any] = {**VERB_TABLE, **mods.VERBS}

    def frame_kinds(self) -> dict[str, FrameKind]:
        from cardgames.games.algomancy import mods, ordering

        return {"cast": FnFrame(self._cast_run, self._cast_answer),
                "trigger": FnFrame(self._trigger_run, self._trigger_answer),
                **mods.frame_kinds(), **ordering.frame_kinds()}

    # -- what may be played ----------------------------------------------------------------

    def window_kind(self, frame: Frame) -> str:
        return str(frame.data.get("window", ""))

    def priority_options(self, state: State, seat: int, frame: Frame) -> list[Option]:
        from cardgames.games.algomancy import mods

        window = self.window_kind(frame)
        reg = t.current_region(state, seat)
        cards = self.rules.cards
        opts: list[Option] = []
        for obj in state.cards_in(t.hand(seat)):
            card = cards[obj.card]
            if self.can_play(state, seat, card, window, reg):
                opts.append(Option(f"play:{obj.id}", self.play_label(state, obj, card), "play", obj.id))
        if window in ("deploy",):
            for obj in state.cards_in(t.bin_(seat)):
                card = cards[obj.card]
                if card.from_bin and self.can_play(state, seat, card, window, reg):
                    opts.append(Option(f"play:{obj.id}", f"{self.play_label(state, obj, card)} from your bin",
                                       "play", obj.id))
        opts += mods.options(self.rules, state, seat, window, reg)
        bursting: set[str] = set()
        for obj in t.in_region(state, reg):
            if obj.controller != seat:
                continue
            card = cards[obj.card]
            slots = card.play.targets if card.play else {}
            if card.kind == "token_spell" and self.timing_ok(card, window) \
                    and self.targets_exist(state, seat, slots, obj.id, reg):
                burst = self.burst_of(state, obj)
                if len(burst) > 1:  # Burst: all tokens of this name are played at once (rulebook: Tokens)
                    name = self.rules.card_name(state, obj)
                    if name not in bursting:
                        bursting.add(name)
                        opts.append(Option(f"token:{obj.id}", f"Play all {len(burst)} {name} (burst)", "token",
                                           obj.id))
                else:
                    opts.append(Option(f"token:{obj.id}", f"Play {self.rules.card_name(state, obj)}", "token",
                                       obj.id))
            if window in ("haste",):
                continue
            for i, ab in enumerate(card.abilities):
                if ab.cost is not None and self.cost_payable(state, seat, ab.cost, obj.id, reg) \
                        and self.targets_exist(state, seat, ab.targets, obj.id, reg) \
                        and (not ab.battle_only or window.startswith("battle")):
                    opts.append(Option(f"ability:{obj.id}:{i}", f"{card.name}: {self.cost_text(ab.cost)}",
                                       "ability", obj.id))
            if card.graft is not None and card.graft.cost is not None and card.is_unit \
                    and not (card.graft.bounded and obj.props.get("used")) \
                    and self.cost_payable(state, seat, card.graft.cost, obj.id, reg) \
                    and self.targets_exist(state, seat, self.effect_of(graft_ref(obj))[0], obj.id, reg):
                opts.append(Option(f"graft:{obj.id}", f"{card.name}: {self.cost_text(card.graft.cost)} (graft)",
                                   "ability", obj.id))
        return opts

    def burst_of(self, state: State, token: GameObject) -> list[int]:
        """A burst token and every other one of its name its controller has in the region (R-Burst)."""
        if "burst" not in self.rules.cards[token.card].attributes or not token.zone.startswith("region:"):
            return [token.id]
        name = self.rules.card_name(state, token)
        return [o.id for o in state.cards_in(token.zone) if o.controller == token.controller
                and self.rules.cards[o.card].kind == "token_spell" and self.rules.card_name(state, o) == name]

    def play_label(self, state: State, obj: GameObject, card: Card) -> str:
        return f"Play {self.rules.card_name(state, obj)} ({card.cost} mana)"

    @staticmethod
    def cost_text(cost: Cost) -> str:
        parts = [f"{cost.mana} mana"] if cost.mana else []
        if cost.sacrifice:
            parts.append({"me": "sacrifice me", "other_ally": "sacrifice another ally", "ally_token":
                          "sacrifice a token", "ally": "sacrifice a unit"}[cost.sacrifice])
        return ", ".join(parts) or "free"

    @staticmethod
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

    def can_play(self, state: State, seat: int, card: Card, window: str, reg: int) -> bool:
        if card.kind not in ("unit", "spell", "spell_unit") or not self.timing_ok(card, window):
            return False
        if not t.meets_affinity(state, seat, card, self.rules.cards) or t.mana(state, seat) < card.cost:
            return False
        if card.play is not None:
            if card.play.extra_cost is not None and not self.cost_payable(state, seat, card.play.extra_cost,
                                                                           None, reg, mana_also=card.cost):
                return False
            return self.targets_exist(state, seat, card.play.targets, None, reg)
        if card.graft is not None and not card.is_unit:
            return self.targets_exist(state, seat, card.graft.targets, None, reg)
        return True

    def cost_payable(self, state: State, seat: int, cost: Cost, source: int | None, reg: int,
                     mana_also: int = 0) -> bool:
        if t.mana(state, seat) < cost.mana + mana_also:
            return False
        return cost.sacrifice is None or bool(self.sacrificeable(state, seat, cost, source, reg))

    def sacrificeable(self, state: State, seat: int, cost: Cost, source: int | None, reg: int) -> list[int]:
        """What may be sacrificed for a cost: your own permanents in this region only (rulebook: Sacrifice)."""
        mine = [o for o in t.in_region(state, reg) if o.controller == seat and self.rules.cards[o.card].is_unit]
        if cost.sacrifice == "me":
            return [source] if source is not None and any(o.id == source for o in mine) else []
        if cost.sacrifice == "other_ally":
            return [o.id for o in mine if o.id != source]
        if cost.sacrifice == "ally_token":
            return [o.id for o in mine if self.rules.cards[o.card].is_token]
        return [o.id for o in mine]

    # -- targets ---------------------------------------------------------------------------

    def candidates(self, state: State, seat: int, spec: TargetSpec, source: int | None, reg: int) -> list[int]:
        """Legal targets for a slot: only in the region where the effect happens (rulebook: Regions)."""
        out: list[int] = []
        if spec.type in ("unit", "unit_or_player"):
            for o in t.in_region(state, reg):
                card = self.rules.cards[o.card]
                if not card.is_unit:
                    continue
                if (spec.side == "ally" and o.controller != seat) or (spec.side == "enemy" and o.controller == seat):
                    continue
                if spec.other and o.id == source:
                    continue
                if spec.token is not None and card.is_token != spec.token:
                    continue
                out.append(o.id)
        if spec.type in ("player", "unit_or_player"):
            for s in t.present(state, reg):
                if (spec.side == "ally" and s != seat) or (spec.side == "enemy" and s == seat):
                    continue
                out.append(player_ref(s))
        if spec.type == "stack_item":
            out += [e.id for e in state.chain]
        if spec.type == "bin_unit":
            out += [o.id for o in state.cards_in(t.bin_(seat)) if self.rules.cards[o.card].is_unit]
        return out

    def targets_exist(self, state: State, seat: int, slots: Mapping[str, TargetSpec], source: int | None,
                      reg: int) -> bool:
        return all(len(self.candidates(state, seat, spec, source, reg)) >= spec.count for spec in slots.values())

    # -- priority hooks --------------------------------------------------------------------

    def pass_label(self, state: State, seat: int, frame: Frame) -> str:
        if state.chain:
            return f"Pass (let {state.chain[-1].label} resolve)"
        return {"haste": "Done with the haste step", "deploy": "End your deployment"}.get(
            self.window_kind(frame), "Pass")

    def wants_priority(self, state: State, seat: int, frame: Frame) -> bool:
        """Solo windows always ask their one player. In battle, a seat's stop setting decides,
        from public information only: `auto` asks when they hold cards or control an activated
        ability or spell token in the region (hand size is public); R96-style hot-seat ruling."""
        seats = frame.data.get("seats") or []
        if len(seats) <= 1:
            return True
        stop = str(state.players[seat].props.get("stop", "auto"))
        if stop == "always":
            return True
        if stop == "never":
            return False
        reg = t.current_region(state, seat)
        if state.zones[t.hand(seat)].cards:
            return True
        for o in t.in_region(state, reg):
            card = self.rules.cards[o.card]
            if o.controller == seat and (card.kind == "token_spell" or any(a.cost for a in card.abilities)
                                         or (card.graft is not None and card.graft.cost is not None)):
                return True
        return False

    def begin_maneuver(self, flow: Flow, seat: int, option: Option, frame: Frame) -> None:
        from cardgames.games.algomancy import mods

        kind, _, rest = option.key.partition(":")
        if kind in mods.HOW:
            flow.push("modify", seat=seat, how=kind, what=rest, host=None, position=None)
            return
        extra: dict[str, Json] = {}
        if kind == "token":
            burst = self.burst_of(flow.state, flow.state.objects[int(rest)])
            if len(burst) > 1:
                extra["burst"] = [b for b in burst if b != int(rest)]
        flow.push("cast", seat=seat, how=kind, what=rest, chosen={}, paid=False, window=frame.id, **extra)

    def resolve_top(self, flow: Flow) -> None:
        entry = flow.state.chain[-1]
        effects.start(flow, str(entry.ability), entry.controller, source=entry.source,
                      targets=entry.targets, entry=entry.id, vars=dict(entry.data))

    def flush_triggers(self, flow: Flow) -> bool:
        from cardgames.games.algomancy.checks import check_state, flush

        if check_state(self.rules, flow):
            return True
        return flush(self.rules, flow)

    # -- announcing: targets, then costs, then the stack ------------------------------------

    def _what(self, state: State, frame: Frame) -> tuple[Card, GameObject, str, dict[str, TargetSpec], Cost | None]:
        """(card, source object, effect reference, target slots, cost) of what is being played."""
        how = str(frame.data["how"])
        parts = str(frame.data["what"]).split(":")
        obj = state.objects[int(parts[0])]
        card = self.rules.cards[obj.card]
        if how == "ability":
            ab = card.abilities[int(parts[1])]
            return card, obj, f"card:{card.id}:ab:{parts[1]}", dict(ab.targets), ab.cost
        if how == "graft":
            assert card.graft is not None
            ref = graft_ref(obj)
            return card, obj, ref, self.effect_of(ref)[0], card.graft.cost
        if card.play is not None:
            return card, obj, f"card:{card.id}:play", dict(card.play.targets), card.play.extra_cost
        if card.graft is not None and not card.is_unit:  # a graft spell does its effect; a unit just spawns
            return card, obj, f"card:{card.id}:graft", dict(card.graft.targets), None
        return card, obj, f"unit:{card.id}", {}, None

    def _cast_run(self, flow: Flow, frame: Frame) -> Ask | None:
        state = flow.state
        seat = int(frame.data["seat"])
        card, obj, ref, slots, cost = self._what(state, frame)
        reg = t.current_region(state, seat)
        chosen: dict[str, list[int]] = {k: list(v) for k, v in dict(frame.data["chosen"]).items()}
        for slot, spec in slots.items():
            have = chosen.get(slot, [])
            if len(have) < spec.count:
                source = obj.id if frame.data["how"] in ("ability", "graft") else None
                cands = [c for c in self.candidates(state, seat, spec, source, reg) if c not in have]
                opts = [Option(f"target:{c}", self.target_label(state, c), "target", c) for c in cands]
                if not frame.data.get("locked"):  # a burst under way cannot be taken back
                    opts.append(Option("back", "Back (play nothing)", "cancel"))
                return Ask(seat, "target", f"{card.name}: choose a target ({slot}, {len(have) + 1} of {spec.count})",
                           opts)
        if cost is not None and cost.sacrifice and "sacrifice" not in frame.data:
            opts = [Option(f"sacrifice:{o}", f"Sacrifice {self.target_label(state, o)}", "sacrifice", o)
                    for o in self.sacrificeable(state, seat, cost, obj.id, reg)]
            opts.append(Option("back", "Back (play nothing)", "cancel"))
            return Ask(seat, "sacrifice", f"{card.name}: choose what to sacrifice", opts)
        flow.pop(frame)
        self.announce(flow, frame, card, obj, ref, chosen, cost)
        return None

    def target_label(self, state: State, ref: int) -> str:
        if ref < 0:
            return state.players[-ref - 1].name
        if ref in state.objects:
            o = state.objects[ref]
            who = state.players[o.controller].name if o.controller >= 0 else ""
            return f"{self.rules.card_name(state, o)} ({who})" if who else self.rules.card_name(state, o)
        entry = next((e for e in state.chain if e.id == ref), None)
        return f"{entry.label} (on the stack)" if entry else str(ref)

    def _cast_answer(self, flow: Flow, frame: Frame, option: Option) -> None:
        if option.key == "back":
            flow.pop(frame)
            return
        if option.key.startswith("sacrifice:"):
            flow.update(frame, sacrifice=int(option.key.split(":")[1]))
            return
        slots = self._what(flow.state, frame)[3]
        flow.update(frame, chosen=with_target(slots, dict(frame.data["chosen"]), int(option.key.split(":")[1])))

    def announce(self, flow: Flow, frame: Frame, card: Card, obj: GameObject, ref: str,
                 targets: dict[str, list[int]], cost: Cost | None) -> None:
        """Pay the costs and put the effect on the stack; the player keeps priority (rulebook:
        Interaction). Alone in the region, it resolves at once."""
        state = flow.state
        seat = int(frame.data["seat"])
        how = str(frame.data["how"])
        mana = (cost.mana if cost else 0) + (card.cost if how == "play" else 0)
        self.pay_mana(flow, seat, mana)
        if "sacrifice" in frame.data:
            from cardgames.games.algomancy.checks import destroy

            destroy(self.rules, flow, int(frame.data["sacrifice"]), "sacrificed")
        data: dict[str, Json] = {"region": t.current_region(state, seat)}
        if how == "play" and obj.zone == t.bin_(seat) and card.from_bin:
            data["unstable"] = True
        if how in ("play", "token"):
            flow.emit(ce.ObjectMoved(obj.id, "stack", controller=seat))
            label = f"{card.name}" if how == "play" else self.rules.card_name(state, obj)
        else:
            label = f"{card.name}'s ability"
        if how == "graft":
            self.fire_graft(flow, obj)
            data["graft_of"] = obj.id
        flow.emit(ce.ChainPushed(flow.new_id(), seat, how, label, obj.id, ref, targets, data))
        if card.kind in ("spell", "spell_unit", "token_spell") and how in ("play", "token"):
            from cardgames.games.algomancy.checks import queue_trigger_event

            queue_trigger_event(self.rules, flow, "you_play_spell", obj.id, seat)
        self.keep_priority(flow, seat)
        burst = [int(b) for b in frame.data.get("burst") or []]
        if burst:  # the next token of the burst, played at the same time (rulebook: Tokens, note)
            flow.push("cast", seat=seat, how="token", what=str(burst[0]), chosen={}, paid=False,
                      window=frame.data.get("window"), burst=burst[1:], locked=True)

    def fire_graft(self, flow: Flow, host: GameObject) -> None:
        """A graft ability fires: a bounded cause is spent for the turn; with an unbounded cause,
        each bounded effect grafted on it is (rulebook: Bounded and unbounded graft; R64)."""
        card = self.rules.cards[host.card]
        if card.graft is not None and card.graft.bounded:
            flow.emit(ce.ObjectPropSet(host.id, "used", True))
            return
        grafts = [str(c) for c in host.props.get("grafts", [])]
        used = [int(i) for i in host.props.get("graft_used", [])]
        fired = [i for i, cid in enumerate(grafts, start=1)
                 if (g := self.rules.cards[cid].graft) is not None and g.bounded and i not in used]
        if fired:
            flow.emit(ce.ObjectPropSet(host.id, "graft_used", sorted(used + fired)))

    def keep_priority(self, flow: Flow, seat: int) -> None:
        """After `seat` put something on the stack they keep priority; alone, it resolves at once."""
        state = flow.state
        window = next((f for f in reversed(state.frames) if f.kind == "priority"), None)
        if window is not None:
            seats = window.data.get("seats") or []
            if len(seats) <= 1:
                flow.update(window, seat=seat, passes=len(seats) or 1)
            else:
                chainmod.reopen(flow, seat)

    def pay_mana(self, flow: Flow, seat: int, amount: int) -> None:
        """Expend that many active, unexpended resources (which ones does not matter: R4)."""
        if amount <= 0:
            return
        ready = [o for o in t.active_resources(flow.state, seat) if not o.exhausted]
        for obj in ready[:amount]:
            flow.emit(ce.ObjectChanged(obj.id, exhausted=True))

    # -- resolution (EffectRules) -----------------------------------------------------------

    def steps(self, ref: str) -> list[dict[str, Any]]:
        return self.effect_of(ref)[1]

    def effect_of(self, ref: str, state: State | None = None
                  ) -> tuple[dict[str, TargetSpec], list[dict[str, Any]], str]:
        """(target slots, effect steps, name) of an effect reference. "unit:<id>" is a unit being
        played (no effect); "graft:<host>,<mod>,..." is a graft ability with the effects grafted
        on it, top to bottom (rulebook: Graft)."""
        if ref.startswith("unit:"):
            return {}, [], self.rules.cards[ref.split(":")[1]].name
        if ref.startswith(("virus:", "ambush:")):
            from cardgames.games.algomancy import mods

            return mods.effect(self.rules, ref)
        if ref.startswith("graft:"):
            ids = ref.split(":")[1].split(",")
            host = self.rules.cards[ids[0]]
            slots: dict[str, TargetSpec] = {}
            steps: list[dict[str, Any]] = []
            for i, cid in enumerate(ids):
                g = self.rules.cards[cid.lstrip("-")].graft
                if g is None or cid.startswith("-"):  # a bounded effect already fired this turn
                    continue
                names = {k: (k if i == 0 else f"{k}{i}") for k in g.targets}  # each effect its own targets
                slots.update({names[k]: v for k, v in g.targets.items()})
                steps += [_renamed(step, names) for step in g.effect]
            return slots, steps, host.name
        eff = self.rules.cat.effect(ref)
        return dict(eff.targets), eff.steps, eff.name

    def put_trigger(self, flow: Flow, trig: dict[str, Json], special: bool = False) -> None:
        """A triggered ability goes on the stack (its controller picks targets), or, at the end
        of turn, resolves at once as a special action."""
        flow.push("trigger", ref=trig["ref"], source=trig["source"], seat=trig["controller"],
                  region=trig["region"], chosen={}, special=special)

    def _trigger_run(self, flow: Flow, frame: Frame) -> Ask | None:
        state = flow.state
        seat = int(frame.data["seat"])
        ref = str(frame.data["ref"])
        slots, _, name = self.effect_of(ref, state)
        reg = int(frame.data["region"])
        chosen: dict[str, list[int]] = {k: list(v) for k, v in dict(frame.data["chosen"]).items()}
        source = frame.data["source"]
        for slot, spec in slots.items():
            have = chosen.get(slot, [])
            if len(have) < spec.count:
                cands = [c for c in self.candidates(state, seat, spec, source, reg) if c not in have]
                if not cands:
                    if have:
                        break
                    flow.pop(frame)  # no legal target: the trigger does nothing
                    return None
                return Ask(seat, "target", f"{name} (triggered): choose a target ({slot})",
                           [Option(f"target:{c}", self.target_label(state, c), "target", c) for c in cands])
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
        return None

    def _trigger_answer(self, flow: Flow, frame: Frame, option: Option) -> None:
        slots = self.effect_of(str(frame.data["ref"]), flow.state)[0]
        flow.update(frame, chosen=with_target(slots, dict(frame.data["chosen"]), int(option.key.split(":")[1])))

    def start_resolution(self, flow: Flow, frame: Frame) -> bool:
        """Targets are checked again: all gone → it fizzles; some gone → it does what it can."""
        from cardgames.games.algomancy.checks import still_legal

        entry_id = frame.data.get("entry")
        entry = next((e for e in flow.state.chain if e.id == entry_id), None)
        targets: dict[str, list[int]] = {k: list(v) for k, v in dict(frame.data["targets"]).items()}
        if not targets:
            return True
        slots = self.effect_of(str(entry.ability))[0] if entry is not None and entry.ability else {}
        kinds = {k: spec.type for k, spec in slots.items()}
        kept = {k: [x for x in v if still_legal(self.rules, flow.state, x, entry, kinds.get(k))]
                for k, v in targets.items()}
        if not any(kept.values()):
            self.finish(flow, entry, fizzled=True)
            return False
        if kept != targets:
            flow.update(frame, targets=kept)
        return True

    def finish_resolution(self, flow: Flow, frame: Frame) -> None:
        entry_id = frame.data.get("entry")
        entry = next((e for e in flow.state.chain if e.id == entry_id), None)
        self.finish(flow, entry, fizzled=False)

    def finish(self, flow: Flow, entry: Any, *, fizzled: bool) -> None:
        """The card goes where it belongs: a unit or spell unit spawns (unless it fizzled), a
        spell goes to its owner's bin (erased if unstable), a spell token is erased."""
        from cardgames.games.algomancy.checks import spawn, to_bin

        if entry is None:
            return
        state = flow.state
        flow.emit(ce.ChainPopped(entry.id, "fizzled" if fizzled else "resolved"))
        src = state.objects.get(entry.source) if entry.source is not None else None
        if src is None or src.zone != "stack":
            return
        card = self.rules.cards[src.card]
        if entry.data.get("unstable"):
            flow.emit(ce.ObjectPropSet(src.id, "unstable", True))
        if card.is_unit and not fizzled:
            spawn(self.rules, flow, src.id, entry.controller, int(entry.data.get("region", entry.controller)))
        else:
            to_bin(self.rules, flow, src.id)

    # -- end of turn -----------------------------------------------------------------------

    def end_of_turn(self, flow: Flow) -> None:
        """End-of-turn triggers resolve as special actions, without the stack (R20)."""
        from cardgames.games.algomancy.checks import end_of_turn_effects

        end_of_turn_effects(self.rules, flow)


def graft_ref(host: GameObject) -> str:
    """The effect reference of a unit's graft ability with what is grafted on it, top to bottom;
    a bounded effect that already fired this turn is marked "-" (left out)."""
    used = {int(i) for i in host.props.get("graft_used", [])}
    grafts = [("-" if i in used else "") + str(c) for i, c in enumerate(host.props.get("grafts", []), start=1)]
    return "graft:" + ",".join([host.card, *grafts])


def _renamed(value: Any, names: dict[str, str]) -> Any:
    """An effect step with its target-slot names replaced."""
    if isinstance(value, dict):
        return {k: _renamed(v, names) for k, v in value.items()}
    if isinstance(value, list):
        return [_renamed(v, names) for v in value]
    return names.get(value, value) if isinstance(value, str) else value


def with_target(slots: Mapping[str, TargetSpec], chosen: dict[str, Json], target: int) -> dict[str, Json]:
    """`chosen` with `target` added to the first slot that still needs one."""
    out = dict(chosen)
    for slot, spec in slots.items():
        have = list(out.get(slot, []))
        if len(have) < spec.count:
            out[slot] = [*have, target]
            break
    return out
