"""Every card's structured abilities exercised: each case plays the card (or uses it) on a set table
and checks what the ability did; the coverage test fails when a card with abilities has none."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

import pytest
from altered_play import ANN, BOB, COVERAGE, card, covers, game, pass_day, play, say, zone

from cardgames.engine.game import Game
from cardgames.games.altered import table as t
from cardgames.games.altered.catalog import Catalog

M = ["amelia-earhart"] * 8
"""Mana orbs enough for anything."""

Check = Callable[[Game], Any]

CASES: list[tuple[str, dict[str, Any], dict[str, Any], list[str], Check]] = [
    # card, Ann, Bob, answers after choosing the card (play:<card> or quick:<card>), check
    (
        "kelon-elemental",
        {"hand": ["kelon-elemental", "red"], "mana": M},
        {},
        ["exp:hero", "Red"],
        lambda g: zone(g, "reserve", ANN) == ["red"],
    ),
    (
        "foundry-engineer",
        {"reserve": ["foundry-engineer"], "hand": ["ordis-carrier"], "mana": M},
        {},
        ["exp:hero"],
        lambda g: [e["kind"] for e in g.state.globals["emblems"]] == ["next_permanent_cost"],
    ),
    (
        "foundry-mechanic",
        {"reserve": ["foundry-mechanic"], "hand": ["ordis-carrier"], "mana": M},
        {},
        ["use"],
        lambda g: "Play Ordis Carrier from Hand (2)" in [o.label for o in g.decision.options],
    ),
    (
        "axiom-salvager",
        {"reserve": ["axiom-salvager"], "mana": M, "deck": ["red"]},
        {},
        ["exp:hero"],
        lambda g: zone(g, "reserve", ANN) == ["red"],
    ),
    (
        "foundry-armorer",
        {"reserve": ["foundry-armorer"], "mana": M},
        {},
        ["exp:hero", "exp:companion"],
        lambda g: zone(g, "exp", ANN, "companion") == ["brassbug"],
    ),
    (
        "hooked",
        {"hand": ["hooked"], "mana": M},
        {"hero_expedition": ["red"]},
        ["target:red"],
        lambda g: zone(g, "exp", BOB, "companion") == ["red"],
    ),
    (
        "kelonic-generator",
        {"landmarks": ["kelonic-generator"], "mana": M, "deck": ["red"]},
        {},
        [],
        lambda g: zone(g, "hand", ANN) == ["red"] and t.ready_orbs(g.state, ANN) == 6,
    ),
    (
        "brassbug-hive",
        {"hand": ["brassbug-hive"], "mana": M},
        {},
        ["Brassbug Hive", "exp:hero", "no"],
        lambda g: zone(g, "exp", ANN, "hero") == ["brassbug"],
    ),
    (
        "haven-trainee",
        {"reserve": ["haven-trainee"], "mana": M},
        {},
        ["exp:hero"],
        lambda g: g.state.objects[card(g, "haven-trainee")].counters == {"boost": 2},
    ),
    (
        "haven-trainee-r",
        {"reserve": ["haven-trainee-r"], "mana": M},
        {},
        ["exp:hero"],
        lambda g: g.state.objects[card(g, "haven-trainee-r")].counters == {"boost": 2},
    ),
    (
        "ratatoskr",
        {"reserve": ["ratatoskr"], "mana": M},
        {},
        ["exp:hero"],
        lambda g: g.state.objects[card(g, "ratatoskr")].counters == {"boost": 2},
    ),
    (
        "issun-boshi",
        {"reserve": ["issun-boshi"], "mana": M},
        {},
        ["use"],
        lambda g: [e["kind"] for e in g.state.globals["emblems"]] == ["next_character_boost"],
    ),
    (
        "bravos-tracer",
        {"hand": ["bravos-tracer"], "mana": M},
        {},
        ["exp:hero"],
        lambda g: g.state.objects[card(g, "bravos-tracer")].props.get("fleeting"),
    ),
    (
        "physical-training",
        {"hand": ["physical-training"], "mana": M, "hero_expedition": ["red"]},
        {},
        ["target:red"],
        lambda g: g.state.objects[card(g, "red")].counters == {"boost": 3},
    ),
    (
        "haven-bravos-bastion",
        {"landmarks": ["haven-bravos-bastion"], "reserve": ["lyra-skald"], "mana": M},
        {},
        ["exp:hero"],
        lambda g: g.state.objects[card(g, "lyra-skald")].counters == {"boost": 1},
    ),
    (
        "martengale",
        {"reserve": ["martengale"], "hand": ["haven-warrior"], "mana": M},
        {},
        ["use"],
        lambda g: "Play Haven Warrior from Hand (2)" in [o.label for o in g.decision.options],
    ),
    (
        "ouroboros-trickster",
        {"hand": ["ouroboros-trickster"], "mana": M},
        {},
        ["exp:hero"],
        lambda g: g.state.objects[card(g, "ouroboros-trickster")].counters.get("boost") in (1, 2),
    ),
    (
        "esmeralda",
        {"hand": ["esmeralda"], "mana": M, "deck": ["red"]},
        {},
        ["exp:hero"],
        lambda g: zone(g, "reserve", ANN) == ["red"],
    ),
    (
        "the-sandman",
        {"hand": ["the-sandman"], "mana": M},
        {"hero_expedition": ["red"]},
        ["exp:hero", "target:red"],
        lambda g: g.state.objects[card(g, "red")].props.get("asleep"),
    ),
    (
        "a-cappella-training",
        {"hand": ["a-cappella-training"], "mana": M},
        {"hero_expedition": ["red"]},
        ["target:red"],
        lambda g: g.state.objects[card(g, "red")].props.get("fleeting"),
    ),
    (
        "ride-the-bifrost",
        {"hand": ["ride-the-bifrost"], "mana": M, "hero_expedition": ["red"], "companion_expedition": ["lyra-skald"]},
        {},
        [],
        lambda g: (
            zone(g, "exp", ANN, "hero") == ["lyra-skald"]
            and zone(g, "exp", ANN, "companion") == ["red"]
            and "ride-the-bifrost" in zone(g, "discard", ANN)
        ),
    ),
    (
        "muna-caregiver",
        {"reserve": ["muna-caregiver"], "mana": M, "hero_expedition": ["red"]},
        {},
        ["use", "target:red"],
        lambda g: g.state.objects[card(g, "red")].props.get("anchored"),
    ),
    (
        "kitsune",
        {"hand": ["kitsune"], "mana": M, "deck": ["red"]},
        {"deck": ["red"]},
        ["exp:hero"],
        lambda g: zone(g, "hand", ANN) == ["red"] and zone(g, "hand", BOB) == ["red"],
    ),
    (
        "sneezer-shroom",
        {"hand": ["sneezer-shroom"], "mana": M},
        {},
        ["exp:hero"],
        lambda g: g.state.objects[card(g, "sneezer-shroom")].props.get("anchored"),
    ),
    (
        "kodama",
        {"hand": ["kodama"], "mana": M},
        {},
        ["exp:hero"],
        lambda g: g.state.objects[card(g, "kodama")].props.get("asleep"),
    ),
    (
        "hydracaena",
        {"hand": ["hydracaena"], "mana": M},
        {},
        ["exp:hero"],
        lambda g: g.state.objects[card(g, "hydracaena")].counters == {"boost": 4},
    ),
    (
        "beauty-sleep",
        {"hand": ["beauty-sleep"], "mana": M},
        {"hero_expedition": ["red"]},
        ["target:red"],
        lambda g: g.state.objects[card(g, "red")].props.get("asleep"),
    ),
    (
        "harvest",
        {"hand": ["harvest"], "mana": M, "deck": ["red"]},
        {},
        [],
        lambda g: sorted(zone(g, "reserve", ANN)) == ["harvest", "red"],
    ),
    (
        "paper-herald",
        {"reserve": ["paper-herald"], "mana": M},
        {},
        ["use", "exp:companion"],
        lambda g: zone(g, "exp", ANN, "companion") == ["ordis-recruit"],
    ),
    (
        "ordis-cadets",
        {"hand": ["ordis-cadets"], "mana": M},
        {},
        ["exp:companion"],
        lambda g: zone(g, "exp", ANN, "companion") == ["ordis-cadets", "ordis-recruit"],
    ),
    (
        "ordis-spy",
        {"hand": ["ordis-spy"], "mana": M},
        {"reserve": ["red"]},
        ["exp:hero", "target:red"],
        lambda g: zone(g, "discard", BOB) == ["red"],
    ),
    (
        "charge",
        {"hand": ["charge"], "mana": M, "hero_expedition": ["red", "lyra-skald"]},
        {},
        [],
        lambda g: all(o.counters == {"boost": 1} for o in t.characters(g.state, ANN)),
    ),
    (
        "banishing-gate",
        {"hand": ["banishing-gate"], "mana": M},
        {"landmarks": ["ordis-carrier"]},
        ["target:ordis-carrier"],
        lambda g: zone(g, "discard", BOB) == ["ordis-carrier"],
    ),
    (
        "off-you-go",
        {"hand": ["off-you-go"], "mana": M},
        {"hero_expedition": ["red"]},
        ["target:red"],
        lambda g: zone(g, "reserve", BOB) == ["red"],
    ),
    (
        "magical-training",
        {"hand": ["magical-training"], "mana": M, "deck": ["red"]},
        {},
        [],
        lambda g: zone(g, "hand", ANN) == ["red"],
    ),
    (
        "tooth-fairy",
        {"hand": ["tooth-fairy"], "mana": M},
        {"reserve": ["red"]},
        ["exp:hero", "target:red"],
        lambda g: zone(g, "discard", BOB) == ["red"],
    ),
    (
        "baba-yaga",
        {"hand": ["baba-yaga"], "mana": M, "deck": ["red"]},
        {},
        ["exp:hero"],
        lambda g: zone(g, "hand", ANN) == ["red"],
    ),
    ("alice", {"reserve": ["alice"], "mana": M}, {}, ["use"], lambda g: g.decision.seat == "Bob"),
    (
        "kuwat-the-dissenter",
        {"hand": ["kuwat-the-dissenter"], "mana": M, "hero_expedition": ["red"]},
        {},
        ["exp:hero", "sacrifice:red"],
        lambda g: zone(g, "exp", ANN, "hero") == ["kuwat-the-dissenter"],
    ),
    (
        "jeanne-d-arc",
        {"hand": ["banishing-gate"], "mana": M},
        {"hero_expedition": ["jeanne-d-arc"]},
        ["target:jeanne-d-arc"],
        lambda g: (
            zone(g, "exp", BOB, "hero") == ["ordis-recruit"] and zone(g, "exp", BOB, "companion") == ["ordis-recruit"]
        ),
    ),
    (
        "moonlight-jellyfish",
        {"hand": ["kuwat-the-dissenter"], "mana": M, "hero_expedition": ["moonlight-jellyfish"]},
        {},
        ["exp:hero", "sacrifice:moonlight-jellyfish"],
        lambda g: zone(g, "reserve", ANN) == ["moonlight-jellyfish"],
    ),
]


def _resolve(g: Game, answer: str) -> str:
    """`target:<card id>` / `sacrifice:<card id>` name a card on the table; others are option keys."""
    kind, _, rest = answer.partition(":")
    if kind in ("target", "sacrifice") and rest and not rest.isdigit():
        return f"{kind}:{card(g, rest)}"
    return answer


@pytest.mark.parametrize("cid, ann, bob, answers, check", CASES, ids=[c[0] for c in CASES])
def test_card(cid: str, ann: dict[str, Any], bob: dict[str, Any], answers: list[str], check: Check) -> None:
    COVERAGE.setdefault(cid, set()).add("test_altered_cards.test_card")
    g = game(ann, bob)
    use = bool(answers) and answers[0] == "use"
    keys = g.decision.keys()
    for source in [cid, *ann.get("hand", []), *ann.get("reserve", []), *ann.get("landmarks", [])]:
        objs = [o.id for o in g.state.objects.values() if o.card == source and o.zone.split(":")[0] != "mana"]
        found = [k for k in keys for oid in objs if k == f"play:{oid}" or k.startswith(f"quick:{oid}:")]
        found.sort(key=lambda k: k.startswith("quick:") != use)
        if found:
            say(g, found[0])
            break
    for a in answers[1:] if use else answers:
        say(g, _resolve(g, a))
    assert check(g)


for _cid, *_ in CASES:
    COVERAGE.setdefault(_cid, set()).add("test_altered_cards.test_card")


@covers("subhash-and-marmo", "brassbug")
def test_subhash_at_noon_may_pay_one_and_a_card_for_a_brassbug() -> None:
    g = game({"hand": ["red"], "mana": M}, {}, phase="noon", heroes=("brassworks", "sacrifice-engine"))
    say(g, "yes")
    say(g, "Red")
    say(g, "exp:hero")
    assert zone(g, "exp", ANN, "hero") == ["brassbug"] and zone(g, "reserve", ANN) == ["red"]
    assert t.ready_orbs(g.state, ANN) == 7


@covers("sierra-and-oddball")
def test_sierra_exhausts_for_a_brassbug_when_a_big_permanent_is_played() -> None:
    g = game({"hand": ["ordis-carrier"], "mana": M}, {})
    play(g, "ordis-carrier")
    say(g, "yes")
    say(g, "exp:companion")
    assert zone(g, "exp", ANN, "companion") == ["brassbug"]
    assert g.state.objects[card(g, "sierra-and-oddball")].exhausted


@covers("kojo-and-booda", "booda")
def test_kojo_at_noon_if_first_player_a_booda() -> None:
    g = game({}, {}, phase="noon", heroes=("haven-vanguard", "sacrifice-engine"))
    assert zone(g, "exp", ANN, "companion") == ["booda"]
    g = game({}, {}, phase="noon", first="Bob", heroes=("haven-vanguard", "sacrifice-engine"))
    assert zone(g, "exp", ANN, "companion") == []


@covers("nevenka-and-blotch")
def test_nevenka_rolls_for_one_of_your_characters() -> None:
    outcomes = set()
    for seed in range(12):
        g = game({"hero_expedition": ["red"]}, {}, seed=seed, heroes=("dreaming-grove", "sacrifice-engine"))
        say(g, "quick:")
        say(g, f"target:{card(g, 'red')}")
        obj = g.state.objects[card(g, "red")]
        outcomes.add(
            "anchored"
            if obj.props.get("anchored")
            else "boost"
            if obj.counters
            else "reserve"
            if obj.zone == t.reserve(ANN)
            else "?"
        )
    assert outcomes <= {"anchored", "boost", "reserve"} and "boost" in outcomes


@covers("teija-and-nauraa")
def test_teija_first_character_each_afternoon_gains_a_boost() -> None:
    g = game({"hand": ["red", "lyra-skald"], "mana": M}, {}, heroes=("sleeping-forest", "sacrifice-engine"))
    play(g, "red", "exp:hero")
    say(g, "pass")
    play(g, "lyra-skald", "exp:hero")
    assert g.state.objects[card(g, "red")].counters == {"boost": 1}
    assert not g.state.objects[card(g, "lyra-skald")].counters


@covers("sigismar-and-wingspan", "ordis-recruit")
def test_sigismar_at_noon_a_recruit_not_on_the_first_day() -> None:
    g = game({}, {}, phase="noon", heroes=("recruits-and-titans", "sacrifice-engine"))
    assert zone(g, "exp", ANN, "hero") == ["ordis-recruit"]
    g = game({}, {}, phase="noon", day=1, heroes=("recruits-and-titans", "sacrifice-engine"))
    assert zone(g, "exp", ANN, "hero") == []


@covers("lindiwe-and-maw", "maw")
def test_lindiwe_a_maw_costing_one_more_if_not_first_and_maw_grows_on_sacrifice() -> None:
    g = game({}, {}, first="Bob", heroes=("sacrifice-engine", "after-you"))
    say(g, "pass")  # Bob's turn first
    assert not any(k.startswith("quick:") for k in list(g.decision.keys()))  # costs 1 more: no orb for it
    g = game({"hand": ["kuwat-the-dissenter"]}, {}, heroes=("sacrifice-engine", "after-you"))
    say(g, "quick:")
    assert zone(g, "exp", ANN, "companion") == ["maw"]
    g = game(
        {"mana": M, "hand": ["kuwat-the-dissenter"], "companion_expedition": ["maw", "red"]},
        {},
        heroes=("sacrifice-engine", "after-you"),
    )
    play(g, "kuwat-the-dissenter", "exp:companion", f"sacrifice:{card(g, 'red')}")
    assert g.state.objects[card(g, "maw")].counters == {"boost": 2}


@covers("akesha-and-taru")
def test_akesha_after_you_only_if_first_player() -> None:
    g = game({}, {}, heroes=("after-you", "sacrifice-engine"))
    say(g, "quick:")
    assert g.decision.seat == "Bob" and not g.state.players[ANN].props.get("passed")
    g = game({}, {}, first="Bob", heroes=("after-you", "sacrifice-engine"))
    say(g, "pass")
    assert not any(k.startswith("quick:") for k in list(g.decision.keys()))


@covers("ordis-carrier", "aether-shard")
def test_noon_landmarks() -> None:
    g = game({"landmarks": ["aether-shard"], "deck": ["red"]}, {"landmarks": ["ordis-carrier"]}, phase="noon")
    assert zone(g, "hand", ANN) == ["red"] and zone(g, "exp", BOB, "companion") == ["ordis-recruit"]


@covers("hydracaena")
def test_hydracaena_at_noon_gains_four_boosts_and_is_eternal() -> None:
    g = game({"hero_expedition": ["hydracaena"]}, {}, phase="noon")
    assert g.state.objects[card(g, "hydracaena")].counters == {"boost": 4}
    pass_day(g)
    assert "hydracaena" in [g.state.objects[i].card for i in g.state.zones[t.expedition(ANN, "hero")].cards]


def test_every_card_with_structured_abilities_has_a_card_test() -> None:
    for mod in ("test_altered_rulebook_scenarios",):
        importlib.import_module(mod)
    cards = Catalog.load().cards
    need = {cid for cid, c in cards.items() if c.abilities or c.effect or c.passives}
    missing = sorted(need - set(COVERAGE))
    assert not missing, f"cards with abilities and no test: {missing}"
