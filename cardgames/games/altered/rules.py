"""The Altered ruleset for two: options and decks, setup of the adventure and the players, and the
Day's phases wired together."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from cardgames.engine import core_events as ce
from cardgames.engine.effects import Resolution
from cardgames.engine.events import Event
from cardgames.engine.flow import Flow, FrameKind
from cardgames.engine.ruleset import Ruleset, SetupError
from cardgames.engine.setup import Format, SeatChoice, SetupForm
from cardgames.engine.state import GameObject, Json, State
from cardgames.games.altered import describe, invariants, steps, why_not
from cardgames.games.altered import table as t
from cardgames.games.altered.catalog import Catalog, deck_problems, read_deck_file
from cardgames.games.altered.day import FIRST_DAY, LATER_DAY, Day, movers
from cardgames.games.altered.events import FirstPlayer, TiebreakersBegan
from cardgames.games.altered.play import Play
from cardgames.games.altered.schema import TERRAINS, Card

GIVEN_PHASES = ("noon", "afternoon", "dusk", "rest")


class Altered(Ruleset):
    """The top of the package: it builds the phases, handing itself to them as their `context.Rules`."""

    name = "altered"
    title = "Altered"
    rules_version = "2"
    min_players = 2
    max_players = 2
    public_decisions = frozenset({"reaction", "sacrifice", "cleanup", "target", "expedition", "may"})

    def __init__(self, catalog: Catalog | None = None, card_paths: list[Path] | None = None) -> None:
        self.cat = catalog or Catalog.load(card_paths)
        self.cards: dict[str, Card] = self.cat.cards
        self.play = Play(self)
        self.day = Day(self)
        self.frame_kinds: dict[str, FrameKind] = {
            "resolve": Resolution(self.play),
            **self.play.frame_kinds(),
            **self.day.frame_kinds(),
        }

    def catalog_fingerprint(self) -> str:
        return self.cat.fingerprint

    # -- options -------------------------------------------------------------------------

    def setup_form(self) -> SetupForm:
        decks = tuple(
            (f"{d.name} ({self.cards[d.hero].name})", d.id)
            for d in sorted(self.cat.decks.values(), key=lambda d: d.name)
        )
        return SetupForm(
            formats=(Format("", "Altered (two players)", (2,)),),
            seat_choices=(
                SeatChoice(
                    "deck",
                    "decks",
                    decks,
                    random="Random deck",
                    by_player=True,
                    file="or a deck file (.yaml)",
                    read_file=self.read_deck,
                ),
            ),
            short="alt",
        )

    def read_deck(self, path: Path) -> dict[str, Json]:
        """A player's own deck file, read and checked; CardgamesError names file, line and rule."""
        return read_deck_file(path, self.cards)

    def normalize_options(self, names: list[str], options: dict[str, Json]) -> dict[str, Json]:
        if len(names) != 2:
            raise SetupError("Altered is played by two here (2v2, free-for-all and Booster War are not built yet)")
        if len(set(names)) != len(names) or not all(n.strip() for n in names):
            raise SetupError("players need different, non-empty names")
        known = {"decks", "first", "given", "format", "stop"}
        # `stop` (when to be asked to respond) is accepted and unused: Altered has no responses —
        # only the controller of a reaction plays it (ruling H27).
        unknown = sorted(set(options) - known)
        if unknown:
            raise SetupError(f"unknown option(s) {', '.join(unknown)}; options: {', '.join(sorted(known))}")
        if options.get("format") not in (None, ""):
            raise SetupError("Altered has one format here; leave `format` out")
        out: dict[str, Json] = {"format": ""}  # one format: the game for two
        decks = options.get("decks") or {}
        if not isinstance(decks, dict):
            raise SetupError("`decks` maps player names to a deck id or {hero, cards}")
        norm: dict[str, Json] = {}
        for who, deck in decks.items():
            if who not in names:
                raise SetupError(f"decks: {who!r} is not one of the players")
            if isinstance(deck, str):
                if deck not in self.cat.decks:
                    raise SetupError(f"decks: no deck {deck!r}; decks: {', '.join(sorted(self.cat.decks))}")
                d = self.cat.decks[deck]
                norm[who] = {"hero": d.hero, "cards": dict(d.cards)}
            elif isinstance(deck, dict) and isinstance(deck.get("hero"), str) and isinstance(deck.get("cards"), dict):
                problems = deck_problems(self.cards, str(deck["hero"]), deck["cards"])
                if problems:
                    raise SetupError(f"{who}'s deck: {problems[0][1]}")
                norm[who] = {"hero": str(deck["hero"]), "cards": dict(deck["cards"])}
            else:
                raise SetupError(f"decks: {who}'s deck is a deck id or {{hero: <id>, cards: {{id: copies}}}}")
        out["decks"] = norm
        first = options.get("first")
        if first is not None:
            if first not in names:
                raise SetupError(f"first: {first!r} is not one of the players")
            out["first"] = first
        given = options.get("given")
        if given is not None:
            if not isinstance(given, dict) or not isinstance(given.get("players") or {}, dict):
                raise SetupError("`given` is a table: {day, phase, players: {name: {hand: [...], ...}}}")
            strangers = sorted(set(given.get("players") or {}) - set(names))
            if strangers:
                raise SetupError(f"given.players: {', '.join(strangers)} not among the players")
            if str(given.get("phase", "afternoon")) not in GIVEN_PHASES:
                raise SetupError(f"given.phase: one of {', '.join(GIVEN_PHASES)}")
            out["given"] = given
        return out

    # -- setup ---------------------------------------------------------------------------

    def setup(self, flow: Flow, names: list[str], options: dict[str, Json]) -> None:
        """Fragment 4.3 / spec §4: the adventure (hero region, three tumult cards face down in random
        order and orientation, companion region), each player's Hero and shuffled Deck, a random
        first player; Day 1 begins."""
        n = len(names)
        flow.emit(ce.PlayersSeated(list(names), list(range(n))))
        for zone in (t.LIMBO, t.GONE):
            flow.emit(ce.ZoneCreated(zone, "area", None, "public"))
        for k in range(3):
            flow.emit(ce.ZoneCreated(t.tumult(k), "pile", None, "hidden"))
            flow.emit(ce.ZoneCreated(t.revealed(k), "area", None, "public"))
        for s in range(n):
            flow.emit(ce.ZoneCreated(t.deck(s), "pile", s, "hidden"))
            flow.emit(ce.ZoneCreated(t.hand(s), "hand", s, "owner"))
            flow.emit(ce.ZoneCreated(t.mana(s), "area", s, "owner"))
            for zone in (
                t.reserve(s),
                t.landmarks(s),
                t.discard(s),
                t.hero_zone(s),
                t.expedition(s, "hero"),
                t.expedition(s, "companion"),
            ):
                flow.emit(ce.ZoneCreated(zone, "area" if not zone.startswith("discard") else "pile", s, "public"))
            flow.emit(ce.PlayerPropSet(s, "hero_at", t.HERO_START))
            flow.emit(ce.PlayerPropSet(s, "companion_at", t.COMPANION_START))
            flow.emit(ce.PlayerCounterAdded(s, "orbs_exhausted", 0))
        tumults = [c.id for c in self.cat.tumults()]
        order = list(tumults)
        flow.rng().shuffle(order)
        flow.emit(ce.RandomDrawn("tumult order", tumults.index(order[0])))
        for k, cid in enumerate(order):
            flipped = flow.randint("tumult orientation", 0, 1) == 1
            steps.create(flow, cid, -1, t.tumult(k), {"flipped": flipped})
        first = options.get("first")
        seat0 = names.index(str(first)) if first is not None else flow.randint("first player", 0, n - 1)
        flow.emit(FirstPlayer(seat0))
        decks = dict(options.get("decks") or {})
        given = options.get("given")
        for s, name in enumerate(names):
            deck = decks.get(name) or self._random_deck(flow)
            steps.create(flow, str(deck["hero"]), s, t.hero_zone(s))
            if given is None:
                for cid in sorted(deck["cards"]):
                    for _ in range(int(deck["cards"][cid])):
                        steps.create(flow, cid, s, t.deck(s))
                flow.shuffle(t.deck(s))
        flow.emit(ce.GlobalSet("day", 1))
        if given is not None:
            self._given(flow, names, dict(given))
            return
        flow.push("day", i=0)

    def _random_deck(self, flow: Flow) -> dict[str, Any]:
        ids = sorted(self.cat.decks)
        d = self.cat.decks[ids[flow.randint("deck", 0, len(ids) - 1)]]
        return {"hero": d.hero, "cards": dict(d.cards)}

    def _given(self, flow: Flow, names: list[str], given: dict[str, Any]) -> None:
        """A table set mid-game (tests, scenarios): cards in zones, positions, mana, then the Day from
        `phase` (noon, afternoon, dusk or rest) of `day`."""
        day = int(given.get("day", 2))
        phase = str(given.get("phase", "afternoon"))
        if phase not in GIVEN_PHASES:
            raise SetupError(f"given.phase: one of {', '.join(GIVEN_PHASES)}")
        flow.emit(ce.GlobalSet("day", day))
        for s, name in enumerate(names):
            spec = dict((given.get("players") or {}).get(name) or {})
            for key, zone in (
                ("deck", t.deck(s)),
                ("hand", t.hand(s)),
                ("reserve", t.reserve(s)),
                ("discard", t.discard(s)),
                ("landmarks", t.landmarks(s)),
                ("mana", t.mana(s)),
                ("hero_expedition", t.expedition(s, "hero")),
                ("companion_expedition", t.expedition(s, "companion")),
            ):
                for item in spec.get(key) or []:
                    entry = {"card": item} if isinstance(item, str) else dict(item)
                    if entry["card"] not in self.cards:
                        raise SetupError(f"given: no card {entry['card']!r}")
                    oid = steps.create(flow, entry["card"], s, zone)
                    if entry.get("boost"):
                        flow.emit(ce.CounterAdded(oid, "boost", int(entry["boost"])))
                    for status in entry.get("status") or []:
                        flow.emit(ce.ObjectPropSet(oid, status, True))
                    if entry.get("exhausted"):
                        flow.emit(ce.ObjectChanged(oid, exhausted=True))
            for kind in t.KINDS:
                if f"{kind}_at" in spec:
                    flow.emit(ce.PlayerPropSet(s, f"{kind}_at", int(spec[f"{kind}_at"])))
            if spec.get("orbs_exhausted"):
                flow.emit(ce.PlayerCounterAdded(s, "orbs_exhausted", int(spec["orbs_exhausted"])))
        for k in given.get("revealed") or []:
            cards = flow.state.zones[t.tumult(int(k))].cards
            if cards:
                flow.emit(ce.ObjectMoved(cards[0], t.revealed(int(k))))
        if given.get("arena"):
            flow.emit(TiebreakersBegan())
        flow.push("day", i=(FIRST_DAY if day == 1 else LATER_DAY).index(phase))

    # -- presentation --------------------------------------------------------------------

    def card_name(self, state: State, obj: GameObject) -> str:
        return self.cards[obj.card].name

    def card_back(self, state: State, obj: GameObject) -> str:
        return "tumult" if self.cards[obj.card].kind == "tumult" else "Altered"

    def card_facts(self, state: State, obj: GameObject) -> dict[str, Any]:
        card = self.cards[obj.card]
        facts: dict[str, Any] = {"kind": card.kind, "text": card.text}
        if card.faction:
            facts["faction"] = card.faction
        if card.subtypes:
            facts["subtypes"] = list(card.subtypes)
        if card.cost is not None:
            facts["cost"] = list(card.cost)
        if card.stats is not None:
            facts["stats"] = [t.stat(self.cards, obj, x) for x in TERRAINS]
            facts["printed"] = list(card.stats)
        statuses = [s for s in ("fleeting", "asleep", "anchored") if obj.props.get(s)]
        if statuses:
            facts["statuses"] = statuses
        keywords = [k for k in ("gigantic", "seasoned", "eternal", "fleeting") if getattr(card, k)]
        if t.in_play(obj):
            if t.is_defender(state, self.cards, obj):
                keywords.append("defender")
            tough = t.tough(state, self.cards, obj)
            if tough:
                keywords.append(f"tough {tough}")
        elif card.tough:
            keywords.append(f"tough {card.tough}")
        if keywords:
            facts["keywords"] = keywords
        if card.kind == "hero":
            facts["limits"] = [card.reserve_limit, card.landmark_limit]
            if obj.controller >= 0:  # what meets at Dusk: the statistics of its player's expeditions
                facts["expeditions"] = {
                    k: [t.expedition_stats(state, self.cards, obj.controller, k)[x] for x in TERRAINS] for k in t.KINDS
                }
                if not state.globals.get("arena"):  # Progress as the table stands now
                    facts["moves_at_dusk"] = [k for s, k in movers(state, self) if s == obj.controller]
                else:  # the tiebreaker's single set of statistics (fragment 4.3.h.1)
                    sums = t.arena_stats(state, self.cards, obj.controller)
                    facts["arena"] = [sums[x] for x in TERRAINS]
        if card.kind == "tumult":
            facts["halves"] = [list(h) for h in (card.halves[::-1] if obj.props.get("flipped") else card.halves)]
        return facts

    def describe(self, state: State, ev: Event, viewer: int | None) -> str | None:
        return describe.describe(self, state, ev, viewer)

    def why_not(self, state: State, seat: int, legal: set[str]) -> list[tuple[str, str]]:
        return why_not.reasons(self, state, seat, legal)

    def invariants(self, state: State) -> list[str]:
        return invariants.invariants(self, state)

    def settled_invariants(self, state: State) -> list[str]:
        return invariants.settled_invariants(self, state)
