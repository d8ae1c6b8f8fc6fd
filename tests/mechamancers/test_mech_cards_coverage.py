"""Every mecha (its ability or its printed states) and every event is exercised by a test (`covers`)."""

from __future__ import annotations

import importlib
from pathlib import Path

from mech_play import COVERAGE

from cardgames.games.mechamancers.catalog import Catalog


def test_every_card_and_event_is_exercised() -> None:
    here = Path(__file__).parent
    for path in sorted(here.glob("test_mech_*.py")):
        if path.stem != Path(__file__).stem:
            importlib.import_module(path.stem)
    cat = Catalog.load()
    need = set(cat.mecha) | {e.id for e in cat.events}
    missing = sorted(need - COVERAGE)
    assert not missing, f"cards and events no test exercises: {missing}"
    assert not COVERAGE - set(cat.cards), f"tests cover cards that do not exist: {sorted(COVERAGE - set(cat.cards))}"
