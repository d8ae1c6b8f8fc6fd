"""A table set mid-game for tests, scenarios and lessons (`given` option): each player's cities,
residents, army, hand, deck, resources; the game starts at a chosen step of the first player's turn."""

from __future__ import annotations

from typing import Any

from cardgames.engine import core_events as ce
from cardgames.engine.flow import Flow
from cardgames.engine.ruleset import SetupError
from cardgames.games.arcmage import checks
from cardgames.games.arcmage import table as t
from cardgames.games.arcmage.context import Rules
from cardgames.games.arcmage.events import ResourceMade

KEYS = {"hand", "deck", "cities", "unbuilt", "army", "resources", "marked_resources", "grave", "pool"}
STEPS = ("choose", "tactics", "play1", "attack", "play2", "discard")


def set_table(rules: Rules, flow: Flow, names: list[str], given: dict[str, Any]) -> None:
    """Build the table `given` describes. Cities are {card: [residents...]}; a card may be written
    "name!" to start marked; the deck lists cards bottom first."""
    if not isinstance(given, dict):
        raise SetupError("given: a mapping of player names (and `step`) to their table")
    step = str(given.get("step", "play1"))
    if step not in STEPS:
        raise SetupError(f"given.step {step!r}: one of {', '.join(STEPS)}")
    for s, who in enumerate(names):
        mine = given.get(who) or {}
        extra = set(mine) - KEYS
        if extra:
            raise SetupError(f"given.{who}: unknown key(s) {', '.join(sorted(extra))}; keys: {', '.join(sorted(KEYS))}")
        for cid in mine.get("deck", []):
            _make(rules, flow, cid, s, t.deck(s))
        for cid in mine.get("unbuilt", []):
            city = _make(rules, flow, cid, s, t.unbuilt(s))
            flow.emit(ce.ZoneCreated(t.residents_zone(city), "area", s, "public"))
        for cid, residents in (mine.get("cities") or {}).items():
            city = _make(rules, flow, cid, s, t.kingdom(s))
            flow.emit(ce.ZoneCreated(t.residents_zone(city), "area", s, "public"))
            for r in residents or []:
                _make(rules, flow, r, s, t.residents_zone(city))
        for cid in mine.get("army", []):
            _make(rules, flow, cid, s, t.army(s))
        for cid in mine.get("hand", []):
            _make(rules, flow, cid, s, t.hand(s))
        for cid in mine.get("grave", []):
            _make(rules, flow, cid, s, t.grave(s))
        for key, marked in (("resources", False), ("marked_resources", True)):
            for fac, n in (mine.get(key) or {}).items():
                for _ in range(int(n)):
                    oid = checks.create(rules, flow, "little-orc-token", s, t.hand(s))
                    flow.emit(ResourceMade(oid, s, str(fac)))
                    if marked:
                        flow.emit(ce.ObjectChanged(oid, exhausted=True))
        for fac, n in (mine.get("pool") or {}).items():
            flow.emit(ce.PlayerCounterAdded(s, f"pool:{fac}", int(n)))
    flow.emit(ce.GlobalSet("started", True))
    flow.emit(ce.TurnBegan(1, 0))
    if step == "choose":
        flow.push("turn", step="choose", seat=0, draw=1)
        return
    flow.emit(ce.PhaseBegan({"play1": "play", "play2": "play"}.get(step, step)))
    flow.push("turn", step=step, seat=0, draw=1)


def _make(rules: Rules, flow: Flow, cid: str, seat: int, zone: str) -> int:
    marked = cid.endswith("!")
    cid = cid.rstrip("!")
    if cid not in rules.cards:
        raise SetupError(f"given: no ARC-mage card {cid!r}")
    oid = checks.create(rules, flow, cid, seat, zone)
    if marked:
        flow.emit(ce.ObjectChanged(oid, exhausted=True))
    return oid
