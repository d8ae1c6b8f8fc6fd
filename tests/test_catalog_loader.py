"""The shared card-file loader: a second load in the same process reuses what the first parsed,
notices an edited file, and never hands two callers one container they could change."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import BaseModel, ConfigDict, ValidationError

from cardgames.catalog.loader import load_card_files
from cardgames.catalog.paths import cards_dir
from cardgames.games.allegiance.schema import CardFile


class Item(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    id: str
    power: int


class Items(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    cards: list[Item]


def test_a_second_load_shares_the_frozen_cards_but_not_the_containers() -> None:
    first = load_card_files([cards_dir("allegiance")], CardFile)
    second = load_card_files([cards_dir("allegiance")], CardFile)
    assert not first.problems and first.fingerprint == second.fingerprint
    assert first.cards == second.cards and first.where == second.where
    assert all(second.cards[cid] is card for cid, card in first.cards.items())
    assert first.cards is not second.cards and first.where is not second.where
    assert first.problems is not second.problems
    (_, a), (_, b) = first.files[0], second.files[0]
    assert a is not b and a.lines is not b.lines and a.card_lines is not b.card_lines
    first.cards.clear()
    first.where.clear()
    a.lines.clear()
    third = load_card_files([cards_dir("allegiance")], CardFile)
    assert third.cards == second.cards and third.where == second.where
    assert third.files[0][1].lines == b.lines != {}
    card = next(iter(third.cards.values()))
    with pytest.raises(ValidationError):
        card.name = "changed"


def test_an_edited_file_is_loaded_again(tmp_path: Path) -> None:
    path = tmp_path / "items.yaml"
    path.write_text("cards:\n  - {id: a, power: 1}\n")
    first = load_card_files([tmp_path], Items)
    path.write_text("cards:\n  - {id: a, power: 2}\n")  # the same size, at once
    second = load_card_files([tmp_path], Items)
    assert first.cards["a"].power == 1 and second.cards["a"].power == 2
    assert first.fingerprint != second.fingerprint
    path.write_text("cards:\n  - {id: a, power: x}\n")
    broken = load_card_files([tmp_path], Items)
    assert not broken.cards and [(p.file, p.line, p.card) for p in broken.problems] == [
        (str(path), 2, "a")]
    again = load_card_files([tmp_path], Items)
    assert again.problems == broken.problems and again.problems is not broken.problems
    path.write_text("cards:\n  - {id: a, power: 1}\n")
    assert load_card_files([tmp_path], Items).fingerprint == first.fingerprint
    (tmp_path / "more.yaml").write_text("cards:\n  - {id: b, power: 3}\n")
    assert sorted(load_card_files([tmp_path], Items).cards) == ["a", "b"]
