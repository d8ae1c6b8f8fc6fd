"""The shipped Algomancy card pool and decklists, and how the loader reports broken card files.

The pool is the 60-card proposal of the rules notes (§5): 10 mono cards per element, one hybrid per
pair of elements, 7 resources and 4 tokens. Cards the rulebook names carry `book: true` and keep
what the book says about them.
"""

from __future__ import annotations

import re
from collections import Counter
from functools import cache
from itertools import combinations
from pathlib import Path
from typing import Any, get_args

from cardgames.catalog.loader import Problem
from cardgames.games.algomancy.catalog import Catalog, effects_of, load_cards
from cardgames.games.algomancy.schema import ELEMENTS, Ability, Card, CombatAttribute
from cardgames.games.algomancy.vocabulary import DURATION_VERBS, VERBS

# -- the shipped catalog -----------------------------------------------------------------------


@cache
def cat() -> Catalog:
    return Catalog.load()


def card(cid: str) -> Card:
    return cat().card(cid)


def playable() -> list[Card]:
    return [c for c in cat().cards.values() if c.playable_from_deck]


def steps(c: Card) -> list[dict[str, Any]]:
    """Every effect step on a card: play, abilities, augment abilities and graft."""
    return [s for _, _, ss in effects_of(c) for s in ss]


def verb_args(c: Card, verb: str) -> list[dict[str, Any]]:
    return [s[verb] for s in steps(c) if verb in s]


def all_abilities(c: Card) -> list[Ability]:
    return list(c.abilities) + (list(c.augment.abilities) if c.augment else [])


def test_the_shipped_catalog_loads_without_problems() -> None:
    cards, decks, problems, fingerprint = load_cards()
    assert problems == []
    assert len(cards) == 71 and len(decks) == 20 and fingerprint


def test_sixty_playable_cards_seven_resources_four_tokens() -> None:
    kinds = Counter(c.kind for c in cat().cards.values())
    assert len(playable()) == 60
    assert kinds["resource"] == 7
    assert kinds["token_unit"] + kinds["token_spell"] == 4
    tokens = {c.id for c in cat().cards.values() if c.is_token}
    assert tokens == {"fireball", "spark", "sprout", "a-pile-of-rubbish"}


def test_each_element_has_ten_mono_cards_and_each_pair_one_hybrid() -> None:
    mono = Counter(c.elements[0] for c in playable() if len(c.elements) == 1)
    assert mono == dict.fromkeys(ELEMENTS, 10)
    hybrids = Counter(frozenset(c.elements) for c in playable() if len(c.elements) == 2)
    assert hybrids == {frozenset(pair): 1 for pair in combinations(ELEMENTS, 2)}
    assert all(1 <= len(c.elements) <= 2 for c in playable())


def test_affinity_matches_the_elements() -> None:
    for c in playable():
        assert set(c.affinity) == set(c.elements), c.id
        if len(c.elements) == 2:
            assert c.affinity == dict.fromkeys(c.elements, 1), c.id
        else:
            assert c.affinity[c.elements[0]] in (1, 2), c.id
        assert 1 <= c.cost <= 6, c.id


def test_resources_one_per_element_plus_prismite_and_shard() -> None:
    res = cat().resources()
    assert [r.affinity_gives for r in res] == list(ELEMENTS)
    assert [r.name for r in res] == ["Molten Caldera", "Benthic Reaches", "Jagged Steppes",
                                     "Verdant Rift", "Alloyed Plains"]
    for r in res:
        assert r.elements == [r.affinity_gives]
    for cid in ("prismite", "shard"):
        assert card(cid).kind == "resource" and card(cid).affinity_gives is None
    assert all(r.cost == 0 and not r.affinity for r in cat().cards.values() if r.kind == "resource")


def test_tokens() -> None:
    fireball, spark = card("fireball"), card("spark")
    assert fireball.kind == spark.kind == "token_spell"
    assert fireball.x and fireball.timing == "battle"
    assert verb_args(fireball, "damage") == [{"to": "t", "amount": "x"}]
    assert fireball.play is not None and fireball.play.targets["t"].type == "unit_or_player"
    assert "burst" in spark.attributes and verb_args(spark, "damage") == [{"to": "t", "amount": 1}]
    for cid, element in (("sprout", "wood"), ("a-pile-of-rubbish", "metal")):
        assert card(cid).kind == "token_unit" and card(cid).stats == (1, 1)
        assert card(cid).elements == [element]
    assert fireball.elements == spark.elements == ["fire"]
    assert all(c.cost == 0 for c in cat().cards.values() if c.is_token)


def test_ids_are_the_kebab_case_of_names() -> None:
    for c in cat().cards.values():
        kebab = re.sub(r"[^a-z0-9]+", "-", c.name.lower()).strip("-")
        if c.id == "battle-fight":  # ruling R81: the id must not read as the Battle timing
            assert c.name == "Battle"
        else:
            assert c.id == kebab, c.name


# -- cards the rulebook names ------------------------------------------------------------------

BOOK = {
    "Corrupting Blight": "corrupting-blight", "Accelerated Germination": "accelerated-germination",
    "Oracle of the Flame": "oracle-of-the-flame", "Fireball": "fireball",
    "Maw of Damnation": "maw-of-damnation", "Sparkwraith": "sparkwraith", "Living Forge": "living-forge",
    "A Pile of Rubbish": "a-pile-of-rubbish", "Tiderunner Initiate": "tiderunner-initiate",
    "Recyclable Sentinel": "recyclable-sentinel", "Jelly": "jelly", "Mirage Walker": "mirage-walker",
    "Bloodwind Revenant": "bloodwind-revenant", "Malformed Monstrosity": "malformed-monstrosity",
    "Reality Bender": "reality-bender", "Tidepool Terror": "tidepool-terror", "Dune Drifter": "dune-drifter",
    "Abyssal Evocation": "abyssal-evocation", "Overbloom": "overbloom", "Flame of History": "flame-of-history",
    "Boon of Protection": "boon-of-protection", "Arc Lightning": "arc-lightning", "Null Drone": "null-drone",
    "Tidal Menace": "tidal-menace", "Smouldering Inferno": "smouldering-inferno",
    "Pathogenic Enclave": "pathogenic-enclave", "Rampart Guardian": "rampart-guardian",
    "Soul Swallower": "soul-swallower", "Prickly Protector": "prickly-protector",
    "Flux Resonator": "flux-resonator", "Twin Flame": "twin-flame", "Leaping Lillik": "leaping-lillik",
    "Lithoghul": "lithoghul", "Prismite": "prismite", "Shard": "shard", "Poison": "poison",
    "Battle": "battle-fight",
}
"""Every card the rulebook names (rules notes §2), by name -> id."""


def test_every_card_the_book_names_is_there_and_marked() -> None:
    for name, cid in BOOK.items():
        assert cid in cat().cards, name
        assert card(cid).name == name and card(cid).book, name
    assert {c.id for c in cat().cards.values() if c.book} == set(BOOK.values())


def test_book_corrupting_blight() -> None:
    c = card("corrupting-blight")
    assert c.kind == "unit" and c.stats == (4, 4) and c.cost == 1
    assert c.subtypes == ["Blight", "Parasite"]
    (ab,) = c.abilities
    assert ab.when == "after_combat" and ab.effect == [{"give_control": {"of": "me"}}]


def test_book_graft_cards() -> None:
    oracle = card("oracle-of-the-flame")
    assert oracle.is_unit and oracle.graft is not None and not oracle.graft.bounded
    assert oracle.graft.cost is not None and oracle.graft.cost.sacrifice == "me"
    assert oracle.graft.effect == [{"create": {"token": "fireball", "x": 1}}]
    germ = card("accelerated-germination")
    assert germ.kind == "spell" and germ.play is None
    assert germ.graft is not None and germ.graft.bounded
    assert germ.graft.cost is None and germ.graft.when is None
    assert germ.graft.effect == [{"create": {"token": "sprout", "count": 2}}]
    sentinel = card("recyclable-sentinel")
    assert sentinel.graft is not None and sentinel.graft.when == "dies" and not sentinel.graft.bounded
    assert sentinel.graft.effect == [{"create": {"token": "a-pile-of-rubbish"}}]


def test_book_damage_example_columns() -> None:
    # Living Forge + A Pile of Rubbish deal 3; Tiderunner deals 2 back, all to the Forge.
    forge, rubbish, tiderunner = card("living-forge"), card("a-pile-of-rubbish"), card("tiderunner-initiate")
    assert forge.stats and rubbish.stats and tiderunner.stats
    assert forge.stats[0] + rubbish.stats[0] == 3 and tiderunner.stats[0] == 2
    assert any(ab.static and ab.static.can_block_flying for ab in tiderunner.abilities)
    # Recyclable Sentinel + Jelly deal 3; Mirage Walker's 2 kills the 1-defense Sentinel.
    sentinel, jelly, walker = card("recyclable-sentinel"), card("jelly"), card("mirage-walker")
    assert sentinel.stats and jelly.stats and walker.stats
    assert sentinel.stats[1] == 1 and sentinel.stats[0] + jelly.stats[0] == 3 and walker.stats[0] == 2
    for c in (forge, rubbish, tiderunner, sentinel, jelly, walker):  # the book's plain arithmetic
        assert not {"swift", "sluggish", "tough", "deadly"} & set(c.attributes), c.id
    (ab,) = jelly.abilities
    assert ab.static is not None and ab.static.stats == (0, 2) and ab.static.while_ == "back_row"


def test_book_attribute_example() -> None:
    monster = card("malformed-monstrosity")
    assert monster.stats == (10, 9)
    (ab,) = monster.abilities
    assert ab.static is not None and ab.static.stats == (-7, -7) and ab.static.to == "me"
    assert "inverted" in card("reality-bender").attributes
    assert "deadly" in card("tidepool-terror").attributes
    assert "swift" in card("dune-drifter").attributes
    assert "flying" in card("bloodwind-revenant").attributes


def test_book_stack_example_is_all_battle_timed() -> None:
    for cid in ("flame-of-history", "boon-of-protection", "arc-lightning", "null-drone"):
        assert card(cid).timing == "battle", cid
    assert verb_args(card("flame-of-history"), "damage") == [{"to": "t", "amount": 3}]
    assert verb_args(card("boon-of-protection"), "prevent_damage") == [{"on": "t"}]
    assert verb_args(card("arc-lightning"), "damage") and verb_args(card("arc-lightning"), "damage_adjacent")
    drone = card("null-drone")
    assert drone.kind == "spell_unit" and drone.stats is not None and drone.play is not None
    assert drone.play.targets["t"].type == "stack_item"
    assert drone.play.effect == [{"negate": {"target": "t"}}]


def test_book_region_example() -> None:
    maw = card("maw-of-damnation")
    assert maw.timing == "battle" and verb_args(maw, "sacrifice") == [{"who": "each_player", "n": 2}]
    (ab,) = card("sparkwraith").abilities
    assert ab.when == "you_play_spell"


def test_book_mods() -> None:
    inferno = card("smouldering-inferno")
    assert inferno.virus and inferno.augment is not None
    (ab,) = inferno.augment.abilities
    assert ab.when == "after_combat" and ab.effect == [{"sacrifice_me": {}}]
    enclave = card("pathogenic-enclave")
    assert enclave.virus and enclave.augment is not None
    (ab,) = enclave.augment.abilities
    assert ab.when == "despawn" and ab.effect == [{"delete_tokens": {"whose": "you"}}]
    rampart = card("rampart-guardian")
    assert rampart.virus and rampart.augment is not None and rampart.augment.attributes == ["tough"]
    assert card("tidal-menace").is_unit
    (ab,) = card("tidal-menace").abilities
    assert ab.static is not None and ab.static.per == "mod_on_me"


def test_book_ability_kinds() -> None:
    (ab,) = card("soul-swallower").abilities
    assert ab.cost is not None and ab.cost.sacrifice == "other_ally"
    assert ab.effect == [{"counters": {"on": "me", "kind": "+1/+1", "n": 1}}]
    (ab,) = card("prickly-protector").abilities
    assert ab.static is not None and ab.static.per == "other_ally_in_region"
    (ab,) = card("flux-resonator").abilities
    assert ab.replacement is not None and ab.replacement.counters_extra == 1
    (ab,) = card("lithoghul").abilities
    assert ab.replacement is not None and ab.replacement.damage_reduce > 0


def test_book_targets_and_spells() -> None:
    twin = card("twin-flame")
    assert twin.play is not None and twin.play.targets["t"].count == 2
    lillik = card("leaping-lillik")
    assert lillik.kind == "spell_unit" and lillik.play is not None and lillik.play.targets
    evocation = card("abyssal-evocation")
    assert evocation.from_bin and verb_args(evocation, "recall") == [{"target": "t"}]
    overbloom = card("overbloom")
    assert overbloom.timing == "deploy" and "stats" in DURATION_VERBS
    assert verb_args(overbloom, "stats") == [{"on": "each_ally_unit", "power": 1, "defense": 1}]
    assert verb_args(card("poison"), "counters") == [{"on": "t", "kind": "-1/-1", "n": 2}]
    battle = card("battle-fight")
    assert battle.play is not None and battle.timing == "battle"
    assert {s.side for s in battle.play.targets.values()} == {"ally", "enemy"}
    assert verb_args(battle, "fight") == [{"a": "mine", "b": "foe"}]


# -- mechanic coverage (rules notes §6) --------------------------------------------------------


def test_every_attribute_is_carried_by_a_card() -> None:
    printed = {a for c in cat().cards.values() for a in c.attributes}
    assert set(get_args(CombatAttribute)) <= printed
    assert "burst" in printed


def test_every_mechanic_is_carried_by_a_card() -> None:
    cards = list(cat().cards.values())
    abilities = [ab for c in cards for ab in all_abilities(c)]
    grafts = [c.graft for c in cards if c.graft is not None]
    has = {
        "virus": any(c.virus for c in cards),
        "type-line augment": any(c.augment and c.augment.attributes for c in cards),
        "text-box augment": any(c.augment and c.augment.abilities for c in cards),
        "bounded graft cause": any(g.bounded and (g.cost or g.when) for g in grafts),
        "unbounded activated graft cause": any(not g.bounded and g.cost for g in grafts),
        "unbounded triggered graft cause": any(not g.bounded and g.when for g in grafts),
        "bounded graft effect (spell)": any(c.graft and c.graft.bounded and c.kind == "spell" for c in cards),
        "unbounded graft effect (spell)": any(c.graft and not c.graft.bounded and c.kind == "spell"
                                              for c in cards),
        "ambush": any(c.ambush for c in cards),
        "from bin": any(c.from_bin for c in cards),
        "spell unit": any(c.kind == "spell_unit" for c in cards),
        "unit token": any(c.kind == "token_unit" for c in cards),
        "spell token": any(c.kind == "token_spell" for c in cards),
        "X token": any(c.x for c in cards),
        "bracket cost": any(c.play and c.play.extra_cost for c in cards),
        "activated": any(ab.cost for ab in abilities),
        "activated, mana": any(ab.cost and ab.cost.mana for ab in abilities),
        "triggered": any(ab.when for ab in abilities),
        "static": any(ab.static for ab in abilities),
        "replacement": any(ab.replacement for ab in abilities),
        "two-target slot": any(c.play and any(t.count == 2 for t in c.play.targets.values()) for c in cards),
    }
    assert [name for name, ok in has.items() if not ok] == []


def test_every_verb_and_trigger_is_used() -> None:
    used = {verb for c in cat().cards.values() for s in steps(c) for verb in s}
    assert used == set(VERBS)
    whens = {ab.when for c in cat().cards.values() for ab in all_abilities(c) if ab.when}
    whens |= {c.graft.when for c in cat().cards.values() if c.graft and c.graft.when}
    assert whens == {"spawn", "dies", "despawn", "after_combat", "end_of_turn", "you_play_spell",
                     "other_ally_dies"}


def test_created_tokens_are_tokens() -> None:
    for c in cat().cards.values():
        for args in verb_args(c, "create"):
            token = card(args["token"])
            assert token.is_token, c.id
            assert ("x" in args) == token.x, c.id


# -- the printed text agrees with the data -----------------------------------------------------

WORDS = {1: ("one", "a", "an"), 2: ("two",), 3: ("three",), 4: ("four",)}
COUNTS = {"counters": "n", "create": "count", "sacrifice": "n", "draw": "n", "recycle": "n"}
"""Step arguments that count things: the text may spell them out ("two", "a card")."""


def numbers(c: Card) -> list[tuple[int, bool]]:
    """(number, may be a word) for each number a card's data gives: step amounts and counts,
    static and replacement values, mana costs of abilities."""
    out: list[tuple[int, bool]] = []
    for s in steps(c):
        ((verb, args),) = s.items()
        for name, value in args.items():
            if isinstance(value, bool):
                continue
            if isinstance(value, int):
                out.append((abs(value), COUNTS.get(verb) == name))
            elif isinstance(value, list):
                out.extend((abs(v), False) for v in value)
        if verb in COUNTS and COUNTS[verb] not in args:
            out.append((1, True))
    for ab in all_abilities(c):
        if ab.static:
            out.extend((abs(v), False) for v in ab.static.stats)
        if ab.replacement:
            out.extend([(ab.replacement.counters_extra, False), (ab.replacement.damage_reduce, False)])
        if ab.cost:
            out.append((ab.cost.mana, False))
    return [(n, word) for n, word in out if n]


def says(text: str, n: int, word: bool) -> bool:
    if re.search(rf"(?<![0-9]){n}(?![0-9])", text):
        return True
    return word and any(re.search(rf"\b{w}\b", text.lower()) for w in WORDS.get(n, ()))


def test_the_text_states_every_number() -> None:
    missing = [(c.id, n) for c in cat().cards.values() for n, word in numbers(c) if not says(c.text, n, word)]
    assert missing == []


def test_the_text_names_every_keyword_ability() -> None:
    for c in cat().cards.values():
        if c.ambush:
            assert c.text.startswith("Ambush"), c.id
        if c.from_bin:
            assert "play me from your bin" in c.text and "Unstable" in c.text, c.id
        if c.graft is not None:
            assert ("Graft¹" if c.graft.bounded else "Graft∞") in c.text and "→" in c.text, c.id
        if c.augment and c.augment.abilities:
            assert "Augment:" in c.text, c.id
        if c.augment and c.augment.attributes:
            assert "Augment" in c.text, c.id
            assert all(a.capitalize() in c.text for a in c.augment.attributes), c.id
        if c.play and c.play.extra_cost:
            assert c.text.startswith("[Sacrifice"), c.id
        if c.x:
            assert "X" in c.text, c.id


# -- decklists ---------------------------------------------------------------------------------


def test_two_legal_decklists_per_pair_of_elements() -> None:
    pairs = Counter(frozenset(d.elements) for d in cat().decks.values())
    assert pairs == {frozenset(p): 2 for p in combinations(ELEMENTS, 2)}
    for d in cat().decks.values():
        assert len(d.elements) == 2 and d.name, d.id
        assert sum(d.cards.values()) >= 30, d.id
        assert all(1 <= n <= 2 for n in d.cards.values()), d.id
        for cid in d.cards:
            c = card(cid)
            assert c.playable_from_deck and set(c.elements) <= set(d.elements), (d.id, cid)
        for e in d.elements:  # a real two-element deck, not one element with a splash
            assert sum(n for cid, n in d.cards.items() if card(cid).elements == [e]) >= 10, (d.id, e)


# -- error reporting ---------------------------------------------------------------------------


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "broken.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def problems_in(tmp_path: Path, text: str) -> tuple[Path, list[Problem]]:
    path = write(tmp_path, text)
    _, _, problems, _ = load_cards([tmp_path])
    return path, problems


def only(problems: list[Problem]) -> Problem:
    assert len(problems) == 1, problems
    return problems[0]


GOOD_SPELL = """\
cards:
  - id: zap
    name: Zap
    kind: spell
    elements: [fire]
    cost: 1
    affinity: {fire: 1}
    text: Deal 1 damage to target unit.
    play:
      targets: {t: {type: unit}}
      effect:
        - damage: {to: t, amount: 1}
"""


def test_a_good_file_has_no_problems(tmp_path: Path) -> None:
    _, problems = problems_in(tmp_path, GOOD_SPELL)
    assert problems == []


def test_an_unknown_field_is_reported_at_its_line(tmp_path: Path) -> None:
    path, problems = problems_in(tmp_path, GOOD_SPELL.replace("    cost: 1\n", "    cost: 1\n    costt: 2\n"))
    p = only(problems)
    assert (p.file, p.line, p.card, p.field) == (str(path), 7, "zap", "costt")
    assert "not permitted" in p.message
    assert str(p).startswith(f"{path}:7: card 'zap' field 'costt'")


def test_an_unknown_verb_is_reported(tmp_path: Path) -> None:
    path, problems = problems_in(tmp_path, GOOD_SPELL.replace("- damage: {to: t, amount: 1}", "- zap: {to: t}"))
    p = only(problems)
    assert (p.file, p.line, p.card, p.field) == (str(path), 2, "zap", "play.effect")
    assert "unknown verb 'zap'" in p.message


def test_a_step_naming_a_missing_target_slot_is_reported(tmp_path: Path) -> None:
    path, problems = problems_in(tmp_path, GOOD_SPELL.replace("{to: t,", "{to: u,"))
    p = only(problems)
    assert (p.file, p.line, p.card, p.field) == (str(path), 2, "zap", "play.effect")
    assert "damage.to is 'u'" in p.message and "target slot (t)" in p.message


def test_a_bad_target_type_is_reported_at_its_line(tmp_path: Path) -> None:
    path, problems = problems_in(tmp_path, GOOD_SPELL.replace("{type: unit}", "{type: creature}"))
    p = only(problems)
    assert (p.file, p.line, p.card, p.field) == (str(path), 10, "zap", "play.targets.t.type")


def test_a_unit_without_stats_is_reported(tmp_path: Path) -> None:
    text = "cards:\n  - id: blob\n    name: Blob\n    kind: unit\n    text: ''\n"
    path, problems = problems_in(tmp_path, text)
    p = only(problems)
    assert (p.file, p.line, p.card) == (str(path), 2, "blob")
    # The whole-card check names no field of its own; its message names the missing one.
    assert "needs stats" in p.message


DECK = GOOD_SPELL + """\
decks:
  - id: zap-deck
    name: Zap Deck
    elements: [fire, water]
    cards:
      zap: 3
"""


def test_three_copies_in_a_deck_are_reported(tmp_path: Path) -> None:
    path, problems = problems_in(tmp_path, DECK)
    copies = [p for p in problems if "copies" in p.message]
    p = only(copies)
    assert (p.file, p.card, p.field) == (str(path), "zap-deck", "cards.zap")
    assert p.message.startswith("3 copies")
    short = [p for p in problems if p not in copies]
    assert [(q.card, q.field) for q in short] == [("zap-deck", "cards")]  # and it has under 30 cards


def test_a_deck_problem_is_reported_at_the_decks_line(tmp_path: Path) -> None:
    _, problems = problems_in(tmp_path, DECK)
    assert {p.line for p in problems} == {14}
