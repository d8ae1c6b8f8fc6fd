"""The rulings' optional toggles, off by default: group moves (R35) and unmark before founding (R18); as game
options in the setup form and on the command line."""

from __future__ import annotations

import pytest
from arc_play import ANN, game, keys, obj, res

from cardgames.engine.ruleset import SetupError
from cardgames.engine.setup import RANDOM
from cardgames.games.arcmage import table as t
from cardgames.games.arcmage.rules import Arcmage

ON = {"group_moves": "on"}


def test_r35_one_creature_per_move_by_default() -> None:
    g = game({"army": ["ghoul", "wight"]})
    ghoul, farmland = obj(g, "ghoul"), obj(g, "farmland")
    g.choose(f"move:{ghoul}")
    g.choose(f"to:{res(farmland)}")
    assert g.state.objects[ghoul].zone == res(farmland) and g.state.objects[obj(g, "wight")].zone == t.army(ANN)
    assert f"move:{obj(g, 'wight')}" not in keys(g)  # Farmland was this turn's destination of a move


def test_r35_group_moves_several_creatures_from_one_place_to_one_place_in_one_move() -> None:
    g = game({"army": ["ghoul", "wight", "kolibri!"]}, options=ON)
    ghoul, wight, kolibri, farmland = obj(g, "ghoul"), obj(g, "wight"), obj(g, "kolibri"), obj(g, "farmland")
    g.choose(f"move:{ghoul}")
    g.choose(f"to:{res(farmland)}")
    assert g.decision.kind == "move"
    assert f"with:{wight}" in keys(g) and f"with:{kolibri}" not in keys(g)  # a marked creature can't move
    g.choose(f"with:{wight}")
    assert f"with:{wight}" not in keys(g)
    g.choose("done")
    for oid in (ghoul, wight):
        o = g.state.objects[oid]
        assert o.zone == res(farmland) and o.exhausted  # each mover is marked, as in any move
    assert g.state.objects[kolibri].zone == t.army(ANN)
    assert g.state.globals["moved_cities"] == [farmland]  # one move: Farmland touched once


def test_r35_group_moves_only_companions_from_the_same_place() -> None:
    g = game({"army": ["ghoul"], "cities": {"farmland": ["wight"]}}, options=ON)
    g.choose(f"move:{obj(g, 'ghoul')}")
    assert g.decision.prompt.endswith("where?")
    g.choose(f"to:{res(obj(g, 'farmland'))}")  # the Wight lives there already: nobody comes along
    assert g.state.objects[obj(g, "ghoul")].zone == res(obj(g, "farmland"))


def test_r35_group_move_cancelled_moves_nobody() -> None:
    g = game({"army": ["ghoul", "wight"]}, options=ON)
    ghoul, wight = obj(g, "ghoul"), obj(g, "wight")
    g.choose(f"move:{ghoul}")
    g.choose(f"to:{res(obj(g, 'farmland'))}")
    g.choose(f"with:{wight}")
    g.choose("cancel")
    assert all(g.state.objects[o].zone == t.army(ANN) and not g.state.objects[o].exhausted for o in (ghoul, wight))
    assert f"move:{ghoul}" in keys(g)


def test_r18_founding_skips_unmark_by_default() -> None:
    g = game({"army": ["ghoul!"], "marked_resources": {"gaian": 1}, "unbuilt": ["warren"]}, step="choose")
    g.choose("found")
    g.choose(f"found:{obj(g, 'warren')}")
    assert g.state.objects[obj(g, "warren")].zone == t.kingdom(ANN)
    assert g.state.objects[obj(g, "ghoul")].exhausted
    assert all(o.exhausted for o in g.state.cards_in(t.vault(ANN)))


def test_r18_unmark_before_founding_toggle() -> None:
    g = game({"army": ["ghoul!"], "marked_resources": {"gaian": 1}, "unbuilt": ["warren"], "deck": ["ghoul"] * 3},
             step="choose", options={"unmark_before_founding": "on"})
    hand = len(g.state.zones[t.hand(ANN)].cards)
    g.choose("found")
    assert not g.state.objects[obj(g, "ghoul")].exhausted  # unmarked first
    assert not any(o.exhausted for o in g.state.cards_in(t.vault(ANN)))
    g.choose(f"found:{obj(g, 'warren')}")
    assert g.state.objects[obj(g, "warren")].zone == t.kingdom(ANN)
    assert len(g.state.zones[t.hand(ANN)].cards) == hand  # still no draw: the rest of the turn is skipped


def test_the_toggles_are_game_options_of_the_setup_form_off_by_default() -> None:
    form = Arcmage().setup_form()
    by_key = {c.key: c for c in form.choices}
    assert set(by_key) == {"group_moves", "unmark_before_founding"}
    assert all(c.items[0][1] == "off" for c in by_key.values())
    opts = form.options("1v1", ["Ann", "Bob"], {"group_moves": "on"}, [{"deck": RANDOM}, {"deck": RANDOM}])
    assert opts["group_moves"] == "on" and opts["unmark_before_founding"] == "off"
    assert Arcmage().normalize_options(["Ann", "Bob"], opts)["group_moves"] == "on"


def test_the_toggles_take_on_or_off() -> None:
    with pytest.raises(SetupError, match="group_moves: on or off"):
        Arcmage().normalize_options(["Ann", "Bob"], {"group_moves": "sometimes"})
