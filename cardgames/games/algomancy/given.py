"""A table set mid-game for lessons and scenarios (option `given`): life, hands, packs, bins,
resources (dormant, active, expended), units in regions with counters, and the turn step to start
at. Like Allegiance's `given`, it is a game option, so a save replays it."""

from __future__ import annotations

from typing import Any

from cardgames.engine import core_events as ce
from cardgames.engine.flow import Flow
from cardgames.engine.ruleset import SetupError
from cardgames.engine.state import Json
from cardgames.games.algomancy import table as t
from cardgames.games.algomancy.checks import create
from cardgames.games.algomancy.context import Rules

STEPS = ("refresh", "draft", "resources", "haste", "battle", "deploy")
"""Where the given turn starts: the turn's steps a table can be set before."""
PLAYER_KEYS = {"life", "hand", "pack", "bin", "resources", "region", "activations"}
RESOURCE_KEYS = {"card", "dormant", "expended"}
UNIT_KEYS = {"card", "counters", "region"}


def _spec(value: Any, keys: set[str], where: str) -> dict[str, Any]:
    spec: dict[str, Any] = {"card": value} if isinstance(value, str) else dict(value or {})
    bad = set(spec) - keys
    if bad or "card" not in spec:
        raise SetupError(f"{where}: write a card id or {{{', '.join(sorted(keys))}}} "
                         f"(unknown: {', '.join(sorted(bad)) or 'no card'})")
    return spec


def _card(rules: Rules, cid: str, where: str) -> str:
    if cid not in rules.cards:
        raise SetupError(f"{where}: no card {cid!r}")
    return cid


def _take(rules: Rules, flow: Flow, cid: str, seat: int, zone: str) -> int:
    """A copy from the shared deck if one is there (so the deck stays honest), else a new one."""
    state = flow.state
    deck = t.deck_of(state, seat)
    for oid in reversed(state.zones[deck].cards):
        if state.objects[oid].card == cid:
            flow.emit(ce.ObjectMoved(oid, zone, reset=True))
            return oid
    return create(rules, flow, cid, seat, zone)


def _refill(rules: Rules, flow: Flow, seat: int, zone: str, cards: list[Any], where: str) -> None:
    state = flow.state
    deck = t.deck_of(state, seat)
    for oid in list(state.zones[zone].cards):
        flow.emit(ce.ObjectMoved(oid, deck, index=0, reset=True))
    for cid in cards:
        _take(rules, flow, _card(rules, str(cid), where), seat, zone)


def apply_given(rules: Rules, flow: Flow, given: dict[str, Json]) -> None:
    """Set the table as `given` says; the turn then goes on from `step` (default: deploy)."""
    state = flow.state
    names = [p.name for p in state.players]
    unknown = set(given) - {"players", "turn", "step"}
    if unknown:
        raise SetupError(f"given: unknown key(s) {', '.join(sorted(unknown))} (keys: players, turn, step)")
    step = str(given.get("step") or "deploy")
    if step not in STEPS:
        raise SetupError(f"given.step {step!r}: one of {', '.join(STEPS)}")
    players = dict(given.get("players") or {})
    for name, raw in players.items():
        if name not in names:
            raise SetupError(f"given.players: no player {name!r}; players: {', '.join(names)}")
        spec = dict(raw or {})
        bad = set(spec) - PLAYER_KEYS
        if bad:
            raise SetupError(f"given.players.{name}: unknown key(s) {', '.join(sorted(bad))} "
                             f"(keys: {', '.join(sorted(PLAYER_KEYS))})")
        seat = names.index(name)
        if "life" in spec:
            delta = int(spec["life"]) - state.players[seat].counters.get("life", 0)
            for s in t.owners(state, t.home(state, seat)) if delta else ():  # joint teams: the team's one total
                flow.emit(ce.PlayerCounterAdded(s, "life", delta))
        for key, zone in (("hand", t.hand(seat)), ("pack", t.pack(seat)), ("bin", t.bin_(seat))):
            if key in spec:
                _refill(rules, flow, seat, zone, list(spec[key] or []), f"given.players.{name}.{key}")
        if "resources" in spec:
            for oid in list(state.zones[t.resources(seat)].cards):
                flow.emit(ce.ObjectMoved(oid, "erased", reset=True))
            for i, value in enumerate(spec["resources"] or []):
                where = f"given.players.{name}.resources.{i}"
                res = _spec(value, RESOURCE_KEYS, where)
                cid = _card(rules, str(res["card"]), where)
                if rules.cards[cid].kind != "resource":
                    raise SetupError(f"{where}: {cid!r} is not a resource")
                props: dict[str, Json] = {"face_down": True} if res.get("dormant") else {}
                oid = create(rules, flow, cid, seat, t.resources(seat), props)
                if res.get("expended"):
                    flow.emit(ce.ObjectChanged(oid, exhausted=True))
        if "activations" in spec:
            flow.emit(ce.PlayerPropSet(seat, "activations", int(spec["activations"])))
        for i, value in enumerate(spec.get("region") or []):
            where = f"given.players.{name}.region.{i}"
            unit = _spec(value, UNIT_KEYS, where)
            cid = _card(rules, str(unit["card"]), where)
            if rules.cards[cid].kind == "resource":
                raise SetupError(f"{where}: {cid!r} is a resource (put it in `resources`)")
            reg = t.home(state, names.index(str(unit.get("region", name))))
            oid = _take(rules, flow, cid, seat, t.region(reg))
            flow.emit(ce.ObjectMoved(oid, t.region(reg), controller=seat, entered_turn=0))
            for counter, n in dict(unit.get("counters") or {}).items():
                flow.emit(ce.CounterAdded(oid, str(counter), int(n)))
    for f in list(reversed(state.frames)):
        flow.pop(f)
    flow.emit(ce.TurnBegan(int(given.get("turn", 2)), t.initiative(state)))
    flow.push("turn", step=step)
