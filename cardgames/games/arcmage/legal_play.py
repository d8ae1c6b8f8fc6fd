"""What a player may do when they hold priority: play a card (timing, cost, place, targets), move a
creature (the once-per-turn city rule), activate an ability; and why not, for the `w` key."""

from __future__ import annotations

from cardgames.engine.state import GameObject, State
from cardgames.games.arcmage import board, costs, legal
from cardgames.games.arcmage import table as t
from cardgames.games.arcmage.context import Rules
from cardgames.games.arcmage.schema import Activated, Card

PLAY_WINDOWS = ("play1", "play2")

TABLE, RESOURCES, TURN, CREATURES, EVENTS, CARD_TEXT = (f" (rule: {section})" for section in (
    "3. What is on the table (your kingdom)", "5. Resources", "6. The turn", "8. Creatures and movement",
    "10. Events, magic and enchantments", "11. When cards and rules disagree"))
"""The rules page's sections (docs/rules/arcmage.md) a reason ends with, as every game's do."""


def slow_ok(state: State, seat: int, window: str) -> bool:
    """Creatures, magic, enchantments and moves: only the active player, in a Play phase, with an
    empty stack (Magic, Enchantments, Movement; R20)."""
    return seat == state.active and window in PLAY_WINDOWS and not state.chain


def modes(rules: Rules, state: State, seat: int, card: Card, source: int | None) -> list[int]:
    """The modes of a card whose targets exist (-1: a card with a single effect)."""
    play = card.play
    if play is None or not play.modes:
        if play is not None and not legal.targets_exist(rules, state, seat, dict(play.targets), source):
            return []
        return [-1]
    return [i for i, m in enumerate(play.modes) if legal.targets_exist(rules, state, seat, dict(m.targets), source)]


def places(rules: Rules, state: State, seat: int, card: Card) -> list[int]:
    """Where a new creature may go: one of the player's cities (Creatures), or the army if Sudden (R34).
    The army is named by -(seat + 1)."""
    out = [c.id for c in t.cities(state, seat)]
    if "sudden" in card.keywords or board.sudden_from_hand(rules, state, seat, card):
        out.append(-(seat + 1))
    return out


def enchant_targets(rules: Rules, state: State, seat: int, card: Card) -> list[int]:
    ench = card.enchant
    if ench is None or ench.target is None:
        return [0]
    if ench.target == "player":
        return [-(p + 1) for p in state.live_seats()]
    if ench.target == "creature":
        return [o.id for o in t.all_creatures(state)
                if o.controller == seat or not board.has_keyword(rules, state, o, "sanctuary")]
    return [c.id for c in t.all_cities(state)]


def why_not_card(rules: Rules, state: State, seat: int, obj: GameObject, window: str,
                 explain: bool = True) -> str | None:
    """Why `seat` can't play this card from hand now (None: it can); without `explain`, the commonest
    refusals (timing, resources) are said in one word, not worked out (speed: a priority window asks
    for every card in hand, and only whether it is playable)."""
    card = rules.cards[obj.card]
    if card.is_city:
        return "cities are not played: skip a turn to found one from your unbuilt cities" + TURN
    if card.type != "event" and not slow_ok(state, seat, window):
        if not explain:
            return "timing"
        kind = {"creature": "Creatures", "magic": "Magic cards", "enchantment": "Enchantments"}[card.type]
        rule = TURN if card.type == "creature" else EVENTS
        return f"{kind} are played only in your own Play phases, with nothing waiting on the stack" + rule
    if card.x and card.x_is is None:
        base = card.cost - board.discount(rules, state, seat, card)
        if legal.max_x(state, seat, base, card.loyalty, card.faction) < max(0, card.loyalty - base):
            return (f"needs at least {max(card.loyalty, base)} resources, {card.loyalty} of them {card.faction} "
                    "(X costs)" + RESOURCES)
    elif t.available(state, seat, card.faction) < card.loyalty or not legal.can_pay(
            state, seat, board.cost_of(rules, state, seat, card), card.loyalty, card.faction):
        # speed: the loyalty is tried first; without it no cost can be paid, so the cost is not worked out
        if not explain:
            return "resources"
        cost = board.cost_of(rules, state, seat, card)
        return (f"costs {cost} resources, {card.loyalty} of them {card.faction} (loyalty); you have "
                f"{t.total_available(state, seat)}, {t.available(state, seat, card.faction)} {card.faction} "
                "(paying with loyalty)" + RESOURCES)
    if "unique" in card.keywords and any(o.card == card.id for o in t.creatures_of(state, seat)):
        return "Unique: you already control one (the card's text)" + CARD_TEXT
    if card.is_creature and not places(rules, state, seat, card):
        return "a creature is put into one of your cities, and you have none" + CREATURES
    if card.type == "enchantment" and not enchant_targets(rules, state, seat, card):
        return "nothing to enchant" + EVENTS
    if card.x_is == "target_atk" and card.play is not None and not any(
            affordable_x(rules, state, seat, card, o) for spec in card.play.targets.values()
            for o in legal.targets(rules, state, seat, spec, None)):
        return "X is the target's ATK: no target you could pay X + its cost for" + RESOURCES
    if card.play is not None:
        if card.play.sacrifice_city and not t.cities(state, seat):
            return "you must sacrifice one of your cities to play it (the card's text)" + CARD_TEXT
        if not modes(rules, state, seat, card, None):
            return "no legal target" + EVENTS
    return None


def affordable_x(rules: Rules, state: State, seat: int, card: Card, target: int) -> bool:
    """Whether the player can pay a card whose X is its target's ATK, with this target."""
    obj = state.objects.get(target)
    x = board.atk(rules, state, obj) if obj is not None else 0
    return legal.can_pay(state, seat, board.cost_of(rules, state, seat, card, x), card.loyalty, card.faction)


def playable(rules: Rules, state: State, seat: int, obj: GameObject, window: str) -> bool:
    return why_not_card(rules, state, seat, obj, window, explain=False) is None


def destinations(rules: Rules, state: State, obj: GameObject) -> list[str]:
    """Movement: army → city, city → army, city → city; a city may be the origin or destination of a
    move only once per turn; Besieged City shuts a city while the besieger's army is larger."""
    seat = obj.controller
    used = set(state.globals.get("moved_cities") or [])
    here = t.city_of(obj)
    if here is not None and (here in used or _besieged(rules, state, here)):
        return []
    out = [] if here is None else [t.army(seat)]
    cities = list(t.cities(state, seat))
    abroad = here is not None and state.objects[here].controller != seat
    if board.has_keyword(rules, state, obj, "infiltrate") and not abroad:
        cities += [c for o in t.opponents(state, seat) for c in t.cities(state, o)]  # R37
    for c in cities:
        if c.id != here and c.id not in used and not _besieged(rules, state, c.id):
            out.append(t.residents_zone(c.id))
    return out


def _besieged(rules: Rules, state: State, city: int) -> bool:
    obj = state.objects[city]
    for e in t.all_enchantments(state):
        st = rules.cards[e.card].enchant
        if e.attached_to == city and st is not None and st.static is not None and st.static.besieged:
            mine = len([o for o in state.cards_in(t.army(e.controller)) if rules.cards[o.card].is_creature])
            theirs = len([o for o in state.cards_in(t.army(obj.controller)) if rules.cards[o.card].is_creature])
            if mine > theirs:
                return True
    return False


def why_not_move(rules: Rules, state: State, obj: GameObject, window: str) -> str | None:
    if not slow_ok(state, obj.controller, window):
        return "creatures move only in your own Play phases, with nothing waiting on the stack" + CREATURES
    if obj.exhausted:
        return "a marked creature can't move: only unmarked creatures are moved" + CREATURES
    if not destinations(rules, state, obj):
        return "every place it could go was already the origin or destination of a move this turn" + CREATURES
    return None


def ability_list(rules: Rules, state: State, obj: GameObject) -> list[tuple[str, Activated]]:
    """A card's activated abilities with their effect references: its own, then those enchantments on it
    give it (Blindfolded)."""
    own = rules.cat.activated.get(obj.card, [])
    given = _given(rules, state).get(obj.id)
    return [*own, *given] if given else list(own)


def has_abilities(rules: Rules, state: State, obj: GameObject) -> bool:
    """Whether `ability_list` has anything for the card (speed: most cards have no ability)."""
    return obj.card in rules.cat.activated or obj.id in _given(rules, state)


def _given(rules: Rules, state: State) -> dict[int, list[tuple[str, Activated]]]:
    """The abilities enchantments give their hosts, by host, in the order the enchantments lie (made once
    per event: a priority window asks for every card of the player's)."""
    return state.cached("arc.given", lambda: _given_by_host(rules, state))


def _given_by_host(rules: Rules, state: State) -> dict[int, list[tuple[str, Activated]]]:
    grants = rules.cat.grants
    out: dict[int, list[tuple[str, Activated]]] = {}
    for e in t.all_enchantments(state):
        found = grants.get(e.card)
        if found and e.attached_to is not None:
            out.setdefault(e.attached_to, []).extend(found)
    return out


def why_not_ability(rules: Rules, state: State, seat: int, obj: GameObject, i: int) -> str | None:
    found = ability_list(rules, state, obj)
    if i >= len(found):
        return "it no longer has that ability"
    return _why_not_use(rules, state, seat, obj, found[i][1])


def _why_not_use(rules: Rules, state: State, seat: int, obj: GameObject, ab: Activated) -> str | None:
    if obj.controller != seat:
        return "only the controller activates a card's abilities" + CARD_TEXT
    if ab.mark_me and obj.exhausted:
        return "it is marked: only an unmarked card can be marked" + TABLE
    if ab.in_army and not t.in_army(obj):
        return "only while it is in your army (the card's text)" + CARD_TEXT
    if ab.pay and t.total_available(state, seat) < ab.pay:
        return f"costs {ab.pay} resources; you have {t.total_available(state, seat)}" + RESOURCES
    if not legal.targets_exist(rules, state, seat, dict(ab.targets), obj.id):
        return "no legal target" + EVENTS
    cost = costs.why_not(rules, state, seat, obj, ab)  # the ability's extra cost (card text)
    return cost + RESOURCES if cost else None


def abilities(rules: Rules, state: State, seat: int) -> list[tuple[GameObject, int]]:
    """Abilities of the player's creatures and enchantments (Dark Portal) usable now."""
    out = []
    for o in [*t.creatures_of(state, seat), *state.cards_in(t.ench(seat))]:
        if has_abilities(rules, state, o):
            for i, (_, ab) in enumerate(ability_list(rules, state, o)):
                if _why_not_use(rules, state, seat, o, ab) is None:
                    out.append((o, i))
    return out
