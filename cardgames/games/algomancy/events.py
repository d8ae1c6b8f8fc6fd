"""Algomancy's own events: damage marked or life lost, cards drawn, and the draft's private moves."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from cardgames.engine.events import Event, applies, event
from cardgames.engine.state import State


def player_ref(seat: int) -> int:
    """How a player is named where objects are expected (targets, damage): -(seat + 1)."""
    return -(seat + 1)


def seat_of_ref(ref: int) -> int | None:
    return -ref - 1 if ref < 0 else None


@event("algomancy.Damaged")
@dataclass(frozen=True, slots=True)
class Damaged(Event):
    """Damage is dealt: marked on a unit (until regroup), or lost from a player's life."""

    target: int
    amount: int
    source: int | None = None
    combat: bool = False


def _lose(s: State, seat: int, amount: int) -> None:
    """Life comes off a player's total; in joint teams off the team's one total, which every member
    shows (R72)."""
    team = s.players[seat].team
    joint = s.globals.get("setup") == "joint"
    for p in s.players:
        if p.seat == seat or (joint and p.team == team):
            p.counters["life"] = p.counters.get("life", 0) - amount


@applies(Damaged)
def _damaged(s: State, e: Damaged) -> None:
    seat = seat_of_ref(e.target)
    if seat is not None:
        _lose(s, seat, e.amount)
    else:
        c = s.objects[e.target].counters
        c["damage"] = c.get("damage", 0) + e.amount


@event("algomancy.LifeLost")
@dataclass(frozen=True, slots=True)
class LifeLost(Event):
    """A player loses life without being dealt damage (e.g. Sparkwraith)."""

    seat: int
    amount: int
    source: int | None = None


@applies(LifeLost)
def _life_lost(s: State, e: LifeLost) -> None:
    _lose(s, e.seat, e.amount)


@event("algomancy.TableQuiet")
@dataclass(frozen=True, slots=True)
class TableQuiet(Event):
    """A warning in the log: nothing has changed on the table for `turns` turns; at `limit` the game
    is a draw (A62)."""

    turns: int
    limit: int


@applies(TableQuiet)
def _quiet(s: State, e: TableQuiet) -> None:
    return None


@event("algomancy.CardDrawn")
@dataclass(frozen=True, slots=True)
class CardDrawn(Event):
    """The top card of a deck goes to a hand (or pack): its face is revealed to that player."""

    REVEALS = True
    id: int
    seat: int
    to: str


@applies(CardDrawn)
def _drawn(s: State, e: CardDrawn) -> None:
    obj = s.objects[e.id]
    s.zones[obj.zone].cards.remove(e.id)
    s.zones[e.to].cards.append(e.id)
    obj.zone = e.to


@event("algomancy.MatchBegan")
@dataclass(frozen=True, slots=True)
class MatchBegan(Event):
    """A match of a cube bracket begins (A79): `seats` play a 1v1 game with their drafted decks; every
    other player is out of it (waiting for a later match, or out of the bracket)."""

    seats: list[int]
    round: int

    def touched(self, state: State) -> Sequence[int]:
        return ()  # seats, not objects


@applies(MatchBegan)
def _match_began(s: State, e: MatchBegan) -> None:
    for p in s.players:
        p.eliminated = p.seat not in e.seats


@event("algomancy.MatchEnded")
@dataclass(frozen=True, slots=True)
class MatchEnded(Event):
    """A match of a cube bracket is over (A79): `loser` is out of the bracket; what the match had under way
    (its turn, battle, stack, triggers and effects until regroup) ends with it, as a game's end would."""

    winner: int
    loser: int
    reason: str

    def touched(self, state: State) -> Sequence[int]:
        return ()  # seats, not objects


@applies(MatchEnded)
def _match_ended(s: State, e: MatchEnded) -> None:
    s.players[e.loser].eliminated = True
    s.players[e.winner].eliminated = False  # a coin toss may pick a player who was at 0 life too
    s.frames = []
    s.battle = None
    s.chain = []
    s.pending_triggers = []
    s.modifiers = []
    s.shields = []


@event("algomancy.AttackDeclared")
@dataclass(frozen=True, slots=True)
class AttackDeclared(Event):
    """A line of the players' log, written where an attacking formation is set: `seat` attacks in `region` with
    `columns` (each front first) and brings `tokens`; with no columns, `seat` chose not to attack. `counter`: the
    attack of phase 2 (a counter-attack). It changes nothing on the table."""

    FLOW = True
    seat: int
    region: int
    columns: list[list[int]]
    tokens: list[int] = field(default_factory=list)
    counter: bool = False


@applies(AttackDeclared)
def _attack_declared(s: State, e: AttackDeclared) -> None:
    return None


@event("algomancy.BlocksDeclared")
@dataclass(frozen=True, slots=True)
class BlocksDeclared(Event):
    """A line of the players' log, written where a defending formation is declared: in `region`, `seat` blocks
    each attacking column of `blocks` (`[attackers, blockers]`, front first), stands `flank` beside the attack
    (blocking nothing), and sends `counter` to counter-attack ({region: units}); `attacked`: whether anything
    attacked there (else only counter-attackers were sent). It changes nothing on the table."""

    FLOW = True
    seat: int
    region: int
    blocks: list[list[list[int]]]
    flank: list[int] = field(default_factory=list)
    counter: dict[str, list[int]] = field(default_factory=dict)
    attacked: bool = True


@applies(BlocksDeclared)
def _blocks_declared(s: State, e: BlocksDeclared) -> None:
    return None


@event("algomancy.TokensCreated")
@dataclass(frozen=True, slots=True)
class TokensCreated(Event):
    """A line of the players' log, written where an effect creates tokens: `seat` creates `ids` in `region`
    (the tokens' own creation is bookkeeping the log does not show). It changes nothing on the table."""

    FLOW = True
    seat: int
    region: int
    ids: list[int]


@applies(TokensCreated)
def _tokens_created(s: State, e: TokensCreated) -> None:
    return None


@event("algomancy.ModApplied")
@dataclass(frozen=True, slots=True)
class ModApplied(Event):
    """A line of the players' log, written where a mod is applied: `seat` tucks `mod` under `host` as a graft or
    an augment (`kind`; the moves that do it are bookkeeping the log does not show). It changes nothing on the
    table."""

    FLOW = True
    seat: int
    mod: int
    host: int
    kind: str


@applies(ModApplied)
def _mod_applied(s: State, e: ModApplied) -> None:
    return None
