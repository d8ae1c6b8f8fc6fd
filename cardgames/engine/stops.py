"""The stop setting a hot-seat table starts every seat on (imports nothing: the title screen reads it)."""

from __future__ import annotations

TABLE_STOP = "relevant"
"""Asked to respond when the moment concerns you. The engine's own default, "auto", asks whenever
you could respond — at a shared terminal, nearly every maneuver would be a hand-over. The app and
`cardgames simulate` (whose hand-over figures are the app's) both start every seat on it."""


def with_table_stops(players: list[str], options: dict[str, object]) -> dict[str, object]:
    """`options` with each player's stop setting defaulted to the table's."""
    given = options.get("stop")
    stops = dict(given) if isinstance(given, dict) else {}
    return {**options, "stop": {name: stops.get(name, TABLE_STOP) for name in players}}
