"""State checks in the middle of an effect (rulebook: Stat changes and counters — "A unit with 0 or less
defense will immediately die"; found by the fuzz: cube-traditional-2p seed 2023)."""

from __future__ import annotations

from algomancy_play import ANN, BOB, attack, card, edit, game, keys, pass_until_window, play, to_battle, zone_of

from cardgames.engine import core_events as ce


def test_a_unit_left_with_lethal_damage_by_a_sacrifice_dies_before_the_next_sacrifice_is_chosen() -> None:
    g = game({"region": ["shieldwall-sentry", "leaping-lillik", "mirage-walker"]},
             {"hand": ["maw-of-damnation"], "mana": {"fire": 5}})
    to_battle(g)
    sentry, lillik, walker = card(g, "shieldwall-sentry"), card(g, "leaping-lillik"), card(g, "mirage-walker")
    attack(g, [sentry], [lillik], [walker])  # the Lillik (2/1) gets +0/+1 beside the Sentry
    g = edit(g, lambda flow: flow.emit(ce.CounterAdded(lillik, "damage", 1)))
    pass_until_window(g, "battle:attack_window")
    assert g.decision.seat_index == ANN
    g.choose("pass")
    assert g.decision.seat_index == BOB
    play(g, card(g, "maw-of-damnation"), respond=True)
    g.choose("pass")  # Bob passes with Maw of Damnation on the stack
    g.choose("pass")  # and Ann: it resolves; each player sacrifices two units, Ann three of hers
    assert g.decision.kind == "sacrifice" and g.decision.seat_index == ANN
    g.choose(f"sacrifice:{sentry}")
    assert zone_of(g, lillik) == "bin:0"  # its +0/+1 gone, it died at once
    assert keys(g) == [f"sacrifice:{walker}"]
