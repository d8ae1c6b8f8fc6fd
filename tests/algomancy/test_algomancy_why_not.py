""""Why can't I play this?" (`Game.why_not`, the ruleset's `why_not`): each card in the seat's hand
it cannot play now, with the first reason of timing, mana and affinity, from its own cards only."""

from __future__ import annotations

from algomancy_play import ANN, BOB, card, game, to_deploy, to_haste

from cardgames.api import new_game
from cardgames.bots.keen_bot import KeenBot
from cardgames.engine.game import Game
from cardgames.engine.knowledge import can_see


def _hand_game() -> Game:
    return game({"hand": ["dune-drifter", "bastion-titan", "bloodwind-revenant", "assembly-drone"],
                 "mana": {"earth": 2}},
                {"hand": ["soul-swallower", "reality-bender"]})


def test_outside_a_priority_window_no_card_is_played() -> None:
    g = _hand_game()
    assert g.decision.kind != "priority"
    assert g.why_not(ANN) == [("Playing cards", "only when you have priority: the haste step, your "
                                                "deployment, and battle windows "
                                                "(rule: 9. The stack and priority > Priority)")]


def test_in_the_haste_step_timing_then_affinity() -> None:
    g = _hand_game()
    to_haste(g, ANN)
    why = dict(g.why_not(ANN))
    assert why["Dune Drifter"] == "timing: it is played in your deployment (rule: 3. Reading a card > Timing)"
    assert why["Assembly Drone"] == "affinity: needs metal 0/1 (rule: 3. Reading a card > Playing a card)"


def test_in_deployment_mana_and_affinity_and_a_playable_card_is_not_listed() -> None:
    g = _hand_game()
    to_deploy(g, ANN)
    assert f"play:{card(g, 'dune-drifter')}" in {o.key for o in g.decision.options}
    why = dict(g.why_not(ANN))
    assert "Dune Drifter" not in why
    assert why["Bastion Titan"] == ("mana: it costs 6, you have 2 unexpended active resources "
                                   "(rule: 3. Reading a card > Playing a card)")
    assert why["Bloodwind Revenant"] == "affinity: needs fire 0/1 (rule: 3. Reading a card > Playing a card)"


def test_it_names_only_the_seats_own_cards() -> None:
    g = _hand_game()
    to_deploy(g, ANN)
    said = " ".join(f"{what} {why}" for what, why in g.why_not(ANN))
    assert "Soul Swallower" not in said and "Reality Bender" not in said
    assert {what for what, _ in g.why_not(BOB)} <= {"Soul Swallower", "Reality Bender", "Playing cards"}


def test_it_never_names_a_card_hidden_from_the_seat() -> None:
    for seed in (1, 2):
        g = new_game("algomancy", ["Ann", "Bob"], seed, {"format": "draft", "elements": ["fire", "water", "earth"]})
        bot = KeenBot(seed)
        for i in range(600):
            if g.outcome is not None:
                break
            if i % 5 == 0:
                for seat in (ANN, BOB):
                    state = g.state
                    seen = {g.ruleset.card_name(state, o) for o in state.objects.values() if can_see(state, o, seat)}
                    hidden = {g.ruleset.card_name(state, o) for o in state.objects.values()
                              if not can_see(state, o, seat)}
                    secret = {n for n in hidden - seen if not any(n in s for s in seen)}
                    said = " ".join(f"{what} {why}" for what, why in g.why_not(seat))
                    assert not [n for n in secret if n in said], f"seed {seed}, decision {i}, seat {seat}"
            g.choose(bot.choose(g.decision))
