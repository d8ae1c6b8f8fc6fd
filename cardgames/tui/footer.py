"""The key bar at the foot of every screen, rebuilt only when the keys it shows change."""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Footer


class KeyFooter(Footer):
    """Textual's Footer rebuilds all its key widgets whenever the focus moves or a screen asks
    for its bindings again (an answer moves the focus, a curtain comes and goes): a dozen
    widgets mounted, styled and painted, several times a key. This one rebuilds only when the
    keys, their descriptions or whether they are enabled differ from what it shows."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._keys_shown: tuple[tuple[str, str, bool, str], ...] | None = None

    def _keys(self) -> tuple[tuple[str, str, bool, str], ...]:
        return tuple((b.key, b.description, enabled, tooltip)
                     for (_, b, enabled, tooltip) in self.screen.active_bindings.values() if b.show)

    def compose(self) -> ComposeResult:
        if self._bindings_ready:
            self._keys_shown = self._keys()
        yield from super().compose()

    def bindings_changed(self, screen: Screen[Any]) -> None:
        if self.is_attached and screen is self.screen and self._keys() == self._keys_shown:
            return  # the same keys: nothing to rebuild
        super().bindings_changed(screen)
