"""The global turn: planning, haste, battle, regroup, deployment, end of turn, initiative passes."""

from __future__ import annotations

from cardgames.engine import chain as chainmod
from cardgames.engine import core_events as ce
from cardgames.engine.decisions import Ask
from cardgames.engine.flow import Flow, FnFrame, FrameKind
from cardgames.engine.state import Frame, State
from cardgames.games.algomancy import table as t
from cardgames.games.algomancy.battle import Battle
from cardgames.games.algomancy.checks import check_state, draw, end_match
from cardgames.games.algomancy.context import Rules
from cardgames.games.algomancy.events import TableQuiet
from cardgames.games.algomancy.planning import Planning
from cardgames.games.algomancy.seating import first_turn, turn_order
from cardgames.games.algomancy.triggers import end_of_turn_effects, flush

STEPS = ("begin", "refresh", "draw", "draft", "pass_packs", "resources", "haste", "battle", "regroup",
         "deploy", "end", "pass")
"""The turn's steps in order (rulebook: The turn, Teams/1v1)."""

PHASES = {"refresh": "planning", "draw": "planning", "draft": "planning", "pass_packs": "planning",
          "resources": "planning", "haste": "haste", "battle": "battle", "regroup": "regroup",
          "deploy": "deployment", "end": "end of turn"}

STILL_TURNS = 10
"""A62: after this many whole turns in which nothing changed, the game is a draw."""


def table_mark(state: State) -> str:
    """What must change for a turn to count as progress (A62): life totals and how many cards lie
    in each zone. A draw, a card played, a unit dying or a resource made all change it; swapping
    cards between hand and pack does not."""
    lives = ",".join(str(p.counters.get("life", 0)) for p in state.players)
    counts = ",".join(f"{z}={len(state.zones[z].cards)}" for z in sorted(state.zones))
    return f"{lives}|{counts}"


class Turn:
    """Frame kind "turn": runs one step at a time; each step pushes the frames it needs."""

    def __init__(self, rules: Rules, planning: Planning, battle: Battle) -> None:
        self.rules = rules
        self.planning = planning
        self.battle = battle

    def frame_kinds(self) -> dict[str, FrameKind]:
        return {"turn": FnFrame(self._run)}

    def _run(self, flow: Flow, frame: Frame) -> Ask | None:
        state = flow.state
        if check_state(self.rules, flow) or flush(self.rules, flow):
            return None  # deaths and triggers between steps (e.g. after end-of-turn effects)
        step = str(frame.data["step"])
        nxt = STEPS[(STEPS.index(step) + 1) % len(STEPS)]
        if step == "begin":
            mark = table_mark(state)
            still = int(str(frame.data.get("still", 0))) + 1 if frame.data.get("mark") == mark else 0
            if still >= STILL_TURNS and state.globals.get("bracket") is not None:  # a cube bracket's match (A79)
                end_match(flow, state.live_seats(), f"nothing changed on the table for {still} turns: "
                                                    "a coin toss decides the match")
                return None
            if still >= STILL_TURNS:
                flow.emit(ce.GameEnded([], f"nothing changed on the table for {still} turns "
                                           "(no life lost, no card drawn, played or destroyed)", draw=True))
                return None
            if still in (STILL_TURNS // 2, STILL_TURNS - 1):  # say so before it happens
                flow.emit(TableQuiet(still, STILL_TURNS))
            flow.update(frame, step=nxt, mark=mark, still=still)
        else:
            flow.update(frame, step=nxt)
        phase = PHASES.get(step)
        if phase and state.phase != phase:
            flow.emit(ce.PhaseBegan(phase))
        if step == "begin":
            flow.emit(ce.TurnBegan(state.turn + 1, t.initiative(state)))
        elif step == "refresh":
            self.planning.refresh(flow)
        elif step == "draw":
            for s in turn_order(state, t.initiative(state)):
                if state.turn > first_turn(state, s):  # the first draw was dealt with the opening hand
                    for _ in range(2):
                        draw(flow, s)
        elif step == "draft":
            self.planning.start_draft(flow)
        elif step == "pass_packs":
            self.planning.pass_packs(flow)
        elif step == "resources":
            self.planning.resources_step(flow)
        elif step == "haste":
            for s in reversed(turn_order(state, t.initiative(state))):  # each player alone in their region (R18)
                chainmod.open_window(flow, s, "haste", "Haste step", seats=[s], lead=s)
        elif step == "battle":
            self.battle.start(flow)
        elif step == "regroup":
            self.battle.regroup(flow)
        elif step == "deploy":
            for s in reversed(turn_order(state, t.initiative(state))):  # IT first, then NIT (R19)
                chainmod.open_window(flow, s, "deploy", "Deployment", seats=[s], lead=s)
        elif step == "end":
            end_of_turn_effects(self.rules, flow)  # special actions, without the stack (R20)
        elif step == "pass":
            n = len(state.players)
            waiting = state.globals.get("waiting") or []
            over = bool(waiting) and state.turn >= int(state.globals.get("head_start") or 1)
            if over:
                waiting = []  # the archenemy's head start is over: everyone enters (R73)
            nxt_seat = next(s for s in ((t.initiative(state) + i) % n for i in range(1, n + 1))
                            if not state.players[s].eliminated and s not in waiting)
            flow.emit(ce.GlobalSet("initiative", nxt_seat))
            if over:
                flow.emit(ce.GlobalSet("waiting", []))
        return None
