"""A mecha's current state, its next state, and the numbers of combat: attacks, shields, assaults."""

from __future__ import annotations

from cardgames.engine.state import GameObject, State
from cardgames.games.mechamancers import table as t
from cardgames.games.mechamancers.catalog import Catalog
from cardgames.games.mechamancers.schema import MechaCard, MechaState

SHIELD_TYPES = ("defense", "bulwark")


def damage(obj: GameObject) -> int:
    return obj.counters.get("damage", 0)


def state_of(cat: Catalog, obj: GameObject) -> MechaState:
    """The state the card shows now: one quarter turn per point of damage (H4)."""
    card = cat.mech(obj.card)
    return card.states[min(damage(obj), card.health - 1)]


def next_state(cat: Catalog, obj: GameObject) -> MechaState | None:
    """The state it turns to at the next point of damage; None: it is destroyed."""
    card = cat.mech(obj.card)
    d = damage(obj) + 1
    return card.states[d] if d < card.health else None


def state_label(card: MechaCard, st: MechaState | None) -> str:
    """How a state reads on the card: `2×1` (swords × damage), `S3`, or the unique potency."""
    if st is None:
        return "Death"
    if card.type == "attack":
        return f"{st.swords}×{st.damage}"
    if card.type in SHIELD_TYPES:
        return f"S{st.shield}"
    return st.label


def rotation(cat: Catalog, obj: GameObject) -> list[str]:
    """Every side of the card in turning order, ending with Death (the physical card's corners)."""
    card = cat.mech(obj.card)
    return [state_label(card, s) for s in card.states] + ["Death"]


def word(cat: Catalog, obj: GameObject) -> str | None:
    card = cat.mech(obj.card)
    return card.ability.word if card.ability is not None else None


def is_shield(cat: Catalog, obj: GameObject) -> bool:
    """A shield mecha: a defense mecha or a Bulwark (H7)."""
    return cat.mech(obj.card).type in SHIELD_TYPES


def is_attack(cat: Catalog, obj: GameObject) -> bool:
    return cat.mech(obj.card).type == "attack"


def with_word(cat: Catalog, state: State, seat: int, w: str) -> list[GameObject]:
    return [o for o in t.field_cards(state, seat) if word(cat, o) == w]


def attacks_left(cat: Catalog, obj: GameObject) -> int:
    """Attacks the mecha may still make this turn: its current swords (plus Overclock) less those
    made (H23)."""
    if not is_attack(cat, obj):
        return 0
    st = state_of(cat, obj)
    return max(0, st.swords + int(obj.props.get("bonus_swords", 0)) - int(obj.props.get("used", 0)))


def can_overdrive(cat: Catalog, obj: GameObject) -> bool:
    """The Warlock's extra attack goes to an attack mecha that has used its own (ruling H12)."""
    return is_attack(cat, obj) and attacks_left(cat, obj) == 0


def rally_bonus(cat: Catalog, state: State, seat: int, attacker: GameObject, rally_one_used: bool) -> int:
    """War Banner: +1 on each attack mecha's first attack (Rally all), or only the first attack
    mecha to attack this turn (Rally one)."""
    if attacker.props.get("rallied"):
        return 0
    banners = with_word(cat, state, seat, "rally")
    if any(state_of(cat, b).potency >= 2 for b in banners):
        return 1
    return 1 if banners and not rally_one_used else 0


def decoy_blocks(cat: Catalog, state: State, chooser: int, target: GameObject) -> bool:
    """Decoy Turtle: an opponent may not target its controller's *other* shield mecha (another
    Decoy Turtle included)."""
    if target.controller == chooser or not is_shield(cat, target) or word(cat, target) == "decoy":
        return False
    return bool(with_word(cat, state, target.controller, "decoy"))


def targetable(cat: Catalog, state: State, chooser: int) -> list[GameObject]:
    """The mecha `chooser` may target with an attack or an ability: any on any field, its own too,
    except those a Decoy Turtle protects."""
    return [o for o in t.all_field_cards(state) if not decoy_blocks(cat, state, chooser, o)]


def shield_of(cat: Catalog, state: State, obj: GameObject) -> int:
    """A shield mecha's Shield now, with Capacitor Wall's Conductive."""
    value = state_of(cat, obj).shield
    if word(cat, obj) == "conductive":
        uniques = sum(1 for o in t.field_cards(state, obj.controller) if cat.mech(o.card).type == "unique")
        value += min(2, uniques)
    return value


def base_defend(cat: Catalog, state: State, seat: int) -> int:
    """The role's base defend (0 during Eclipse); holding two roles (the variant), the higher."""
    roles = t.roles_of(state, seat)
    if not roles or t.eclipse(state):
        return 0
    return max(cat.role(role).defend for role in roles)


def pierce(cat: Catalog, state: State, seat: int) -> int:
    return sum(state_of(cat, o).potency for o in with_word(cat, state, seat, "pierce"))


def total_shield(cat: Catalog, state: State, defender: int, attacker: int) -> int:
    """S of an assault (H25): shields + Projector + base defend − the attacker's Pierce, at least 0."""
    shields = [o for o in t.field_cards(state, defender) if is_shield(cat, o)]
    total = sum(shield_of(cat, state, o) for o in shields)
    if shields:
        for proj in with_word(cat, state, defender, "project"):
            total += len(shields) if state_of(cat, proj).potency >= 2 else 1
    total += base_defend(cat, state, defender)
    return max(0, total - pierce(cat, state, attacker))


def stolen(attack: int, shield: int, victim_vp: int, bloodlust: bool) -> int:
    """VP an assault takes: the excess of attack over shield (a tie gets nothing), plus Bloodlust,
    never more than the defender has (H25, H27)."""
    if attack <= shield:
        return 0
    amount = attack - shield + (1 if bloodlust else 0)
    return min(amount, victim_vp)


def field_cost(cat: Catalog, state: State, seat: int) -> int:
    """Total activation cost on the field (the Bulwark counts 3): the first tie-break (H33)."""
    return sum(cat.mech(o.card).cost for o in t.field_cards(state, seat))
