"""Why-not names the rule: every reason either game's `why_not` gives, in seeded bot games and in
the lessons, ends with the rules section (of docs/rules/<game>.md) that forbids the move."""

from __future__ import annotations

import re
from typing import Any

import pytest

from cardgames import new_game
from cardgames.bots.keen_bot import KeenBot
from cardgames.engine.game import Game
from cardgames.tutorial import lessons_of
from cardgames.tutorial.loader import rule_sections
from tutorial.walk import walk

RULE = re.compile(r" \(rule: (.+)\)$")
GAMES: dict[str, dict[str, Any]] = {
    "allegiance": {"heroes": ["beledan-kind", "thedric-egen"]},
    "algomancy": {"format": "draft", "elements": ["fire", "water", "earth"]},
    "altered": {"decks": {"Ann": "haven-vanguard", "Bob": "recruits-and-titans"}},
    "arcmage": {"decks": {"Ann": "gaian-love-for-life", "Bob": "shadow-league"}},
    "mechamancers": {},
}


def unnamed(game: Game, sections: set[str]) -> list[str]:
    """Reasons (of every seat) that name no rule, or a section that does not exist."""
    bad = []
    for seat in range(len(game.players)):
        for what, why in game.why_not(seat):
            m = RULE.search(why)
            if m is None or m.group(1) not in sections:
                bad.append(f"{what}: {why}")
    return bad


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_reason_in_bot_games_names_an_existing_section(name: str) -> None:
    sections = set(rule_sections(name))
    seen = 0
    for seed in (1, 2, 3):
        g = new_game(name, ["Ann", "Bob"], seed, dict(GAMES[name]))
        bot = KeenBot(seed)
        for i in range(400):
            if g.outcome is not None:
                break
            if i % 3 == 0:
                assert not unnamed(g, sections), f"seed {seed}, decision {i}"
                seen += sum(len(g.why_not(s)) for s in range(2))
            g.choose(bot.choose(g.decision))
    assert seen > 50, "the games gave too few reasons to check"


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_reason_at_the_end_of_each_lesson_names_a_section(name: str) -> None:
    sections = set(rule_sections(name))
    for lesson in lessons_of(name):
        coach = walk(lesson, try_wrong=False)
        assert not unnamed(coach.game, sections), lesson.key


def test_the_rule_is_the_one_that_forbids_it() -> None:
    g = new_game("allegiance", ["Ann", "Bob"], 3, {
        "heroes": ["beledan-kind", "thedric-egen"],
        "given": {"turn": 3, "active": "Ann", "players": {"Ann": {"gold": 1, "hand": ["infantry"],
                                                                   "cooldowns": {"equip": 2}}}}})
    why = dict(g.why_not("Ann"))
    assert why["Use Equip"].endswith("(rule: 4. Maneuvers > Using hero abilities and cooldowns)")
    assert why["Use Judgment"].endswith("(rule: 4. Maneuvers > Unlocking hero abilities)")
    first = new_game("allegiance", ["Ann", "Bob"], 3,
                     {"heroes": ["beledan-kind", "thedric-egen"], "first_player": "Ann"})
    while first.decision.kind != "priority":
        first.choose(first.decision.options[0])
    weapon = [w for what, w in first.why_not("Ann") if what.startswith("Attack with")]
    assert weapon and all(w.endswith("(rule: 3. A turn > First-turn exceptions)") for w in weapon)


def test_arcmage_names_the_section_that_forbids_it() -> None:
    g = new_game("arcmage", ["Ann", "Bob"], 1, {"given": {
        "Ann": {"cities": {"farmland": []}, "hand": ["majestic-griffin", "farmland"], "army": ["kolibri!"],
                "resources": {"gaian": 2, "empire": 3}, "deck": ["little-brother"] * 3},
        "Bob": {"cities": {"warren": []}, "hand": ["ghoul"], "deck": ["little-brother"] * 3}}})
    ann, bob = dict(g.why_not(0)), dict(g.why_not(1))
    assert ann["Majestic Griffin"].endswith("(rule: 5. Resources)") and "loyalty" in ann["Majestic Griffin"]
    assert ann["Farmland"].endswith("(rule: 6. The turn)")
    assert ann["Move Kolibri"].endswith("(rule: 8. Creatures and movement)")
    assert bob["Ghoul"].endswith("(rule: 6. The turn)")
