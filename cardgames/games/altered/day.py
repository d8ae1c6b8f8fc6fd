"""The Day: Morning (Succeed, Prepare, Draw, Expand), Noon, Afternoon (turns), Dusk (Progress),
Night (Rest, Clean-up, Check Victory) — fragment 1.3.2, 4.2, 4.3; reactions are checked at the
start of each phase and after each daily effect (4.2.b–e)."""

from __future__ import annotations

from collections.abc import Callable

from cardgames.engine import core_events as ce
from cardgames.engine.decisions import Ask, Option
from cardgames.engine.flow import Flow, FnFrame, FrameKind
from cardgames.engine.state import Frame, GameObject, State
from cardgames.games.altered import asks, legal, steps
from cardgames.games.altered import table as t
from cardgames.games.altered.context import Rules
from cardgames.games.altered.events import AfterYou, FirstPlayer, TiebreakersBegan
from cardgames.games.altered.schema import TERRAINS

PASS = Option("pass", "Pass (no more turns this Afternoon)", "pass")
"""A turn's last option, found without listing the others."""
KEEP = Option("skip", "Keep them all", "pass")
"""Expand: no card to the Mana zone."""
DAY_CAP = 40
"""Ruling H17: after Night of this day with no winner, the greater total distance wins, else a draw."""

FIRST_DAY = ("morning", "deal", "orbs", "noon", "afternoon", "dusk", "progress", "rest", "cleanup", "victory")
LATER_DAY = (
    "morning",
    "succeed",
    "prepare",
    "draw",
    "expand",
    "noon",
    "afternoon",
    "dusk",
    "progress",
    "rest",
    "cleanup",
    "victory",
)


def day_steps(state: State) -> tuple[str, ...]:
    return FIRST_DAY if t.day(state) == 1 else LATER_DAY


class Day:
    """Frame kinds "day", "afternoon", "orbs" (Day-1 mana and Expand) and "cleanup"."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self._steps: dict[str, Callable[[Flow], None]] = {
            step: getattr(self, f"_{step}") for step in {*FIRST_DAY, *LATER_DAY}
        }
        """Each daily effect's method, by its name in `FIRST_DAY` and `LATER_DAY`."""

    def frame_kinds(self) -> dict[str, FrameKind]:
        return {
            "day": FnFrame(self._day_run),
            "afternoon": FnFrame(self._afternoon_run, self._afternoon_answer),
            "orbs": FnFrame(self._orbs_run, self._orbs_answer),
            "cleanup": FnFrame(self._cleanup_run, self._cleanup_answer),
        }

    # -- the day's daily effects -----------------------------------------------------------

    def _day_run(self, flow: Flow, frame: Frame) -> Ask | None:
        state = flow.state
        i = int(frame.data["i"])
        names = day_steps(state)
        if i >= len(names):
            flow.emit(ce.GlobalSet("day", t.day(state) + 1))
            flow.emit(ce.GlobalSet("uses", {}))
            flow.update(frame, i=0)
            return None
        step = names[i]
        flow.update(frame, i=i + 1)
        flow.push("reactions")
        self._steps[step](flow)
        return None

    def _morning(self, flow: Flow) -> None:
        flow.emit(ce.PhaseBegan("morning"))
        steps.trigger_phase(flow, "morning")

    def _deal(self, flow: Flow) -> None:
        """Day 1 replaces Morning: each player draws six cards (ruling H20)."""
        for seat in t.initiative_order(flow.state):
            steps.draw(flow, seat, t.DAY_ONE_DRAW)

    def _orbs(self, flow: Flow) -> None:
        """…and puts three of them face down and ready in their Mana zone, in initiative order."""
        for seat in reversed(t.initiative_order(flow.state)):
            flow.push("orbs", seat=seat, left=t.DAY_ONE_ORBS, optional=False)

    def _succeed(self, flow: Flow) -> None:
        """The opponent of the first player becomes the first player."""
        state = flow.state
        flow.emit(FirstPlayer(state.seats_from(t.first_player(state))[1]))

    def _prepare(self, flow: Flow) -> None:
        """Players ready their Hero, Characters, Permanents, Reserve and Mana Orbs."""
        state = flow.state
        for seat in range(len(state.players)):
            for obj in [*steps.in_play_of(state, seat), *state.cards_in(t.reserve(seat))]:
                if obj.exhausted:
                    flow.emit(ce.ObjectChanged(obj.id, exhausted=False))
            spent = state.players[seat].counters.get("orbs_exhausted", 0)
            if spent:
                flow.emit(ce.PlayerCounterAdded(seat, "orbs_exhausted", -spent))

    def _draw(self, flow: Flow) -> None:
        for seat in t.initiative_order(flow.state):
            steps.draw(flow, seat, t.DAILY_DRAW)

    def _expand(self, flow: Flow) -> None:
        for seat in reversed(t.initiative_order(flow.state)):
            flow.push("orbs", seat=seat, left=1, optional=True)

    def _noon(self, flow: Flow) -> None:
        flow.emit(ce.PhaseBegan("noon"))
        steps.trigger_phase(flow, "noon")

    def _afternoon(self, flow: Flow) -> None:
        state = flow.state
        flow.emit(ce.PhaseBegan("afternoon"))
        flow.emit(ce.GlobalSet("characters_played", {}))
        flow.emit(ce.TurnBegan(state.turn + 1, t.first_player(state)))
        flow.push("afternoon", passed=[], pending=None)

    def _dusk(self, flow: Flow) -> None:
        flow.emit(ce.PhaseBegan("dusk"))
        steps.trigger_phase(flow, "dusk")

    def _progress(self, flow: Flow) -> None:
        progress(flow, self.rules)

    def _rest(self, flow: Flow) -> None:
        flow.emit(ce.PhaseBegan("night"))
        rest(flow, self.rules)

    def _cleanup(self, flow: Flow) -> None:
        flow.push("cleanup", order=t.initiative_order(flow.state), i=0, discards=[])

    def _victory(self, flow: Flow) -> None:
        steps.expire_emblems(flow, "day")
        check_victory(flow, self.rules)

    # -- Day 1 orbs and Expand ----------------------------------------------------------------

    def _orbs_run(self, flow: Flow, frame: Frame) -> Ask | None:
        state = flow.state
        seat = int(frame.data["seat"])
        hand = state.zones[t.hand(seat)].cards
        if int(frame.data["left"]) <= 0 or not hand:
            flow.pop(frame)
            return None

        def label(oid: int) -> str:
            return f"{self.rules.card_name(state, state.objects[oid])} as a Mana Orb"

        if frame.data["optional"]:
            return asks.per_object(
                seat,
                "expand",
                "Expand: you may put a card from your Hand in your Mana zone (ready)",
                "orb",
                hand,
                label,
                "orb",
                (KEEP,),
            )
        left = int(frame.data["left"])
        return asks.per_object(
            seat,
            "orbs",
            f"Day 1: put {left} more card{'s' if left > 1 else ''} from your Hand in your Mana zone (ready)",
            "orb",
            hand,
            label,
            "orb",
        )

    def _orbs_answer(self, flow: Flow, frame: Frame, option: Option) -> None:
        if option.key == "skip":
            flow.pop(frame)
            return
        oid = int(option.key.split(":")[1])
        flow.emit(ce.ObjectMoved(oid, t.mana(int(frame.data["seat"])), reset=True))
        flow.update(frame, left=int(frame.data["left"]) - 1)

    # -- the Afternoon ---------------------------------------------------------------------

    def _afternoon_run(self, flow: Flow, frame: Frame) -> Ask | None:
        state = flow.state
        pending = frame.data.get("pending")
        if pending is not None:
            cancelled = bool(state.globals.get("cancelled"))
            if cancelled:
                flow.emit(ce.GlobalSet("cancelled", False))
                flow.update(frame, pending=None)
                return None
            if pending == "quick" and not state.globals.get("after_you"):
                flow.update(frame, pending=None)
                return None
            self._end_turn(flow, frame)
            return None
        seat = state.active
        # listed only when read: a replay finds its saved answer alone (`turn_option`)
        return Ask(
            seat,
            "turn",
            f"Your turn (day {t.day(state)}): play a quick action, then a card, or pass",
            lambda: [*self.turn_options(state, seat), PASS],
            sure=(PASS,),
            finder=lambda key: self.turn_option(state, seat, key),
        )

    def turn_options(self, state: State, seat: int) -> list[Option]:
        """The cards the seat may play and the quick actions and support abilities it may use."""
        cards = self.rules.cards
        options = [self._play_option(state, seat, obj, cost) for obj, cost in legal.playable(state, cards, seat)]
        for obj, i, _ab in legal.usable_abilities(state, cards, seat):
            options.append(self._quick_option(state, seat, obj, i))
        return options

    def turn_option(self, state: State, seat: int, key: str) -> Option | None:
        """The option of `turn_options` with this key, found alone (None: not among them)."""
        head, _, rest = key.partition(":")
        found: Option | None = None
        if head == "play" and rest.isdecimal():
            cost = legal.play_cost(state, self.rules.cards, seat, int(rest))
            if cost is not None:
                found = self._play_option(state, seat, state.objects[int(rest)], cost)
        elif head == "quick":
            oid, _, i = rest.partition(":")
            usable = oid.isdecimal() and i.isdecimal()
            if usable and legal.usable_ability(state, self.rules.cards, seat, int(oid), int(i)) is not None:
                found = self._quick_option(state, seat, state.objects[int(oid)], int(i))
        return found if found is not None and found.key == key else None

    def _play_option(self, state: State, seat: int, obj: GameObject, cost: int) -> Option:
        where = "Reserve" if obj.zone == t.reserve(seat) else "Hand"
        label = f"Play {self.rules.card_name(state, obj)} from {where} ({cost})"
        return Option(f"play:{obj.id}", label, "action", obj.id)

    def _quick_option(self, state: State, seat: int, obj: GameObject, i: int) -> Option:
        what = "support" if obj.zone == t.reserve(seat) else "quick action"
        text = [ln for ln in self.rules.cards[obj.card].text.split("\n") if ln]
        line = next((ln for ln in text if ln.startswith(("Support", "Exhaust", "Pay"))), what)
        return Option(f"quick:{obj.id}:{i}", f"{self.rules.card_name(state, obj)} — {line}", "quick", obj.id)

    def _afternoon_answer(self, flow: Flow, frame: Frame, option: Option) -> None:
        seat = flow.state.active
        key = option.key
        if key == "pass":
            flow.update(frame, passed=[*frame.data["passed"], seat], pending="end")
            flow.emit(ce.PlayerPropSet(seat, "passed", True))
            flow.push("reactions")
            return
        parts = key.split(":")
        oid = int(parts[1])
        if parts[0] == "play":
            flow.update(frame, pending="card")
            flow.push("reactions")
            flow.push("declare", what="card", seat=seat, source=oid, ref=self._spell_ref(flow, oid), targets={})
            return
        i = int(parts[2])
        flow.update(frame, pending="quick")
        flow.push("reactions")
        flow.push(
            "declare",
            what="ability",
            seat=seat,
            source=oid,
            index=i,
            ref=f"ab:{flow.state.objects[oid].card}:{i}",
            targets={},
        )

    def _spell_ref(self, flow: Flow, oid: int) -> str | None:
        card = self.rules.cards[flow.state.objects[oid].card]
        return f"spell:{card.id}" if card.kind == "spell" else None

    def _end_turn(self, flow: Flow, frame: Frame) -> None:
        """The turn ends: "this turn" emblems end; the next player who has not passed takes a turn;
        when all have passed the Afternoon ends (fragment 4.2.3)."""
        state = flow.state
        steps.expire_emblems(flow, "turn")
        if state.globals.get("after_you"):
            flow.emit(AfterYou(state.active, on=False))
        passed = set(frame.data["passed"])
        nxt = [s for s in [*state.seats_from(state.active)[1:], state.active] if s not in passed]
        if not nxt:
            steps.expire_emblems(flow, "afternoon")
            for s in frame.data["passed"]:
                flow.emit(ce.PlayerPropSet(int(s), "passed", False))
            flow.pop(frame)
            return
        flow.update(frame, pending=None)
        flow.emit(ce.TurnBegan(state.turn + 1, nxt[0]))

    # -- Night: Clean-up ---------------------------------------------------------------------

    def _cleanup_run(self, flow: Flow, frame: Frame) -> Ask | None:
        """Each player keeps up to their reserve and landmark limits, in initiative order (choices
        public); the rest are discarded together."""
        state = flow.state
        order = [int(s) for s in frame.data["order"]]
        i = int(frame.data["i"])
        chosen = {int(x) for x in frame.data["discards"]}
        if i >= len(order):
            flow.pop(frame)
            for oid in sorted(chosen):
                steps.move(flow, oid, "discard")
            return None
        seat = order[i]
        res_limit, land_limit = t.limits(state, self.rules.cards, seat)
        for zone, limit, what in (
            (t.reserve(seat), res_limit, "Reserve"),
            (t.landmarks(seat), land_limit, "Landmarks"),
        ):
            left = [i for i in state.zones[zone].cards if i not in chosen]
            if len(left) > limit:
                return asks.per_object(
                    seat,
                    "cleanup",
                    f"Clean-up: your {what} keeps {limit}; discard {len(left) - limit} more",
                    "discard",
                    left,
                    lambda oid: f"Discard {self.rules.card_name(state, state.objects[oid])}",
                    "discard",
                )
        flow.update(frame, i=i + 1)
        return None

    def _cleanup_answer(self, flow: Flow, frame: Frame, option: Option) -> None:
        flow.update(frame, discards=[*frame.data["discards"], int(option.key.split(":")[1])])


# -- Dusk, Night and the end -------------------------------------------------------------------


def movers(state: State, rules: Rules) -> list[tuple[int, str]]:
    """Fragment 1.3.2.e: an expedition moves forward if, for a type of its region, its statistic is
    greater than the facing expedition's and greater than 0; never with a Defender present."""
    cards = rules.cards
    out = []
    for seat in state.live_seats():
        for kind in t.KINDS:
            mine = t.expedition_stats(state, cards, seat, kind)
            other, okind = t.facing(state, seat, kind)
            theirs = t.expedition_stats(state, cards, other, okind)
            types = t.region_types(state, cards, t.position(state, seat, kind))
            if not any(mine[x] > 0 and mine[x] > theirs[x] for x in types):
                continue
            if any(t.is_defender(state, cards, o) for o in t.present(state, cards, seat, kind)):
                continue
            out.append((seat, kind))
    return out


def progress(flow: Flow, rules: Rules) -> None:
    """Progress: qualifying expeditions move one region together; a tumult card entered turns face
    up (ruling H1). In the Arena, tiebreakers compare statistics instead (4.3.h)."""
    state = flow.state
    if state.globals.get("arena"):
        tiebreak(flow, rules)
        return
    moving = movers(state, rules)
    for seat, kind in moving:
        at = max(0, min(t.TRACK - 1, t.position(state, seat, kind) + t.forward(kind)))
        flow.emit(ce.PlayerPropSet(seat, f"{kind}_at", at))
        slot = t.region_slot(at)
        if slot is not None and state.zones[t.tumult(slot[0])].cards:
            flow.emit(ce.ObjectMoved(state.zones[t.tumult(slot[0])].cards[0], t.revealed(slot[0])))


def tiebreak(flow: Flow, rules: Rules) -> None:
    """Fragment 4.3.h: one set of statistics per player; whoever wins more of them wins (a 0 never
    wins, ruling H16); otherwise the game goes on."""
    state = flow.state
    seats = state.live_seats()
    sums = {s: t.arena_stats(state, rules.cards, s) for s in seats}
    wins = {s: 0 for s in seats}
    for x in TERRAINS:
        best = max(sums[s][x] for s in seats)
        top = [s for s in seats if sums[s][x] == best]
        if best > 0 and len(top) == 1:
            wins[top[0]] += 1
    most = max(wins.values())
    leaders = [s for s in seats if wins[s] == most]
    flow.emit(ce.GlobalSet("arena_result", {str(s): wins[s] for s in seats}))
    if len(leaders) == 1:
        flow.emit(ce.GameEnded([leaders[0]], "more statistics than the opponent in the Arena"))


def rest(flow: Flow, rules: Rules) -> None:
    """Night, Rest: every Character goes to Reserve (Fleeting ones to Discard, tokens cease to
    exist), except Anchored or Asleep ones, which stay and lose that status, and Eternal ones."""
    state = flow.state
    for obj in t.all_characters(state):
        if obj.props.get("anchored") or obj.props.get("asleep"):
            for s in ("anchored", "asleep"):
                if obj.props.get(s):
                    flow.emit(ce.ObjectPropSet(obj.id, s, None))
            continue
        if rules.cards[obj.card].eternal:
            continue
        steps.move(flow, obj.id, "reserve")


def check_victory(flow: Flow, rules: Rules) -> None:
    """Ruling H7: at the end of Night. One player whose expeditions met or crossed wins; both: the
    greater total distance; a tie starts the tiebreakers in the Arena (fragment 4.3.c–g)."""
    state = flow.state
    if state.globals.get("arena"):
        return
    seats = state.live_seats()
    cands = [s for s in seats if t.met_or_crossed(state, s)]
    if cands:
        best = max(t.total_distance(state, s) for s in cands)
        top = [s for s in cands if t.total_distance(state, s) == best]
        if len(top) == 1:
            flow.emit(ce.GameEnded([top[0]], "their expeditions met"))
            return
        flow.emit(TiebreakersBegan())
        return
    if t.day(state) >= DAY_CAP:
        dist = {s: t.total_distance(state, s) for s in seats}
        best = max(dist.values())
        top = [s for s in seats if dist[s] == best]
        if len(top) == 1:
            flow.emit(ce.GameEnded([top[0]], f"the greater distance after {DAY_CAP} days"))
        else:
            flow.emit(ce.GameEnded([], f"no winner after {DAY_CAP} days", draw=True))
