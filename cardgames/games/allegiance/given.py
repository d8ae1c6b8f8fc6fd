"""Prepared tables for scenarios and tutorials: stacked decks, and a board set mid-game.

`stack` puts named cards on top of the shared decks before the starting hands are dealt;
`given` then sets players' gold, health, hands, territories and cooldowns and starts the game in
the maneuver phase of the named player's turn. Both are game options, so saves replay them.
"""

from __future__ import annotations

from typing import Any

from cardgames.engine import chain as chainmod
from cardgames.engine import core_events as ce
from cardgames.engine.flow import Flow
from cardgames.engine.ruleset import SetupError
from cardgames.engine.state import Json
from cardgames.games.allegiance import board, entering
from cardgames.games.allegiance.cards import Cards
from cardgames.games.allegiance.events import CardDrawn, GoldChanged
from cardgames.games.allegiance.schema import GearCard, UnitCard

PLAYER_KEYS = {"gold", "production", "health", "hand", "territory", "weapon", "armor", "cooldowns",
               "turns_taken", "stop", "weapon_exhausted", "armor_exhausted", "armor_used", "focus"}
UNIT_KEYS = {"card", "damage", "augment", "exhausted", "new", "counters"}


def stack_decks(flow: Flow, stack: dict[str, list[str]]) -> None:
    """Put these cards (top first) on top of each shared deck."""
    state = flow.state
    for deck_name, cards in stack.items():
        if deck_name not in board.DECKS:
            raise SetupError(f"stack: no deck {deck_name!r}; decks: {', '.join(board.DECKS)}")
        zone = board.deck(deck_name)
        for cid in reversed(cards):
            oid = _find(state.zones[zone].cards, state, cid, exclude=set())
            if oid is None:
                raise SetupError(f"stack: no {cid!r} left in the {deck_name} deck")
            flow.emit(ce.ObjectMoved(oid, zone))


def _find(ids: list[int], state: Any, cid: str, exclude: set[int]) -> int | None:
    for oid in reversed(ids):
        if state.objects[oid].card == cid and oid not in exclude:
            return oid
    return None


def _from_decks(cat: Cards, flow: Flow, cid: str) -> int:
    card = cat.card(cid)
    back = card.deck if isinstance(card, UnitCard) else "action"
    state = flow.state
    for zone in (board.deck(back), board.discard(back)):
        oid = _find(state.zones[zone].cards, state, cid, set())
        if oid is not None:
            return oid
    raise SetupError(
        f"given: no {cid!r} left in the {back} deck (the box has {getattr(card, 'copies', 0)})"
    )


def apply_given(cat: Cards, flow: Flow, given: dict[str, Json]) -> None:
    """Set the table as `given` says and start in the active player's maneuver phase."""
    state = flow.state
    names = [p.name for p in state.players]
    unknown = set(given) - {"players", "turn", "active", "discard"}
    if unknown:
        raise SetupError(f"given: unknown key(s) {', '.join(sorted(unknown))}")
    players: dict[str, Any] = dict(given.get("players") or {})
    for name, spec in players.items():
        if name not in names:
            raise SetupError(f"given: no player {name!r}; players: {', '.join(names)}")
        bad = set(spec) - PLAYER_KEYS
        if bad:
            raise SetupError(f"given.players.{name}: unknown key(s) {', '.join(sorted(bad))}")
        seat = names.index(name)
        p = state.players[seat]
        for key in ("gold", "production", "health", "armor_used", "focus"):
            if key in spec:
                delta = int(spec[key]) - p.counters.get(key, 0)
                if key == "gold":
                    flow.emit(GoldChanged(seat, delta, "scenario"))
                elif delta:
                    flow.emit(ce.PlayerCounterAdded(seat, key, delta))
        if "hand" in spec:
            for obj in list(state.cards_in(board.hand(seat))):
                flow.emit(ce.ObjectMoved(obj.id, board.deck(str(obj.props["back"])), reset=True))
            for cid in spec["hand"]:
                oid = _from_decks(cat, flow, str(cid))
                flow.emit(CardDrawn(oid, seat, str(state.objects[oid].props["back"])))
        for unit in spec.get("territory") or []:
            u: dict[str, Any] = {"card": unit} if isinstance(unit, str) else dict(unit)
            bad = set(u) - UNIT_KEYS
            if bad:
                raise SetupError(
                    f"given.players.{name}.territory: unknown key(s) {', '.join(sorted(bad))}"
                )
            cid = str(u["card"])
            card = cat.card(cid)
            if not isinstance(card, UnitCard):
                raise SetupError(f"given.players.{name}.territory: {cid!r} is not a unit")
            oid = (
                entering.special_object(flow, cat, seat, cid)
                if card.special
                else _from_decks(cat, flow, cid)
            )
            entered = int(given.get("turn", 1)) if u.get("new") else 0
            board.move(
                flow, oid, board.territory(seat), controller=seat, entered_turn=entered, reset=True
            )
            for counter in ("damage", "augment"):
                if u.get(counter):
                    flow.emit(ce.CounterAdded(oid, counter, int(u[counter])))
            for counter, n in dict(u.get("counters") or {}).items():
                flow.emit(ce.CounterAdded(oid, str(counter), int(n)))
            if u.get("exhausted"):
                flow.emit(ce.ObjectChanged(oid, exhausted=True))
        for kind in ("weapon", "armor"):
            gear_obj = board.gear(state, seat, kind)
            if gear_obj is None:
                continue
            if kind in spec:
                gcard = cat.card(gear_obj.card)
                assert isinstance(gcard, GearCard)
                want = spec[kind]
                faces = [f.name for f in gcard.faces]
                face = (
                    int(want)
                    if isinstance(want, int)
                    else (faces.index(want) if want in faces else -1)
                )
                if face < 0 or face >= len(faces):
                    raise SetupError(f"given.players.{name}.{kind}: {want!r} is not one of {faces}")
                if face != gear_obj.face:
                    flow.emit(ce.ObjectChanged(gear_obj.id, face=face))
            if spec.get(f"{kind}_exhausted"):
                flow.emit(ce.ObjectChanged(gear_obj.id, exhausted=True))
        if "cooldowns" in spec:
            hero = cat.hero(str(p.props["hero"]))
            valid = {a.id for a in hero.abilities}
            cds = {str(k): int(v) for k, v in dict(spec["cooldowns"]).items()}
            if set(cds) - valid:
                raise SetupError(
                    f"given.players.{name}.cooldowns: unknown abilities {sorted(set(cds) - valid)}"
                )
            flow.emit(
                ce.PlayerPropSet(seat, "cooldowns", {**(p.props.get("cooldowns") or {}), **cds})
            )
        if "turns_taken" in spec:
            flow.emit(ce.PlayerPropSet(seat, "turns_taken", int(spec["turns_taken"])))
        if "stop" in spec:
            flow.emit(ce.PlayerPropSet(seat, "stop", str(spec["stop"])))
    for deck_name, cards in dict(given.get("discard") or {}).items():
        for cid in cards:
            flow.emit(
                ce.ObjectMoved(_from_decks(cat, flow, str(cid)), board.discard(str(deck_name)))
            )
    active_name = given.get("active", names[int(state.globals.get("first_player", 0))])
    if active_name not in names:
        raise SetupError(f"given.active: no player {active_name!r}")
    for f in list(reversed(state.frames)):
        flow.pop(f)
    flow.emit(ce.TurnBegan(int(given.get("turn", 1)), names.index(str(active_name))))
    flow.emit(ce.PhaseBegan("maneuver"))
    flow.push("turn", step="end_triggers")
    chainmod.open_window(flow, names.index(str(active_name)), "main", "Maneuver phase")
