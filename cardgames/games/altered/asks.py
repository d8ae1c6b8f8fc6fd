"""Asks with an option per object, listed only when read: a replay finds its saved answer by its key alone."""

from __future__ import annotations

from collections.abc import Callable

from cardgames.engine.decisions import Ask, Option


def per_object(
    seat: int,
    kind: str,
    prompt: str,
    prefix: str,
    ids: list[int] | tuple[int, ...],
    label: Callable[[int], str],
    group: str,
    extra: tuple[Option, ...] = (),
) -> Ask:
    """An option `<prefix>:<id>` (labelled `label(id)`, in `group`, about that object) for each of
    `ids` in order, then the `extra` ones (found without listing, as the Ask's `sure` options)."""
    ids = tuple(ids)

    def option(oid: int) -> Option:
        return Option(f"{prefix}:{oid}", label(oid), group, oid)

    def find(key: str) -> Option | None:
        head, _, tail = key.partition(":")
        if head != prefix or not tail.isdecimal() or int(tail) not in ids or f"{prefix}:{int(tail)}" != key:
            return None
        return option(int(tail))

    return Ask(seat, kind, prompt, lambda: [*map(option, ids), *extra], sure=extra, finder=find)
