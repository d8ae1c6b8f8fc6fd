"""Mechamancers scenes for screenshots and snapshots: a round's pledge, a board with damaged mecha,
and a four-player combat — set with the game's `given` board, so they never drift with the bots."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from cardgames.tui.session import Session

TWO = ["Ann", "Bob"]
FOUR = ["Ann", "Bob", "Cid", "Dee"]
SEED = 7


def _start(path: Path, players: list[str], options: dict[str, Any]) -> Session:
    session = Session.start("mechamancers", players, SEED, options, path)
    return session


def _sat(session: Session) -> Session:
    session.written = -1
    session.save()
    session.sit()
    return session


def pledge(path: Path) -> Session:
    """Round 1's pledge, four players: Ann has chosen in secret; Bob holds the four roles left."""
    s = _start(path, FOUR, {"start_player": "Ann"})
    s.game.choose(s.game.decision.options[2].key)
    return _sat(s)


def damaged(path: Path) -> Session:
    """Two players mid-game: mecha on both fields, several turned by damage; Ann attacks."""
    s = _start(path, TWO, {"given": {"round": 3, "players": {
        "Ann": {"role": "warlock", "mana": 4, "vp": 9, "hand": ["rampart-drone", "tesla-coil"],
                "field": ["bulwark", {"card": "berserker-frame", "damage": 1}, "storm-harrier",
                          {"card": "patch-tinker", "damage": 1}]},
        "Bob": {"role": "barricade", "mana": 2, "vp": 5, "hand": ["sparkjack"],
                "field": [{"card": "bulwark", "damage": 1}, {"card": "iron-bastion", "damage": 1},
                          {"card": "juggernaut-mk-v", "damage": 2}, "drill-sapper"]}}}})
    g = s.game
    while g.decision.kind != "activation":
        g.choose(g.decision.options[0].key)
    g.choose("combat")
    return _sat(s)


def combat4(path: Path) -> Session:
    """Four players, round 2: Cid (the Quirk, first to play) attacks with a Gatling Hound and picks
    its target among three opponents' fields (a Decoy Turtle guards Bob's other shields)."""
    s = _start(path, FOUR, {"given": {"round": 2, "players": {
        "Ann": {"role": "ruler", "field": ["bulwark", "aegis-walker", "war-banner"]},
        "Bob": {"role": "cabalist", "field": [{"card": "bulwark", "damage": 1}, "decoy-turtle", "plate-sentry"]},
        "Cid": {"role": "quirk", "mana": 5, "field": ["bulwark", "gatling-hound", {"card": "ember-drake", "damage": 1},
                                                       "overclock-core"]},
        "Dee": {"role": "barricade", "field": ["bulwark", {"card": "mirror-warden", "damage": 1}, "mana-reactor"]}}}})
    g = s.game
    while g.decision.kind != "activation":
        keys = [o.key for o in g.decision.options]
        g.choose(next((k for k in keys if k in ("keep", "skip", "done")), keys[0]))
    g.choose("combat")
    g.choose(next(o.key for o in g.decision.options if o.key.startswith("strike:") and "Gatling Hound" in o.label))
    return _sat(s)
