"""Per-seat settings changed during a game (the stop setting): recorded, replayed, kept by undo."""

from __future__ import annotations

from pathlib import Path

import pytest
from allegiance_play import mid

from cardgames.api import load_game
from cardgames.engine import core_events as ce
from cardgames.engine.decisions import IllegalChoice
from cardgames.engine.save import read_save
from cardgames.games.allegiance.rules import Allegiance
from cardgames.tools.replay import verify


def test_a_player_who_changes_to_always_is_asked_at_the_next_chance() -> None:
    """R96: `always` asks at every chance to respond; the change takes effect from the next one."""
    g = mid({"Allison": {"gold": 20}}, stop={"Allison": "never"})
    g.choose("pass")
    assert g.decision.seat == "Paul"  # never: Paul's own end-of-turn window comes next
    g = mid({"Allison": {"gold": 20}}, stop={"Allison": "never"})
    g.set_preference("Allison", "stop", "always")
    g.choose("pass")
    assert g.decision.seat == "Allison"
    assert g.state.players[1].props["stop"] == "always"


def test_a_change_to_never_passes_the_open_window_for_that_player() -> None:
    """A seat that is being asked and switches to `never` is passed for at once."""
    g = mid({"Allison": {"gold": 20}}, stop={"Allison": "always"})
    g.choose("pass")
    assert g.decision.seat == "Allison"
    g.set_preference("Allison", "stop", "never")
    assert g.decision.seat == "Paul"


def test_setting_changes_are_inputs_in_the_log() -> None:
    g = mid({"Allison": {"gold": 20}})
    g.set_preference(1, "stop", "always")
    g.choose("pass")
    kinds = [type(e).__name__ for e in g.inputs()]
    assert kinds == ["PreferenceSet", "Chose"]


def test_unknown_settings_and_values_are_refused_and_change_nothing() -> None:
    g = mid({"Allison": {"gold": 20}})
    before = len(g.events)
    with pytest.raises(IllegalChoice, match="no setting 'speed'"):
        g.set_preference("Allison", "speed", "fast")
    with pytest.raises(IllegalChoice, match="one of: auto, always, never, relevant"):
        g.set_preference("Allison", "stop", "sometimes")
    with pytest.raises(IllegalChoice, match="no player named"):
        g.set_preference("Nobody", "stop", "always")
    assert len(g.events) == before


def test_a_saved_game_with_a_setting_change_loads_and_replays_exactly(tmp_path: Path) -> None:
    g = mid({"Allison": {"gold": 20}})
    g.set_preference("Allison", "stop", "always")
    g.choose("pass")
    g.choose("pass")
    path = tmp_path / "g.save"
    g.save(path)
    loaded = load_game(path)
    assert "warnings" not in loaded.header
    assert [e.to_json() for e in loaded.events] == [e.to_json() for e in g.events]
    assert loaded.decision.seat == g.decision.seat and loaded.decision.kind == g.decision.kind
    loaded_save = read_save(path)
    assert verify(Allegiance(), loaded_save.header, loaded_save.events).ok


def test_undo_keeps_a_setting_changed_after_the_undone_choice() -> None:
    g = mid({"Allison": {"gold": 20}})
    g.choose("pass")
    g.set_preference("Paul", "stop", "never")
    g.undo("Paul")
    assert g.state.players[0].props["stop"] == "never"
    assert [type(e) for e in g.inputs()] == [ce.PreferenceSet]
