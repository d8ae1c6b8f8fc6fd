"""One board renderer per game: what its rulebook puts on the table, from a GameView."""
