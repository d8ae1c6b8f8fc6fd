"""Shared steps: create, draw, mark, leave play, destroy creatures and cities, defeat, triggers, paying."""

from __future__ import annotations

from typing import Any, NamedTuple

from cardgames.engine import core_events as ce
from cardgames.engine.flow import Flow
from cardgames.engine.state import GameObject, Json, State
from cardgames.games.arcmage import board, teams
from cardgames.games.arcmage import table as t
from cardgames.games.arcmage.context import Rules, rules_of
from cardgames.games.arcmage.events import CardDrawn


def create(rules: Rules, flow: Flow, cid: str, owner: int, zone: str, props: dict[str, Json] | None = None) -> int:
    """Create a card object (a deck card, a city, a token)."""
    oid = flow.new_id()
    flow.emit(ce.ObjectCreated(oid, cid, owner, zone, {"back": "card", **(props or {})}, flow.state.turn))
    return oid


def draw(flow: Flow, seat: int, n: int = 1) -> None:
    """Draw n cards; drawing from an empty deck defeats the drawer (Winning; R16). A player under
    "can't draw this turn" (Touch of Genius) draws nothing."""
    state = flow.state
    if state.players[seat].props.get("no_draw") == state.turn:
        return
    for _ in range(n):
        cards = state.zones[t.deck(seat)].cards
        if not cards:
            flow.emit(ce.PlayerPropSet(seat, "decked", True))
            return
        flow.emit(CardDrawn(cards[-1], seat))
        punish(flow, seat, "draw")


def punish(flow: Flow, seat: int, what: str) -> None:
    """A player drew or discarded: each opponent's passive that hurts them for it (the player picks the city)."""
    rules = rules_of(flow)
    state = flow.state
    if not state.globals.get("started"):
        return
    for a in board.actives(rules, state):
        p = a.static.punish
        if p is not None and p.get("when") == what and seat in t.opponents(state, a.controller) \
                and t.cities(state, seat):
            flow.push("city_damage", seat=seat, n=int(p.get("damage", 1)), source=a.source)


def queue(flow: Flow, source: GameObject, ref: str, controller: int | None = None,
          vars: dict[str, Json] | None = None) -> None:
    """A triggered ability happened: it resolves after the current step, without the stack (R22)."""
    flow.emit(ce.TriggerQueued({"id": flow.new_id(), "source": source.id, "controller":
                                source.controller if controller is None else controller, "ref": ref,
                                "vars": vars or {}}))


def mark(flow: Flow, obj: GameObject, *, binding: bool = True) -> bool:
    """Mark a card (Card States: only an unmarked card can be marked). Fires "when marked"
    (Archivist) and Binding Contract (every other creature sharing its place gets marked)."""
    if obj.exhausted or not t.in_play(obj):
        return False
    rules = rules_of(flow)
    flow.emit(ce.ObjectChanged(obj.id, exhausted=True))
    card = rules.cards[obj.card]
    if card.marked is not None:
        queue(flow, obj, f"card:{obj.card}:marked")
    if card.is_creature and obj.counters.get("grassroot") and board.flag(rules, flow.state, obj, "grassroots"):
        flow.emit(ce.CounterAdded(obj.id, "grassroot", 1))
    if binding and card.is_creature and board.flag(rules, flow.state, obj, "binding"):
        for other in flow.state.cards_in(obj.zone):
            if other.id != obj.id and rules.cards[other.card].is_creature:
                mark(flow, other, binding=False)
    return True


def locked(state: State, obj: GameObject) -> bool:
    """Blindfolded: it can't unmark while the creature that marked it remains marked (and in play)."""
    by = obj.props.get("locked_by")
    host = state.objects.get(int(by)) if isinstance(by, int) else None
    return host is not None and t.in_play(host) and host.exhausted


def unmark(flow: Flow, obj: GameObject) -> None:
    """Unmark a card ("can't unmark" beats it: Blindfolded's lock)."""
    if locked(flow.state, obj):
        return
    if obj.props.get("locked_by") is not None:
        flow.emit(ce.ObjectPropSet(obj.id, "locked_by", None))
    if obj.exhausted:
        flow.emit(ce.ObjectChanged(obj.id, exhausted=False))
    if obj.props.get("devoted") is not None:
        flow.emit(ce.ObjectPropSet(obj.id, "devoted", None))


def detach_all(flow: Flow, host: int) -> None:
    """Cards attached to a card leaving play go to their owners' graveyards (Combat IV)."""
    for e in t.all_enchantments(flow.state):
        if e.attached_to == host:
            flow.emit(ce.ObjectMoved(e.id, t.grave(e.owner), reset=True))


def leave_play(flow: Flow, obj: GameObject, to: str, *, dies: bool = False, index: int | None = None) -> None:
    """A creature or enchantment leaves play for a graveyard, hand, deck or out of the game.
    Tokens cease to exist (out of the game); "when it dies" fires only when it dies (R39)."""
    rules = rules_of(flow)
    card = rules.cards[obj.card]
    controller = obj.controller
    saved = card.is_creature and not card.token and to == t.grave(obj.owner) and t.in_play(obj) \
        and "Undead" not in board.creature_types(rules, flow.state, obj) \
        and any(a.static.undead_army and a.controller == controller for a in board.actives(rules, flow.state))
    detach_all(flow, obj.id)
    if card.token:
        to, index = t.gone(obj.owner), None
    flow.emit(ce.ObjectMoved(obj.id, to, index=index, reset=True))
    forget(flow, obj)
    if saved:  # Nirvana of the Undead L5: its controller may put it into their army instead
        flow.push("nirvana", seat=controller, creature=obj.id)
    if dies and card.dies is not None:
        queue(flow, obj, f"card:{obj.card}:dies", controller)
    if card.leaves is not None:
        queue(flow, obj, f"card:{obj.card}:leaves", controller)


PLAY_PROPS = ("devoted", "hold", "doomed", "exile_at", "types", "dealt", "shield", "locked_by")
"""What a card carries only while in play: it comes back a new card (R40)."""


def forget(flow: Flow, obj: GameObject) -> None:
    for key in PLAY_PROPS:
        if obj.props.get(key) is not None:
            flow.emit(ce.ObjectPropSet(obj.id, key, None))


def destroy(flow: Flow, obj: GameObject) -> bool:
    """Destroy a creature (to its owner's graveyard), unless it is Indestructible (R55)."""
    rules = rules_of(flow)
    if board.has_keyword(rules, flow.state, obj, "indestructible"):
        return False
    if obj.props.get("shield") == flow.state.turn:  # R44: it survives, healed, and becomes marked
        flow.emit(ce.ObjectPropSet(obj.id, "shield", None))
        for name in ("damage", "deadly"):
            if obj.counters.get(name):
                flow.emit(ce.CounterAdded(obj.id, name, -obj.counters[name]))
        mark(flow, obj)
        return True
    leave_play(flow, obj, t.grave(obj.owner), dies=True)
    return True


def destroy_city(flow: Flow, city: GameObject, *, sacrificed: bool = False) -> None:
    """Defending a city: a destroyed city goes to its owner's graveyard; its unmarked residents move
    to another city or the army (the owner chooses, `evacuate` frames), marked ones return to hand,
    attached cards go to the graveyard, and its effects end at once."""
    state = flow.state
    detach_all(flow, city.id)
    others = [c.id for c in t.cities(state, city.controller) if c.id != city.id]
    for o in list(t.residents(state, city.id)):
        if o.exhausted:
            detach_all(flow, o.id)
            if rules_of(flow).cards[o.card].token:
                flow.emit(ce.ObjectMoved(o.id, t.gone(o.owner), reset=True))
            else:
                flow.emit(ce.ObjectMoved(o.id, t.hand(o.owner), reset=True))
            forget(flow, o)
        elif others and o.controller == city.controller:
            flow.emit(ce.ObjectMoved(o.id, t.army(o.controller)))
            flow.push("evacuate", creature=o.id, choices=others)
        else:
            flow.emit(ce.ObjectMoved(o.id, t.army(o.controller)))
    flow.emit(ce.ObjectMoved(city.id, t.gone(city.owner) if sacrificed else t.grave(city.owner), reset=True))


def lethal(rules: Rules, state: State, obj: GameObject) -> bool:
    if obj.counters.get("deadly"):
        return True
    if not obj.counters.get("damage") and rules.cards[obj.card].def_ + obj.counters.get("def", 0) > 0 \
            and not board.defense_can_drop(rules, state):
        return False  # undamaged, and nothing lowers a defense: it stands (the line below, without its cost)
    return board.remaining_def(rules, state, obj) <= 0


def check_state(flow: Flow) -> bool:
    """Deaths, destroyed cities and defeats, checked whenever the game settles (R38, R27, R65).
    Returns True if anything happened."""
    rules = rules_of(flow)
    state = flow.state
    if state.outcome is not None:
        return False
    scan = _scan(rules, state)
    if scan.quiet:
        return False  # speed: the usual case, nothing found (what the lines below conclude too)
    for f in state.frames:
        if f.kind == "bodyguard":  # R44: deaths wait for the bodyguard's answer
            return False
    dying_ids, city_ids = _to_check(rules, state, bool(state.globals.get("combat_hold")))
    buried = scan.buried
    for oid in buried:  # R90 Wight: three cards on top of it: it works, and goes back on top
        obj = state.objects[oid]
        flow.emit(ce.ObjectMoved(oid, obj.zone))
        queue(flow, obj, f"card:{obj.card}:from_grave", obj.owner)
    if not dying_ids and not city_ids and not scan.defeat:
        return bool(buried)
    dying = [state.objects[i] for i in dying_ids]
    cities = [state.objects[i] for i in city_ids]
    acted = False
    for o in dying:
        acted = destroy(flow, o) or acted
    for c in cities:
        destroy_city(flow, c)
        acted = True
    return defeats(flow) or acted


def _to_check(rules: Rules, state: State, hold: bool) -> tuple[list[int], list[int]]:
    """Creatures with lethal damage, and cities at 0 defense (not while a combat is under way: R57)."""
    scan = _scan(rules, state)
    cities = [] if hold else scan.fallen
    suspects = scan.suspects
    if not suspects and suspects is not None:
        return [], cities  # speed: nothing can be lethal, without listing every creature and passive in force
    dying = state.cached("arc.check.dying", lambda: [
        o.id for o in t.all_creatures(state) if (suspects is None or o.id in suspects)
        and lethal(rules, state, o) and not board.has_keyword(rules, state, o, "indestructible")])
    return dying, cities


class Scan(NamedTuple):
    """What the state checks look for, found in one pass over each player's table (until the next event;
    a tuple: one is made after nearly every event)."""

    fallen: list[int]
    """Cities at 0 defense."""
    suspects: set[int] | None
    """The creatures that may have lethal damage, from their counters and printed defense alone; None
    (every creature) while something in play or an effect may lower a defense. A superset of the
    creatures `lethal` finds, checked against it in the tests."""
    buried: list[int]
    """Cards that work from a graveyard with three cards lying on top of them (Wight)."""
    defeat: bool
    """Some player has no city left, had to draw from an empty deck or conceded."""
    quiet: bool
    """Nothing for the state checks to do: no fallen city, no suspect creature, nobody buried or defeated."""


def _scan(rules: Rules, state: State) -> Scan:
    """The table's `Scan`, made once per event (the checks run several times between two events)."""
    return state.cached("arc.check", lambda: _scan_table(rules, state))


def _scan_table(rules: Rules, state: State) -> Scan:
    """Each live player's cities, graveyard and creatures, looked at once (speed: most checks find nothing)."""
    cat = rules.cat
    cards, lowers, unsure, frail, works = rules.cards, cat.lowers_def, cat.unsure_def, cat.frail_cities, cat.from_grave
    objects, zones = state.objects, state.zones
    started = bool(state.globals.get("started"))
    fallen: list[int] = []
    suspects: set[int] | None = set()
    buried: list[int] = []
    defeat = False
    for m in state.modifiers:
        if m.stat == "def" and m.amount < 0:
            suspects = None
    for s, creatures in t.creatures_by_seat(state).items():  # every live player, in turn order
        props = state.players[s].props
        kingdom = zones[t.kingdom(s)].cards
        defeat = defeat or (started and bool(props.get("decked") or props.get("conceded") or not kingdom))
        for c in kingdom:
            city = objects[c]
            if (city.counters or city.card in frail) and board.city_defense(rules, state, city) <= 0:
                fallen.append(c)  # speed: a city without counters has its printed defense, at least 1
        grave = zones[t.grave(s)].cards
        if len(grave) > 3:
            buried += [oid for oid in grave[:-3] if objects[oid].card in works]  # speed: one set lookup a card
        if suspects is None:
            continue
        if lowers and (_holds(objects, kingdom, lowers) or _holds(objects, zones[t.ench(s)].cards, lowers)):
            suspects = None
            continue
        for o in creatures:  # the pass the passives in force share
            counters = o.counters
            if counters or o.card in unsure:  # speed: most creatures have no counters and a printed DEF ≥ 1
                if o.card in lowers:
                    suspects = None
                    break
                if counters.get("deadly") or counters.get("damage") \
                        or cards[o.card].def_ + counters.get("def", 0) <= 0:
                    suspects.add(o.id)
    quiet = not fallen and suspects is not None and not suspects and not buried and not defeat
    return Scan(fallen, suspects, buried, defeat, quiet)


def _holds(objects: dict[int, GameObject], ids: list[int], cards: frozenset[str]) -> bool:
    """Whether one of these objects is one of these cards (a loop: three times as fast as `any` over a
    generator, for the two or three cards a kingdom or enchantment row holds)."""
    for i in ids:  # noqa: SIM110 - see above
        if objects[i].card in cards:
            return True
    return False


def defeats(flow: Flow) -> bool:
    """Winning: a player with no city in play, who had to draw from an empty deck, or who conceded (R68) is
    defeated; the last player (or team) standing wins; all falling at once is a tie."""
    state = flow.state
    out = [p.seat for p in state.players if not p.eliminated
           and (p.props.get("decked") or p.props.get("conceded") or not t.cities(state, p.seat))
           and state.globals.get("started")]
    if not out:
        return False
    for s in out:
        flow.emit(ce.PlayerEliminated(s, _defeat_reason(state, s)))
        remove_player(flow, s)
    live = state.live_seats()
    sides = {state.players[s].team for s in live}
    if len(sides) <= 1:
        if live:
            side = state.players[live[0]].team
            team_game = state.globals.get("format") in ("giant", "aminduna")
            winners = sorted(p.seat for p in state.players if p.team == side) if team_game else sorted(live)
            names = ", ".join(state.players[s].name for s in winners)
            flow.emit(ce.GameEnded(winners, f"{names} defeated every opponent"))
        else:
            flow.emit(ce.GameEnded([], "every remaining player was defeated at once: a tie", draw=True))
        return True
    giant = state.globals.get("giant")
    if isinstance(giant, dict):  # Win Conditions: the out player's team has until their next turn
        clock = list(state.globals.get("deadlines") or [])
        for s in out:
            k = teams.turns_until(giant, lambda x: not state.players[x].eliminated, s)
            clock.append([state.turn + k, state.players[s].team, s])
        flow.emit(ce.GlobalSet("deadlines", clock))
    return True


def _defeat_reason(state: State, seat: int) -> str:
    if state.players[seat].props.get("conceded"):
        return "conceded"
    return "no city left" if not t.cities(state, seat) else "drew from an empty deck"


def deadlines(flow: Flow, turn: int) -> bool:
    """Headed giant: when the turn an out player would next have played comes, their team has not
    destroyed every opponent in the last round: it loses (earliest deadline first). True if the game ended."""
    state = flow.state
    due = sorted(d for d in (state.globals.get("deadlines") or []) if int(d[0]) <= turn)
    if not due:
        return False
    _, side, seat = due[0]
    winners = sorted(p.seat for p in state.players if p.team != int(side))
    flow.emit(ce.GameEnded(winners, f"{state.players[int(seat)].name}'s team did not destroy every opponent "
                                    "city in the last round"))
    return True


def remove_player(flow: Flow, seat: int) -> None:
    """R66: a defeated player's cards in play leave the game; their items on the stack are removed."""
    state = flow.state
    for o in list(t.creatures_of(state, seat)):  # its creatures, infiltrators included
        flow.emit(ce.ObjectMoved(o.id, t.gone(o.owner), reset=True))
    for c in t.cities(state, seat):  # other players' infiltrators go back to their armies
        for o in list(t.residents(state, c.id)):
            flow.emit(ce.ObjectMoved(o.id, t.army(o.controller)))
    for z in [*t.creature_zones(state, seat), t.ench(seat), t.kingdom(seat)]:
        for oid in list(state.zones[z].cards):
            flow.emit(ce.ObjectMoved(oid, t.gone(state.objects[oid].owner), reset=True))
    for entry in list(state.chain):
        if entry.controller == seat:
            if entry.source is not None and state.objects[entry.source].zone == t.STACK:
                flow.emit(ce.ObjectMoved(entry.source, t.gone(state.objects[entry.source].owner), reset=True))
            flow.emit(ce.ChainPopped(entry.id, "removed", entry.label))
    for oid in list(state.zones[t.STACK].cards):  # a card it was still announcing (Jevyan's Advice)
        if state.objects[oid].owner == seat:
            flow.emit(ce.ObjectMoved(oid, t.gone(seat), reset=True))


def pay_from(flow: Flow, seat: int, faction: str) -> None:
    """Spend one resource of a faction: produced ones first (they expire anyway), then mark a card."""
    state = flow.state
    if t.pool(state, seat, faction) > 0:
        flow.emit(ce.PlayerCounterAdded(seat, f"pool:{faction}", -1))
        return
    card = t.resources(state, seat, faction, unmarked=True)[0]
    flow.emit(ce.ObjectChanged(card.id, exhausted=True))


def pay_loyal(flow: Flow, seat: int, faction: str, n: int) -> None:
    for _ in range(n):
        pay_from(flow, seat, faction)


def payable_factions(state: State, seat: int) -> list[str]:
    return [f for f in t.FACTION_ORDER if t.available(state, seat, f) > 0]


def trigger_data(trig: dict[str, Any]) -> tuple[int, int, str, dict[str, Json]]:
    return int(trig["source"]), int(trig["controller"]), str(trig["ref"]), dict(trig.get("vars") or {})
