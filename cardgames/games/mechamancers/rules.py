"""Mechamancers — the ruleset: options, setup, and the hooks that tie its parts together."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from cardgames.engine import core_events as ce
from cardgames.engine.decisions import CardgamesError
from cardgames.engine.events import Event
from cardgames.engine.flow import Flow, FrameKind
from cardgames.engine.ruleset import Ruleset, SetupError
from cardgames.engine.setup import RANDOM, Choice, Format, SetupForm
from cardgames.engine.state import GameObject, Json, State
from cardgames.games.mechamancers import board as b
from cardgames.games.mechamancers import table as t
from cardgames.games.mechamancers.catalog import Catalog
from cardgames.games.mechamancers.combat import Combat
from cardgames.games.mechamancers.damage import Triggers
from cardgames.games.mechamancers.describe import describe_event
from cardgames.games.mechamancers.given import apply_given
from cardgames.games.mechamancers.given import check as check_given
from cardgames.games.mechamancers.invariants import check
from cardgames.games.mechamancers.omens import Omens
from cardgames.games.mechamancers.rounds import Rounds
from cardgames.games.mechamancers.schema import EventCard, MechaCard, RoleCard
from cardgames.games.mechamancers.turn import Turn
from cardgames.games.mechamancers.why_not import reasons


class Mechamancers(Ruleset):
    name = "mechamancers"
    title = "Mechamancers"
    rules_version = "3"
    min_players = 2
    max_players = 4
    sealed_decisions = frozenset({"pledge", "foresight"})
    public_decisions = frozenset({"draw_pile", "combat", "attack_target", "arc", "overclock", "assault",
                                  "self_destruct", "trigger_order", "tithe", "privilege_repair", "repair"})

    def __init__(self, catalog: Catalog | None = None, card_paths: list[Path] | None = None) -> None:
        self.cat = catalog or Catalog.load(card_paths)
        self.frame_kinds: dict[str, FrameKind] = {
            **Rounds(self.cat).frame_kinds(),
            **Turn(self.cat).frame_kinds(),
            **Combat(self.cat).frame_kinds(),
            **Omens(self.cat).frame_kinds(),
            "trigger": Triggers(self.cat),
        }

    def catalog_fingerprint(self) -> str:
        return self.cat.fingerprint

    def setup_form(self) -> SetupForm:
        """2–4 players, or the two-roles variant for 2; who chooses the first role (the rulebook:
        the youngest player)."""
        return SetupForm(
            formats=(Format("", self.title, (2, 3, 4)),
                     Format(t.TWO_ROLES, "Two roles each (2-player variant)", (2,))),
            choices=(Choice("start_player", "Who chooses a role first in round 1",
                            (("Random (the youngest player, if you like)", RANDOM),
                             *((f"The {nth} player listed", str(i))
                               for i, nth in enumerate(("first", "second", "third", "fourth")))),
                            seat_items=True),),
            short="mech")

    def normalize_options(self, names: list[str], options: dict[str, Json]) -> dict[str, Json]:
        known = {"start_player", "given", "format", "stop"}
        # `stop` (when to be asked to respond) is accepted and left out: nobody ever responds
        # out of turn in Mechamancers, so there is nothing to stop for.
        unknown = set(options) - known
        if unknown:
            raise SetupError(f"unknown option(s) {', '.join(sorted(unknown))}; allowed: {', '.join(sorted(known))}")
        n = len(names)
        if not self.min_players <= n <= self.max_players:
            raise SetupError(f"Mechamancers is for 2-4 players (there are 4 Bulwarks), not {n}")
        if len(set(names)) != n or any(not str(x).strip() for x in names):
            raise SetupError("player names must be distinct and not empty")
        fmt = options.get("format") or ""
        if fmt not in ("", t.TWO_ROLES):
            raise SetupError(f"Mechamancers has no format {fmt!r}; leave `format` out, or {t.TWO_ROLES!r} "
                             "(the 2-player variant: two roles each)")
        if fmt == t.TWO_ROLES and n != 2:
            raise SetupError(f"the two-roles variant is for 2 players, not {n}")
        start = options.get("start_player")
        if start in (None, RANDOM):
            start = None
        elif isinstance(start, str) and start in names:
            start = names.index(start)
        elif isinstance(start, str) and start.isdigit():
            start = int(start)
        if start is not None and not (isinstance(start, int) and 0 <= start < n):
            raise SetupError(f"start_player must be a player's name or seat 0-{n - 1}, not {options['start_player']!r}")
        out: dict[str, Json] = {"format": fmt, "start_player": start}  # "": the standard game
        given = options.get("given")
        if given is not None:
            if not isinstance(given, dict):
                raise SetupError("`given` must be a mapping")
            try:
                check_given(self.cat, names, given, two=fmt == t.TWO_ROLES)
            except CardgamesError as exc:
                raise SetupError(str(exc)) from None
            out["given"] = given
        return out

    def setup(self, flow: Flow, names: list[str], options: dict[str, Json]) -> None:
        """Setup Summary: events, piles, Bulwarks, tokens (spec §6, H15-H17)."""
        n = len(names)
        flow.emit(ce.PlayersSeated(list(names), list(range(n))))
        if options.get("format") == t.TWO_ROLES:
            flow.emit(ce.GlobalSet("two_roles", True))
        for k in t.PILES:
            flow.emit(ce.ZoneCreated(t.pile(k), "pile", None, "hidden"))
            flow.emit(ce.ZoneCreated(t.discard(k), "pile", None, "public"))
        for zid, vis in ((t.EVENTS, "hidden"), (t.EVENTS_BOX, "hidden"), (t.EVENTS_DONE, "public"),
                         (t.ROLES, "public"), (t.ASIDE, "public"), (t.REMOVED, "public")):
            flow.emit(ce.ZoneCreated(zid, "pile", None, vis))
        for s in range(n):
            flow.emit(ce.ZoneCreated(t.hand(s), "hand", s, "owner"))
            flow.emit(ce.ZoneCreated(t.field(s), "area", s, "public"))
            flow.emit(ce.ZoneCreated(t.role_zone(s), "area", s, "public"))
            for zid in (t.pack(s), t.pledge(s), t.look(s)):
                flow.emit(ce.ZoneCreated(zid, "hand", s, "owner"))
        for k in t.PILES:
            for card in self.cat.pile(k):
                for _ in range(card.copies):
                    flow.emit(ce.ObjectCreated(flow.new_id(), card.id, -1, t.pile(k), {"back": k}))
            flow.shuffle(t.pile(k))
        bulwark = next(m for m in self.cat.mecha.values() if m.type == "bulwark")
        for s in range(bulwark.copies):
            zone = t.field(s) if s < n else t.REMOVED
            flow.emit(ce.ObjectCreated(flow.new_id(), bulwark.id, s if s < n else -1, zone, {"back": "bulwark"}))
        for role in self.cat.roles:
            flow.emit(ce.ObjectCreated(flow.new_id(), role.id, -1, t.ROLES, {"back": "role"}))
        for ev in self.cat.events:
            flow.emit(ce.ObjectCreated(flow.new_id(), ev.id, -1, t.EVENTS_BOX, {"back": "event"}))
        flow.shuffle(t.EVENTS_BOX)
        for oid in list(flow.state.zones[t.EVENTS_BOX].cards[-t.EVENTS_IN_PLAY:]):
            flow.emit(ce.ObjectMoved(oid, t.EVENTS))
        for s in range(n):
            flow.emit(ce.PlayerCounterAdded(s, "vp", t.START_VP))
            flow.emit(ce.PlayerCounterAdded(s, "mana", t.START_MANA))
        start = options.get("start_player")
        first = int(start) if start is not None else flow.randint("start player", 0, n - 1)
        flow.emit(ce.GlobalSet("start_player", first))
        given = options.get("given")
        if given and apply_given(self.cat, flow, dict(given)):
            flow.push("round", step="turns", i=0)
            return
        flow.push("round", step="start")

    # -- presentation ----------------------------------------------------------------------------

    def card_name(self, state: State, obj: GameObject) -> str:
        return self.cat.card(obj.card).name

    def card_facts(self, state: State, obj: GameObject) -> dict[str, Any]:
        card = self.cat.card(obj.card)
        if isinstance(card, MechaCard):
            facts: dict[str, Any] = {
                "kind": "mecha", "type": card.type, "cost": card.cost, "health": card.health,
                "damage": b.damage(obj), "state": b.state_label(card, b.state_of(self.cat, obj)),
                "next": b.state_label(card, b.next_state(self.cat, obj)), "rotation": b.rotation(self.cat, obj),
                "text": card.text,
            }
            if card.ability is not None:
                facts.update(ability=card.ability.name, tag=card.ability.tag, ability_text=card.ability.text)
            if obj.zone.startswith("field:"):
                if card.type == "attack":
                    facts["attacks_left"] = b.attacks_left(self.cat, obj)
                if card.type in b.SHIELD_TYPES:
                    facts["shield"] = b.shield_of(self.cat, state, obj)
            return facts
        if isinstance(card, RoleCard):
            return {"kind": "role", "order": card.order, "draws": list(card.draws), "mana": card.mana,
                    "defend": card.defend, "privilege": card.privilege_name, "text": card.text,
                    "alias": card.alias}
        assert isinstance(card, EventCard)
        return {"kind": "event", "text": card.text}

    def describe(self, state: State, ev: Event, viewer: int | None) -> str | None:
        return describe_event(self.cat, state, ev, viewer)

    def why_not(self, state: State, seat: int, legal: set[str]) -> list[tuple[str, str]]:
        return reasons(self.cat, state, seat, legal)

    def invariants(self, state: State) -> list[str]:
        return check(self.cat, state, settled=False)

    def settled_invariants(self, state: State) -> list[str]:
        return check(self.cat, state, settled=True)
