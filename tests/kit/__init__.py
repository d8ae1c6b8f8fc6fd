"""The shared test kit every game's suite starts from: fuzz harness, app driver, no-leak check.

`pythonpath = ["tests"]` (pyproject) makes it importable as `kit` from any test file.
"""
