"""A round: the pledge (a sealed role draft passed to the right), the turns in role order, the
event at the round's end, and the end of the game (H31, H33)."""

from __future__ import annotations

from cardgames.engine import core_events as ce
from cardgames.engine.decisions import Ask, Option
from cardgames.engine.flow import Flow, FnFrame, FrameKind
from cardgames.engine.state import Frame, State
from cardgames.games.mechamancers import board as b
from cardgames.games.mechamancers import table as t
from cardgames.games.mechamancers.catalog import Catalog
from cardgames.games.mechamancers.damage import settle
from cardgames.games.mechamancers.events import EventRevealed, RolePicked
from cardgames.games.mechamancers.omens import ASKING


def first_chooser(state: State) -> int:
    """Who chooses first: the last round's Ruler (Crown, H11); without one, who took the first turn
    last round; in round 1 the start player (H17)."""
    ruler = state.globals.get("last_ruler")
    if ruler is not None:
        return int(ruler)
    first = state.globals.get("last_first_turn")
    return int(first) if first is not None else int(state.globals.get("start_player", 0))


def set_turns(flow: Flow, cat: Catalog) -> None:
    """The roles are face up: this round's turns follow their numbers, one per role held (two each in
    the two-roles variant); the turn order names each seat once, by its first turn."""
    state = flow.state
    turns = sorted(((s, role) for s in range(len(state.players)) for role in t.roles_of(state, s)),
                   key=lambda turn: cat.role(turn[1]).order)
    seats: list[int] = []
    for s, _ in turns:
        if s not in seats:
            seats.append(s)
    flow.emit(ce.GlobalSet("turn_order", seats))
    flow.emit(ce.GlobalSet("turns", [[s, role] for s, role in turns]))
    flow.emit(ce.PhaseBegan("turns"))


def standings(cat: Catalog, state: State) -> list[int]:
    """The winners: most VP, then the highest field cost, then the most mana; else shared (H33)."""
    def key(s: int) -> tuple[int, int, int]:
        return (t.vp(state, s), b.field_cost(cat, state, s), t.mana(state, s))
    best = max(key(s) for s in range(len(state.players)))
    return [s for s in range(len(state.players)) if key(s) == best]


def final_score(cat: Catalog, state: State) -> str:
    """The scores behind `standings`, most victory points first, and the tie-break that decided."""
    seats = sorted(range(len(state.players)), key=lambda s: -t.vp(state, s))
    text = "victory points: " + ", ".join(f"{state.players[s].name} {t.vp(state, s)}" for s in seats)
    top = [s for s in seats if t.vp(state, s) == t.vp(state, seats[0])]
    for word in ("field cost", "mana"):
        if len(top) < 2:
            break
        value = {s: b.field_cost(cat, state, s) if word == "field cost" else t.mana(state, s) for s in top}
        text += f"; tied, so {word}: " + ", ".join(f"{state.players[s].name} {value[s]}" for s in top)
        top = [s for s in top if value[s] == max(value.values())]
    return text


class Rounds:
    """The `round` frame (the game's spine) and the `pledge` frame."""

    def __init__(self, cat: Catalog) -> None:
        self.cat = cat

    def frame_kinds(self) -> dict[str, FrameKind]:
        return {"round": FnFrame(self.run), "pledge": FnFrame(self.pledge_run, self.pledge_answer)}

    def run(self, flow: Flow, frame: Frame) -> Ask | None:
        if settle(flow):
            return None
        state = flow.state
        step = str(frame.data["step"])
        n = len(state.players)
        if step == "start":
            flow.emit(ce.GlobalSet("round", t.round_no(state) + 1))
            flow.emit(ce.PhaseBegan("pledge"))
            for s in range(n):
                if state.players[s].counters.get("stolen"):
                    flow.emit(ce.PlayerCounterAdded(s, "stolen", -state.players[s].counters["stolen"]))
            first = first_chooser(state)
            order = [(first + i) % n for i in range(n)] * (2 if t.two_roles(state) else 1)
            flow.emit(ce.GlobalSet("pledge_order", order))
            for oid in list(state.zones[t.ROLES].cards):
                flow.emit(ce.ObjectMoved(oid, t.pack(first)))
            flow.update(frame, step="reveal")
            flow.push("pledge", order=order, i=0)
            return None
        if step == "reveal":
            self.reveal(flow)
            flow.update(frame, step="turns", i=0)
            return None
        if step == "turns":
            turns = t.turns(state)
            i = int(frame.data["i"])
            if i < len(turns):
                flow.update(frame, i=i + 1)
                flow.push("turn", seat=turns[i][0], role=turns[i][1], step="start")
                return None
            flow.update(frame, step="event")
            return None
        if step == "event":
            pile = state.zones[t.EVENTS].cards
            if not pile:
                winners = standings(self.cat, state)
                flow.emit(ce.GameEnded(winners, f"the event pile ran out; {final_score(self.cat, state)}",
                                       draw=len(winners) > 1))
                return None
            top = pile[-1]
            flow.emit(ce.PhaseBegan("event"))
            flow.emit(EventRevealed(top))
            flow.update(frame, step="cleanup")
            card = self.cat.event(state.objects[top].card)
            flow.push("event", card=card.id, seats=t.turn_order(state) if card.effect in ASKING else [])
            return None
        # cleanup: hand limits after the event, roles back in the middle, the next round
        order = t.turn_order(state)
        ruler = next((s for s in range(n) if "ruler" in t.roles_of(state, s)), None)
        flow.emit(ce.GlobalSet("last_ruler", ruler))
        flow.emit(ce.GlobalSet("last_first_turn", order[0] if order else None))
        for s in range(n):
            for oid in list(state.zones[t.role_zone(s)].cards):
                flow.emit(ce.ObjectMoved(oid, t.ROLES))
        for oid in list(state.zones[t.ASIDE].cards):
            flow.emit(ce.ObjectMoved(oid, t.ROLES))
        flow.emit(ce.GlobalSet("turn_order", []))
        flow.emit(ce.GlobalSet("turns", []))
        flow.emit(ce.GlobalSet("turn_role", None))  # it would name a role card passed in secret next
        flow.update(frame, step="start")
        for s in reversed(order):
            flow.push("limit", seat=s)
        return None

    def reveal(self, flow: Flow) -> None:
        """Everyone has chosen: the pledged roles turn face up at once; the turn order follows."""
        state = flow.state
        n = len(state.players)
        for s in range(n):
            for oid in sorted(state.zones[t.pledge(s)].cards,
                              key=lambda oid: self.cat.role(state.objects[oid].card).order):
                flow.emit(ce.ObjectMoved(oid, t.role_zone(s)))
        set_turns(flow, self.cat)

    # -- the pledge ---------------------------------------------------------------------------

    def pledge_run(self, flow: Flow, frame: Frame) -> Ask | None:
        state = flow.state
        order = [int(s) for s in frame.data["order"]]
        i = int(frame.data["i"])
        seat = order[i]
        opts = []
        for o in state.cards_in(t.pack(seat)):
            role = self.cat.role(o.card)
            opts.append(Option(f"role:{o.id}", f"{role.name} — turn {role.order}, {role.mana} mana, "
                               f"defend {role.defend}, {role.privilege_name}", "role", o.id))
        left = len(opts) - 1
        which = ("your second role" if i >= len(state.players) else "your first role") if t.two_roles(state) \
            else "your role"
        return Ask(seat, "pledge", f"Pledge: choose {which} in secret (you pass {left} on)", opts)

    def pledge_answer(self, flow: Flow, frame: Frame, option: Option) -> None:
        state = flow.state
        order = [int(s) for s in frame.data["order"]]
        i = int(frame.data["i"])
        seat = order[i]
        flow.emit(RolePicked(int(option.key.split(":")[1]), seat))
        dest = t.pack(order[i + 1]) if i + 1 < len(order) else t.ASIDE
        for oid in list(state.zones[t.pack(seat)].cards):
            flow.emit(ce.ObjectMoved(oid, dest))
        if i + 1 < len(order):
            flow.update(frame, i=i + 1)
        else:
            flow.pop(frame)
