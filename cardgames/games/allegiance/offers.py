"""Options offered again and again (the same card to target, attack or defend with, or enlist, the
same "done" at decision after decision), each made once: an Option is immutable, so one serves
them all (making one costs several times looking it up)."""

from __future__ import annotations

from cardgames.engine.decisions import Option

LIMIT = 4096
"""How many are kept at most: past that they are all forgotten at once (games come and go)."""

_MADE: dict[tuple[str, int, str] | tuple[str, str, str, int | None], Option] = {}
"""Each option by what it was made of (a 3-tuple from `offer`, a 4-tuple from `option`)."""


def offer(kind: str, ref: int, label: str) -> Option:
    """`Option(f"{kind}:{ref}", label, kind, ref)`: the one made before, if any."""
    whole = (kind, ref, label)
    found = _MADE.get(whole)
    if found is None:
        if len(_MADE) >= LIMIT:
            _MADE.clear()
        found = _MADE[whole] = Option(f"{kind}:{ref}", label, kind, ref)
    return found


def option(key: str, label: str, group: str, ref: int | None = None) -> Option:
    """`Option(key, label, group, ref)`: the one made before, if any."""
    whole = (key, label, group, ref)
    found = _MADE.get(whole)
    if found is None:
        if len(_MADE) >= LIMIT:
            _MADE.clear()
        found = _MADE[whole] = Option(key, label, group, ref)
    return found
