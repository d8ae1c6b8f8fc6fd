"""The event cards resolved at a round's end (spec §12): what each does, and the choices some ask."""

from __future__ import annotations

from cardgames.engine import core_events as ce
from cardgames.engine.decisions import Ask, Option
from cardgames.engine.flow import Flow, FnFrame, FrameKind
from cardgames.engine.state import Frame
from cardgames.games.mechamancers import table as t
from cardgames.games.mechamancers.catalog import Catalog
from cardgames.games.mechamancers.damage import deal, heal, scrap, settle
from cardgames.games.mechamancers.supply import activate, draw, field_full, pile_options

ASKING = ("supply-drop", "arms-race", "tithe-of-steel")
"""Events that ask each player in turn order."""


class Omens:
    """The `event` frame: resolve one revealed event card; data: card, effect, seats still to ask."""

    def __init__(self, cat: Catalog) -> None:
        self.cat = cat

    def frame_kinds(self) -> dict[str, FrameKind]:
        return {"event": FnFrame(self.run, self.answer)}

    def run(self, flow: Flow, frame: Frame) -> Ask | None:
        if settle(flow):
            return None
        state = flow.state
        card = self.cat.event(str(frame.data["card"]))
        effect = card.effect
        if effect not in ASKING:
            flow.pop(frame)
            self.resolve_at_once(flow, effect, card.amount)
            return None
        seats = [int(s) for s in frame.data.get("seats", [])]
        if not seats:
            flow.pop(frame)
            return None
        seat = seats[0]
        if effect == "supply-drop":
            opts = pile_options(state)
            if opts:
                return Ask(seat, "draw_pile", "Supply Drop: draw 1 mecha card from a pile of your choice", opts)
        elif effect == "arms-race":
            if frame.data.get("activating") is not None:
                opts = [Option(f"scrap:{o.id}", f"Scrap {self.cat.mech(o.card).name} to make room", "scrap", o.id)
                        for o in t.field_cards(state, seat)]
                return Ask(seat, "replace", "Arms Race: your field is full; scrap a mecha to make room",
                           [*opts, Option("cancel", "Keep the field as it is", "cancel")])
            mana = t.mana(state, seat)
            opts = [Option(f"activate:{o.id}", f"Activate {self.cat.mech(o.card).name} "
                           f"({self.discounted(o.card)} mana)", "activate", o.id)
                    for o in state.cards_in(t.hand(seat)) if self.discounted(o.card) <= mana]
            return Ask(seat, "arms_race", "Arms Race: activate one mecha from hand for 1 less mana?",
                       [*opts, Option("pass", "Activate nothing", "done")])
        elif effect == "tithe-of-steel" and len(t.field_cards(state, seat)) >= card.amount:
            opts = [Option(f"scrap:{o.id}", f"Scrap {self.cat.mech(o.card).name}", "scrap", o.id)
                    for o in t.field_cards(state, seat)]
            return Ask(seat, "tithe", f"Tithe of Steel: you have {card.amount}+ mecha; scrap one", opts)
        flow.update(frame, seats=seats[1:])
        return None

    def discounted(self, cid: str) -> int:
        return max(0, self.cat.mech(cid).cost - 1)

    def answer(self, flow: Flow, frame: Frame, option: Option) -> None:
        state = flow.state
        seats = [int(s) for s in frame.data["seats"]]
        seat = seats[0]
        effect = self.cat.event(str(frame.data["card"])).effect
        verb, _, arg = option.key.partition(":")
        if verb == "pile":
            draw(flow, seat, arg)
        elif verb == "activate":
            oid = int(arg)
            if field_full(state, seat):
                flow.update(frame, activating=oid)
                return
            activate(self.cat, flow, seat, oid, self.discounted(state.objects[oid].card), None)
        elif verb == "scrap" and effect == "arms-race":
            oid = int(frame.data["activating"])
            activate(self.cat, flow, seat, oid, self.discounted(state.objects[oid].card), int(arg))
        elif verb == "scrap":
            scrap(self.cat, flow, int(arg))
        elif verb == "cancel":
            flow.update(frame, activating=None)
            return
        flow.update(frame, seats=seats[1:], activating=None)

    def resolve_at_once(self, flow: Flow, effect: str, amount: int) -> None:
        """The events that ask nobody."""
        state = flow.state
        seats = range(len(state.players))
        if effect == "mana-surge":
            for s in seats:
                flow.emit(ce.PlayerCounterAdded(s, "mana", amount))
        elif effect == "mana-drought":
            for s in seats:
                if t.mana(state, s) // 2:
                    flow.emit(ce.PlayerCounterAdded(s, "mana", -(t.mana(state, s) // 2)))
        elif effect in ("forge-tremor", "short-circuit"):
            hit = [o.id for o in t.all_field_cards(state)
                   if effect == "forge-tremor" or self.cat.mech(o.card).type == "unique"]
            for oid in hit:
                deal(self.cat, flow, oid, 1)
        elif effect == "asteras-mercy":
            for o in t.all_field_cards(state):
                heal(flow, o.id, 1)
        elif effect == "asteras-whim":
            points = {s: t.vp(state, s) for s in seats}
            top, low = max(points.values()), min(points.values())
            leaders = [s for s in seats if points[s] == top]
            if len(leaders) == 1 and top != low:
                for s in seats:
                    if points[s] == low and t.vp(state, leaders[0]) > 0:
                        flow.emit(ce.PlayerCounterAdded(leaders[0], "vp", -1))
                        flow.emit(ce.PlayerCounterAdded(s, "vp", 1))
        elif effect == "bounty":
            for s in seats:
                if state.players[s].counters.get("stolen", 0) > 0:
                    flow.emit(ce.PlayerCounterAdded(s, "vp", 1))
        elif effect == "eclipse":
            flow.emit(ce.GlobalSet("eclipse_round", t.round_no(state) + 1))
        elif effect == "bloodlust":
            flow.emit(ce.GlobalSet("bloodlust_round", t.round_no(state) + 1))
        else:  # pragma: no cover - the catalog refuses other words
            raise ValueError(f"unknown event effect {effect}")
