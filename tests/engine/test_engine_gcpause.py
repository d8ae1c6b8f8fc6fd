"""`gc_paused`: the collector is off inside the block and back as it was after, even on errors."""

from __future__ import annotations

import gc

import pytest

from cardgames.engine.gcpause import gc_paused


def test_the_collector_is_paused_in_the_block_and_enabled_again_after() -> None:
    assert gc.isenabled()
    with gc_paused():
        assert not gc.isenabled()
        with gc_paused():  # nested: the inner block leaves it paused for the outer one
            assert not gc.isenabled()
        assert not gc.isenabled()
    assert gc.isenabled()


def test_an_error_in_the_block_enables_the_collector_again() -> None:
    with pytest.raises(RuntimeError), gc_paused():
        raise RuntimeError("boom")
    assert gc.isenabled()


def test_a_collector_paused_before_stays_paused() -> None:
    gc.disable()
    try:
        with gc_paused():
            pass
        assert not gc.isenabled()
    finally:
        gc.enable()
