"""The players' log of a battle (rulebook: Battle — Attacking, Blocking; Free for all; Team games): who attacks with
what and where, who blocks what with what, written once where it is declared and before the damage it leads to;
and the log of a mod applied or tokens created."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
import test_fuzz_algomancy
import test_fuzz_algomancy_ffa
from algomancy_play import (
    ANN,
    BOB,
    attack,
    block,
    card,
    cards,
    game,
    pass_until_window,
    resolve,
    to_battle,
    to_deploy,
)
from ffa_play import CAT, DAN, ffa_game, intents, to_intents, units
from kit.fuzz import NAMES

from cardgames import load_game
from cardgames.engine import core_events as ce
from cardgames.engine.events import Event, apply
from cardgames.engine.game import Game, SaveError
from cardgames.engine.state import State
from cardgames.games.algomancy import events as ae
from cardgames.games.algomancy.rules import Algomancy

RULES = Algomancy()
FORMATS = {f.name: (f, test_fuzz_algomancy.pick) for f in test_fuzz_algomancy.SPEC.formats} | {
    f.name: (f, test_fuzz_algomancy_ffa.pick) for f in test_fuzz_algomancy_ffa.SPEC.formats}
WALKER, DRIFTER = "mirage-walker", "dune-drifter"


def public_log(events: list[Event]) -> Iterator[tuple[Event, str | None, State]]:
    """Each event with the line it writes in the public log (None: none) and the table just after it, as the
    log is built (engine/logbook.py). The table is one state, updated as the walk goes on."""
    shadow = State(game=RULES.name, players=[])
    for ev in events:
        apply(shadow, ev)
        yield ev, None if ev.INTERNAL else RULES.describe(shadow, ev, None), shadow


def lines(g: Game) -> list[str]:
    return [text for _, text, _ in public_log(g.events) if text]


def in_order(log: list[str], *expected: str) -> list[int]:
    """Where each expected line is in the log, each after the one before (fails naming the first missing)."""
    at, found = 0, []
    for want in expected:
        hits = [i for i in range(at, len(log)) if log[i] == want]
        assert hits, f"{want!r} not in the log after line {at}:\n" + "\n".join(log)
        found.append(hits[0])
        at = hits[0] + 1
    return found


@dataclass
class Battles:
    """What a walk through a game's log found: combat damage lines, attack and block lines."""

    fights: int = 0
    attacks: int = 0
    blocks: int = 0
    names: set[str] = field(default_factory=set)


def walk(game_events: list[Event], where: str) -> Battles:
    """Every combat damage line comes after the attack line and then the block line of its region's fight (this
    battle, this phase); each seat's attack and each region's blocks are written once per fight; each attack line
    names its attacker, every unit it attacks with and the region."""
    seen = Battles()
    attacked: dict[tuple[int, int], int] = {}  # (phase, region) -> line of the first attack there
    blocked: dict[tuple[int, int], int] = {}
    attackers: set[tuple[int, int, int]] = set()
    for i, (ev, text, state) in enumerate(public_log(game_events)):
        b = state.battle or {}
        if text is None and not isinstance(ev, ce.BattleChanged):
            continue
        if isinstance(ev, ce.BattleChanged) and (ev.end or ev.battle is not None):
            attacked, blocked, attackers = {}, {}, set()
        if isinstance(ev, ae.AttackDeclared):
            key = (int(b.get("phase", 0)), ev.region)
            assert (*key, ev.seat) not in attackers, f"{where}: a second attack line {text!r}"
            attackers.add((*key, ev.seat))
            if ev.columns:
                attacked.setdefault(key, i)
            name = state.players[ev.seat].name
            assert text.startswith(f"{name} counter-attacks with " if ev.counter else f"{name} attacks with ") \
                if ev.columns else text.startswith(f"{name} does not attack "), f"{where}: {text!r}"
            for u in (u for c in ev.columns for u in c):
                assert RULES.card_name(state, state.objects[u]) in text, f"{where}: {text!r}"
            assert ev.columns == [] or text.endswith(f"(region of {state.players[ev.region].name})") \
                or " and " in text.rsplit("(region of ", 1)[-1], f"{where}: {text!r}"
            seen.attacks += bool(ev.columns)
            seen.names.add(text.split(" ", 2)[1])
        elif isinstance(ev, ae.BlocksDeclared):
            key = (int(b.get("phase", 0)), ev.region)
            assert key not in blocked, f"{where}: a second block line {text!r}"
            blocked[key] = i
            assert ev.attacked == (key in attacked), f"{where}: {text!r} without an attack line before it"
            seen.blocks += 1
        elif isinstance(ev, ae.Damaged) and ev.combat:
            key = (int(b.get("phase", 0)), int(b["region"]))
            assert key in attacked and key in blocked and attacked[key] < blocked[key] < i, \
                f"{where}: combat damage {text!r} before its attack and block lines"
            seen.fights += 1
    return seen


def played(name: str, seed: int) -> Game:
    fmt, pick = FORMATS[name]
    rng = random.Random(f"log/{name}/{seed}")
    g = Game.new(RULES, NAMES[:fmt.players], seed, dict(fmt.options(rng, seed)))
    while g.outcome is None and len(g.events) < 12_000:
        g.choose(pick(rng, g.decision))  # type: ignore[operator]
    return g


@pytest.mark.parametrize("name", ["draft", "ffa-4p", "teams-4p", "joint-4p", "archenemy-3p"])
def test_battle_the_log_says_who_attacks_and_who_blocks_before_the_damage(name: str) -> None:
    """1v1, free-for-all with intents, split and joint teams, archenemy: random games' logs."""
    g = played(name, 3)
    seen = walk(list(g.events), name)
    assert seen.fights and seen.attacks and seen.blocks, f"{name}: no combat in the game ({seen})"


def test_battle_1v1_attack_then_blocks_then_damage_and_a_counter_attack() -> None:
    """Phase 1: Ann attacks, Bob blocks one column and sends a unit to counter-attack; phase 2: Bob's counter-attack,
    and Ann blocks nothing."""
    g = game({"region": [WALKER, DRIFTER]}, {"region": [WALKER, DRIFTER]})
    to_battle(g)
    a_walker, a_drifter = card(g, WALKER, "region:0"), card(g, DRIFTER, "region:0")
    b_walker, b_drifter = card(g, WALKER, "region:1"), card(g, DRIFTER, "region:1")
    attack(g, [a_walker], [a_drifter])
    block(g, {0: [b_walker]}, counter=[b_drifter])
    pass_until_window(g, "battle:after_window")
    while g.decision.kind != "formation":
        g.choose("pass")
    attack(g, [b_drifter])
    block(g)
    log = lines(g)
    in_order(log, "Ann attacks with Mirage Walker, Dune Drifter (region of Bob)",
             "Bob blocks Mirage Walker with Mirage Walker; sends Dune Drifter to counter-attack (region of Ann)",
             "Mirage Walker deals 2 damage to Mirage Walker", "Bob counter-attacks with Dune Drifter (region of Ann)",
             "Ann declares no blocks")
    pass_until_window(g, "battle:after_window")
    in_order(lines(g), "Ann declares no blocks", "Dune Drifter deals 2 damage to Ann")
    assert sum(line.startswith("Ann attacks") for line in lines(g)) == 1


def test_battle_1v1_no_attack_is_said_and_no_block_line_follows() -> None:
    g = game({"region": [WALKER]}, {"region": [DRIFTER]})
    to_battle(g)
    g.choose("done")
    block(g)
    log = lines(g)
    assert "Ann does not attack Bob" in log
    assert not any("blocks" in line for line in log)


def test_battle_1v1_nothing_to_attack_with_writes_no_line() -> None:
    """Ann has no unit in play: she is not said not to attack; Bob, with nothing attacking him, blocks nothing."""
    g = game({"hand": [WALKER]}, {"region": [DRIFTER]})
    to_battle(g)
    g.choose("done")  # the (empty) formation
    block(g)
    log = lines(g)
    assert "Battle" in log and "Deployment" in log[log.index("Battle"):]
    assert not any("attack" in line or "block" in line for line in log)


def test_free_for_all_each_attacker_sets_its_formation_in_the_region_then_the_defender_blocks() -> None:
    """Intent cards flip; in Bob's region Ann's and Cat's formations are declared, Bob blocks one of them."""
    g = ffa_game({ANN: {"region": [WALKER]}, BOB: {"region": [DRIFTER]}, CAT: {"region": [WALKER]}})
    to_intents(g)
    (a,), (b,), (c,) = units(g, ANN), units(g, BOB), units(g, CAT)
    ways = {ANN: {a: "left"}, BOB: {}, CAT: {c: "right"}}
    while g.decision.kind == "intent":
        intents(g, g.decision.seat_index, ways[g.decision.seat_index])
    target = int(g.state.battle["region"]) if g.state.battle and g.state.battle.get("region") is not None else -1
    while g.decision.kind != "block":
        d = g.decision
        if d.kind == "formation":
            g.choose(f"unit:{units_of(g, d.seat_index, target)[0]}")
            g.choose("slot:new")
            g.choose("done")
        else:
            g.choose("pass")
        target = int(g.state.battle["region"])
    assert target == BOB
    g.choose(f"unit:{b}")
    g.choose("slot:0")
    g.choose("done")
    while g.state.battle is not None and g.state.battle.get("region") == BOB:
        g.choose("pass")
    log = lines(g)
    flip = next(i for i, line in enumerate(log) if line.startswith("Intent cards flip"))
    first, _, blocks = in_order(log, "Ann attacks with Mirage Walker (region of Bob)",
                                     "Cat attacks with Mirage Walker (region of Bob)",
                                     "Bob blocks Mirage Walker with Dune Drifter")
    assert flip < first
    damage = [i for i, line in enumerate(log) if "damage to" in line]
    assert damage and min(damage) > blocks


def units_of(g: Game, seat: int, reg: int) -> list[int]:
    return [o.id for o in g.state.cards_in(f"region:{reg}") if o.controller == seat]


def test_team_games_each_attack_and_each_region_blocks_written_once_in_order() -> None:
    """A 2v2 split battle: Ann attacks Bob and Dan, Cat attacks Dan; Bob blocks and counter-attacks Cat, Dan blocks
    nothing; then phase 2 in Cat's region."""
    g = ffa_game({ANN: {"region": [WALKER, WALKER]}, BOB: {"region": [DRIFTER, DRIFTER]},
                  CAT: {"region": [WALKER]}, DAN: {"region": [DRIFTER]}}, players=4, fmt="teams")
    while g.state.battle is None or (g.decision.kind == "priority"):
        d = g.decision
        g.choose("pass" if d.kind == "priority" else "done")
    a1, a2 = units(g, ANN)
    b1, b2 = units(g, BOB)
    (c1,) = units(g, CAT)
    for seat, unit in ((ANN, a1), (ANN, a2), (CAT, c1)):
        assert g.decision.kind == "formation" and g.decision.seat_index == seat
        g.choose(f"unit:{unit}")
        g.choose("slot:new")
        g.choose("done")
    while g.decision.kind == "priority":
        g.choose("pass")
    g.choose(f"unit:{b1}")
    g.choose("slot:0")
    g.choose(f"unit:{b2}")
    g.choose("counter:2")
    g.choose("done")
    g.choose("done")  # Dan blocks nothing
    while g.state.battle is not None:
        d = g.decision
        if d.kind == "formation":
            g.choose(f"unit:{b2}")
            g.choose("slot:new")
        g.choose("pass" if d.kind == "priority" else "done")
    log = lines(g)
    in_order(log, "Ann attacks with Mirage Walker (region of Bob)", "Ann attacks with Mirage Walker (region of Dan)",
             "Cat attacks with Mirage Walker (region of Dan)",
             "Bob blocks Mirage Walker with Dune Drifter; sends Dune Drifter to counter-attack (region of Cat)",
             "Dan declares no blocks", "Mirage Walker deals 2 damage to Dune Drifter",
             "Mirage Walker deals 2 damage to Dan", "Bob counter-attacks with Dune Drifter (region of Cat)",
             "Cat declares no blocks", "Dune Drifter deals 2 damage to Cat")
    for line in ("Ann attacks with Mirage Walker (region of Bob)", "Cat attacks with Mirage Walker (region of Dan)",
                 "Dan declares no blocks"):
        assert log.count(line) == 1, line
    walk(list(g.events), "2v2")


def test_archenemy_the_team_of_two_attacks_the_archenemy_and_the_log_says_so() -> None:
    """Ann, the archenemy, took her head start; on turn 2 Bob's team has the initiative: Bob attacks, Cat does not,
    Ann blocks nothing."""
    g = ffa_game({ANN: {"region": [WALKER]}, BOB: {"region": [DRIFTER]}, CAT: {"region": [DRIFTER]}},
                 players=3, fmt="archenemy", initiative="Bob", head_start=1)
    while g.state.battle is None or g.decision.kind == "priority":
        d = g.decision
        g.choose("pass" if d.kind == "priority" else "done")
    assert g.state.turn == 2 and g.decision.kind == "formation" and g.decision.seat_index == BOB
    g.choose(f"unit:{units(g, BOB)[0]}")
    g.choose("slot:new")
    g.choose("done")
    assert g.decision.kind == "formation" and g.decision.seat_index == CAT
    g.choose("done")
    while g.decision.kind != "block":
        g.choose("pass")
    g.choose("done")
    in_order(lines(g), "Bob attacks with Dune Drifter (region of Ann)", "Cat does not attack Ann",
             "Ann declares no blocks")


def test_the_log_of_tokens_created() -> None:
    """Recyclable Sentinel's graft creates A Pile of Rubbish when it dies (rulebook p.23's example)."""
    g = game({"region": ["recyclable-sentinel"]}, {"region": ["tiderunner-initiate"]})
    to_battle(g)
    attack(g, [card(g, "recyclable-sentinel")])
    block(g, {0: [card(g, "tiderunner-initiate")]})
    pass_until_window(g, "battle:after_window")
    resolve(g)
    assert len(cards(g, "a-pile-of-rubbish", "region:1")) == 1
    in_order(lines(g), "Recyclable Sentinel died", "Ann creates A Pile of Rubbish (region of Bob)")


def test_the_log_of_a_mod_applied_from_hand() -> None:
    """Augment (p.32): Targeting Module tucked under Tidepool Terror; the log says who applied what onto what."""
    g = game({"hand": ["targeting-module"], "region": ["tidepool-terror"], "mana": {"metal": 2}})
    to_deploy(g)
    g.choose(f"mod:{card(g, 'targeting-module')}")
    g.choose(f"target:{card(g, 'tidepool-terror')}")
    assert lines(g)[-1] == "Ann augments Targeting Module onto Tidepool Terror (Ann)"


def test_an_older_save_is_refused_with_why(tmp_path: Path) -> None:
    """The battle's log lines are events of their own since rules version 8: a save of version 7 would replay
    without them, so it is refused, naming both versions."""
    g = game({"region": [WALKER]}, {"region": [DRIFTER]})
    path = tmp_path / "old.save"
    g.save(path)
    head, _, rest = path.read_text(encoding="utf-8").partition("\n")
    now = RULES.rules_version  # 8 or later
    assert int(now) >= 8 and f'"rules_version":"{now}"' in head
    path.write_text(head.replace(f'"rules_version":"{now}"', '"rules_version":"7"') + "\n" + rest, encoding="utf-8")
    with pytest.raises(SaveError, match="rules version") as info:
        load_game(path)
    assert "'7'" in str(info.value) and f"'{now}'" in str(info.value)


def test_a_draw_is_written_for_its_drawer_alone_and_says_where_it_went() -> None:
    """Drawing (rulebook: Draw phase; the draft's packs): the drawer reads which card, "into the pack"
    when it goes there; nobody else reads a line of it (the card is hidden from them)."""
    g = Game.new(RULES, ["Ann", "Bob"], 3, {})
    pick = random.Random(3)
    while g.outcome is None and g.state.turn < 3:
        g.choose(pick.choice(g.decision.options))
    draws = [ev for ev in g.events if isinstance(ev, ae.CardDrawn) and ev.seat == 0]
    mine = [line for line in g.logbook(0).read(g.events) if line.startswith("Ann draws ")]
    theirs = [line for line in g.logbook(1).read(g.events) if line.startswith("Ann draws ")]
    packed = [ev for ev in draws if ev.to.startswith("pack")]
    assert packed and len(packed) < len(draws)  # both kinds of draw happened
    assert len(mine) == len(draws) and not theirs
    assert sum(1 for line in mine if line.endswith(" into the pack")) == len(packed)
    assert not any(" their " in line for line in mine)
