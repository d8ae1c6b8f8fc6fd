"""Algomancy setup and the planning phase, one test per rule (rulebook: Setup; Draw and draft step;
The planning phase)."""

from __future__ import annotations

from algomancy_play import card, edit, to_deploy, to_next_turn
from algomancy_play import game as play_game

from cardgames.api import new_game
from cardgames.engine import core_events as ce
from cardgames.engine.flow import Flow
from cardgames.engine.game import Game
from cardgames.engine.handover import public_options
from cardgames.engine.state import State
from cardgames.games.algomancy.events import CardDrawn


def draft_game(seed: int = 1) -> Game:
    return new_game("algomancy", ["Ann", "Bob"], seed, {"format": "draft", "elements": ["fire", "water", "earth"],
                                                        "initiative": "Ann"})


def options(g: Game) -> list[str]:
    return [o.key for o in g.decision.options]


def zone(g: Game, name: str) -> list[int]:
    return list(g.state.zones[name].cards)


def finish_draft(g: Game) -> None:
    while g.decision.kind == "draft":
        g.choose("done")


def resources(state: State, seat: int) -> list[tuple[str, bool, bool]]:
    return [(o.card, bool(o.props.get("face_down")), o.exhausted) for o in state.cards_in(f"resources:{seat}")]


def test_player_preparation_two_dormant_prismites_and_sixteen_cards() -> None:
    """Player preparation (p.11): initiative token, 2 Prismites face down, 16 cards = 4 hand + 10 pack + 2
    first draw; each player starts at 30 life."""
    g = draft_game()
    for seat in (0, 1):
        assert resources(g.state, seat) == [("prismite", True, False)] * 2
        assert len(zone(g, f"hand:{seat}")) == 6 and len(zone(g, f"pack:{seat}")) == 10
        assert g.state.players[seat].counters["life"] == 30
    assert g.state.globals["initiative"] == 0


def test_live_draft_deck_holds_the_chosen_elements_and_their_hybrids() -> None:
    """Element selection (p.11): the deck is the chosen elements' cards with their hybrids (2 copies: R15)."""
    g = draft_game()
    cards = g.ruleset.cards  # type: ignore[attr-defined]
    ids = [g.state.objects[o].card for z in ("deck", "hand:0", "hand:1", "pack:0", "pack:1") for o in zone(g, z)]
    assert all(set(cards[c].elements) <= {"fire", "water", "earth"} for c in ids)
    assert len(ids) == 2 * (30 + 3)


def test_draft_must_leave_exactly_ten_cards_in_the_pack() -> None:
    """Drafting (p.16): combine hand and pack, keep any, but exactly 10 go back in the pack."""
    g = draft_game()
    assert g.decision.kind == "draft" and "done" in options(g)
    take = next(o for o in g.decision.options if o.group == "take")
    g.choose(take)
    assert "done" not in options(g)
    give = next(o for o in g.decision.options if o.group == "give" and o.ref != take.ref)
    g.choose(give)
    assert "done" in options(g)
    g.choose("done")
    assert len(zone(g, "hand:0")) == 6 and take.ref in zone(g, "hand:0")


def test_no_draw_on_the_first_turn_and_packs_pass_clockwise() -> None:
    """Draw step (p.16): the first turn's draw was dealt with the opening hand; packs are passed after drafting."""
    g = draft_game()
    pack0 = set(zone(g, "pack:0"))
    finish_draft(g)
    assert len(zone(g, "hand:0")) == 6
    assert set(zone(g, "pack:1")) == pack0


def activate_two(g: Game) -> None:
    for _ in range(2):
        g.choose(next(o for o in g.decision.options if o.key.startswith("activate:")))


def test_at_most_two_activations_per_turn() -> None:
    """Resources (p.18): a player may activate at most two resources per turn."""
    g = draft_game()
    finish_draft(g)
    assert g.decision.kind == "resources"
    g.choose("create:fire")
    g.choose(next(o for o in g.decision.options if o.key.startswith("recycle:")))
    activate_two(g)
    assert not any(k.startswith("activate:") for k in options(g))
    assert [r[1] for r in resources(g.state, 0)] == [False, False, True]


def test_creating_a_resource_recycles_a_card_and_it_arrives_dormant() -> None:
    """Resources (p.18): any resource is created by recycling a card from hand; it spawns dormant."""
    g = draft_game()
    finish_draft(g)
    deck_before = len(zone(g, "deck"))
    g.choose("create:water")
    card = next(o for o in g.decision.options if o.key.startswith("recycle:"))
    g.choose(card)
    assert zone(g, "deck")[0] == card.ref and len(zone(g, "deck")) == deck_before + 1
    assert resources(g.state, 0)[-1] == ("benthic-reaches", True, False)


def test_which_resource_is_created_is_chosen_on_the_own_screen_as_it_spawns_face_down() -> None:
    """Resources (p.18): "All resources spawn dormant (come into play face down)" — so the choice of
    which one is never offered on the public table, and the other player's view and log never name it."""
    g = draft_game()
    finish_draft(g)
    public = [o.key for o in public_options(g.ruleset, g.state, g.decision)]
    assert "done" in public and not any(k.startswith("create:") for k in public)
    g.choose("create:water")
    g.choose(next(o for o in g.decision.options if o.key.startswith("recycle:")))
    bob = g.view(1)
    seen = [c.name for z in bob.zones.values() for c in z.cards] + list(g.logbook(1).read(g.events))
    assert not any("Benthic Reaches" in str(x) for x in seen)


def test_prismite_exchange_gives_an_active_resource_and_is_not_an_activation() -> None:
    """The Prismite card (p.18) and R8: an active Prismite may be exchanged for another resource."""
    g = draft_game()
    finish_draft(g)
    activate_two(g)
    g.choose(next(o for o in g.decision.options if o.key.startswith("exchange:")))
    g.choose("to:metal")
    assert ("alloyed-plains", False, False) in resources(g.state, 0)
    assert g.state.players[0].props["activations"] == 2


def test_shard_from_three_affinity_arrives_dormant() -> None:
    """Shards and affinity bonuses (p.18) and R7: activating an elemental resource with 3+ affinity of its
    element gives a Shard, dormant (activating it counts toward the two)."""
    g = draft_game()
    finish_draft(g)
    rules = g.ruleset
    flow = g.flow
    for _ in range(2):  # two Molten Calderas already active
        rules.create(flow, "molten-caldera", 0, "resources:0")  # type: ignore[attr-defined]
    third = rules.create(flow, "molten-caldera", 0, "resources:0", {"face_down": True})  # type: ignore[attr-defined]
    water = rules.create(flow, "benthic-reaches", 0, "resources:0", {"face_down": True})  # type: ignore[attr-defined]
    rules.planning.activate(flow, 0, water)  # type: ignore[attr-defined]
    assert not any(r[0] == "shard" for r in resources(g.state, 0))  # 1 water affinity only
    rules.planning.activate(flow, 0, third)  # type: ignore[attr-defined]
    assert resources(g.state, 0)[-1] == ("shard", True, False)


def test_constructed_draws_two_and_recycles_two() -> None:
    """Drafting in constructed (p.16): draw 2 cards and recycle 2 from hand instead of drafting."""
    g = new_game("algomancy", ["Ann", "Bob"], 3, {"format": "constructed", "initiative": "Ann",
                                                   "decks": {"Ann": "fire-water-tempo", "Bob": "earth-wood-growth"}})
    assert g.decision.kind == "recycle"
    assert len(zone(g, "hand:0")) == 8
    for _ in range(2):
        g.choose(g.decision.options[0])
    assert len(zone(g, "hand:0")) == 6


def test_packs_are_refreshed_after_n_plus_1_turns_even_when_the_shared_deck_ran_dry() -> None:
    """Creating & refreshing the pack (p.16): "after each cycle of N+1 turns ... all of the existing packs are
    recycled (put on the bottom of the deck) and each player is dealt a new pack of 10 cards" (1v1: turns 4, 7,
    ...); R13: a short deck deals what it has and nobody loses for running out.

    With the shared deck empty, the draw steps of turns 2 and 3 draw nothing, and at turn 4 the two recycled packs
    are dealt again as two new packs of 10."""
    g = edit(play_game({"hand": ["jelly"]}, {"hand": ["lithoghul"]}),
             lambda flow: [flow.emit(ce.ObjectMoved(o, "erased")) for o in list(flow.state.zones["deck"].cards)])
    packs = set(zone(g, "pack:0")) | set(zone(g, "pack:1"))
    hands = zone(g, "hand:0"), zone(g, "hand:1")
    while g.state.turn < 4:
        to_next_turn(g)
    assert g.outcome is None and (zone(g, "hand:0"), zone(g, "hand:1")) == hands
    dealt = [e for e in g.events[turn_start(g, 4):] if isinstance(e, CardDrawn) and e.to.startswith("pack:")]
    assert len(dealt) == 20 and {e.id for e in dealt} == packs
    assert len(zone(g, "pack:0")) == len(zone(g, "pack:1")) == 10 and not zone(g, "deck")


def dry_table() -> Game:
    """A live draft with the shared deck and both hands empty: no card can come to hand or play."""
    def empty(flow: Flow) -> None:
        for z in ("deck", "hand:0", "hand:1"):
            for o in list(flow.state.zones[z].cards):
                flow.emit(ce.ObjectMoved(o, "erased"))
    return edit(play_game(), empty)


def test_a_table_where_nothing_changes_for_ten_turns_is_a_draw() -> None:
    """A62 (house ruling: the rulebook has no end but life, and a dry shared deck "gives nothing and nobody
    loses", A58): with no card to draw and none in hand, packs can only be swapped, never kept, so the table
    can stay as it is forever. After ten whole turns in which no life was lost and no card was drawn, played
    or destroyed, the game ends in a draw, and says why."""
    g = dry_table()
    while g.outcome is None and g.state.turn < 30:
        to_next_turn(g)
    assert g.outcome is not None and g.outcome.draw and g.outcome.winners == []
    assert "nothing changed on the table for 10 turns" in g.outcome.reason
    assert g.state.turn == 11  # emptied during turn 1; turns 2-11 changed nothing; turn 12 never begins
    warnings = [line for line in g.log(0) if line.startswith("Nothing has changed on the table")]
    assert warnings == [  # the players are told before it happens, at half way and a turn before
        "Nothing has changed on the table for 5 turns: if nothing changes in the next 5 turns, it is a draw",
        "Nothing has changed on the table for 9 turns: if nothing changes in the next turn, it is a draw"]


def test_a_life_lost_starts_the_ten_quiet_turns_again() -> None:
    """A62: any change counts as progress: a player losing life in turn 6 means the draw comes ten turns after
    it, not after turn 10."""
    g = dry_table()
    while g.state.turn < 6:
        to_next_turn(g)
    g = edit(g, lambda flow: flow.emit(ce.PlayerCounterAdded(1, "life", -1)))
    while g.outcome is None and g.state.turn < 30:
        to_next_turn(g)
    assert g.outcome is not None and g.outcome.draw
    assert g.state.turn == 16  # turns 7-16 changed nothing


def test_an_effect_that_recycles_in_live_draft_names_its_card_and_the_shared_deck() -> None:
    """Recycling puts a card "on the bottom of the deck" (p.16); live draft has one shared deck, and "drafting in
    constructed" (draw 2, recycle 2) does not happen in it. Depth Scholar's "recycle a card from your hand" asks
    in the Scholar's name and the card goes under the shared deck; the prompt never says "constructed"."""
    g = play_game({"hand": ["depth-scholar", "jelly"], "mana": {"water": 2}})
    to_deploy(g)
    g.choose(f"play:{card(g, 'depth-scholar')}")
    assert g.decision.kind == "recycle"
    assert g.decision.prompt.startswith("Depth Scholar: recycle 1 more card(s)")
    assert "shared deck" in g.decision.prompt and "constructed" not in g.decision.prompt
    jelly = card(g, "jelly")
    g.choose(f"recycle:{jelly}")
    assert zone(g, "deck")[0] == jelly


def turn_start(g: Game, turn: int) -> int:
    """The index in the log of the event that began `turn`."""
    return next(i for i, e in enumerate(g.events) if isinstance(e, ce.TurnBegan) and e.turn == turn)
