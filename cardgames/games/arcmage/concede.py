"""Concession (R68): a player concedes, confirmed, and is defeated at that moment like any defeat."""

from __future__ import annotations

from cardgames.engine import core_events as ce
from cardgames.engine.decisions import CONCEDE, Ask, Option
from cardgames.engine.flow import Flow, FnFrame, FrameKind
from cardgames.engine.state import Frame

KEY = "concede"
GROUP = CONCEDE


def option() -> Option:
    """What a seat's own decisions offer: the start of each of its turns and its own Play phases."""
    return Option(KEY, "Concede the game…", GROUP)


def begin(flow: Flow, seat: int) -> None:
    """The seat chose to concede: ask it to confirm (nothing happens until it does)."""
    flow.push("concede", seat=seat)


def _run(flow: Flow, frame: Frame) -> Ask:
    """Two real answers (not "back", which the app would leave out and answer "yes" alone for the seat)."""
    seat = int(frame.data["seat"])
    return Ask(seat, "concede", "Concede? You are defeated at once: your cards in play leave the game",
               [Option("concede:yes", "Yes: I concede", GROUP), Option("concede:no", "No: keep playing", "cancel")])


def _answer(flow: Flow, frame: Frame, option: Option) -> None:
    """Confirmed: the seat is marked conceded; the next check of the game (`checks.defeats`) defeats it
    as every defeat is handled: its cards leave, the last player or team standing wins, and in a headed
    giant game its team's endgame round starts."""
    flow.pop(frame)
    if option.key == "concede:yes":
        flow.emit(ce.PlayerPropSet(int(frame.data["seat"]), "conceded", True))


def frame_kinds() -> dict[str, FrameKind]:
    return {"concede": FnFrame(_run, _answer)}
