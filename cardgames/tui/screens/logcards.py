"""Cards named in the log: the ones the recent log names that the seat can see, newest first, to
pick one to inspect (`L`); and the log's lines with those names made clickable."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.markup import escape
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option as ListOption

from cardgames.engine.view import GameView
from cardgames.tui.frames import PacedScreen

RECENT = 60
"""How many of the newest log lines are searched for card names."""


def face_up(view: GameView) -> dict[str, int]:
    """The name of each card face up in `view` (to its viewer), and one card of that name."""
    faces: dict[str, int] = {}
    for zone in view.zones.values():
        for c in zone.cards:
            if not c.hidden and c.name and c.name not in faces:
                faces[c.name] = c.id
    return faces


def names_pattern(names: Sequence[str]) -> re.Pattern[str] | None:
    """A pattern finding any of `names` as whole words, the longest first; None without names."""
    if not names:
        return None
    longest_first = sorted(names, key=len, reverse=True)
    return re.compile("|".join(rf"(?<!\w){re.escape(n)}(?!\w)" for n in longest_first))


def linked(line: str, pattern: re.Pattern[str] | None, action: Callable[[str], str]) -> str:
    """The log line as markup, each name the pattern finds a link that runs `action(name)` when
    clicked (the rest escaped, as any log line)."""
    if pattern is None:
        return escape(line)
    out, at = [], 0
    for match in pattern.finditer(line):
        out.append(escape(line[at:match.start()]))
        out.append(f"[@click={action(match.group(0))}]{escape(match.group(0))}[/]")
        at = match.end()
    out.append(escape(line[at:]))
    return "".join(out)


def named_in_log(lines: Sequence[str], view: GameView) -> list[tuple[int, str]]:
    """(ref, name) of each card face up in `view` whose name a recent line names, newest line
    first, one per name (a hidden card has no name to find: it is never offered)."""
    faces = face_up(view)
    pattern = names_pattern(list(faces))
    if pattern is None:
        return []
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
