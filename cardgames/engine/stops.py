"""Stop settings — when a seat is asked to respond — defined once for every game.

Each game supplies only its facts (`StopFacts`): whether the seat must be asked anyway (its own
step), whether it could respond at all, and whether the moment concerns it — each judged from
public information and the seat's own settings, never from its hidden cards (DESIGN.md,
"Hot-seat"): whether a seat is asked is itself seen at the table. This module imports nothing
heavy: the title screen and the setup form read its names.
"""

from __future__ import annotations

from typing import Any, Protocol

STOP_SETTINGS = ("auto", "always", "never", "relevant")
"""Every game offers these, with the same meaning (see STOP_HELP, which lists them as menus do)."""

STOP_HELP = {
    "relevant": "Ask me to respond when it concerns me: an opponent's play aimed at me or my cards "
                "(Algomancy: any opponent's play), or a battle I take part in (Algomancy: when I am "
                "attacked, and when my attack is blocked).",
    "auto": "Ask me whenever I could respond by what the table shows (cards in hand that could be "
            "responses, a ready ability).",
    "always": "Ask me at every chance to respond.",
    "never": "Never ask me to respond (only my own steps).",
}
"""What each setting means at the table."""

STOP_REVEALS = ("Every setting decides from what the whole table sees (hand sizes, card backs, "
                "abilities in play) and your own choice, never from the faces of your hidden cards: "
                "being asked tells the others nothing they could not see.")
"""What being asked reveals to the others (said in the settings screen)."""

TABLE_STOP = "relevant"
"""Asked to respond when the moment concerns you. The engine's own default, "auto", asks whenever
you could respond — at a shared terminal, nearly every maneuver would be a hand-over. The app and
`cardgames simulate` (whose hand-over figures are the app's) both start every seat on it."""

ENGINE_STOP = "auto"
"""The setting of a seat that chose none (games made from Python, scenarios, tests)."""


class StopFacts(Protocol):
    """What a game tells the engine about one priority window, for one seat (`state` and
    `frame` are the engine's State and Frame; typed loosely so this module stays light)."""

    def must_ask(self, state: Any, seat: int, frame: Any) -> bool:
        """The seat is asked whatever its setting (its own step, a window only it is in)."""
        ...

    def could_respond(self, state: Any, seat: int, frame: Any) -> bool:
        """By public information, the seat might have something to play now."""
        ...

    def concerns(self, state: Any, seat: int, frame: Any) -> bool:
        """By public information, the moment concerns the seat (an opponent's play that targets
        it or its cards, a battle it takes part in)."""
        ...


def stop_of(state: Any, seat: int) -> str:
    """The seat's stop setting (players' props, changed mid-game by a recorded PreferenceSet)."""
    return str(state.players[seat].props.get("stop", ENGINE_STOP))


def wants_priority(facts: StopFacts, state: Any, seat: int, frame: Any) -> bool:
    """Whether to ask `seat` in this window, by its stop setting and the game's public facts."""
    if facts.must_ask(state, seat, frame):
        return True
    stop = stop_of(state, seat)
    if stop == "always":
        return True
    if stop == "never" or not facts.could_respond(state, seat, frame):
        return False
    return stop != "relevant" or facts.concerns(state, seat, frame)


def with_table_stops(players: list[str], options: dict[str, object]) -> dict[str, object]:
    """`options` with each player's stop setting defaulted to the table's."""
    given = options.get("stop")
    stops = dict(given) if isinstance(given, dict) else {}
    return {**options, "stop": {name: stops.get(name, TABLE_STOP) for name in players}}
