"""Allegiance: A Realm Divided — the ruleset.

Formats, setup, and the hooks that tie its parts together. The parts (turn, battle, maneuvers,
effect words, ...) are given only the card catalog, never this class: they sit below it.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from cardgames.engine import chain as chainmod
from cardgames.engine import core_events as ce
from cardgames.engine import effects
from cardgames.engine.decisions import Ask, Option
from cardgames.engine.events import Event
from cardgames.engine.flow import Flow, FnFrame, FrameKind
from cardgames.engine.ruleset import Ruleset, SetupError, checked_stops
from cardgames.engine.setup import Format, SeatChoice, SetupForm
from cardgames.engine.state import Frame, GameObject, Json, State
from cardgames.engine.stops import STOP_SETTINGS
from cardgames.games.allegiance import board, drawing
from cardgames.games.allegiance.announce import Announcing
from cardgames.games.allegiance.battle import Battle
from cardgames.games.allegiance.catalog import Catalog
from cardgames.games.allegiance.describe import describe_event
from cardgames.games.allegiance.events import CardDrawn, hero_ref
from cardgames.games.allegiance.given import apply_given, stack_decks
from cardgames.games.allegiance.invariants import check
from cardgames.games.allegiance.maneuvers import Maneuvers
from cardgames.games.allegiance.resolving import Resolving
from cardgames.games.allegiance.schema import ActionCard, GearCard, SpecialCard, UnitCard
from cardgames.games.allegiance.turn import Turn
from cardgames.games.allegiance.verbs import Verbs
from cardgames.games.allegiance.why_not import reasons

FORMATS: dict[str, tuple[int, int]] = {
    "duel": (2, 2),
    "ffa": (3, 4),
    "sworn-enemy": (3, 4),
    "teams": (4, 4),
}
"""Format name -> (fewest, most) players (rulebook: Gameplay Formats, p.26-27)."""

"""When a seat is asked for responses (ruling R96; see Maneuvers.wants_priority)."""

STARTING_HAND = (("basic", 2), ("elite", 1), ("action", 1))
HAKOR_HAND = (("action", 2),)


class Allegiance(Ruleset):
    name = "allegiance"
    title = "Allegiance: A Realm Divided"
    rules_version = "2"
    min_players = 2
    max_players = 4
    preferences = {"stop": STOP_SETTINGS}
    public_decisions = frozenset({"assign_defenders", "declare_attackers", "armor", "equip", "order_triggers",
                                  "target"})

    def __init__(
        self, catalog: Catalog | None = None, card_paths: list[Path] | None = None
    ) -> None:
        self.cat = catalog or Catalog.load(card_paths)
        cat = self.cat
        self.announcing = Announcing(cat)
        self.resolving = Resolving(cat)
        self.man = Maneuvers(cat, self.announcing, self.resolving)
        self.battle_rules = Battle(cat)
        self.turn = Turn(cat)
        self.verb_table = Verbs(cat)
        self.verbs: Mapping[str, Any] = self.verb_table.table
        a, b, t = self.announcing, self.battle_rules, self.turn
        self.frame_kinds: dict[str, FrameKind] = {
            "turn": t,
            "priority": chainmod.PriorityWindow(self.man, act="play a maneuver or pass"),
            "announce": FnFrame(a.announce_run, a.announce_answer),
            "order_triggers": FnFrame(a.order_run, a.order_answer),
            "resolve": effects.Resolution(self),
            "battle": b,
            "declare_attackers": FnFrame(b.declare_run, b.declare_answer),
            "assign_defenders": FnFrame(b.defend_run, b.defend_answer),
            "armor": FnFrame(b.armor_run, b.armor_answer),
            "battle_damage": FnFrame(b.damage_run),
            "draw": FnFrame(t.draw_run, t.draw_answer),
            "equip": FnFrame(t.equip_run, t.equip_answer),
            "first_player": FnFrame(self._first_run, self._first_answer),
        }

    # -- effect hooks (engine.effects.EffectRules) ----------------------------------------------

    def steps(self, ref: str) -> list[dict[str, Any]]:
        return self.cat.effect(ref).steps

    def start_resolution(self, flow: Flow, frame: Frame) -> bool:
        return self.resolving.start_resolution(flow, frame)

    def finish_resolution(self, flow: Flow, frame: Frame) -> None:
        self.resolving.finish_resolution(flow, frame)

    # -- setting the table ---------------------------------------------------------------------

    def catalog_fingerprint(self) -> str:
        return self.cat.fingerprint

    def setup_form(self) -> SetupForm:
        """A format, then each player's hero (or one dealt at random)."""
        heroes = tuple((f"{h.name} — {h.title}", h.id) for h in sorted(self.cat.heroes(), key=lambda h: h.name))
        return SetupForm(
            formats=tuple(Format(f, f, tuple(range(lo, hi + 1))) for f, (lo, hi) in FORMATS.items()),
            seat_choices=(SeatChoice("hero", "heroes", heroes, random="Random hero"),))

    def normalize_options(self, names: list[str], options: dict[str, Json]) -> dict[str, Json]:
        known = {"format", "heroes", "first_player", "stop", "stack", "given"}
        unknown = set(options) - known
        if unknown:
            raise SetupError(
                f"unknown option(s) {', '.join(sorted(unknown))}; "
                f"allowed: {', '.join(sorted(known))}"
            )
        n = len(names)
        fmt = str(options.get("format") or ("duel" if n == 2 else "ffa"))
        if fmt not in FORMATS:
            raise SetupError(f"unknown format {fmt!r}; formats: {', '.join(FORMATS)}")
        low, high = FORMATS[fmt]
        if not low <= n <= high:
            raise SetupError(f"format {fmt!r} is for {low}-{high} players, not {n}")
        if len(set(names)) != n or any(not str(x).strip() for x in names):
            raise SetupError("player names must be distinct and not empty")
        heroes = options.get("heroes")
        valid = sorted(h.id for h in self.cat.heroes())
        if n > len(valid):
            raise SetupError(f"{n} players need {n} different heroes; the catalog has {len(valid)}")
        if heroes is not None:
            if not isinstance(heroes, list) or len(heroes) != n:
                raise SetupError(
                    f"`heroes` must list one hero per player ({n}); heroes: {', '.join(valid)}"
                )
            chosen = [h for h in heroes if h is not None]
            for h in chosen:
                if h not in valid:
                    raise SetupError(f"unknown hero {h!r}; heroes: {', '.join(valid)}")
            if len(set(chosen)) != len(chosen):
                raise SetupError("each hero may be played by one player only")
        first = options.get("first_player")
        if first is not None and first not in names:
            raise SetupError(f"first_player {first!r} is not one of the players")
        stop = options.get("stop")
        if stop is not None:
            stop = checked_stops(stop, names)
        out: dict[str, Json] = {
            "format": fmt,
            "heroes": heroes,
            "first_player": first,
            "stop": stop,
        }
        for key in ("stack", "given"):
            if options.get(key) is not None:
                if not isinstance(options[key], dict):
                    raise SetupError(f"`{key}` must be a mapping")
                out[key] = options[key]
        return out

    def setup(self, flow: Flow, names: list[str], options: dict[str, Json]) -> None:
        """Game Setup (p.4) and Beginning the Game (p.12)."""
        n = len(names)
        fmt = str(options["format"])
        if fmt == "sworn-enemy" and options.get("first_player") is None and not options.get("given"):
            names, options = self._seat_by_roll(flow, names, options)
        teams = [i % 2 for i in range(n)] if fmt == "teams" else list(range(n))
        flow.emit(ce.PlayersSeated(list(names), teams))
        flow.emit(ce.GlobalSet("format", fmt))
        for d in board.DECKS:
            flow.emit(ce.ZoneCreated(board.deck(d), "pile", None, "hidden"))
            flow.emit(ce.ZoneCreated(board.discard(d), "pile", None, "public"))
        flow.emit(ce.ZoneCreated(board.LIMBO, "stack", None, "public"))
        flow.emit(ce.ZoneCreated(board.REMOVED, "area", None, "public"))
        for s in range(n):
            flow.emit(ce.ZoneCreated(board.hand(s), "hand", s, "owner"))
            flow.emit(ce.ZoneCreated(board.territory(s), "area", s, "public"))
            flow.emit(ce.ZoneCreated(board.reserves(s), "area", s, "public"))
        for d in board.DECKS:
            for card in sorted(self.cat.shared(d), key=lambda c: c.id):
                props: dict[str, Json] = {
                    "back": d,
                    "type": "unit" if isinstance(card, UnitCard) else "action",
                }
                if isinstance(card, UnitCard):
                    props["deck"] = card.deck
                for _ in range(card.copies):
                    flow.emit(ce.ObjectCreated(flow.new_id(), card.id, -1, board.deck(d), props))
            flow.shuffle(board.deck(d))
        if options.get("stack"):
            stack_decks(flow, dict(options["stack"]))
        heroes = self._pick_heroes(flow, list(options.get("heroes") or [None] * n))
        stops: Json = options.get("stop") or {}
        for s, hid in enumerate(heroes):
            hero = self.cat.hero(hid)
            flow.emit(ce.PlayerPropSet(s, "hero", hid))
            initial = next(a.id for a in hero.abilities if a.level == 0)
            flow.emit(ce.PlayerPropSet(s, "cooldowns", {initial: 0}))
            flow.emit(ce.PlayerPropSet(s, "turns_taken", 0))
            flow.emit(
                ce.PlayerPropSet(
                    s,
                    "stop",
                    str(stops.get(names[s], "auto")) if isinstance(stops, dict) else "auto",
                )
            )
            for counter, value in (("gold", 0), ("production", 5), ("health", hero.health),
                                   ("max_health", hero.health), ("armor_used", 0)):
                flow.emit(ce.PlayerCounterAdded(s, counter, value))
            for kind in ("weapon", "armor"):
                gid = getattr(hero, kind)
                oid = flow.new_id()
                flow.emit(
                    ce.ObjectCreated(
                        oid, gid, s, board.territory(s), {"back": "gear", "type": kind}
                    )
                )
                flow.emit(ce.PlayerPropSet(s, kind, oid))
        for s, hid in enumerate(heroes):
            hand = HAKOR_HAND if "hakor-hand" in self.cat.hero(hid).special_rules else STARTING_HAND
            for d, count in hand:
                for _ in range(count):
                    top = drawing.top_card(flow, d)
                    if top is not None:
                        flow.emit(CardDrawn(top, s, d))
        fixed = options.get("first_player")
        given = options.get("given")
        team_roll = fmt == "teams" and fixed is None and not given
        if fixed is not None:
            first = names.index(str(fixed))
        elif team_roll:
            # Team Game Format (p.27): the teams roll; the winning team picks its first player.
            first = flow.randint("first team", 0, 1)
        else:
            first = flow.randint("first player", 0, n - 1)
        flow.emit(ce.GlobalSet("first_player", first))
        flow.emit(ce.TurnBegan(0, first))
        flow.push("turn", step="begin")
        if given:
            if int(given.get("turn", 1)) > 1:
                for s in range(n):
                    flow.emit(ce.PlayerPropSet(s, "turns_taken", 1))
            apply_given(self.cat, flow, dict(given))
            return
        if team_roll:
            flow.push("first_player", team=first)
            return
        self._push_equips(flow, first)

    def _push_equips(self, flow: Flow, first: int) -> None:
        """In turn order, each player chooses their weapon and armor faces (Game Setup, p.4)."""
        for s in reversed(flow.state.seats_from(first)):
            flow.push("equip", seat=s, done=[])

    def _first_run(self, flow: Flow, frame: Frame) -> Ask | None:
        state = flow.state
        seats = [
            p.seat for p in state.players if p.team == state.players[int(frame.data["team"])].team
        ]
        return Ask(
            seats[0],
            "first_player",
            "Your team won the roll: which of you takes the first turn?",
            [
                Option(f"first:{s}", f"{state.players[s].name} plays first", "first", hero_ref(s))
                for s in seats
            ],
        )

    def _first_answer(self, flow: Flow, frame: Frame, option: Option) -> None:
        first = int(option.key.split(":")[1])
        flow.pop(frame)
        flow.emit(ce.GlobalSet("first_player", first))
        flow.emit(ce.TurnBegan(0, first))
        self._push_equips(flow, first)

    def _seat_by_roll(self, flow: Flow, names: list[str],
                      options: dict[str, Json]) -> tuple[list[str], dict[str, Json]]:
        """Sworn Enemy (p.27): everyone rolls a die; seats go clockwise from the highest roll,
        who plays first. Tied players roll again."""
        rolls = {name: [flow.randint(f"seating roll: {name}", 1, 6)] for name in names}
        for _ in range(50):
            tied = [x for x in names if sum(1 for y in names if rolls[y] == rolls[x]) > 1]
            if not tied:
                break
            for name in tied:
                rolls[name].append(flow.randint(f"seating roll again: {name}", 1, 6))
        seated = sorted(names, key=lambda x: ([-r for r in rolls[x]], names.index(x)))
        heroes = options.get("heroes")
        moved = dict(options, first_player=seated[0])
        if isinstance(heroes, list):
            moved["heroes"] = [heroes[names.index(x)] for x in seated]
        return seated, moved

    def _pick_heroes(self, flow: Flow, wanted: list[Json]) -> list[str]:
        """Heroes as chosen, the rest at random from the seed (p.26: choose or deal at random)."""
        pool = sorted(h.id for h in self.cat.heroes() if h.id not in wanted)
        out: list[str] = []
        for h in wanted:
            if h is None:
                pick = pool.pop(flow.randint("random hero", 0, len(pool) - 1))
                out.append(pick)
            else:
                out.append(str(h))
        return out

    # -- presentation --------------------------------------------------------------------------

    def card_name(self, state: State, obj: GameObject) -> str:
        return self.cat.display_name(obj)

    def card_back(self, state: State, obj: GameObject) -> str:
        return str(obj.props.get("back", "card"))

    def card_facts(self, state: State, obj: GameObject) -> dict[str, Any]:
        card = self.cat.card(obj.card)
        facts: dict[str, Any] = {"type": obj.props.get("type")}
        if isinstance(card, UnitCard):
            facts.update(cost=card.cost, text=card.text, deck=card.deck,
                         attack=board.attack(self.cat, state, obj),
                         health=board.max_health(self.cat, state, obj),
                         damage=obj.counters.get("damage", 0))
        elif isinstance(card, GearCard):
            face = self.cat.face(obj)
            facts.update(
                text=face.text,
                attack=board.attack(self.cat, state, obj) if face.type == "weapon" else None,
                armor=face.armor,
                sides=[f.name for f in card.faces],
            )
        elif isinstance(card, ActionCard):
            facts.update(cost=card.cost, text=" // ".join(h.text for h in card.halves))
            if card.split:  # each half is played alone, for its own cost
                facts["costs"] = [h.cost for h in card.halves]
        elif isinstance(card, SpecialCard):
            facts.update(text=card.text)
        return facts

    def describe(self, state: State, ev: Event, viewer: int | None) -> str | None:
        return describe_event(self.cat, state, ev, viewer)

    def why_not(self, state: State, seat: int, legal: set[str]) -> list[tuple[str, str]]:
        return reasons(self, state, seat, legal)

    def invariants(self, state: State) -> list[str]:
        return check(self.cat, state, settled=False)

    def settled_invariants(self, state: State) -> list[str]:
        return check(self.cat, state, settled=True)

    def hero_target(self, seat: int) -> int:
        return hero_ref(seat)
