"""Altered's own events: what the engine's events cannot say for the players' log (a new first
player, the tiebreakers, After You, an ability used), each with the only code that applies it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from cardgames.engine.events import Event, applies, event
from cardgames.engine.state import State


@event("altered.FirstPlayer")
@dataclass(frozen=True, slots=True)
class FirstPlayer(Event):
    """A player becomes the first player (setup, or Morning's Succeed)."""

    seat: int


@applies(FirstPlayer)
def _first(s: State, e: FirstPlayer) -> None:
    s.globals["first"] = e.seat


@event("altered.TiebreakersBegan")
@dataclass(frozen=True, slots=True)
class TiebreakersBegan(Event):
    """Fragment 4.3.d–e: every expedition marker goes to the Arena."""


@applies(TiebreakersBegan)
def _arena(s: State, e: TiebreakersBegan) -> None:
    s.globals["arena"] = True


@event("altered.AfterYou")
@dataclass(frozen=True, slots=True)
class AfterYou(Event):
    """Fragment 7.3.2: the turn ends once no reaction is left in Limbo (`on`); cleared as it ends."""

    seat: int
    on: bool = True


@applies(AfterYou)
def _after_you(s: State, e: AfterYou) -> None:
    s.globals["after_you"] = e.on


@event("altered.Used")
@dataclass(frozen=True, slots=True)
class Used(Event):
    """A quick action is played or a reaction activates: one of its hundred a day (fragment 1.4.6)."""

    key: str
    seat: int
    source: int
    label: str

    def touched(self, state: State) -> Sequence[int]:
        return ()


@applies(Used)
def _used(s: State, e: Used) -> None:
    uses = dict(s.globals.get("uses") or {})
    uses[e.key] = int(uses.get(e.key, 0)) + 1
    s.globals["uses"] = uses
