"""Rules of regroup through real games (rulebook: Regroup and deployment — Regroup, p.26; Tokens, p.15; Miscellaneous:
Stat changes and counters, p.40)."""

from __future__ import annotations

from algomancy_play import (
    ANN,
    BOB,
    attack,
    attack_with,
    attributes,
    battle,
    block,
    card,
    cards,
    counters,
    damage,
    finish_battle,
    game,
    obj,
    pass_until_window,
    play,
    region,
    stats,
    to_battle,
    to_deploy,
    to_haste,
    to_next_turn,
    window,
    zone_of,
)

from cardgames.engine.game import Game


def in_battle(g: Game) -> bool:
    return g.state.battle is not None


def test_regroup_removes_all_damage_on_units() -> None:
    """Regroup (p.26): "All damage on units is removed." The Titan took 2 from the blocking Drifter."""
    g = game({"region": ["bastion-titan"]}, {"region": ["dune-drifter"]})
    titan = attack_with(g, "bastion-titan")
    block(g, {0: [card(g, "dune-drifter")]})
    pass_until_window(g, "battle:after_window")
    assert damage(g, titan) == 2
    finish_battle(g)
    assert damage(g, titan) == 0 and zone_of(g, titan) == "region:0"


def test_regroup_ends_temporary_stat_changes_but_keeps_counters() -> None:
    """Regroup (p.26): "All temporary stat changes are removed." Stat changes and counters (p.40): "A +1/+1 or -1/-1
    counter denotes a permanent change". Leaping Lillik's −2/−0 ends; Poison's counters stay."""
    g = game({"region": ["bastion-titan"]}, {"hand": ["leaping-lillik", "poison"], "mana": {"water": 2, "wood": 2}})
    titan = attack_with(g, "bastion-titan")
    g.choose("pass")
    play(g, card(g, "leaping-lillik"), titan, respond=True)
    play(g, card(g, "poison"), titan)
    assert stats(g, titan) == (2, 5)
    finish_battle(g)
    assert stats(g, titan) == (4, 5) and counters(g, titan) == {"-1/-1": 2}


def test_regroup_ends_base_stats_prevention_and_lost_attributes_made_until_regroup() -> None:
    """Regroup (p.26): temporary changes end — Mold the Current's "base 1/1 until regroup", Boon of Protection's
    "Until regroup, prevent all damage" and Slumbering Leviathan's "I lose Unaware until regroup"."""
    g = game({"region": ["slumbering-leviathan", "bastion-titan"], "hand": ["boon-of-protection"],
              "mana": {"water": 2, "earth": 2}},
             {"hand": ["mold-the-current"], "mana": {"water": 1}})
    to_battle(g)
    leviathan, titan = card(g, "slumbering-leviathan"), card(g, "bastion-titan")
    attack(g, [leviathan], [titan])
    play(g, leviathan, how="ability:0")
    play(g, card(g, "boon-of-protection"), titan)
    g.choose("pass")
    play(g, card(g, "mold-the-current"), titan)
    assert stats(g, leviathan) == (5, 6) and stats(g, titan) == (1, 1) and obj(g, titan).props.get("prevent_all")
    finish_battle(g)
    assert stats(g, leviathan) == (0, 6) and "unaware" in attributes(g, leviathan)
    assert stats(g, titan) == (6, 7) and not obj(g, titan).props.get("prevent_all")


def test_regroup_erases_every_spell_token_but_unit_tokens_persist() -> None:
    """Spell tokens (p.15): "any remaining spell tokens in play are erased from the game after battle during regroup.
    This includes unused spell tokens in a player's own region as well." Unit tokens (p.15): "Unlike spell tokens,
    unit tokens persist through regroup." """
    g = game({"region": ["bastion-titan", "sprout"], "hand": ["forgefire-salvo"], "mana": {"fire": 1, "metal": 1}},
             {"region": ["jelly"]})
    to_haste(g, ANN)
    play(g, card(g, "forgefire-salvo"))
    first, second = cards(g, "fireball")
    assert region(g, ANN) == ["bastion-titan", "sprout", "fireball", "fireball"]
    to_battle(g)
    attack(g, [card(g, "bastion-titan")], tokens=[first])  # one Fireball follows the Titan into Bob's region
    assert zone_of(g, first) == "region:1" and zone_of(g, second) == "region:0"
    finish_battle(g)
    assert zone_of(g, first) == "erased" and zone_of(g, second) == "erased"
    assert zone_of(g, card(g, "sprout")) == "region:0"


def test_regroup_returns_units_home_and_clears_formations() -> None:
    """Regroup (p.26): "All units and players return to their regions" and "All units leave formation." """
    g = game({"region": ["bastion-titan", "jelly"]}, {"region": ["dune-drifter"]})
    to_battle(g)
    titan, jelly = card(g, "bastion-titan"), card(g, "jelly")
    attack(g, [titan, jelly])
    block(g)
    assert battle(g)["attack"] == [[titan, jelly]] and zone_of(g, titan) == "region:1"
    finish_battle(g)
    assert in_battle(g) is False
    assert region(g, ANN) == ["bastion-titan", "jelly"] and region(g, BOB) == ["dune-drifter"]
    assert stats(g, jelly) == (1, 2)  # no longer in a back row


def test_regroup_comes_before_deployment_so_deployment_buffs_last_through_the_next_battle() -> None:
    """Regroup (p.26): "regroup takes place before the deployment phase and not at the end of the turn. This means
    that ... any stat changes made during the deployment phase will persist until the following combat. For example,
    Overbloom can be played during the deployment phase and the bonus will last until the end of the following
    battle when regroup happens." """
    g = game({"region": ["dune-drifter"], "hand": ["overbloom"], "mana": {"wood": 3}}, {"region": ["jelly"]})
    drifter = card(g, "dune-drifter")
    to_deploy(g, ANN)
    play(g, card(g, "overbloom"))
    assert stats(g, drifter) == (3, 3)
    to_next_turn(g)
    assert stats(g, drifter) == (3, 3)  # through end of turn and the next planning phase
    to_battle(g)
    g.choose("done")  # Bob (initiative now) does not attack; Ann counter-attacks with the Drifter
    block(g, counter=[drifter])
    while g.decision.kind != "formation":
        g.choose("pass")
    attack(g, [drifter])
    block(g)
    assert window(g) == "battle:block_window" and stats(g, drifter) == (3, 3)
    finish_battle(g)
    assert g.state.players[BOB].counters["life"] == 27  # the Drifter hit for 3
    assert stats(g, drifter) == (2, 2)


def test_players_get_no_priority_during_regroup() -> None:
    """Regroup (p.26): "Players do not gain priority or take any game actions during this step." After the last
    battle window the next decision is already the initiative player's deployment."""
    g = game({"region": ["bastion-titan"], "hand": ["calibrate"], "mana": {"metal": 1}}, {"region": ["jelly"]})
    attack_with(g, "bastion-titan")
    block(g)
    pass_until_window(g, "battle:after_window")
    g.choose("pass")
    g.choose("pass")
    assert g.state.phase == "deployment" and window(g) == "deploy" and g.decision.seat_index == ANN
