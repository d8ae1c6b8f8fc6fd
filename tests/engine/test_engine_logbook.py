"""The incremental log (engine.logbook): the same lines as reading the whole log again, after new
answers and after an undo."""

from __future__ import annotations

from cardgames.api import new_game
from cardgames.bots import make_bot


def test_a_logbook_read_after_each_answer_gives_the_whole_log_and_follows_an_undo() -> None:
    game = new_game("allegiance", ["Ann", "Bob"], 7, {"format": "duel"})
    bot = make_bot("keen", 7)
    books = {seat: game.logbook(seat) for seat in (None, 0, 1)}
    undone = False
    for step in range(300):
        if game.outcome is not None:
            break
        game.choose(bot.choose(game.decision))
        if step % 37 == 36 and game.undo_reason() is None:
            game.undo()
            undone = True
        for seat, book in books.items():
            assert book.read(game.events) == game.log(seat)
    assert undone
