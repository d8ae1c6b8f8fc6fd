"""The narrow view of the Algomancy ruleset the rules modules work through: the cards, the catalog, card names.

Every module of the package below `rules.py` takes a `Rules` (or a `Flow`, and asks `rules_of` for
it), never the concrete `Algomancy` class: the package then reads bottom-up, with the ruleset that
wires the phases together at the top.
"""

from __future__ import annotations

from typing import Protocol, cast

from cardgames.engine.flow import Flow
from cardgames.engine.state import GameObject, State
from cardgames.games.algomancy.catalog import Catalog
from cardgames.games.algomancy.schema import Card


class Rules(Protocol):
    """What the rules modules need of the ruleset: `rules.Algomancy` satisfies it."""

    @property
    def cards(self) -> dict[str, Card]:
        """Every card by id (the catalog's)."""
        ...

    @property
    def cat(self) -> Catalog:
        """The card catalog: effects by reference, resources, decklists."""
        ...

    def card_name(self, state: State, obj: GameObject) -> str:
        """A card's name as the players read it (with its X, for a token that has one)."""
        ...


def rules_of(flow: Flow) -> Rules:
    """The Algomancy rules running `flow`.

    The engine types `Flow.ruleset` as its `FlowRules` (a name and frame kinds); this is the one
    place it is narrowed to `Rules`. It is a cast, not a check: the flows of this package are only
    ever run by an `Algomancy`, and mypy checks that `Algomancy` satisfies `Rules` where it hands
    itself to the phases (`Play(self)`, …) in `rules.py`.
    """
    return cast(Rules, flow.ruleset)
