"""Rules of damage and counters: Destroying Units, Damage, Healing Damage, Preventing Damage
(p.14), Counters (p.15), Temporary Attack Power Modifiers and Cards that Attach (p.24),
Special Cards (p.11) and Territories and Control of Cards (p.25)."""

from __future__ import annotations

from allegiance_play import (
    cooldowns,
    damage_on,
    end_turn,
    health,
    hero,
    in_play,
    mid,
    next_main,
    pass_chain,
    pass_window_until,
    pile,
    play,
    unit,
    units,
)

from cardgames.engine.game import Game
from cardgames.engine.logbook import Logbook
from cardgames.games.allegiance import board


def stats(g: Game, oid: int) -> tuple[int, int]:
    facts = g.ruleset.card_facts(g.state, g.state.objects[oid])
    return int(facts["attack"]), int(facts["health"])


def test_unit_destroyed_when_damage_reaches_its_health() -> None:
    """Damage (p.14): a unit with damage equal to (or more than) its maximum health is destroyed at
    once; with less it stays in play."""
    g = mid(
        {
            "Paul": {"gold": 4, "hand": ["skilled-strike", "skilled-strike"]},
            "Allison": {
                "territory": [{"card": "infantry", "damage": 1}, {"card": "infantry", "damage": 2}]
            },
        }
    )
    one, two = units(g, "Allison")
    play(g, "Play Skilled Strike", one)
    assert in_play(g, one) and damage_on(g, one) == 4
    play(g, "Play Skilled Strike", two)
    assert not in_play(g, two)


def test_destroyed_unit_goes_to_its_own_discard_pile() -> None:
    """Destroying Units (p.14): a destroyed unit is placed into its respective discard pile (basic
    units to the basic pile, elite units to the elite pile)."""
    g = mid({"Paul": {"hand": ["test-banish", "test-banish"]},
             "Allison": {"territory": ["infantry", "knight-errant"]}}, fixtures=True)
    inf, knight = unit(g, "Allison", "infantry"), unit(g, "Allison", "knight-errant")
    play(g, "Play Test Banish", inf)
    play(g, "Play Test Banish", knight)
    assert pile(g, board.discard("basic"))[-1] == "infantry"
    assert pile(g, board.discard("elite"))[-1] == "knight-errant"


def test_destroyed_special_unit_returns_to_reserves() -> None:
    """Destroying Units (p.14) / Special Cards (p.11): a special unit is never put in a discard
    pile; it returns to its player's reserves."""
    g = mid({"Paul": {"gold": 2, "hand": ["skilled-strike"]},
             "Allison": {"territory": ["militia-recruit"]}})
    recruit = unit(g, "Allison", "militia-recruit")
    play(g, "Play Skilled Strike", recruit)
    assert g.state.objects[recruit].zone == board.reserves(1)
    assert "militia-recruit" not in pile(g, board.discard("basic"))


def test_special_cards_of_any_hero_can_be_put_into_play() -> None:
    """Special Cards, Special Cases (p.11): Reserve Force Captain puts a Militia Recruit (Thedric's
    special card) into play for any player, even one playing another hero."""
    g = mid({"Paul": {"gold": 5, "hand": ["reserve-force-captain"]}})
    play(g, "Enlist Reserve Force Captain")
    pass_chain(g)
    recruit = unit(g, "Paul", "militia-recruit")
    assert g.state.objects[recruit].controller == 0 and g.state.objects[recruit].owner == 0


def test_put_into_play_goes_to_the_playing_players_territory() -> None:
    """Territories and Control of Cards (p.25): an effect that puts a card "into play" puts it into
    the territory of the player playing the effect, under that player's control."""
    g = mid({"Allison": {"cooldowns": {"new-recruits": 0}}}, active="Allison")
    play(g, "ability:new-recruits")
    for r in units(g, "Allison", "militia-recruit"):
        assert g.state.objects[r].zone == board.territory(1)


def test_damage_stays_on_a_unit_until_healed_or_destroyed() -> None:
    """Damage (p.14): damage stays on a unit until it is destroyed or the damage is removed."""
    g = mid(
        {"Paul": {"gold": 2, "hand": ["skilled-strike"]}, "Allison": {"territory": ["halberdier"]}}
    )
    hal = unit(g, "Allison", "halberdier")
    play(g, "Play Skilled Strike", hal)
    next_main(g)
    next_main(g)
    assert damage_on(g, hal) == 3


def test_healing_removes_damage_counters_and_raises_hero_health() -> None:
    """Healing Damage (p.14): healing a unit removes damage counters; healing a hero increases its
    health."""
    g = mid({"Paul": {"gold": 2, "health": 30, "hand": ["mend-wounds", "mend-wounds"],
                      "territory": [{"card": "halberdier", "damage": 4}]}})
    hal = unit(g, "Paul", "halberdier")
    play(g, "Play Mend Wounds", hal)
    assert damage_on(g, hal) == 1
    play(g, "Play Mend Wounds", hero(g, "Paul"))
    assert health(g, "Paul") == 33


def test_healing_cannot_exceed_maximum_health() -> None:
    """Healing Damage (p.14) / Resource Board (p.5): healing never takes a hero or unit above its
    maximum health."""
    g = mid({"Paul": {"gold": 2, "health": 37, "hand": ["mend-wounds", "mend-wounds"],
                      "territory": [{"card": "halberdier", "damage": 1}]}})
    play(g, "Play Mend Wounds", hero(g, "Paul"))
    assert health(g, "Paul") == 38
    hal = unit(g, "Paul", "halberdier")
    play(g, "Play Mend Wounds", hal)
    assert damage_on(g, hal) == 0


def test_healing_cannot_save_a_unit_with_lethal_damage() -> None:
    """Damage / Healing Damage (p.14): a unit is destroyed as soon as it has lethal damage, before
    any effect could heal it; no window opens with a lethally damaged unit in play."""
    g = mid({"Paul": {"gold": 2, "hand": ["skilled-strike"]},
             "Allison": {"gold": 1, "hand": ["mend-wounds"], "stop": "always",
                         "territory": [{"card": "infantry", "damage": 2}]}})
    inf = unit(g, "Allison", "infantry")
    g.choose(f"action:{g.state.zones[board.hand(0)].cards[0]}:0")
    g.choose(f"target:{inf}")
    while g.state.chain:
        assert g.decision.kind == "priority"
        g.choose("pass")
    # The first chance to act after Skilled Strike resolves: the Infantry is already gone.
    assert g.decision.kind == "priority" and not in_play(g, inf)


def test_prevention_stops_damage_before_it_is_dealt() -> None:
    """Preventing Damage (p.14): prevention stops damage from happening at all, so unlike healing it
    can save a unit from lethal damage. Battle Surge's shield absorbs Skilled Strike's 3."""
    g = mid({"Paul": {"gold": 2, "hand": ["skilled-strike"]},
             "Allison": {"gold": 2, "hand": ["battle-surge"], "territory": ["militia-recruit"]}})
    recruit = unit(g, "Allison", "militia-recruit")
    play(g, "Play Skilled Strike", recruit, respond=True)
    while g.decision.seat != "Allison":
        g.choose("pass")
    play(g, "Play Battle Surge", recruit)
    assert in_play(g, recruit) and damage_on(g, recruit) == 0


def test_augment_counter_adds_one_attack_and_one_health() -> None:
    """Augment Counters (p.15): each augment counter adds 1 to attack power and to health (a 4/6
    unit with one counter is 5/7)."""
    g = mid({"Paul": {"territory": [{"card": "infantry", "augment": 1}]}})
    assert stats(g, unit(g, "Paul", "infantry")) == (4, 6)


def test_augment_counters_have_no_limit() -> None:
    """Augment Counters (p.15): a unit can have any number of augment counters."""
    g = mid(
        {
            "Allison": {
                "cooldowns": {"advanced-training": 0},
                "territory": [{"card": "militia-recruit", "augment": 7}],
            }
        },
        active="Allison",
    )
    recruit = unit(g, "Allison", "militia-recruit")
    play(g, "ability:advanced-training", recruit)
    assert stats(g, recruit) == (10, 10)


def test_augment_counters_raise_the_lethal_threshold() -> None:
    """Augment Counters (p.15): the extra health counts toward lethal damage: a 2/2 Militia Recruit
    with an augment counter survives 2 damage."""
    g = mid({"Paul": {"gold": 2, "hand": ["skilled-strike"]},
             "Allison": {"territory": [{"card": "militia-recruit", "augment": 2}]}})
    recruit = unit(g, "Allison", "militia-recruit")
    play(g, "Play Skilled Strike", recruit)
    assert in_play(g, recruit) and damage_on(g, recruit) == 3


def test_hero_health_never_below_zero_and_hero_is_defeated() -> None:
    """Layout of a Resource Board (p.5) / Damage (p.14): when a hero's health reaches 0 that player
    is defeated; health does not go below 0."""
    g = mid({"Allison": {"health": 2}, "Paul": {"hand": ["test-firestorm"]}}, fixtures=True)
    play(g, "Play Test Firestorm", hero(g, "Allison"))
    assert health(g, "Allison") == 0
    assert g.state.players[1].eliminated and g.outcome is not None


def test_temporary_attack_modifier_lasts_until_end_of_turn() -> None:
    """Temporary Attack Power Modifiers (p.24): "+3 attack power until the end of the current turn"
    turns a 4-attack unit into a 7-attack unit for the rest of the turn; no counters are used."""
    g = mid(
        {
            "Paul": {
                "gold": 2,
                "hand": ["battle-surge"],
                "territory": [{"card": "infantry", "augment": 1}],
            }
        }
    )
    inf = unit(g, "Paul", "infantry")
    play(g, "Play Battle Surge", inf)
    assert stats(g, inf)[0] == 7
    assert g.state.objects[inf].counters == {"augment": 1}
    end_turn(g)
    assert stats(g, inf)[0] == 4


def test_attached_card_lasts_while_its_host_is_in_play() -> None:
    """Cards that Attach (p.24): an attached card stays in play while the card it is attached to is
    in play and affects it; when the host leaves play, an action card goes to the action discard."""
    g = mid(
        {"Paul": {"gold": 1, "hand": ["test-blessing", "test-banish"], "territory": ["infantry"]}},
        fixtures=True,
    )
    inf = unit(g, "Paul", "infantry")
    blessing = g.state.zones[board.hand(0)].cards[0]
    play(g, "Play Test Blessing", inf)
    assert g.state.objects[blessing].attached_to == inf and in_play(g, blessing)
    assert stats(g, inf)[0] == 5
    play(g, "Play Test Banish", inf)
    assert g.state.objects[blessing].zone == board.discard("action")
    assert pile(g, board.discard("action"))[-2:] in (["test-blessing", "test-banish"],
                                                      ["test-banish", "test-blessing"])


def test_attached_special_card_returns_to_reserves() -> None:
    """Cards that Attach (p.24): a special card attached to a unit returns to its player's reserves
    when the unit leaves play (Beledan Kind's Consecrate attaches an Aegis of Faith)."""
    g = mid(
        {
            "Paul": {
                "cooldowns": {"consecrate": 0},
                "hand": ["test-banish"],
                "territory": ["infantry"],
            }
        },
        fixtures=True,
    )
    inf = unit(g, "Paul", "infantry")
    play(g, "ability:consecrate", inf)
    aegis = next(o for o in g.state.objects.values() if o.card == "aegis-of-faith")
    assert aegis.attached_to == inf
    play(g, "Play Test Banish", inf)
    assert g.state.objects[aegis.id].zone == board.reserves(0)
    assert cooldowns(g, "Paul")["consecrate"] > 0


def test_destroy_effect_removes_a_unit_outright() -> None:
    """Destroying Units (p.14): units are destroyed by lethal damage or by effects that destroy them
    outright, whatever their health."""
    g = mid({"Paul": {"hand": ["test-banish"]}, "Allison": {"territory": ["knight-errant"]}},
            fixtures=True)
    knight = unit(g, "Allison", "knight-errant")
    play(g, "Play Test Banish", knight)
    assert not in_play(g, knight)


def test_damage_counters_are_removed_when_a_unit_leaves_play() -> None:
    """Damage (p.14): damage stays on a unit until that unit is destroyed; a card that leaves play
    keeps none of its counters."""
    g = mid(
        {
            "Paul": {"hand": ["test-banish"]},
            "Allison": {"territory": [{"card": "infantry", "damage": 2, "augment": 1}]},
        },
        fixtures=True,
    )
    inf = unit(g, "Allison", "infantry")
    play(g, "Play Test Banish", inf)
    assert g.state.objects[inf].counters == {}


def test_battle_damage_kills_after_prevention_only() -> None:
    """Battle Damage / Preventing Damage (p.14): battle damage is damage like any other; a
    prevention shield reduces battle damage to a unit as well."""
    g = mid({"Paul": {"territory": ["infantry"]},
             "Allison": {"territory": ["militia-recruit"], "hand": ["test-split"], "gold": 2}},
            fixtures=True)
    inf, recruit = unit(g, "Paul", "infantry"), unit(g, "Allison", "militia-recruit")
    g.choose("battle:1")
    pass_chain(g)
    g.choose(f"attack:{inf}")
    g.choose("done")
    pass_window_until(g, "assign_defenders")
    g.choose(f"defend:{recruit}")
    g.choose(f"block:{inf}")
    g.choose("done")
    while g.decision.seat != "Allison":
        g.choose("pass")
    split = g.state.zones[board.hand(1)].cards[0]
    play(g, f"action:{split}:1", recruit)  # Guard Up: prevent the next 2
    while g.state.battle is not None:
        g.choose("pass")
    assert in_play(g, recruit) and damage_on(g, recruit) == 1


def test_the_log_says_whose_unit_is_damaged_or_healed() -> None:
    """With several players the same card can be in more than one territory: the log names a damaged
    or healed unit's controller ("Halberdier (Allison)"); a hero's name says whose it is already."""
    g = mid({"Paul": {"gold": 2, "hand": ["skilled-strike"]}, "Allison": {"territory": ["halberdier"]}})
    start = len(g.events)
    play(g, "Play Skilled Strike", unit(g, "Allison", "halberdier"))
    next_main(g)
    lines = Logbook(g.ruleset, None).read(g.events)
    new = Logbook(g.ruleset, None).read(g.events[:start])
    said = lines[len(new):]
    assert "Skilled Strike deals 3 damage to Halberdier (Allison)" in said, said
