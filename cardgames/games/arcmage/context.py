"""The narrow view of the ARC-mage ruleset the rules modules work through: the cards, the catalog, card names."""

from __future__ import annotations

from typing import Protocol, cast

from cardgames.engine.flow import Flow
from cardgames.engine.state import GameObject, State
from cardgames.games.arcmage.catalog import Catalog
from cardgames.games.arcmage.schema import Card


class Rules(Protocol):
    """What the rules modules need of the ruleset: `rules.Arcmage` satisfies it."""

    @property
    def cards(self) -> dict[str, Card]: ...

    @property
    def cat(self) -> Catalog: ...

    def card_name(self, state: State, obj: GameObject) -> str: ...


def rules_of(flow: Flow) -> Rules:
    """The ARC-mage rules running `flow` (a cast: only an `Arcmage` runs this package's frames)."""
    return cast(Rules, flow.ruleset)
