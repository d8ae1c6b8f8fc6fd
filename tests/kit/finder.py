"""A game's `priority_option` (one play found by its key, for replays) checked against its full listing."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from typing import Any

from cardgames.engine.chain import PASS
from cardgames.engine.decisions import Option

Finder = Callable[[Any, int, Any, str], "Option | None"]


def found_as_listed(find: Finder, state: Any, seat: int, frame: Any, options: Iterable[Option],
                    tried: Iterable[str], seen: Counter[str]) -> None:
    """Each listed play (all but the pass) is found by its key, equal and labelled alike, counted in
    `seen` by its kind (the key's first part); each `tried` key the list lacks is found as nothing
    (counted as "refused")."""
    listed = {o.key: o for o in options if o.key != PASS}
    for key, o in listed.items():
        found = find(state, seat, frame, key)
        assert found == o and found is not None and found.label == o.label, (key, found, o)
        seen[key.split(":")[0]] += 1
    for key in tried:
        if key not in listed:
            assert find(state, seat, frame, key) is None, key
            seen["refused"] += 1
