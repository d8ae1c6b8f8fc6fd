"""Rules of the stack and priority through real games (rulebook: The Stack, Priority and player interaction, Timing,
Q&A Interaction; Miscellaneous: Sacrifice, Activated abilities)."""

from __future__ import annotations

from algomancy_play import (
    ANN,
    BOB,
    attack,
    attack_with,
    block,
    card,
    cards,
    chain,
    counters,
    damage,
    game,
    keys,
    life,
    pass_twice,
    play,
    player,
    region,
    resolve,
    stack_results,
    stats,
    to_battle,
    to_deploy,
    to_haste,
    window,
    zone_of,
)

from cardgames.engine.game import Game


def battle_with(ann_hand: list[str], bob_hand: list[str] | None = None, *, ann_region: list[str] | None = None,
                bob_region: list[str] | None = None) -> Game:
    """Ann (initiative) has attacked Bob with a lone Bastion Titan; the attack step's window is open."""
    g = game({"region": ["bastion-titan", *(ann_region or [])], "hand": ann_hand,
              "mana": {"fire": 3, "water": 3, "earth": 3, "metal": 3, "wood": 3}},
             {"region": bob_region if bob_region is not None else ["jelly", "stone-equilibrist"],
              "hand": bob_hand or [], "mana": {"fire": 3, "water": 3, "earth": 3, "metal": 3, "wood": 3}})
    attack_with(g, "bastion-titan")
    assert window(g) == "battle:attack_window"
    return g


def test_first_in_last_out_the_last_effect_played_resolves_first() -> None:
    """First in, last out (p.28): "when it's time to resolve an effect, the top effect of the stack resolves first.
    This process is repeated until all items in the stack have resolved." """
    g = battle_with(["flame-of-history", "poison"])
    jelly, monk = card(g, "jelly"), card(g, "stone-equilibrist")
    play(g, card(g, "flame-of-history"), monk, respond=True)
    play(g, card(g, "poison"), jelly, respond=True)
    assert chain(g) == ["Flame of History", "Poison"]
    resolve(g)
    assert [r for r in stack_results(g)] == [("Poison", "resolved"), ("Flame of History", "resolved")]
    assert zone_of(g, jelly) == "bin:1" and zone_of(g, monk) == "bin:1"
    assert [line for line in g.log() if "died" in line] == ["Jelly died", "Stone Equilibrist died"]


def test_initiative_player_receives_priority_first_in_each_window() -> None:
    """Priority window (p.30): "Within a priority window, first the initiative player will receive priority" —
    even in the defender's region, and again after each resolution ("Then all players gain priority in order
    again")."""
    g = battle_with([], ["flame-of-history"])
    assert g.decision.seat_index == ANN
    g.choose("pass")
    assert g.decision.seat_index == BOB
    play(g, card(g, "flame-of-history"), card(g, "bastion-titan"), respond=True)
    assert g.decision.seat_index == BOB  # Bob keeps priority after acting
    g.choose("pass")
    assert g.decision.seat_index == ANN and chain(g) == ["Flame of History"]
    g.choose("pass")  # both passed in succession: it resolves, and the initiative player is asked first again
    assert chain(g) == [] and g.decision.seat_index == ANN
    assert damage(g, card(g, "bastion-titan")) == 3


def test_a_player_who_acts_keeps_priority_and_may_act_again() -> None:
    """Interaction (p.30): "If a player does use their priority to take game actions, they may maintain their
    priority to continue taking game actions. All of these cards or abilities will go onto the stack"."""
    g = battle_with(["flame-of-history", "poison"])
    play(g, card(g, "flame-of-history"), card(g, "jelly"), respond=True)
    assert g.decision.seat_index == ANN and f"play:{card(g, 'poison')}" in keys(g)
    play(g, card(g, "poison"), card(g, "stone-equilibrist"), respond=True)
    assert chain(g) == ["Flame of History", "Poison"] and g.decision.seat_index == ANN


def test_new_effects_can_be_added_to_a_stack_that_has_started_resolving() -> None:
    """First in, last out (p.28), step 5: "New spells can be added on top of an active stack even after it has
    started resolving." The newcomer resolves before what was already waiting."""
    g = battle_with(["flame-of-history", "arc-lightning"], ["poison"])
    monk, jelly = card(g, "stone-equilibrist"), card(g, "jelly")
    play(g, card(g, "flame-of-history"), monk, respond=True)
    g.choose("pass")
    play(g, card(g, "poison"), card(g, "bastion-titan"), respond=True)
    pass_twice(g)  # Bob passes, Ann passes: Poison resolves
    assert chain(g) == ["Flame of History"] and counters(g, card(g, "bastion-titan")) == {"-1/-1": 2}
    play(g, card(g, "arc-lightning"), jelly, respond=True)
    assert chain(g) == ["Flame of History", "Arc Lightning"]
    resolve(g)
    assert [label for label, _ in stack_results(g)] == ["Poison", "Arc Lightning", "Flame of History"]


def test_passing_with_an_empty_stack_moves_to_the_next_step() -> None:
    """Interaction (p.30): "This process is repeated until all players pass priority with an empty stack, which will
    move them to the next step of the turn." After the attack step's window comes the block step."""
    g = battle_with([])
    pass_twice(g)
    assert g.decision.kind == "block" and g.decision.seat_index == BOB


def test_a_spell_fizzles_when_all_its_targets_are_gone() -> None:
    """Q&A Interaction (p.42): "if all of the targets for a spell are removed, the spell will fail to resolve
    (fizzle) and be placed into the bin." Here its target is recalled in response."""
    g = battle_with(["flame-of-history"], ["abyssal-evocation"])
    jelly = card(g, "jelly")
    play(g, card(g, "flame-of-history"), jelly, respond=True)
    g.choose("pass")
    play(g, card(g, "abyssal-evocation"), jelly)
    assert zone_of(g, jelly) == "hand:1"
    assert stack_results(g) == [("Abyssal Evocation", "resolved"), ("Flame of History", "fizzled")]
    assert zone_of(g, card(g, "flame-of-history")) == "bin:0" and damage(g, jelly) == 0


def test_a_spell_with_some_targets_left_resolves_as_best_it_can() -> None:
    """Q&A Interaction (p.42): "If some but not all of the targets are removed, the spell will attempt to resolve as
    best as it can. For example, if one of the two Twin Flame targets is removed, the other will still receive
    damage." """
    g = battle_with(["twin-flame"], ["abyssal-evocation"])
    jelly = card(g, "jelly")
    play(g, card(g, "twin-flame"), jelly, player(BOB), respond=True)
    g.choose("pass")
    play(g, card(g, "abyssal-evocation"), jelly)
    assert stack_results(g)[-1] == ("Twin Flame", "resolved")
    assert life(g, BOB) == 28 and zone_of(g, jelly) == "hand:1"


def test_a_fight_needs_both_of_its_targets() -> None:
    """Q&A Interaction (p.42): "if one of the targets for a fight or an exchange is removed, the effect will not be
    able to happen (it takes two units to fight ...)". Ann's fighter is recalled: the enemy takes nothing."""
    g = battle_with(["battle-fight", "abyssal-evocation"])
    titan, monk = card(g, "bastion-titan"), card(g, "stone-equilibrist")
    play(g, card(g, "battle-fight"), titan, monk, respond=True)
    play(g, card(g, "abyssal-evocation"), titan)
    assert zone_of(g, titan) == "hand:0" and damage(g, monk) == 0 and zone_of(g, monk) == "region:1"


def test_an_exchange_needs_both_of_its_targets() -> None:
    """Q&A Interaction (p.42): "... or for an exchange to take place". Bob's unit is recalled: Ann keeps hers."""
    g = battle_with(["exchange-protocol"], ["abyssal-evocation"])
    titan, monk = card(g, "bastion-titan"), card(g, "stone-equilibrist")
    play(g, card(g, "exchange-protocol"), titan, monk, respond=True)
    g.choose("pass")
    play(g, card(g, "abyssal-evocation"), monk)
    assert g.state.objects[titan].controller == ANN and zone_of(g, monk) == "hand:1"


def test_negate_puts_a_spell_in_the_bin_and_a_negated_spell_unit_never_spawns() -> None:
    """The stack (p.29): Null Drone "negating Boon of Protection"; Spell units (p.13): "If the spell unit is prevented
    from resolving ... the unit will not spawn and will enter the bin." Null Drone itself spawns, outside formation
    (Q&A: spell units played in battle "spawn in the region but not in formation")."""
    g = battle_with(["leaping-lillik"], ["null-drone"])
    titan = card(g, "bastion-titan")
    play(g, card(g, "leaping-lillik"), titan, respond=True)
    g.choose("pass")
    lillik_entry = g.state.chain[-1].id
    play(g, card(g, "null-drone"), lillik_entry)
    assert zone_of(g, card(g, "leaping-lillik")) == "bin:0" and stats(g, titan) == (6, 7)
    drone = card(g, "null-drone")
    assert zone_of(g, drone) == "region:1" and g.state.objects[drone].controller == BOB
    assert drone not in [u for col in g.state.battle["attack"] for u in col]  # type: ignore[index]


def test_a_triggered_ability_uses_the_stack_and_can_be_negated() -> None:
    """Triggered abilities (p.41) go on the stack (The stack: "Whenever a card gets played or an ability is activated
    or triggered, it is added to the stack"); Null Drone: "Negate target spell or ability"."""
    g = game({"region": ["bastion-titan", "sparkwraith"], "hand": ["flame-of-history"], "mana": {"fire": 2}},
             {"region": ["jelly"], "hand": ["null-drone"], "mana": {"metal": 3}})
    to_battle(g)
    attack(g, [card(g, "bastion-titan")], [card(g, "sparkwraith")])
    play(g, card(g, "flame-of-history"), card(g, "jelly"), respond=True)
    assert chain(g) == ["Flame of History", "Sparkwraith's ability"]  # the trigger is on top
    g.choose("pass")
    play(g, card(g, "null-drone"), g.state.chain[-1].id)
    assert life(g, BOB) == 30 and zone_of(g, card(g, "jelly")) == "bin:1"
    assert ("Sparkwraith's ability", "removed") in stack_results(g)


def test_costs_are_paid_on_play_and_not_refunded_when_negated() -> None:
    """Activated abilities (p.41): "Everything before the colon is a cost that must be paid"; R4: costs are paid as
    it goes on the stack and are not refunded if it is negated."""
    g = game({"region": ["soul-swallower", "jelly", "bastion-titan"], "mana": {"fire": 2}},
             {"region": ["dune-drifter"], "hand": ["null-drone"], "mana": {"metal": 3}})
    to_battle(g)
    swallower, jelly = card(g, "soul-swallower"), card(g, "jelly")
    attack(g, [swallower], [jelly])
    play(g, swallower, sacrifice=jelly, how="ability:0", respond=True)
    assert zone_of(g, jelly) == "bin:0"  # paid at once
    g.choose("pass")
    play(g, card(g, "null-drone"), g.state.chain[-1].id)
    assert zone_of(g, jelly) == "bin:0" and counters(g, swallower) == {}


def test_you_can_only_sacrifice_your_units_in_the_current_region() -> None:
    """Sacrifice (p.41): "You cannot sacrifice units that are in a different region, even if they are yours." Soul
    Swallower attacking in Bob's region may only eat the ally that came with it, not the Titan left at home."""
    g = game({"region": ["soul-swallower", "jelly", "bastion-titan"]}, {"region": ["dune-drifter"]})
    to_battle(g)
    swallower, jelly, titan = card(g, "soul-swallower"), card(g, "jelly"), card(g, "bastion-titan")
    attack(g, [swallower], [jelly])
    g.choose(f"ability:{swallower}:0")
    assert g.decision.kind == "sacrifice"
    assert sorted(k for k in keys(g) if k.startswith("sacrifice:")) == [f"sacrifice:{jelly}"]
    assert titan not in [o.ref for o in g.decision.options]


def test_each_player_sacrifices_only_in_this_region() -> None:
    """Regions (p.19): "'Each player sacrifices two units' means 'Each player in this region sacrifices two units in
    this region'." Ann's Maw of Damnation in Bob's region takes her lone attacker, never her units at home; Bob
    chooses which two of his three go."""
    g = game({"region": ["bastion-titan", "jelly", "dune-drifter"], "hand": ["maw-of-damnation"], "mana": {"fire": 5}},
             {"region": ["stone-equilibrist", "lithoghul", "sparkwraith"]})
    attack_with(g, "bastion-titan")
    play(g, card(g, "maw-of-damnation"), respond=True)
    pass_twice(g)
    assert g.decision.kind == "sacrifice" and g.decision.seat_index == BOB
    g.choose(f"sacrifice:{card(g, 'lithoghul')}")
    g.choose(f"sacrifice:{card(g, 'sparkwraith')}")
    assert region(g, ANN) == ["jelly", "dune-drifter"]
    assert region(g, BOB) == ["stone-equilibrist"]
    assert zone_of(g, card(g, "bastion-titan")) == "bin:0"


def test_battle_cards_only_in_battle_and_plain_cards_only_in_deployment() -> None:
    """Timing (p.13): "Battle cards can only be played while in battle with another player"; "Cards with no icon can
    only be played during deployment"; "Haste cards can also be played during the haste step"."""
    hand = ["flame-of-history", "overbloom", "calibrate"]
    g = game({"region": ["bastion-titan"], "hand": hand, "mana": {"fire": 2, "wood": 2, "metal": 1}},
             {"region": ["jelly"]})
    flame, overbloom, calibrate = (card(g, c) for c in hand)
    to_haste(g, ANN)
    assert {k for k in keys(g) if k.startswith("play:")} == {f"play:{calibrate}"}
    g.choose("pass")
    attack_with(g, "bastion-titan")
    assert {k for k in keys(g) if k.startswith("play:")} == {f"play:{flame}"}
    to_deploy(g, ANN)
    assert {k for k in keys(g) if k.startswith("play:")} == {f"play:{overbloom}", f"play:{calibrate}"}


def test_activated_abilities_in_battle_and_deployment_but_not_the_haste_step() -> None:
    """Activated abilities (p.41): "can be used any time a player has priority during battle and deployment"; the
    haste step allows only haste cards (p.18, R18)."""
    g = game({"region": ["soul-swallower", "jelly"]}, {"region": ["dune-drifter"]})
    swallower = card(g, "soul-swallower")
    to_haste(g, ANN)
    assert keys(g) == ["pass"]
    to_deploy(g, ANN)
    assert f"ability:{swallower}:0" in keys(g)


def test_alone_in_deployment_an_effect_resolves_as_soon_as_it_is_played() -> None:
    """Deployment phase (p.26): "Each player is in their own region during the deployment phase, meaning it is not
    possible to interact with other players" — nobody can respond, so it resolves at once (R19, A13)."""
    g = game({"region": ["jelly"], "hand": ["overbloom"], "mana": {"wood": 3}})
    to_deploy(g, ANN)
    g.choose(f"play:{card(g, 'overbloom')}")
    assert chain(g) == [] and stats(g, card(g, "jelly")) == (2, 3)
    assert g.decision.seat_index == ANN and window(g) == "deploy"


def test_a_player_stays_present_after_all_their_units_there_are_gone() -> None:
    """Regions (p.19): "Once a player has entered a new region, they can now interact inside of it for the remainder
    of the battle phase, even if the units they've sent into the region are removed." """
    g = battle_with(["flame-of-history"], ["flame-of-history", "flame-of-history", "poison"])
    titan = card(g, "bastion-titan")
    g.choose("pass")
    play(g, cards(g, "flame-of-history")[1], titan, respond=True)
    play(g, cards(g, "flame-of-history")[2], titan, respond=True)
    play(g, card(g, "poison"), titan)
    assert zone_of(g, titan) == "bin:0" and g.state.battle["attack"] == []  # type: ignore[index]
    assert g.decision.seat_index == ANN and f"play:{cards(g, 'flame-of-history')[0]}" in keys(g)
    play(g, cards(g, "flame-of-history")[0], card(g, "jelly"))
    assert zone_of(g, card(g, "jelly")) == "bin:1"


def test_blocks_step_window_follows_declared_blocks() -> None:
    """Priority window (p.30): priority windows follow the attack step, the block step and the after combat step."""
    g = battle_with([])
    seen = [window(g)]
    g.choose("pass")
    g.choose("pass")
    block(g, {0: [card(g, "jelly")]})
    seen.append(window(g))
    pass_twice(g)
    seen.append(window(g))
    assert seen == ["battle:attack_window", "battle:block_window", "battle:after_window"]


def answered_on_jelly(first: str, answer: str, mana: dict[str, int]) -> tuple[Game, int]:
    """Ann's lone Titan attacks Bob's Jelly; Ann plays `first` on the Jelly, then `answer` on it in response, and
    everyone passes until the stack is empty. Returns the game and the Jelly."""
    g = game({"region": ["bastion-titan"], "hand": [first, answer], "mana": mana}, {"region": ["jelly"]})
    attack_with(g, "bastion-titan")
    jelly = card(g, "jelly")
    play(g, card(g, first), jelly, respond=True)
    play(g, card(g, answer), jelly)
    return g, jelly


def test_a_spell_whose_only_target_died_fizzles() -> None:
    """Q&A Interaction (p.42): "if all of the targets for a spell are removed, the spell will fail to resolve
    (fizzle) and be placed into the bin."

    Flame of History targets Jelly; Arc Lightning, played in response, kills Jelly: Flame fizzles and no damage is
    marked on the Jelly in the bin."""
    g, jelly = answered_on_jelly("flame-of-history", "arc-lightning", {"fire": 2, "metal": 2})
    assert zone_of(g, jelly) == "bin:1"
    assert stack_results(g) == [("Arc Lightning", "resolved"), ("Flame of History", "fizzled")]
    assert damage(g, jelly) == 0


def test_a_spell_unit_whose_only_target_died_does_not_spawn() -> None:
    """Spell units (p.13): "If the spell unit is prevented from resolving, for example due to its targets being made
    invalid, the unit will not spawn and will enter the bin." Q&A (p.42): "This is especially important to keep in
    mind for spell units like Leaping Lillik."

    Leaping Lillik targets Jelly, which Flame of History kills in response: Lillik fizzles into Ann's bin."""
    g, jelly = answered_on_jelly("leaping-lillik", "flame-of-history", {"water": 2, "fire": 2})
    assert zone_of(g, jelly) == "bin:1"
    assert zone_of(g, card(g, "leaping-lillik")) == "bin:0"
    assert "leaping-lillik" not in region(g, BOB)


def test_abyssal_evocation_can_be_played_from_the_bin_in_battle() -> None:
    """Abyssal Evocation (Battle timing): "Recall target unit. You may play me from your bin; if you do, I gain
    Unstable." Attributes (p.25): "the unstable attribute is often given to cards that have been played from the bin
    ... such as Abyssal Evocation".

    In a battle window, with a target and mana, Ann may play Abyssal Evocation from her bin."""
    g = game({"region": ["bastion-titan"], "bin": ["abyssal-evocation"], "mana": {"water": 2}}, {"region": ["jelly"]})
    attack_with(g, "bastion-titan")
    evocation = card(g, "abyssal-evocation")
    assert f"play:{evocation}" in keys(g)
    play(g, evocation, card(g, "jelly"))
    assert zone_of(g, card(g, "jelly")) == "hand:1"
    assert zone_of(g, evocation) == "erased"  # it gained Unstable


def test_the_log_says_a_triggered_ability_triggers_and_a_player_uses_an_activated_one() -> None:
    """Kinds of abilities (p.41): a triggered ability ("Whenever you play a spell") happens by itself and goes on the
    stack; an activated one ("cost: effect") is used by its controller. The log reads "Sparkwraith's ability
    triggers" and "Ann uses Soul Swallower's ability", never "Ann plays" an ability."""
    g = game({"region": ["sparkwraith", "soul-swallower", "jelly"], "hand": ["flame-of-history"],
              "mana": {"fire": 2}}, {"region": ["lithoghul"]})
    to_battle(g)
    attack(g, [card(g, "sparkwraith")], [card(g, "soul-swallower")], [card(g, "jelly")])
    play(g, card(g, "flame-of-history"), card(g, "lithoghul"))
    play(g, card(g, "soul-swallower"), sacrifice=card(g, "jelly"), how="ability:0")
    lines = g.log()
    assert "Ann plays Flame of History" in lines and "Sparkwraith's ability triggers" in lines
    assert "Ann uses Soul Swallower's ability" in lines
    assert not [line for line in lines if "plays" in line and "ability" in line]
