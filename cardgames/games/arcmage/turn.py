"""The turn: found a city or take the turn (Unmark, Draw & Resource, Tactics, Play, Attack, Play,
Discard), the end-of-turn cleanup, and whose turn is next."""

from __future__ import annotations

from typing import Any

from cardgames.engine import chain as chainmod
from cardgames.engine import core_events as ce
from cardgames.engine.decisions import Ask, Option
from cardgames.engine.flow import Flow, FnFrame, FrameKind
from cardgames.engine.state import Frame, State
from cardgames.games.arcmage import board, checks, concede, teams
from cardgames.games.arcmage import table as t
from cardgames.games.arcmage import unmark as unmarking
from cardgames.games.arcmage.context import Rules
from cardgames.games.arcmage.events import ResourceMade
from cardgames.games.arcmage.schema import FACTION_NAMES

STEPS = ("begin", "choose", "unmark", "draw", "resource", "tactics", "play1", "attack", "play2", "discard",
         "cleanup", "bonus", "next")
PHASES = {"unmark": "unmark", "draw": "draw & resource", "tactics": "tactics", "play1": "play",
          "attack": "attack", "play2": "play", "discard": "discard"}


def hand_limit(state: State, seat: int) -> int:
    """Discard: 7; the Aminduna overlord one more per team player beyond two (R79)."""
    if state.globals.get("overlord") == seat:
        return t.HAND_LIMIT + int(state.globals.get("extra_players", 0))
    return t.HAND_LIMIT


def next_seat(state: State) -> int:
    """Whose turn is next, clockwise (1v1, free-for-all)."""
    seats = state.seats_from(state.active)
    return seats[1] if len(seats) > 1 else state.active


class Turn:
    """Frame kinds "turn", "tactics", "make_resource" and "found"."""

    def __init__(self, rules: Rules, flush: Any) -> None:
        self.rules = rules
        self.flush = flush

    def frame_kinds(self) -> dict[str, FrameKind]:
        return {"turn": FnFrame(self.run, self.answer), "tactics": FnFrame(self.tactics_run, self.tactics_answer),
                "make_resource": FnFrame(self.resource_run, self.resource_answer),
                "found": FnFrame(self.found_run, self.found_answer),
                "bonus": FnFrame(self.bonus_run, self.bonus_answer)}

    def name(self, state: State, oid: int) -> str:
        return self.rules.card_name(state, state.objects[oid])

    def run(self, flow: Flow, frame: Frame) -> Ask | None:
        state = flow.state
        if self.flush(flow):
            return None
        step = str(frame.data["step"])
        seat = state.active
        if state.players[seat].eliminated and step not in ("begin", "cleanup", "bonus", "next"):
            flow.update(frame, step="cleanup")  # R66: the rest of a defeated player's turn is skipped
            return None
        if step == "choose":
            if state.players[seat].props.get("skip"):  # Aminduna: a teammate founded a city
                flow.emit(ce.PlayerPropSet(seat, "skip", None))
                flow.update(frame, step="cleanup")
                return None
            return self._choose(state, seat)
        nxt = STEPS[(STEPS.index(step) + 1) % len(STEPS)]
        flow.update(frame, step=nxt)
        phase = PHASES.get(step)
        if phase and state.phase != phase:
            flow.emit(ce.PhaseBegan(phase))
        if step == "begin":
            if checks.deadlines(flow, state.turn + 1):
                return None
            flow.emit(ce.TurnBegan(state.turn + 1, int(frame.data.get("seat", seat))))
            flow.emit(ce.PhaseBegan("start of turn"))
            new = int(frame.data.get("seat", seat))
            for o in t.all_creatures(state):  # Spirit Tree L3: the raised creature leaves the game
                if o.props.get("exile_at") == new:
                    checks.leave_play(flow, o, t.gone(o.owner))
            flow.emit(ce.GlobalSet("moved_cities", []))
        elif step == "unmark":
            self.unmark(flow, seat)
        elif step == "draw":
            checks.draw(flow, seat, int(frame.data.get("draw", 1)))
        elif step == "resource":
            n = 2 - int(frame.data.get("draw", 1))
            if n > 0:
                flow.push("make_resource", seat=seat, left=n, optional=n == 1, card=None)
        elif step == "tactics":
            flow.push("tactics", done=[], city=None, declared=[], stage="pick")
            for c in t.cities(state, seat):  # R85: Little Brother hurts the city it lives in, any owner's
                for o in t.residents(state, c.id):
                    if self.rules.cards[o.card].city_tactics is not None:
                        checks.queue(flow, o, f"card:{o.card}:city_tactics")
        elif step in ("play1", "play2"):
            chainmod.open_window(flow, seat, step, "Play phase")
        elif step == "attack":
            flow.push("attack", stage="target", cities=[], attackers=[], aims={})
        elif step == "discard":
            for o in t.creatures_of(state, seat):  # Mercenary: it attacked, it dies now
                if o.props.get("doomed") == state.turn:
                    checks.destroy(flow, o)
            over = len(state.zones[t.hand(seat)].cards) - hand_limit(state, seat)
            if over > 0:
                flow.push("discard", seat=seat, left=over, why="limit")
        elif step == "cleanup":
            self.cleanup(flow)
        elif step == "bonus" and state.globals.get("overlord") == seat and state.zones[t.deck(seat)].cards:
            flow.push("bonus", seat=seat)
        elif step == "next":
            giant = state.globals.get("giant")
            if isinstance(giant, dict):  # Team Player Order: teams alternate, each keeps its own order
                nxt_seat, after = teams.step(giant, lambda s: not state.players[s].eliminated)
                flow.emit(ce.GlobalSet("giant", after))
            else:
                nxt_seat = next_seat(state)
            flow.update(frame, step="begin", draw=1, seat=nxt_seat)
        return None

    def _choose(self, state: State, seat: int) -> Ask:
        """Draw & Resource: draw 2; or draw 1 and make up to 1 resource; or draw 0 and make 2 (only with two
        cards in hand); with an empty hand, draw. Or skip the whole turn to found a city (Founding a city)."""
        hand = len(state.zones[t.hand(seat)].cards)
        opts = [Option("draw:2", "Draw 2 cards, make no resource", "draw"),
                Option("draw:1", "Draw 1 card and make up to 1 resource card", "draw")]
        if hand >= 2:
            opts.append(Option("draw:0", "Draw nothing and make 2 resource cards", "draw"))
        if state.zones[t.unbuilt(seat)].cards:
            opts.append(Option("found", "Skip this turn to found a city", "found"))
        opts.append(concede.option())  # R68
        return Ask(seat, "turn", f"Turn {state.turn}: how do you take this turn?", opts)

    def answer(self, flow: Flow, frame: Frame, option: Option) -> None:
        if option.key == concede.KEY:
            concede.begin(flow, flow.state.active)
            return
        if option.key == "found":
            flow.update(frame, step="cleanup")
            flow.push("found", seat=flow.state.active)
            if flow.state.globals.get("unmark_before_founding"):  # R18's toggle: Unmark, then found
                flow.emit(ce.PhaseBegan("unmark"))
                self.unmark(flow, flow.state.active)  # its choices (kept marked?) come before the city
            return
        flow.update(frame, step="unmark", draw=int(option.key.split(":")[1]))

    def unmark(self, flow: Flow, seat: int) -> None:
        """Unmark: every marked card the player controls unmarks (Entangled keeps its creature marked);
        devotion lapses with it. Creatures last, some by choice (`unmark.start`)."""
        state = flow.state
        creatures = t.creatures_of(state, seat)
        creature_ids = {o.id for o in creatures}
        cards = [*creatures, *state.cards_in(t.vault(seat)), *state.cards_in(t.ench(seat))]
        # The passives keeping cards marked, read before anything unmarks (speed: once, not again after each
        # card). What unmarks below changes none of them: it touches only the card at hand, the marked
        # creatures wait (`later`), and devotion counts marked residents only.
        kept = {o.id for o in cards if o.controller == seat and o.exhausted
                and board.flag(self.rules, state, o, "no_unmark")}
        later = []
        for o in cards:
            if o.controller != seat or o.id in kept:
                continue
            hold = int(o.props.get("hold") or 0)
            if hold:  # Nightingale (1), Trebuchet (2): stays marked through this many Unmark phases
                flow.emit(ce.ObjectPropSet(o.id, "hold", hold - 1 or None))
                continue
            if o.exhausted and o.id in creature_ids:
                if not checks.locked(state, o):
                    later.append(o)
            else:
                checks.unmark(flow, o)
        unmarking.start(flow, seat, later)

    def cleanup(self, flow: Flow) -> None:
        """R13: the player sacrifices their rabid creatures (R89), creatures heal, until-end-of-turn effects
        end, produced resources expire."""
        state = flow.state
        for o in list(t.creatures_of(state, state.active)):
            if o.counters.get("rabies") and t.in_play(o):
                checks.leave_play(flow, o, t.gone(o.owner))
        for o in t.all_creatures(state):
            for name in ("damage", "deadly"):
                if o.counters.get(name):
                    flow.emit(ce.CounterAdded(o.id, name, -o.counters[name]))
        ends = [m.id for m in state.modifiers if m.until == "turn"]
        if ends:
            flow.emit(ce.EffectsExpired(ends))
        for p in state.players:
            for key, n in list(p.counters.items()):
                if key.startswith("pool:") and n:
                    flow.emit(ce.PlayerCounterAdded(p.seat, key, -n))
        for key in ("outmaneuvered", "extra_attack", "aid"):
            if state.globals.get(key):
                flow.emit(ce.GlobalSet(key, None))

    # -- Draw & Resource: making resource cards -------------------------------------------------

    def resource_run(self, flow: Flow, frame: Frame) -> Ask | None:
        state = flow.state
        seat = int(frame.data["seat"])
        hand = state.cards_in(t.hand(seat))
        if int(frame.data["left"]) <= 0 or (not hand and frame.data["card"] is None) \
                or board.resource_capped(self.rules, state, seat):
            flow.pop(frame)
            return None
        if frame.data["card"] is None:
            opts = [Option(f"res:{o.id}", f"Make {self.name(state, o.id)} a resource card", "resource", o.id)
                    for o in hand]
            if frame.data["optional"]:
                opts.append(Option("done", "Make no resource card", "done"))
            return Ask(seat, "resource", f"Make a resource card ({frame.data['left']} to go): any card, face down",
                       opts)
        return Ask(seat, "faction", "The new resource card's faction (any; it never changes)",
                   [Option(f"faction:{f}", FACTION_NAMES[f], "faction") for f in t.FACTION_ORDER])

    def resource_answer(self, flow: Flow, frame: Frame, option: Option) -> None:
        key, _, rest = option.key.partition(":")
        seat = int(frame.data["seat"])
        if key == "done":
            flow.pop(frame)
        elif key == "res":
            flow.update(frame, card=int(rest))
        else:
            flow.emit(ResourceMade(int(frame.data["card"]), seat, rest))
            flow.update(frame, card=None, left=int(frame.data["left"]) - 1)

    # -- Tactics: devotion -----------------------------------------------------------------

    def tactics_run(self, flow: Flow, frame: Frame) -> Ask | None:
        if self.flush(flow):
            return None
        state = flow.state
        seat = state.active
        d = frame.data
        if d["stage"] == "pick":
            cities = [c for c in t.cities(state, seat) if c.id not in d["done"]
                      and any(not o.exhausted and o.controller == seat for o in t.residents(state, c.id))]
            if not cities:
                flow.pop(frame)
                return None
            opts = [Option(f"city:{c.id}", f"Devote to {self.name(state, c.id)}", "city", c.id) for c in cities]
            return Ask(seat, "tactics", "Tactics: choose a city to show devotion to, or end the phase",
                       [*opts, Option("done", "End the Tactics phase", "done")])
        city = state.objects[int(d["city"])]
        if d["stage"] == "declare":
            declared = [int(x) for x in d["declared"]]
            opts = [Option(f"devote:{o.id}", f"{self.name(state, o.id)} devotes "
                           f"({self._worth(o.card)})", "devote", o.id)
                    for o in t.residents(state, city.id)
                    if not o.exhausted and o.controller == seat and o.id not in declared]
            opts += self._exile_options(state, seat, city, d)
            if declared:
                opts.append(Option("done", f"These {len(declared)} devote to {self.name(state, city.id)}", "done"))
            else:
                opts.append(Option("back", "Choose another city", "cancel"))
            return Ask(seat, "devote", f"Declare the residents devoting to {self.name(state, city.id)} (all at once)",
                       opts)
        # stage "apply": mark the declared creatures, count devotion, fire the levels reached (Effects).
        self._apply(flow, frame, city)
        return None

    def _exile_options(self, state: State, seat: int, city: Any, d: Any) -> list[Option]:
        """Qualaris: while devoting, cards of a faction exiled from your graveyard add their loyalty."""
        fac = self.rules.cards[city.card].grave_devotion
        if fac is None:
            return []
        gone = [int(x) for x in d.get("exiled") or []]
        return [Option(f"exile:{o.id}", f"Exile {self.name(state, o.id)} from your graveyard "
                                        f"(+{card.loyalty} devotion)", "exile", o.id)
                for o in state.cards_in(t.grave(seat)) if o.id not in gone
                for card in [self.rules.cards[o.card]] if card.faction == fac and card.loyalty > 0]

    def _worth(self, cid: str) -> int:
        return self.rules.cat.worth[cid]

    def _apply(self, flow: Flow, frame: Frame, city: Any) -> None:
        state = flow.state
        declared = list(frame.data["declared"])
        exiled = [int(x) for x in frame.data.get("exiled") or []]
        flow.update(frame, stage="pick", done=[*frame.data["done"], city.id], city=None, declared=[], exiled=[])
        if not t.in_play(city):
            return
        extra = 0
        for oid in exiled:  # Qualaris: out of the game, their loyalty adds to this devotion
            o = state.objects[oid]
            if o.zone == t.grave(state.active):
                extra += self.rules.cards[o.card].loyalty
                flow.emit(ce.ObjectMoved(oid, t.gone(o.owner)))
        for oid in declared:
            o = state.objects[int(oid)]
            if t.city_of(o) == city.id and not o.exhausted:
                checks.mark(flow, o)
                flow.emit(ce.ObjectPropSet(o.id, "devoted", city.id))
                if self.rules.cards[o.card].devotes is not None:
                    checks.queue(flow, o, f"card:{o.card}:devotes")
        dev = board.devotion(self.rules, state, city.id) + extra
        flow.emit(ce.GlobalSet(f"devotion:{city.id}", dev))
        for i, lv in sorted(enumerate(self.rules.cards[city.card].levels), key=lambda x: x[1].level):
            if lv.lasts == "once" and dev >= lv.level:
                checks.queue(flow, city, f"card:{city.card}:level:{i}")

    def tactics_answer(self, flow: Flow, frame: Frame, option: Option) -> None:
        key, _, rest = option.key.partition(":")
        d = frame.data
        if key == "done" and d["stage"] == "pick":
            flow.pop(frame)
        elif key == "city":
            flow.update(frame, stage="declare", city=int(rest), declared=[])
        elif key == "devote":
            flow.update(frame, declared=[*d["declared"], int(rest)])
        elif key == "exile":
            flow.update(frame, exiled=[*(d.get("exiled") or []), int(rest)])
        elif key == "back":
            flow.update(frame, stage="pick", city=None, exiled=[])
        elif key == "done":
            flow.update(frame, stage="apply")
            chainmod.open_window(flow, flow.state.active, "tactics", "Devotion declared")

    # -- Founding a city --------------------------------------------------------------------

    def found_run(self, flow: Flow, frame: Frame) -> Ask | None:
        seat = int(frame.data["seat"])
        return Ask(seat, "found", "Found which of your unbuilt cities?",
                   [Option(f"found:{o.id}", f"Found {self.name(flow.state, o.id)}", "found", o.id)
                    for o in flow.state.cards_in(t.unbuilt(seat))])

    def found_answer(self, flow: Flow, frame: Frame, option: Option) -> None:
        seat = int(frame.data["seat"])
        flow.pop(frame)
        flow.emit(ce.ObjectMoved(int(option.key.split(":")[1]), t.kingdom(seat)))
        lord = flow.state.globals.get("overlord")
        if lord is not None and lord != seat:  # Aminduna: building a city skips every team player's next turn
            for mate in t.teammates(flow.state, seat):
                flow.emit(ce.PlayerPropSet(mate, "skip", True))
        chainmod.open_window(flow, seat, "founded", "A city was founded")

    # -- Aminduna: the overlord's extra draw ---------------------------------------------------

    def bonus_run(self, flow: Flow, frame: Frame) -> Ask | None:
        """The overlord optionally draws one card (one more per team player beyond two) as its turn ends."""
        state = flow.state
        seat = int(frame.data["seat"])
        most = min(1 + int(state.globals.get("extra_players", 0)), len(state.zones[t.deck(seat)].cards))
        return Ask(seat, "bonus", "The overlord may draw extra cards as the turn ends",
                   [Option(f"bonus:{n}", f"Draw {n}" if n else "Draw nothing", "bonus") for n in range(most, -1, -1)])

    def bonus_answer(self, flow: Flow, frame: Frame, option: Option) -> None:
        flow.pop(frame)
        checks.draw(flow, int(frame.data["seat"]), int(option.key.split(":")[1]))
