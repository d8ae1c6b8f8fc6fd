"""Card movement and state checks: creating and drawing cards, spawning, leaving play, bins and erasing, deaths."""

from __future__ import annotations

from cardgames.engine import core_events as ce
from cardgames.engine.flow import Flow
from cardgames.engine.state import Json, State
from cardgames.games.algomancy import formation as fm
from cardgames.games.algomancy import table as t
from cardgames.games.algomancy.board import mods_on
from cardgames.games.algomancy.context import Rules
from cardgames.games.algomancy.events import CardDrawn, MatchEnded
from cardgames.games.algomancy.lethal import doomed
from cardgames.games.algomancy.triggers import queue_trigger_event


def create(rules: Rules, flow: Flow, cid: str, owner: int, zone: str, props: dict[str, Json] | None = None) -> int:
    """Create a card object (a deck card, a resource from outside the game, a token)."""
    oid = flow.new_id()
    card = rules.cards[cid]
    base: dict[str, Json] = {"back": "resource" if card.kind == "resource" else "card"}
    flow.emit(ce.ObjectCreated(oid, cid, owner, zone, {**base, **(props or {})}, flow.state.turn))
    return oid


def draw(flow: Flow, seat: int, to: str | None = None) -> int | None:
    """Draw the top card of the player's deck (nothing if it is empty: R13)."""
    deck = flow.state.zones[t.deck_of(flow.state, seat)].cards
    if not deck:
        return None
    top = deck[-1]
    flow.emit(CardDrawn(top, seat, to or t.hand(seat)))
    return top


def leave_formation(flow: Flow, obj: int) -> None:
    """A unit leaving play (or changing sides) leaves its formation; the line holds (Hold the line)."""
    b = flow.state.battle
    if not b:
        return
    changes: dict[str, Json] = {}
    after_blocks = b.get("step") in ("block_window", "damage", "after_window", "next")
    if b.get("attack") and fm.column_of(b["attack"], obj) is not None:
        changes["attack"] = fm.remove_unit(b["attack"], obj, blocks_declared=after_blocks)
    if b.get("defence") and fm.column_of(b["defence"], obj) is not None:
        changes["defence"] = fm.remove_unit(b["defence"], obj, blocks_declared=True)
    if obj in b.get("counter", []):
        changes["counter"] = [u for u in b["counter"] if u != obj]
    if changes:
        flow.emit(ce.BattleChanged(changes=changes))


def detach_all(flow: Flow, host: int, to: str) -> None:
    """The host leaves play: its mods go to `to` (each to its owner's bin, or erased) and its graft
    list is forgotten (rulebook: Permadeath)."""
    state = flow.state
    for m in list(mods_on(state, state.objects[host])):
        home = t.home_seat(m)
        flow.emit(ce.ObjectMoved(m.id, t.bin_(home) if to == "bin" and home >= 0 else "erased", reset=True))
        if m.props.get("mod"):
            flow.emit(ce.ObjectPropSet(m.id, "mod", None))
    for prop in ("grafts", "graft_used"):
        if prop in state.objects[host].props:
            flow.emit(ce.ObjectPropSet(host, prop, None))


def spawn(rules: Rules, flow: Flow, obj: int, controller: int, reg: int) -> None:
    """A unit comes into play in region `reg`, outside any formation (rulebook: Tokens, note)."""
    flow.emit(ce.ObjectMoved(obj, t.region(reg), controller=controller, entered_turn=flow.state.turn))
    queue_trigger_event(rules, flow, "spawn", obj, controller)


def to_bin(rules: Rules, flow: Flow, obj: int) -> None:
    """A card goes to its owner's bin; tokens and unstable cards are erased instead (R51)."""
    o = flow.state.objects[obj]
    card = rules.cards[o.card]
    mods = mods_on(flow.state, o)
    home = t.home_seat(o)
    erase = card.is_token or bool(o.props.get("unstable")) or bool(mods) or home < 0
    detach_all(flow, obj, "erased")  # permadeath: a modded card and all its mods are erased together
    flow.emit(ce.ObjectMoved(obj, "erased" if erase else t.bin_(home), reset=True))


def destroy(rules: Rules, flow: Flow, obj: int, how: str) -> None:
    """A unit dies (lethal damage, defense ≤ 0, sacrifice) or is deleted: it leaves play."""
    state = flow.state
    o = state.objects[obj]
    if not o.zone.startswith("region:"):
        return
    controller = o.controller
    reg = t.region_seat(o.zone)
    flow.emit(ce.ObjectPropSet(obj, "left", how))
    leave_formation(flow, obj)
    if how in ("died", "sacrificed"):
        queue_trigger_event(rules, flow, "dies", obj, controller, reg)
        for other in t.in_region(state, reg if reg is not None else controller):
            if other.controller == controller and other.id != obj:
                queue_trigger_event(rules, flow, "other_ally_dies", other.id, controller, reg)
    queue_trigger_event(rules, flow, "despawn", obj, controller, reg)
    to_bin(rules, flow, obj)


def check_state(rules: Rules, flow: Flow) -> bool:
    """Units with lethal damage or defense ≤ 0 die; a player at 0 life loses. True if anything happened."""
    state = flow.state
    if state.outcome is not None:
        return False
    # asked at every step: remembered until the table changes, and the doomed units are found again only where
    # an event may have changed them
    dead, losers = state.cached("state-check", lambda: (doomed(rules, flow), _losers(state)))
    if dead:
        for oid in dead:
            destroy(rules, flow, oid, "died")
        losers = _losers(state)
    for s in losers:
        flow.emit(ce.PlayerEliminated(s, "life reached 0"))
    if losers:
        alive = state.live_seats()
        if state.globals.get("bracket") is not None and len(alive) <= 1:  # a match of a cube bracket (A79)
            end_match(flow, [*alive, *losers], f"{state.players[losers[0]].name}'s life reached 0"
                      if alive else "both players reached 0 life at once: a coin toss decides the match")
            return True
        duel = len(state.players) == 2
        if not alive:
            flow.emit(ce.GameEnded([], "both players reached 0 life at once" if duel
                                   else "every remaining player reached 0 life at once", draw=True))
        elif len({state.players[s].team for s in alive}) == 1:  # one player, or one team, left
            last = " and ".join(state.players[s].name for s in alive)
            flow.emit(ce.GameEnded(alive, f"{state.players[losers[0]].name}'s life reached 0" if duel
                                   else f"{last} {'is' if len(alive) == 1 else 'are'} the last standing"))
        else:
            for s in losers:
                leave_the_game(rules, flow, s)
    return bool(dead or losers)


def _losers(state: State) -> list[int]:
    """The players still in the game at 0 life or less."""
    return [p.seat for p in state.players if not p.eliminated and p.counters.get("life", 0) <= 0]


def end_match(flow: Flow, pair: list[int], reason: str) -> None:
    """A match of a cube bracket is over (A79): the first of `pair` wins if the other alone lost, else
    (a draw) a coin toss decides; the bracket goes on with the next match (bracket.py)."""
    state = flow.state
    if len([s for s in pair if state.players[s].counters.get("life", 0) <= 0]) == 1 \
            and state.players[pair[0]].counters.get("life", 0) > 0:
        winner = pair[0]
    else:
        winner = pair[flow.randint("coin toss", 0, 1)]
    loser = next(s for s in pair if s != winner)
    flow.emit(MatchEnded(winner, loser, reason))
    flow.push("match", winner=winner, loser=loser)


def leave_the_game(rules: Rules, flow: Flow, seat: int) -> None:
    """An eliminated player leaves a game that goes on (R68): what they control in play and their
    resources leave the game (a permanent owned by another player goes to its owner's bin); their
    hand and pack are recycled, so they stay hidden. Their neighbours' regions close up (seating.py)."""
    state = flow.state
    for z in [z for z in state.zones.values() if z.id.startswith("region:")]:
        for oid in list(z.cards):
            o = state.objects[oid]
            if o.zone != z.id or (o.controller != seat and o.owner != seat):
                continue
            leave_formation(flow, oid)
            detach_all(flow, oid, "erased")
            owner = o.owner
            keep = owner >= 0 and owner != seat and not state.players[owner].eliminated \
                and not rules.cards[o.card].is_token
            flow.emit(ce.ObjectMoved(oid, t.bin_(owner) if keep else "erased", reset=True))
    for oid in list(state.zones[t.resources(seat)].cards):
        flow.emit(ce.ObjectMoved(oid, "erased", reset=True))
    deck = t.deck_of(state, seat)
    for zone in (t.hand(seat), t.pack(seat)):
        for oid in list(state.zones[zone].cards):
            flow.emit(ce.ObjectMoved(oid, deck, index=0, reset=True))
