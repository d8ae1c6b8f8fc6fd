"""The narrow view of the Altered ruleset the rules modules work through: the cards and card names."""

from __future__ import annotations

from typing import Protocol

from cardgames.engine.flow import Flow
from cardgames.engine.state import GameObject, State
from cardgames.games.altered.schema import Card


class Rules(Protocol):
    """What the rules modules need of the ruleset: `rules.Altered` satisfies it."""

    @property
    def cards(self) -> dict[str, Card]:
        """Every card by id."""
        ...

    def card_name(self, state: State, obj: GameObject) -> str: ...


def rules_of(flow: Flow) -> Rules:
    """The Altered rules running `flow` (this package's flows only ever run under `Altered`; said to
    the type checker without a call to `typing.cast`, as this is asked at every step)."""
    return flow.ruleset  # type: ignore[return-value]
