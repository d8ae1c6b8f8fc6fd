"""What `State.cached` was asked to compute, recorded so a test can work a remembered value out afresh."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

from cardgames.engine.state import State

Compute = Callable[[], Any]


class CachedQueries:
    """Every compute function `State.cached` was given, per state and key (`record`)."""

    def __init__(self) -> None:
        self._computes: dict[int, dict[str, Compute]] = {}

    def record(self, monkeypatch: pytest.MonkeyPatch) -> CachedQueries:
        """Patch `State.cached` to note each compute function before it answers as usual."""
        plain = State.cached
        computes = self._computes

        def recording(state: State, key: str, compute: Compute) -> Any:
            computes.setdefault(id(state), {})[key] = compute
            return plain(state, key, compute)

        monkeypatch.setattr(State, "cached", recording)
        return self

    def remembered(self, state: State) -> Iterator[tuple[str, Any, Any]]:
        """(key, value remembered, value worked out afresh) for each value `state` remembers
        whose compute function was recorded. Afresh: with nothing remembered, so a query that asks
        another works that one out again too."""
        known = self._computes.get(id(state), {})
        memo = state._memo
        for key, value in list(memo.items()):
            if key not in known:
                continue
            state._memo = {}
            try:
                fresh = known[key]()
            finally:
                state._memo = memo
            yield key, value, fresh
