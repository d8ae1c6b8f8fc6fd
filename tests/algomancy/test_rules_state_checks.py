"""State checks in the middle of an effect (rulebook: Stat changes and counters — "A unit with 0 or less
defense will immediately die"; found by the fuzz: cube-traditional-2p seed 2023, teams-4p seed 154 and
joint-6p seed 106)."""

from __future__ import annotations

from algomancy_play import (
    ANN,
    BOB,
    attack,
    block,
    card,
    cards,
    edit,
    game,
    keys,
    pass_until,
    pass_until_window,
    play,
    step_past,
    to_battle,
    zone_of,
)

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


def test_a_unit_an_end_of_turn_ability_leaves_at_0_defense_dies_before_the_next_one_is_chosen() -> None:
    """Two Parasitic Implants (their augment text works on themselves: "At the end of turn, place a −1/−1
    counter on me") and a Pathogenic Enclave. The first Implant, already at 1 defense, resolves first and
    dies at once, before Ann chooses between the remaining two (found by the fuzz: teams-4p seed 154)."""
    g = game({"region": ["parasitic-implant", "parasitic-implant", "pathogenic-enclave"]})
    first, second = (o for o in cards(g, "parasitic-implant"))
    g = edit(g, lambda flow: flow.emit(ce.CounterAdded(first, "-1/-1", 2)))
    while g.decision.kind != "order_triggers":
        step_past(g)
    assert {o.ref for o in g.decision.options} >= {first, second, card(g, "pathogenic-enclave")}
    g.choose(f"trigger:{next(o for o in g.decision.options if o.ref == first).key.split(':')[1]}")
    assert zone_of(g, first) == "bin:0"  # its −1/−1 counters left it at 0 defense: it died at once
    assert g.decision.kind == "order_triggers" and {o.ref for o in g.decision.options} == {
        second, card(g, "pathogenic-enclave")}


def test_a_back_unit_moved_up_without_its_back_row_buff_dies_before_the_next_damage_sub_step() -> None:
    """Jelly (1/2, +0/+2 in a back row) behind a Recyclable Sentinel (2/1): a swift 3/3 blocker gives the
    Sentinel its lethal 1 and Jelly 2. The Sentinel dies, Jelly closes up to the front without its +0/+2 and
    dies at once, before the regular sub-step's question (found by the fuzz: joint-6p seed 106)."""
    g = game({"region": ["recyclable-sentinel", "jelly", "cinderstone-brute"]},
             {"region": ["dune-drifter", "jelly", "shieldwall-sentry"]})
    sentinel, jelly, brute = card(g, "recyclable-sentinel"), cards(g, "jelly")[0], card(g, "cinderstone-brute")
    drifter, their_jelly, sentry = card(g, "dune-drifter"), cards(g, "jelly")[1], card(g, "shieldwall-sentry")
    g = edit(g, lambda flow: flow.emit(ce.CounterAdded(drifter, "+1/+1", 1)))  # a swift 3/3
    to_battle(g)
    attack(g, [sentinel, jelly], [brute])
    block(g, {0: [drifter], 1: [their_jelly, sentry]})
    pass_until(g, "assign_damage")
    assert g.decision.seat_index == BOB  # the first sub-step: the swift Drifter's 3 on Sentinel and Jelly
    g.choose(g.decision.options[0].key)  # the usual split: lethal 1 to the Sentinel, 2 to Jelly
    assert g.decision.kind == "assign_damage" and g.decision.seat_index == ANN  # the regular sub-step: the Brute
    assert zone_of(g, sentinel) == "bin:0" and zone_of(g, jelly) == "bin:0"
