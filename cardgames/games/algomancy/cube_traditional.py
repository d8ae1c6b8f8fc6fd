"""The traditional cube draft: three packs each, one card picked at a time, then a 30-card deck built.

Rulebook: Cube draft — Traditional cube draft. Each player is dealt a pack of 15 cards (13 with
eight players: more than six are not built); everyone picks one card from the pack they hold and
passes the rest to their neighbour, until the packs are empty. This is done three times, passing
left, then right, then left. From the drafted pile each player builds a 30-card deck (ruling A69):
the cards they leave out go back to the cube, and the game is played as constructed.

Both steps are the live draft's sealed "draft" decision (asked behind the curtain): a pick takes one
card of the pack into the pile (the hand); building moves cards between the pile and the cards left
out (the pack zone) until the pile holds exactly 30.
"""

from __future__ import annotations

from cardgames.engine import core_events as ce
from cardgames.engine.decisions import Ask, Option
from cardgames.engine.flow import Flow, FnFrame, FrameKind
from cardgames.engine.state import Frame
from cardgames.games.algomancy import table as t
from cardgames.games.algomancy.bracket import start_bracket
from cardgames.games.algomancy.checks import draw
from cardgames.games.algomancy.context import Rules
from cardgames.games.algomancy.events import CardDrawn

PACKS = 3
PACK_SIZE = 15
DECK = 30
DIRECTIONS = (1, -1, 1)
"""Left (clockwise), then right, then left."""


def traditional_copies(players: int, pool: int) -> int:
    """Copies of each pool card in the cube: enough for three packs of 15 for everyone."""
    return max(1, -(-(PACKS * PACK_SIZE * players) // pool))


class TraditionalCube:
    """Frame kinds "cube_picks" (the three rounds of picks), "cube_pick" (one seat's pick) and
    "cube_build" (one seat's deck)."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules

    def frame_kinds(self) -> dict[str, FrameKind]:
        return {"cube_picks": FnFrame(self._run), "cube_pick": FnFrame(self._pick_run, self._pick_answer),
                "cube_build": FnFrame(self._build_run, self._build_answer)}

    def start(self, flow: Flow) -> None:
        flow.push("cube_picks", round=0, dealt=False)

    def _run(self, flow: Flow, frame: Frame) -> Ask | None:
        state = flow.state
        seats = t.priority_order(state, state.live_seats())
        rnd = int(frame.data["round"])
        if rnd >= PACKS:
            flow.pop(frame)
            self._finish(flow)
            return None
        if not frame.data["dealt"]:
            for s in seats:
                for _ in range(PACK_SIZE):
                    cube = state.zones["cube"].cards
                    if cube:
                        flow.emit(CardDrawn(cube[-1], s, t.pack(s)))
            flow.update(frame, dealt=True, picked=False)
            return None
        if frame.data.get("picked"):  # everyone has picked: the packs pass on
            step = DIRECTIONS[rnd]
            moving = {s: list(state.zones[t.pack(s)].cards) for s in seats}
            for i, s in enumerate(seats):
                dest = seats[(i + step) % len(seats)]
                for oid in moving[s]:
                    flow.emit(ce.ObjectMoved(oid, t.pack(dest)))
            flow.update(frame, picked=False)
            return None
        if not any(state.zones[t.pack(s)].cards for s in seats):
            flow.update(frame, round=rnd + 1, dealt=False)
            return None
        flow.update(frame, picked=True)
        for s in reversed(seats):
            if state.zones[t.pack(s)].cards:
                flow.push("cube_pick", seat=s)
        return None

    def _pick_run(self, flow: Flow, frame: Frame) -> Ask | None:
        state = flow.state
        seat = int(frame.data["seat"])
        pack = state.cards_in(t.pack(seat))
        name = self.rules.card_name
        opts = [Option(f"take:{o.id}", f"Pick {name(state, o)}", "take", o.id) for o in pack]
        return Ask(seat, "draft", f"Cube draft: pick one card from the pack ({len(pack)} left; "
                   f"you have picked {len(state.zones[t.hand(seat)].cards)})", opts,
                   {"pack": len(pack), "pack_size": len(pack) - 1})

    def _pick_answer(self, flow: Flow, frame: Frame, option: Option) -> None:
        flow.pop(frame)
        flow.emit(ce.ObjectMoved(int(option.key.split(":")[1]), t.hand(int(frame.data["seat"]))))

    def _finish(self, flow: Flow) -> None:
        """Each player builds a 30-card deck from their pile; then the decks are shuffled and dealt."""
        state = flow.state
        seats = t.priority_order(state, state.live_seats())
        flow.push("cube_build", seat=-1)  # after every deck is built: the game begins
        for s in reversed(seats):
            flow.push("cube_build", seat=s)

    def _build_run(self, flow: Flow, frame: Frame) -> Ask | None:
        state = flow.state
        seat = int(frame.data["seat"])
        if seat < 0:
            flow.pop(frame)
            self._deal(flow)
            return None
        pile, out = state.cards_in(t.hand(seat)), state.cards_in(t.pack(seat))
        name = self.rules.card_name
        opts = [Option(f"take:{o.id}", f"Leave {name(state, o)} out", "take", o.id) for o in pile]
        opts += [Option(f"give:{o.id}", f"Put {name(state, o)} back in the deck", "give", o.id) for o in out]
        if len(pile) == DECK:
            opts.insert(0, Option("done", f"Done: play this deck ({DECK} cards)", "done"))
        return Ask(seat, "draft", f"Build your deck: {len(pile)} cards, keep exactly {DECK}", opts,
                   {"pack": len(pile), "pack_size": DECK})

    def _build_answer(self, flow: Flow, frame: Frame, option: Option) -> None:
        seat = int(frame.data["seat"])
        if option.key == "done":
            flow.pop(frame)
            return
        verb, oid = option.key.split(":")
        flow.emit(ce.ObjectMoved(int(oid), t.pack(seat) if verb == "take" else t.hand(seat)))

    def _deal(self, flow: Flow) -> None:
        state = flow.state
        seats = t.priority_order(state, state.live_seats())
        for s in seats:
            for oid in list(state.zones[t.pack(s)].cards):
                flow.emit(ce.ObjectMoved(oid, "cube", index=0, reset=True))
            for oid in list(state.zones[t.hand(s)].cards):
                flow.emit(ce.ObjectMoved(oid, f"deck:{s}", reset=True))
            flow.shuffle(f"deck:{s}")
        if start_bracket(flow, seats):
            return
        for s in seats:
            for _ in range(t.HAND + t.FIRST_DRAW):
                draw(flow, s)
