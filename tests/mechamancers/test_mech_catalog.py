"""The card catalog: the spec's pool loads, and a bad card file is refused with file, line and rule."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardgames.catalog.loader import CatalogError
from cardgames.catalog.paths import cards_dir
from cardgames.games.mechamancers.catalog import Catalog
from cardgames.games.mechamancers.vocabulary import ABILITIES


def test_the_pool_is_the_specs_59_mecha_4_bulwarks_5_roles_and_12_events() -> None:
    """Components (spec §2, H34): 22 attack, 21 defense, 16 unique, 4 Bulwarks."""
    cat = Catalog.load()
    count = {k: sum(m.copies for m in cat.mecha.values() if m.type == k)
             for k in ("attack", "defense", "unique", "bulwark")}
    assert count == {"attack": 22, "defense": 21, "unique": 16, "bulwark": 4}
    assert [r.id for r in cat.roles] == ["quirk", "ruler", "warlock", "barricade", "cabalist"]
    assert len(cat.events) == 12


def test_every_ability_carries_the_tag_its_word_has() -> None:
    """Unique-ability timing vocabulary (H30): the printed tag agrees with the engine's keyword."""
    for m in Catalog.load().mecha.values():
        if m.ability is not None:
            assert ABILITIES[m.ability.word] == m.ability.tag, m.id


def _copy(tmp_path: Path) -> Path:
    for f in cards_dir("mechamancers").glob("*.yaml"):
        (tmp_path / f.name).write_text(f.read_text())
    return tmp_path / "attack.yaml"


def test_a_card_with_stats_of_the_wrong_type_names_file_line_and_card(tmp_path: Path) -> None:
    bad = _copy(tmp_path)
    bad.write_text(bad.read_text().replace("states: [{swords: 2, damage: 1}, {swords: 1, damage: 1}]",
                                           "states: [{shield: 2}]", 1))
    with pytest.raises(CatalogError) as err:
        Catalog.load([tmp_path])
    assert "attack.yaml:8: card 'twin-fang-raptor'" in str(err.value)
    assert "an attack mecha has swords and damage" in str(err.value)


def test_an_unknown_ability_word_is_refused_with_the_known_ones(tmp_path: Path) -> None:
    bad = _copy(tmp_path)
    bad.write_text(bad.read_text().replace("word: lance", "word: lancet"))
    with pytest.raises(CatalogError) as err:
        Catalog.load([tmp_path])
    assert "attack.yaml:" in str(err.value) and "rivet-lancer" in str(err.value)
    assert "unknown ability 'lancet'" in str(err.value) and "siege" in str(err.value)
