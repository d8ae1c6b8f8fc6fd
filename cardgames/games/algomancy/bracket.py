"""A cube bracket: after the cube draft, 1v1 matches with the drafted decks, one after another (A79).

Rulebook: Cube draft — players "create decks through a drafting process before the game and use
those decks to play constructed matches. This is often done in a 1v1 tournament bracket." With the
option `cube_play: bracket`, round 1 pairs the drafters in seat order (the first with the second,
the third with the fourth...); with an odd count one has a bye, the last in seat order who has not
had one. Each match is a 1v1
constructed game with the drafted decks, the others out of it; the loser is out of the bracket. The
winners (and the bye) meet in the next round, paired the same way, until one is left: the champion
wins. A drawn match (both players at 0 life at once, or A62's still table) is decided by a coin toss.
Before each match every card goes back: each drafted card to its drafter's deck, tokens and
resources leave; the two players start at 30 life with two dormant Prismites and a fresh opening
hand, and the initiative is drawn at random between them. A player who won a match and waits for a
later one is back at 30 life too, as their deck is back to what they drafted: each match is a new
constructed game, so nothing of the last one is left with them (the log says so); only a player
out of the bracket keeps the life they lost with.

`rounds` and `standing` rebuild the bracket from its public results for the board (who plays, who
waits for which round, who is out, the champion).
"""

from __future__ import annotations

from dataclasses import dataclass

from cardgames.engine import core_events as ce
from cardgames.engine.decisions import Ask
from cardgames.engine.flow import Flow, FnFrame, FrameKind
from cardgames.engine.state import Frame, Json
from cardgames.games.algomancy import table as t
from cardgames.games.algomancy.checks import create, draw
from cardgames.games.algomancy.context import Rules
from cardgames.games.algomancy.events import MatchBegan

START: dict[str, Json] = {"round": 0, "pairs": [], "ahead": [], "played": [], "byes": []}
"""The bracket before round 1 (`ahead`: every drafter, filled in at setup)."""


def pairings(seats: list[int], byes: list[int]) -> tuple[list[list[int]], list[int]]:
    """A round's matches, in seat order, and who has a bye: with an odd count, the last in seat order
    who has not had one yet (so nobody waits out two rounds while others play)."""
    ordered = sorted(seats)
    bye: list[int] = []
    if len(ordered) % 2:
        bye = [next((s for s in reversed(ordered) if s not in byes), ordered[-1])]
        ordered.remove(bye[0])
    return [ordered[i:i + 2] for i in range(0, len(ordered), 2)], bye


class Bracket:
    """Frame kind "match": record the match just won, then begin the next one, or crown the champion."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules

    def frame_kinds(self) -> dict[str, FrameKind]:
        return {"match": FnFrame(self._run)}

    def _run(self, flow: Flow, frame: Frame) -> Ask | None:
        state = flow.state
        b = dict(state.globals["bracket"])
        pairs = [[int(s) for s in p] for p in b["pairs"]]
        ahead = [int(s) for s in b["ahead"]]
        played = [list(m) for m in b["played"]]
        byes = [int(s) for s in b.get("byes") or []]
        rnd = int(b["round"])
        if frame.data.get("winner") is not None:
            winner, loser = int(frame.data["winner"]), int(frame.data["loser"])
            ahead.append(winner)
            played.append([rnd, winner, loser])
        flow.pop(frame)
        if not pairs:
            if len(ahead) == 1:
                flow.emit(ce.GlobalSet("bracket", {**b, "ahead": ahead, "played": played}))
                champion = state.players[ahead[0]].name
                flow.emit(ce.GameEnded(ahead, f"{champion} wins the cube bracket"))
                return None
            pairs, ahead = pairings(ahead, byes)
            byes += ahead
            rnd += 1
        pair = pairs.pop(0)
        flow.emit(ce.GlobalSet("bracket", {"round": rnd, "pairs": pairs, "ahead": ahead, "played": played,
                                           "byes": byes}))
        self.begin(flow, pair, rnd, first=bool(frame.data.get("first")))
        return None

    def begin(self, flow: Flow, pair: list[int], rnd: int, first: bool) -> None:
        """A match begins: the table is reset for the two players, who draw their opening hands."""
        state = flow.state
        flow.emit(MatchBegan(pair, rnd))
        decks = state.globals["_cube_decks"]
        assert isinstance(decks, dict)
        drafter = {int(o): int(s) for s, oids in decks.items() for o in oids}
        for oid in sorted(state.objects):
            zone = state.objects[oid].zone
            if oid in drafter:
                if zone != f"deck:{drafter[oid]}":
                    flow.emit(ce.ObjectMoved(oid, f"deck:{drafter[oid]}", reset=True))
            elif zone not in ("cube", "erased"):  # tokens, resources: they leave the game
                flow.emit(ce.ObjectMoved(oid, "erased", reset=True))
        out = {int(m[2]) for m in state.globals["bracket"]["played"]}
        for p in state.players:  # who waits for a later match starts it afresh too: life goes back with the deck
            life = p.counters.get("life", 0)
            if p.seat not in pair and p.seat not in out and life != t.LIFE:
                flow.emit(ce.PlayerCounterAdded(p.seat, "life", t.LIFE - life))
        for s in pair:
            flow.shuffle(f"deck:{s}")
            life = state.players[s].counters.get("life", 0)
            if life != t.LIFE:
                flow.emit(ce.PlayerCounterAdded(s, "life", t.LIFE - life))
            flow.emit(ce.PlayerPropSet(s, "activations", 0))
            for _ in range(2):
                create(self.rules, flow, "prismite", s, t.resources(s), {"face_down": True})
        first_seat = pair[flow.randint("initiative", 0, 1)]
        flow.emit(ce.GlobalSet("initiative", first_seat))
        flow.emit(ce.GlobalSet("match_turn", state.turn + 1))  # the match's first turn draws nothing
        for s in (first_seat, *(p for p in pair if p != first_seat)):
            for _ in range(t.HAND + t.FIRST_DRAW):
                draw(flow, s)
        if not first:  # the first match takes up the turn pushed at setup
            flow.push("turn", step="begin")


def start_bracket(flow: Flow, seats: list[int]) -> bool:
    """After the cube draft, with `cube_play: bracket`: each drafter's deck is recorded (the cards go
    back to it before every match) and the first match begins. False without a bracket."""
    state = flow.state
    if state.globals.get("bracket") is None:
        return False
    decks = {str(s): list(state.zones[f"deck:{s}"].cards) for s in seats}
    flow.emit(ce.GlobalSet("_cube_decks", decks))  # (underscored: it names cards, no view carries it)
    flow.push("match", first=True)
    return True


@dataclass(frozen=True)
class Match:
    """One match of a bracket's round: its two players, and the winner once it is over."""

    seats: tuple[int, int]
    winner: int | None = None


@dataclass(frozen=True)
class Round:
    """A round of the bracket as far as it is known: its matches in the order they are played, and the bye."""

    number: int
    matches: tuple[Match, ...]
    bye: int | None

    def current(self) -> Match | None:
        """The match being played (the first without a winner), None once the round is over."""
        return next((m for m in self.matches if m.winner is None), None)


@dataclass(frozen=True)
class Standing:
    """Where a drafter stands (`place`): "plays" the current match, "waits" for a match of round `round` (against
    `opponent` where already paired), is "out" (beaten by `opponent` in round `round`), or "champion"."""

    place: str
    round: int
    opponent: int | None = None


def rounds(drafters: int, played: list[list[int]]) -> list[Round]:
    """The bracket so far, rebuilt from the public results (`played`: [round, winner, loser] each) with
    the pairing rule: every round whose drafters are known, the last one with the matches still to play
    (no winner yet), or the final, won, once the bracket is over."""
    results = {(int(r), frozenset((int(w), int(lo)))): int(w) for r, w, lo in played}
    seats, byes, out = list(range(drafters)), list[int](), list[Round]()
    number = 1
    while len(seats) > 1:
        pairs, bye = pairings(seats, byes)
        byes += bye
        matches = tuple(Match((p[0], p[1]), results.get((number, frozenset(p)))) for p in pairs)
        out.append(Round(number, matches, bye[0] if bye else None))
        if any(m.winner is None for m in matches):
            break
        seats = [m.winner for m in matches if m.winner is not None] + bye
        number += 1
    return out


def standing(known: list[Round], seat: int) -> Standing:
    """Where `seat` stands in the bracket `known` (from `rounds`)."""
    for rnd in known:
        for m in rnd.matches:
            other = m.seats[1] if m.seats[0] == seat else m.seats[0] if m.seats[1] == seat else None
            if other is None:
                continue
            if m.winner == other:
                return Standing("out", rnd.number, other)
            if m.winner is None:
                return Standing("plays" if m is rnd.current() else "waits", rnd.number, other)
    last = known[-1]
    if last.current() is None and len(last.matches) == 1 and last.bye is None:
        return Standing("champion", last.number)
    return Standing("waits", last.number + 1)
