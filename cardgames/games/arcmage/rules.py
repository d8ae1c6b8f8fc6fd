"""The ARC-mage ruleset: options (decks, formats), setup (city stacks, 7-card hands, first cities in
turn order) and the phases it wires together."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from cardgames.engine import core_events as ce
from cardgames.engine.chain import PriorityWindow
from cardgames.engine.decisions import Ask, Option
from cardgames.engine.effects import Resolution
from cardgames.engine.events import Event
from cardgames.engine.flow import Flow, FnFrame, FrameKind
from cardgames.engine.ruleset import Ruleset, SetupError, checked_stops
from cardgames.engine.setup import Choice, Format, SeatChoice, SetupForm
from cardgames.engine.state import Frame, GameObject, Json, State
from cardgames.engine.stops import STOP_SETTINGS
from cardgames.games.arcmage import (
    board,
    checks,
    choices,
    choices_more,
    concede,
    describe,
    given,
    invariants,
    teams,
    unmark,
    why_not,
)
from cardgames.games.arcmage import table as t
from cardgames.games.arcmage.catalog import CITY_STACK, Catalog, DeckError, deck_problems, read_deck_file
from cardgames.games.arcmage.combat import Attack, attack_mark_frame
from cardgames.games.arcmage.events import CardDrawn
from cardgames.games.arcmage.play import Play
from cardgames.games.arcmage.schema import FACTION_NAMES
from cardgames.games.arcmage.turn import Turn

FORMATS = ("1v1", "ffa", "giant", "aminduna")
TEAM_NAMES = ("A", "B")
TOGGLES = ("group_moves", "unmark_before_founding")
"""The rulings' optional toggles (R35, R18): game options "on" or "off", off by default."""


class Arcmage(Ruleset):
    """The top of the package: builds the phases, handing itself to them as their `context.Rules`."""

    name = "arcmage"
    title = "ARC-mage"
    rules_version = "2"
    min_players = 2
    max_players = 6
    preferences = {"stop": STOP_SETTINGS}
    sealed_decisions = frozenset({"tutor"})
    public_decisions = frozenset({"target", "attack", "attackers", "defend", "assign", "devote", "tactics",
                                  "evacuate", "relocate", "raise", "move", "place", "mode", "pay", "x",
                                  "sacrifice", "sacrifice_city", "faction", "bonus", "pay_draw", "steal",
                                  "city_damage", "mark_more", "unmark_choice", "city_cost",
                                  "mark_others", "vengeance", "carry", "nirvana", "bodyguard", "concede"})

    def __init__(self, catalog: Catalog | None = None, card_paths: list[Path] | None = None) -> None:
        self.cat = catalog or Catalog.load(card_paths)
        self.cards = self.cat.cards
        self.play = Play(self)
        self.attack = Attack(self, self.play.flush_triggers)
        self.turn = Turn(self, self.play.flush_triggers)
        self.frame_kinds: dict[str, FrameKind] = {
            "priority": PriorityWindow(self.play),
            "resolve": Resolution(self.play),
            "opening": FnFrame(self._opening_run, self._opening_answer),
            "attack_mark": attack_mark_frame(self.attack),
            **self.play.frame_kinds(), **self.attack.frame_kinds(), **self.turn.frame_kinds(),
            **choices.frame_kinds(), **choices_more.frame_kinds(), **unmark.frame_kinds(),
            **concede.frame_kinds(),
        }

    def catalog_fingerprint(self) -> str:
        return self.cat.fingerprint

    # -- options -------------------------------------------------------------------------

    def setup_form(self) -> SetupForm:
        decks = tuple((d.name, d.id) for d in self.cat.decks.values())
        return SetupForm(
            formats=(Format("1v1", "1 vs 1", (2,)), Format("ffa", "Free-for-all (each alone)", (3, 4, 5, 6)),
                     Format("giant", "One-, two-, three-headed giant (two teams)", (3, 4, 5, 6)),
                     Format("aminduna", "Aminduna: the first player is the evil overlord, the others a team",
                            (3, 4, 5, 6))),
            seat_choices=(SeatChoice("deck", "decks", decks, random="Random named deck", by_player=True,
                                     file="or a deck file (.yaml, 45 cards)", read_file=self.read_deck),
                          SeatChoice("team", "teams", (("Team A", "A"), ("Team B", "B")), by_player=True,
                                     formats=("giant",))),
            choices=(Choice("group_moves", "Moving creatures",
                            (("One creature per move", "off"),
                             ("Group moves: several creatures from one place to one place, one move", "on"))),
                     Choice("unmark_before_founding", "Founding a city",
                            (("Founding skips the whole turn, Unmark included", "off"),
                             ("Unmark before founding", "on")))),
            short="arc")

    def read_deck(self, path: Path) -> dict[str, Json]:
        """A player's deck file, read and checked (DeckError names the file, line and rule)."""
        return dict(read_deck_file(path, self.cards))

    def normalize_options(self, names: list[str], options: dict[str, Json]) -> dict[str, Json]:
        n = len(names)
        if not self.min_players <= n <= self.max_players:
            raise SetupError(f"ARC-mage is played by 2 to 6 players here, not {n}")
        if len(set(names)) != n or not all(x.strip() for x in names):
            raise SetupError("players need different, non-empty names")
        known = {"format", "decks", "first_player", "stop", "given", "teams", "overlord", *TOGGLES}
        unknown = sorted(set(options) - known)
        if unknown:
            raise SetupError(f"unknown option(s) {', '.join(unknown)}; options: {', '.join(sorted(known))}")
        fmt = str(options.get("format") or ("1v1" if n == 2 else "giant" if options.get("teams") else "ffa"))
        if fmt not in FORMATS:
            raise SetupError(f"format {fmt!r}: one of {', '.join(FORMATS)}")
        if fmt == "1v1" and n != 2:
            raise SetupError("1v1 is for two players; three to six play free-for-all (format ffa)")
        if fmt in ("ffa", "giant", "aminduna") and n < 3:
            raise SetupError(f"{fmt} is for three to six players; two play 1v1")
        out: dict[str, Json] = {"format": fmt, "decks": self._decks(names, options.get("decks"))}
        if fmt == "giant":
            out["teams"] = self._teams(names, options.get("teams"))
        elif options.get("teams"):
            raise SetupError("teams are for the headed giant format (format: giant)")
        if fmt == "aminduna":
            lord = options.get("overlord", names[0])
            if lord not in names:
                raise SetupError(f"overlord: {lord!r} is not one of the players")
            out["overlord"] = lord
        elif options.get("overlord") is not None:
            raise SetupError("an overlord is for the Aminduna format (format: aminduna)")
        first = options.get("first_player")
        if first is not None:
            if first not in names:
                raise SetupError(f"first_player: {first!r} is not one of the players")
            out["first_player"] = first
        stop = options.get("stop")
        if stop is not None:
            stop = checked_stops(stop, names)
            out["stop"] = stop
        for key in TOGGLES:
            value = options.get(key)
            if value is not None:
                value = {True: "on", False: "off"}.get(value, value) if isinstance(value, bool) else value
                if value not in ("on", "off"):
                    raise SetupError(f"{key}: on or off, not {value!r}")
                out[key] = value
        if options.get("given") is not None:
            out["given"] = options["given"]
        return out

    def _teams(self, names: list[str], given: Any) -> dict[str, Json]:
        """One, Two, Three Headed Giant: two teams of 1 to 3 players; by default seats alternate A, B."""
        given = dict(given or {}) if isinstance(given, dict) or given is None else given
        if isinstance(given, dict):  # players without a team join the smaller one (A first): seats alternate
            for n in names:
                if given.get(n) is None:
                    sizes = [sum(1 for v in given.values() if v == team) for team in TEAM_NAMES]
                    given[n] = TEAM_NAMES[0] if sizes[0] <= sizes[1] else TEAM_NAMES[1]
        if not isinstance(given, dict) or set(given) != set(names) or not set(given.values()) <= set(TEAM_NAMES):
            raise SetupError("teams: give every player a team, A or B (e.g. {Ann: A, Bob: B, Cid: A})")
        sizes = sorted(sum(1 for v in given.values() if v == team) for team in TEAM_NAMES)
        if sizes[0] < 1 or sizes[1] > 3:
            raise SetupError(f"teams: {sizes[1]} against {sizes[0]}; the headed giant is played 2v1, 2v2, 3v2, 3v3 "
                             "(two teams of one to three players)")
        return {n: str(given[n]) for n in names}

    def _decks(self, names: list[str], decks: Any) -> dict[str, Json]:
        if decks is None:
            return {}
        if not isinstance(decks, dict):
            raise SetupError("`decks` must map player names to a deck id or {card: copies}")
        out: dict[str, Json] = {}
        for who, deck in decks.items():
            if who not in names:
                raise SetupError(f"decks: {who!r} is not one of the players")
            if deck is None:
                continue
            if isinstance(deck, str):
                if deck not in self.cat.decks:
                    raise SetupError(f"decks: no deck {deck!r}; decks: {', '.join(sorted(self.cat.decks))}")
                out[who] = dict(self.cat.decks[deck].cards)
            elif isinstance(deck, dict):
                errors = deck_problems(self.cards, {str(k): v for k, v in deck.items()}, where=f"{who}'s deck")
                if errors:
                    raise SetupError(errors[0])
                out[who] = dict(deck)
            else:
                raise SetupError(f"decks: {who}'s deck must be a deck id or {{card: copies}}")
        return out

    # -- setup ---------------------------------------------------------------------------

    def setup(self, flow: Flow, names: list[str], options: dict[str, Json]) -> None:
        """Playing the game: three cities set aside face down, the rest shuffled, 7 cards each, a random
        first player (R3), then each places a first city in turn order."""
        n = len(names)
        team_of = dict(options.get("teams") or {})
        sides = [TEAM_NAMES.index(str(team_of[x])) for x in names] if team_of else list(range(n))
        lord = names.index(str(options["overlord"])) if options.get("overlord") is not None else None
        if lord is not None:  # Aminduna: the overlord alone against one team
            sides = [0 if s == lord else 1 for s in range(n)]
        flow.emit(ce.PlayersSeated(list(names), sides))
        flow.emit(ce.GlobalSet("format", str(options["format"])))
        for key in TOGGLES:  # R35, R18: the optional toggles the players turned on
            if options.get(key) == "on":
                flow.emit(ce.GlobalSet(key, True))
        extra = max(0, n - 3)
        if lord is not None:
            flow.emit(ce.GlobalSet("overlord", lord))
            flow.emit(ce.GlobalSet("extra_players", extra))
        flow.emit(ce.ZoneCreated(t.STACK, "stack", None, "public"))
        stops = options.get("stop") or {}
        for s in range(n):
            flow.emit(ce.ZoneCreated(t.deck(s), "pile", s, "hidden"))
            flow.emit(ce.ZoneCreated(t.hand(s), "hand", s, "owner"))
            flow.emit(ce.ZoneCreated(t.unbuilt(s), "pile", s, "owner"))
            for z in (t.kingdom(s), t.army(s), t.ench(s), t.vault(s)):
                flow.emit(ce.ZoneCreated(z, "area", s, "public"))
            flow.emit(ce.ZoneCreated(t.grave(s), "pile", s, "public"))
            flow.emit(ce.ZoneCreated(t.gone(s), "pile", s, "public"))
            flow.emit(ce.PlayerPropSet(s, "stop", str(stops.get(names[s], "auto"))))
        if options.get("given") is not None:
            if team_of:  # the first player (seat 0) has just begun their team's first turn
                members = [[x for x, side in enumerate(sides) if side == team] for team in (0, 1)]
                _, after = teams.step(teams.new_order(members, sides[0]), lambda x: True)
                flow.emit(ce.GlobalSet("giant", after))
            given.set_table(self, flow, names, dict(options["given"]))
            return
        decks = dict(options.get("decks") or {})
        ids = sorted(self.cat.decks)
        for s, who in enumerate(names):
            counts = decks.get(who)
            if counts is None:
                pick = ids[flow.randint("deck", 0, len(ids) - 1)]
                flow.emit(ce.PlayerPropSet(s, "deck", self.cat.decks[pick].name))
                counts = dict(self.cat.decks[pick].cards)
            else:
                named = next((d.name for d in self.cat.decks.values() if dict(d.cards) == counts), "own deck")
                flow.emit(ce.PlayerPropSet(s, "deck", named))
            self._build(flow, s, {str(k): int(v) for k, v in dict(counts).items()},
                        extra_cities=2 * extra if s == lord else 0)
        fixed = options.get("first_player")
        if lord is not None:  # Aminduna: the overlord goes first and puts 2 (+1 per extra player) cities
            first = lord
            order = [lord] * (2 + extra) + flow.state.seats_from(lord)[1:]
        elif team_of:
            order = self._giant_order(flow, sides)
            first = order[0]
        else:
            first = names.index(str(fixed)) if fixed is not None else flow.randint("first player", 0, n - 1)
            order = flow.state.seats_from(first)
        for s in dict.fromkeys(order):
            checks.draw(flow, s, t.OPENING_HAND)
        flow.push("turn", step="begin", seat=first, draw=1)
        flow.push("opening", order=order, i=0)

    def _giant_order(self, flow: Flow, sides: list[int]) -> list[int]:
        """Team Player Order: the team with more players starts (equal: at random); within a team, seat
        order. Returns the players in the order of their first turns, and keeps the order for `turn`."""
        members = [[s for s, side in enumerate(sides) if side == team] for team in (0, 1)]
        if len(members[0]) != len(members[1]):
            start = 0 if len(members[0]) > len(members[1]) else 1
        else:
            start = flow.randint("first team", 0, 1)
        order = teams.new_order(members, start)
        seat, after = teams.step(order, lambda s: True)
        flow.emit(ce.GlobalSet("giant", after))
        firsts = [seat, *teams.sequence(after, lambda s: True, 2 * len(sides))]
        return list(dict.fromkeys(firsts))

    def _build(self, flow: Flow, s: int, counts: dict[str, int], extra_cities: int = 0) -> None:
        """R2: the first three cities of the list form the city stack; the rest is the deck. The Aminduna
        overlord adds two cities to the stack per team player beyond two (R79): from the real cities
        not already in its stack, at random."""
        stacked = 0
        if extra_cities:
            mine = {cid for cid in counts if self.cards[cid].is_city}
            pool = sorted(cid for cid, c in self.cards.items() if c.is_city and not c.invented and cid not in mine)
            for _ in range(extra_cities):
                cid = pool.pop(flow.randint("overlord city", 0, len(pool) - 1))
                oid = checks.create(self, flow, cid, s, t.unbuilt(s))
                flow.emit(ce.ZoneCreated(t.residents_zone(oid), "area", s, "public"))
        for cid, k in counts.items():
            for _ in range(k):
                card = self.cards[cid]
                if card.is_city and stacked < CITY_STACK:
                    oid = checks.create(self, flow, cid, s, t.unbuilt(s))
                    stacked += 1
                else:
                    oid = checks.create(self, flow, cid, s, t.deck(s))
                if card.is_city:
                    flow.emit(ce.ZoneCreated(t.residents_zone(oid), "area", s, "public"))
        flow.shuffle(t.deck(s))

    def _opening_run(self, flow: Flow, frame: Frame) -> Ask | None:
        order = [int(x) for x in frame.data["order"]]
        i = int(frame.data["i"])
        if i >= len(order):
            flow.pop(frame)
            flow.emit(ce.GlobalSet("started", True))
            return None
        seat = order[i]
        return Ask(seat, "found", "Put your first city into play",
                   [Option(f"found:{o.id}", f"Found {self.card_name(flow.state, o)}", "found", o.id)
                    for o in flow.state.cards_in(t.unbuilt(seat))])

    def _opening_answer(self, flow: Flow, frame: Frame, option: Option) -> None:
        seat = [int(x) for x in frame.data["order"]][int(frame.data["i"])]
        flow.emit(ce.ObjectMoved(int(option.key.split(":")[1]), t.kingdom(seat)))
        flow.update(frame, i=int(frame.data["i"]) + 1)

    # -- presentation --------------------------------------------------------------------

    def card_name(self, state: State, obj: GameObject) -> str:
        return self.cards[obj.card].name

    def card_back(self, state: State, obj: GameObject) -> str:
        fac = obj.props.get("faction")
        if obj.zone.startswith("vault:") and fac:
            return f"{FACTION_NAMES[str(fac)]} resource{' (marked)' if obj.exhausted else ''}"
        return "card"

    def card_facts(self, state: State, obj: GameObject) -> dict[str, Any]:
        return describe.facts(self, state, obj)

    def describe(self, state: State, ev: Event, viewer: int | None) -> str | None:
        return describe.describe(self, state, ev, viewer)

    def why_not(self, state: State, seat: int, legal: set[str]) -> list[tuple[str, str]]:
        return why_not.reasons(self, state, seat, legal)

    def invariants(self, state: State) -> list[str]:
        return invariants.invariants(self, state)

    def settled_invariants(self, state: State) -> list[str]:
        return invariants.settled_invariants(self, state)


__all__ = ["STOP_SETTINGS", "Arcmage", "CardDrawn", "DeckError", "board"]
