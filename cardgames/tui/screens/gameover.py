"""After the game: who won and why, a short summary, and the whole log."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.markup import escape
from textual.widgets import Header, RichLog, Static

from cardgames.tui.boards import board_class
from cardgames.tui.footer import KeyFooter
from cardgames.tui.frames import PacedScreen
from cardgames.tui.session import Session


class GameOverScreen(PacedScreen[None]):
    BINDINGS = [Binding("enter,escape,q", "to_title", "Back to the title")]

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session

    def compose(self) -> ComposeResult:
        game = self.session.game
        view = game.view(None)  # the table as everyone sees it
        out = view.outcome
        if out is None:
            head = "The game is not over."
        elif out["draw"]:
            head = f"[b]A draw[/] — {escape(str(out['reason']))}"
        else:
            head = f"[b]{escape(' and '.join(out['winners']))} won[/] — {escape(str(out['reason']))}"
        lines = [head, "", f"Turns played: {view.turn}    Decisions: {len(game.choices())}"]
        board = board_class(game.ruleset.name)
        for p in view.players:
            lines.append(f"  {escape(p.name)}: {escape(board.fate(view, p))}")
        yield Header(icon="♠")
        yield Static("\n".join(lines), id="summary")
        yield RichLog(id="final-log", wrap=True, markup=True)
        yield KeyFooter()

    def on_mount(self) -> None:
        self.title = "Game over"
        log = self.query_one("#final-log", RichLog)
        for line in self.session.game.log(None):
            log.write(escape(line))

    def action_to_title(self) -> None:
        while len(self.app.screen_stack) > 1:
            self.app.pop_screen()
