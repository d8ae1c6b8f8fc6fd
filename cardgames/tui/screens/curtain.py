"""The hot-seat curtain: an opaque screen that hides the table while the device changes hands."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding

from cardgames.tui.frames import PacedScreen, Panel


class CurtainScreen(PacedScreen[None]):
    """"Pass to <name> — press Enter". A plain (opaque) Screen: nothing below shows through."""

    BINDINGS = [Binding("enter,space", "dismiss_curtain", "I am " + "ready", show=True)]

    def __init__(self, name: str, note: str = "") -> None:
        super().__init__()
        self.player = name
        self.note = note

    def _text(self) -> str:
        return (f"[b]Pass to {self.player}[/]\n\n{self.note}\n\n"
                f"{self.player}, press [b]Enter[/] when only you can see the screen.")

    def compose(self) -> ComposeResult:
        yield Panel(self._text(), id="curtain-text")  # (centred by the screen's own alignment)

    def pass_to(self, name: str, note: str = "") -> None:
        """Show the curtain again, for `name` (a game keeps one curtain: building it anew and
        throwing it away took a third of a hand-over's time on screen)."""
        self.player, self.note = name, note
        if self.is_mounted:
            self.query_one("#curtain-text", Panel).update(self._text())

    def action_dismiss_curtain(self) -> None:
        self.dismiss(None)
