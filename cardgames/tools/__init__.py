"""The tools behind the `cardgames` command: validate, schema, scenario, simulate, replay, bench."""

from __future__ import annotations


class UsageError(Exception):
    """A mistake the user can fix (unknown game or format, missing file): one line, an exit code."""

    def __init__(self, message: str, code: int = 2) -> None:
        super().__init__(message)
        self.code = code
