"""The Allegiance table as queries: zone names, who controls what, current attack and health."""

from __future__ import annotations

from typing import Any

from cardgames.engine import core_events as ce
from cardgames.engine.flow import Flow
from cardgames.engine.state import GameObject, State
from cardgames.games.allegiance.cards import Cards
from cardgames.games.allegiance.events import Revealed, hero_ref, hero_seat, is_hero
from cardgames.games.allegiance.schema import Condition, Static

DECKS = ("basic", "elite", "action")
UNIT_DECKS = ("basic", "elite")


HANDS = tuple(f"hand:{seat}" for seat in range(8))
TERRITORIES = tuple(f"territory:{seat}" for seat in range(8))
"""`hand(seat)` and `territory(seat)` of every seat there can be, made once: the rules look the
table over again and again, and a name made anew is a new string to hash each time."""


def deck(name: str) -> str:
    return f"deck:{name}"


def discard(name: str) -> str:
    return f"discard:{name}"


def hand(seat: int) -> str:
    return f"hand:{seat}"


def territory(seat: int) -> str:
    return f"territory:{seat}"


def reserves(seat: int) -> str:
    return f"reserves:{seat}"


LIMBO = "limbo"
"""Cards announced (enlisted units, played actions) that have left the hand but not resolved."""
REMOVED = "removed"
"""Cards removed from play for a while (they come back as new objects)."""


def move(flow: Flow, obj_id: int, to: str, **kw: Any) -> None:
    """Move a card; if it goes from a hidden or private zone to a public one, it is revealed."""
    state = flow.state
    src = state.zones[state.objects[obj_id].zone]
    if src.visibility != "public" and state.zones[to].visibility == "public":
        flow.emit(Revealed(obj_id))
    flow.emit(ce.ObjectMoved(obj_id, to, **kw))


def in_play(state: State, obj: GameObject) -> bool:
    return obj.zone.startswith("territory:")


def units(state: State, seat: int | None = None) -> list[GameObject]:
    """Units in play (of one controller, or everyone's), in territory order."""
    objects, zones = state.objects, state.zones
    if seat is not None:
        return [obj for i in zones[TERRITORIES[seat]].cards
                if (obj := objects[i]).props.get("type") == "unit" and obj.attached_to is None]
    return [obj for p in state.players for i in zones[TERRITORIES[p.seat]].cards
            if (obj := objects[i]).props.get("type") == "unit" and obj.attached_to is None]


def gear(state: State, seat: int, kind: str) -> GameObject | None:
    """The seat's weapon or armor card in play (kind "weapon" or "armor")."""
    ref = state.players[seat].props.get(kind)
    if ref is None:
        return None
    obj = state.objects[int(ref)]
    return obj if in_play(state, obj) else None


def attachments(state: State, host: int) -> list[GameObject]:
    """The cards in play attached to `host`, in territory order."""
    # Asked for each unit's keywords, many times a step: one pass over the table finds every
    # host's, remembered until the next event changes the table.
    return list(_hosted(state).get(host, ()))


def _hosted(state: State) -> dict[int, list[GameObject]]:
    """`_attachments_by_host`, remembered until the next event changes the table (read it, never
    change it)."""
    return state.cached("allegiance.attachments", lambda: _attachments_by_host(state))


def _attachments_by_host(state: State) -> dict[int, list[GameObject]]:
    """Host id -> the cards in play attached to it, in territory order."""
    out: dict[int, list[GameObject]] = {}
    objects, zones = state.objects, state.zones
    for p in state.players:
        for i in zones[TERRITORIES[p.seat]].cards:
            obj = objects[i]
            if obj.attached_to is not None:
                out.setdefault(obj.attached_to, []).append(obj)
    return out


def opponents(state: State, seat: int) -> list[int]:
    """Live opponents of `seat` (teammates are not opponents), clockwise from the seat after it
    (`state.seats_from(seat)` without the seat itself, walked once: asked at every step)."""
    players = state.players
    team, n = players[seat].team, len(players)
    return [s for i in range(1, n)
            if not (p := players[s := (seat + i) % n]).eliminated and p.team != team]


def alive(state: State, ref: int) -> bool:
    """A hero whose player is still in the game, or an object still in play."""
    if is_hero(ref):
        return not state.players[hero_seat(ref)].eliminated
    obj = state.objects.get(ref)
    return obj is not None and in_play(state, obj)


def controller(state: State, ref: int) -> int:
    return hero_seat(ref) if is_hero(ref) else state.objects[ref].controller


def cooldowns(state: State, seat: int) -> dict[str, int]:
    """A copy of the seat's hero ability cooldowns (ability id -> turns to wait; 0 is ready)."""
    return dict(state.players[seat].props.get("cooldowns") or {})


def name_of(cat: Cards, state: State, ref: int) -> str:
    if is_hero(ref):
        p = state.players[hero_seat(ref)]
        hero = p.props.get("hero")
        return f"{cat.hero(str(hero)).name} ({p.name})" if hero else p.name
    return cat.display_name(state.objects[ref])


# -- stats ---------------------------------------------------------------------------------


def _statics(cat: Cards, state: State) -> list[tuple[GameObject, Static]]:
    """Every static (`while`) effect of the cards in play, with the card it comes from.

    Remembered until the next event (stat queries ask for it once per unit, many times a step).
    """

    def collect() -> list[tuple[GameObject, Static]]:
        out: list[tuple[GameObject, Static]] = []
        objects, zones, kit, some = state.objects, state.zones, cat.kit, cat.with_statics
        for p in state.players:
            for i in zones[TERRITORIES[p.seat]].cards:
                src = objects[i]
                if src.card in some:
                    out.extend((src, w) for w in kit(src).statics)
        return out

    return state.cached("allegiance.statics", collect)


def _affects(state: State, src: GameObject, w: Static, ref: int) -> bool:
    """Whether the static effect `w` of `src` applies to `ref` (a unit id, or a hero)."""
    if w.who == "your_hero":
        return ref == hero_ref(src.controller)
    if is_hero(ref):
        return False
    obj = state.objects[ref]
    battle = state.battle or {}
    blocks: dict[str, int] = battle.get("blocks") or {}
    mine = src.id != obj.id and obj.controller == src.controller
    if w.who == "attached":
        return src.attached_to == obj.id
    if w.who == "other_units_you_control":
        return mine
    if w.who == "other_attacking_units_you_control":
        return mine and obj.id in (battle.get("attackers") or [])
    if w.who == "named_you_control":
        return mine and obj.card in w.cards
    if w.who == "self_defending_against_elite":
        return src.id == obj.id and any(
            d == obj.id and state.objects[int(a)].props.get("deck") == "elite"
            for a, d in blocks.items())
    if w.who == "defending_units_you_control":
        return obj.controller == src.controller and obj.id in blocks.values()
    return False


def _static_bonus(cat: Cards, state: State, obj: GameObject, stat: str) -> int:
    """Bonuses from static (`while`) abilities of cards in play."""
    statics = _statics(cat, state)
    if not statics:
        return 0
    return sum(w.amount for src, w in statics
               if w.amount and w.stat == stat and _affects(state, src, w, obj.id))


def static_prevent(flow: Flow, cat: Cards, target: int, amount: int, source: int | None) -> int:
    """Static prevention (`prevent_each`, `prevent_per_turn`) of `amount` damage; returns the rest.

    Per-turn budgets (e.g. Iron Skin) are remembered in the global "prevented" by card and turn.
    """
    state = flow.state
    from_action = source is not None and source in state.objects and (
        state.objects[source].props.get("back") == "action")
    for src, w in _statics(cat, state):
        if amount <= 0:
            break
        if not (w.prevent_each or w.prevent_per_turn) or not _affects(state, src, w, target):
            continue
        if w.only_from == "action" and not from_action:
            continue
        if w.prevent_each:
            amount = max(0, amount - w.prevent_each)
        if w.prevent_per_turn and amount > 0:
            used: dict[str, list[int]] = dict(state.globals.get("prevented") or {})
            turn, spent = used.get(str(src.id), [state.turn, 0])
            spent = spent if turn == state.turn else 0
            stop = min(amount, w.prevent_per_turn - spent)
            if stop > 0:
                used[str(src.id)] = [state.turn, spent + stop]
                flow.emit(ce.GlobalSet("prevented", used))
                amount -= stop
    return amount


def condition(cat: Cards, state: State, obj: GameObject, cond: Condition | None,
              data: dict[str, Any] | None = None) -> bool:
    """Whether a trigger's (or an attack restriction's) condition holds for card `obj` now."""
    if cond is None:
        return True
    mine = units(state, obj.controller)
    if cond.you_control_no_units and mine:
        return False
    if cond.you_control_a is not None and not any(u.card == cond.you_control_a for u in mine):
        return False
    gone = (data or {}).get("destroyed_card")
    if cond.destroyed_card is not None and gone not in cond.destroyed_card:
        return False
    once: dict[str, int] = state.globals.get("once") or {}
    return not (cond.once_per_turn and once.get(str(obj.id)) == state.turn)


def trigger_allowed(flow: Flow, cat: Cards, obj: GameObject, cond: Condition | None,
                    data: dict[str, Any] | None = None) -> bool:
    """`condition`, and for a once-per-turn trigger, remember that it triggered this turn."""
    state = flow.state
    if not condition(cat, state, obj, cond, data):
        return False
    if cond is not None and cond.once_per_turn:
        once = {**(state.globals.get("once") or {}), str(obj.id): state.turn}
        flow.emit(ce.GlobalSet("once", once))
    return True


def attack_allowed(cat: Cards, state: State, obj: GameObject) -> bool:
    """False if a static of the card itself forbids declaring it as an attacker now."""
    if obj.card not in cat.attack_restricted:  # speed: most cards have no restriction
        return True
    return all(condition(cat, state, obj, w.attack_only_if)
               for w in cat.kit(obj).statics if w.attack_only_if is not None)


def hero_protected(cat: Cards, state: State, hero: int, seat: int, source: int | None) -> bool:
    """Whether `seat` may not target `hero` with `source` (Leafweave Cloak: no opponent's
    action card may target the hero)."""
    owner = hero_seat(hero)
    if source is None or source not in state.objects or owner == seat:
        return False
    if state.objects[source].props.get("back") != "action" or seat not in opponents(state, owner):
        return False
    armor = gear(state, owner, "armor")
    return armor is not None and "hero_untargetable_by_opponent_actions" in cat.keywords(armor)


def keywords(cat: Cards, state: State, obj: GameObject) -> list[str]:
    """The card's own keywords and those its attachments give it (e.g. Hunter's Mark)."""
    out = list(cat.keywords(obj))
    for att in attachments(state, obj.id):
        out.extend(k for k in cat.keywords(att) if k not in out)
    return out


def has_keyword(cat: Cards, state: State, obj: GameObject, word: str) -> bool:
    """Whether `word` is among `keywords(cat, state, obj)`, without listing them."""
    return word in cat.keywords(obj) or any(
        word in cat.keywords(att) for att in _hosted(state).get(obj.id, ()))


def base_attack(cat: Cards, obj: GameObject) -> int:
    return cat.printed_attack(obj)


def attack(cat: Cards, state: State, obj: GameObject) -> int:
    """Current attack power (may be negative; negative deals 0 — rulebook p.24)."""
    value = base_attack(cat, obj)
    if obj.props.get("type") == "unit":
        value += obj.counters.get("augment", 0) - obj.counters.get("curse", 0)
    if state.modifiers:
        value += sum(m.amount for m in state.modifiers
                     if m.target == obj.id and m.stat == "attack")
    return value + _static_bonus(cat, state, obj, "attack")


def max_health(cat: Cards, state: State, obj: GameObject) -> int:
    """Printed health + augment counters + modifiers (ruling R49)."""
    value = cat.printed_health(obj) + obj.counters.get("augment", 0)
    if state.modifiers:
        value += sum(m.amount for m in state.modifiers
                     if m.target == obj.id and m.stat == "health")
    return value + _static_bonus(cat, state, obj, "health")


def lethally_damaged(cat: Cards, state: State) -> list[GameObject]:
    """Units in play whose damage is at least their `max_health`, in territory order (what
    `max_health` says of each, with the statics and modifiers gathered once for all units)."""
    mods: dict[int, int] = {}
    for m in state.modifiers:
        if m.stat == "health":
            mods[m.target] = mods.get(m.target, 0) + m.amount
    health: list[tuple[GameObject, Static]] = []
    if cat.with_health_statics:  # speed: no card of the catalog changes health, none in play does
        health = [(src, w) for src, w in _statics(cat, state) if w.amount and w.stat == "health"]
    lowered = bool(health or mods) and (
        any(w.amount < 0 for _, w in health) or any(v < 0 for v in mods.values()))
    kit = cat.kit
    objects, zones = state.objects, state.zones
    out = []
    for p in state.players:
        for i in zones[TERRITORIES[p.seat]].cards:
            counters = objects[i].counters
            if not lowered and (not counters or (
                    not counters.get("damage") and counters.get("augment", 0) >= 0)):
                continue  # speed: undamaged, and nothing lowers health below the printed (at least 1)
            u = objects[i]
            if u.props.get("type") != "unit" or u.attached_to is not None:
                continue
            value = kit(u).health + counters.get("augment", 0) + mods.get(i, 0)
            if health:
                value += sum(w.amount for src, w in health if _affects(state, src, w, i))
            if counters.get("damage", 0) >= value:
                out.append(u)
    return out


def armor_rating(cat: Cards, state: State, seat: int) -> int:
    obj = gear(state, seat, "armor")
    return cat.face(obj).armor or 0 if obj else 0


def hero_of(seat: int) -> int:
    return hero_ref(seat)
