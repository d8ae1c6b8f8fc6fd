""""Why can't I play this?" (`Game.why_not`, the ruleset's `why_not`): gold, cooldowns, locked
abilities and timing, for the asking seat's own cards; never a card hidden from it."""

from __future__ import annotations

from cardgames.api import new_game
from cardgames.bots.keen_bot import KeenBot
from cardgames.engine.game import Game
from cardgames.engine.knowledge import can_see
from cardgames.games.allegiance.rules import Allegiance
from cardgames.games.allegiance.why_not import ready_in

HEROES = ["beledan-kind", "thedric-egen"]


def test_gold_cooldowns_and_locked_abilities() -> None:
    g = new_game("allegiance", ["Ann", "Bob"], 3, {
        "heroes": HEROES,
        "given": {"turn": 3, "active": "Ann", "players": {
            "Ann": {"gold": 1, "hand": ["infantry"], "cooldowns": {"equip": 2}}}}})
    assert g.decision.seat_index == 0
    why = dict(g.why_not("Ann"))
    assert why["Enlist Infantry"] == "costs 4 gold; you have 1 (rule: 4. Maneuvers > Announce, then resolve)"
    assert why["Use Equip"].startswith("on cooldown: ready in 2")
    assert why["Use Judgment"].startswith("locked: unlock a level 2 ability first")


def test_a_seat_not_deciding_is_told_the_timing() -> None:
    g = new_game("allegiance", ["Ann", "Bob"], 3, {
        "heroes": HEROES,
        "given": {"turn": 3, "active": "Ann", "players": {"Bob": {"gold": 9, "hand": ["infantry"]}}}})
    assert g.decision.seat_index == 0
    why = dict(g.why_not("Bob"))
    assert why["Enlist Infantry"] == ("enlisting is only in your own maneuver phase, with an empty chain and no battle "
                                     "(rule: 4. Maneuvers)")


def secrets_named(g: Game, seat: int) -> list[str]:
    """Names of cards hidden from `seat` (and in no name it sees: cards, hero abilities) that its
    why-not answer says."""
    state = g.state
    rules = g.ruleset
    assert isinstance(rules, Allegiance)
    seen = {rules.card_name(state, o) for o in state.objects.values() if can_see(state, o, seat)}
    seen |= {ab.name for p in state.players for ab in rules.cat.hero(str(p.props["hero"])).abilities}
    hidden = {g.ruleset.card_name(state, o) for o in state.objects.values() if not can_see(state, o, seat)}
    secret = {n for n in hidden - seen if not any(n in s for s in seen)}
    said = " ".join(f"{what} {why}" for what, why in g.why_not(seat))
    return sorted(n for n in secret if n in said)


def test_it_never_names_a_card_hidden_from_the_seat() -> None:
    for seed in (1, 2):
        g = new_game("allegiance", ["Ann", "Bob"], seed, {"heroes": HEROES})
        bot = KeenBot(seed)
        for i in range(600):
            if g.outcome is not None:
                break
            if i % 5 == 0:
                for seat in (0, 1):
                    assert not secrets_named(g, seat), f"seed {seed}, decision {i}, seat {seat}"
            g.choose(bot.choose(g.decision))


def test_cooldowns_say_when_the_ability_is_ready_in_plain_words() -> None:
    """Rulebook, "Cooldown counters": the counter moves one space closer to ready on each of the
    player's turns — so one space left means the next turn."""
    assert ready_in(1) == "ready in your next turn"
    assert ready_in(2) == "ready in 2 of your turns"


def test_while_declaring_attackers_it_says_why_a_unit_is_not_offered() -> None:
    """6. Battles > Attackers: an exhausted unit, or one that entered this turn, may not attack; the
    declaration's options leave them out, and w says why (while the seat chooses its attackers)."""
    g = new_game("allegiance", ["Ann", "Bob"], 3, {
        "heroes": HEROES,
        "given": {"turn": 3, "active": "Ann", "players": {"Ann": {"territory": [
            "infantry", {"card": "halberdier", "exhausted": True}, {"card": "knight-errant", "new": True}]}}}})
    g.choose("battle:1")
    while g.decision.kind != "declare_attackers":
        g.choose("pass")
    offered = [o.label for o in g.decision.options]
    assert "Attack with Infantry" in offered and "Attack with Halberdier" not in offered
    why = dict(g.why_not("Ann"))
    assert why["Attack with Halberdier"].startswith("exhausted")
    assert why["Attack with Knight Errant"].startswith("entered your territory this turn")
    assert "Attack with Infantry" not in why
