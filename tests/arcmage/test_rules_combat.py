"""Combat: who may attack and defend, the announced order, one battle per attacker, the attacker's damage
split, unblocked damage to the city, First Strike, Overrun, Flying and Ranged (Combat Sequence I–IV)."""

from __future__ import annotations

from arc_play import ANN, BOB, choose, covers, defense, game, keys, obj, pass_all, settle

from cardgames.games.arcmage import table as t


def _attack(g, city: str, *attackers: str) -> None:  # type: ignore[no-untyped-def]
    pass_all(g)
    choose(g, f"city:{obj(g, city)}", *[f"attacker:{obj(g, a, ANN)}" for a in attackers], "done")
    pass_all(g)


def test_combat_only_unmarked_army_creatures_attack_never_residents_or_peaceful() -> None:
    g = game({"army": ["ghoul", "wight!", "botanist"], "cities": {"farmland": ["orc-thug"]}})
    pass_all(g)
    choose(g, f"city:{obj(g, 'warren')}")
    assert keys(g) == [f"attacker:{obj(g, 'ghoul')}"]  # the Botanist is Peaceful
    covers("botanist")


def test_combat_players_may_not_attack_their_own_cities() -> None:
    g = game({"army": ["ghoul"]})
    pass_all(g)
    assert [k for k in keys(g) if k.startswith("city:")] == [f"city:{obj(g, 'warren')}"]


def test_combat_attackers_are_marked_veteran_not() -> None:
    g = game({"army": ["ghoul", "majestic-griffin"]})
    _attack(g, "warren", "ghoul", "majestic-griffin")
    assert g.state.objects[obj(g, "ghoul")].exhausted
    assert not g.state.objects[obj(g, "majestic-griffin")].exhausted
    covers("majestic-griffin")


def test_combat_defenders_from_army_and_the_attacked_citys_residents_only() -> None:
    g = game({"army": ["ghoul"]}, {"army": ["misled-orc", "wolf-rider!"],
                                   "cities": {"warren": ["orc-thug"], "tunnel-network": ["orc-scout"]}})
    _attack(g, "warren", "ghoul")
    assert g.decision.seat_index == BOB and g.decision.kind == "defend"
    ghoul = obj(g, "ghoul")
    assert set(keys(g)) == {f"block:{obj(g, 'misled-orc')}:{ghoul}", f"block:{obj(g, 'orc-thug')}:{ghoul}", "done"}


def test_combat_flying_attackers_are_defended_only_by_flying_or_ranged() -> None:
    g = game({"army": ["majestic-griffin"]}, {"army": ["misled-orc", "undead-archer", "nightgaunt"]})
    _attack(g, "warren", "majestic-griffin")
    blockers = {k.split(":")[1] for k in keys(g) if k.startswith("block:")}
    assert blockers == {str(obj(g, "undead-archer")), str(obj(g, "nightgaunt"))}


def test_combat_attacker_distributes_its_damage_and_takes_the_sum_of_its_defenders_atk() -> None:
    """Resolving combat: the attacker takes the sum of its defenders' ATK; the attacking player splits
    the attacker's ATK among them."""
    g = game({"army": ["ghoul"]}, {"army": ["misled-orc", "wolf-rider"]})
    ghoul, orc, rider = obj(g, "ghoul"), obj(g, "misled-orc"), obj(g, "wolf-rider")
    _attack(g, "warren", "ghoul")
    choose(g, f"block:{orc}:{ghoul}", f"block:{rider}:{ghoul}", "done")
    pass_all(g)
    assert g.decision.kind == "assign" and g.decision.seat_index == ANN
    choose(g, f"dmg:{orc}", f"dmg:{rider}", f"dmg:{rider}")  # Ghoul's 3 ATK: 1 and 2
    for _ in range(10):  # triggers (Misled Orc, Wolf Rider) resolve
        if g.decision.kind == "target":
            g.choose(g.decision.options[0])
        elif g.decision.kind == "priority" and g.decision.seat_index != g.state.active:
            g.choose("pass")
        else:
            break
    assert g.state.objects[orc].zone == t.grave(BOB) and g.state.objects[rider].zone == t.grave(BOB)
    assert g.state.objects[ghoul].zone == t.grave(ANN)  # 1 + 2 = 3 ≥ its DEF 2
    assert defense(g, obj(g, "warren")) == 6


def test_combat_unblocked_attacker_damages_the_city_blocked_never_carries_over() -> None:
    g = game({"army": ["ghoul", "majestic-griffin"]}, {"army": ["misled-orc"]})
    ghoul, orc = obj(g, "ghoul"), obj(g, "misled-orc")
    _attack(g, "warren", "majestic-griffin", "ghoul")
    choose(g, f"block:{orc}:{ghoul}", "done")
    pass_all(g)
    if g.decision.kind == "target":
        g.choose(g.decision.options[0])
    settle(g)
    assert defense(g, obj(g, "warren")) <= 6 - 4  # only the Griffin's 4 (the Ghoul was blocked)
    assert defense(g, obj(g, "warren")) >= 6 - 4 - 1  # (Misled Orc may have shot the city for 1)


def test_combat_defending_does_not_mark() -> None:
    g = game({"army": ["ghoul"]}, {"army": ["majestic-griffin"]})
    ghoul, guard = obj(g, "ghoul"), obj(g, "majestic-griffin")
    _attack(g, "warren", "ghoul")
    choose(g, f"block:{guard}:{ghoul}", "done")
    pass_all(g)
    assert g.state.objects[guard].zone == t.army(BOB) and not g.state.objects[guard].exhausted


def test_first_strike_deals_first_and_the_other_side_strikes_back_only_if_alive() -> None:
    g = game({"army": ["mercenary"]}, {"army": ["ghoul"]})  # Mercenary 3/1 First Strike vs Ghoul 3/2
    merc, ghoul = obj(g, "mercenary"), obj(g, "ghoul")
    _attack(g, "warren", "mercenary")
    choose(g, f"block:{ghoul}:{merc}", "done")
    settle(g)  # (the Mercenary itself dies at Ann's Discard phase: it attacked)
    assert g.state.objects[ghoul].zone == t.grave(BOB)
    assert g.state.objects[merc].zone == t.army(ANN)
    covers("mercenary")


def test_overrun_excess_damage_goes_to_the_city() -> None:
    """Battering Ram: Soldiers +2/+0 and Overrun; a 3-ATK Mercenary blocked by a 1/1 sends 2 to the city."""
    g = game({"army": ["conscript"], "hand": ["battering-ram"], "resources": {"empire": 3}},
             {"army": ["misled-orc"]})
    choose(g, f"play:{obj(g, 'battering-ram')}")
    settle(g)
    con, orc = obj(g, "conscript"), obj(g, "misled-orc")
    _attack(g, "warren", "conscript")
    choose(g, f"block:{orc}:{con}", "done")
    pass_all(g)
    while g.decision.kind == "target":
        g.choose(f"target:{con}" if f"target:{con}" in keys(g) else g.decision.options[0].key)
        pass_all(g)
    assert defense(g, obj(g, "warren")) == 6 - 2
