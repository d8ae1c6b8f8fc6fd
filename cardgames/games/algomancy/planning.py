"""The planning phase: refresh, draw, the draft (or draw 2 and recycle 2), and the resource step."""

from __future__ import annotations

from cardgames.engine import core_events as ce
from cardgames.engine.decisions import Ask, Option
from cardgames.engine.flow import Flow, FnFrame, FrameKind
from cardgames.engine.state import Frame
from cardgames.games.algomancy import table as t
from cardgames.games.algomancy.checks import create, draw
from cardgames.games.algomancy.context import Rules
from cardgames.games.algomancy.schema import ELEMENTS
from cardgames.games.algomancy.seating import acting_seats, turn_order


class Planning:
    """Draw, draft and resources (rulebook: Draw and draft step; The planning phase)."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules

    def frame_kinds(self) -> dict[str, FrameKind]:
        return {
            "draft": FnFrame(self._draft_run, self._draft_answer),
            "recycle": FnFrame(self._recycle_run, self._recycle_answer),
            "resources": FnFrame(self._resources_run, self._resources_answer),
        }

    # -- cards -----------------------------------------------------------------------------

    def deal_pack(self, flow: Flow, seat: int) -> None:
        for _ in range(t.PACK):
            draw(flow, seat, t.pack(seat))

    def recycle(self, flow: Flow, obj: int, seat: int) -> None:
        """Put a card on the bottom of the deck it came from (the shared deck, or its owner's)."""
        owner = flow.state.objects[obj].owner
        deck = t.deck_of(flow.state, owner if owner >= 0 else seat)
        flow.emit(ce.ObjectMoved(obj, deck, index=0, reset=True))
        flow.emit(ce.ObjectPropSet(obj, "recycled_by", seat))

    def refresh(self, flow: Flow) -> None:
        """Step 1: every resource refreshes; activations and once-per-turn marks reset (R9)."""
        state = flow.state
        for s in state.live_seats():
            for obj in state.cards_in(t.resources(s)):
                if obj.exhausted:
                    flow.emit(ce.ObjectChanged(obj.id, exhausted=False))
            if state.players[s].props.get("activations"):
                flow.emit(ce.PlayerPropSet(s, "activations", 0))
        marked = [o for o in state.objects.values() if "used" in o.props or "graft_used" in o.props]
        for obj in marked:  # each one's marks change only here, after it was picked out
            for mark in ("used", "graft_used"):
                if obj.props.get(mark):
                    flow.emit(ce.ObjectPropSet(obj.id, mark, None))

    def start_draft(self, flow: Flow) -> None:
        """Step 3: refresh the packs when a cycle of N+1 turns is over, then each player drafts, in turn
        order (in team games the initiative team first: A70)."""
        state = flow.state
        seats = turn_order(state, t.initiative(state))
        if state.globals.get("format") != "draft":
            for s in reversed(seats):
                flow.push("recycle", seat=s, left=2)
            for s in seats:
                for _ in range(2):
                    draw(flow, s)
            return
        turns = int(state.globals.get("pack_turns", 0))
        if turns >= len(seats) + 1:
            decks = {t.deck_of(state, s) for s in seats}  # the shared deck, or each team's (team draft)
            if sum(len(state.zones[d].cards) for d in decks) + sum(len(state.zones[t.pack(s)].cards) for s in seats) \
                    >= t.PACK * len(seats):
                for s in seats:
                    for oid in list(state.zones[t.pack(s)].cards):
                        self.recycle(flow, oid, s)
                for s in seats:
                    self.deal_pack(flow, s)
            turns = 0
        flow.emit(ce.GlobalSet("pack_turns", turns + 1))
        for s in reversed(seats):
            flow.push("draft", seat=s)

    def pass_packs(self, flow: Flow) -> None:
        """After the draft every pack goes to the next player clockwise (clockwise, not turn order: the
        neighbour is who sits next)."""
        state = flow.state
        seats = t.priority_order(state, acting_seats(state))
        if state.globals.get("format") != "draft" or len(seats) < 2:
            return
        moving = {s: list(state.zones[t.pack(s)].cards) for s in seats}
        for i, s in enumerate(seats):
            dest = seats[(i + 1) % len(seats)]
            if state.globals.get("team_decks"):  # team draft: a team's packs stay with the team
                dest = next(seats[(i + k) % len(seats)] for k in range(1, len(seats) + 1)
                            if state.players[seats[(i + k) % len(seats)]].team == state.players[s].team)
            for oid in moving[s]:
                flow.emit(ce.ObjectMoved(oid, t.pack(dest)))

    # -- the draft -------------------------------------------------------------------------

    def _draft_run(self, flow: Flow, frame: Frame) -> Ask | None:
        state = flow.state
        seat = int(frame.data["seat"])
        pack = state.cards_in(t.pack(seat))
        hand = state.cards_in(t.hand(seat))
        name = self.rules.card_name
        keep = [Option(f"take:{o.id}", f"Keep {name(state, o)} (from the pack)", "take", o.id) for o in pack]
        put = [Option(f"give:{o.id}", f"Put {name(state, o)} in the pack", "give", o.id) for o in hand]
        need = len(pack) - t.PACK
        # what the pack needs next comes first, under the number keys: put back when it is short
        opts = put + keep if need < 0 else keep + put
        if not need:
            opts.insert(0, Option("done", f"Done: pass the pack ({len(pack)} cards)", "done"))
        count = (f"the pack holds {len(pack)}: " + (f"keep {need} more" if need > 0 else f"put {-need} back")
                 if need else "the pack holds exactly 10")
        return Ask(seat, "draft", f"Draft: choose the cards you keep ({count})", opts,
                   {"pack": len(pack), "hand": len(hand)})

    def _draft_answer(self, flow: Flow, frame: Frame, option: Option) -> None:
        seat = int(frame.data["seat"])
        if option.key == "done":
            flow.pop(frame)
            return
        verb, oid = option.key.split(":")
        flow.emit(ce.ObjectMoved(int(oid), t.hand(seat) if verb == "take" else t.pack(seat)))

    def _recycle_run(self, flow: Flow, frame: Frame) -> Ask | None:
        state = flow.state
        seat = int(frame.data["seat"])
        hand = state.cards_in(t.hand(seat))
        if int(frame.data["left"]) <= 0 or not hand:
            flow.pop(frame)
            return None
        opts = [Option(f"recycle:{o.id}", f"Recycle {self.rules.card_name(state, o)}", "recycle", o.id)
                for o in hand]
        deck = "the shared deck" if state.globals.get("format") == "draft" else "your deck"
        source = frame.data.get("source")
        if source is not None and int(source) in state.objects:  # an effect recycles (Depth Scholar)
            why = self.rules.card_name(state, state.objects[int(source)])
        else:  # the draft step of a constructed game: draw 2, recycle 2 (p.16)
            why = "Draft (constructed)"
        return Ask(seat, "recycle", f"{why}: recycle {frame.data['left']} more card(s) "
                   f"from your hand to the bottom of {deck}", opts)

    def _recycle_answer(self, flow: Flow, frame: Frame, option: Option) -> None:
        self.recycle(flow, int(option.key.split(":")[1]), int(frame.data["seat"]))
        flow.update(frame, left=int(frame.data["left"]) - 1)

    # -- resources -------------------------------------------------------------------------

    def _resources_run(self, flow: Flow, frame: Frame) -> Ask | None:
        state = flow.state
        seat = int(frame.data["seat"])
        pending = frame.data.get("pending")
        cards = self.rules.cards
        name = self.rules.card_name
        if pending and str(pending).startswith("create:"):
            element = str(pending).split(":")[1]
            opts = [Option(f"recycle:{o.id}", f"Recycle {name(state, o)}", "recycle", o.id)
                    for o in state.cards_in(t.hand(seat))]
            opts.append(Option("back", "Back", "cancel"))
            res = self.rules.cat.resource_for(element)  # type: ignore[arg-type]
            return Ask(seat, "resources", f"Create {res.name}: recycle which card from your hand?", opts)
        if pending and str(pending).startswith("exchange:"):
            opts = [Option(f"to:{r.affinity_gives}", f"{r.name} ({r.affinity_gives})", "exchange")
                    for r in self.rules.cat.resources()]
            opts.append(Option("back", "Back", "cancel"))
            return Ask(seat, "resources", "Exchange the Prismite for which resource?", opts)
        used = int(state.players[seat].props.get("activations", 0))
        opts = [Option("done", "Done with resources", "done")]
        if state.cards_in(t.hand(seat)):
            opts += [Option(f"create:{r.affinity_gives}", f"Create {r.name} (recycle a card from hand)", "create")
                     for r in self.rules.cat.resources()]
        for obj in state.cards_in(t.resources(seat)):
            if obj.props.get("face_down") and used < t.MAX_ACTIVATIONS:
                opts.append(Option(f"activate:{obj.id}", f"Activate {name(state, obj)}", "activate", obj.id))
            elif not obj.props.get("face_down") and obj.card == "prismite":
                opts.append(Option(f"exchange:{obj.id}", "Exchange an active Prismite", "exchange", obj.id))
        have = t.affinity(state, seat, cards)
        aff = ", ".join(f"{e} {have[e]}" for e in ELEMENTS if have.get(e)) or "none"
        return Ask(seat, "resources",
                   f"Resources: create, activate ({used}/{t.MAX_ACTIVATIONS} this turn), exchange (affinity: {aff})",
                   opts)

    def _resources_answer(self, flow: Flow, frame: Frame, option: Option) -> None:
        seat = int(frame.data["seat"])
        key = option.key
        if key == "done":
            flow.pop(frame)
        elif key == "back":
            flow.update(frame, pending=None)
        elif key.startswith(("create:", "exchange:")):
            flow.update(frame, pending=key)
        elif key.startswith("recycle:"):
            element = str(frame.data["pending"]).split(":")[1]
            self.recycle(flow, int(key.split(":")[1]), seat)
            res = self.rules.cat.resource_for(element)  # type: ignore[arg-type]
            create(self.rules, flow, res.id, seat, t.resources(seat), {"face_down": True})
            flow.update(frame, pending=None)
        elif key.startswith("to:"):
            self.exchange(flow, seat, int(str(frame.data["pending"]).split(":")[1]), key.split(":")[1])
            flow.update(frame, pending=None)
        elif key.startswith("activate:"):
            self.activate(flow, seat, int(key.split(":")[1]))

    def activate(self, flow: Flow, seat: int, obj: int) -> None:
        """Turn a dormant resource face up; an elemental one gives a dormant Shard at ≥ 3 affinity (R7)."""
        state = flow.state
        flow.emit(ce.ObjectPropSet(obj, "face_down", None))
        flow.emit(ce.PlayerPropSet(seat, "activations", int(state.players[seat].props.get("activations", 0)) + 1))
        gives = self.rules.cards[state.objects[obj].card].affinity_gives
        if gives is not None and t.element_count(state, seat, gives, self.rules.cards) >= t.SHARD_AFFINITY:
            create(self.rules, flow, "shard", seat, t.resources(seat), {"face_down": True})

    def exchange(self, flow: Flow, seat: int, prismite: int, element: str) -> None:
        """An active Prismite becomes an elemental resource, active, as expended as it was (R8)."""
        state = flow.state
        spent = state.objects[prismite].exhausted
        flow.emit(ce.ObjectMoved(prismite, "erased", reset=True))
        res = self.rules.cat.resource_for(element)  # type: ignore[arg-type]
        new = create(self.rules, flow, res.id, seat, t.resources(seat))
        if spent:
            flow.emit(ce.ObjectChanged(new, exhausted=True))

    def resources_step(self, flow: Flow) -> None:
        """Step 4: each player in turn order (in team games the initiative team first: A70)."""
        state = flow.state
        for s in reversed(turn_order(state, t.initiative(state))):
            flow.push("resources", seat=s, pending=None)

