"""Rules of maneuvers and the chain: Maneuvers (p.16-19), Timing of Maneuvers and Responses
(p.22-23, with its Examples 1-3), Choose vs. Select Target (p.24), Triggered Effects (p.25), and
our hot-seat priority ruling (docs/rulings/allegiance.md)."""

from __future__ import annotations

from allegiance_play import (
    at_main,
    chain,
    choose,
    cooldowns,
    damage_on,
    gold,
    hand,
    hand_id,
    has,
    health,
    hero,
    in_play,
    key,
    keys,
    mid,
    next_main,
    pass_chain,
    pass_window,
    pass_window_until,
    play,
    unit,
    units,
)

from cardgames.engine import core_events as ce
from cardgames.games.allegiance import board
from cardgames.games.allegiance.events import Damaged

KNIGHTS = ["test-knight", "test-ranger"]


def test_six_maneuver_types_in_own_maneuver_phase() -> None:
    """Maneuvers (p.16): unlock a hero ability, use a hero ability, enlist a unit, play an action
    card, initiate a battle, use an ability of a card in play: all on offer in one's own maneuver
    phase."""
    g = mid(
        {"Paul": {"gold": 20, "hand": ["infantry", "skilled-strike"], "territory": ["infantry"]}}
    )
    assert {o.group for o in g.decision.options} >= {
        "unlock", "ability", "enlist", "action", "battle", "activate"}


def test_non_reaction_maneuvers_cannot_respond() -> None:
    """Reaction Maneuvers (p.16): unlocking, using most hero abilities, enlisting and initiating a
    battle cannot be played as reactions, so they are not offered in response to a maneuver."""
    g = mid({"Paul": {"gold": 20, "hand": ["infantry", "infantry", "skilled-strike"],
                      "territory": ["infantry"], "cooldowns": {"smite": 0}}})
    g.choose(key(g, "Enlist Infantry"))
    assert g.decision.seat == "Paul" and g.state.chain  # the announcer may respond first
    assert not {o.group for o in g.decision.options} & {"unlock", "enlist", "battle"}
    assert not has(g, "ability:smite") and not has(g, "ability:equip")
    assert has(g, "Play Skilled Strike")


def test_reaction_maneuvers_can_respond() -> None:
    """Reaction Maneuvers (p.16): playing an action card, using a reaction hero ability and using an
    activated ability of a card in play can be played in response to other maneuvers."""
    g = mid({"Allison": {"gold": 9, "hand": ["infantry"]},
             "Paul": {"gold": 9, "hand": ["skilled-strike"], "cooldowns": {"lay-on-hands": 0},
                      "territory": ["infantry"]}}, active="Allison")
    g.choose(key(g, "Enlist Infantry"))
    pass_window_until_seat(g, "Paul")
    assert has(g, "Play Skilled Strike")
    assert has(g, "ability:lay-on-hands")  # a reaction ability (Lay on Hands)
    assert any(o.group == "activate" for o in g.decision.options)  # Anointed Platemail


def pass_window_until_seat(g: object, name: str) -> None:
    from cardgames.engine.game import Game

    assert isinstance(g, Game)
    while g.decision.seat != name:
        g.choose("pass")


def test_reaction_maneuvers_on_other_players_turns() -> None:
    """Reaction Maneuvers (p.16) / Turn Priority (p.23): reactions can be played on any turn; when
    the current player moves on, the others get their chance in clockwise order."""
    g = mid({"Paul": {"territory": ["infantry"]},
             "Allison": {"gold": 5, "hand": ["skilled-strike", "infantry"]}})
    g.choose("pass")  # Paul ends his maneuver phase
    assert g.decision.seat == "Allison" and g.state.phase == "maneuver"
    assert has(g, "Play Skilled Strike") and not has(g, "Enlist Infantry")
    play(g, "Play Skilled Strike", unit(g, "Paul", "infantry"))
    # After the chain, the current player has the first chance again.
    assert at_main(g, "Paul")
    assert damage_on(g, unit(g, "Paul", "infantry")) == 3


def test_unlock_requires_an_ability_of_the_previous_level() -> None:
    """Unlocking Hero Abilities (p.17): an ability of a level cannot be unlocked until at least one
    ability of the previous level is unlocked."""
    g = mid({"Paul": {"gold": 40}}, heroes=KNIGHTS, fixtures=True)
    assert {k for k in keys(g) if k.startswith("unlock:")} == {
        "unlock:test-jolt",
        "unlock:test-mend",
    }
    play(g, "unlock:test-mend")
    assert {k for k in keys(g) if k.startswith("unlock:")} == {
        "unlock:test-jolt", "unlock:test-guard", "unlock:test-rouse"}
    play(g, "unlock:test-rouse")
    assert "unlock:test-bolt" in keys(g) and "unlock:test-doom" not in keys(g)
    play(g, "unlock:test-bolt")
    assert "unlock:test-doom" in keys(g)


def test_unlock_pays_gold_and_places_counter_on_ready() -> None:
    """Unlocking Hero Abilities (p.17): pay the gold cost when announcing; on resolution a cooldown
    counter goes on the ready space, and the ability can be used at once, at no cost."""
    g = mid({"Allison": {"gold": 7}}, active="Allison")
    g.choose("unlock:advanced-training")
    assert gold(g, "Allison") == 4 and "advanced-training" not in cooldowns(g, "Allison")
    pass_chain(g)
    assert cooldowns(g, "Allison")["advanced-training"] == 0
    play(g, "ability:advanced-training")
    assert gold(g, "Allison") == 4


def test_unlocking_is_not_possible_on_another_players_turn() -> None:
    """Unlocking Hero Abilities (p.17): only on one's own turn, in the maneuver phase."""
    g = mid({"Allison": {"gold": 20, "stop": "always"}})
    g.choose("pass")
    assert g.decision.seat == "Allison"
    assert not any(k.startswith("unlock:") for k in keys(g))


def test_using_ability_moves_counter_to_max_delay_when_announced() -> None:
    """Using Hero Abilities (p.17): announcing the use slides the counter from ready to the maximum
    delay; the effect happens when it resolves."""
    g = mid({"Allison": {"cooldowns": {"new-recruits": 0}}}, active="Allison")
    g.choose("ability:new-recruits")
    assert cooldowns(g, "Allison")["new-recruits"] == 4
    assert units(g, "Allison") == []
    pass_chain(g)
    assert len(units(g, "Allison", "militia-recruit")) == 2


def test_cooldown_ready_again_on_the_delay_th_following_own_turn() -> None:
    """Cooldown Counters (p.15) and the sample game (p.29-30): New Recruits (maximum delay 4) used
    on turn 2 is at 3 on turn 4, and is ready again on Allison's fourth following turn."""
    g = mid({"Allison": {"cooldowns": {"new-recruits": 0}, "gold": 0}}, active="Allison", turn=2)
    play(g, "ability:new-recruits")
    seen = []
    for _ in range(4):
        next_main(g)  # Paul's turn
        next_main(g)  # Allison's turn
        seen.append((g.state.turn, cooldowns(g, "Allison")["new-recruits"],
                     "ability:new-recruits" in keys(g)))
    assert seen == [(4, 3, False), (6, 2, False), (8, 1, False), (10, 0, True)]


def test_ability_on_cooldown_cannot_be_used() -> None:
    """Using Hero Abilities (p.17): a hero ability can only be used when its counter is on the ready
    space."""
    g = mid(
        {"Allison": {"cooldowns": {"new-recruits": 1, "advanced-training": 0}}}, active="Allison"
    )
    assert "ability:new-recruits" not in keys(g)
    assert "ability:advanced-training" in keys(g)


def test_enlist_pays_and_card_leaves_hand_when_announced() -> None:
    """Enlisting Units (p.18): announcing pays the cost and reveals the unit: it is no longer in the
    hand but not yet in play; on resolution it enters its controller's territory."""
    g = mid({"Paul": {"gold": 5, "hand": ["infantry"]}})
    card = hand_id(g, "Paul", "infantry")
    g.choose(f"enlist:{card}")
    assert gold(g, "Paul") == 1
    assert g.state.objects[card].zone == board.LIMBO and not in_play(g, card)
    assert any("enlists Infantry" in line for line in g.log("Allison"))
    pass_chain(g)
    assert in_play(g, card) and g.state.objects[card].controller == 0


def test_enlisted_unit_enters_refreshed_and_cannot_attack_this_turn() -> None:
    """Enlisting Units (p.18): the unit enters refreshed, but a unit that entered this turn cannot
    be declared as an attacker that turn."""
    g = mid({"Paul": {"gold": 5, "hand": ["infantry"], "weapon_exhausted": True}})
    play(g, "Enlist Infantry")
    inf = unit(g, "Paul", "infantry")
    assert not g.state.objects[inf].exhausted
    assert not any(k.startswith("battle:") for k in keys(g))


def test_enters_play_trigger_announced_after_the_unit_is_in_play() -> None:
    """Enlisting Units (p.18) / Triggered Effects (p.25): an "enters play" ability is announced
    after the unit is in play, and its targets are chosen then (Crossbowman may even target itself).
    """
    g = mid({"Paul": {"gold": 5, "hand": ["crossbowman"]}})
    play(g, "Enlist Crossbowman")
    assert g.decision.kind == "optional_trigger"
    bow = unit(g, "Paul", "crossbowman")
    g.choose("use")
    assert g.decision.kind == "target" and f"target:{bow}" in keys(g)
    g.choose(f"target:{hero(g, 'Allison')}")
    assert chain(g) == ["Crossbowman: you may deal 1 damage to target unit or hero"]
    pass_chain(g)
    assert health(g, "Allison") == 34


def test_optional_trigger_may_be_declined() -> None:
    """Triggered Effects (p.25): "you may" effects are decided as the trigger goes on the chain."""
    g = mid({"Paul": {"gold": 5, "hand": ["crossbowman"]}})
    play(g, "Enlist Crossbowman")
    g.choose("decline")
    assert not g.state.chain and at_main(g, "Paul")


def test_action_card_paid_when_announced_and_discarded_after_resolving() -> None:
    """Playing Action Cards (p.18): pay and reveal when announcing (the card leaves the hand); the
    effect happens on resolution and then the card goes to the action discard pile."""
    g = mid({"Paul": {"gold": 2, "hand": ["skilled-strike"]},
             "Allison": {"territory": ["halberdier"]}})
    card = hand_id(g, "Paul", "skilled-strike")
    play(g, "Play Skilled Strike", unit(g, "Allison", "halberdier"), respond=True)
    assert gold(g, "Paul") == 0 and g.state.objects[card].zone == board.LIMBO
    pass_chain(g)
    assert g.state.objects[card].zone == board.discard("action")
    assert damage_on(g, unit(g, "Allison", "halberdier")) == 3


def test_split_action_card_plays_one_half_at_its_own_cost() -> None:
    """Split Action Cards (p.9): the player chooses the top or the bottom half, not both; each half
    has its own cost and effect. The card then goes to the discard pile as usual."""
    g = mid({"Paul": {"gold": 1, "hand": ["test-split"], "territory": ["infantry"]}}, fixtures=True)
    card = hand_id(g, "Paul", "test-split")
    assert f"action:{card}:0" in keys(g)  # Jab costs 1
    assert f"action:{card}:1" not in keys(g)  # Guard Up costs 2
    play(g, f"action:{card}:0", unit(g, "Paul", "infantry"))
    assert gold(g, "Paul") == 0
    assert damage_on(g, unit(g, "Paul", "infantry")) == 1
    assert g.state.objects[card].zone == board.discard("action")


def test_activated_ability_with_exhaust_cost_needs_a_refreshed_card() -> None:
    """Using Abilities of Cards in Play (p.19): the exhaust symbol means the card must exhaust to
    pay; an exhausted card cannot use the ability."""
    g = mid({"Paul": {"territory": [{"card": "infantry", "damage": 3}]}})
    plate = board.gear(g.state, 0, "armor")
    assert plate is not None
    opt = f"activate:{plate.id}:0"
    play(g, opt, unit(g, "Paul", "infantry"))
    assert g.state.objects[plate.id].exhausted
    assert damage_on(g, unit(g, "Paul", "infantry")) == 1
    assert opt not in keys(g)


def test_cancelling_an_announcement_changes_nothing() -> None:
    """Announcing a Maneuver (p.22): declaring, paying and selecting targets happen together; a
    maneuver whose targets are not selected is not announced at all."""
    g = mid(
        {"Paul": {"gold": 2, "hand": ["skilled-strike"]}, "Allison": {"territory": ["infantry"]}}
    )
    g.choose(key(g, "Play Skilled Strike"))
    assert g.decision.kind == "target"
    g.choose("cancel")
    assert gold(g, "Paul") == 2 and hand(g, "Paul") == ["skilled-strike"] and not g.state.chain
    assert at_main(g, "Paul")


def test_responses_start_with_the_announcer_then_clockwise() -> None:
    """The Chance for Responses (p.22): starting with the player who announced, each player in
    clockwise order may respond."""
    g = mid(
        {
            "A": {"gold": 5, "hand": ["infantry"]},
            "B": {"stop": "always"},
            "C": {"stop": "always"},
            "D": {"stop": "always"},
        },
        names=["A", "B", "C", "D"],
        active="A",
        fixtures=True,
        heroes=["test-knight", "test-ranger", "test-mage", "test-cleric"],
        format="ffa",
        stop={"A": "always"},
    )
    g.choose(key(g, "Enlist Infantry"))
    asked = []
    while g.state.chain:
        asked.append(g.decision.seat)
        g.choose("pass")
    assert asked == ["A", "B", "C", "D"]


def test_a_response_is_answered_first_by_its_announcer() -> None:
    """The Chance for Responses / Responding to a Maneuver (p.22): a response is a maneuver like any
    other: its announcer and then the others in clockwise order may respond to it."""
    g = mid({"A": {"gold": 5, "hand": ["infantry"]},
             "C": {"gold": 2, "hand": ["skilled-strike"], "territory": ["halberdier"]}},
            names=["A", "B", "C", "D"], active="A", fixtures=True, format="ffa",
            heroes=["test-knight", "test-ranger", "test-mage", "test-cleric"],
            stop={n: "always" for n in "ABCD"})
    g.choose(key(g, "Enlist Infantry"))
    for _ in range(2):
        g.choose("pass")  # A, B
    play(g, "Play Skilled Strike", unit(g, "C", "halberdier"), respond=True)
    asked = []
    while len(g.state.chain) == 2:
        asked.append(g.decision.seat)
        g.choose("pass")
    assert asked == ["C", "D", "A", "B"]


def test_chain_resolves_in_reverse_order_example_2() -> None:
    """Examples of Maneuvers and Responses, Example 2 (p.23): Infantry with 2 damage; B plays
    Skilled Strike on it; A responds with Mend Wounds; Mend Wounds resolves first (no damage left),
    then Skilled Strike deals 3: the Infantry survives with 3 damage."""
    g = mid({"Paul": {"territory": [{"card": "infantry", "damage": 2}], "gold": 1,
                      "hand": ["mend-wounds"]},
             "Allison": {"gold": 2, "hand": ["skilled-strike"]}}, active="Allison")
    inf = unit(g, "Paul", "infantry")
    play(g, "Play Skilled Strike", inf, respond=True)
    pass_window_until_seat(g, "Paul")
    play(g, "Play Mend Wounds", inf)
    assert in_play(g, inf) and damage_on(g, inf) == 3


def test_example_1_skilled_strike_destroys_damaged_infantry() -> None:
    """Example 1 (p.23): Infantry with 2 damage; Skilled Strike deals 3; with 5 damage it is
    destroyed immediately."""
    g = mid({"Paul": {"territory": [{"card": "infantry", "damage": 2}]},
             "Allison": {"gold": 2, "hand": ["skilled-strike"]}}, active="Allison")
    inf = unit(g, "Paul", "infantry")
    play(g, "Play Skilled Strike", inf)
    assert not in_play(g, inf)
    assert g.state.objects[inf].zone == board.discard("basic")


def test_example_3_effect_canceled_when_target_gone() -> None:
    """Example 3 (p.23) / Selecting Targets (p.14): A plays Mend Wounds on its damaged Infantry; B
    responds with Skilled Strike, which destroys it; Mend Wounds has no target left and is canceled.
    Its cost stays paid and the card still goes to the discard pile."""
    g = mid({"Paul": {"territory": [{"card": "infantry", "damage": 2}], "gold": 1,
                      "hand": ["mend-wounds"]},
             "Allison": {"gold": 2, "hand": ["skilled-strike"], "stop": "always"}})
    inf = unit(g, "Paul", "infantry")
    mend = hand_id(g, "Paul", "mend-wounds")
    play(g, "Play Mend Wounds", inf, respond=True)
    pass_window_until_seat(g, "Allison")
    play(g, "Play Skilled Strike", inf)
    assert not in_play(g, inf)
    assert gold(g, "Paul") == 0
    assert g.state.objects[mend].zone == board.discard("action")
    popped = [(e.label, e.result) for e in g.events if isinstance(e, ce.ChainPopped)]
    assert popped[-2:] == [
        ("Allison plays Skilled Strike", "resolved"),
        ("Paul plays Mend Wounds", "fizzled"),
    ]


def test_effect_resolves_for_remaining_targets() -> None:
    """Selecting Targets (p.14): only when an effect has no remaining targets at all is it canceled;
    with some targets left it still happens to those."""
    g = mid({"Allison": {"cooldowns": {"advanced-training": 0},
                         "territory": ["militia-recruit", "militia-recruit"]},
             "Paul": {"gold": 2, "hand": ["skilled-strike"]}}, active="Allison")
    a, b = units(g, "Allison", "militia-recruit")
    play(g, "ability:advanced-training", a, b, respond=True)
    pass_window_until_seat(g, "Paul")
    play(g, "Play Skilled Strike", a)
    assert not in_play(g, a)
    assert g.state.objects[b].counters.get("augment") == 1


def test_response_window_after_each_resolution_current_player_first() -> None:
    """Resolving a Chain of Maneuvers (p.22): maneuvers resolve one at a time; after each, players
    may respond again before the next one resolves, the current player first."""
    g = mid(
        {
            "Paul": {
                "territory": [{"card": "infantry", "damage": 2}],
                "gold": 1,
                "hand": ["mend-wounds"],
            },
            "Allison": {"gold": 4, "hand": ["skilled-strike", "skilled-strike"]},
        },
        active="Allison",
    )
    inf = unit(g, "Paul", "infantry")
    play(g, "Play Skilled Strike", inf, respond=True)
    pass_window_until_seat(g, "Paul")
    play(g, "Play Mend Wounds", inf, respond=True)
    pass_window_until_seat(g, "Allison")
    g.choose("pass")  # everyone has passed: Mend Wounds resolves
    assert damage_on(g, inf) == 0 and len(g.state.chain) == 1
    assert g.decision.seat == "Allison" and g.decision.kind == "priority"
    # A new response to the pending Skilled Strike: a second Skilled Strike resolves before it.
    play(g, "Play Skilled Strike", inf)
    assert not in_play(g, inf)


def test_no_responses_while_resolving_choices_made_on_resolution() -> None:
    """Resolving a Maneuver (p.22) / Choose vs. Select Target (p.24): a resolving maneuver happens
    in its entirety; choices it makes ("choose", e.g. Equip's faces) are made while it resolves and
    nobody can respond to them."""
    g = mid({"Allison": {"gold": 9, "hand": ["skilled-strike"]}}, stop={"Allison": "always"})
    g.choose("ability:equip")
    pass_chain(g)
    kinds = []
    while g.decision.kind != "priority":
        kinds.append(g.decision.kind)
        assert g.state.chain  # Equip is still resolving
        g.choose(g.decision.options[-1].key)
    assert kinds == ["equip", "equip"]
    assert not g.state.chain and at_main(g, "Paul")


def test_empty_chain_current_player_first_then_clockwise() -> None:
    """Turn Priority and Gameplay Shortcuts (p.23): with an empty chain the current player acts
    first; if they move on, the others get a chance in clockwise order; when all pass the game
    moves to the next phase."""
    g = mid({}, names=["A", "B", "C"], active="B", fixtures=True, format="ffa",
            heroes=["test-knight", "test-ranger", "test-mage"], stop={n: "always" for n in "ABC"})
    asked = []
    while g.state.phase == "maneuver":
        asked.append(g.decision.seat)
        g.choose("pass")
    assert asked == ["B", "C", "A"]
    assert g.state.phase == "end"


def test_triggered_effect_goes_on_chain_with_targets_chosen_then() -> None:
    """Triggered Effects (p.25): a triggered effect is added to the chain as if it were a maneuver;
    its targets are chosen when it is added; players may respond before it resolves."""
    g = mid({"Allison": {"weapon": "Lance of Dominion", "territory": ["militia-recruit"]},
             "Paul": {"gold": 2, "hand": ["skilled-strike"]}}, active="Allison")
    recruit = unit(g, "Allison", "militia-recruit")
    lance = int(g.state.players[1].props["weapon"])
    g.choose("battle:0")
    pass_chain(g)
    g.choose(f"attack:{lance}")
    g.choose(f"attack:{recruit}")
    g.choose("done")
    assert g.decision.kind == "target" and g.decision.seat == "Allison"
    g.choose(f"target:{recruit}")  # the only attacking unit: up to two targets, one chosen
    assert [c.kind for c in g.state.chain] == ["trigger"]
    assert g.state.chain[0].targets == {"t": [recruit]}
    pass_window_until_seat(g, "Paul")
    play(g, "Play Skilled Strike", recruit)  # in response: the trigger loses its only target
    assert [(e.result) for e in g.events if isinstance(e, ce.ChainPopped)][-1] == "fizzled"


def test_trigger_during_declare_attackers_waits_for_next_window() -> None:
    """Triggered Effects (p.25) / Declare Attackers (p.20): no maneuvers during the declare step; an
    effect triggered then resolves at the next chance to respond, before defenders are assigned."""
    g = mid({"Allison": {"weapon": "Lance of Dominion", "territory": ["militia-recruit"]}},
            active="Allison")
    recruit = unit(g, "Allison", "militia-recruit")
    g.choose("battle:0")
    pass_chain(g)
    g.choose(f"attack:{int(g.state.players[1].props['weapon'])}")
    g.choose(f"attack:{recruit}")
    g.choose("done")
    choose(g, recruit)
    pass_chain(g)
    assert g.state.battle is not None and g.state.battle["blocks"] == {}
    assert g.ruleset.card_facts(g.state, g.state.objects[recruit])["attack"] == 3
    pass_window_until(g, "assign_defenders")


def test_triggers_added_apnap_current_player_first() -> None:
    """Triggered Effects (p.25): when several players' effects trigger at once, the current player
    adds all of theirs first, then the next player clockwise; those added first resolve last."""
    g = mid({"Paul": {"territory": ["test-martyr"]}, "Allison": {"territory": ["test-martyr"]}},
            fixtures=True)
    mine, theirs = unit(g, "Paul", "test-martyr"), unit(g, "Allison", "test-martyr")
    g.choose("battle:1")
    pass_chain(g)
    g.choose(f"attack:{mine}")
    g.choose("done")
    pass_window(g)
    g.choose(f"defend:{theirs}")
    g.choose(f"block:{mine}")
    g.choose("done")
    pass_window_until_chain(g)
    assert [c.controller for c in g.state.chain] == [0, 1]  # Paul's added first, Allison's on top
    pass_chain(g)
    hits = [e.target for e in g.events if isinstance(e, Damaged) and not e.battle]
    assert hits[-2:] == [hero(g, "Paul"), hero(g, "Allison")]  # Allison's resolved first


def pass_window_until_chain(g: object) -> None:
    from cardgames.engine.game import Game

    assert isinstance(g, Game)
    while not g.state.chain:
        assert g.decision.kind == "priority", g.decision.prompt
        g.choose("pass")


def test_player_orders_own_simultaneous_triggers() -> None:
    """Triggered Effects (p.25): a player with several effects triggering at the same time chooses
    the order in which they go on the chain."""
    g = mid({"Paul": {"territory": ["test-martyr", "test-martyr"]},
             "Allison": {"territory": ["test-pikeman", "test-pikeman"]}}, fixtures=True)
    m1, m2 = units(g, "Paul", "test-martyr")
    p1, p2 = units(g, "Allison", "test-pikeman")
    g.choose("battle:1")
    pass_chain(g)
    for m in (m1, m2):
        g.choose(f"attack:{m}")
    g.choose("done")
    pass_window(g)
    for d, a in ((p1, m1), (p2, m2)):
        g.choose(f"defend:{d}")
        g.choose(f"block:{a}")
    g.choose("done")
    while g.decision.kind == "priority":
        g.choose("pass")
    assert g.decision.kind == "order_triggers" and g.decision.seat == "Paul"
    assert len(g.decision.options) == 2
    first = g.decision.options[1]
    g.choose(first.key)
    assert g.state.chain[0].label == first.label and len(g.state.chain) == 2


def test_hot_seat_priority_asks_only_who_could_respond_by_public_information() -> None:
    """Turn Priority and Gameplay Shortcuts (p.23): players are assumed to have no response; our
    hot-seat ruling asks a seat only if public information says it might respond (it holds an action
    card, has a ready reaction ability or an activated ability), never by its hidden cards."""
    # Allison holds no action card, has no ready reaction ability and no activated ability.
    g = mid({"Paul": {"gold": 5, "hand": ["infantry"]}, "Allison": {"hand": ["infantry"]}},
            heroes=KNIGHTS, fixtures=True)
    g.choose(key(g, "Enlist Infantry"))
    pass_chain(g)
    assert not any(e.seat == 1 for e in g.events if isinstance(e, ce.Chose))
    # She holds an action card she cannot pay for: asked all the same (the card type is public).
    g = mid({"Paul": {"gold": 5, "hand": ["infantry"]},
             "Allison": {"gold": 0, "hand": ["skilled-strike"]}}, heroes=KNIGHTS, fixtures=True)
    g.choose(key(g, "Enlist Infantry"))  # Paul holds nothing to respond with: not asked
    assert g.decision.seat == "Allison" and keys(g) == ["pass"]
    # A ready reaction ability: asked.
    g = mid({"Paul": {"gold": 5, "hand": ["infantry"]}, "Allison": {"cooldowns": {"test-mend": 0}}},
            heroes=KNIGHTS, fixtures=True)
    g.choose(key(g, "Enlist Infantry"))
    assert g.decision.seat == "Allison" and "ability:test-mend" in keys(g)
    # An activated ability (Thedric's Adamantine Platemail): asked; once it is exhausted, not.
    g = mid({"Paul": {"gold": 5, "hand": ["infantry"]}})
    g.choose(key(g, "Enlist Infantry"))
    g.choose("pass")
    assert g.decision.seat == "Allison"
    g = mid({"Paul": {"gold": 5, "hand": ["infantry"], "armor_exhausted": True},
             "Allison": {"armor_exhausted": True, "weapon": "Lance of Dominion"}})
    g.choose(key(g, "Enlist Infantry"))
    g.choose("pass")
    assert at_main(g, "Paul")


def test_hot_seat_stop_setting_always_and_never() -> None:
    """Hot-seat ruling on priority (Turn Priority, p.23): a seat whose stop setting is "always" is
    asked at every chance to respond; "never" is never asked (only the current player's own
    maneuver phase always asks)."""
    g = mid({"Paul": {"gold": 5, "hand": ["infantry"]}}, heroes=KNIGHTS, fixtures=True,
            stop={"Allison": "always"})
    g.choose(key(g, "Enlist Infantry"))
    assert g.decision.seat == "Allison" and keys(g) == ["pass"]
    g = mid({"Paul": {"gold": 5, "hand": ["infantry"]}, "Allison": {"hand": ["skilled-strike"]}},
            heroes=KNIGHTS, fixtures=True, stop={"Allison": "never"})
    g.choose(key(g, "Enlist Infantry"))
    assert at_main(g, "Paul")


def test_initiate_battle_offered_only_with_an_attacker_that_may_be_declared() -> None:
    """Initiating a Battle (p.18) with our ruling: a battle is offered only when the current player
    has at least one unit or weapon that may be declared as an attacker."""
    g = mid({"Paul": {"weapon_exhausted": True, "territory": [{"card": "infantry", "new": True}]}})
    assert not any(k.startswith("battle:") for k in keys(g))
    g = mid({"Paul": {"weapon_exhausted": True, "territory": ["infantry"]}})
    assert "battle:1" in keys(g)


def test_reaction_hero_ability_usable_on_opponents_turn() -> None:
    """Reaction Abilities (p.17): a reaction ability can be used as a reaction maneuver, on any
    turn; other hero abilities only in one's own maneuver phase."""
    g = mid({"Paul": {"health": 30, "cooldowns": {"lay-on-hands": 0, "smite": 0}},
             "Allison": {"territory": ["infantry"]}}, active="Allison")
    g.choose("pass")
    assert g.decision.seat == "Paul"
    assert "ability:lay-on-hands" in keys(g) and "ability:smite" not in keys(g)
    play(g, "ability:lay-on-hands", hero(g, "Paul"))
    assert health(g, "Paul") == 34 and cooldowns(g, "Paul")["lay-on-hands"] == 3


def test_unlocked_ability_used_many_times_without_paying() -> None:
    """Using Hero Abilities (p.17): once unlocked, an ability never costs gold again; it may be used
    whenever it is ready."""
    g = mid({"Paul": {"gold": 0, "cooldowns": {"test-jolt": 0}},
             "Allison": {"territory": ["test-pikeman"]}}, heroes=KNIGHTS, fixtures=True)
    pike = unit(g, "Allison", "test-pikeman")
    play(g, "ability:test-jolt", pike)
    assert gold(g, "Paul") == 0
    next_main(g)
    next_main(g)
    before = gold(g, "Paul")
    play(g, "ability:test-jolt", pike)
    assert damage_on(g, pike) == 2 and gold(g, "Paul") == before


def test_activated_ability_played_as_a_reaction_on_another_turn() -> None:
    """Using Abilities of Cards in Play (p.19): activated abilities are reaction maneuvers: Allison
    exhausts Adamantine Platemail on Paul's turn, in response to his Skilled Strike."""
    g = mid({"Paul": {"gold": 2, "hand": ["skilled-strike"]},
             "Allison": {"territory": ["militia-recruit"]}})
    recruit = unit(g, "Allison", "militia-recruit")
    play(g, "Play Skilled Strike", recruit, respond=True)
    pass_window_until_seat(g, "Allison")
    plate = board.gear(g.state, 1, "armor")
    assert plate is not None
    play(g, f"activate:{plate.id}:0", recruit)
    assert g.state.objects[plate.id].exhausted
    assert in_play(g, recruit) and damage_on(g, recruit) == 1


def test_equip_may_flip_no_card_one_or_both() -> None:
    """Equipping Weapons and Armor (p.15): when equipping, a player chooses the face of each card:
    they may flip no card, one, or both."""
    for weapon_face, armor_face, flips in ((0, 0, 0), (1, 0, 1), (1, 1, 2)):
        g = mid({})
        play(g, "ability:equip")
        g.choose(f"weapon:{weapon_face}")
        g.choose(f"armor:{armor_face}")
        pass_chain(g)
        changed = [e for e in g.events if isinstance(e, ce.ObjectChanged) and e.face is not None]
        assert len(changed) == flips
        assert cooldowns(g, "Paul")["equip"] == 3


def test_hot_seat_stop_setting_relevant() -> None:
    """Hot-seat ruling on priority (Turn Priority, p.23): the optional "relevant" setting asks a
    seat that could respond only when the newest maneuver concerns it (targets its hero or cards,
    attacks it) or it takes part in the battle; "auto" asks it at every chance (any maneuver may be
    responded to, p.22)."""
    for stop, asked in (("auto", True), ("relevant", False)):
        g = mid(
            {"Paul": {"gold": 5, "hand": ["infantry"]}, "Allison": {"hand": ["skilled-strike"]}},
            heroes=KNIGHTS,
            fixtures=True,
            stop={"Allison": stop},
        )
        g.choose(key(g, "Enlist Infantry"))
        assert (g.decision.seat == "Allison") == asked
    g = mid({"Paul": {"gold": 2, "hand": ["skilled-strike"]},
             "Allison": {"hand": ["skilled-strike"], "territory": ["infantry"]}},
            heroes=KNIGHTS, fixtures=True, stop={"Allison": "relevant"})
    play(g, "Play Skilled Strike", unit(g, "Allison", "infantry"), respond=True)
    assert g.decision.seat == "Allison"


def test_up_to_targets_may_be_none() -> None:
    """Selecting Targets (p.14) with our ruling R23: "up to N targets" may be announced with no
    target at all; the ability is still used (its counter goes to the maximum delay)."""
    g = mid({"Allison": {"cooldowns": {"advanced-training": 0}, "territory": ["militia-recruit"]}},
            active="Allison")
    g.choose("ability:advanced-training")
    assert g.decision.kind == "target" and "done" in keys(g)
    g.choose("done")
    pass_chain(g)
    assert cooldowns(g, "Allison")["advanced-training"] == 3
    assert g.state.objects[unit(g, "Allison", "militia-recruit")].counters == {}


def test_unit_may_use_its_abilities_the_turn_it_enters() -> None:
    """Using Abilities of Cards in Play (p.19) with the publisher's FAQ (ruling R59): only attacking
    is barred on the turn a unit enters; it may use an exhaust ability at once."""
    g = mid({"Paul": {"gold": 3, "hand": ["field-medic"],
                      "territory": [{"card": "infantry", "damage": 3}]}})
    play(g, "Enlist Field Medic")
    medic = unit(g, "Paul", "field-medic")
    play(g, f"activate:{medic}:0", unit(g, "Paul", "infantry"))
    assert damage_on(g, unit(g, "Paul", "infantry")) == 1 and g.state.objects[medic].exhausted


def test_special_card_supply_is_unlimited() -> None:
    """Special Cards (p.11) with our ruling R3: if a special card runs short a placeholder stands
    in, so effects always get the special cards they put into play."""
    g = mid({"Allison": {"cooldowns": {"new-recruits": 0},
                         "territory": ["militia-recruit"] * 6}}, active="Allison")
    play(g, "ability:new-recruits")
    assert len(units(g, "Allison", "militia-recruit")) == 8


def test_after_a_trigger_goes_on_the_chain_the_current_player_responds_first() -> None:
    """Triggered Effects (p.25) / Resolving a Chain (p.22) with our ruling R104: when triggered
    effects are added to the chain, the current player has the first chance to respond, even if
    the trigger is another player's."""
    g = mid({"Paul": {"gold": 2, "hand": ["skilled-strike"]},
             "Allison": {"territory": ["test-martyr"]}},
            fixtures=True, stop={"Paul": "always", "Allison": "always"})
    play(g, "Play Skilled Strike", unit(g, "Allison", "test-martyr"), respond=True)
    while g.state.chain:  # everyone passes: Skilled Strike resolves, the Martyr is destroyed
        g.choose("pass")
        if g.state.chain and g.state.chain[-1].kind == "trigger":
            break
    assert [(c.kind, c.controller) for c in g.state.chain] == [("trigger", 1)]
    assert g.decision.seat == "Paul" and g.decision.kind == "priority"
