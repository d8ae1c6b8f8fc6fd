"""The command palette (ctrl+p) lists every legal action of the pending decision by name."""

from __future__ import annotations

from functools import partial
from typing import Protocol, runtime_checkable

from textual.command import DiscoveryHit, Hit, Hits, Provider


@runtime_checkable
class Deciding(Protocol):
    """A screen where the seated player answers a decision (the game screen)."""

    def legal_actions(self) -> list[tuple[str, str]]:
        """(label, key) of each option the seated player may choose now; empty when not theirs."""
        ...

    def answer(self, key: str) -> None: ...


class LegalActions(Provider):
    """Each option of the seated player's pending decision is a command."""

    def _options(self) -> list[tuple[str, str]]:
        screen = self.screen
        return screen.legal_actions() if isinstance(screen, Deciding) else []

    async def discover(self) -> Hits:
        for label, key in self._options():
            yield DiscoveryHit(label, partial(self._run, key), help="a legal action now")

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for label, key in self._options():
            score = matcher.match(label)
            if score > 0:
                yield Hit(score, matcher.highlight(label), partial(self._run, key), help="a legal action now")

    def _run(self, key: str) -> None:
        screen = self.screen
        if isinstance(screen, Deciding):
            screen.answer(key)
