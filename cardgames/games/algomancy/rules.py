"""The Algomancy ruleset: options, setup (initiative, Prismites, 16 cards), and the phases it wires together."""

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
from cardgames.games.algomancy import board, checks, describe, ffa, given, invariants, why_not
from cardgames.games.algomancy import table as t
from cardgames.games.algomancy.bracket import START as BRACKET_START
from cardgames.games.algomancy.bracket import Bracket
from cardgames.games.algomancy.catalog import MAX_COPIES, MIN_DECK, Catalog, read_deck_file
from cardgames.games.algomancy.cube import CubeDraft
from cardgames.games.algomancy.cube_traditional import PACK_SIZE, PACKS, TraditionalCube
from cardgames.games.algomancy.planning import Planning
from cardgames.games.algomancy.play import Play
from cardgames.games.algomancy.schema import ELEMENTS
from cardgames.games.algomancy.seating import FFA_MIN, copies, draft_elements
from cardgames.games.algomancy.team import TeamBattle
from cardgames.games.algomancy.teamdraft import build_team_decks
from cardgames.games.algomancy.turn import Turn
from cardgames.games.algomancy.verbs import sacrifice_answer, sacrifice_run

FORMATS = ("draft", "constructed", "cube", "teams", "joint", "archenemy", "teamdraft", "teams-constructed",
           "joint-constructed", "archenemy-constructed")
ELEMENT_CHOICES = ("random", "alternate")
TEAM_SIZES = {"teams": (4, 6), "joint": (4, 6), "archenemy": (3,), "teamdraft": (4, 6), "teams-constructed": (4, 6),
              "joint-constructed": (4, 6), "archenemy-constructed": (3,)}
CUBE_STYLES = ("algomancy", "traditional")
CUBE_PLAYS = ("game", "bracket")
TABLE_MAX = 6
"""The most players one game seats (a free-for-all of 3–6); a cube bracket plays 1v1 matches, so up to 8 draft."""
"""The team setups (rulebook: Player setups), played as live draft: split teams 2v2 or 3v3, joint
teams 2v2 or 3v3 (a team shares one region and one life total), and archenemy, one player against
two with a head start; the same three in constructed too. Other formats: 1v1 with two players,
free-for-all with three to six."""
CONSTRUCTED_TEAMS = {"teams-constructed": "teams", "joint-constructed": "joint", "archenemy-constructed": "archenemy"}
"""The team setups played constructed: each player brings a decklist, as in a 1v1 constructed game."""
DECK_FORMATS = ("constructed", "teamdraft", *CONSTRUCTED_TEAMS)
"""The formats in which each player brings a decklist."""
COPIES = 2
"""Copies of each pool card in the live-draft deck with up to four players (R15; seating.copies)."""
DRAFT_ELEMENTS = 3
"""Elements of the live-draft deck with two or three players (seating.draft_elements)."""


class Algomancy(Ruleset):
    """The top of the package: it builds the phases, handing itself to them as their `context.Rules`."""

    name = "algomancy"
    title = "Algomancy"
    rules_version = "9"
    """5: state checks before each sacrifice of one effect and before each simultaneous trigger (A74).
    6: state checks before each combat damage sub-step, until nothing more dies (A74): a 1v1 save in which a
    back unit closed up without its back-row buff and a later sub-step asked a question replays differently.
    7: team games: the initiative team first in the draft, resources and triggers (A70), team-mates' cards are
    allies in split teams too, and a team holds priority together (A71); a team save asks in another order.
    8: the log's lines for an attack or a block declared, a mod applied and tokens created are events of their own
    (AttackDeclared, BlocksDeclared, ModApplied, TokensCreated): an older save's events differ."""
    min_players = 2
    max_players = 8
    """Up to 8 in a cube bracket (A79); every other format (one game for everyone at once) seats 6."""
    preferences = {"stop": STOP_SETTINGS}
    sealed_decisions = frozenset({"draft", "intent"})
    private_groups = frozenset({"create"})
    """Which resource a player creates: it comes into play face down (dormant), so the choice is
    made on the player's own screen (and a card is recycled from hand there anyway)."""
    public_decisions = frozenset({"formation", "block", "assign_damage", "order_triggers", "graft_position", "target"})

    def __init__(self, catalog: Catalog | None = None, card_paths: list[Path] | None = None) -> None:
        self.cat = catalog or Catalog.load(card_paths)
        self.cards = self.cat.cards
        self.planning = Planning(self)
        self.play = Play(self)
        self.battle_rules = TeamBattle(self)
        self.turn = Turn(self, self.planning, self.battle_rules)
        self.cube = CubeDraft(self)
        self.cube_traditional = TraditionalCube(self)
        self.bracket = Bracket(self)
        self.frame_kinds: dict[str, FrameKind] = {
            "elements": FnFrame(self._elements_run, self._elements_answer),
            "sacrifice": FnFrame(sacrifice_run, sacrifice_answer),
            "priority": PriorityWindow(self.play),
            "resolve": Resolution(self.play),
            **self.planning.frame_kinds(),
            **self.play.frame_kinds(),
            **self.battle_rules.frame_kinds(),
            **self.turn.frame_kinds(),
            **self.cube.frame_kinds(),
            **self.cube_traditional.frame_kinds(),
            **self.bracket.frame_kinds(),
        }

    def catalog_fingerprint(self) -> str:
        return self.cat.fingerprint

    # -- options -------------------------------------------------------------------------

    def setup_form(self) -> SetupForm:
        """Live draft (how the shared deck's elements are chosen) or constructed (each player's
        decklist: a shipped one, one at random, or a deck file of their own)."""
        seats = tuple(range(self.min_players, TABLE_MAX + 1))
        decks = tuple((d.name, d.id) for d in sorted(self.cat.decks.values(), key=lambda d: d.name))
        return SetupForm(
            formats=(Format("draft", "Live draft (draft from a shared deck each turn; 3+ players: free-for-all)",
                            seats),
                     Format("constructed", "Constructed (a decklist each; 3+ players: free-for-all)", seats),
                     Format("cube", "Cube draft (draft 30-card decks from the whole pool, then play them; "
                            "7-8 players: a 1v1 bracket)", tuple(range(self.min_players, self.max_players + 1))),
                     Format("teams", "Split teams, live draft (2v2 or 3v3; team-mates sit apart)", (4, 6)),
                     Format("joint", "Joint teams, live draft (2v2 or 3v3; a team shares one region and one life)",
                            (4, 6)),
                     Format("archenemy", "Archenemy, live draft (one against two, with a head start)", (3,)),
                     Format("teamdraft", "Team draft, split teams (each team drafts from its members' decklists)",
                            (4, 6)),
                     Format("teams-constructed", "Split teams, constructed (2v2 or 3v3; a decklist each)", (4, 6)),
                     Format("joint-constructed", "Joint teams, constructed (2v2 or 3v3; a decklist each)", (4, 6)),
                     Format("archenemy-constructed", "Archenemy, constructed (one against two; a decklist each)",
                            (3,))),
            choices=(Choice("element_choice", "Elements of the shared deck",
                            (("The elements at random (3, or 4 with four or more players)", "random"),
                             ("Players choose the elements in turn", "alternate")),
                            formats=("draft", "teams", "joint", "archenemy")),
                     Choice("cube_play", "After the cube draft",
                            (("One game among all the drafters (3+: free-for-all)", "game"),
                             ("A 1v1 bracket: pairings in seat order, winners meet until one is left", "bracket")),
                            formats=("cube",)),
                     Choice("cube_style", "How the cube is drafted",
                            (("Algomancy cube draft (draw 2, pass a pack of 10, 15 times)", "algomancy"),
                             ("Traditional cube draft (three packs of 15, one pick at a time)", "traditional")),
                            formats=("cube",))),
            seat_choices=(SeatChoice("deck", "decks", decks, random="Random decklist", by_player=True,
                                     file="or a deck file (.yaml)", read_file=self.read_deck,
                                     formats=DECK_FORMATS),),
            short="algo")

    def read_deck(self, path: Path) -> dict[str, Json]:
        """A player's own deck file, read and checked; CardgamesError (SetupError) names the file."""
        return self.check_deck(read_deck_file(path), str(path))

    def normalize_options(self, names: list[str], options: dict[str, Json]) -> dict[str, Json]:
        if not self.min_players <= len(names) <= self.max_players:
            raise SetupError(f"Algomancy is played by {self.min_players} to {self.max_players} players here "
                             f"(2: 1v1; 3 to 6: free-for-all; up to 8: a cube bracket), not {len(names)}")
        if len(set(names)) != len(names) or not all(n.strip() for n in names):
            raise SetupError("players need different, non-empty names")
        known = {"format", "elements", "element_choice", "decks", "initiative", "stop", "head_start",
                 "cube_style", "cube_play", "given"}
        unknown = sorted(set(options) - known)
        if unknown:
            raise SetupError(f"unknown option(s) {', '.join(unknown)}; options: {', '.join(sorted(known))}")
        fmt = str(options.get("format") or "draft")
        if fmt not in FORMATS:
            raise SetupError(f"format {fmt!r}: one of {', '.join(FORMATS)}")
        if len(names) > TABLE_MAX and (fmt != "cube" or options.get("cube_play") != "bracket"):
            raise SetupError(f"{len(names)} players play Algomancy here as a cube draft and a 1v1 bracket "
                             f"(format cube, cube_play bracket); one game seats at most {TABLE_MAX}")
        out: dict[str, Json] = {"format": fmt}
        if fmt in TEAM_SIZES and len(names) not in TEAM_SIZES[fmt]:
            raise SetupError(f"format {fmt} is played by " + " or ".join(map(str, TEAM_SIZES[fmt]))
                             + f" players, not {len(names)}")
        for key, allowed, default in (("cube_style", CUBE_STYLES, "algomancy"), ("cube_play", CUBE_PLAYS, "game")):
            value = options.get(key)
            if value is not None:
                if fmt != "cube" or value not in allowed:
                    raise SetupError(f"{key}: one of {', '.join(allowed)}, in the cube format only")
                if value != default:
                    out[key] = value
        head = options.get("head_start")
        if head is not None:
            if CONSTRUCTED_TEAMS.get(fmt, fmt) != "archenemy" or head not in (1, 2):
                raise SetupError("head_start: 1 or 2 turns, in the archenemy format only")
            out["head_start"] = head
        elements = options.get("elements")
        if elements is not None:
            if fmt not in ("draft", "teams", "joint", "archenemy"):
                raise SetupError("elements are chosen for live draft; constructed games use decks")
            want = draft_elements(len(names))
            if (not isinstance(elements, list) or len(elements) != want
                    or len(set(elements)) != want or not set(elements) <= set(ELEMENTS)):
                raise SetupError(f"elements: {want} different ones of {', '.join(ELEMENTS)} "
                                 f"with {len(names)} players")
            out["elements"] = list(elements)
        choice = str(options.get("element_choice") or "random")
        if choice not in ELEMENT_CHOICES:
            raise SetupError(f"element_choice {choice!r}: one of {', '.join(ELEMENT_CHOICES)}")
        out["element_choice"] = choice
        if fmt in DECK_FORMATS:
            out["decks"] = self._normalize_decks(names, options.get("decks"))
        elif options.get("decks"):
            raise SetupError("decks are for the constructed format (add format: constructed)")
        init = options.get("initiative")
        if init is not None:
            if init not in names:
                raise SetupError(f"initiative: {init!r} is not one of the players")
            out["initiative"] = init
        stop = options.get("stop")
        if stop is not None:
            stop = checked_stops(stop, names)
            out["stop"] = stop
        if options.get("given") is not None:
            if not isinstance(options["given"], dict):
                raise SetupError("`given` is a mapping: players, turn, step (a table set mid-game)")
            if fmt == "draft" and elements is None:
                raise SetupError("`given` in live draft needs `elements` (the shared deck's three)")
            if fmt in ("cube", "teamdraft"):  # their setup drafts the decks first: no table to set yet
                raise SetupError(f"`given` sets a table in live draft or constructed, not in format {fmt!r} "
                                 "(its decks are drafted before any table exists)")
            out["given"] = dict(options["given"])
        return out

    def _normalize_decks(self, names: list[str], decks: Any) -> dict[str, Json]:
        """Each player's deck as {card id: copies}; a shipped decklist may be named by id."""
        if decks is None:
            decks = {}
        if not isinstance(decks, dict):
            raise SetupError("`decks` must map player names to a decklist id or {card: copies}")
        out: dict[str, Json] = {}
        for who, deck in decks.items():
            if who not in names:
                raise SetupError(f"decks: {who!r} is not one of the players")
            if isinstance(deck, str):
                if deck not in self.cat.decks:
                    raise SetupError(f"decks: no decklist {deck!r}; decklists: {', '.join(sorted(self.cat.decks))}")
                out[who] = dict(self.cat.decks[deck].cards)
            elif isinstance(deck, dict):
                out[who] = self.check_deck(deck, who)
            else:
                raise SetupError(f"decks: {who}'s deck must be a decklist id or {{card: copies}}")
        return out

    def check_deck(self, deck: dict[str, Any], who: str = "the deck") -> dict[str, Json]:
        """A constructed deck's counts, checked: known cards, ≤ 2 copies, ≥ 30 cards (SetupError)."""
        counts: dict[str, Json] = {}
        for cid, n in deck.items():
            card = self.cards.get(cid)
            if card is None or not card.playable_from_deck:
                raise SetupError(f"{who}: {cid!r} is not a card that can be in a deck")
            if not isinstance(n, int) or not 1 <= n <= MAX_COPIES:
                raise SetupError(f"{who}: {n!r} copies of {cid}; a deck holds 1 or {MAX_COPIES} of each card")
            counts[cid] = n
        total = sum(int(n) for n in counts.values())
        if total < MIN_DECK:
            raise SetupError(f"{who}: {total} cards; a constructed deck has at least {MIN_DECK}")
        return counts

    # -- setup ---------------------------------------------------------------------------

    def setup(self, flow: Flow, names: list[str], options: dict[str, Json]) -> None:
        """Setup (p.10–11): initiative, two dormant Prismites each, 16 cards each."""
        n = len(names)
        fmt = str(options["format"])
        base = CONSTRUCTED_TEAMS.get(fmt, fmt)
        setup = "teams" if base == "teamdraft" else base if base in TEAM_SIZES else "ffa"
        team_decks = fmt == "teamdraft"
        # team setups are live drafts (team draft: from team decks), or constructed
        fmt = "constructed" if fmt in CONSTRUCTED_TEAMS else "draft" if fmt in TEAM_SIZES else fmt
        # split and joint teams sit alternately (R71, R72); the archenemy (the first player) against the rest
        teams = [s % 2 for s in range(n)] if setup in ("teams", "joint") else \
            [min(s, 1) for s in range(n)] if setup == "archenemy" else list(range(n))
        flow.emit(ce.PlayersSeated(list(names), teams))
        flow.emit(ce.GlobalSet("format", "constructed" if fmt == "cube" else fmt))
        if fmt == "cube":  # decks drafted before play, then a constructed game (cube.py)
            flow.emit(ce.GlobalSet("deckbuilding", "cube"))
            if options.get("cube_play") == "bracket":  # or 1v1 matches in a bracket (bracket.py, A79)
                flow.emit(ce.GlobalSet("bracket", {**BRACKET_START, "ahead": list(range(n))}))
        if setup != "ffa":
            flow.emit(ce.GlobalSet("setup", setup))
        elif n >= FFA_MIN:
            flow.emit(ce.GlobalSet("setup", "ffa"))
        flow.emit(ce.ZoneCreated("stack", "stack", None, "public"))
        flow.emit(ce.ZoneCreated("erased", "pile", None, "public"))
        if team_decks:  # each team live-drafts from its own deck (teamdraft.py)
            flow.emit(ce.GlobalSet("team_decks", True))
            for team in sorted(set(teams)):
                flow.emit(ce.ZoneCreated(f"deck:team{team}", "pile", None, "hidden"))
        elif fmt == "draft":
            flow.emit(ce.ZoneCreated("deck", "pile", None, "hidden"))
        stops = options.get("stop") or {}
        for s in range(n):
            if fmt in ("constructed", "cube"):
                flow.emit(ce.ZoneCreated(f"deck:{s}", "pile", s, "hidden"))
            flow.emit(ce.ZoneCreated(t.hand(s), "hand", s, "owner"))
            flow.emit(ce.ZoneCreated(t.pack(s), "hand", s, "owner"))
            flow.emit(ce.ZoneCreated(t.bin_(s), "pile", s, "public"))
            flow.emit(ce.ZoneCreated(t.resources(s), "area", s, "public"))
            if t.home(flow.state, s) == s:  # joint teams: one region per team (R72)
                flow.emit(ce.ZoneCreated(t.region(s), "area", s, "public", scope=t.region(s)))
            flow.emit(ce.PlayerCounterAdded(s, "life", t.LIFE))
            flow.emit(ce.PlayerPropSet(s, "stop", str(stops.get(names[s], "auto"))))
            flow.emit(ce.PlayerPropSet(s, "activations", 0))
        fixed = options.get("initiative")
        if setup == "archenemy":  # the archenemy takes the head-start turn(s) alone (R73)
            first = 0
            flow.emit(ce.GlobalSet("waiting", list(range(1, n))))
            flow.emit(ce.GlobalSet("head_start", int(str(options.get("head_start") or 1))))
        else:
            first = names.index(str(fixed)) if fixed is not None else flow.randint("initiative", 0, n - 1)
        flow.emit(ce.GlobalSet("initiative", first))
        for s in range(n):
            for _ in range(2):
                self.create(flow, "prismite", s, t.resources(s), {"face_down": True})
        flow.emit(ce.TurnBegan(0, first))
        flow.push("turn", step="begin")
        if fmt == "cube" and options.get("cube_style") == "traditional":
            self.cube.make(flow, PACKS * PACK_SIZE)
            self.cube_traditional.start(flow)
            return
        if fmt == "cube":
            self.cube.build(flow)
            return
        if team_decks:
            build_team_decks(self, flow, names, dict(options.get("decks") or {}), self._random_deck)
            self.deal_opening(flow)
            return
        if fmt == "constructed":
            decks = dict(options.get("decks") or {})
            for s, name in enumerate(names):
                counts = decks.get(name) or self._random_deck(flow)
                for cid in sorted(counts):
                    for _ in range(int(counts[cid])):
                        self.create(flow, cid, s, f"deck:{s}")
                flow.shuffle(f"deck:{s}")
            self.deal_opening(flow)
            if options.get("given") is not None:
                given.apply_given(self, flow, dict(options["given"]))
            return
        elements = options.get("elements")
        if elements is not None:
            self.build_draft_deck(flow, [str(e) for e in elements])
        elif options["element_choice"] == "alternate":
            # The non-initiative player picks first (our ruling: initiative already acts first).
            flow.push("elements", seat=(first + 1) % n, chosen=[])
        else:
            order = list(ELEMENTS)
            flow.rng().shuffle(order)
            flow.emit(ce.RandomDrawn("elements", ELEMENTS.index(order[0])))
            self.build_draft_deck(flow, sorted(order[:draft_elements(n)], key=ELEMENTS.index))
        if options.get("given") is not None:
            given.apply_given(self, flow, dict(options["given"]))

    def _random_deck(self, flow: Flow) -> dict[str, Json]:
        ids = sorted(self.cat.decks)
        if not ids:
            raise SetupError("no shipped decklists to deal a constructed deck from")
        return dict(self.cat.decks[ids[flow.randint("decklist", 0, len(ids) - 1)]].cards)

    def create(self, flow: Flow, cid: str, owner: int, zone: str, props: dict[str, Json] | None = None) -> int:
        """Create a card object (a deck card, a resource from outside the game, a token)."""
        return checks.create(self, flow, cid, owner, zone, props)

    def build_draft_deck(self, flow: Flow, elements: list[str]) -> None:
        """The shared deck: the chosen elements' cards and their hybrids, 2 copies each (R15)."""
        flow.emit(ce.GlobalSet("elements", list(elements)))
        pool = self.cat.pool(elements)  # type: ignore[arg-type]
        for card in sorted(pool, key=lambda c: c.id):
            for _ in range(copies(len(flow.state.players))):
                self.create(flow, card.id, -1, "deck")
        flow.shuffle("deck")
        self.deal_opening(flow)

    def deal_opening(self, flow: Flow) -> None:
        """Deal 4 + 2 to each hand and (live draft) a pack of 10, clockwise from initiative."""
        state = flow.state
        for s in t.priority_order(state, state.live_seats()):
            for _ in range(t.HAND + t.FIRST_DRAW):
                checks.draw(flow, s)
            if state.globals.get("format") == "draft":
                self.planning.deal_pack(flow, s)

    def _elements_run(self, flow: Flow, frame: Frame) -> Ask | None:
        chosen = [str(e) for e in frame.data["chosen"]]
        if len(chosen) >= draft_elements(len(flow.state.players)):
            flow.pop(frame)
            self.build_draft_deck(flow, sorted(chosen, key=lambda e: ELEMENTS.index(e)))
            return None
        seat = int(frame.data["seat"])
        left = [e for e in ELEMENTS if e not in chosen]
        so_far = f" (chosen so far: {', '.join(chosen)})" if chosen else ""
        return Ask(seat, "element", f"Choose an element for the shared deck{so_far}",
                   [Option(f"element:{e}", e.capitalize(), "element") for e in left])

    def _elements_answer(self, flow: Flow, frame: Frame, option: Option) -> None:
        element = option.key.split(":", 1)[1]
        flow.emit(ce.GlobalSet("chosen_element", element))
        n = len(flow.state.players)
        flow.update(frame, chosen=[*frame.data["chosen"], element], seat=(int(frame.data["seat"]) + 1) % n)

    # -- presentation --------------------------------------------------------------------

    def card_name(self, state: State, obj: GameObject) -> str:
        card = self.cards[obj.card]
        if not card.x:
            return card.name
        x = obj.props.get("x")
        return f"{card.name} {x}" if x is not None else card.name

    def card_back(self, state: State, obj: GameObject) -> str:
        return str(obj.props.get("back", "card"))

    def card_facts(self, state: State, obj: GameObject) -> dict[str, Any]:
        return board.facts(self, state, obj)

    def describe(self, state: State, ev: Event, viewer: int | None) -> str | None:
        return describe.describe(self, state, ev, viewer) or ffa.describe(self, state, ev)

    def why_not(self, state: State, seat: int, legal: set[str]) -> list[tuple[str, str]]:
        return why_not.reasons(self, state, seat, legal)

    def invariants(self, state: State) -> list[str]:
        return invariants.invariants(self, state)

    def settled_invariants(self, state: State) -> list[str]:
        return invariants.settled_invariants(self, state)

