"""Damage, prevention, healing, destruction and elimination.

Rulebook: Additional Gameplay Concepts (p.14-15) and General Multiplayer Rules (p.27).
"""

from __future__ import annotations

from cardgames.engine import core_events as ce
from cardgames.engine.flow import Flow
from cardgames.engine.state import GameObject, State
from cardgames.games.allegiance import board
from cardgames.games.allegiance.cards import Cards
from cardgames.games.allegiance.events import Damaged, Healed, hero_ref, hero_seat, is_hero


def queue_trigger(flow: Flow, cat: Cards, src: GameObject, index: int, when: str,
                  controller: int | None = None, **data: object) -> None:
    ab = cat.abilities_of(src)[index]
    tid = flow.new_id()
    flow.emit(ce.TriggerQueued({
        "id": tid, "controller": src.controller if controller is None else controller,
        "source": src.id, "ref": cat.ability_ref(src, index), "when": when,
        "optional": ab.optional, "label": f"{cat.display_name(src)}: {ab.text}".rstrip(": "),
        "data": dict(data),
    }))


def fire(flow: Flow, cat: Cards, when: str, objs: list[GameObject] | None = None,
         controller: int | None = None, **data: object) -> None:
    """Queue the `when` triggers of `objs` (default: every card in play)."""
    state = flow.state
    pool = objs if objs is not None else [
        state.objects[i] for p in state.players for i in state.zones[board.territory(p.seat)].cards
    ]
    kit, some = cat.kit, cat.with_triggers
    for obj in pool:
        if obj.card not in some:
            continue  # speed: the commonest case, the card has no triggered ability at all
        found = kit(obj)
        if when not in found.whens:
            continue  # speed: no ability of the card triggers now
        for i, ab in enumerate(found.abilities):
            if ab.when == when and board.trigger_allowed(flow, cat, obj, ab.if_, data):
                queue_trigger(flow, cat, obj, i, when, controller, **data)


# -- damage ----------------------------------------------------------------------------------


def prevent(flow: Flow, target: int, amount: int, cat: Cards | None = None,
            source: int | None = None) -> int:
    """Apply prevention to `amount` damage to `target`; returns the damage left (p.14).

    Static prevention of cards in play (Aegis of Faith, Iron Skin, Mantle of the Elements) comes
    first, then shields in the order they were created (ruling R45).
    """
    if cat is not None:
        amount = board.static_prevent(flow, cat, target, amount, source)
    for sh in list(flow.state.shields):
        if amount <= 0:
            break
        if sh.target != target:
            continue
        if sh.per_hit:
            amount = max(0, amount - sh.amount)
            continue
        used = min(sh.amount, amount)
        flow.emit(ce.ShieldUsed(sh.id, used))
        amount -= used
    return amount


def deal(flow: Flow, cat: Cards, target: int, amount: int, source: int | None, *,
         battle: bool = False, armor_prevented: int = 0) -> int:
    """Deal damage (prevention applied); the caller runs `check_state` afterwards. Returns dealt.

    Damage that armor prevented entirely is still recorded (0 dealt, `armor_prevented` prevented),
    so the log shows the armor at work (sample game turn 4: 2 of the Lance's 2 prevented).
    """
    if not board.alive(flow.state, target):
        return 0
    if amount <= 0:
        if armor_prevented > 0:
            flow.emit(Damaged(target, 0, source, battle, armor_prevented))
        return 0
    left = prevent(flow, target, amount, cat, source)
    flow.emit(Damaged(target, left, source, battle, amount - left + armor_prevented))
    return left


def heal(flow: Flow, cat: Cards, target: int, amount: int | None, source: int | None) -> int:
    """Heal up to `amount` (None: all) damage; never above the maximum (rulebook p.14)."""
    state = flow.state
    if not board.alive(state, target):
        return 0
    if is_hero(target):
        p = state.players[hero_seat(target)]
        room = int(p.counters["max_health"]) - int(p.counters["health"])
    else:
        room = state.objects[target].counters.get("damage", 0)
    healed = room if amount is None else min(room, amount)
    if healed > 0:
        flow.emit(Healed(target, healed, source))
    return max(healed, 0)


def check_state(flow: Flow, cat: Cards) -> None:
    """Destroy units with lethal damage and eliminate heroes at 0, at once (rulebook p.14)."""
    state = flow.state
    while True:
        dead = board.lethally_damaged(cat, state)
        if not dead:
            break
        for u in dead:
            if board.in_play(state, u):
                destroy(flow, cat, u.id)
    for p in state.players:
        if not p.eliminated and p.counters.get("health", 1) <= 0:
            eliminate(flow, cat, p.seat, "health reached 0")
    # speed: asked after every resolution; while nobody has fallen no format is decided (each
    # seats two teams at least, and Sworn Enemy needs a fallen hero)
    if state.outcome is None and any(p.eliminated for p in state.players):
        end_if_decided(flow)


# -- leaving play ------------------------------------------------------------------------------


def leave_play(flow: Flow, cat: Cards, obj_id: int, *, destination: str | None = None,
               bottom: bool = False) -> None:
    """Move a card out of play to where it belongs (discard pile, deck bottom or reserves)."""
    state = flow.state
    obj = state.objects[obj_id]
    hosted = board.attachments(state, obj_id)
    to, index = destination, (0 if bottom else None)
    if to is None:
        to, index = home(state, obj, bottom=bottom)
    board.move(flow, obj_id, to, index=index, reset=True)
    expired = [m.id for m in state.modifiers if m.target == obj_id]
    expired += [s.id for s in state.shields if s.target == obj_id]
    if expired:
        flow.emit(ce.EffectsExpired(expired))
    for att in hosted:
        leave_play(flow, cat, att.id)


def home(state: State, obj: GameObject, *, bottom: bool = False) -> tuple[str, int | None]:
    """Where a card goes when it leaves play: special cards to reserves, others to discard."""
    back = obj.props.get("back")
    if back in board.DECKS:
        if bottom:
            return board.deck(str(back)), 0
        return board.discard(str(back)), None
    return board.reserves(obj.owner), None


def destroy(flow: Flow, cat: Cards, obj_id: int) -> None:
    """Destroy a card in play; triggers "destroyed" abilities (rulebook p.14)."""
    state = flow.state
    obj = state.objects[obj_id]
    ctrl = obj.controller
    hakor = (
        "hakor-recycle" in _rules_of(cat, state, ctrl) and obj.props.get("back") in board.UNIT_DECKS
    )
    fire(flow, cat, "destroyed", [obj], controller=ctrl)
    others = [state.objects[i] for i in state.zones[board.territory(ctrl)].cards if i != obj_id]
    leave_play(flow, cat, obj_id, bottom=hakor)
    if obj.props.get("type") == "unit":
        fire(
            flow,
            cat,
            "unit_you_control_destroyed",
            [o for o in others if board.in_play(state, o)],
            destroyed_card=obj.card,
        )


def _rules_of(cat: Cards, state: State, seat: int) -> list[str]:
    p = state.players[seat]
    if p.eliminated or not p.props.get("hero"):
        return []
    return list(cat.special_rules(str(p.props["hero"])))


def special_rules(cat: Cards, state: State, seat: int) -> list[str]:
    return _rules_of(cat, state, seat)


# -- elimination and the end -----------------------------------------------------------------


def eliminate(flow: Flow, cat: Cards, seat: int, reason: str) -> None:
    """A hero is defeated: their cards leave, their chain items go (rulings R79-R81)."""
    state = flow.state
    flow.emit(ce.PlayerEliminated(seat, reason))
    for entry in [c for c in state.chain if c.controller == seat]:
        flow.emit(ce.ChainPopped(entry.id, "removed", entry.label))
        if entry.source is not None and state.objects[entry.source].zone == board.LIMBO:
            leave_play(flow, cat, entry.source)
    for obj in list(state.cards_in(board.territory(seat))):
        if board.in_play(state, obj):
            leave_play(flow, cat, obj.id)
    for p in state.players:
        for obj in list(state.cards_in(board.territory(p.seat))):
            if obj.controller == seat and board.in_play(state, obj):
                leave_play(flow, cat, obj.id)
    for obj in list(state.cards_in(board.hand(seat))):
        leave_play(flow, cat, obj.id)
    gone = [m.id for m in state.modifiers if m.controller == seat]
    gone += [s.id for s in state.shields if s.controller == seat or s.target == hero_ref(seat)]
    if gone:
        flow.emit(ce.EffectsExpired(gone))
    drop = [t["id"] for t in state.pending_triggers if t["controller"] == seat]
    if drop:
        flow.emit(ce.TriggersTaken(drop))


def end_if_decided(flow: Flow) -> None:
    """End the game if its format's victory condition is met (rulebook: Gameplay Formats)."""
    state = flow.state
    fmt = str(state.globals.get("format", "duel"))
    live = state.live_seats()
    if fmt == "sworn-enemy":
        fallen = [p.seat for p in state.players if p.eliminated]
        if fallen:
            n = len(state.players)
            winners = [s for s in live if (s + 1) % n in fallen]
            flow.emit(ce.GameEnded(winners, "sworn enemy defeated" if winners else "no survivor",
                                   draw=not winners))
        return
    teams = {state.players[s].team for s in live}
    if len(teams) > 1:
        return
    if not live:
        flow.emit(ce.GameEnded([], "every remaining hero fell at once", draw=True))
        return
    (team,) = teams
    winners = [p.seat for p in state.players if p.team == team]
    flow.emit(ce.GameEnded(winners, "all enemy heroes defeated"))
