"""The cards a priority window looks at in hand and bin (play.py keeps them for each sort of window): exactly those
whose kind and timing icons let them be played there, for every card and every window."""

from __future__ import annotations

import pytest

from cardgames.games.algomancy import legal
from cardgames.games.algomancy.rules import Algomancy

RULES = Algomancy()
WINDOWS = ["deploy", "haste", "battle:attack_window", "battle:block_window", "battle:after_window", "end", ""]


@pytest.mark.parametrize("window", WINDOWS)
def test_the_timely_cards_are_those_kind_and_timing_allow(window: str) -> None:
    play = RULES.play
    for _ in range(2):  # worked out, then kept
        timely = play._timely_cards(window)
        assert timely == {cid for cid, card in RULES.cards.items()
                          if card.kind in ("unit", "spell", "spell_unit") and legal.timing_ok(card, window)}
    assert timely or window in ("end", "")
