"""The command palette (ctrl+p) lists every legal action of the pending decision by name."""

from __future__ import annotations

from functools import partial

from textual.command import DiscoveryHit, Hit, Hits, Provider


class LegalActions(Provider):
    """Each option of the seated player's pending decision is a command."""

    def _options(self) -> list[tuple[str, str]]:
        from cardgames.tui.screens.game import GameScreen

        screen = self.screen
        if not isinstance(screen, GameScreen):
            return []
        d = screen.session.decision
        if d is None or d.seat_index != screen.session.seated:
            return []
        return [(o.label, o.key) for o in d.options]

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
        from cardgames.tui.screens.game import GameScreen

        screen = self.screen
        if isinstance(screen, GameScreen):
            screen.answer(key)
