"""Each mecha's ability, exercised in play (spec §14): the attack, defense and unique pools."""

from __future__ import annotations

from typing import Any

from mech_play import (
    ANN,
    BOB,
    attack,
    covers,
    damage,
    finish_turn,
    game,
    keys,
    mana,
    oids,
    to_activation,
    to_combat,
    vp,
    zone,
)

from cardgames.engine.core_events import TriggerQueued
from cardgames.engine.game import Game
from cardgames.games.mechamancers import board as b
from cardgames.games.mechamancers import table as t


def duel(ann: list[Any], bob: list[Any], bob_role: str = "barricade", **extra: Any) -> Game:
    g = game(2, given={"players": {"Ann": {"role": "ruler", "field": ann, **extra},
                                   "Bob": {"role": bob_role, "field": bob}}})
    to_combat(g)
    return g


def shield(g: Game) -> int:
    return b.total_shield(g.ruleset.cat, g.state, BOB, ANN)  # type: ignore[attr-defined]


@covers("rivet-lancer", "rampart-drone")
def test_lance_adds_one_against_shield_mecha() -> None:
    g = duel(["rivet-lancer"], ["rampart-drone"])
    attack(g, oids(g, ANN, "rivet-lancer")[0], drone := oids(g, BOB, "rampart-drone")[0])
    assert zone(g, drone) == t.discard("defense")  # 2 + 1 lance = 3 on a 2-health drone


@covers("kamikaze-wasp", "phase-barrier")
def test_self_destruct_deals_one_to_any_mecha_when_destroyed() -> None:
    g = duel(["kamikaze-wasp", "sparkjack"], ["phase-barrier", "rampart-drone"])
    wasp = oids(g, ANN, "kamikaze-wasp")[0]
    attack(g, oids(g, ANN, "sparkjack")[0], wasp)
    assert zone(g, wasp) == t.discard("attack")
    assert g.decision.kind == "self_destruct" and g.decision.seat_index == ANN
    barrier = oids(g, BOB, "phase-barrier")[0]
    g.choose(f"at:{barrier}")
    assert zone(g, barrier) == t.discard("defense")  # a 1-health S4: any hit destroys it
    assert g.decision.kind == "combat"


@covers("ember-drake")
def test_scavenger_gains_a_mana_per_kill() -> None:
    g = duel(["ember-drake"], ["plate-sentry", "plate-sentry"])
    before = mana(g, ANN)
    drake = oids(g, ANN, "ember-drake")[0]
    for sentry in oids(g, BOB, "plate-sentry"):
        attack(g, drake, sentry)
    assert mana(g, ANN) == before + 2


@covers("capacitor-wall", "mana-reactor", "salvage-crawler")
def test_conductive_adds_a_shield_per_unique_mecha_at_most_two() -> None:
    g = duel([], ["capacitor-wall", "mana-reactor", "salvage-crawler", "patch-tinker"], bob_role="cabalist")
    assert shield(g) == 1 + 2 + 2  # wall 1 + two of three uniques + Cabalist's defend 2


@covers("decoy-turtle", "iron-bastion")
def test_decoy_protects_its_controllers_other_shield_mecha_from_opponents() -> None:
    g = duel(["sparkjack", "sparkjack"], ["decoy-turtle", "iron-bastion", "mana-reactor"])
    g.choose(f"strike:{oids(g, ANN, 'sparkjack')[0]}")
    targets = {g.state.objects[o.ref].card for o in g.decision.options if o.ref}
    assert "iron-bastion" not in targets and {"decoy-turtle", "mana-reactor", "sparkjack"} <= targets


@covers("mirror-warden")
def test_reflect_hurts_the_attacker_each_time_an_attack_damages_it() -> None:
    g = duel(["gatling-hound"], ["mirror-warden"])
    hound, warden = oids(g, ANN, "gatling-hound")[0], oids(g, BOB, "mirror-warden")[0]
    attack(g, hound, warden)
    assert damage(g, hound) == 1 and damage(g, warden) == 1
    attack(g, hound, warden)  # the hit that destroys it reflects too (ruling)
    assert zone(g, warden) == t.discard("defense") and zone(g, hound) == t.discard("attack")


@covers("spiked-palisade", "juggernaut-mk-v")
def test_spikes_hurt_the_attack_that_destroys_it() -> None:
    g = game(2, given={"players": {"Ann": {"role": "ruler", "field": ["juggernaut-mk-v", "sparkjack"]},
                                   "Bob": {"role": "barricade", "field": [{"card": "spiked-palisade", "damage": 1}]}}})
    to_combat(g)
    jug, pal = oids(g, ANN, "juggernaut-mk-v")[0], oids(g, BOB, "spiked-palisade")[0]
    attack(g, jug, pal)
    assert zone(g, pal) == t.discard("defense") and damage(g, jug) == 2
    attack(g, oids(g, ANN, "sparkjack")[0], oids(g, ANN, "juggernaut-mk-v")[0])  # own mecha: no spikes
    assert damage(g, jug) == 4 or zone(g, jug) == t.discard("attack")


@covers("patch-tinker")
def test_patch_tinker_heals_up_to_n_split_among_your_mecha_once_a_turn() -> None:
    g = game(2, given={"players": {"Ann": {"role": "ruler", "field": [
        "patch-tinker", {"card": "iron-bastion", "damage": 1}, {"card": "berserker-frame", "damage": 2}]},
        "Bob": {"role": "barricade"}}})
    to_activation(g)
    tinker = oids(g, ANN, "patch-tinker")[0]
    g.choose(f"tinker:{tinker}")
    bastion, frame = oids(g, ANN, "iron-bastion")[0], oids(g, ANN, "berserker-frame")[0]
    g.choose(f"heal:{bastion}")
    g.choose(f"heal:{frame}")
    assert damage(g, bastion) == 0 and damage(g, frame) == 1 and g.decision.kind == "activation"
    assert f"tinker:{tinker}" not in keys(g)


@covers("tesla-coil")
def test_arc_hits_up_to_n_mecha_of_one_opponent() -> None:
    g = duel(["tesla-coil"], ["rampart-drone", "plate-sentry", "capacitor-wall", "bulwark"])
    coil = oids(g, ANN, "tesla-coil")[0]
    g.choose(f"arc:{coil}")
    for card in ("rampart-drone", "plate-sentry", "capacitor-wall"):
        g.choose(f"zap:{oids(g, BOB, card)[0]}")
    assert damage(g, oids(g, BOB, "rampart-drone")[0]) == 1
    assert zone(g, oids(g, BOB, "capacitor-wall")[0]) == t.field(BOB) and g.decision.kind == "combat"
    assert f"arc:{coil}" not in keys(g)


@covers("war-banner")
def test_rally_adds_one_to_each_attack_mechas_first_attack() -> None:
    g = duel(["war-banner", "twin-fang-raptor", "twin-fang-raptor"], [], bob_role="cabalist")
    assault(g)  # raptors 2×1 each: 1+1 bonus, 1 | 1+1, 1 → 6 against defend 2
    assert vp(g, BOB) == 3
    g = game(2, given={"players": {"Ann": {"role": "ruler", "field": [
        {"card": "war-banner", "damage": 1}, "twin-fang-raptor", "twin-fang-raptor"]},
        "Bob": {"role": "cabalist", "field": []}}})
    to_combat(g)
    assault(g)  # Rally one: only the first raptor's first attack → 5 against 2
    assert vp(g, BOB) == 4


def assault(g: Game) -> None:
    g.choose("assault")
    g.choose(f"all:{BOB}")
    g.choose("resolve")


@covers("shield-projector", "plate-sentry")
def test_project_adds_one_to_each_or_one_shield_mecha() -> None:
    g = duel([], ["shield-projector", "plate-sentry", "plate-sentry"])
    assert shield(g) == 4 + 2 + 3
    g = game(2, given={"players": {"Ann": {"role": "ruler"}, "Bob": {"role": "barricade", "field": [
        {"card": "shield-projector", "damage": 1}, "plate-sentry", "plate-sentry"]}}})
    assert shield(g) == 4 + 1 + 3


@covers("mana-reactor")
def test_generate_gives_mana_at_the_start_of_the_resource_phase() -> None:
    g = game(2, given={"players": {"Ann": {"role": "ruler", "field": ["mana-reactor"], "mana": 0},
                                   "Bob": {"role": "barricade"}}})
    assert mana(g, ANN) == 3 + 1


@covers("overclock-core")
def test_overclock_gives_a_sword_then_when_damaged_a_damage() -> None:
    g = duel(["overclock-core", "sparkjack"], ["bulwark"], bob_role="cabalist")
    core, spark = oids(g, ANN, "overclock-core")[0], oids(g, ANN, "sparkjack")[0]
    g.choose(f"overclock:{core}")
    g.choose(f"oc:{spark}")
    assert b.attacks_left(g.ruleset.cat, g.state.objects[spark]) == 2  # type: ignore[attr-defined]
    g = game(2, given={"players": {"Ann": {"role": "ruler", "field": [{"card": "overclock-core", "damage": 1},
                                                                    "sparkjack"]},
                                   "Bob": {"role": "cabalist", "field": []}}})
    to_combat(g)
    core, spark = oids(g, ANN, "overclock-core")[0], oids(g, ANN, "sparkjack")[0]
    g.choose(f"overclock:{core}")
    g.choose(f"oc:{spark}")
    assault(g)  # 2 + 1 against defend 2
    assert vp(g, BOB) == 6


@covers("salvage-crawler")
def test_salvage_gains_a_mana_when_another_of_yours_dies_at_most_two_a_round() -> None:
    g = duel(["sparkjack", "sparkjack", "sparkjack", "twin-fang-raptor", "twin-fang-raptor", "salvage-crawler"], [])
    before = mana(g, ANN)
    sparks, raptors = oids(g, ANN, "sparkjack"), oids(g, ANN, "twin-fang-raptor")
    attack(g, sparks[0], raptors[0])
    attack(g, sparks[1], raptors[1])
    attack(g, sparks[2], sparks[0])
    assert all(zone(g, o) == t.discard("attack") for o in (*raptors, sparks[0]))
    assert mana(g, ANN) == before + 2


@covers("fortress-colossus", "aegis-walker", "storm-harrier", "sparkjack", "gatling-hound", "berserker-frame",
        "twin-fang-raptor")
def test_the_plain_mecha_are_their_printed_states() -> None:
    """Cards without an ability are only their states: checked against the spec's table."""
    cat = game(2).ruleset.cat  # type: ignore[attr-defined]
    printed = {"sparkjack": ["1×2"], "twin-fang-raptor": ["2×1", "1×1"], "gatling-hound": ["3×1", "2×1"],
               "berserker-frame": ["1×1", "2×1", "2×2"], "storm-harrier": ["2×2", "1×2"],
               "juggernaut-mk-v": ["2×3", "2×2", "1×2", "1×1"], "plate-sentry": ["S2"],
               "rampart-drone": ["S2", "S1"], "aegis-walker": ["S3", "S2"], "phase-barrier": ["S4"],
               "iron-bastion": ["S4", "S2", "S1"], "fortress-colossus": ["S5", "S4", "S2", "S1"]}
    for cid, states in printed.items():
        card = cat.mech(cid)
        assert [b.state_label(card, s) for s in card.states] == states, cid


def test_each_player_orders_their_own_triggers() -> None:
    """Spec §9.4: simultaneous triggers resolve in turn order, "and each player orders their own".
    No two of the pool's triggers of one player ever wait together and differ (Reflect and Spikes
    come one attack at a time; what waits together is Self-Destructs), so the two are queued here
    directly, as a future card's ability would queue them."""
    g = duel(["gatling-hound", "sparkjack"], ["rampart-drone"])
    hound, spark = oids(g, ANN, "gatling-hound")[0], oids(g, ANN, "sparkjack")[0]
    for kind, target in (("reflect", spark), ("spikes", hound)):
        g.flow.emit(TriggerQueued({"id": g.flow.new_id(), "kind": kind, "seat": ANN, "target": target}))
    g._settle()
    d = g.decision
    assert d.kind == "trigger_order" and d.seat_index == ANN
    assert [o.label for o in d.options] == ["Reflect: 1 damage to Sparkjack (Ann)",
                                            "Spikes: 2 damage to Gatling Hound (Ann)"]
    g.choose(d.options[1].key)  # Spikes first: the Hound dies; then Reflect destroys the Sparkjack
    assert zone(g, hound) == t.discard("attack") and zone(g, spark) == t.discard("attack")
    assert g.decision.kind == "combat"
    assert g.ruleset.public_decisions >= {"trigger_order"}  # answered on the public table


def test_a_players_triggers_that_do_not_differ_are_not_ordered() -> None:
    """Forge Tremor destroys both of Ann's Wasps at once: the same trigger twice, so nobody is asked
    which goes first; Ann aims each Self-Destruct in turn."""
    g = game(2, given={"events": ["forge-tremor"],
                       "players": {"Ann": {"role": "ruler", "field": ["kamikaze-wasp", "kamikaze-wasp"]},
                                   "Bob": {"role": "barricade", "field": ["iron-bastion"]}}})
    finish_turn(g)
    finish_turn(g)
    assert g.decision.kind == "self_destruct" and g.decision.seat_index == ANN
    bastion = oids(g, BOB, "iron-bastion")[0]
    g.choose(f"at:{bastion}")
    assert g.decision.kind == "self_destruct"
    g.choose(f"at:{bastion}")
    assert zone(g, bastion) == t.discard("defense")  # the Tremor and both Wasps: 3 on a 3-health card
