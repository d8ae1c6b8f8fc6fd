"""`w` (why not?): each card and ability a player cannot use now, with the rule that stops it."""

from __future__ import annotations

from altered_play import ANN, BOB, game, say


def test_why_not_names_cost_timing_passing_and_exhaustion() -> None:
    g = game(
        {"hand": ["haven-warrior"], "reserve": [{"card": "red", "exhausted": True}], "mana": ["red"] * 2},
        {"hand": ["ordis-trooper"], "reserve": ["alice"]},
    )
    why = dict(g.why_not(ANN))
    assert why["Play Haven Warrior from Hand"].startswith("it costs 3 mana (Hand cost); you have 2 ready")
    assert "exhausted" in why["Play Red from Reserve"]
    bob = dict(g.why_not(BOB))
    assert "only in your own Afternoon turn" in bob["Play Ordis Trooper from Hand"]
    assert "only during your own Afternoon turn" in bob["Use Alice's support ability"]
    say(g, "pass")
    assert "you have passed" in dict(g.why_not(ANN))["Play Haven Warrior from Hand"]


def test_why_not_first_player_only() -> None:
    g = game({}, {}, first="Bob", heroes=("after-you", "sacrifice-engine"))
    say(g, "pass")  # Bob passes, Ann's turn
    assert dict(g.why_not(ANN))["Use Akesha & Taru's quick action"].startswith("only if you are the first player")


def test_why_not_answers_only_from_what_the_seat_may_know() -> None:
    """Ann's reasons never name Bob's hand."""
    g = game({"hand": ["haven-warrior"]}, {"hand": ["ordis-trooper", "achilles"]})
    text = " ".join(f"{a} {b}" for a, b in g.why_not(ANN))
    assert "Ordis Trooper" not in text and "Achilles" not in text


def test_why_not_ends_with_the_rules_section_that_forbids_it() -> None:
    """As the lessons name rules: a cost is "Playing cards", turns and passing are "The Day"."""
    g = game({"hand": ["haven-warrior"], "mana": ["red"] * 2}, {"hand": ["ordis-trooper"]})
    assert dict(g.why_not(ANN))["Play Haven Warrior from Hand"].endswith("(rule: Playing cards)")
    assert dict(g.why_not(BOB))["Play Ordis Trooper from Hand"].endswith("(rule: The Day)")
    say(g, "pass")
    assert dict(g.why_not(ANN))["Play Haven Warrior from Hand"].endswith("(rule: The Day)")
