"""Team games and archenemy through real games (rulebook: Player setups; Starting seating; Team games — Team
initiative, Team battle structure; Priority; Battle, Initiative; rulings R27, R29, R31, R71, R73)."""

from __future__ import annotations

import pytest
from algomancy_play import RESOURCE, answer_planning, edit, keys, life, rules, window
from ffa_play import ANN, BOB, CAT, DAN, ffa_game, units

from cardgames.api import new_game
from cardgames.engine import core_events as ce
from cardgames.engine.game import Game
from cardgames.engine.ruleset import SetupError
from cardgames.games.algomancy import legal, seating
from cardgames.games.algomancy.events import CardDrawn, player_ref
from cardgames.games.algomancy.rules import Algomancy
from cardgames.games.algomancy.schema import TargetSpec

WALKER, DRIFTER = "mirage-walker", "dune-drifter"


def team_game(sides: dict[int, dict[str, list[str] | int]], players: int = 4, initiative: str = "Ann") -> Game:
    return ffa_game(sides, players=players, fmt="teams", initiative=initiative)


def to_battle(g: Game) -> None:
    """Everyone passes planning and haste, up to the first battle decision."""
    while g.state.battle is None or (g.decision.kind == "priority" and window(g) == "haste"):
        if g.decision.kind == "priority":
            g.choose("pass")
        else:
            answer_planning(g)


def attack(g: Game, seat: int, target: int, unit_ids: list[int]) -> None:
    """`seat`'s formation against `target`'s region: each unit a column of its own (none: no attack)."""
    d = g.decision
    assert d.kind == "formation" and d.seat_index == seat, f"{d.kind} {d.seat}: {d.prompt}"
    assert g.state.battle is not None and g.state.battle["region"] == target
    for u in unit_ids:
        g.choose(f"unit:{u}")
        g.choose("slot:new")
    g.choose("done")


def test_player_setups_teams_are_2v2_or_3v3_and_archenemy_2v1() -> None:
    rules = Algomancy()
    with pytest.raises(SetupError, match="4 or 6 players"):
        rules.normalize_options(["A", "B", "C"], {"format": "teams"})
    with pytest.raises(SetupError, match="3 players"):
        rules.normalize_options(["A", "B", "C", "D"], {"format": "archenemy"})


def test_starting_seating_split_teams_sit_alternately_so_both_neighbours_are_opponents() -> None:
    g = team_game({}, players=6)
    s = g.state
    assert [p.team for p in s.players] == [0, 1, 0, 1, 0, 1]
    assert all(sorted(seating.enemy_neighbours(s, p)) == sorted({(p + 1) % 6, (p - 1) % 6}) for p in range(6))


def test_you_cannot_attack_a_team_mate_when_the_regions_close_up() -> None:
    g = team_game({})
    g.state.players[BOB].eliminated = True  # a query on a state where Bob is out
    assert seating.left(g.state, ANN) == CAT and seating.enemy_neighbours(g.state, ANN) == [DAN]


def test_team_initiative_the_initiative_team_acts_first_then_the_other_team() -> None:
    g = team_game({}, initiative="Bob")
    assert seating.turn_order(g.state, BOB) == [BOB, DAN, CAT, ANN]
    deployers: list[int] = []
    while g.state.turn == 1:
        d = g.decision
        if d.kind == "priority" and window(g) == "deploy" and d.seat_index not in deployers:
            deployers.append(d.seat_index)
        g.choose("pass" if d.kind == "priority" else "done")
    assert deployers == [BOB, DAN, CAT, ANN]  # the whole initiative team deploys first (R71)


def test_team_battle_structure_the_it_declare_attacks_into_every_enemy_region_at_once() -> None:
    g = team_game({ANN: {"region": [WALKER, WALKER]}, CAT: {"region": [WALKER]}})
    to_battle(g)
    a1, a2 = units(g, ANN)
    (c1,) = units(g, CAT)
    attack(g, ANN, BOB, [a1])     # Ann's left
    attack(g, ANN, DAN, [a2])     # Ann's right
    attack(g, CAT, DAN, [c1])     # Cat's left; with nothing left at home, she is not asked about Bob
    assert [g.state.objects[u].zone for u in (a1, a2, c1)] == ["region:1", "region:3", "region:3"]
    assert g.decision.kind == "priority" and window(g) == "battle:attack_window"


def test_scenario_a_2v2_split_battle_with_two_priority_windows() -> None:
    """Ann and Cat attack: a priority window in Bob's region, then one in Dan's (clockwise from Ann),
    then Bob and Dan block and counter-attack, the NIT regions finish, then the IT regions."""
    g = team_game({ANN: {"region": [WALKER, WALKER]}, BOB: {"region": [DRIFTER, DRIFTER]},
                   CAT: {"region": [WALKER]}, DAN: {"region": [DRIFTER]}})
    to_battle(g)
    a1, a2 = units(g, ANN)
    b1, b2 = units(g, BOB)
    (c1,) = units(g, CAT)
    attack(g, ANN, BOB, [a1])
    attack(g, ANN, DAN, [a2])
    attack(g, CAT, DAN, [c1])
    windows = []
    while g.decision.kind == "priority":
        reg = int(g.state.battle["region"]) if g.state.battle else -1
        windows.append((reg, g.decision.seat_index))
        g.choose("pass")
    # two separate windows: Bob's region (Ann, Bob present) then Dan's (Ann, Cat, Dan), each from Ann
    assert windows == [(BOB, ANN), (BOB, BOB), (DAN, ANN), (DAN, CAT), (DAN, DAN)]
    # blocks and counter-attacks, all at once: Bob blocks with one drifter and counter-attacks Cat
    assert g.decision.kind == "block" and g.decision.seat_index == BOB
    g.choose(f"unit:{b1}")
    g.choose("slot:0")
    g.choose(f"unit:{b2}")
    assert {"counter:0", "counter:2"} <= set(keys(g))  # toward Ann or toward Cat
    g.choose("counter:2")
    g.choose("done")
    assert g.decision.kind == "block" and g.decision.seat_index == DAN
    g.choose("done")  # Dan blocks nothing
    regions = []
    while g.state.battle is not None and g.state.battle.get("phase") == 1:
        regions.append(g.state.battle["region"])
        d = g.decision
        g.choose("pass" if d.kind == "priority" else d.options[0].key)
    assert [r for i, r in enumerate(regions) if i == 0 or regions[i - 1] != r] == [BOB, DAN]
    assert life(g, DAN) == 30 - 2 - 2 and life(g, BOB) == 30
    # phase 2: Bob's counter-attacker in Cat's region
    assert g.decision.kind == "formation" and g.decision.seat_index == BOB
    assert g.state.objects[b2].zone == "region:2" and (g.state.battle or {}).get("region") == CAT
    g.choose(f"unit:{b2}")
    g.choose("slot:new")
    g.choose("done")
    while g.state.battle is not None:
        d = g.decision
        g.choose("pass" if d.kind == "priority" else "done")
    assert life(g, CAT) == 30 - 2


def test_priority_shared_by_a_team_every_member_in_the_region_passes_before_the_step_ends() -> None:
    g = team_game({ANN: {"region": [WALKER]}, CAT: {"region": [WALKER]}})
    to_battle(g)
    attack(g, ANN, BOB, units(g, ANN))  # nothing left at home: Ann is not asked about Dan
    attack(g, CAT, DAN, [])
    attack(g, CAT, BOB, units(g, CAT))
    asked = []
    while g.decision.kind == "priority" and g.state.battle and g.state.battle["region"] == BOB:
        asked.append(g.decision.seat_index)
        g.choose("pass")
    assert asked == [ANN, CAT, BOB]  # the initiative team receives priority together, then Bob (A71)


def test_a_team_wins_when_every_member_of_the_other_team_is_out() -> None:
    g = team_game({ANN: {"region": [WALKER]}, CAT: {"region": [WALKER]}, BOB: {"life": 2}, DAN: {"life": 2}})
    to_battle(g)
    attack(g, ANN, BOB, units(g, ANN))
    attack(g, CAT, DAN, units(g, CAT))
    while g.outcome is None:
        d = g.decision
        g.choose("pass" if d.kind == "priority" else "done")
    assert sorted(g.outcome.winners) == [ANN, CAT] and g.outcome.reason == "Ann and Cat are the last standing"


def test_archenemy_the_single_player_takes_the_head_start_turn_before_the_others_begin() -> None:
    g = ffa_game({ANN: {"region": [WALKER]}}, players=3, fmt="archenemy", initiative="Ann")
    assert [p.team for p in g.state.players] == [0, 1, 1]
    asked = set()
    while g.state.turn == 1:
        asked.add(g.decision.seat_index)
        assert g.decision.kind != "formation"  # no battle: nobody else is in the game yet
        d = g.decision
        g.choose("pass" if d.kind == "priority" else "done")
    assert asked == {ANN}
    assert g.state.globals["initiative"] == BOB and not g.state.globals["waiting"]
    hands = [len(g.state.zones[f"hand:{s}"].cards) for s in (BOB, CAT)]
    while g.decision.kind != "draft":
        g.choose("done" if g.decision.kind != "priority" else "pass")
    assert [len(g.state.zones[f"hand:{s}"].cards) for s in (BOB, CAT)] == hands  # their first draw was dealt


def test_archenemy_a_head_start_of_two_turns() -> None:
    g = ffa_game({}, players=3, fmt="archenemy", head_start=2)
    while g.state.turn <= 2:
        assert g.decision.seat_index == ANN
        d = g.decision
        g.choose("pass" if d.kind == "priority" else "done")
    assert g.state.globals["initiative"] == BOB


TEAM_DECKS = {"Ann": "earth-metal-forge", "Bob": "fire-earth-aggro", "Cat": "earth-wood-giants",
              "Dan": "fire-earth-siege"}


def team_draft() -> Game:
    return new_game("algomancy", ["Ann", "Bob", "Cat", "Dan"], 5,
                    {"format": "teamdraft", "decks": TEAM_DECKS, "initiative": "Ann"})


def test_team_draft_each_team_live_drafts_from_a_deck_of_30_cards_per_player() -> None:
    g = team_draft()
    rules = Algomancy()
    for team, members in ((0, ("Ann", "Cat")), (1, ("Bob", "Dan"))):
        seats = [s for s, n in enumerate(["Ann", "Bob", "Cat", "Dan"]) if n in members]
        zones = [f"deck:team{team}", *(f"{z}:{s}" for s in seats for z in ("hand", "pack"))]
        held = sorted(o.card for z in zones for o in g.state.cards_in(z))
        listed = sorted(cid for m in members for cid, n in rules.cat.decks[TEAM_DECKS[m]].cards.items()
                        for _ in range(int(n)))
        assert held == listed and len(listed) >= 60  # 30 (or more) cards per player, none of the other team's
        assert all(len(g.state.zones[f"pack:{s}"].cards) == 10 for s in seats)


def test_team_draft_packs_pass_to_the_next_team_mate() -> None:
    g = team_draft()
    ann_pack = sorted(g.state.zones["pack:0"].cards)
    while g.state.phase == "planning" and g.decision.kind == "draft":
        g.choose("done")
    assert sorted(g.state.zones["pack:2"].cards) == ann_pack  # to Cat, not to Bob


def test_a_region_waiting_its_turn_closes_a_column_emptied_meanwhile_before_blocks() -> None:
    """Hold the line in a region whose battle waits (found by the fuzz, teams-6p seed 1019): a unit
    that left a waiting region's attack before its blocks closes its column, as it would there (R35)."""
    g = team_game({ANN: {"region": [WALKER, WALKER, WALKER]}})
    to_battle(g)
    a1, a2, a3 = units(g, ANN)
    attack(g, ANN, BOB, [a1])
    attack(g, ANN, DAN, [a2, a3])
    g.choose("pass")  # Ann in Bob's window; the battle data now waits in Dan's region too
    g = edit(g, lambda flow: flow.emit(ce.ObjectMoved(a2, "erased", reset=True)))
    while not (g.state.battle and g.state.battle["region"] == DAN):
        g.choose("pass")
    assert g.state.battle["attack"] == [[a3]]


@pytest.mark.parametrize("fmt, n, setup", [("teams-constructed", 4, "teams"), ("joint-constructed", 6, "joint"),
                                           ("archenemy-constructed", 3, "archenemy")])
def test_game_formats_team_games_in_constructed_each_player_brings_a_decklist(fmt: str, n: int, setup: str) -> None:
    """Constructed: "no shared deck and players' individual decks will go in the location of their pack"
    (Game formats; Draft step: Constructed) — in the team setups too."""
    rules = Algomancy()
    names = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"][:n]
    decks = sorted(rules.cat.decks)
    chosen = {name: decks[i % len(decks)] for i, name in enumerate(names)}
    g = new_game("algomancy", names, 3, {"format": fmt, "decks": chosen, "initiative": "Ann"})
    s = g.state
    assert s.globals["setup"] == setup and s.globals["format"] == "constructed" and "deck" not in s.zones
    for seat, name in enumerate(names):
        held = sorted(o.card for z in (f"deck:{seat}", f"hand:{seat}") for o in s.cards_in(z))
        assert held == sorted(c for c, k in rules.cat.decks[chosen[name]].cards.items() for _ in range(int(k)))
        assert not s.zones[f"pack:{seat}"].cards
    with pytest.raises(SetupError, match="elements are chosen for live draft"):
        rules.normalize_options(names, {"format": fmt, "elements": ["fire", "water", "earth", "metal"]})


def ordered_steps(g: Game) -> dict[str, list[int]]:
    """Play the turn under way out from its first decision, everyone passing and keeping their hand: who drew
    in the draw step, and who was asked first in each other step that has an order, in the order asked."""
    begun = max(i for i, e in enumerate(g.events) if isinstance(e, ce.TurnBegan))
    seen: dict[str, list[int]] = {"draw": []}
    for e in g.events[begun:]:
        if isinstance(e, CardDrawn) and e.to.startswith("hand:") and e.seat not in seen["draw"]:
            seen["draw"].append(e.seat)
    turn = g.state.turn
    while g.state.turn == turn and g.outcome is None:
        d = g.decision
        step = window(g) if d.kind == "priority" else d.kind
        asked = seen.setdefault(step, [])
        if step in ("draft", "recycle", "resources", "haste", "deploy") and d.seat_index not in asked:
            asked.append(d.seat_index)
        g.choose("pass" if d.kind == "priority" else d.options[0].key if d.kind == "recycle" else "done")
    return seen


@pytest.mark.parametrize(("fmt", "players", "turns", "order"), [
    ("teams", 4, 1, [CAT, ANN, DAN, BOB]),           # Cat's team (Ann, Cat), then Bob's; clockwise: Cat Dan Ann Bob
    ("teams-constructed", 4, 1, [CAT, ANN, DAN, BOB]),
    ("joint", 4, 1, [CAT, ANN, DAN, BOB]),
    ("teams", 6, 1, [CAT, 4, ANN, DAN, 5, BOB]),     # 3v3: Ann, Cat, Eve against Bob, Dan, Fay
    ("archenemy", 3, 2, [CAT, BOB, ANN]),            # turn 3: Cat's team (Bob, Cat), then the archenemy
])
def test_team_initiative_every_step_with_an_order_takes_the_initiative_team_first(
        fmt: str, players: int, turns: int, order: list[int]) -> None:
    """A70 (Team initiative: "Teams act together in all situations"): in the draw step, the draft (or draw 2,
    recycle 2), the resource step, haste and deployment the whole initiative team goes first, clockwise
    from the initiative player, then the other team; plain clockwise order would interleave the teams."""
    if fmt == "teams-constructed":
        names = ["Ann", "Bob", "Cat", "Dan"]
        deck = sorted(Algomancy().cat.decks)[0]
        g = new_game("algomancy", names, 1, {"format": fmt, "decks": {n: deck for n in names}, "initiative": "Bob",
                                             "stop": {n: "always" for n in names}})
    else:
        g = ffa_game({}, players=players, fmt=fmt, initiative="Bob")
    for _ in range(turns):
        ordered_steps(g)  # Bob's turn (and in archenemy the head start before it)
    assert g.state.globals["initiative"] == CAT and seating.turn_order(g.state, CAT) == order
    steps = ordered_steps(g)
    draft = ("draw", "recycle") if fmt == "teams-constructed" else ("draw", "draft")
    assert {step: steps[step] for step in (*draft, "resources", "haste", "deploy")} == \
        {step: order for step in (*draft, "resources", "haste", "deploy")}


def test_team_initiative_end_of_turn_abilities_take_the_initiative_team_first() -> None:
    """A70 with R20 (end of turn, the initiative player's first): in team games the whole initiative team's
    end-of-turn abilities go first, then the other team's — Bob's and Dan's Sprouts before Cat's."""
    enclave = "pathogenic-enclave"
    g = team_game({BOB: {"region": [enclave]}, CAT: {"region": [enclave]}, DAN: {"region": [enclave]}},
                  initiative="Bob")
    while g.state.turn == 1:
        d = g.decision
        g.choose("pass" if d.kind == "priority" else "done")
    sprouts = sorted((o for o in g.state.objects.values() if o.card == "sprout"), key=lambda o: o.id)
    assert [o.controller for o in sprouts] == [BOB, DAN, CAT]  # clockwise would be Bob, Cat, Dan


def test_team_games_a_split_team_mate_and_their_units_are_allies() -> None:
    """A70 ("'Ally' and 'enemy' in card text count team-mates as allies"): Ann and Cat both attack Dan; in Dan's
    region Ann's Battle ("Target allied unit and target enemy unit fight") may take Cat's Walker as the allied
    unit, never as the enemy one; and an "ally" player target there may be Cat."""
    g = team_game({ANN: {"region": [WALKER], "hand": ["battle-fight"]}, CAT: {"region": [WALKER]},
                   DAN: {"region": [DRIFTER]}})
    edit(g, lambda flow: [rules(g).create(flow, RESOURCE["earth"], ANN, f"resources:{ANN}") for _ in range(2)])
    to_battle(g)
    (a1,), (c1,), (d1,) = units(g, ANN), units(g, CAT), units(g, DAN)
    attack(g, ANN, BOB, [])
    attack(g, ANN, DAN, [a1])
    attack(g, CAT, DAN, [c1])
    assert window(g) == "battle:attack_window" and g.decision.seat_index == ANN
    assert (g.state.battle or {})["region"] == DAN
    fight = next(o.id for o in g.state.cards_in(f"hand:{ANN}"))
    g.choose(f"play:{fight}")
    assert {f"target:{a1}", f"target:{c1}"} <= set(keys(g)) and f"target:{d1}" not in keys(g)
    g.choose(f"target:{c1}")
    assert f"target:{d1}" in keys(g) and f"target:{a1}" not in keys(g)
    ally = TargetSpec(type="player", side="ally", count=1)
    assert legal.candidates(rules(g), g.state, ANN, ally, None, DAN) == [player_ref(ANN), player_ref(CAT)]


def test_three_players_in_one_region_a_team_mates_formation_beside_yours_is_not_adjacent() -> None:
    """A67 with A70: Ann's Shieldwall Sentry ("Allied units adjacent to me get +0/+1") and Cat's Walker attack Dan
    side by side, each in their own formation: Cat's Walker is an ally but not adjacent, so it gets nothing."""
    g = team_game({ANN: {"region": ["shieldwall-sentry"]}, CAT: {"region": [WALKER]}, DAN: {"region": [DRIFTER]}})
    to_battle(g)
    (sentry,), (c1,) = units(g, ANN), units(g, CAT)
    attack(g, ANN, BOB, [])
    attack(g, ANN, DAN, [sentry])
    attack(g, CAT, DAN, [c1])
    assert (g.state.battle or {})["attack"] == [[sentry], [c1]]
    assert g.ruleset.battle_rules.stats(g.state, c1) == rules(g).cards[WALKER].stats  # type: ignore[attr-defined]


def test_priority_all_players_on_a_team_share_priority_a_member_who_passed_may_act_after_a_team_mate() -> None:
    """Priority: "All players on a team share priority and can take actions in whichever order they choose
    amongst themselves. Teams pass priority and receive priority collectively." (A71) In Dan's region Ann
    passes, then Cat plays Battle: the initiative team still holds priority, so Ann is asked again before
    Dan; when the stack is empty and everyone passed in a row, the step ends."""
    g = team_game({ANN: {"region": [WALKER]}, CAT: {"region": [WALKER], "hand": ["battle-fight"]},
                   DAN: {"region": [DRIFTER, DRIFTER]}})
    edit(g, lambda flow: [rules(g).create(flow, RESOURCE["earth"], CAT, f"resources:{CAT}") for _ in range(2)])
    to_battle(g)
    (a1,), (c1,), (d1, _) = units(g, ANN), units(g, CAT), units(g, DAN)
    attack(g, ANN, BOB, [])
    attack(g, ANN, DAN, [a1])
    attack(g, CAT, DAN, [c1])
    assert window(g) == "battle:attack_window" and g.decision.seat_index == ANN
    g.choose("pass")
    assert g.decision.seat_index == CAT
    g.choose(f"play:{next(o.id for o in g.state.cards_in(f'hand:{CAT}'))}")
    g.choose(f"target:{c1}")
    g.choose(f"target:{d1}")
    asked = []
    while g.state.chain:
        asked.append(g.decision.seat_index)
        g.choose("pass")
    assert asked == [CAT, ANN, DAN]  # Cat keeps priority, then her team-mate, then the other team
    assert g.state.objects[d1].zone == f"bin:{DAN}"


def test_priority_a_team_receives_priority_together_in_a_region_the_initiative_player_is_not_in() -> None:
    """Priority window ("If the initiative player is not present in the region, priority begins with the player
    nearest to the initiative player, clockwise") with "Teams pass priority and receive priority collectively"
    (A71): in phase 2 Bob and Dan counter-attack Cat; Cat's team holds the initiative, so Cat is asked first,
    then Bob and Dan together — not Bob (nearest to Ann) before Cat."""
    g = team_game({ANN: {"region": [WALKER]}, BOB: {"region": [DRIFTER, DRIFTER]}, CAT: {"region": [WALKER]},
                   DAN: {"region": [DRIFTER, DRIFTER]}})
    to_battle(g)
    (a1,), (_, b2), (c1,), (_, d2) = units(g, ANN), units(g, BOB), units(g, CAT), units(g, DAN)
    attack(g, ANN, BOB, [a1])
    attack(g, CAT, DAN, [c1])
    while g.decision.kind != "block":
        g.choose("pass")
    for counter in (b2, d2):  # Bob and Dan block nothing and each send one Drifter at Cat
        assert g.decision.kind == "block"
        g.choose(f"unit:{counter}")
        g.choose(f"counter:{CAT}")
        g.choose("done")
    while not (g.decision.kind == "priority" and (g.state.battle or {}).get("phase") == 2):
        d = g.decision
        if d.kind == "formation" and any(k.startswith("unit:") for k in keys(g)):
            g.choose(next(k for k in keys(g) if k.startswith("unit:")))  # the counter-attackers must line up
            g.choose("slot:new")
            continue
        g.choose("pass" if d.kind == "priority" else "done")
    assert (g.state.battle or {})["region"] == CAT
    asked = []
    while g.decision.kind == "priority" and window(g) == "battle:attack_window":
        asked.append(g.decision.seat_index)
        g.choose("pass")
    assert asked == [CAT, BOB, DAN]


def test_team_initiative_each_player_sacrifices_in_team_order() -> None:
    """A70 with Sacrifice: Bob and Dan (the initiative team) attack Cat; Bob's Maw of Damnation ("Each player
    sacrifices two units") asks Bob, then his team-mate Dan, then Cat — not Bob, Cat, Dan round the table."""
    g = team_game({BOB: {"region": [DRIFTER] * 3, "hand": ["maw-of-damnation"]}, DAN: {"region": [DRIFTER] * 3},
                   CAT: {"region": [WALKER] * 3}}, initiative="Bob")
    edit(g, lambda flow: [rules(g).create(flow, RESOURCE["fire"], BOB, f"resources:{BOB}") for _ in range(5)])
    to_battle(g)
    attack(g, BOB, CAT, units(g, BOB))
    attack(g, DAN, ANN, [])
    attack(g, DAN, CAT, units(g, DAN))
    assert window(g) == "battle:attack_window" and g.decision.seat_index == BOB
    g.choose(f"play:{next(o.id for o in g.state.cards_in(f'hand:{BOB}'))}")
    while g.decision.kind == "priority":
        g.choose("pass")
    asked: list[int] = []
    while g.decision.kind == "sacrifice":
        if g.decision.seat_index not in asked:
            asked.append(g.decision.seat_index)
        g.choose(g.decision.options[0].key)
    assert asked == [BOB, DAN, CAT]
