"""The cards the recent log names that the seat can see, newest first: pick one to inspect it."""

from __future__ import annotations

import re
from collections.abc import Sequence

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option as ListOption

from cardgames.engine.view import GameView
from cardgames.tui.frames import PacedScreen

RECENT = 60
"""How many of the newest log lines are searched for card names."""


def named_in_log(lines: Sequence[str], view: GameView) -> list[tuple[int, str]]:
    """(ref, name) of each card face up in `view` whose name a recent line names, newest line
    first, one per name (a hidden card has no name to find: it is never offered)."""
    faces: dict[str, int] = {}
    for zone in view.zones.values():
        for c in zone.cards:
            if not c.hidden and c.name and c.name not in faces:
                faces[c.name] = c.id
    if not faces:
        return []
    longest_first = sorted(faces, key=len, reverse=True)
    pattern = re.compile("|".join(rf"(?<!\w){re.escape(n)}(?!\w)" for n in longest_first))
    found: dict[str, int] = {}
    for line in reversed(lines[-RECENT:]):
        for match in pattern.finditer(line):
            found.setdefault(match.group(0), faces[match.group(0)])
    return [(ref, name) for name, ref in found.items()]


class LogCardsScreen(PacedScreen[int | None], ModalScreen[int | None]):
    """A list of the cards the log names; Enter returns the one to inspect, Esc nothing."""

    BINDINGS = [Binding("escape,q", "dismiss(None)", "Close")]

    def __init__(self, cards: Sequence[tuple[int, str]]) -> None:
        super().__init__()
        self.cards = list(cards)

    def compose(self) -> ComposeResult:
        with Vertical(id="logcards"):
            yield Static("[b]Cards the log names[/] (newest first) — Enter inspects one, Esc closes")
            yield OptionList(*[ListOption(name, id=str(ref)) for ref, name in self.cards], id="logcards-list")

    @on(OptionList.OptionSelected)
    def _picked(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(int(event.option.id or 0))
