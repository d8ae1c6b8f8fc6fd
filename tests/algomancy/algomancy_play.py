"""Scenario harness for Algomancy tests: a 1v1 game with chosen cards in chosen zones, driven through the real turn.

`game()` starts a real game (Ann has the initiative, both players stop at every priority window) and
sets the table with the engine's own events: the opening hands are put back in the deck, then the
named cards are created in each player's hand, region, bin and (active) resources. The game is then
folded again from its log, so the first decision is computed from the prepared table. Everything
after that goes through decisions: `to_battle`, `attack`, `block`, `play`, `pass_*`...

Ids: a card put on the table is found again with `card(g, "flame-of-history")` (the only or first
object of that card) or `cards(g, "sprout")` (all of them, oldest first).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, TypeVar

from cardgames.api import new_game
from cardgames.engine import core_events as ce
from cardgames.engine.flow import Flow
from cardgames.engine.game import Game
from cardgames.engine.state import GameObject
from cardgames.games.algomancy.events import player_ref
from cardgames.games.algomancy.rules import Algomancy

ANN, BOB = 0, 1
NAMES = ("Ann", "Bob")
ELEMENTS = ["fire", "water", "earth"]
RESOURCE = {"fire": "molten-caldera", "water": "benthic-reaches", "earth": "jagged-steppes",
            "wood": "verdant-rift", "metal": "alloyed-plains"}

F = TypeVar("F", bound=Callable[..., Any])

COVERAGE: dict[str, set[str]] = {}
"""Card id -> names of the tests that exercise its structured abilities (filled by `covers`)."""


def covers(*card_ids: str) -> Callable[[F], F]:
    """Mark a test as exercising these cards' abilities (checked by test_cards_coverage)."""
    def mark(fn: F) -> F:
        for cid in card_ids:
            COVERAGE.setdefault(cid, set()).add(f"{fn.__module__}.{fn.__name__}")
        return fn
    return mark


# -- building a table ------------------------------------------------------------------------


def rules(g: Game) -> Algomancy:
    r = g.ruleset
    assert isinstance(r, Algomancy)
    return r


def game(ann: Mapping[str, Any] | None = None, bob: Mapping[str, Any] | None = None, *, seed: int = 1,
         initiative: str = "Ann", deck_top: Sequence[str] = (), stop: str = "always") -> Game:
    """A new game at turn 1's first decision (the initiative player's draft), with the table set.

    Each side may give `hand`, `region`, `bin` (lists of card ids), `mana` ({element: n} active
    elemental resources, unexpended) and `life`. `deck_top` cards are put on top of the shared deck
    (the last one is drawn first). The Prismites stay dormant, so a player's mana is only `mana`.
    """
    g = new_game("algomancy", list(NAMES), seed, {"format": "draft", "elements": ELEMENTS,
                                                 "initiative": initiative, "stop": {n: stop for n in NAMES}})
    r = rules(g)
    flow = g.flow
    for seat, side in ((ANN, ann or {}), (BOB, bob or {})):
        for oid in list(g.state.zones[f"hand:{seat}"].cards):
            flow.emit(ce.ObjectMoved(oid, "deck", index=0, reset=True))
        for zone in ("hand", "region", "bin"):
            for cid in side.get(zone, []):
                r.create(flow, cid, seat, f"{zone}:{seat}")
        for element, n in dict(side.get("mana", {})).items():
            for _ in range(int(n)):
                r.create(flow, RESOURCE[element], seat, f"resources:{seat}")
        if "life" in side:
            flow.emit(ce.PlayerCounterAdded(seat, "life", int(side["life"]) - 30))
    for cid in deck_top:
        r.create(flow, cid, -1, "deck")
    return refold(g)


def refold(g: Game) -> Game:
    """The same game folded again from its log (after events were emitted directly)."""
    return Game(g.ruleset, g.events, g.header)


def edit(g: Game, change: Callable[[Flow], object]) -> Game:
    """Change the table with the engine's events (`change(flow)` emits them); the game is folded again."""
    change(g.flow)
    return refold(g)


def create(g: Game, cid: str, seat: int, zone: str, props: dict[str, Any] | None = None) -> tuple[Game, int]:
    """Create a card object in a zone (e.g. a unit arriving mid-battle); returns the refolded game and its id."""
    oid = rules(g).create(g.flow, cid, seat, zone, props)
    return refold(g), oid


# -- reading ---------------------------------------------------------------------------------


HIDDEN = ("deck", "pack:0", "pack:1")
"""Zones `cards` does not look in unless asked: the shared deck and the packs hold copies of every card."""


def cards(g: Game, cid: str, zone: str | None = None) -> list[int]:
    """Ids of every object of card `cid` (in `zone`, if given, else anywhere but the deck and packs), oldest first."""
    return [o.id for o in g.state.objects.values()
            if o.card == cid and (o.zone == zone if zone is not None else o.zone not in HIDDEN)]


def card(g: Game, cid: str, zone: str | None = None) -> int:
    found = cards(g, cid, zone)
    assert found, f"no {cid}" + (f" in {zone}" if zone else "")
    return found[0]


def obj(g: Game, oid: int) -> GameObject:
    return g.state.objects[oid]


def zone_of(g: Game, oid: int) -> str:
    return g.state.objects[oid].zone


def zone_cards(g: Game, zone: str) -> list[str]:
    return [o.card for o in g.state.cards_in(zone)]


def stats(g: Game, oid: int) -> tuple[int, int]:
    """A unit's power and defense now, through the six layers."""
    return rules(g).battle_rules.stats(g.state, oid)


def attributes(g: Game, oid: int) -> list[str]:
    return rules(g).battle_rules.attributes(g.state, oid)


def damage(g: Game, oid: int) -> int:
    return int(g.state.objects[oid].counters.get("damage", 0))


def counters(g: Game, oid: int) -> dict[str, int]:
    return {k: v for k, v in g.state.objects[oid].counters.items() if k != "damage" and v}


def life(g: Game, seat: int) -> int:
    return int(g.state.players[seat].counters["life"])


def player(seat: int) -> int:
    """How a player is named as a target (`target:-1` is Ann)."""
    return player_ref(seat)


def keys(g: Game) -> list[str]:
    return [o.key for o in g.decision.options]


def window(g: Game) -> str:
    """The kind of the innermost priority window ("haste", "deploy", "battle:attack_window"...)."""
    frame = next((f for f in reversed(g.state.frames) if f.kind == "priority"), None)
    return str(frame.data.get("window", "")) if frame is not None else ""


def chain(g: Game) -> list[str]:
    """The stack, bottom first, by label."""
    return [e.label for e in g.state.chain]


def battle(g: Game) -> dict[str, Any]:
    assert g.state.battle is not None, "no battle under way"
    return g.state.battle


def hand(g: Game, seat: int) -> list[str]:
    return zone_cards(g, f"hand:{seat}")


def region(g: Game, seat: int) -> list[str]:
    return zone_cards(g, f"region:{seat}")


def bin_(g: Game, seat: int) -> list[str]:
    return zone_cards(g, f"bin:{seat}")


def log_has(g: Game, text: str) -> bool:
    return any(text in line for line in g.log())


# -- driving the turn ------------------------------------------------------------------------


AUTO = ("assign_damage", "order_triggers")
"""Decisions the drivers answer with their first option: the usual damage split (lethal to the front unit first)
and the first order of simultaneous triggers. Tests of those choices answer them explicitly."""


def auto(g: Game) -> bool:
    """Answer the pending decision with its first option if it is one of AUTO; True if it did."""
    if g.decision.kind in AUTO:
        g.choose(g.decision.options[0])
        return True
    return False


def answer_planning(g: Game) -> None:
    """Answer one planning decision the plain way: keep the hand, create and activate nothing."""
    d = g.decision
    assert d.kind in ("draft", "resources"), f"not a planning decision: {d.kind} ({d.prompt})"
    g.choose("done")


def to_haste(g: Game, seat: int = ANN) -> None:
    """From the start of a turn: through the draft and the resource step to `seat`'s haste window."""
    while not (g.decision.kind == "priority" and window(g) == "haste" and g.decision.seat_index == seat):
        if g.decision.kind == "priority":
            assert window(g) == "haste", f"unexpected window {window(g)}"
            g.choose("pass")
        else:
            answer_planning(g)


def to_battle(g: Game) -> None:
    """From the start of a turn: everyone passes planning and haste, up to the attacker's formation."""
    while g.decision.kind != "formation":
        if g.decision.kind == "priority":
            assert window(g) == "haste", f"unexpected window {window(g)}"
            g.choose("pass")
        else:
            answer_planning(g)


def attack(g: Game, *columns: Sequence[int], tokens: Iterable[int] = ()) -> None:
    """At a formation decision: set these columns (front unit first) and the spell tokens that follow."""
    assert g.decision.kind == "formation", g.decision.prompt
    for i, column in enumerate(columns):
        for row, unit in enumerate(column):
            g.choose(f"unit:{unit}")
            g.choose("slot:new" if row == 0 else f"slot:{i}")
    for tok in tokens:
        g.choose(f"token:{tok}")
    g.choose("done")


def attack_with(g: Game, cid: str) -> int:
    """From the start of a turn (`to_battle`): the unit `cid` attacks alone, in one column. Returns its id."""
    to_battle(g)
    unit = card(g, cid)
    attack(g, [unit])
    return unit


def block(g: Game, blocks: Mapping[int, Sequence[int]] | None = None, counter: Iterable[int] = ()) -> None:
    """Pass to the block decision, then block: {attacking column index: blockers front first};
    `counter` units are sent to counter-attack (phase 1 only)."""
    pass_until(g, "block")
    for index, units in (blocks or {}).items():
        for unit in units:
            g.choose(f"unit:{unit}")
            g.choose(f"slot:{index}")
    for unit in counter:
        g.choose(f"unit:{unit}")
        g.choose("counter")
    g.choose("done")


def pass_until(g: Game, kind: str) -> None:
    """Pass priority until a decision of `kind`."""
    while g.decision.kind != kind:
        if auto(g):
            continue
        assert g.decision.kind == "priority", f"expected {kind}, got {g.decision.kind}: {g.decision.prompt}"
        g.choose("pass")


def pass_until_window(g: Game, name: str) -> None:
    """Pass priority until the priority window `name` (e.g. "battle:after_window") asks someone."""
    while not (g.decision.kind == "priority" and window(g) == name):
        if auto(g):
            continue
        assert g.decision.kind == "priority", f"expected window {name}, got {g.decision.kind}: {g.decision.prompt}"
        g.choose("pass")


def resolve(g: Game) -> None:
    """Nobody responds: pass while the stack holds something."""
    while g.outcome is None and g.state.chain and g.decision.kind in ("priority", *AUTO):
        if not auto(g):
            g.choose("pass")


def pass_twice(g: Game) -> None:
    """Both players pass once each (the top of the stack resolves, or the window ends)."""
    for _ in range(2):
        assert g.decision.kind == "priority", g.decision.prompt
        g.choose("pass")


def finish_battle(g: Game) -> None:
    """Everyone passes every window, blocks nothing and counter-attacks with nothing, until regroup."""
    while g.outcome is None and g.state.battle is not None:
        kind = g.decision.kind
        if auto(g):
            continue
        if kind == "priority":
            g.choose("pass")
        elif kind in ("block", "formation"):
            g.choose("done")
        else:
            raise AssertionError(f"unexpected {kind} decision in battle: {g.decision.prompt}")


def step_past(g: Game) -> None:
    """Answer the pending decision doing nothing: pass priority, attack, block and plan with nothing
    (AUTO decisions take their first option)."""
    kind = g.decision.kind
    if auto(g):
        return
    if kind in ("draft", "resources", "block", "formation"):
        g.choose("done")
    elif kind == "priority":
        g.choose("pass")
    else:
        raise AssertionError(f"unexpected {kind} decision: {g.decision.prompt}")


def to_deploy(g: Game, seat: int = ANN) -> None:
    """From wherever the turn is: on to `seat`'s deployment window (no attacks, no blocks)."""
    while not (g.decision.kind == "priority" and window(g) == "deploy" and g.decision.seat_index == seat):
        step_past(g)


def to_next_turn(g: Game) -> None:
    """Everyone passes (attacking and blocking with nothing) until the next turn's first decision."""
    turn = g.state.turn
    while g.outcome is None and g.state.turn == turn:
        step_past(g)


def play(g: Game, oid: int, *targets: int, sacrifice: int | None = None, how: str = "play",
         respond: bool = False) -> None:
    """Play a card (`how`="play"), a spell token ("token") or an ability ("ability:<n>", "graft"),
    choosing its targets (ids, or `player(seat)`) and what it sacrifices; then, unless `respond`,
    everyone passes until the stack is empty."""
    key = f"ability:{oid}:{how.split(':')[1]}" if how.startswith("ability:") else f"{how}:{oid}"
    g.choose(key)
    for t in targets:
        g.choose(f"target:{t}")
    if sacrifice is not None:
        g.choose(f"sacrifice:{sacrifice}")
    if not respond:
        resolve(g)


def stack_results(g: Game) -> list[tuple[str, str]]:
    """How each stack entry left the stack, in order: (its label, "resolved" / "fizzled" / "removed")."""
    labels: dict[int, str] = {}
    out: list[tuple[str, str]] = []
    for ev in g.events:
        if isinstance(ev, ce.ChainPushed):
            labels[ev.id] = ev.label
        elif isinstance(ev, ce.ChainPopped):
            out.append((labels.get(ev.id, ev.label), ev.result))
    return out


def damage_log(g: Game) -> list[str]:
    """The players' log lines about damage and life, in order."""
    return [line for line in g.log() if "damage" in line or "loses" in line]
