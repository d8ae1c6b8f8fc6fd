"""Ambush, and where spell units spawn in battle (rulebook: Miscellaneous, Ambush p.40; Q&A: Interaction)."""

from __future__ import annotations

from algomancy_play import (
    BOB,
    attack,
    card,
    game,
    keys,
    pass_until_window,
    resolve,
    stack_results,
    to_battle,
    to_deploy,
    zone_of,
)

from cardgames.engine.game import Game


def _attacking(ann: dict[str, object], bob: dict[str, object] | None = None) -> tuple[Game, int, int]:
    g = game(ann, bob)
    to_battle(g)
    a, b = card(g, "tidepool-terror"), card(g, "dune-drifter")
    attack(g, [a], [b])
    pass_until_window(g, "battle:attack_window")
    return g, a, b


def test_ambush_recalls_the_ally_and_takes_its_exact_place() -> None:
    """Ambush (p.40): "The ambush ability allows units to be played as an effect during battle that will
    recall an allied unit, placing the ambushing unit directly into their position in play.\""""
    g, a, b = _attacking({"region": ["tidepool-terror", "dune-drifter"], "hand": ["mirage-walker"],
                          "mana": {"water": 3}})
    walker = card(g, "mirage-walker")
    g.choose(f"ambush:{walker}")
    g.choose(f"target:{a}")
    assert [e.kind for e in g.state.chain] == ["ambush"]
    resolve(g)
    assert g.state.battle is not None and g.state.battle["attack"] == [[walker], [b]]
    assert zone_of(g, a) == "hand:0" and zone_of(g, walker) == "region:1"


def test_ambush_saves_a_targeted_unit_and_the_spell_fizzles() -> None:
    """Ambush (p.40): "If a unit is the target of an effect, like a removal spell, a player can use ambush to
    recall the targeted unit and save it. The spell will not change targets to the new unit, and will fail to
    resolve (fizzle).\""""
    g, a, _ = _attacking({"region": ["tidepool-terror", "dune-drifter"], "hand": ["mirage-walker"],
                          "mana": {"water": 3}}, {"hand": ["flame-of-history"], "mana": {"fire": 2}})
    g.choose("pass")
    g.choose(f"play:{card(g, 'flame-of-history')}")
    g.choose(f"target:{a}")
    g.choose("pass")
    g.choose(f"ambush:{card(g, 'mirage-walker')}")
    g.choose(f"target:{a}")
    resolve(g)
    assert zone_of(g, a) == "hand:0"
    assert ("Flame of History", "fizzled") in stack_results(g)
    assert not g.state.objects[card(g, "mirage-walker")].counters.get("damage")


def test_ambush_fizzles_and_goes_to_the_bin_if_the_ally_is_removed_first() -> None:
    """Ambush (p.40): "Ambush is a targeted effect, meaning if the target is removed the ability will fizzle
    and the ambushing unit will be put into the bin.\""""
    g, a, _ = _attacking({"region": ["tidepool-terror", "dune-drifter"], "hand": ["mirage-walker"],
                          "mana": {"water": 3}}, {"hand": ["flame-of-history"], "mana": {"fire": 2}})
    walker = card(g, "mirage-walker")
    g.choose(f"ambush:{walker}")
    g.choose(f"target:{a}")
    g.choose("pass")
    g.choose(f"play:{card(g, 'flame-of-history')}")
    g.choose(f"target:{a}")
    resolve(g)
    assert zone_of(g, a) == "bin:0" and zone_of(g, walker) == "bin:0"
    assert ("Mirage Walker (ambush for Tidepool Terror)", "fizzled") in stack_results(g)


def test_ambush_is_played_in_battle_and_the_card_still_deploys_normally() -> None:
    """Ambush (p.40): "The battle symbol in front of the ability denotes that you can play cards as an ambush
    during battle, even if the card itself doesn't have battle timing." Out of battle it is an ordinary unit."""
    g = game({"region": ["tidepool-terror"], "hand": ["mirage-walker"], "mana": {"water": 3}})
    to_deploy(g)
    walker = card(g, "mirage-walker")
    assert f"play:{walker}" in keys(g) and f"ambush:{walker}" not in keys(g)


def test_spell_units_played_in_battle_spawn_outside_formation() -> None:
    """Q&A (Interaction): "Where do spell units spawn when they are played during the battle phase? They
    spawn in the region but not in formation unless they specifically say so." (No card of ours says so.)"""
    g, a, _ = _attacking({"region": ["tidepool-terror", "dune-drifter"]},
                         {"hand": ["leaping-lillik"], "mana": {"water": 2}})
    g.choose("pass")
    assert g.decision.seat_index == BOB
    lillik = card(g, "leaping-lillik")
    g.choose(f"play:{lillik}")
    g.choose(f"target:{a}")
    resolve(g)
    battle = g.state.battle
    assert battle is not None and zone_of(g, lillik) == "region:1"
    assert lillik not in [u for col in battle["attack"] for u in col]
    assert lillik not in [u for col in battle["defence"]["columns"] for u in col]
