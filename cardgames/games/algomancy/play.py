"""Priority windows: what may be played now (timing, costs, targets), and the Play rules the engine calls.

Priority windows are the engine's (`chain.py`), limited to the players present in the region; the
initiative player leads (rulebook: Priority and player interaction). A player alone in their
region (haste, deployment) sees each effect resolve at once: nobody else could respond (R19).
Playing goes on in `announce.py` (targets, costs, the stack) and `resolve.py` (resolving).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardgames.engine import effects, stops
from cardgames.engine.decisions import Option
from cardgames.engine.flow import Flow, FnFrame, FrameKind
from cardgames.engine.state import Frame, GameObject, Json, State
from cardgames.games.algomancy import announce, legal, mods, ordering, priority, resolve, stack, triggers
from cardgames.games.algomancy import table as t
from cardgames.games.algomancy.checks import check_state
from cardgames.games.algomancy.context import Rules
from cardgames.games.algomancy.schema import Card, Cost, TargetSpec
from cardgames.games.algomancy.seating import mates
from cardgames.games.algomancy.verbs import VERB_TABLE


class Play:
    """The PriorityRules and EffectRules of Algomancy."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.verbs: Mapping[str, Any] = {**VERB_TABLE, **mods.VERBS}
        self._timely: dict[str, frozenset[str]] = {}

    def frame_kinds(self) -> dict[str, FrameKind]:
        return {"cast": FnFrame(announce.cast_run, announce.cast_answer),
                "trigger": FnFrame(announce.trigger_run, announce.trigger_answer),
                **mods.frame_kinds(), **ordering.frame_kinds(lambda flow: check_state(self.rules, flow))}

    # -- what may be played ----------------------------------------------------------------

    def window_kind(self, frame: Frame) -> str:
        return str(frame.data.get("window", ""))

    def priority_options(self, state: State, seat: int, frame: Frame) -> list[Option]:
        window = self.window_kind(frame)
        reg = t.current_region(state, seat)
        rules = self.rules
        cards = rules.cards
        opts: list[Option] = []
        means = t.means(state, seat, cards)
        timely = self._timely_cards(window)
        for obj in state.cards_in(t.hand(seat)):
            if obj.card not in timely:
                continue
            card = cards[obj.card]
            if self._can_play(state, seat, card, window, reg, means):
                opts.append(Option(f"play:{obj.id}", self.play_label(state, obj, card), "play", obj.id))
        for obj in state.cards_in(t.bin_(seat)):  # "you may play me from your bin", in any window its timing allows
            if obj.card not in timely:
                continue
            card = cards[obj.card]
            if card.from_bin and self._can_play(state, seat, card, window, reg, means):
                opts.append(Option(f"play:{obj.id}", f"{self.play_label(state, obj, card)} from your bin",
                                   "play", obj.id))
        opts += mods.options(rules, state, seat, window, reg)
        bursting: set[str] = set()
        for obj in t.in_region(state, reg):
            if obj.controller != seat:
                continue
            card = cards[obj.card]
            slots = card.play.targets if card.play else {}
            if card.kind == "token_spell" and self.timing_ok(card, window) \
                    and legal.targets_exist(rules, state, seat, slots, obj.id, reg):
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
                if ab.cost is not None and legal.cost_payable(rules, state, seat, ab.cost, obj.id, reg) \
                        and legal.targets_exist(rules, state, seat, ab.targets, obj.id, reg) \
                        and (not ab.battle_only or window.startswith("battle")):
                    opts.append(Option(f"ability:{obj.id}:{i}", f"{card.name}: {self.cost_text(ab.cost)}",
                                       "ability", obj.id))
            if card.graft is not None and card.graft.cost is not None and card.is_unit \
                    and not (card.graft.bounded and obj.props.get("used")) \
                    and legal.cost_payable(rules, state, seat, card.graft.cost, obj.id, reg) \
                    and legal.targets_exist(rules, state, seat, self.effect_of(stack.graft_ref(obj))[0], obj.id, reg):
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
        """Timing icons (rulebook: Timing; `legal.timing_ok`): the board screen asks it too."""
        return legal.timing_ok(card, window)

    def can_play(self, state: State, seat: int, card: Card, window: str, reg: int) -> bool:
        return self._can_play(state, seat, card, window, reg, t.means(state, seat, self.rules.cards))

    def _timely_cards(self, window: str) -> frozenset[str]:
        """The cards whose kind and timing let them be played in `window` (`_timely`); timing reads only whether
        the window is the deployment, the haste step, a battle window or another (legal.timing_ok)."""
        sort = window if window in ("deploy", "haste") else "battle" if window.startswith("battle") else ""
        timely = self._timely.get(sort)
        if timely is None:
            timely = self._timely[sort] = frozenset(cid for cid, card in self.rules.cards.items() if self._timely_card(
                card, window))
        return timely

    @staticmethod
    def _timely_card(card: Card, window: str) -> bool:
        return card.kind in ("unit", "spell", "spell_unit") and legal.timing_ok(card, window)

    def _can_play(self, state: State, seat: int, card: Card, window: str, reg: int,
                  means: tuple[int, dict[str, int]]) -> bool:
        """`can_play`, the player's `means` (table.means) given."""
        if not self._timely_card(card, window):
            return False
        if not t.affords(means, card):
            return False
        if card.play is not None:
            extra = card.play.extra_cost
            if extra is not None and not legal.cost_payable(self.rules, state, seat, extra, None, reg,
                                                            mana_also=card.cost):
                return False
            return legal.targets_exist(self.rules, state, seat, card.play.targets, None, reg)
        if card.graft is not None and not card.is_unit:
            return legal.targets_exist(self.rules, state, seat, card.graft.targets, None, reg)
        return True

    # -- priority hooks --------------------------------------------------------------------

    def pass_label(self, state: State, seat: int, frame: Frame) -> str:
        if state.chain:
            return f"Pass (let {state.chain[-1].label} resolve)"
        return {"haste": "Done with the haste step", "deploy": "End your deployment"}.get(
            self.window_kind(frame), "Pass")

    def wants_priority(self, state: State, seat: int, frame: Frame) -> bool:
        """Whom to ask, by public information and the seat's own setting only (the stop settings
        of `engine.stops`, the same in every game; R96-style hot-seat ruling)."""
        return stops.wants_priority(self, state, seat, frame)

    def must_ask(self, state: State, seat: int, frame: Frame) -> bool:
        """Solo windows always ask their one player."""
        return len(frame.data.get("seats") or []) <= 1

    def could_respond(self, state: State, seat: int, frame: Frame) -> bool:
        """By public information: cards in hand (hand size is public), a card in the bin that
        may be played from there (bins are public), or an activated ability or spell token the
        seat controls in its region."""
        if state.zones[t.hand(seat)].cards:
            return True
        if any(self.rules.cards[o.card].from_bin for o in state.cards_in(t.bin_(seat))):
            return True
        for o in t.in_region(state, t.current_region(state, seat)):
            card = self.rules.cards[o.card]
            if o.controller == seat and (card.kind == "token_spell" or any(a.cost for a in card.abilities)
                                         or (card.graft is not None and card.graft.cost is not None)):
                return True
        return False

    def concerns(self, state: State, seat: int, frame: Frame) -> bool:
        """By public information: the newest entry on the stack is an opponent's; or, with an
        empty stack, the seat is being attacked (the window before blocks) or its attack was
        just blocked (the window after blocks). In a 1v1 battle both seats take part in every
        step, so "relevant" narrows by the step rather than by taking part (as Allegiance does)."""
        if state.chain:
            return not mates(state, state.chain[-1].controller, seat)
        battle = state.battle
        if battle is None:
            return False
        window = str(frame.data.get("window", ""))
        if window == "battle:attack_window":
            return t.allied(state, seat, int(battle["defender"]))
        if window == "battle:block_window":
            return any(t.allied(state, seat, a) for a in (battle.get("attackers") or [int(battle["attacker"])]))
        return False

    def begin_maneuver(self, flow: Flow, seat: int, option: Option, frame: Frame) -> None:
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
        window = priority.innermost(flow)
        if window is not None:  # after a resolution the round starts again from the initiative team (A71)
            priority.regroup_ring(flow, window, None)
        entry = flow.state.chain[-1]
        effects.start(flow, str(entry.ability), entry.controller, source=entry.source,
                      targets=entry.targets, entry=entry.id, vars=dict(entry.data))

    def flush_triggers(self, flow: Flow) -> bool:
        if check_state(self.rules, flow):
            return True
        return triggers.flush(self.rules, flow)

    # -- what an effect on the stack does, and how it resolves (stack.py, resolve.py) ------------

    def fire_graft(self, flow: Flow, host: GameObject) -> None:
        triggers.fire_graft(self.rules, flow, host)

    def effect_of(self, ref: str) -> tuple[dict[str, TargetSpec], list[dict[str, Any]], str]:
        return stack.effect_of(self.rules, ref)

    def steps(self, ref: str) -> list[dict[str, Any]]:
        return stack.effect_of(self.rules, ref)[1]

    def start_resolution(self, flow: Flow, frame: Frame) -> bool:
        return resolve.start_resolution(self.rules, flow, frame)

    def finish_resolution(self, flow: Flow, frame: Frame) -> None:
        resolve.finish_resolution(self.rules, flow, frame)
