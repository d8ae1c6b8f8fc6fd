"""What a decision asks reads as English: a target's kind is named as the card text names it."""

from __future__ import annotations

from arc_play import BOB, game, obj


def test_a_creature_or_city_target_is_asked_for_as_creature_or_city() -> None:
    """Misled Orc: 'When it dies: 1 damage to one target (creature or city).'"""
    g = game({"hand": ["deadly-shock"], "resources": {"red-banner": 2}}, {"army": ["misled-orc"]})
    g.choose(f"play:{obj(g, 'deadly-shock')}")
    g.choose("mode:0")
    g.choose(f"target:{obj(g, 'misled-orc')}")
    for _ in range(10):
        if g.decision.kind == "target":
            break
        g.choose("pass")
    assert g.decision.kind == "target" and g.decision.seat_index == BOB
    assert g.decision.prompt.endswith("choose creature or city"), g.decision.prompt
