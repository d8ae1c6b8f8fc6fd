"""Algomancy's `given` option: a table set mid-game for lessons and scenarios (life, hands, packs,
bins, resources, units in regions, the step the turn goes on from), replayed from a save like any
option; bad keys are refused with what is allowed."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardgames import load_game, new_game
from cardgames.engine.decisions import CardgamesError

BASE = {"format": "draft", "elements": ["fire", "water", "earth"], "initiative": "Ann"}


def given(**players: object) -> dict[str, object]:
    return {**BASE, "given": {"turn": 3, "step": "battle", "players": players}}


def cards(game: object, zone: str) -> list[str]:
    state = game.state  # type: ignore[attr-defined]
    return sorted(state.objects[i].card for i in state.zones[zone].cards)


def test_given_sets_life_hand_resources_and_region_and_starts_at_the_step() -> None:
    g = new_game("algomancy", ["Ann", "Bob"], 1, given(
        Ann={"life": 12, "hand": ["jelly"], "resources": ["molten-caldera", {"card": "shard", "dormant": True},
                                                           {"card": "benthic-reaches", "expended": True}],
             "region": ["cinderstone-brute", {"card": "jelly", "counters": {"+1/+1": 1}}]},
        Bob={"region": ["shieldwall-sentry"], "bin": ["ember-volley"]}))
    s = g.state
    assert s.turn == 3 and s.phase == "battle"
    assert s.players[0].counters["life"] == 12 and s.players[1].counters["life"] == 30
    assert cards(g, "hand:0") == ["jelly"]
    assert cards(g, "region:0") == ["cinderstone-brute", "jelly"]
    assert cards(g, "region:1") == ["shieldwall-sentry"]
    assert cards(g, "bin:1") == ["ember-volley"]
    res = {s.objects[i].card: s.objects[i] for i in s.zones["resources:0"].cards}
    assert set(res) == {"molten-caldera", "shard", "benthic-reaches"}
    assert res["shard"].props.get("face_down") and not res["molten-caldera"].props.get("face_down")
    assert res["benthic-reaches"].exhausted
    jelly = next(s.objects[i] for i in s.zones["region:0"].cards if s.objects[i].card == "jelly")
    assert jelly.counters == {"+1/+1": 1} and jelly.controller == 0
    assert g.decision.seat == "Ann" and g.decision.kind == "formation"  # IT sets the attack
    assert not g.ruleset.invariants(g.state)


def test_given_replays_from_a_save(tmp_path: Path) -> None:
    g = new_game("algomancy", ["Ann", "Bob"], 2, given(Ann={"region": ["dune-drifter"], "hand": ["jelly"]}))
    g.save(tmp_path / "g.save")
    again = load_game(tmp_path / "g.save")
    assert cards(again, "region:0") == ["dune-drifter"]
    assert again.decision.prompt == g.decision.prompt


@pytest.mark.parametrize(("options", "message"), [
    ({**BASE, "given": {"players": {"Cid": {}}}}, "no player 'Cid'"),
    ({**BASE, "given": {"players": {"Ann": {"gold": 3}}}}, "unknown key(s) gold"),
    ({**BASE, "given": {"step": "upkeep"}}, "given.step 'upkeep'"),
    ({**BASE, "given": {"players": {"Ann": {"resources": ["jelly"]}}}}, "'jelly' is not a resource"),
    ({**BASE, "given": {"players": {"Ann": {"region": ["nope"]}}}}, "no card 'nope'"),
    ({"format": "draft", "given": {}}, "needs `elements`"),
    ({"format": "cube", "given": {}}, "not in format 'cube'"),  # was accepted and did nothing
])
def test_bad_given_is_refused_with_what_is_wrong(options: dict[str, object], message: str) -> None:
    with pytest.raises(CardgamesError, match=message.replace("(", r"\(").replace(")", r"\)")):
        new_game("algomancy", ["Ann", "Bob"], 1, options)


def test_given_is_refused_where_the_decks_are_drafted_before_the_table() -> None:
    """Team draft, like cube draft, drafts the decks first: a `given` table was accepted and ignored."""
    with pytest.raises(CardgamesError, match="not in format 'teamdraft'"):
        new_game("algomancy", ["Ann", "Bob", "Cid", "Dan"], 1, {"format": "teamdraft", "given": {}})
