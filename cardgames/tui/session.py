"""A game being played at the terminal: the engine game, its autosave, and who sits at the screen."""

from __future__ import annotations

from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from cardgames.tui.saves import new_save_path, read_info, unfinished

if TYPE_CHECKING:  # the engine is imported when a game starts, not for the title screen
    from cardgames.engine.decisions import Decision, Option
    from cardgames.engine.game import Game
    from cardgames.engine.view import GameView

_syncer: ThreadPoolExecutor | None = None
"""The thread that syncs autosaves to disk behind the screen (an fsync took 4–8 ms of every answer's
key); what it has pending is finished before the program exits."""


def _sync_soon(path: Path) -> Future[None]:
    """Sync the file to disk on the autosave thread."""
    from cardgames.engine.save import sync_file

    global _syncer
    if _syncer is None:
        _syncer = ThreadPoolExecutor(max_workers=1, thread_name_prefix="autosave-sync")
    return _syncer.submit(sync_file, path)


@dataclass
class Session:
    """One game at the terminal. `seated` is the player whose private cards the screen may show;
    None is the public table (what a spectator sees), where a seat answers what needs no private
    card (`cardgames.engine.handover`)."""

    game: Game
    path: Path
    seated: int | None = None
    written: int = -1
    """How many events the autosave holds (-1: rewrite it whole next time)."""
    _view: tuple[tuple[object, ...], GameView] | None = field(default=None, repr=False, compare=False)
    """The last view built, and what it was built for (`view`)."""
    synced: Future[None] | None = field(default=None, repr=False, compare=False)
    """The autosave's last sync to disk (done behind the screen, after the events were written)."""

    @classmethod
    def start(cls, game_name: str, players: list[str], seed: int, options: dict[str, object],
              path: Path | None = None) -> Session:
        from cardgames.api import new_game

        game = new_game(game_name, players, seed, dict(options))
        session = cls(game, path or new_save_path(game_name, game.players))
        session.save()
        return session

    @classmethod
    def resume(cls, path: Path | None = None) -> Session:
        from cardgames.api import load_game

        if path is None:
            waiting = unfinished()
            if not waiting:
                from cardgames.engine.save import SaveError

                raise SaveError("there is no unfinished game to continue")
            path = waiting[0].path
        return cls(load_game(path), path)  # the next save rewrites it whole

    @staticmethod
    def can_resume(path: Path | None = None) -> bool:
        """The save (or, without a path, any save) holds a game that is not over."""
        if path is None:
            return bool(unfinished())
        info = read_info(path)
        return info is not None and not info.finished

    # -- what the screen may show ---------------------------------------------------------

    @property
    def decision(self) -> Decision | None:
        return None if self.game.outcome is not None else self.game.decision

    def view(self) -> GameView:
        """The table as the seated player may see it (None seated: the public table). Built once
        per decision and seat: any answer, undo or setting change makes a new decision."""
        d = self.decision
        key = (self.game, len(self.game.events), d.token if d is not None else None, self.seated)
        if self._view is None or self._view[0] != key:
            self._view = (key, self.game.view(self.seated))
        return self._view[1]

    def _public_keys(self) -> set[str]:
        handover = self.view().handover
        return set(handover.public) if handover is not None else set()

    def needs_curtain(self) -> bool:
        """The screen must be covered: someone else decides now, on their private screen (the
        decision needs a card only they may see, or is sealed)."""
        d = self.decision
        return d is not None and d.seat_index != self.seated and not self._public_keys()

    def on_public_table(self) -> bool:
        """Someone other than the seated player decides now, and can answer on the public table."""
        d = self.decision
        return d is not None and d.seat_index != self.seated and not self.needs_curtain()

    def public_options(self) -> list[Option]:
        """The options the deciding seat may choose on the public table."""
        d = self.decision
        keys = self._public_keys()
        return [] if d is None else [o for o in d.options if o.key in keys]

    def holds_hidden(self, seat: int) -> bool:
        """Whether the seat has cards only it may see (so the public table offers "my hand")."""
        return self.view().players[seat].holds_hidden

    def forced_answer(self) -> Option | None:
        """The one sensible answer to the pending decision, when there is nothing to decide."""
        d = self.decision
        handover = self.view().handover
        if d is None or handover is None or handover.forced is None:
            return None
        return d.option(handover.forced)

    def sit(self) -> None:
        """The deciding player has taken the screen."""
        d = self.decision
        self.seated = d.seat_index if d is not None else None

    def stand(self) -> None:
        """The screen shows the public table: nobody's private cards."""
        self.seated = None

    # -- acting --------------------------------------------------------------------------

    def choose(self, option: Option | str) -> None:
        self.game.choose(option)
        self.save()

    def set_preference(self, key: str, value: str) -> None:
        """Change the seated player's own setting (e.g. when to be asked to respond); autosaved."""
        if self.seated is None:
            raise ValueError("nobody is seated at the screen")
        self.game.set_preference(self.seated, key, value)
        self.save()

    def undo(self) -> str | None:
        """Undo the seated player's last choice; returns why not, if refused. Answers given for
        the player (the only thing to do) are taken back with the choice before them."""
        reason = self.game.undo_reason(self.seated)
        if reason is None:
            self.game.undo(self.seated)
            while self.forced_answer() is not None and self.game.undo_reason(self.seated) is None:
                self.game.undo(self.seated)
            self.written = -1
            self.save()
        return reason

    def save(self) -> None:
        """Autosave: append the new events, or rewrite the file after an undo. The appended events
        are in the operating system's hands before the screen changes (a killed program loses
        nothing) and synced to disk behind it, on the autosave thread (against a power cut)."""
        from cardgames.engine.save import append_events, write_save

        events = self.game.events
        if 0 <= self.written <= len(events) and self.path.is_file():
            append_events(self.path, events[self.written:], len(events), sync=False)
            self.synced = _sync_soon(self.path)
        else:
            header = {k: v for k, v in self.game.header.items() if k != "warnings"}
            write_save(self.path, header, events, count=False)
        self.written = len(events)
