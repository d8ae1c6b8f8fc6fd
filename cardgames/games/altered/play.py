"""Playing a card, a quick action, a support ability or a reaction: declare (expedition, targets),
pay, resolve — and the reactions check that follows (fragment 5.1.1, 6.1; rulings H8–H11)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardgames.engine import core_events as ce
from cardgames.engine import effects
from cardgames.engine.decisions import Ask, Option
from cardgames.engine.effects import Verb
from cardgames.engine.flow import Flow, FnFrame, FrameKind
from cardgames.engine.state import Frame, Json
from cardgames.games.altered import asks, legal, steps
from cardgames.games.altered import table as t
from cardgames.games.altered.context import Rules
from cardgames.games.altered.schema import Ability, Cost, TargetSpec
from cardgames.games.altered.verbs import VERBS

BACK = Option("cancel", "Back", "cancel")
"""Going back on a card or ability being played (not a reaction: it must be played)."""
EXPEDITIONS = tuple(Option(f"exp:{k}", f"{k.capitalize()} expedition", "expedition") for k in t.KINDS)
YES_NO = (Option("yes", "Yes", "yes"), Option("no", "No", "no"))
NO_TARGET = Option("none", "No target", "none")


class Play:
    """Frame kinds "declare" (one card or ability being played) and "reactions" (checking reactions),
    and the `EffectRules` the engine's Resolution runs effects with."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.verbs: Mapping[str, Verb] = VERBS
        self._known: dict[str, Ability] = {}
        """Abilities by reference, as `steps.ability_of` finds them (the cards never change)."""

    def frame_kinds(self) -> dict[str, FrameKind]:
        return {
            "declare": FnFrame(self._declare_run, self._declare_answer),
            "reactions": FnFrame(self._reactions_run, self._reactions_answer),
        }

    # -- EffectRules ----------------------------------------------------------------------

    def steps(self, ref: str) -> list[dict[str, Any]]:
        """The effect's steps (the card's own list: the interpreter only reads it)."""
        if ref.startswith("spell:"):
            return self.rules.cards[ref[len("spell:") :]].effect
        return self._ability_at(ref).effect

    def start_resolution(self, flow: Flow, frame: Frame) -> bool:
        return True

    def finish_resolution(self, flow: Flow, frame: Frame) -> None:
        """A Spell goes from Limbo to its owner's Reserve, or to Discard if Fleeting (ready)."""
        ref = str(frame.data["ref"])
        source = frame.data.get("source")
        if ref.startswith("spell:") and source is not None and flow.state.objects[int(source)].zone == t.LIMBO:
            steps.move(flow, int(source), "reserve")

    # -- what is being played -------------------------------------------------------------

    def _specs(self, d: dict[str, Json]) -> Mapping[str, TargetSpec]:
        ref = d.get("ref")
        if ref is None:
            return {}
        if str(ref).startswith("spell:"):
            return self.rules.cards[str(ref).split(":")[1]].targets
        return self._ability_at(str(ref)).targets

    def _ability(self, d: dict[str, Json]) -> Ability | None:
        ref = d.get("ref")
        if ref is None or str(ref).startswith("spell:"):
            return None
        return self._ability_at(str(ref))

    def _ability_at(self, ref: str) -> Ability:
        """`steps.ability_of` this reference, looked up once."""
        ab = self._known.get(ref)
        if ab is None:
            ab = self._known[ref] = steps.ability_of(self.rules.cards, ref)
        return ab

    def _mana(self, flow: Flow, d: dict[str, Json], targets: list[int]) -> int:
        """The mana the play costs with these targets (Tough included)."""
        surcharge = legal.tough_surcharge(flow.state, self.rules.cards, int(d["seat"]), targets)
        return self._price(flow, d, self._ability(d), surcharge)

    def _price(self, flow: Flow, d: dict[str, Json], ab: Ability | None, surcharge: int) -> int:
        """The mana the play costs with this Tough surcharge (`ab`: its ability, `_ability`)."""
        state = flow.state
        seat = int(d["seat"])
        if d["what"] == "card":
            return legal.card_cost(state, self.rules.cards, seat, state.objects[int(d["source"])], surcharge)
        base = (
            legal.ability_cost(state, ab, seat)
            if ab is not None and (d["what"] == "ability" or d.get("optional"))
            else 0
        )
        return base + surcharge

    def _payable_extra(self, flow: Flow, d: dict[str, Json], ab: Ability | None) -> bool:
        """Whether an optional reaction's non-mana cost can be paid (fragment 1.4.1.b)."""
        cost = ab.cost if ab is not None else None
        if cost is None:
            return True
        seat = int(d["seat"])
        if cost.hand_to_reserve and len(flow.state.zones[t.hand(seat)].cards) < cost.hand_to_reserve:
            return False
        hero = t.hero_of(flow.state, seat)
        return not (cost.exhaust_hero and (hero is None or hero.exhausted))

    # -- the declare frame ---------------------------------------------------------------

    def _declare_run(self, flow: Flow, frame: Frame) -> Ask | None:
        d = frame.data
        state = flow.state
        seat = int(d["seat"])
        cards = self.rules.cards
        source = state.objects[int(d["source"])]
        what = d["what"]
        optional = d.get("optional")
        ab = self._ability(d)
        if optional and d.get("accepted") is None:
            if not self._payable_extra(flow, d, ab) or self._price(flow, d, ab, 0) > t.ready_orbs(state, seat):
                flow.pop(frame)
                return None
            assert ab is not None
            return Ask(
                seat,
                "may",
                f"{self.rules.card_name(state, source)}: use this reaction? — {_cost_text(ab.cost)}",
                list(YES_NO),
            )
        if optional and ab is not None and ab.cost is not None and ab.cost.hand_to_reserve and not d.get("paid_cards"):
            hand = state.cards_in(t.hand(seat))
            return Ask(
                seat,
                "hand_to_reserve",
                f"{self.rules.card_name(state, source)}: put a card from your Hand in your Reserve (cost)",
                [Option(f"card:{o.id}", self.rules.card_name(state, o), "card", o.id) for o in hand],
            )
        back = [BACK] if what != "reaction" else []
        if what == "card" and d.get("exp") is None and cards[source.card].kind == "character":
            return Ask(
                seat,
                "expedition",
                f"Play {self.rules.card_name(state, source)} into which expedition?",
                [*EXPEDITIONS, *back],
            )
        targets: dict[str, list[int]] = d.get("targets") or {}  # read only: frames are copied as pushed
        for slot, spec in self._specs(d).items():
            if slot in targets:
                continue
            chosen = [o for v in targets.values() for o in v]
            opts = legal.legal_targets(state, cards, spec, seat)
            if what != "reaction":  # a reaction may name any (one it cannot pay for does nothing, H26)
                fixed = legal.tough_surcharge(state, cards, seat, chosen)
                orbs = t.ready_orbs(state, seat)
                opts = [
                    o
                    for o in opts
                    if self._price(flow, d, ab, fixed + legal.tough_surcharge(state, cards, seat, [o])) <= orbs
                ]
            if not opts:
                flow.update(frame, targets={**targets, slot: []})
                return None
            return asks.per_object(
                seat,
                "target",
                f"{self.rules.card_name(state, source)}: choose a target",
                "target",
                opts,
                lambda oid: self._target_label(flow, oid),
                "target",
                (NO_TARGET, *back) if spec.up_to else tuple(back),
            )
        self._execute(flow, frame, targets)
        return None

    def _target_label(self, flow: Flow, oid: int) -> str:
        state = flow.state
        obj = state.objects[oid]
        where = obj.zone.split(":")[0]
        place = {"exp": f"{t.expedition_of(obj)} expedition", "reserve": "Reserve", "landmarks": "Landmarks"}.get(
            where, where
        )
        return f"{self.rules.card_name(state, obj)} ({state.players[obj.controller].name}'s {place})"

    def _declare_answer(self, flow: Flow, frame: Frame, option: Option) -> None:
        d = frame.data
        key = option.key
        if key == "cancel":
            flow.pop(frame)
            flow.emit(ce.GlobalSet("cancelled", True))
        elif key in ("yes", "no") and d.get("accepted") is None:
            if key == "no":
                flow.pop(frame)
            else:
                flow.update(frame, accepted=True)
        elif key.startswith("card:"):
            flow.update(frame, paid_cards=[int(key.split(":")[1])])
        elif key.startswith("exp:"):
            flow.update(frame, exp=key.split(":")[1])
        else:
            targets = dict(d.get("targets") or {})
            slot = next(s for s in self._specs(d) if s not in targets)
            targets[slot] = [] if key == "none" else [int(key.split(":")[1])]
            flow.update(frame, targets=targets)

    # -- paying and resolving -------------------------------------------------------------

    def _execute(self, flow: Flow, frame: Frame, targets: dict[str, list[int]]) -> None:
        d = frame.data
        state = flow.state
        seat = int(d["seat"])
        oid = int(d["source"])
        chosen = [o for v in targets.values() for o in v]
        mana = self._mana(flow, d, chosen)
        flow.pop(frame)
        if d["what"] == "card":
            self._play_card(flow, seat, oid, d, targets, mana)
            return
        ab = self._ability(d)
        assert ab is not None
        cost = ab.quick or ab.support or ab.cost
        if d["what"] == "ability":
            steps.count_use(flow, f"q:{oid}:{d['index']}", seat, oid)
        if mana > t.ready_orbs(state, seat):
            return  # a reaction whose Tough surcharge cannot be paid does nothing (ruling H26)
        steps.pay_mana(flow, seat, mana)
        if cost is not None:
            if cost.exhaust:
                flow.emit(ce.ObjectChanged(oid, exhausted=True))
            if cost.discard_me:
                steps.move(flow, oid, "discard")
            if cost.exhaust_hero:
                hero = t.hero_of(state, seat)
                if hero is not None:
                    flow.emit(ce.ObjectChanged(hero.id, exhausted=True))
            for cid in d.get("paid_cards") or []:
                flow.emit(ce.ObjectMoved(int(cid), t.reserve(seat), reset=True))
        effects.start(flow, str(d["ref"]), seat, source=oid, targets=targets)

    def _play_card(
        self, flow: Flow, seat: int, oid: int, d: dict[str, Json], targets: dict[str, list[int]], mana: int
    ) -> None:
        """Move to Limbo (a Character or Spell from Reserve gains Fleeting), pay, and resolve."""
        state = flow.state
        obj = state.objects[oid]
        card = self.rules.cards[obj.card]
        from_reserve = obj.zone == t.reserve(seat)
        flow.emit(ce.ObjectMoved(oid, t.LIMBO, reset=not from_reserve))
        if (from_reserve and card.kind != "permanent") or card.fleeting:
            flow.emit(ce.ObjectPropSet(oid, "fleeting", True))
        steps.pay_mana(flow, seat, mana)
        used = [
            e
            for e in steps.emblems(state)
            if e["seat"] == seat
            and (
                e["kind"] == "next_card_cost"
                or (e["kind"] == "next_permanent_cost" and card.kind == "permanent")
                or (e["kind"] == "next_character_boost" and card.kind == "character")
            )
        ]
        if used:
            gone = {e["id"] for e in used}
            flow.emit(ce.GlobalSet("emblems", [e for e in steps.emblems(state) if e["id"] not in gone]))
        how = "from_reserve" if from_reserve else "from_hand"
        if card.kind == "spell":
            effects.start(flow, f"spell:{obj.card}", seat, source=oid, targets=targets)
            return
        if card.kind == "character":
            flow.emit(ce.ObjectMoved(oid, t.expedition(seat, str(d["exp"]))))
            boosts = sum(int(e["amount"]) for e in used if e["kind"] == "next_character_boost")
            if boosts:
                flow.emit(ce.CounterAdded(oid, "boost", boosts))
            played = dict(state.globals.get("characters_played") or {})
            played[str(seat)] = int(played.get(str(seat), 0)) + 1
            flow.emit(ce.GlobalSet("characters_played", played))
            steps.trigger_self(flow, oid, "played")
            steps.trigger_self(flow, oid, how)
            steps.trigger_controllers(flow, seat, "you_play_character", subject=oid)
            return
        flow.emit(ce.ObjectMoved(oid, t.landmarks(seat)))
        steps.trigger_self(flow, oid, "played")
        steps.trigger_self(flow, oid, how)
        steps.trigger_controllers(flow, seat, "you_play_permanent", hand_cost=card.cost[0] if card.cost else 0)

    # -- checking reactions --------------------------------------------------------------

    def _reactions_run(self, flow: Flow, frame: Frame) -> Ask | None:
        """Fragment 5.1.1.d: the first player in initiative order who owns a reaction in Limbo plays
        one of theirs; again until Limbo holds none."""
        state = flow.state
        pending = steps.reactions(state)
        if not pending:  # the usual case: nothing triggered
            flow.pop(frame)
            return None
        for seat in t.initiative_order(state):
            mine = [r for r in pending if r["seat"] == seat]
            if not mine:
                continue
            if len(mine) == 1:
                self._take(flow, mine[0])
                return None
            return Ask(
                seat,
                "reaction",
                "Play one of your reactions in Limbo",
                [
                    Option(f"react:{r['id']}", f"{r['label']}: {self._text(r)}", "reaction", int(r["source"]))
                    for r in mine
                ],
            )
        raise AssertionError("a reaction in Limbo belongs to no seat")

    def _text(self, r: dict[str, Any]) -> str:
        card = self.rules.cards[str(r["ref"]).split(":")[1]]
        lines = [ln for ln in card.text.split("\n") if ln]
        return lines[0] if lines else card.name

    def _reactions_answer(self, flow: Flow, frame: Frame, option: Option) -> None:
        rid = int(option.key.split(":")[1])
        self._take(flow, next(r for r in steps.reactions(flow.state) if r["id"] == rid))

    def _take(self, flow: Flow, r: dict[str, Any]) -> None:
        """Play a reaction: it leaves Limbo, counts toward its 100 a day, and is declared like a card."""
        flow.emit(ce.GlobalSet("reactions", [x for x in steps.reactions(flow.state) if x["id"] != r["id"]]))
        steps.count_use(flow, f"r:{r['source']}:{r['ref']}", int(r["seat"]), int(r["source"]))
        ab = self._ability_at(str(r["ref"]))
        flow.push(
            "declare",
            what="reaction",
            seat=int(r["seat"]),
            source=int(r["source"]),
            ref=str(r["ref"]),
            optional=ab.optional,
            targets={"it": [int(r["subject"])]} if r.get("subject") is not None else {},
        )


def _cost_text(cost: Cost | None) -> str:
    if cost is None:
        return "no cost"
    parts = []
    if cost.mana:
        parts.append(f"pay {cost.mana}")
    if cost.hand_to_reserve:
        parts.append("put a card from your Hand in your Reserve")
    if cost.exhaust_hero:
        parts.append("exhaust your Hero")
    return ", ".join(parts) or "no cost"
