"""Modifications: augment, graft, virus and permadeath, one test per rule (rulebook: Modifications, p.32–35)."""

from __future__ import annotations

from algomancy_play import (
    ANN,
    BOB,
    attack_with,
    block,
    card,
    game,
    keys,
    pass_until_window,
    resolve,
    rules,
    stack_results,
    to_deploy,
    zone_of,
)

from cardgames.engine import core_events as ce
from cardgames.games.algomancy.stack import graft_ref


def test_augment_adds_its_text_to_the_host_and_is_tucked_under_it() -> None:
    """Augment (p.32): "take all of the text in the paragraph following the augment symbol and add it onto
    other cards ... Place the augment card beneath the targeted card." Pay its cost; mods are a special action
    in deployment. (Targeting Module: "Augment: I get +1/+1.")"""
    g = game({"hand": ["targeting-module"], "region": ["tidepool-terror"], "mana": {"metal": 2}})
    to_deploy(g)
    mod, host = card(g, "targeting-module"), card(g, "tidepool-terror")
    g.choose(f"mod:{mod}")
    g.choose(f"target:{host}")
    assert g.state.objects[mod].attached_to == host and zone_of(g, mod) == "mods"
    assert rules(g).battle_rules.stats(g.state, host) == (2, 2)  # 1/1 + 1/1; Swift does not transfer
    assert "swift" not in rules(g).battle_rules.attributes(g.state, host)
    assert not g.state.chain and g.decision.kind == "priority"  # a special action: no stack
    assert all(o.exhausted for o in g.state.cards_in("resources:0") if o.card == "alloyed-plains")


def test_type_line_augment_gives_its_attributes() -> None:
    """Augment (p.32): "The Augment symbol can appear ... before attributes in the type line" — those attributes
    are added (Rampart Guardian grants Tough). A modded card is Unstable (Permadeath, p.35)."""
    g = game({"hand": ["rampart-guardian"], "region": ["tidepool-terror"], "mana": {"earth": 2}})
    to_deploy(g)
    host = card(g, "tidepool-terror")
    g.choose(f"mod:{card(g, 'rampart-guardian')}")
    g.choose(f"target:{host}")
    assert rules(g).battle_rules.attributes(g.state, host) == ["deadly", "tough", "unstable"]
    assert rules(g).battle_rules.stats(g.state, host) == (1, 2)


def test_mods_can_be_applied_from_the_bin() -> None:
    """Apply augment (p.32): "Augments can be applied from either the hand or from the bin.\""""
    g = game({"bin": ["targeting-module"], "region": ["tidepool-terror"], "mana": {"metal": 2}})
    to_deploy(g)
    mod = card(g, "targeting-module")
    assert f"mod:{mod}" in keys(g)
    assert any("from your bin" in o.label for o in g.decision.options if o.key == f"mod:{mod}")
    g.choose(f"mod:{mod}")
    g.choose(f"target:{card(g, 'tidepool-terror')}")
    assert zone_of(g, mod) == "mods"


def test_mods_are_not_applied_in_the_haste_step() -> None:
    """Modifications (p.32): "Modification is a special action that players can perform during the deployment
    phase" — not in the haste step (R18)."""
    g = game({"hand": ["targeting-module"], "region": ["tidepool-terror"], "mana": {"metal": 2}})
    while g.decision.kind != "priority":
        g.choose("done")
    assert not any(k.startswith("mod:") for k in keys(g))


def test_graft_needs_the_graft_symbol_on_both_cards() -> None:
    """Requirements and restrictions (p.33): "both cards must have the graft symbol in order to be able to
    apply a graft." Accelerated Germination grafts onto Oracle of the Flame, never onto a plain unit."""
    g = game({"hand": ["accelerated-germination"], "region": ["tidepool-terror", "oracle-of-the-flame"],
              "mana": {"wood": 2}})
    to_deploy(g)
    g.choose(f"mod:{card(g, 'accelerated-germination')}")
    assert [o.ref for o in g.decision.options if o.key.startswith("target:")] == [card(g, "oracle-of-the-flame")]


def test_graft_adds_the_new_effect_to_the_cause_of_the_host() -> None:
    """Combining effects (p.33): "if Accelerated Germination was grafted onto Oracle of the Flame, the
    resulting card would read 'Sacrifice me: Create a Fireball 1 AND (once per turn) create two 1/1 units.'\""""
    g = game({"hand": ["accelerated-germination"], "region": ["oracle-of-the-flame"], "mana": {"wood": 2}})
    to_deploy(g)
    oracle = card(g, "oracle-of-the-flame")
    g.choose(f"mod:{card(g, 'accelerated-germination')}")
    g.choose(f"target:{oracle}")
    g.choose(f"graft:{oracle}")
    g.choose(f"sacrifice:{oracle}")
    resolve(g)
    region = [o.card for o in g.state.cards_in("region:0")]
    assert sorted(region) == ["fireball", "sprout", "sprout"]
    assert zone_of(g, card(g, "accelerated-germination")) == "erased"  # permadeath with its host


def test_graft_new_effect_is_inserted_below_the_original_and_others_keep_their_order() -> None:
    """Requirements and restrictions (p.33): "you may insert the new effect at any position within the graft
    stack below the original card, but you may not re-order the rest" (Q&A: new mods between old ones)."""
    g = game({"hand": ["accelerated-germination", "bedrock-infusion"], "region": ["oracle-of-the-flame"],
              "mana": {"wood": 2, "earth": 2}})
    to_deploy(g)
    oracle = card(g, "oracle-of-the-flame")
    g.choose(f"mod:{card(g, 'accelerated-germination')}")
    g.choose(f"target:{oracle}")  # the first graft: no place to choose
    g.choose(f"mod:{card(g, 'bedrock-infusion')}")
    g.choose(f"target:{oracle}")
    assert g.decision.kind == "graft_position"
    assert [k for k in keys(g) if k != "back"] == ["position:2", "position:1"]  # never above the original
    g.choose("position:1")
    assert g.state.objects[oracle].props["grafts"] == ["bedrock-infusion", "accelerated-germination"]
    assert graft_ref(g.state.objects[oracle]) == "graft:oracle-of-the-flame,bedrock-infusion,accelerated-germination"


def test_bounded_graft_effects_fire_once_per_turn_on_an_unbounded_cause() -> None:
    """Bounded and unbounded graft (p.33): "If you have an unbounded graft cause and a mixture of bounded and
    unbounded effects, the graft cause will trigger an unlimited number of times, but each of the bounded
    effects will only trigger a limited number of times.\""""
    g = game({"hand": ["accelerated-germination", "bedrock-infusion"], "region": ["oracle-of-the-flame"],
              "mana": {"wood": 2, "earth": 2}})
    to_deploy(g)
    oracle = card(g, "oracle-of-the-flame")
    for cid in ("accelerated-germination", "bedrock-infusion"):
        g.choose(f"mod:{card(g, cid)}")
        g.choose(f"target:{oracle}")
        if g.decision.kind == "graft_position":
            g.choose("position:2")
    host = g.state.objects[oracle]
    rules(g).play.fire_graft(g.flow, host)  # the cause fires once this turn
    ref = graft_ref(g.state.objects[oracle])
    assert ref == "graft:oracle-of-the-flame,-accelerated-germination,bedrock-infusion"
    steps = rules(g).play.effect_of(ref)[1]
    assert [next(iter(s)) for s in steps] == ["create", "counters"]  # the bounded Sprouts are spent


def test_bounded_graft_cause_fires_once_per_turn() -> None:
    """Bounded and unbounded graft (p.33): "If you have a bounded graft cause, the entire effect will only
    trigger a limited number of times." (Spore Herald: Graft¹ whenever another allied unit dies.)"""
    g = game({"region": ["spore-herald", "sprout", "sprout"]}, {"hand": ["maw-of-damnation"], "mana": {"fire": 5}})
    herald = card(g, "spore-herald")
    for sprout in [o.id for o in g.state.cards_in("region:0") if o.card == "sprout"]:
        from cardgames.games.algomancy.checks import destroy

        destroy(rules(g), g.flow, sprout, "died")
    queued = [tr for tr in g.state.pending_triggers if tr["source"] == herald]
    assert len(queued) == 1


def test_modded_card_and_its_mods_are_erased_when_it_dies() -> None:
    """Permadeath (p.35): "As long as a card is modded, it has the unstable attribute, meaning when it dies or
    is erased, it and all of its mods are erased with it.\""""
    g = game({"hand": ["targeting-module"], "region": ["tidepool-terror"], "mana": {"metal": 2}})
    to_deploy(g)
    mod, host = card(g, "targeting-module"), card(g, "tidepool-terror")
    g.choose(f"mod:{mod}")
    g.choose(f"target:{host}")
    from cardgames.games.algomancy.checks import destroy

    destroy(rules(g), g.flow, host, "died")
    assert zone_of(g, host) == "erased" and zone_of(g, mod) == "erased"


def test_recalled_modded_card_goes_to_hand_and_its_mods_to_the_bin() -> None:
    """Permadeath (p.35): "If a modded card would leave play but did not die or get erased, for example if it
    was put into a player's hand from play, all of its mods are put back into the bin, while the base card goes
    to the hand.\""""
    g = game({"hand": ["targeting-module"], "region": ["tidepool-terror"], "mana": {"metal": 2}})
    to_deploy(g)
    mod, host = card(g, "targeting-module"), card(g, "tidepool-terror")
    g.choose(f"mod:{mod}")
    g.choose(f"target:{host}")
    from cardgames.games.algomancy.verbs import recall

    recall(g.flow, host)
    assert zone_of(g, host) == "hand:0" and zone_of(g, mod) == "bin:0"
    assert g.state.objects[mod].attached_to is None


def test_virus_is_applied_from_hand_in_battle_onto_an_enemy_unit_whose_controller_gets_its_text() -> None:
    """Viruses (p.34): viruses "mod units directly from your hand during combat", "can augment onto opposing
    units", and "Augmenting with viruses uses the stack". Change of control: "they will control the augment
    and its new ability" — Smouldering Inferno makes the enemy unit sacrifice itself after combat."""
    g = game({"region": ["tidepool-terror"]}, {"hand": ["smouldering-inferno"], "region": ["lithoghul"],
                                               "mana": {"fire": 2}})
    attack_with(g, "tidepool-terror")
    pass_until_window(g, "battle:attack_window")
    while g.decision.seat_index != BOB:
        g.choose("pass")
    virus, foe = card(g, "smouldering-inferno"), card(g, "tidepool-terror")
    g.choose(f"virus:{virus}")
    g.choose(f"target:{foe}")
    assert [e.kind for e in g.state.chain] == ["virus"] and zone_of(g, virus) == "stack"
    resolve(g)
    assert g.state.objects[virus].attached_to == foe
    block(g, {})
    pass_until_window(g, "battle:after_window")
    resolve(g)
    assert zone_of(g, foe) == "erased" and zone_of(g, virus) == "erased"  # Ann sacrificed her own modded unit


def test_virus_whose_target_is_gone_goes_to_the_bin() -> None:
    """Viruses (p.34): "If a virus is negated or its target becomes invalid, it is placed into the bin, and
    cannot be used as a virus again.\""""
    g = game({"region": ["tidepool-terror"], "hand": ["flame-of-history"], "mana": {"fire": 2}},
             {"hand": ["rampart-guardian"], "mana": {"earth": 2}})
    attack_with(g, "tidepool-terror")
    pass_until_window(g, "battle:attack_window")
    g.choose("pass")
    virus, foe = card(g, "rampart-guardian"), card(g, "tidepool-terror")
    g.choose(f"virus:{virus}")
    g.choose(f"target:{foe}")
    g.choose("pass")
    g.choose(f"play:{card(g, 'flame-of-history')}")  # Ann answers: her own unit dies first
    g.choose(f"target:{foe}")
    resolve(g)
    assert zone_of(g, virus) == "bin:1"
    assert ("Rampart Guardian (virus onto Tidepool Terror)", "fizzled") in stack_results(g)


def test_mod_controller_follows_the_host() -> None:
    """Change of control (p.34) and R65: a mod is controlled by whoever controls the unit it is on."""
    g = game({"hand": ["targeting-module"], "region": ["tidepool-terror"], "mana": {"metal": 2}})
    to_deploy(g)
    mod = card(g, "targeting-module")
    g.choose(f"mod:{mod}")
    g.choose(f"target:{card(g, 'tidepool-terror')}")
    assert g.state.objects[mod].controller == ANN
    assert not [e for e in g.events if isinstance(e, ce.ChainPushed)]


def test_a_recalled_unit_despawns_so_pathogenic_enclave_on_it_deletes_its_controllers_tokens() -> None:
    """Change of control (p.34): "if you augment Pathogenic Enclave onto an enemy unit, when that unit despawns, all
    of their tokens will be deleted, not yours." R52: despawn is leaving play for any reason — dying, deletion,
    erasing, recall. Ann's virus Enclave goes onto Bob's Jelly; her Abyssal Evocation recalls the Jelly: it
    despawns, so Bob's Sprouts are deleted; the Jelly goes to Bob's hand and the Enclave to Ann's bin (R54)."""
    g = game({"region": ["bastion-titan"], "hand": ["pathogenic-enclave", "abyssal-evocation"],
              "mana": {"wood": 3, "water": 2}}, {"region": ["jelly", "sprout", "sprout"]})
    attack_with(g, "bastion-titan")
    pass_until_window(g, "battle:attack_window")
    enclave, jelly = card(g, "pathogenic-enclave"), card(g, "jelly")
    g.choose(f"virus:{enclave}")
    g.choose(f"target:{jelly}")
    resolve(g)
    assert g.state.objects[enclave].attached_to == jelly
    g.choose(f"play:{card(g, 'abyssal-evocation')}")
    g.choose(f"target:{jelly}")
    resolve(g)
    assert zone_of(g, jelly) == "hand:1" and zone_of(g, enclave) == "bin:0"
    assert [o.card for o in g.state.cards_in("region:1")] == ["bastion-titan"]
