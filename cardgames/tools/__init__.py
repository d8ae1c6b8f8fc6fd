"""Command-line tools behind `cardgames`: simulate, bench, replay, validate."""
