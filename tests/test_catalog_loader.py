"""The shared card-file loader: a second load in the same process reuses what the first parsed,
notices an edited file, and never hands two callers one container they could change."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Literal

import pytest
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from cardgames.catalog.loader import load_card_files, load_file_lines, union_tags
from cardgames.catalog.paths import cards_dir
from cardgames.games.allegiance.schema import CardFile


class Item(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    id: str
    power: int


class Items(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    cards: list[Item]


class Spark(BaseModel):
    model_config = ConfigDict(extra="forbid")
    kind: Literal["spark"]
    id: str
    flame: int


class Flame(BaseModel):
    model_config = ConfigDict(extra="forbid")
    kind: Literal["flame"]
    id: str
    flame: int | None = None
    heat: int


class Mixed(BaseModel):
    """A card file of two kinds of card, told apart by `kind` (a game of the loader's own)."""

    model_config = ConfigDict(extra="forbid")
    cards: list[Annotated[Spark | Flame, Field(discriminator="kind")]]


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


def test_a_problem_names_the_field_not_the_kind_of_card_the_schema_tells_apart(tmp_path: Path) -> None:
    """The loader learns the tags of a schema's discriminated unions from the schema itself (no
    game's vocabulary in it): the tag pydantic puts in an error's location is no field, but a
    field spelled like a tag is."""
    assert union_tags(Mixed) == {"spark", "flame"} and union_tags(Items) == frozenset()
    path = tmp_path / "mixed.yaml"
    path.write_text("cards:\n"
                    "  - kind: spark\n    id: s\n    flame: hot\n"
                    "  - kind: flame\n    id: f\n    heat: lots\n"
                    "  - kind: flame\n    id: g\n    flame: x\n    heat: 1\n"
                    "  - kind: flame\n    id: h\n", encoding="utf-8")
    loaded = load_file_lines(path, Mixed)
    assert [(p.line, p.card, p.field) for p in loaded.problems] == [
        (4, "s", "flame"), (7, "f", "heat"), (10, "g", "flame"), (12, "h", "heat")]
    assert str(loaded.problems[1]).startswith(f"{path}:7: card 'f' field 'heat': ")
