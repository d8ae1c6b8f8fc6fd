"""The six maneuvers: which ones a player may announce now, and whom to ask (ruling R96).

Rulebook: Maneuvers (p.16-19), Timing of Maneuvers and Responses (p.22-23). Announcing them is
`announce.py`; resolving them, `resolving.py`.
"""

from __future__ import annotations

from cardgames.engine import stops
from cardgames.engine.decisions import Option
from cardgames.engine.flow import Flow
from cardgames.engine.state import Frame, State
from cardgames.games.allegiance import board, targeting
from cardgames.games.allegiance.announce import Announcing
from cardgames.games.allegiance.battle import has_attacker
from cardgames.games.allegiance.cards import Cards
from cardgames.games.allegiance.events import hero_ref
from cardgames.games.allegiance.offers import offer, option
from cardgames.games.allegiance.resolving import Resolving
from cardgames.games.allegiance.schema import ActionCard, HeroAbility, TargetSpec, UnitCard

GROUPS = ("battle", "enlist", "ability", "action", "activate", "unlock")
"""The kinds of maneuver a priority window offers, in the order it lists them (each key begins with its kind)."""


_RESPOND_KEYS = tuple(f"allegiance.could_respond:{seat}" for seat in range(8))
"""The `State.cached` key of `Maneuvers.could_respond` for each seat."""


def is_main(state: State, seat: int, frame: Frame) -> bool:
    """Own maneuver phase, empty chain, no battle: when non-reaction maneuvers are allowed."""
    return (frame.data.get("window") == "main" and seat == state.active
            and not state.chain and state.battle is None)


class _HeroPower:
    """A hero ability as plain data, with the options of using and of unlocking it (the catalog's
    pydantic models are slow to read, and listing the maneuvers reads every ability). Never
    changed once made; a plain class, as a dataclass costs more to define than it saves."""

    __slots__ = ("cost", "id", "level", "reaction", "targets", "unlock", "use")

    def __init__(self, ab: HeroAbility) -> None:
        self.id: str = ab.id
        self.level: int = ab.level
        self.cost: int = ab.cost
        self.reaction: bool = ab.reaction
        self.targets: dict[str, TargetSpec] = ab.targets
        self.use = Option(f"ability:{ab.id}", f"Use {ab.name}{' (reaction)' if ab.reaction else ''}",
                          "ability")
        self.unlock = Option(f"unlock:{ab.id}", f"Unlock {ab.name} ({ab.cost} gold)", "unlock")


class Maneuvers:
    """The priority hooks of the chain (engine.chain.PriorityRules) for one Allegiance ruleset."""

    def __init__(self, cat: Cards, announcing: Announcing, resolving: Resolving) -> None:
        self.cat = cat
        self.announcing = announcing
        self.resolving = resolving
        # What each card in hand and each hero ability offers, with its label, worked out once
        # (the catalog never changes): listing the maneuvers is asked at every priority decision.
        self._enlists: dict[str, tuple[int, str]] = {
            cid: (c.cost, f"Enlist {c.name} ({c.cost} gold)")
            for cid, c in cat.cards.items() if isinstance(c, UnitCard)}
        """Unit card id -> (its cost, the label of enlisting it)."""
        self._plays: dict[str, tuple[tuple[int, int, dict[str, TargetSpec], str], ...]] = {
            cid: tuple((i, h.cost, h.targets, f"Play {h.name or c.name} ({h.cost} gold)")
                       for i, h in enumerate(c.halves))
            for cid, c in cat.cards.items() if isinstance(c, ActionCard)}
        """Action card id -> (half, its cost, its targets, the label of playing it) for each half."""
        self._hero_abilities: dict[str, tuple[_HeroPower, ...]] = {
            h.id: tuple(_HeroPower(ab) for ab in h.abilities) for h in cat.heroes()}
        """Hero id -> its abilities, in order."""

    # -- what may be played --------------------------------------------------------------

    def priority_options(self, state: State, seat: int, frame: Frame) -> list[Option]:
        return self._maneuvers(state, seat, frame, None)

    def priority_option(self, state: State, seat: int, frame: Frame, key: str) -> Option | None:
        """The option `key` of `priority_options`, found by listing only its own kind (a replay checks a
        saved answer with it)."""
        kind = key.partition(":")[0]
        if kind not in GROUPS:
            return None
        return next((o for o in self._maneuvers(state, seat, frame, kind) if o.key == key), None)

    def _maneuvers(self, state: State, seat: int, frame: Frame, only: str | None) -> list[Option]:
        """The maneuvers `seat` may announce now, kind by kind (`GROUPS`); `only`: of that kind alone."""
        cat, p = self.cat, state.players[seat]
        gold = p.counters.get("gold", 0)
        main = is_main(state, seat, frame)
        opts: list[Option] = []
        hero_id = str(p.props["hero"])
        abilities = self._hero_abilities.get(hero_id)
        if abilities is None:
            cat.hero(hero_id)  # not a hero: says so
            abilities = ()
        cds: dict[str, int] = p.props.get("cooldowns") or {}  # only read here: no copy
        objects = state.objects
        hand = state.zones[board.HANDS[seat]].cards  # looked through twice: units, then actions
        every = only is None
        if main and (every or only == "battle") and has_attacker(cat, state, seat):
            for opp in board.opponents(state, seat):
                opts.append(
                    option(
                        f"battle:{opp}",
                        f"Initiate a battle against {state.players[opp].name}",
                        "battle",
                        hero_ref(opp),
                    )
                )
        if main and (every or only == "enlist"):
            enlists = self._enlists
            for i in hand:
                unit = enlists.get(objects[i].card)
                if unit is not None and unit[0] <= gold:
                    opts.append(offer("enlist", i, unit[1]))
        for ab in abilities if every or only == "ability" else ():
            if cds.get(ab.id) == 0 and (main or ab.reaction) and (
                not ab.targets or targeting.can_announce(cat, state, ab.targets, seat, None)
            ):
                opts.append(ab.use)
        plays = self._plays
        for i in hand if every or only == "action" else ():
            halves = plays.get(objects[i].card)
            if halves is None:
                continue
            for half, cost, targets, label in halves:
                if cost <= gold and (
                    not targets or targeting.can_announce(cat, state, targets, seat, i)
                ):
                    opts.append(option(f"action:{i}:{half}", label, "action", i))
        some = cat.with_activated
        for i in state.zones[board.TERRITORIES[seat]].cards if every or only == "activate" else ():
            obj = objects[i]
            if obj.card not in some or obj.controller != seat:
                continue
            for act in cat.kit(obj).activations:
                if act.gold > gold or (act.exhaust and obj.exhausted):
                    continue
                if not act.targets or targeting.can_announce(cat, state, act.targets, seat, i):
                    opts.append(option(f"activate:{i}:{act.index}", act.label, "activate", i))
        if main and (every or only == "unlock"):
            unlocked_levels: set[int] | None = None
            for ab in abilities:
                if ab.id not in cds and ab.cost <= gold:
                    if unlocked_levels is None:
                        unlocked_levels = {a.level for a in abilities if a.id in cds}
                    if (ab.level - 1) in unlocked_levels:
                        opts.append(ab.unlock)
        return opts

    def pass_label(self, state: State, seat: int, frame: Frame) -> str:
        if state.chain:
            return "Pass (no response)"
        if seat == state.active and frame.data.get("window") == "main":
            return "End your maneuver phase"
        if seat == state.active and frame.data.get("window") == "end":
            return "End your turn"
        return "Pass"

    wants_priority = stops.wants_priority
    """Whom to ask, by public information and the seat's own setting only (ruling R96), as
    `engine.stops` defines the settings for every game, with this class's `must_ask`,
    `could_respond` and `concerns` as its facts (the engine's function itself: asked of every seat
    at every step of every priority window). "auto" asks whenever the seat could respond by
    public information, whatever the maneuver: every maneuver can be responded to by any player
    (p.22)."""

    def must_ask(self, state: State, seat: int, frame: Frame) -> bool:
        """The current player is always asked in their own maneuver phase (`is_main`, written out:
        asked of every seat at every step of every priority window)."""
        return (frame.data.get("window") == "main" and seat == state.active
                and not state.chain and state.battle is None)

    def could_respond(self, state: State, seat: int, frame: Frame | None = None) -> bool:
        """Whether, by public information, `seat` might have a reaction to play (an action card
        in hand — its back is public —, a ready reaction ability, a usable activated ability).

        Remembered until the next event changes the table: a round of passes asks it of each
        seat in turn, and again of the seats asked after a pass."""
        return state.cached(_RESPOND_KEYS[seat], lambda: self._could_respond(state, seat))

    def _could_respond(self, state: State, seat: int) -> bool:
        cat, objects, zones = self.cat, state.objects, state.zones
        for i in zones[board.HANDS[seat]].cards:
            if objects[i].props.get("back") == "action":
                return True
        props = state.players[seat].props
        cds: dict[str, int] = props.get("cooldowns") or {}
        if cds:
            for a in cat.reactions(str(props["hero"])):
                if cds.get(a) == 0:
                    return True
        some = cat.with_activated
        for i in zones[board.TERRITORIES[seat]].cards:
            obj = objects[i]
            if obj.card in some and obj.controller == seat:
                kit = cat.kit(obj)
                if kit.activated_unexhausting or (kit.activated and not obj.exhausted):
                    return True
        return False

    def concerns(self, state: State, seat: int, frame: Frame | None = None) -> bool:
        """Whether the present moment concerns `seat`, by public information: the newest
        maneuver targets its hero or cards or attacks it, or it takes part in the battle."""
        battle = state.battle
        if battle is not None and seat in (int(battle["attacker"]), int(battle["defender"])):
            return True
        if not state.chain:
            return False
        top = state.chain[-1]
        if top.controller == seat:
            return False
        if top.kind == "battle" and int(top.data.get("defender", -1)) == seat:
            return True
        for refs in top.targets.values():
            for ref in refs:
                if ref == hero_ref(seat) or (ref > 0 and state.objects[ref].controller == seat):
                    return True
        return False

    # -- what the chain asks of the other parts ---------------------------------------------

    def begin_maneuver(self, flow: Flow, seat: int, option: Option, frame: Frame) -> None:
        self.announcing.begin_maneuver(flow, seat, option, frame)

    def flush_triggers(self, flow: Flow) -> bool:
        # speed: asked at every step of every priority window, where there is seldom a trigger
        return bool(flow.state.pending_triggers) and self.announcing.flush_triggers(flow)

    def resolve_top(self, flow: Flow) -> None:
        self.resolving.resolve_top(flow)
