"""Cube draft: the whole pool shuffled as the cube, 30-card decks drafted before play, then a constructed game.

Rulebook: Cube draft — Making the cube; Algomancy cube draft. Each player is dealt a pack of 10
from the cube; then, 15 times, each player draws 2 cards from the cube into their hand, combines
hand and pack, keeps what they like and passes exactly 10 as the new pack clockwise. After the
15th round each hand holds the 30 cards of that player's deck; the last packs go back to the cube.
The players then play a constructed game with those decks (1v1 with two players, free-for-all
with three to six: ruling A69), or, with `cube_play: bracket`, 1v1 matches in a bracket
(bracket.py, A79). The cube holds every card of the pool (all five elements and their hybrids) in as many
copies as the players need (A69).
"""

from __future__ import annotations

from cardgames.engine import core_events as ce
from cardgames.engine.decisions import Ask
from cardgames.engine.flow import Flow, FnFrame, FrameKind
from cardgames.engine.state import Frame
from cardgames.games.algomancy import table as t
from cardgames.games.algomancy.bracket import start_bracket
from cardgames.games.algomancy.checks import create, draw
from cardgames.games.algomancy.context import Rules
from cardgames.games.algomancy.events import CardDrawn

ROUNDS = 15
"""Rounds of the Algomancy cube draft: 2 cards a round make a 30-card deck."""
DRAWS = 2


def cube_copies(players: int, pool: int) -> int:
    """Copies of each pool card in the cube: enough for every player's first pack and 15 draws
    (our pool is smaller than the box's 320 cards)."""
    return max(1, -(-((t.PACK + DRAWS * ROUNDS) * players) // pool))


class CubeDraft:
    """Frame kind "cube": the rounds of the cube draft; each player's choices are the live draft's
    own "draft" frame (sealed: behind the curtain)."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules

    def frame_kinds(self) -> dict[str, FrameKind]:
        return {"cube": FnFrame(self._run)}

    def make(self, flow: Flow, per_player: int) -> None:
        """Make the cube: every card of the pool, in enough copies for `per_player` cards each."""
        n = len(flow.state.players)
        flow.emit(ce.ZoneCreated("cube", "pile", None, "hidden"))
        pool = sorted(self.rules.cat.pool(["fire", "water", "earth", "wood", "metal"]), key=lambda c: c.id)
        copies = max(1, -(-(per_player * n) // len(pool)))
        for card in pool:
            for _ in range(copies):
                create(self.rules, flow, card.id, -1, "cube")
        flow.shuffle("cube")

    def build(self, flow: Flow) -> None:
        """Make the cube, deal each player a pack of 10 and start the first round."""
        state = flow.state
        self.make(flow, t.PACK + DRAWS * ROUNDS)
        for s in t.priority_order(state, state.live_seats()):
            for _ in range(t.PACK):
                self._draw(flow, s, t.pack(s))
        flow.emit(ce.GlobalSet("cube_round", 0))
        flow.push("cube", stage="deal")

    def _draw(self, flow: Flow, seat: int, to: str) -> None:
        cube = flow.state.zones["cube"].cards
        if cube:
            flow.emit(CardDrawn(cube[-1], seat, to))

    def _run(self, flow: Flow, frame: Frame) -> Ask | None:
        state = flow.state
        seats = t.priority_order(state, state.live_seats())
        done = int(state.globals.get("cube_round", 0))
        if frame.data["stage"] == "deal":
            if done >= ROUNDS:
                self._finish(flow, frame)
                return None
            for s in seats:
                for _ in range(DRAWS):
                    self._draw(flow, s, t.hand(s))
            flow.update(frame, stage="pass")
            for s in reversed(seats):
                flow.push("draft", seat=s)
            return None
        moving = {s: list(state.zones[t.pack(s)].cards) for s in seats}
        for i, s in enumerate(seats):
            dest = seats[(i + 1) % len(seats)]
            for oid in moving[s]:
                flow.emit(ce.ObjectMoved(oid, t.pack(dest)))
        flow.emit(ce.GlobalSet("cube_round", done + 1))
        flow.update(frame, stage="deal")
        return None

    def _finish(self, flow: Flow, frame: Frame) -> None:
        """Each hand becomes its player's deck; the last packs go back to the cube; the game begins."""
        state = flow.state
        flow.pop(frame)
        seats = t.priority_order(state, state.live_seats())
        for s in seats:
            for oid in list(state.zones[t.pack(s)].cards):
                flow.emit(ce.ObjectMoved(oid, "cube", index=0, reset=True))
            for oid in list(state.zones[t.hand(s)].cards):
                flow.emit(ce.ObjectMoved(oid, f"deck:{s}", reset=True))
            flow.shuffle(f"deck:{s}")
        flow.emit(ce.GlobalSet("cube_round", None))
        if start_bracket(flow, seats):
            return
        for s in seats:
            for _ in range(t.HAND + t.FIRST_DRAW):
                draw(flow, s)
