"""Screens that show Markdown: the rules of a game, the help with every key, card details."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle
from textual.screen import ModalScreen
from textual.widgets import Header, OptionList
from textual.widgets.option_list import Option

from cardgames.tui.footer import KeyFooter
from cardgames.tui.frames import PacedScreen

# Textual's Markdown widgets (markdown-it, Pygments) are imported as a Markdown screen opens: the
# title screen, which imports this module, starts without them.

HELP = """\
# Keys

| key | what it does |
|---|---|
| 1 – 9 | choose that option of the pending decision |
| ↑ ↓ or k j, Enter or l | move in the options and choose (every option, however many) |
| / or ctrl+p | find any option by typing part of its name |
| h | back (like Esc) |
| Space | pass (when passing is an option) |
| Esc | cancel a half-made choice (back out of targeting) |
| Tab | the cursor onto the cards on the table (Tab / Shift+Tab, ← → ↑ ↓ move it) |
| Enter on a card | pick it as the answer (or inspect it when the question is not about it) |
| i on a card | inspect it; j / k, or Tab past the last card, go back to the options |
| click a ▸name | pick that card (or hero) as the answer |
| click a name | inspect the card |
| click "+ here", "+ behind", "+ block" | Algomancy: put the unit you picked in that slot of the grid |
| i | inspect the card the highlighted option is about |
| L (shift+l) | the cards the recent log names that you can see: pick one to inspect it (or click its name) |
| w | what you cannot do right now, and why (cost, affinity, timing, cooldowns) |
| click "Abilities" | Allegiance: a hero's eight abilities in full |
| u | undo your last choice (refused once hidden cards were revealed) |
| r | the rules of this game |
| s | settings, including when you are asked to respond |
| ? or F1 | this help |
| ctrl+q | quit (the game is saved after every choice; Continue lists your games) |

In every menu and list (title, saved games, lessons) ↑ ↓ or k j move and Enter opens.
On the title screen, Continue lists every saved game: Enter resumes one, d deletes
one (after asking), Esc goes back. At a curtain, Enter (or Space) lifts it — that
key does nothing else.

# Playing at one terminal

Between two players' own screens stands the public table: the board as everyone
sees it, with no one's hand. A question that needs no hidden card — "any
response?", blockers, a target on the table — is answered right there by the
player named at the top of the options. "Look at my hand" (Enter) puts a curtain
up: pass the device, and that player presses Enter to see their own screen.
A decision with only one thing to do is answered for you, and said under the
prompt (Settings can turn that off). Whether you are asked to respond
to other players' moves is your own stop setting (chosen at New game, changed
during the game with s): by default only when it concerns you and, by what
everyone can see, you could respond (you hold cards, or control a card with an
ability you could use) — so being asked reveals nothing about your hand.
"Whenever I could respond", "at every chance" and "never" are the other settings.

# Algomancy's board

Your opponent is at the top, you at the bottom. Between you are the two regions,
side by side; during a battle they stack, and the region where the battle is
fought shows the formations as a grid: one line per column, the attacker's back
and front rows on the left facing the blocker's front and back rows across ║.
Attributes under a unit include those its column shares. While you draft, your
hand and the pack are shown side by side with the pack's count: pass it when it
holds exactly 10.
"""


class MarkdownScreen(PacedScreen[None]):
    """A full-screen Markdown page (rules, help)."""

    BINDINGS = [Binding("escape,q,r", "app.pop_screen", "Back")]

    def __init__(self, markdown: str, title: str) -> None:
        super().__init__()
        self.markdown = markdown
        self.page_title = title

    def compose(self) -> ComposeResult:
        from textual.widgets import MarkdownViewer

        yield Header(icon="♠")
        yield MarkdownViewer(self.markdown, show_table_of_contents=False)
        yield KeyFooter()

    def on_mount(self) -> None:
        self.title = self.page_title


def rules_screen(game: str) -> MarkdownScreen:
    from cardgames.catalog.paths import doc_path

    path = doc_path(f"rules/{game}.md")
    try:
        text = path.read_text(encoding="utf-8")
    except OSError:
        text = f"# Rules\n\nThe rules text for {game} is missing ({path})."
    return MarkdownScreen(text, "Rules")


class RulesMenu(PacedScreen[None]):
    """Which game's rules to read."""

    BINDINGS = [Binding("escape,q", "app.pop_screen", "Back")]

    def compose(self) -> ComposeResult:
        from cardgames.tui.settings import GAMES

        yield Header(icon="♠")
        with Middle(), Center():
            yield OptionList(*[Option(title, id=name) for title, name in GAMES], id="menu")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.title = "Rules"
        self.query_one("#menu", OptionList).focus()

    @on(OptionList.OptionSelected, "#menu")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        if event.option.id is not None:
            self.app.push_screen(rules_screen(event.option.id))


def help_screen() -> MarkdownScreen:
    return MarkdownScreen(HELP, "Help")


class InspectScreen(PacedScreen[None], ModalScreen[None]):
    """A card in full. Opaque background: a modal must never show the table through it."""

    BINDINGS = [Binding("escape,enter,i,q", "app.pop_screen", "Close")]

    def __init__(self, markdown: str) -> None:
        super().__init__()
        self.markdown = markdown

    def compose(self) -> ComposeResult:
        from textual.widgets import Markdown

        yield Markdown(self.markdown, id="inspect")
