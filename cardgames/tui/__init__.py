"""The Textual app: title, setup, boards for each game, the hot-seat curtain, rules and help."""
