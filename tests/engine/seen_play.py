"""Helpers for the hidden-card tests: seeded keen-bot games of every game and format, and what
each seat's view shows of them (face-up ids, hidden cards with the card behind them)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from cardgames.api import new_game
from cardgames.bots.keen_bot import KeenBot
from cardgames.engine import core_events as ce
from cardgames.engine.decisions import Ask, Option
from cardgames.engine.events import Event, applies, event
from cardgames.engine.flow import Flow, FnFrame
from cardgames.engine.game import Game
from cardgames.engine.ruleset import Ruleset
from cardgames.engine.state import Frame, Json, State
from cardgames.engine.view import CardView, GameView

NAMES = ["Ann", "Bob", "Cid", "Dee"]

FORMATS: list[tuple[str, str, int]] = [
    ("allegiance", "duel", 2),
    ("allegiance", "ffa", 3),
    ("allegiance", "ffa", 4),
    ("allegiance", "sworn-enemy", 3),
    ("allegiance", "sworn-enemy", 4),
    ("allegiance", "teams", 4),
    ("algomancy", "draft", 2),
    ("algomancy", "constructed", 2),
    ("algomancy", "draft", 3),
    ("arcmage", "1v1", 2),
    ("arcmage", "ffa", 3),
    ("mechamancers", "", 3),
    ("mechamancers", "two-roles", 2),
    ("altered", "", 2),
]
"""Every game and format (with its player count) the hidden-card rules are checked on."""

FORMAT_IDS = [f"{g}-{f or 'game'}-{n}p" for g, f, n in FORMATS]

MORE_FORMATS: list[tuple[str, str, int]] = [
    ("algomancy", "teams", 4),
    ("algomancy", "joint", 4),
    ("algomancy", "archenemy", 3),
    ("algomancy", "cube", 2),
    ("algomancy", "teamdraft", 4),
    ("arcmage", "giant", 4),
    ("arcmage", "aminduna", 3),
    ("mechamancers", "", 2),
    ("mechamancers", "", 4),
]
"""The other formats and player counts, for the checks cheap enough to run on every one."""
ALL_FORMATS = FORMATS + MORE_FORMATS
ALL_FORMAT_IDS = [f"{g}-{f or 'game'}-{n}p" for g, f, n in ALL_FORMATS]

HANDLE_FLOOR = 10**9
"""Handles of hidden cards lie above this; object ids lie below it."""


HEROES = ["beledan-kind", "thedric-egen", "corvane-aldris", "gonde-kyal"]
ELEMENTS = ["fire", "water", "earth"]
DECKS = ["fire-earth-aggro", "water-metal-control"]
ARC_DECKS = ["gaian-love-for-life", "brothers-in-arms", "toll-of-time"]
ALTERED_DECKS = ["brassworks", "dreaming-grove"]


def options(game: str, fmt: str, players: int) -> dict[str, Any]:
    """The same table in every game of a format (heroes, elements, decks: only the seed changes),
    so that an id handed out in catalog order names the same card in every game."""
    if game == "allegiance":
        return {"format": fmt, "heroes": HEROES[:players]}
    if game == "arcmage":
        return {"format": fmt, "decks": dict(zip(NAMES, ARC_DECKS[:players], strict=False))}
    if game == "altered":
        return {"decks": dict(zip(NAMES, ALTERED_DECKS, strict=False))}
    if game == "mechamancers":
        return {"format": fmt} if fmt else {}
    if fmt == "draft":
        return {"format": fmt, "elements": list(ELEMENTS)}
    if fmt != "constructed":  # Algomancy's group formats: elements and seats as the format deals them
        return {"format": fmt}
    return {"format": fmt, "decks": dict(zip(NAMES, DECKS, strict=False))}


def start(game: str, fmt: str, players: int, seed: int) -> Game:
    return new_game(game, NAMES[:players], seed, options(game, fmt, players))


def decisions(game: Game, seed: int, limit: int) -> Iterator[Game]:
    """Play `game` with keen bots, yielding it at each of its first `limit` decisions (before the
    answer); the answer is given when the caller asks for the next one."""
    bot = KeenBot(seed)
    for _ in range(limit):
        if over(game):
            return
        yield game
        if over(game):  # the caller may have played on
            return
        game.choose(bot.choose(game.decision))


def over(game: Game) -> bool:
    """Whether the game has ended (asked afresh after every answer)."""
    return game.outcome is not None


def viewers(game: Game) -> list[int | None]:
    """Every seat, and the public table (None)."""
    return [*range(len(game.state.players)), None]


@dataclass(frozen=True)
class Shown:
    """One card as a view shows it, with the truth behind it (read from the state by position:
    a view lists a zone's cards in the zone's order)."""

    zone: str
    view_id: int
    hidden: bool
    back: str
    object_id: int
    card: str


def shown(game: Game, view: GameView) -> list[Shown]:
    """Every card `view` lists, paired with the object at the same place in the state."""
    out: list[Shown] = []
    state = game.state
    for zid, zv in view.zones.items():
        ids = state.zones[zid].cards
        assert len(zv.cards) in (0, len(ids)), f"{zid}: the view lists {len(zv.cards)} of {len(ids)} cards"
        for cv, oid in zip(zv.cards, ids, strict=False):
            out.append(Shown(zid, cv.id, cv.hidden, cv.back, oid, state.objects[oid].card))
    return out


def face_up(view: GameView) -> dict[int, str]:
    """The cards a view shows face up: id -> card."""
    return {c.id: c.card for z in view.zones.values() for c in z.cards if not c.hidden and c.card is not None}


# -- a tiny game: one deck, a hand per seat, a table; every move a card can make -------------


class Tiny(Ruleset):
    """A game with nothing but moves, for the rules of knowledge and reveals in isolation.

    The seat to act may: `draw` (deck → own hand), `play:<id>` (own hand → table, face up),
    `hide:<id>` (own hand → table, face down), `flip:<id>` (turn a face-down card up),
    `bounce:<id>` (table → own hand), `give:<id>:<seat>` (own hand → that seat's hand),
    `aim:<seat>` (put on the chain an entry that targets the last card of that seat's hand: its
    key, the game's own, names no hidden card; its `ref` does, and the view renames it),
    `tuck:<id>` (own hand → bottom of the deck), `shuffle` (the deck), `peek` (look at the top
    card of the deck, which stays there), `gasp` (an event of older code that says it reveals,
    and names no card), `next` (the next seat acts). No event says it reveals anything but
    `Peeked` (which card it shows) and `Gasped`: the engine must find out by itself."""

    name = "tiny"
    title = "Tiny"
    min_players = 2
    max_players = 4

    def __init__(self) -> None:
        self.frame_kinds = {"turn": FnFrame(self._run, self._answer)}

    def catalog_fingerprint(self) -> str:
        return "tiny"

    def normalize_options(self, names: list[str], options: dict[str, Json]) -> dict[str, Json]:
        return dict(options)

    def setup(self, flow: Flow, names: list[str], options: dict[str, Json]) -> None:
        flow.emit(ce.PlayersSeated(list(names), list(range(len(names)))))
        flow.emit(ce.ZoneCreated("deck", "pile", None, "hidden"))
        flow.emit(ce.ZoneCreated("table", "area", None, "public"))
        for s in range(len(names)):
            flow.emit(ce.ZoneCreated(f"hand:{s}", "hand", s, "owner"))
        for card in TINY_CARDS:
            flow.emit(ce.ObjectCreated(flow.new_id(), card, -1, "deck"))
        flow.shuffle("deck")
        flow.push("turn", seat=0)

    def _run(self, flow: Flow, frame: Frame) -> Ask:
        state = flow.state
        seat = int(frame.data["seat"])
        hand = state.zones[f"hand:{seat}"].cards
        table = state.zones["table"].cards
        opts = [Option("next", "Next seat"), Option("shuffle", "Shuffle the deck"), Option("gasp", "Gasp")]
        if state.zones["deck"].cards:
            opts += [Option("draw", "Draw"), Option("peek", "Peek")]
        for i in hand:
            opts += [Option(f"play:{i}", "Play", ref=i), Option(f"hide:{i}", "Play face down", ref=i),
                     Option(f"tuck:{i}", "Tuck", ref=i)]
            opts += [Option(f"give:{i}:{s}", "Give", ref=i) for s in range(len(state.players)) if s != seat]
        for s in range(len(state.players)):
            theirs = state.zones[f"hand:{s}"].cards
            if s != seat and theirs:
                opts.append(Option(f"aim:{s}", "Aim at the last card of their hand", ref=theirs[-1]))
        for i in table:
            opts.append(Option(f"bounce:{i}", "Take back", ref=i))
            if state.objects[i].props.get("face_down") and state.objects[i].controller == seat:
                opts.append(Option(f"flip:{i}", "Turn face up", ref=i))
        return Ask(seat, "act", "Move a card", opts)

    def _answer(self, flow: Flow, frame: Frame, option: Option) -> None:
        seat = int(frame.data["seat"])
        verb, *args = option.key.split(":")
        if verb == "next":
            flow.update(frame, seat=(seat + 1) % len(flow.state.players))
        elif verb == "shuffle":
            flow.shuffle("deck")
        elif verb == "peek":
            flow.emit(Peeked(seat, flow.state.zones["deck"].cards[-1]))
        elif verb == "aim":
            aimed = flow.state.zones[f"hand:{args[0]}"].cards[-1]
            flow.emit(ce.ChainPushed(flow.new_id(), seat, "aim", "Aim", targets={"t": [aimed]}))
        elif verb == "gasp":
            flow.emit(Gasped(seat))
        elif verb == "draw":
            flow.emit(ce.ObjectMoved(flow.state.zones["deck"].cards[-1], f"hand:{seat}", controller=seat))
        elif verb == "play":
            flow.emit(ce.ObjectMoved(int(args[0]), "table"))
        elif verb == "hide":
            flow.emit(ce.ObjectPropSet(int(args[0]), "face_down", True))
            flow.emit(ce.ObjectMoved(int(args[0]), "table"))
        elif verb == "flip":
            flow.emit(ce.ObjectPropSet(int(args[0]), "face_down", None))
        elif verb == "bounce":  # a face-down card goes back unseen: turned up only in the hand
            flow.emit(ce.ObjectMoved(int(args[0]), f"hand:{seat}", controller=seat))
            flow.emit(ce.ObjectPropSet(int(args[0]), "face_down", None))
        elif verb == "give":
            flow.emit(ce.ObjectMoved(int(args[0]), f"hand:{args[1]}", controller=int(args[1])))
        elif verb == "tuck":
            flow.emit(ce.ObjectMoved(int(args[0]), "deck", index=0))


@event("tiny.Peeked")
@dataclass(frozen=True, slots=True)
class Peeked(Event):
    """A seat looks at the top card of the deck, which stays where it is: no zone can tell."""

    seat: int
    card: int

    def shows(self, state: State) -> list[tuple[int, int]]:
        return [(self.card, self.seat)]


@applies(Peeked)
def _peeked(state: State, ev: Peeked) -> None:
    return None


@event("tiny.Gasped")
@dataclass(frozen=True, slots=True)
class Gasped(Event):
    """Older code: an event that names no card and says it reveals something."""

    REVEALS = True
    seat: int


@applies(Gasped)
def _gasped(state: State, ev: Gasped) -> None:
    return None


TINY_CARDS = ["ace", "king", "queen", "jack", "ten", "nine", "eight", "seven"]


def tiny(players: int = 2, seed: int = 1) -> Game:
    return Game.new(Tiny(), NAMES[:players], seed, {})


def card_in(game: Game, viewer: int | None, zone: str, oid: int) -> CardView:
    """How `viewer`'s view shows object `oid` of `zone` (found by its place in the zone)."""
    place = game.state.zones[zone].cards.index(oid)
    return game.view(viewer).zones[zone].cards[place]


def strings_in(value: Any) -> Iterator[str]:
    """Every string in a JSON-like value (keys too): what a view could show or hand to a bot."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield str(k)
            yield from strings_in(v)
    elif isinstance(value, list | tuple):
        for v in value:
            yield from strings_in(v)
