"""view(seat) and the players' log show a seat only what it may see: never others' hands or decks."""

from __future__ import annotations

import copy
import random
from typing import Any

from engine_play import NAMES, duel, play, ruleset, step
from seen_play import strings_in

from cardgames.engine.events import apply
from cardgames.engine.game import Game
from cardgames.engine.knowledge import knows
from cardgames.engine.state import State
from cardgames.engine.view import GameView
from cardgames.games.allegiance.events import CardDrawn


def _visible_to(game: Game, oid: int, viewer: int | None) -> bool:
    zone = game.state.zone_of(oid)
    if zone.visibility == "public":
        return True
    return zone.visibility == "owner" and viewer is not None and zone.owner == viewer


def check_view(game: Game, viewer: int | None) -> GameView:
    view = game.view(None if viewer is None else NAMES[viewer])
    state = game.state
    assert view.viewer == viewer
    shown: set[int] = set()
    for zid, zv in view.zones.items():
        zone = state.zones[zid]
        assert zv.count == len(zone.cards)
        if zone.visibility == "hidden":
            assert zv.cards == [], f"{zid} is hidden but shows cards"
            continue
        assert len(zv.cards) == len(zone.cards)
        for cv, oid in zip(zv.cards, zone.cards, strict=True):
            obj = state.objects[oid]
            assert cv.back == str(obj.props.get("back", "card"))
            if _visible_to(game, oid, viewer):
                assert not cv.hidden and cv.card == obj.card and cv.name
                assert cv.id == oid
                shown.add(oid)
            else:
                assert cv.hidden, f"{oid} in {zid} should be a back for {viewer}"
                assert cv.card is None and cv.name is None
                assert cv.facts == {} and cv.counters == {} and not cv.exhausted
                # a hidden card carries its id only to a viewer who watched it go there
                assert cv.id == oid if knows(state, obj, viewer) else cv.id not in state.objects
    # names and card ids only hidden cards carry are no value anywhere in the view
    hidden = {o.id for o in state.objects.values()} - shown
    secret = ({ruleset().card_name(state, state.objects[i]) for i in hidden}
              | {state.objects[i].card for i in hidden})
    known = ({ruleset().card_name(state, state.objects[i]) for i in shown}
             | {state.objects[i].card for i in shown})
    values = set(strings_in(view.model_dump()))
    leaked = (secret - known) & values
    assert not leaked, f"{sorted(leaked)}, held only out of {viewer}'s sight, show in the view"
    d = game.decision if game.outcome is None else None
    if d is not None and d.seat_index != viewer:
        assert view.decision is None
    if d is not None:
        assert view.deciding == d.seat
    return view


def test_views_hide_other_hands_and_the_decks() -> None:
    for seed in range(3):
        game = duel(seed)
        rng = random.Random(seed)
        for i in range(400):
            if game.outcome is not None:
                break
            if i % 7 == 0:
                for viewer in (0, 1, None):
                    check_view(game, viewer)
            step(game, rng)


def test_own_hand_is_shown_and_own_decision_only() -> None:
    game = duel(2)
    play(game, random.Random(2), 30)
    d = game.decision
    mine = game.view(d.seat)
    assert mine.decision is not None and [o.key for o in mine.decision.options] == d.keys()
    hand = mine.zones[f"hand:{d.seat_index}"]
    assert hand.cards and all(not c.hidden and c.name for c in hand.cards)
    other = game.view(NAMES[1 - d.seat_index])
    assert other.decision is None
    assert all(c.hidden for c in other.zones[f"hand:{d.seat_index}"].cards)


def test_the_log_names_a_drawn_card_only_to_its_drawer() -> None:
    game = duel(3)
    play(game, random.Random(3), 500)
    rules = ruleset()
    shadow = State(game="allegiance", players=[])
    drawn = 0
    for ev in game.events:
        apply(shadow, ev)
        if not isinstance(ev, CardDrawn):
            continue
        drawn += 1
        name = rules.card_name(shadow, shadow.objects[ev.id])
        assert name in (rules.describe(shadow, ev, ev.seat) or "")
        for viewer in (1 - ev.seat, None):
            line = rules.describe(shadow, ev, viewer) or ""
            assert name not in line and shadow.objects[ev.id].card not in line, (viewer, line)
    assert drawn
    # and the rendered logs differ exactly there
    assert game.log(NAMES[0]) != game.log(NAMES[1])
    assert len(game.log(NAMES[0])) == len(game.log(None))


def _scribble(value: Any) -> None:
    """Change every list and dict inside `value`, in place."""
    if isinstance(value, dict):
        for v in list(value.values()):
            _scribble(v)
        value["scribbled"] = True
    elif isinstance(value, list):
        for v in value:
            _scribble(v)
        value.append("scribbled")


def test_changing_a_view_or_a_decision_changes_nothing_in_the_game() -> None:
    game = duel(4)
    rng = random.Random(4)
    for _ in range(60):
        if game.outcome is not None:
            break
        before = copy.deepcopy(game.state)
        for viewer in (*NAMES, None):
            view = game.view(viewer)
            for p in view.players:
                _scribble(p.props)
                _scribble(p.counters)
            for c in view.chain:
                _scribble(c.targets)
            if view.battle:
                _scribble(view.battle)
            for z in view.zones.values():
                for card in z.cards:
                    _scribble(card.counters)
                    _scribble(card.facts)
        _scribble(game.decision.info)
        assert game.state == before
        step(game, rng)
