"""Every Allegiance card design, played: each test uses a card's structured abilities through the
real rules (announcing, the chain, battles, triggers) and checks what its printed text says.

Paul (seat 0) and Allison (seat 1) start mid-game (`given`) in Paul's maneuver phase unless a
test says otherwise. Tests are named after the card (hero abilities: after the hero and ability).
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from cardgames.engine.game import Game
from cardgames.games.allegiance import board
from cardgames.games.allegiance.catalog import Catalog, CatalogError
from cardgames.games.allegiance.events import hero_ref
from cardgames.games.allegiance.rules import Allegiance
from cardgames.games.allegiance.schema import ActionCard, GearCard, HeroCard, SpecialCard, UnitCard
from cardgames.games.allegiance.verbs import VERB_NAMES, Verbs

P, A = "Paul", "Allison"
PH, AH = hero_ref(0), hero_ref(1)
"""Paul's and Allison's heroes as targets."""


# -- setting up --------------------------------------------------------------------------------


@cache
def rules() -> Allegiance:
    """One ruleset (and card catalog) for every test here."""
    return Allegiance()


def cat() -> Catalog:
    return rules().cat


def new(paul: dict[str, Any] | None = None, allison: dict[str, Any] | None = None, *,
        heroes: tuple[str, str] = ("beledan-kind", "thedric-egen"), active: str = P,
        turn: int = 4, discard: dict[str, list[str]] | None = None,
        stack: dict[str, list[str]] | None = None) -> Game:
    """A game set mid-way, waiting in `active`'s maneuver phase."""
    given: dict[str, Any] = {"turn": turn, "active": active,
                             "players": {P: dict(paul or {}), A: dict(allison or {})}}
    if discard:
        given["discard"] = discard
    opts: dict[str, Any] = {"heroes": list(heroes), "first_player": P, "given": given}
    if stack:
        opts["stack"] = stack
    return Game.new(rules(), [P, A], 1, opts)


# -- reading -----------------------------------------------------------------------------------


def seat(name: str) -> int:
    return 0 if name == P else 1


def units(g: Game, name: str, card: str | None = None) -> list[int]:
    return [u.id for u in board.units(g.state, seat(name)) if card is None or u.card == card]


def uid(g: Game, name: str, card: str) -> int:
    found = units(g, name, card)
    assert found, f"{name} controls no {card}"
    return found[0]


def in_territory(g: Game, name: str, card: str) -> list[int]:
    """Every card (units, attachments, decrees) in `name`'s territory with this card id."""
    return [o.id for o in g.state.cards_in(board.territory(seat(name))) if o.card == card]


def hand(g: Game, name: str) -> list[str]:
    return [o.card for o in g.state.cards_in(board.hand(seat(name)))]


def pile(g: Game, zone: str) -> list[str]:
    return [o.card for o in g.state.cards_in(zone)]


def counter(g: Game, name: str, what: str) -> int:
    return int(g.state.players[seat(name)].counters.get(what, 0))


def health(g: Game, name: str) -> int:
    return counter(g, name, "health")


def gold(g: Game, name: str) -> int:
    return counter(g, name, "gold")


def dmg(g: Game, oid: int) -> int:
    return int(g.state.objects[oid].counters.get("damage", 0))


def augments(g: Game, oid: int) -> int:
    return int(g.state.objects[oid].counters.get("augment", 0))


def curses(g: Game, oid: int) -> int:
    return int(g.state.objects[oid].counters.get("curse", 0))


def atk(g: Game, oid: int) -> int:
    return board.attack(cat(), g.state, g.state.objects[oid])


def max_hp(g: Game, oid: int) -> int:
    return board.max_health(cat(), g.state, g.state.objects[oid])


def alive(g: Game, oid: int) -> bool:
    return board.in_play(g.state, g.state.objects[oid])


def exhausted(g: Game, oid: int) -> bool:
    return g.state.objects[oid].exhausted


def gear(g: Game, name: str, kind: str) -> int:
    return int(g.state.players[seat(name)].props[kind])


def cooldown(g: Game, name: str, ability: str) -> int | None:
    cds: dict[str, int] = g.state.players[seat(name)].props.get("cooldowns") or {}
    return cds.get(ability)


def keys(g: Game) -> list[str]:
    return [o.key for o in g.decision.options]


# -- acting ------------------------------------------------------------------------------------


def pass_chain(g: Game) -> None:
    """Nobody responds: pass every priority decision while the chain holds something."""
    while g.outcome is None and g.decision.kind == "priority" and g.state.chain:
        g.choose("pass")


def pass_until(g: Game, kind: str) -> None:
    """Pass priority until a decision of `kind` comes up."""
    while g.decision.kind != kind:
        d = g.decision
        assert d.kind == "priority", f"expected {kind}, got {d.kind}: {d.prompt}"
        g.choose("pass")


def pick(g: Game, *refs: int) -> None:
    """Answer target decisions with these refs, then "done" if the slot allows fewer."""
    for r in refs:
        g.choose(f"target:{r}")
    if g.decision.kind == "target" and "done" in keys(g):
        g.choose("done")


def choose_matching(g: Game, group: str, card: str, suffix: str = "") -> int:
    """Choose the option of `group` whose object is a `card` (and whose key ends with `suffix`);
    returns that object's id."""
    for o in g.decision.options:
        if (o.group == group and o.ref is not None and o.ref > 0
                and g.state.objects[o.ref].card == card and o.key.endswith(suffix)):
            g.choose(o)
            return o.ref
    raise AssertionError(f"no {group} option for {card}: {[o.label for o in g.decision.options]}")


def play(g: Game, card: str, *targets: int, half: int = 0, resolve: bool = True) -> None:
    """Play an action card from the deciding player's hand, select targets, let it resolve."""
    choose_matching(g, "action", card, f":{half}")
    pick(g, *targets)
    if resolve:
        pass_chain(g)


def enlist(g: Game, card: str) -> int:
    """Enlist a unit from hand and let it resolve (triggers it causes wait on the chain)."""
    oid = choose_matching(g, "enlist", card)
    pass_chain(g)
    return oid


def use(g: Game, ability: str, *targets: int, resolve: bool = True) -> None:
    """Use a hero ability (ready in `given`), select targets, let it resolve."""
    g.choose(f"ability:{ability}")
    pick(g, *targets)
    if resolve:
        pass_chain(g)


def activate(g: Game, oid: int, *targets: int) -> None:
    """Use the activated ability of card `oid`, select targets, let it resolve."""
    g.choose(next(o for o in g.decision.options if o.group == "activate" and o.ref == oid))
    pick(g, *targets)
    pass_chain(g)


def accept(g: Game, *targets: int) -> None:
    """Say yes to an optional trigger, select its targets and let it resolve."""
    assert g.decision.kind == "optional_trigger", g.decision.prompt
    g.choose("use")
    pick(g, *targets)
    pass_chain(g)


def end_turn(g: Game) -> None:
    """Everyone passes until the next turn begins (stops at any other decision)."""
    turn = g.state.turn
    while g.outcome is None and g.state.turn == turn:
        assert g.decision.kind == "priority", f"{g.decision.kind}: {g.decision.prompt}"
        g.choose("pass")


def attack(g: Game, defender: str, *attackers: int) -> None:
    """Initiate a battle and declare these attackers."""
    g.choose(f"battle:{seat(defender)}")
    pass_until(g, "declare_attackers")
    for a in attackers:
        g.choose(f"attack:{a}")
    g.choose("done")


def block(g: Game, blocks: dict[int, int] | list[tuple[int, int]] | None = None) -> None:
    """At the assign-defenders step: each defender blocks an attacker ({defender: attacker}, or
    (defender, attacker) pairs when one defender blocks two)."""
    pass_until(g, "assign_defenders")
    pairs = list(blocks.items()) if isinstance(blocks, dict) else list(blocks or [])
    for d, a in pairs:
        g.choose(f"defend:{d}")
        g.choose(f"block:{a}")
    g.choose("done")


def finish_battle(g: Game) -> None:
    """Pass every window (armor splits: first choice) until the battle is over."""
    while g.outcome is None and g.state.battle is not None:
        if g.decision.kind == "armor":
            g.choose(g.decision.options[0].key)
        else:
            assert g.decision.kind == "priority", f"{g.decision.kind}: {g.decision.prompt}"
            g.choose("pass")
    pass_chain(g)


NO_ARMOR = {"armor_used": 9}
"""A player whose armor has already prevented all it can this turn."""


# -- the pool ----------------------------------------------------------------------------------


def test_shared_decks_hold_the_box_counts() -> None:
    c = cat()
    counts = {d: sum(card.copies for card in c.shared(d)) for d in ("basic", "elite", "action")}
    assert counts == {"basic": 75, "elite": 30, "action": 75}
    assert len(c.shared("basic")) == 20 and len(c.shared("elite")) == 12
    actions = c.shared("action")
    assert len(actions) == 27
    assert sum(1 for a in actions if isinstance(a, ActionCard) and a.split) == 5


def test_a_new_game_puts_every_shared_card_in_its_deck() -> None:
    g = Game.new(rules(), [P, A], 3, {"heroes": ["beledan-kind", "thedric-egen"]})
    backs = [o.props.get("back") for o in g.state.objects.values()]
    assert (backs.count("basic"), backs.count("elite"), backs.count("action")) == (75, 30, 75)


def test_every_hero_has_eight_abilities_with_one_initial() -> None:
    heroes = cat().heroes()
    assert sorted(h.id for h in heroes) == [
        "beledan-kind", "corvane-aldris", "desoth-pravus", "gonde-kyal", "hakor-dajet",
        "ilsevar-thorne", "thedric-egen"]
    for h in heroes:
        assert len(h.abilities) == 8, h.id
        assert [a.level for a in h.abilities].count(0) == 1, h.id
        assert sorted(a.level for a in h.abilities) == [0, 1, 1, 2, 2, 3, 3, 4], h.id
        weapon, armor = cat().card(h.weapon), cat().card(h.armor)
        assert isinstance(weapon, GearCard) and {f.type for f in weapon.faces} == {"weapon"}
        assert isinstance(armor, GearCard) and {f.type for f in armor.faces} == {"armor"}
        for sid in h.specials:
            special = cat().card(sid)
            assert isinstance(special, UnitCard | SpecialCard) and special.special == h.id


def test_every_card_with_abilities_prints_text() -> None:
    for card in cat().cards.values():
        if isinstance(card, UnitCard | SpecialCard) and (card.abilities or card.keywords):
            assert card.text, card.id
        if isinstance(card, GearCard):
            for face in card.faces:
                assert bool(face.text) == bool(face.abilities or face.keywords), face.name
        if isinstance(card, HeroCard):
            assert all(a.text for a in card.abilities), card.id


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", text.lower().replace("'", "")).strip("_")


def test_every_card_design_has_a_test_named_after_it() -> None:
    """A card added to the pool without a test here fails this test."""
    tests = [name for name in globals() if name.startswith("test_")]
    vanilla = {v[0] for v in VANILLA}
    wanted: list[str] = []
    for card in cat().cards.values():
        if isinstance(card, HeroCard):
            short = card.id.split("-")[0]
            wanted += [f"{short}_{_slug(a.id)}" for a in card.abilities]
        elif isinstance(card, GearCard):
            wanted += [_slug(f.name) for f in card.faces]
        elif isinstance(card, ActionCard) and card.split:
            wanted += [_slug(h.name or "") for h in card.split]
        elif card.id not in vanilla:
            wanted.append(_slug(card.name))
    missing = [w for w in wanted if not any(w in t for t in tests)]
    assert not missing


def test_every_effect_verb_documents_a_yaml_example() -> None:
    for name in VERB_NAMES:
        doc = getattr(Verbs, f"v_{name}").__doc__ or ""
        assert "{" + name + ":" in doc, name


def test_a_card_file_with_an_unknown_verb_is_reported(tmp_path: Path) -> None:
    (tmp_path / "bad.yaml").write_text(
        "cards:\n  - kind: action\n    id: typo\n    name: Typo\n    play:\n      cost: 1\n"
        "      text: Deal 1 damage to target unit.\n      targets: {t: {type: unit}}\n"
        "      effect:\n        - damgae: {to: t, amount: 1}\n        - heal: {to: q, amount: 1}\n")
    with pytest.raises(CatalogError) as err:
        Catalog.load([tmp_path])
    text = str(err.value)
    assert "unknown verb 'damgae'" in text and "unknown reference to: 'q'" in text
    assert "bad.yaml:2: card 'typo' field 'play.effect'" in text


# -- basic units -------------------------------------------------------------------------------

VANILLA = [  # card, cost, attack, health
    ("infantry", 4, 3, 5), ("town-guard", 2, 2, 2), ("peasant-levy", 2, 1, 3),
    ("spearman", 4, 4, 3), ("pikeman-phalanx", 6, 3, 8), ("knight-errant", 8, 6, 6),
    ("stone-golem", 9, 3, 11), ("royal-champion", 10, 7, 8), ("siege-colossus", 12, 8, 10),
]


@pytest.mark.parametrize(("card", "cost", "attack_power", "health_"), VANILLA,
                         ids=[v[0] for v in VANILLA])
def test_vanilla_unit_enlists_for_its_cost_with_its_stats(card: str, cost: int, attack_power: int,
                                                          health_: int) -> None:
    g = new({"gold": cost, "hand": [card]})
    oid = enlist(g, card)
    assert gold(g, P) == 0
    assert alive(g, oid) and (atk(g, oid), max_hp(g, oid)) == (attack_power, health_)


def test_halberdier_gets_two_attack_defending_against_an_elite_unit() -> None:
    g = new({"territory": ["halberdier"]}, {"territory": ["knight-errant", "spearman"]}, active=A)
    halberdier, knight, spearman = (
        uid(g, P, "halberdier"), uid(g, A, "knight-errant"), uid(g, A, "spearman"))
    attack(g, P, knight, spearman)
    assert atk(g, halberdier) == 3
    block(g, {halberdier: knight})
    assert atk(g, halberdier) == 5
    finish_battle(g)
    assert dmg(g, knight) == 5


def test_halberdier_has_no_bonus_against_a_basic_unit() -> None:
    g = new({"territory": ["halberdier"]}, {"territory": ["spearman"]}, active=A)
    halberdier, spearman = uid(g, P, "halberdier"), uid(g, A, "spearman")
    attack(g, P, spearman)
    block(g, {halberdier: spearman})
    finish_battle(g)
    assert not alive(g, spearman) and dmg(g, halberdier) == 4


def test_crossbowman_may_deal_one_damage_as_it_enters_play() -> None:
    g = new({"gold": 3, "hand": ["crossbowman"]})
    enlist(g, "crossbowman")
    accept(g, AH)
    assert health(g, A) == 34


def test_crossbowman_damage_is_optional() -> None:
    g = new({"gold": 3, "hand": ["crossbowman"]})
    enlist(g, "crossbowman")
    g.choose("decline")
    pass_chain(g)
    assert health(g, A) == 35 and not g.state.chain


def test_reserve_force_captain_puts_a_militia_recruit_into_play() -> None:
    g = new({"gold": 5, "hand": ["reserve-force-captain"]})
    enlist(g, "reserve-force-captain")
    pass_chain(g)
    recruits = units(g, P, "militia-recruit")
    assert len(recruits) == 1 and (atk(g, recruits[0]), max_hp(g, recruits[0])) == (2, 2)


def test_scout_rider_may_attack_the_turn_it_enters() -> None:
    g = new({"gold": 7, "hand": ["scout-rider", "infantry"]}, NO_ARMOR)
    rider, infantry = enlist(g, "scout-rider"), enlist(g, "infantry")
    g.choose(f"battle:{seat(A)}")
    pass_until(g, "declare_attackers")
    assert f"attack:{rider}" in keys(g) and f"attack:{infantry}" not in keys(g)
    g.choose(f"attack:{rider}")
    g.choose("done")
    block(g)
    finish_battle(g)
    assert health(g, A) == 32


def test_shieldbearer_exhausts_to_prevent_two_damage_to_a_unit() -> None:
    g = new({"gold": 2, "hand": ["skilled-strike"], "territory": ["shieldbearer", "infantry"]})
    bearer, infantry = uid(g, P, "shieldbearer"), uid(g, P, "infantry")
    activate(g, bearer, infantry)
    assert exhausted(g, bearer)
    play(g, "skilled-strike", infantry)
    assert dmg(g, infantry) == 1


def test_field_medic_exhausts_to_heal_two_damage_from_a_unit() -> None:
    g = new({"territory": ["field-medic", {"card": "infantry", "damage": 3}]})
    medic, infantry = uid(g, P, "field-medic"), uid(g, P, "infantry")
    activate(g, medic, infantry)
    assert exhausted(g, medic) and dmg(g, infantry) == 1


def test_archer_exhausts_to_deal_one_damage_to_a_unit() -> None:
    g = new({"territory": ["archer"]}, {"territory": ["infantry"]})
    archer, infantry = uid(g, P, "archer"), uid(g, A, "infantry")
    activate(g, archer, infantry)
    assert exhausted(g, archer) and dmg(g, infantry) == 1
    assert not any(o.group == "activate" and o.ref == archer for o in g.decision.options)


def test_sellsword_stays_if_you_pay_one_gold_at_the_end_of_your_turn() -> None:
    g = new({"gold": 3, "territory": ["sellsword"]})
    sword = uid(g, P, "sellsword")
    pass_until(g, "pay")
    g.choose("pay")
    pass_chain(g)
    assert alive(g, sword) and gold(g, P) == 2


def test_sellsword_is_destroyed_if_you_do_not_pay() -> None:
    g = new({"gold": 3, "territory": ["sellsword"]})
    sword = uid(g, P, "sellsword")
    pass_until(g, "pay")
    g.choose("decline")
    pass_chain(g)
    assert not alive(g, sword) and gold(g, P) == 3
    assert "sellsword" in pile(g, board.discard("basic"))


def test_sellsword_is_destroyed_if_you_cannot_pay() -> None:
    g = new({"gold": 0, "territory": ["sellsword"]})
    sword = uid(g, P, "sellsword")
    end_turn(g)
    assert not alive(g, sword)


def test_war_drummer_gives_other_attacking_units_one_attack() -> None:
    g = new({"territory": ["war-drummer", "infantry", "spearman"]}, NO_ARMOR)
    drummer, infantry, spearman = (
        uid(g, P, "war-drummer"), uid(g, P, "infantry"), uid(g, P, "spearman"))
    attack(g, A, drummer, infantry)
    assert (atk(g, drummer), atk(g, infantry), atk(g, spearman)) == (2, 4, 4)
    block(g)
    finish_battle(g)
    assert health(g, A) == 35 - 6
    assert atk(g, infantry) == 3


def test_sapper_may_destroy_an_attached_card_as_it_enters() -> None:
    g = new({"gold": 7, "hand": ["sapper", "curse-of-weakness"]}, {"territory": ["infantry"]})
    infantry = uid(g, A, "infantry")
    play(g, "curse-of-weakness", infantry)
    assert atk(g, infantry) == 1
    curse = in_territory(g, A, "curse-of-weakness")[0]
    enlist(g, "sapper")
    accept(g, curse)
    assert atk(g, infantry) == 3 and "curse-of-weakness" in pile(g, board.discard("action"))


def test_standard_bearer_augments_another_unit_you_control() -> None:
    g = new({"gold": 5, "hand": ["standard-bearer"], "territory": ["infantry"]},
            {"territory": ["spearman"]})
    infantry = uid(g, P, "infantry")
    bearer = enlist(g, "standard-bearer")
    assert g.decision.kind == "target"
    assert f"target:{bearer}" not in keys(g) and f"target:{uid(g, A, 'spearman')}" not in keys(g)
    pick(g, infantry)
    pass_chain(g)
    assert augments(g, infantry) == 1 and (atk(g, infantry), max_hp(g, infantry)) == (4, 6)


def test_battle_priest_heals_your_hero_at_the_end_of_your_turn() -> None:
    g = new({"health": 30, "territory": ["battle-priest"]})
    end_turn(g)
    assert health(g, P) == 31


def test_veteran_swordsman_enters_play_with_an_augment_counter() -> None:
    g = new({"gold": 6, "hand": ["veteran-swordsman"]})
    oid = enlist(g, "veteran-swordsman")
    assert augments(g, oid) == 1 and (atk(g, oid), max_hp(g, oid)) == (5, 6)
    assert not g.state.chain


def test_mercenary_captain_draws_a_card_as_it_enters() -> None:
    g = new({"gold": 6, "hand": ["mercenary-captain"]})
    enlist(g, "mercenary-captain")
    pass_until(g, "draw")
    g.choose("deck:action")
    assert len(hand(g, P)) == 1


def test_siege_engineer_exhausts_to_deal_one_damage_to_a_hero() -> None:
    g = new({"territory": ["siege-engineer"]})
    engineer = uid(g, P, "siege-engineer")
    activate(g, engineer, AH)
    assert health(g, A) == 34 and exhausted(g, engineer)


# -- elite units -------------------------------------------------------------------------------


def test_griffin_rider_may_attack_the_turn_it_enters() -> None:
    g = new({"gold": 9, "hand": ["griffin-rider"]}, NO_ARMOR)
    rider = enlist(g, "griffin-rider")
    attack(g, A, rider)
    block(g)
    finish_battle(g)
    assert health(g, A) == 30


def test_battlemage_exhausts_to_deal_two_damage_to_a_unit_or_hero() -> None:
    g = new({"territory": ["battlemage"]}, {"territory": ["infantry"]})
    mage = uid(g, P, "battlemage")
    activate(g, mage, AH)
    assert health(g, A) == 33 and exhausted(g, mage)


def test_high_cleric_exhausts_to_heal_three_damage_from_a_unit_or_hero() -> None:
    g = new({"health": 30, "territory": ["high-cleric"]})
    cleric = uid(g, P, "high-cleric")
    activate(g, cleric, PH)
    assert health(g, P) == 33 and exhausted(g, cleric)


def test_assassin_may_deal_three_damage_to_a_unit_as_it_enters() -> None:
    g = new({"gold": 7, "hand": ["assassin"]}, {"territory": ["infantry"]})
    infantry = uid(g, A, "infantry")
    enlist(g, "assassin")
    accept(g, infantry)
    assert dmg(g, infantry) == 3


def test_shadow_stalker_cannot_be_defended_against_by_basic_units() -> None:
    g = new({"territory": ["shadow-stalker"]}, {"territory": ["infantry", "knight-errant"]},
            active=P)
    stalker, infantry, knight = (
        uid(g, P, "shadow-stalker"), uid(g, A, "infantry"), uid(g, A, "knight-errant"))
    attack(g, A, stalker)
    pass_until(g, "assign_defenders")
    assert f"defend:{knight}" in keys(g) and f"defend:{infantry}" not in keys(g)


def test_warlord_gives_your_other_units_one_attack() -> None:
    g = new({"territory": ["warlord", "infantry"]}, {"territory": ["spearman"]})
    warlord, infantry, spearman = uid(g, P, "warlord"), uid(g, P, "infantry"), uid(g, A, "spearman")
    assert (atk(g, warlord), atk(g, infantry), atk(g, spearman)) == (5, 4, 4)


def test_ancient_treant_heals_all_its_damage_at_the_end_of_your_turn() -> None:
    g = new({"territory": [{"card": "ancient-treant", "damage": 7}]})
    treant = uid(g, P, "ancient-treant")
    end_turn(g)
    assert dmg(g, treant) == 0


def test_elder_drake_deals_two_damage_to_each_other_unit_as_it_enters() -> None:
    g = new({"gold": 13, "hand": ["elder-drake"], "territory": ["infantry"]},
            {"territory": ["town-guard", "knight-errant"]})
    drake = enlist(g, "elder-drake")
    pass_chain(g)
    assert dmg(g, drake) == 0 and dmg(g, uid(g, P, "infantry")) == 2
    assert dmg(g, uid(g, A, "knight-errant")) == 2 and not units(g, A, "town-guard")


# -- action cards ------------------------------------------------------------------------------


def test_skilled_strike_deals_three_damage_to_a_unit() -> None:
    g = new({"gold": 2, "hand": ["skilled-strike"]}, {"territory": ["infantry"]})
    infantry = uid(g, A, "infantry")
    play(g, "skilled-strike", infantry)
    assert dmg(g, infantry) == 3 and gold(g, P) == 0


def test_mend_wounds_heals_three_damage_from_a_unit_or_hero() -> None:
    g = new({"gold": 2, "health": 30, "hand": ["mend-wounds", "mend-wounds"],
             "territory": [{"card": "infantry", "damage": 4}]})
    infantry = uid(g, P, "infantry")
    play(g, "mend-wounds", infantry)
    play(g, "mend-wounds", PH)
    assert dmg(g, infantry) == 1 and health(g, P) == 33


def test_battle_surge_gives_three_attack_and_prevents_the_next_three_damage() -> None:
    g = new({"gold": 4, "hand": ["battle-surge", "skilled-strike"], "territory": ["infantry"]})
    infantry = uid(g, P, "infantry")
    play(g, "battle-surge", infantry)
    assert atk(g, infantry) == 6
    play(g, "skilled-strike", infantry)
    assert dmg(g, infantry) == 0


def test_parry_prevents_the_next_three_damage_to_a_unit() -> None:
    g = new({"gold": 5, "hand": ["parry", "skilled-strike", "skilled-strike"],
             "territory": ["infantry"]})
    infantry = uid(g, P, "infantry")
    play(g, "parry", infantry)
    play(g, "skilled-strike", infantry)
    assert dmg(g, infantry) == 0
    play(g, "skilled-strike", infantry)
    assert dmg(g, infantry) == 3


def test_ambush_exhausts_a_unit() -> None:
    g = new({"gold": 3, "hand": ["ambush"]}, {"territory": ["infantry"]})
    infantry = uid(g, A, "infantry")
    play(g, "ambush", infantry)
    assert exhausted(g, infantry)


def test_rally_refreshes_a_unit_you_control() -> None:
    g = new({"gold": 2, "hand": ["rally"], "territory": [{"card": "infantry", "exhausted": True}]},
            {"territory": [{"card": "spearman", "exhausted": True}]})
    infantry = uid(g, P, "infantry")
    choose_matching(g, "action", "rally")
    assert f"target:{uid(g, A, 'spearman')}" not in keys(g)
    pick(g, infantry)
    pass_chain(g)
    assert not exhausted(g, infantry)


def test_fireball_deals_four_damage_to_a_unit_or_hero() -> None:
    g = new({"gold": 5, "hand": ["fireball"]})
    play(g, "fireball", AH)
    assert health(g, A) == 31


def test_reinforcements_draws_two_cards_choosing_each_deck() -> None:
    g = new({"gold": 4, "hand": ["reinforcements"]})
    play(g, "reinforcements")
    g.choose("deck:basic")
    g.choose("deck:elite")
    backs = sorted(str(o.props["back"]) for o in g.state.cards_in(board.hand(0)))
    assert backs == ["basic", "elite"]


def test_tactical_retreat_returns_a_unit_you_control_to_your_hand() -> None:
    g = new({"gold": 2, "hand": ["tactical-retreat", "tactical-retreat"],
             "territory": [{"card": "infantry", "damage": 2}, "militia-recruit"]})
    play(g, "tactical-retreat", uid(g, P, "infantry"))
    assert hand(g, P) == ["tactical-retreat", "infantry"] and not units(g, P, "infantry")
    play(g, "tactical-retreat", uid(g, P, "militia-recruit"))
    assert "militia-recruit" not in hand(g, P)
    assert "militia-recruit" in pile(g, board.reserves(0))


def test_disarm_exhausts_a_weapon() -> None:
    g = new({"gold": 2, "hand": ["disarm"]})
    lance = gear(g, A, "weapon")
    play(g, "disarm", lance)
    assert exhausted(g, lance)


def test_blessing_of_strength_attaches_and_gives_two_attack() -> None:
    g = new({"gold": 3, "hand": ["blessing-of-strength"], "territory": ["infantry"]})
    infantry = uid(g, P, "infantry")
    play(g, "blessing-of-strength", infantry)
    blessing = in_territory(g, P, "blessing-of-strength")
    assert blessing and g.state.objects[blessing[0]].attached_to == infantry
    assert atk(g, infantry) == 5


def test_iron_skin_prevents_the_first_two_damage_each_turn() -> None:
    g = new({"gold": 7, "hand": ["iron-skin", "skilled-strike", "skilled-strike"],
             "territory": ["pikeman-phalanx"]})
    pikes = uid(g, P, "pikeman-phalanx")
    play(g, "iron-skin", pikes)
    play(g, "skilled-strike", pikes)
    assert dmg(g, pikes) == 1
    play(g, "skilled-strike", pikes)
    assert dmg(g, pikes) == 4


def test_iron_skin_prevents_again_on_the_next_turn() -> None:
    g = new({"gold": 3, "hand": ["iron-skin"], "territory": ["pikeman-phalanx"]},
            {"gold": 2, "hand": ["skilled-strike"]})
    pikes = uid(g, P, "pikeman-phalanx")
    play(g, "iron-skin", pikes)
    end_turn(g)
    g.choose("deck:basic")
    pass_until(g, "priority")
    play(g, "skilled-strike", pikes)
    assert dmg(g, pikes) == 1


def test_curse_of_weakness_attaches_and_gives_minus_two_attack() -> None:
    g = new({"gold": 2, "hand": ["curse-of-weakness"]}, {"territory": ["town-guard"]}, active=P)
    guard = uid(g, A, "town-guard")
    play(g, "curse-of-weakness", guard)
    assert atk(g, guard) == 0
    assert g.state.objects[in_territory(g, A, "curse-of-weakness")[0]].attached_to == guard


def test_shackles_keeps_the_attached_unit_from_refreshing() -> None:
    g = new({"gold": 5, "hand": ["shackles"]},
            {"territory": [{"card": "infantry", "exhausted": True},
                           {"card": "spearman", "exhausted": True}]})
    infantry, spearman = uid(g, A, "infantry"), uid(g, A, "spearman")
    play(g, "shackles", infantry)
    end_turn(g)
    assert g.state.active == seat(A)
    assert exhausted(g, infantry) and not exhausted(g, spearman)


def test_treachery_gains_control_of_an_opponents_basic_unit() -> None:
    g = new({"gold": 9, "hand": ["treachery"]}, {"territory": ["infantry", "knight-errant"]})
    infantry, knight = uid(g, A, "infantry"), uid(g, A, "knight-errant")
    choose_matching(g, "action", "treachery")
    assert f"target:{knight}" not in keys(g)
    pick(g, infantry)
    pass_chain(g)
    assert units(g, P) == [infantry] and g.state.objects[infantry].controller == seat(P)
    end_turn(g)
    assert g.state.objects[infantry].controller == seat(P)


def test_banish_destroys_a_unit() -> None:
    g = new({"gold": 7, "hand": ["banish"]}, {"territory": ["knight-errant"]})
    knight = uid(g, A, "knight-errant")
    play(g, "banish", knight)
    assert not alive(g, knight) and pile(g, board.discard("elite"))[-1] == "knight-errant"


def test_war_funds_gains_two_gold() -> None:
    g = new({"gold": 0, "hand": ["war-funds"]})
    play(g, "war-funds")
    assert gold(g, P) == 2


def test_inspire_puts_an_augment_counter_on_up_to_two_units() -> None:
    g = new({"gold": 4, "hand": ["inspire"], "territory": ["infantry", "spearman"]})
    infantry, spearman = uid(g, P, "infantry"), uid(g, P, "spearman")
    play(g, "inspire", infantry, spearman)
    assert augments(g, infantry) == augments(g, spearman) == 1


def test_healing_draught_heals_five_damage_from_a_hero() -> None:
    g = new({"gold": 2, "health": 20, "hand": ["healing-draught"]})
    play(g, "healing-draught", PH)
    assert health(g, P) == 25


def test_volley_deals_one_damage_to_each_unit_a_player_controls() -> None:
    g = new({"gold": 4, "hand": ["volley"], "territory": ["infantry"]},
            {"territory": ["spearman", "town-guard"]})
    play(g, "volley", AH)
    assert dmg(g, uid(g, A, "spearman")) == 1 and dmg(g, uid(g, A, "town-guard")) == 1
    assert dmg(g, uid(g, P, "infantry")) == 0


def test_forced_march_lets_a_unit_that_entered_this_turn_attack() -> None:
    g = new({"gold": 6, "hand": ["infantry", "forced-march"]}, NO_ARMOR)
    infantry = enlist(g, "infantry")
    play(g, "forced-march", infantry)
    attack(g, A, infantry)
    block(g)
    finish_battle(g)
    assert health(g, A) == 32


def test_rift_step_removes_a_unit_until_the_end_of_the_turn() -> None:
    g = new({"gold": 3, "hand": ["rift-step"]}, {"territory": [{"card": "infantry", "damage": 3}]})
    infantry = uid(g, A, "infantry")
    play(g, "rift-step", infantry)
    assert not alive(g, infantry) and not units(g, A)
    end_turn(g)
    assert alive(g, infantry) and g.state.objects[infantry].controller == seat(A)
    assert dmg(g, infantry) == 0


def test_quick_strike_deals_one_damage_to_a_unit_or_hero() -> None:
    g = new({"gold": 1, "hand": ["quick-strike-brace"]})
    play(g, "quick-strike-brace", AH, half=0)
    assert health(g, A) == 34 and gold(g, P) == 0


def test_brace_prevents_the_next_two_damage_to_a_unit() -> None:
    g = new({"gold": 3, "hand": ["quick-strike-brace", "skilled-strike"],
             "territory": ["infantry"]})
    infantry = uid(g, P, "infantry")
    play(g, "quick-strike-brace", infantry, half=1)
    play(g, "skilled-strike", infantry)
    assert dmg(g, infantry) == 1


def test_forage_draws_a_card() -> None:
    g = new({"gold": 2, "hand": ["forage-raid"]})
    play(g, "forage-raid", half=0)
    g.choose("deck:elite")
    assert [o.props["back"] for o in g.state.cards_in(board.hand(0))] == ["elite"]


def test_raid_makes_an_opponent_discard_a_card_of_their_choice() -> None:
    g = new({"gold": 3, "hand": ["forage-raid"]}, {"hand": ["infantry", "fireball"]})
    play(g, "forage-raid", AH, half=1)
    assert g.decision.kind == "discard" and g.decision.seat == A
    choose_matching(g, "card", "fireball")
    assert hand(g, A) == ["infantry"] and "fireball" in pile(g, board.discard("action"))


def test_fortify_puts_an_augment_counter_on_a_unit() -> None:
    g = new({"gold": 2, "hand": ["fortify-charge"], "territory": ["infantry"]})
    infantry = uid(g, P, "infantry")
    play(g, "fortify-charge", infantry, half=0)
    assert augments(g, infantry) == 1


def test_charge_gives_an_attacking_unit_two_attack_for_the_battle() -> None:
    g = new({"gold": 2, "hand": ["fortify-charge"], "territory": ["infantry"]}, NO_ARMOR)
    infantry = uid(g, P, "infantry")
    assert not any(o.key.endswith(":1") for o in g.decision.options if o.group == "action")
    attack(g, A, infantry)
    pass_until(g, "priority")
    play(g, "fortify-charge", infantry, half=1)
    assert atk(g, infantry) == 5
    block(g)
    finish_battle(g)
    assert health(g, A) == 30 and atk(g, infantry) == 3


def test_triage_heals_four_damage_from_a_unit() -> None:
    g = new({"gold": 2, "hand": ["triage-bleed"],
             "territory": [{"card": "pikeman-phalanx", "damage": 6}]})
    pikes = uid(g, P, "pikeman-phalanx")
    play(g, "triage-bleed", pikes, half=0)
    assert dmg(g, pikes) == 2


def test_bleed_deals_two_to_a_unit_and_one_to_its_controllers_hero() -> None:
    g = new({"gold": 2, "hand": ["triage-bleed"]}, {"territory": ["town-guard"]})
    guard = uid(g, A, "town-guard")
    play(g, "triage-bleed", guard, half=1)
    assert not alive(g, guard) and health(g, A) == 34


def test_tribute_gains_one_gold() -> None:
    g = new({"gold": 0, "hand": ["tribute-bribe"]})
    play(g, "tribute-bribe", half=0)
    assert gold(g, P) == 1


def test_bribe_takes_a_basic_unit_until_end_of_turn_and_refreshes_it() -> None:
    g = new({"gold": 5, "hand": ["tribute-bribe"]},
            {"territory": [{"card": "archer", "exhausted": True}, "town-guard"]})
    archer, guard = uid(g, A, "archer"), uid(g, A, "town-guard")
    play(g, "tribute-bribe", archer, half=1)
    assert g.state.objects[archer].controller == seat(P) and not exhausted(g, archer)
    activate(g, archer, guard)
    assert dmg(g, guard) == 1
    end_turn(g)
    assert g.state.objects[archer].controller == seat(A)


def pass_to(g: Game, name: str) -> None:
    """Pass priority until `name` has priority."""
    while not (g.decision.kind == "priority" and g.decision.seat == name):
        assert g.decision.kind == "priority", f"{g.decision.kind}: {g.decision.prompt}"
        g.choose("pass")


def equip_faces(g: Game, weapon: int | None, armor: int | None) -> None:
    """Answer Equip's questions: which side of the weapon, then of the armor, is face up."""
    for kind, face in (("weapon", weapon), ("armor", armor)):
        if face is not None:
            assert g.decision.kind == "equip", g.decision.prompt
            g.choose(f"{kind}:{face}")
    pass_chain(g)


# -- Principus Beledan Kind --------------------------------------------------------------------

BELEDAN = ("beledan-kind", "thedric-egen")


def test_beledan_equip_flips_weapon_and_armor() -> None:
    g = new()
    use(g, "equip")
    equip_faces(g, 1, 1)
    names = [cat().display_name(g.state.objects[gear(g, P, k)]) for k in ("weapon", "armor")]
    assert names == ["Styrka Validata", "Celestial Vestments"] and cooldown(g, P, "equip") == 3


def test_beledan_smite_deals_two_or_four_to_an_exhausted_unit() -> None:
    g = new({"cooldowns": {"smite": 0}},
            {"territory": ["pikeman-phalanx", {"card": "pikeman-phalanx", "exhausted": True}]})
    fresh, tired = units(g, A, "pikeman-phalanx")
    use(g, "smite", fresh)
    assert dmg(g, fresh) == 2
    g2 = new({"cooldowns": {"smite": 0}},
             {"territory": ["pikeman-phalanx", {"card": "pikeman-phalanx", "exhausted": True}]})
    use(g2, "smite", tired)
    assert dmg(g2, tired) == 4


def test_beledan_lay_on_hands_heals_four_and_is_a_reaction() -> None:
    g = new({"health": 30, "cooldowns": {"lay-on-hands": 0}},
            {"gold": 2, "hand": ["skilled-strike"],
            "territory": ["infantry"]}, active=A)
    infantry = uid(g, A, "infantry")
    play(g, "skilled-strike", infantry, resolve=False)
    pass_to(g, P)
    assert "ability:lay-on-hands" in keys(g)
    use(g, "lay-on-hands", PH)
    assert health(g, P) == 34 and dmg(g, infantry) == 3


def test_beledan_divine_shield_prevents_the_next_five_damage_to_your_hero() -> None:
    g = new({"gold": 10, "hand": ["fireball", "fireball"], "cooldowns": {"divine-shield": 0}})
    use(g, "divine-shield")
    play(g, "fireball", PH)
    assert health(g, P) == 38
    play(g, "fireball", PH)
    assert health(g, P) == 35


def test_beledan_consecrate_attaches_aegis_of_faith_and_an_augment() -> None:
    g = new({"gold": 4, "hand": ["skilled-strike", "skilled-strike"], "territory": ["infantry"],
             "cooldowns": {"consecrate": 0}})
    infantry = uid(g, P, "infantry")
    use(g, "consecrate", infantry)
    aegis = in_territory(g, P, "aegis-of-faith")
    assert aegis and g.state.objects[aegis[0]].attached_to == infantry and augments(g,
                                     infantry) == 1
    play(g, "skilled-strike", infantry)
    play(g, "skilled-strike", infantry)
    assert dmg(g, infantry) == 4 and alive(g, infantry)


def test_beledan_judgment_heals_three_if_it_destroys_the_unit() -> None:
    g = new({"health": 30, "cooldowns": {"judgment": 0}}, {"territory": ["infantry"]})
    use(g, "judgment", uid(g, A, "infantry"))
    assert not units(g, A) and health(g, P) == 33
    g = new({"health": 30, "cooldowns": {"judgment": 0}}, {"territory": ["pikeman-phalanx"]})
    use(g, "judgment", uid(g, A, "pikeman-phalanx"))
    assert dmg(g, uid(g, A, "pikeman-phalanx")) == 6 and health(g, P) == 30


def test_beledan_crusade_boosts_your_units_and_refreshes_your_weapon() -> None:
    g = new({"weapon_exhausted": True, "territory": ["infantry"], "cooldowns": {"crusade": 0}},
            {"territory": ["spearman"]})
    use(g, "crusade")
    assert atk(g, uid(g, P, "infantry")) == 5 and atk(g, uid(g, A, "spearman")) == 4
    assert not exhausted(g, gear(g, P, "weapon"))


def test_beledan_avatar_of_light_heals_eight_and_refreshes_your_units() -> None:
    g = new({"health": 20, "territory": [{"card": "infantry", "exhausted": True}],
             "cooldowns": {"avatar-of-light": 0}})
    use(g, "avatar-of-light")
    assert health(g, P) == 28 and not exhausted(g, uid(g, P, "infantry"))


def test_valdruun_warhammer_deals_double_battle_damage_to_units() -> None:
    g = new({}, {"territory": ["infantry"]})
    hammer, infantry = gear(g, P, "weapon"), uid(g, A, "infantry")
    attack(g, A, hammer)
    block(g, {infantry: hammer})
    finish_battle(g)
    assert not alive(g, infantry) and health(g, P) == 38


def test_styrka_validata_may_heal_two_when_it_attacks() -> None:
    g = new({"health": 30, "weapon": "Styrka Validata"}, NO_ARMOR)
    attack(g, A, gear(g, P, "weapon"))
    accept(g)
    assert health(g, P) == 32
    block(g)
    finish_battle(g)
    assert health(g, A) == 33


def test_anointed_platemail_exhausts_to_heal_two_from_a_unit() -> None:
    g = new({"territory": [{"card": "infantry", "damage": 3}]})
    platemail = gear(g, P, "armor")
    activate(g, platemail, uid(g, P, "infantry"))
    assert dmg(g, uid(g, P, "infantry")) == 1 and exhausted(g, platemail)


def test_celestial_vestments_may_heal_one_when_you_use_a_hero_ability() -> None:
    g = new({"health": 30, "armor": "Celestial Vestments", "cooldowns": {"smite": 0}},
            {"territory": ["pikeman-phalanx"]})
    use(g, "smite", uid(g, A, "pikeman-phalanx"), resolve=False)
    pass_until(g, "optional_trigger")
    accept(g)
    assert health(g, P) == 31 and dmg(g, uid(g, A, "pikeman-phalanx")) == 2


# -- Thedric Egen ------------------------------------------------------------------------------

THEDRIC = ("thedric-egen", "beledan-kind")


def test_thedric_equip_flips_to_styrka_mandatum() -> None:
    g = new(heroes=THEDRIC)
    use(g, "equip")
    equip_faces(g, 1, 0)
    assert cat().display_name(g.state.objects[gear(g, P, "weapon")]) == "Styrka Mandatum"
    assert cat().display_name(g.state.objects[gear(g, P, "armor")]) == "Adamantine Platemail"


def test_thedric_new_recruits_puts_two_militia_recruits_into_play() -> None:
    g = new({"cooldowns": {"new-recruits": 0}}, heroes=THEDRIC)
    use(g, "new-recruits")
    recruits = units(g, P, "militia-recruit")
    assert len(recruits) == 2 and all((atk(g, r), max_hp(g, r)) == (2, 2) for r in recruits)
    assert cooldown(g, P, "new-recruits") == 4


def test_thedric_advanced_training_augments_up_to_two_units() -> None:
    g = new({"territory": ["infantry", "spearman"], "cooldowns": {"advanced-training": 0}},
            heroes=THEDRIC)
    use(g, "advanced-training", uid(g, P, "infantry"), uid(g, P, "spearman"))
    assert augments(g, uid(g, P, "infantry")) == augments(g, uid(g, P, "spearman")) == 1


def test_thedric_rally_the_ranks_refreshes_up_to_two_of_your_units() -> None:
    g = new({"territory": [{"card": "infantry", "exhausted": True},
                           {"card": "spearman", "exhausted": True}],
             "cooldowns": {"rally-the-ranks": 0}}, heroes=THEDRIC)
    infantry, spearman = uid(g, P, "infantry"), uid(g, P, "spearman")
    use(g, "rally-the-ranks", infantry, spearman)
    assert not exhausted(g, infantry) and not exhausted(g, spearman)


def test_thedric_hold_the_line_prevents_two_damage_to_each_of_your_units() -> None:
    g = new({"gold": 4, "hand": ["skilled-strike", "skilled-strike"],
             "territory": ["infantry", "spearman"],
             "cooldowns": {"hold-the-line": 0}}, heroes=THEDRIC)
    infantry, spearman = uid(g, P, "infantry"), uid(g, P, "spearman")
    use(g, "hold-the-line")
    play(g, "skilled-strike", infantry)
    play(g, "skilled-strike", spearman)
    assert dmg(g, infantry) == dmg(g, spearman) == 1


def test_thedric_call_to_arms_puts_three_augmented_recruits_into_play() -> None:
    g = new({"cooldowns": {"call-to-arms": 0}}, heroes=THEDRIC)
    use(g, "call-to-arms")
    recruits = units(g, P, "militia-recruit")
    assert len(recruits) == 3 and all((atk(g, r), max_hp(g, r)) == (3, 3) for r in recruits)


def test_thedric_veterans_discipline_augments_each_unit_you_control() -> None:
    g = new({"territory": ["infantry", "spearman"], "cooldowns": {"veterans-discipline": 0}},
            {"territory": ["town-guard"]}, heroes=THEDRIC)
    use(g, "veterans-discipline")
    assert [augments(g, u) for u in units(g, P)] == [1, 1] and augments(g,
            uid(g, A, "town-guard")) == 0


def test_thedric_march_of_the_free_armies_new_units_attack_with_two_more() -> None:
    g = new({"territory": ["infantry"], "cooldowns": {"march-of-the-free-armies": 0}},
            {"armor_used": 9}, heroes=THEDRIC)
    use(g, "march-of-the-free-armies")
    recruits = units(g, P, "militia-recruit")
    assert len(recruits) == 2 and atk(g, recruits[0]) == 4 and atk(g, uid(g, P, "infantry")) == 5
    attack(g, A, *recruits)
    block(g)
    finish_battle(g)
    assert health(g, A) == 38 - 8


def test_lance_of_dominion_gives_two_attacking_units_one_attack_for_the_battle() -> None:
    g = new({"territory": ["infantry", "spearman"]}, {"armor_used": 9}, heroes=THEDRIC)
    lance, infantry, spearman = gear(g, P, "weapon"), uid(g, P, "infantry"), uid(g, P, "spearman")
    attack(g, A, lance, infantry, spearman)
    pass_until(g, "target")
    pick(g, infantry, spearman)
    pass_chain(g)
    assert (atk(g, infantry), atk(g, spearman)) == (4, 5)
    block(g)
    finish_battle(g)
    assert health(g, A) == 38 - 2 - 4 - 5 and atk(g, infantry) == 3


def test_styrka_mandatum_exhausts_to_give_a_unit_two_attack() -> None:
    g = new({"weapon": "Styrka Mandatum", "territory": ["infantry"]}, heroes=THEDRIC)
    mandatum, infantry = gear(g, P, "weapon"), uid(g, P, "infantry")
    activate(g, mandatum, infantry)
    assert atk(g, infantry) == 5 and exhausted(g, mandatum)


def test_adamantine_platemail_exhausts_to_prevent_two_damage_to_your_unit() -> None:
    g = new({"gold": 2, "hand": ["skilled-strike"], "territory": ["infantry"]}, heroes=THEDRIC)
    platemail, infantry = gear(g, P, "armor"), uid(g, P, "infantry")
    activate(g, platemail, infantry)
    play(g, "skilled-strike", infantry)
    assert dmg(g, infantry) == 1 and exhausted(g, platemail)


def test_crimson_shield_gives_your_defenders_one_attack_for_the_battle() -> None:
    g = new({"armor": "Crimson Shield", "territory": ["spearman"]}, {"territory": ["infantry"]},
            heroes=THEDRIC, active=A)
    spearman, infantry = uid(g, P, "spearman"), uid(g, A, "infantry")
    attack(g, P, infantry)
    block(g, {spearman: infantry})
    pass_chain(g)
    assert atk(g, spearman) == 5
    finish_battle(g)
    assert not alive(g, infantry)


# -- Hakor Dajet -------------------------------------------------------------------------------

HAKOR = ("hakor-dajet", "thedric-egen")


def test_hakor_starting_hand_is_two_action_cards() -> None:
    g = Game.new(rules(), [P, A], 5, {"heroes": list(HAKOR), "first_player": P})
    assert [o.props["back"] for o in g.state.cards_in(board.hand(0))] == ["action", "action"]
    assert sorted(str(o.props["back"]) for o in g.state.cards_in(board.hand(1))) == [
        "action", "basic", "basic", "elite"]


def test_hakor_mills_a_unit_card_instead_of_drawing_it() -> None:
    g = new({"hand": []}, heroes=HAKOR, active=A)
    end_turn(g)
    assert g.decision.kind == "draw" and g.decision.seat == P
    top = g.state.zones[board.deck("basic")].cards[-1]
    g.choose("deck:basic")
    assert hand(g, P) == [] and g.state.zones[board.discard("basic")].cards[-1] == top


def test_hakor_units_that_are_destroyed_go_to_the_bottom_of_their_deck() -> None:
    g = new({"territory": [{"card": "infantry", "damage": 3}]},
            {"gold": 2, "hand": ["skilled-strike"]},
            heroes=HAKOR, active=A)
    infantry = uid(g, P, "infantry")
    play(g, "skilled-strike", infantry)
    assert g.state.zones[board.deck("basic")].cards[0] == infantry
    assert "infantry" not in pile(g, board.discard("basic"))


def test_hakor_equip_offers_only_the_weapon_side() -> None:
    g = new(heroes=HAKOR)
    use(g, "equip")
    assert g.decision.kind == "equip" and set(keys(g)) == {"weapon:0", "weapon:1"}
    equip_faces(g, 1, None)
    assert cat().display_name(g.state.objects[gear(g, P, "weapon")]) == "Bone Scythe"


def test_hakor_raise_the_dead_puts_a_basic_unit_from_the_discard_pile_into_play() -> None:
    g = new({"cooldowns": {"raise-the-dead": 0}}, heroes=HAKOR,
            discard={"basic": ["spearman"], "elite": ["knight-errant"]})
    use(g, "raise-the-dead")
    assert g.decision.kind == "choose_card" and len(keys(g)) == 1
    choose_matching(g, "card", "spearman")
    assert units(g, P, "spearman") and "spearman" not in pile(g, board.discard("basic"))


def test_hakor_exhume_mills_twice_and_each_opponent_discards() -> None:
    g = new({"cooldowns": {"exhume": 0}}, {"hand": ["fireball"]}, heroes=HAKOR)
    tops = [g.state.zones[board.deck(d)].cards[-1] for d in ("basic", "elite")]
    use(g, "exhume")
    g.choose("deck:basic")
    g.choose("deck:elite")
    assert g.decision.kind == "discard" and g.decision.seat == A
    choose_matching(g, "card", "fireball")
    assert [g.state.zones[board.discard(d)].cards for d in ("basic",
                                                            "elite")] == [[t] for t in tops]
    assert hand(g, A) == [] and pile(g, board.discard("action"))[-1] == "fireball"


def test_hakor_lumbering_corpse_buries_a_unit_card_for_a_zombie() -> None:
    g = new({"cooldowns": {"lumbering-corpse": 0}}, heroes=HAKOR, discard={"basic": ["infantry"]})
    use(g, "lumbering-corpse")
    choose_matching(g, "card", "infantry")
    zombies = units(g, P, "zombie")
    assert len(zombies) == 1 and (atk(g, zombies[0]), max_hp(g, zombies[0])) == (4, 5)
    bottom = g.state.zones[board.deck("basic")].cards[0]
    assert g.state.objects[bottom].card == "infantry"


def test_hakor_lumbering_corpse_without_a_card_moved_gives_no_zombie() -> None:
    g = new({"cooldowns": {"lumbering-corpse": 0}}, heroes=HAKOR)
    use(g, "lumbering-corpse")
    assert not units(g, P, "zombie")


def test_hakor_wasting_disease_deals_three_now_and_at_the_end_of_its_controllers_turn() -> None:
    g = new({"cooldowns": {"wasting-disease": 0}}, {"territory": ["pikeman-phalanx"]}, heroes=HAKOR)
    pikes = uid(g, A, "pikeman-phalanx")
    use(g, "wasting-disease", pikes)
    disease = in_territory(g, A, "wasting-disease")
    assert dmg(g, pikes) == 3 and disease and g.state.objects[disease[0]].attached_to == pikes
    end_turn(g)
    assert dmg(g, pikes) == 3
    g.choose("deck:action")
    end_turn(g)
    assert dmg(g, pikes) == 6


def test_wasting_disease_returns_to_reserves_when_its_unit_dies() -> None:
    g = new({"cooldowns": {"wasting-disease": 0}},
            {"territory": [{"card": "infantry", "damage": 1}]},
            heroes=HAKOR, active=P)
    infantry = uid(g, A, "infantry")
    use(g, "wasting-disease", infantry)
    assert dmg(g, infantry) == 4 and in_territory(g, A, "wasting-disease")
    end_turn(g)
    g.choose("deck:action")
    end_turn(g)
    assert not alive(g, infantry) and "wasting-disease" in pile(g, board.reserves(0))


def test_hakor_undead_abomination_takes_a_unit_from_either_discard_pile() -> None:
    g = new({"cooldowns": {"undead-abomination": 0}}, heroes=HAKOR,
            discard={"basic": ["spearman"], "elite": ["knight-errant"]})
    use(g, "undead-abomination")
    assert len(keys(g)) == 2
    choose_matching(g, "card", "knight-errant")
    assert units(g, P, "knight-errant")


def test_hakor_syphon_life_destroys_a_unit_and_heals_its_maximum_health() -> None:
    g = new({"health": 20, "cooldowns": {"syphon-life": 0}},
            {"territory": [{"card": "knight-errant", "augment": 1, "damage": 3}]}, heroes=HAKOR)
    use(g, "syphon-life", uid(g, A, "knight-errant"))
    assert not units(g, A) and health(g, P) == 27


def test_hakor_army_of_the_damned_a_zombie_for_each_card_buried() -> None:
    g = new({"cooldowns": {"army-of-the-damned": 0}}, heroes=HAKOR,
            discard={"basic": ["infantry", "spearman"], "elite": ["warlord"]})
    use(g, "army-of-the-damned")
    choose_matching(g, "card", "infantry")
    choose_matching(g, "card", "warlord")
    g.choose("done")
    assert len(units(g, P, "zombie")) == 2
    assert pile(g, board.discard("basic")) == ["spearman"] and pile(g, board.discard("elite")) == []


def test_gatekeepers_staff_may_put_a_skeleton_into_play_when_it_attacks() -> None:
    g = new(heroes=HAKOR)
    attack(g, A, gear(g, P, "weapon"))
    accept(g)
    skeletons = units(g, P, "skeleton")
    assert len(skeletons) == 1 and (atk(g, skeletons[0]), max_hp(g, skeletons[0])) == (2, 1)


def test_bone_scythe_raises_a_skeleton_when_its_defender_dies() -> None:
    g = new({"weapon": "Bone Scythe"}, {"territory": ["town-guard"]}, heroes=HAKOR)
    scythe, guard = gear(g, P, "weapon"), uid(g, A, "town-guard")
    attack(g, A, scythe)
    block(g, {guard: scythe})
    finish_battle(g)
    assert not alive(g, guard) and len(units(g, P, "skeleton")) == 1


def test_robe_of_the_warden_raises_a_skeleton_if_you_control_no_units() -> None:
    g = new(heroes=HAKOR)
    end_turn(g)
    assert len(units(g, P, "skeleton")) == 1
    g = new({"territory": ["infantry"]}, heroes=HAKOR)
    end_turn(g)
    assert not units(g, P, "skeleton")


# -- Last Triarch De'Soth Pravus ---------------------------------------------------------------

DESOTH = ("desoth-pravus", "thedric-egen")


def test_desoth_equip_flips_to_soulrend_glaive_and_shroud_of_ash() -> None:
    g = new(heroes=DESOTH)
    use(g, "equip")
    equip_faces(g, 1, 1)
    names = [cat().display_name(g.state.objects[gear(g, P, k)]) for k in ("weapon", "armor")]
    assert names == ["Soulrend Glaive", "Shroud of Ash"]


def test_desoth_consume_essence_destroys_your_unit_to_heal_draw_and_cool_down() -> None:
    g = new({"health": 20, "hand": [], "territory": ["infantry"],
             "cooldowns": {"consume-essence": 0, "mark-of-ruin": 2}}, heroes=DESOTH)
    use(g, "consume-essence")
    choose_matching(g, "card", "infantry")
    g.choose("deck:action")
    assert not units(g, P) and health(g, P) == 23 and len(hand(g, P)) == 1
    assert cooldown(g, P, "mark-of-ruin") == 1 and cooldown(g, P, "consume-essence") == 3


def test_desoth_consume_essence_does_nothing_if_no_unit_is_destroyed() -> None:
    g = new({"health": 20, "hand": [], "territory": ["infantry"],
             "cooldowns": {"consume-essence": 0, "mark-of-ruin": 2}}, heroes=DESOTH)
    use(g, "consume-essence")
    g.choose("done")
    pass_chain(g)
    assert units(g, P) and health(g, P) == 20 and hand(g, P) == []
    assert cooldown(g, P, "mark-of-ruin") == 2


def test_desoth_mark_of_ruin_puts_a_curse_counter_on_up_to_two_units() -> None:
    g = new({"cooldowns": {"mark-of-ruin": 0}}, {"territory": ["infantry", "spearman"]},
            heroes=DESOTH)
    infantry, spearman = uid(g, A, "infantry"), uid(g, A, "spearman")
    use(g, "mark-of-ruin", infantry, spearman)
    assert curses(g, infantry) == curses(g, spearman) == 1
    assert (atk(g, infantry), atk(g, spearman)) == (2, 3)


def test_desoth_raise_thrall_puts_a_risen_thrall_into_play() -> None:
    g = new({"cooldowns": {"raise-thrall": 0}}, heroes=DESOTH)
    use(g, "raise-thrall")
    thrall = uid(g, P, "risen-thrall")
    assert (atk(g, thrall), max_hp(g, thrall)) == (3, 2)


def test_desoth_wither_puts_two_curse_counters_and_is_a_reaction() -> None:
    g = new({"cooldowns": {"wither": 0}}, {"territory": ["spearman"], "armor_used": 0},
            heroes=DESOTH,
            active=A)
    spearman = uid(g, A, "spearman")
    attack(g, P, spearman)
    pass_to(g, P)
    use(g, "wither", spearman)
    assert curses(g, spearman) == 2 and atk(g, spearman) == 2
    block(g)
    finish_battle(g)
    assert health(g, P) == 34


def test_desoth_harvest_of_souls_destroys_units_with_no_attack_and_heals() -> None:
    g = new({"health": 20, "cooldowns": {"harvest-of-souls": 0},
             "territory": [{"card": "peasant-levy", "counters": {"curse": 1}}]},
            {"territory": [{"card": "town-guard", "counters": {"curse": 2}},
                           "spearman"]}, heroes=DESOTH)
    use(g, "harvest-of-souls")
    assert not units(g, P) and units(g, A) == [uid(g, A, "spearman")]
    assert health(g, P) == 24


def test_desoth_dark_pact_destroys_two_units_for_four_augment_counters() -> None:
    g = new({"cooldowns": {"dark-pact": 0},
             "territory": ["infantry", "town-guard", "peasant-levy"]},
            heroes=DESOTH)
    infantry = uid(g, P, "infantry")
    use(g, "dark-pact", infantry)
    assert f"card:{infantry}" not in keys(g)
    choose_matching(g, "card", "town-guard")
    choose_matching(g, "card", "peasant-levy")
    assert units(g, P) == [infantry] and augments(g, infantry) == 4


def test_desoth_reign_of_the_last_triarch_curses_and_hurts_each_opponent() -> None:
    g = new({"cooldowns": {"reign-of-the-last-triarch": 0}, "territory": ["infantry"]},
            {"territory": [{"card": "infantry", "counters": {"curse": 1}},
                           "spearman"]}, heroes=DESOTH)
    use(g, "reign-of-the-last-triarch")
    assert [curses(g, u) for u in units(g, A)] == [2, 1] and curses(g, uid(g, P, "infantry")) == 0
    assert health(g, A) == 32 and health(g, P) == 34


def test_triarchs_oathblade_may_curse_a_unit_when_it_attacks() -> None:
    g = new({}, {"territory": ["spearman"]}, heroes=DESOTH)
    spearman = uid(g, A, "spearman")
    attack(g, A, gear(g, P, "weapon"))
    accept(g, spearman)
    assert curses(g, spearman) == 1


def test_soulrend_glaive_heals_three_when_its_defender_dies() -> None:
    g = new({"health": 20, "weapon": "Soulrend Glaive"}, {"territory": ["town-guard"]},
            heroes=DESOTH)
    glaive, guard = gear(g, P, "weapon"), uid(g, A, "town-guard")
    attack(g, A, glaive)
    block(g, {guard: glaive})
    finish_battle(g)
    assert not alive(g, guard) and health(g, P) == 23


def test_deathplate_of_the_triarchy_hurts_your_hero_at_the_end_of_your_turn_without_units() -> None:
    g = new(heroes=DESOTH)
    end_turn(g)
    assert health(g, P) == 33
    g = new({"territory": ["infantry"]}, heroes=DESOTH)
    end_turn(g)
    assert health(g, P) == 34


def test_shroud_of_ash_may_curse_an_enemy_unit_when_your_unit_dies() -> None:
    g = new({"armor": "Shroud of Ash", "territory": [{"card": "infantry", "damage": 3}]},
            {"gold": 2, "hand": ["skilled-strike"],
             "territory": ["spearman"]}, heroes=DESOTH, active=A)
    play(g, "skilled-strike", uid(g, P, "infantry"))
    pass_until(g, "optional_trigger")
    accept(g, uid(g, A, "spearman"))
    assert curses(g, uid(g, A, "spearman")) == 1


# -- Magus Gondè Kyal --------------------------------------------------------------------------

GONDE = ("gonde-kyal", "thedric-egen")


def focus(g: Game) -> int:
    return counter(g, P, "focus")


def test_gonde_equip_flips_to_emberbrand_rod() -> None:
    g = new(heroes=GONDE)
    use(g, "equip")
    equip_faces(g, 1, 0)
    assert cat().display_name(g.state.objects[gear(g, P, "weapon")]) == "Emberbrand Rod"


def test_gonde_channel_puts_two_focus_counters_up_to_five() -> None:
    g = new({"cooldowns": {"channel": 0}}, heroes=GONDE)
    use(g, "channel")
    assert focus(g) == 2
    g = new({"focus": 4, "cooldowns": {"channel": 0}}, heroes=GONDE)
    use(g, "channel")
    assert focus(g) == 5


def test_gonde_flame_lance_deals_two_plus_one_per_focus_removed() -> None:
    g = new({"focus": 3, "cooldowns": {"flame-lance": 0}}, heroes=GONDE)
    use(g, "flame-lance", AH)
    assert g.decision.kind == "spend_focus" and keys(g) == ["n:0", "n:1", "n:2", "n:3"]
    g.choose("n:2")
    assert health(g, A) == 31 and focus(g) == 1


def test_gonde_frost_nova_exhausts_two_units_and_adds_focus() -> None:
    g = new({"cooldowns": {"frost-nova": 0}}, {"territory": ["infantry", "spearman"]}, heroes=GONDE)
    infantry, spearman = uid(g, A, "infantry"), uid(g, A, "spearman")
    use(g, "frost-nova", infantry, spearman)
    assert exhausted(g, infantry) and exhausted(g, spearman) and focus(g) == 1


def test_gonde_stoneskin_prevents_the_next_four_damage() -> None:
    g = new({"gold": 10, "hand": ["fireball", "fireball"], "territory": ["pikeman-phalanx"],
             "cooldowns": {"stoneskin": 0}}, heroes=GONDE)
    pikes = uid(g, P, "pikeman-phalanx")
    use(g, "stoneskin", pikes)
    play(g, "fireball", pikes)
    assert dmg(g, pikes) == 0
    play(g, "fireball", pikes)
    assert dmg(g, pikes) == 4


def test_gonde_chain_lightning_deals_three_plus_focus_to_up_to_three_targets() -> None:
    g = new({"focus": 1, "cooldowns": {"chain-lightning": 0}},
            {"territory": ["pikeman-phalanx", "knight-errant"]}, heroes=GONDE)
    pikes, knight = uid(g, A, "pikeman-phalanx"), uid(g, A, "knight-errant")
    use(g, "chain-lightning", pikes, knight, AH)
    g.choose("n:1")
    assert dmg(g, pikes) == dmg(g, knight) == 4 and health(g, A) == 31 and focus(g) == 0


def test_gonde_summon_earth_elemental_with_augments_for_focus() -> None:
    g = new({"focus": 2, "cooldowns": {"summon-earth-elemental": 0}}, heroes=GONDE)
    use(g, "summon-earth-elemental")
    g.choose("n:2")
    elemental = uid(g, P, "earth-elemental")
    assert (atk(g, elemental), max_hp(g, elemental)) == (7, 7) and focus(g) == 0


def test_gonde_cataclysm_hits_every_unit_and_opponents_with_all_focus() -> None:
    g = new({"focus": 3, "cooldowns": {"cataclysm": 0}, "territory": ["infantry"]},
            {"territory": ["pikeman-phalanx"]}, heroes=GONDE)
    use(g, "cataclysm")
    assert dmg(g, uid(g, P, "infantry")) == 3 and dmg(g, uid(g, A, "pikeman-phalanx")) == 3
    assert health(g, A) == 35 - 6 and health(g, P) == 30 and focus(g) == 0


def test_stormcaller_staff_adds_a_focus_counter_when_it_attacks() -> None:
    g = new(heroes=GONDE)
    attack(g, A, gear(g, P, "weapon"))
    pass_chain(g)
    assert focus(g) == 1


def test_emberbrand_rod_may_spend_focus_for_two_attack() -> None:
    g = new({"focus": 1, "weapon": "Emberbrand Rod"}, NO_ARMOR, heroes=GONDE)
    rod = gear(g, P, "weapon")
    attack(g, A, rod)
    pass_until(g, "spend_focus")
    g.choose("n:1")
    pass_chain(g)
    assert atk(g, rod) == 5 and focus(g) == 0
    block(g)
    finish_battle(g)
    assert health(g, A) == 30 and atk(g, rod) == 3


def test_mantle_of_the_elements_prevents_one_damage_from_action_cards() -> None:
    g = new({}, {"gold": 5, "hand": ["fireball"], "territory": ["battlemage"]}, heroes=GONDE,
            active=A)
    play(g, "fireball", PH)
    assert health(g, P) == 27
    activate(g, uid(g, A, "battlemage"), PH)
    assert health(g, P) == 25


def test_robes_of_the_magus_add_a_focus_counter_at_the_end_of_your_turn() -> None:
    g = new({"armor": "Robes of the Magus"}, heroes=GONDE)
    end_turn(g)
    assert focus(g) == 1


# -- King Corvane Aldris -----------------------------------------------------------------------

CORVANE = ("corvane-aldris", "thedric-egen")


def test_corvane_equip_flips_to_headsmans_axe_and_throne_guard_plate() -> None:
    g = new(heroes=CORVANE)
    use(g, "equip")
    equip_faces(g, 1, 1)
    names = [cat().display_name(g.state.objects[gear(g, P, k)]) for k in ("weapon", "armor")]
    assert names == ["Headsman's Axe", "Throne-Guard Plate"]


def test_corvane_summon_the_guard_puts_a_royal_guard_into_play() -> None:
    g = new({"armor": "Throne-Guard Plate", "cooldowns": {"summon-the-guard": 0}}, heroes=CORVANE)
    use(g, "summon-the-guard")
    guard = uid(g, P, "royal-guard")
    assert (atk(g, guard), max_hp(g, guard)) == (2, 4)


def test_corvane_royal_decree_puts_a_tithe_decree_into_play_or_gains_three_gold() -> None:
    g = new({"gold": 0, "cooldowns": {"royal-decree": 0}}, heroes=CORVANE)
    use(g, "royal-decree")
    assert len(in_territory(g, P, "tithe-decree")) == 1 and gold(g, P) == 0
    while cooldown(g, P, "royal-decree") != 0 or g.state.active != seat(P):
        end_turn(g)
        g.choose("deck:action")
        pass_to(g, g.state.players[g.state.active].name)
    before = gold(g, P)
    use(g, "royal-decree")
    assert len(in_territory(g, P, "tithe-decree")) == 1 and gold(g, P) == before + 3


def test_tithe_decree_gains_one_gold_whenever_an_opponent_enlists() -> None:
    g = new({"gold": 0, "cooldowns": {"royal-decree": 0}}, {"gold": 4, "hand": ["infantry"]},
            heroes=CORVANE)
    use(g, "royal-decree")
    end_turn(g)
    g.choose("deck:action")
    pass_to(g, A)
    before = gold(g, A)
    enlist(g, "infantry")
    pass_chain(g)
    assert gold(g, P) == 1 and gold(g, A) == before - 4


def test_corvane_martial_law_exhausts_opposing_units_with_three_attack_or_less() -> None:
    g = new({"cooldowns": {"martial-law": 0}, "territory": ["infantry"]},
            {"territory": ["infantry", "spearman", "knight-errant"]}, heroes=CORVANE)
    use(g, "martial-law")
    assert exhausted(g, uid(g, A, "infantry")) and not exhausted(g, uid(g, A, "spearman"))
    assert not exhausted(g, uid(g, A, "knight-errant")) and not exhausted(g, uid(g, P, "infantry"))


def test_corvane_purge_the_traitorous_deals_four_to_an_attacking_unit() -> None:
    g = new({"cooldowns": {"purge-the-traitorous": 0}}, {"territory": ["infantry", "spearman"]},
            heroes=CORVANE, active=A)
    infantry, spearman = uid(g, A, "infantry"), uid(g, A, "spearman")
    attack(g, P, infantry)
    pass_to(g, P)
    g.choose("ability:purge-the-traitorous")
    assert f"target:{spearman}" not in keys(g)
    pick(g, infantry)
    pass_chain(g)
    assert dmg(g, infantry) == 4


def test_corvane_conscription_takes_an_opponents_basic_unit() -> None:
    g = new({"cooldowns": {"conscription": 0}}, {"territory": ["infantry", "knight-errant"]},
            heroes=CORVANE)
    infantry, knight = uid(g, A, "infantry"), uid(g, A, "knight-errant")
    g.choose("ability:conscription")
    assert f"target:{knight}" not in keys(g)
    pick(g, infantry)
    pass_chain(g)
    assert units(g, P) == [infantry]


def test_corvane_royal_treasury_gains_gold_per_unit_then_draws() -> None:
    g = new({"gold": 0, "hand": [], "territory": ["infantry", "spearman", "town-guard"],
             "cooldowns": {"royal-treasury": 0}}, {"territory": ["infantry"]}, heroes=CORVANE)
    use(g, "royal-treasury")
    g.choose("deck:action")
    assert gold(g, P) == 3 and len(hand(g, P)) == 1


def test_corvane_the_crown_endures_three_guards_and_heals_two_per_guard() -> None:
    g = new({"health": 20, "territory": ["royal-guard"], "cooldowns": {"the-crown-endures": 0}},
            heroes=CORVANE)
    use(g, "the-crown-endures")
    assert len(units(g, P, "royal-guard")) == 4 and health(g, P) == 28


def test_gilded_scepter_exhausts_to_gain_one_gold() -> None:
    g = new({"gold": 0}, heroes=CORVANE)
    scepter = gear(g, P, "weapon")
    activate(g, scepter)
    assert gold(g, P) == 1 and exhausted(g, scepter)


def test_headsmans_axe_attacks_only_while_you_control_a_royal_guard() -> None:
    g = new({"weapon": "Headsman's Axe"}, heroes=CORVANE)
    assert f"battle:{seat(A)}" not in keys(g)
    g = new({"weapon": "Headsman's Axe", "territory": [{"card": "royal-guard", "exhausted": True}]},
            NO_ARMOR, heroes=CORVANE)
    axe = gear(g, P, "weapon")
    attack(g, A, axe)
    block(g)
    finish_battle(g)
    assert health(g, A) == 31


def test_crown_regalia_gives_royal_guards_one_attack() -> None:
    g = new({"territory": ["royal-guard", "infantry"]}, heroes=CORVANE)
    assert atk(g, uid(g, P, "royal-guard")) == 3 and atk(g, uid(g, P, "infantry")) == 3


def test_throne_guard_plate_stops_your_weapon_attacking() -> None:
    g = new({"armor": "Throne-Guard Plate", "territory": ["infantry"]}, heroes=CORVANE)
    g.choose(f"battle:{seat(A)}")
    pass_until(g, "declare_attackers")
    assert f"attack:{gear(g, P, 'weapon')}" not in keys(g)
    assert f"attack:{uid(g, P, 'infantry')}" in keys(g)
    assert board.armor_rating(cat(), g.state, 0) == 3


def test_royal_guard_defends_against_two_attackers() -> None:
    g = new({"armor": "Throne-Guard Plate", "territory": ["royal-guard"]},
            {"territory": ["peasant-levy", "peasant-levy"]}, heroes=CORVANE, active=A)
    guard = uid(g, P, "royal-guard")
    levy1, levy2 = units(g, A, "peasant-levy")
    attack(g, P, levy1, levy2)
    block(g, [(guard, levy1), (guard, levy2)])
    finish_battle(g)
    assert dmg(g, levy1) == dmg(g, levy2) == 2 and dmg(g, guard) == 2 and health(g, P) == 32


# -- Ilsevar Thorne ----------------------------------------------------------------------------

ILSEVAR = ("ilsevar-thorne", "thedric-egen")


def test_ilsevar_equip_flips_to_twin_hunting_knives_and_hunters_leathers() -> None:
    g = new(heroes=ILSEVAR)
    use(g, "equip")
    equip_faces(g, 1, 1)
    names = [cat().display_name(g.state.objects[gear(g, P, k)]) for k in ("weapon", "armor")]
    assert names == ["Twin Hunting Knives", "Hunter's Leathers"]


def test_ilsevar_call_the_pack_wolves_attack_the_turn_they_arrive() -> None:
    g = new({"cooldowns": {"call-the-pack": 0}}, NO_ARMOR, heroes=ILSEVAR)
    use(g, "call-the-pack")
    wolf = uid(g, P, "wolf")
    assert (atk(g, wolf), max_hp(g, wolf)) == (3, 2)
    attack(g, A, wolf)
    block(g)
    finish_battle(g)
    assert health(g, A) == 32


def test_pack_tactics_does_not_apply_to_other_units() -> None:
    g = new({"gold": 4, "hand": ["infantry"], "cooldowns": {"call-the-pack": 0}}, heroes=ILSEVAR)
    infantry = enlist(g, "infantry")
    use(g, "call-the-pack")
    g.choose(f"battle:{seat(A)}")
    pass_until(g, "declare_attackers")
    assert f"attack:{uid(g, P, 'wolf')}" in keys(g) and f"attack:{infantry}" not in keys(g)


def test_ilsevar_hunters_mark_stops_the_unit_defending() -> None:
    g = new({"cooldowns": {"hunters-mark": 0}, "territory": ["infantry"]},
            {"territory": ["spearman", "town-guard"]}, heroes=ILSEVAR)
    spearman, guard, infantry = (
        uid(g, A, "spearman"), uid(g, A, "town-guard"), uid(g, P, "infantry"))
    use(g, "hunters-mark", spearman)
    mark = in_territory(g, A, "hunters-mark")
    assert mark and g.state.objects[mark[0]].attached_to == spearman
    attack(g, A, infantry)
    pass_until(g, "assign_defenders")
    assert f"defend:{guard}" in keys(g) and f"defend:{spearman}" not in keys(g)


def test_ilsevar_volley_of_arrows_deals_one_to_up_to_three_units() -> None:
    g = new({"cooldowns": {"volley-of-arrows": 0}},
            {"territory": ["infantry", "spearman", "town-guard"]},
            heroes=ILSEVAR)
    targets = units(g, A)
    use(g, "volley-of-arrows", *targets)
    assert [dmg(g, t) for t in targets] == [1, 1, 1]


def test_ilsevar_camouflage_prevents_all_damage_to_your_unit_this_turn() -> None:
    g = new({"cooldowns": {"camouflage": 0}, "territory": ["town-guard"]},
            {"gold": 7, "hand": ["fireball", "skilled-strike"]}, heroes=ILSEVAR, active=A)
    guard = uid(g, P, "town-guard")
    play(g, "fireball", guard, resolve=False)
    pass_to(g, P)
    use(g, "camouflage", guard)
    play(g, "skilled-strike", guard)
    assert alive(g, guard) and dmg(g, guard) == 0


def test_ilsevar_deadeye_shot_deals_six_to_a_unit_or_four_to_a_hero() -> None:
    g = new({"cooldowns": {"deadeye-shot": 0}}, {"territory": ["pikeman-phalanx"]}, heroes=ILSEVAR)
    pikes = uid(g, A, "pikeman-phalanx")
    use(g, "deadeye-shot", pikes)
    assert dmg(g, pikes) == 6
    g = new({"cooldowns": {"deadeye-shot": 0}}, heroes=ILSEVAR)
    use(g, "deadeye-shot", AH)
    assert health(g, A) == 31


def test_ilsevar_alpha_of_the_pack_puts_the_alpha_wolf_or_two_wolves_into_play() -> None:
    g = new({"cooldowns": {"alpha-of-the-pack": 0}}, heroes=ILSEVAR)
    use(g, "alpha-of-the-pack")
    assert len(units(g, P, "alpha-wolf")) == 1 and not units(g, P, "wolf")
    g = new({"cooldowns": {"alpha-of-the-pack": 0}, "territory": ["alpha-wolf"]}, heroes=ILSEVAR)
    use(g, "alpha-of-the-pack")
    assert len(units(g, P, "alpha-wolf")) == 1 and len(units(g, P, "wolf")) == 2


def test_ilsevar_rain_of_arrows_hits_opposing_units_and_heroes() -> None:
    g = new({"cooldowns": {"rain-of-arrows": 0}, "territory": ["town-guard"]},
            {"territory": ["infantry", "town-guard"]}, heroes=ILSEVAR)
    use(g, "rain-of-arrows")
    assert dmg(g, uid(g, A, "infantry")) == 2 and not units(g, A, "town-guard")
    assert dmg(g, uid(g, P, "town-guard")) == 0 and health(g, A) == 32 and health(g, P) == 32


def test_alpha_wolf_gives_other_wolves_one_attack() -> None:
    g = new({"territory": ["alpha-wolf", "wolf", "infantry"]}, heroes=ILSEVAR)
    assert atk(g, uid(g, P, "alpha-wolf")) == 5 and atk(g, uid(g, P, "wolf")) == 4
    assert atk(g, uid(g, P, "infantry")) == 3


def test_deepwood_longbow_may_deal_one_damage_when_it_attacks() -> None:
    g = new({}, {"territory": ["infantry"]}, heroes=ILSEVAR)
    infantry = uid(g, A, "infantry")
    attack(g, A, gear(g, P, "weapon"))
    accept(g, infantry)
    assert dmg(g, infantry) == 1


def test_twin_hunting_knives_refresh_after_their_first_battle_each_turn() -> None:
    g = new({"weapon": "Twin Hunting Knives"}, NO_ARMOR, heroes=ILSEVAR)
    knives = gear(g, P, "weapon")
    attack(g, A, knives)
    block(g)
    finish_battle(g)
    assert not exhausted(g, knives) and health(g, A) == 33
    attack(g, A, knives)
    block(g)
    finish_battle(g)
    assert exhausted(g, knives) and health(g, A) == 31


def test_leafweave_cloak_keeps_opponents_action_cards_off_your_hero() -> None:
    g = new({"gold": 5, "hand": ["mend-wounds"]},
            {"gold": 5, "hand": ["fireball"], "territory": ["infantry"]},
            heroes=ILSEVAR, active=A)
    choose_matching(g, "action", "fireball")
    assert f"target:{PH}" not in keys(g) and f"target:{AH}" in keys(g)
    g.choose("cancel")
    g = new({"gold": 5, "hand": ["mend-wounds"], "health": 20}, heroes=ILSEVAR)
    play(g, "mend-wounds", PH)
    assert health(g, P) == 23


def test_hunters_leathers_heal_two_when_a_wolf_you_control_dies() -> None:
    g = new({"health": 20, "armor": "Hunter's Leathers", "territory": ["wolf", "town-guard"]},
            {"gold": 4, "hand": ["skilled-strike", "skilled-strike"]}, heroes=ILSEVAR, active=A)
    play(g, "skilled-strike", uid(g, P, "town-guard"))
    assert health(g, P) == 20
    play(g, "skilled-strike", uid(g, P, "wolf"))
    pass_chain(g)
    assert health(g, P) == 22
