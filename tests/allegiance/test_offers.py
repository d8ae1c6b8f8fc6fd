"""`offers.offer` hands out the very Option a fresh one would equal, and forgets past its limit."""

from __future__ import annotations

import pytest

from cardgames.engine.decisions import Option
from cardgames.games.allegiance import offers


def test_an_offer_equals_a_fresh_option_and_is_made_once() -> None:
    first = offers.offer("target", 12, "Royal Guard")
    assert first == Option("target:12", "Royal Guard", "target", 12)
    assert (first.key, first.label, first.group, first.ref, first.decision) == (
        "target:12", "Royal Guard", "target", 12, -1)
    assert offers.offer("target", 12, "Royal Guard") is first
    assert offers.offer("target", 12, "Archer") == Option("target:12", "Archer", "target", 12)
    assert offers.offer("attack", 12, "Royal Guard").key == "attack:12"


def test_offers_are_forgotten_past_the_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(offers, "LIMIT", 3)
    monkeypatch.setattr(offers, "_MADE", {})
    for ref in range(10):
        assert offers.offer("defend", ref, "x") == Option(f"defend:{ref}", "x", "defend", ref)
        assert len(offers._MADE) <= 3


def test_an_option_equals_a_fresh_one_and_is_made_once() -> None:
    first = offers.option("done", "Done (1 of up to 2 chosen)", "done")
    assert first == Option("done", "Done (1 of up to 2 chosen)", "done")
    assert offers.option("done", "Done (1 of up to 2 chosen)", "done") is first
    battle = offers.option("battle:1", "Initiate a battle against Ben", "battle", -2)
    assert (battle.key, battle.label, battle.group, battle.ref) == (
        "battle:1", "Initiate a battle against Ben", "battle", -2)
    assert offers.option("battle:1", "Initiate a battle against Ben", "battle", -3).ref == -3
