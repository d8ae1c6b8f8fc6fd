"""Where things are on the Algomancy table: zone names, regions, presence, resources and affinity.

Zones: `deck` (the shared live-draft deck) or `deck:<seat>` (constructed), `hand:<seat>` and
`pack:<seat>` (the pack a player holds; only they see it), `bin:<seat>`, `resources:<seat>`
(dormant resources lie face down), `region:<seat>` (the units and spell tokens in that player's
region, visitors included; joint teams share the region of the team's first seat), `stack` (cards
on their way while on the stack), `mods` (mod cards, attached to their hosts) and `erased` (tokens and
unstable cards removed from the game).

Every rules query that concerns "the region" takes the region it happens in: nothing in one
region sees another (rulebook: Regions and local effects).
"""

from __future__ import annotations

from cardgames.engine.state import GameObject, State
from cardgames.games.algomancy.schema import Card, Element

LIFE = 30
HAND = 4
PACK = 10
FIRST_DRAW = 2
MAX_ACTIVATIONS = 2
SHARD_AFFINITY = 3


MODS = "mods"
"""The public zone where mod cards lie, each attached to its host (mods.py); made with the first mod applied."""


def hand(seat: int) -> str:
    return f"hand:{seat}"


def pack(seat: int) -> str:
    return f"pack:{seat}"


def bin_(seat: int) -> str:
    return f"bin:{seat}"


def resources(seat: int) -> str:
    return f"resources:{seat}"


def region(seat: int) -> str:
    return f"region:{seat}"


def deck_of(state: State, seat: int) -> str:
    """The deck a player draws from: the shared deck (live draft), their team's (team draft) or their
    own (constructed)."""
    if state.globals.get("team_decks"):
        return f"deck:team{state.players[seat].team}"
    return "deck" if state.globals.get("format") == "draft" else f"deck:{seat}"


def joint(state: State) -> bool:
    """Joint teams: each team shares one region and one life total (Player setups; R72)."""
    return state.globals.get("setup") == "joint"


def home(state: State, seat: int) -> int:
    """The region a player's permanents live in: their own, or in joint teams the team's shared
    region, named after the team's first seat (R72)."""
    if not joint(state):
        return seat
    team = state.players[seat].team
    return next(p.seat for p in state.players if p.team == team)


def owners(state: State, reg: int) -> list[int]:
    """The players whose home region `reg` is: its owner, or in joint teams every member of the team."""
    if not joint(state):
        return [reg]
    team = state.players[reg].team
    return [p.seat for p in state.players if p.team == team]


def allied(state: State, a: int, b: int) -> bool:
    """Whether `a` may use `b`'s permanents in a formation: the same player, or in joint teams a
    team-mate (they attack and block as one formation: R72). Card text's "ally" is wider: any
    team-mate (seating.mates, A70)."""
    return a == b or (joint(state) and state.players[a].team == state.players[b].team)


def region_seat(zone_id: str) -> int | None:
    """The seat whose region a zone is (None if it is not a region)."""
    return int(zone_id.split(":")[1]) if zone_id.startswith("region:") else None


def home_seat(obj: GameObject) -> int:
    """Whose bin and hand a card goes back to: its owner's; a card of the shared live-draft deck
    (owner -1) belongs to the player who controls it (who played or holds it in play)."""
    return obj.owner if obj.owner >= 0 else obj.controller


def exists(state: State, obj: GameObject) -> bool:
    """Whether a permanent in play exists for the rules now. Units sent to counter-attack "leave the region and
    are treated as if they don't exist until phase 1 finishes" (Battle, Initiative, Phase 1 step 3, p.20): no
    target, count, static, sacrifice, group or trigger sees them until they enter the initiative region."""
    battle = state.battle
    return not (battle and battle.get("phase") == 1 and obj.id in battle.get("counter", ()))


def in_region(state: State, reg: int) -> list[GameObject]:
    """Every permanent in play in region `reg` that exists for the rules now (units and spell tokens)."""
    objects, battle = state.objects, state.battle
    if battle and battle.get("phase") == 1:
        absent = battle.get("counter", ())
        return [objects[i] for i in state.zones[region(reg)].cards if i not in absent]
    return [objects[i] for i in state.zones[region(reg)].cards]


def present(state: State, reg: int) -> list[int]:
    """Players present in region `reg`, in seat order: its owner, and anyone who sent cards there
    this battle phase (they stay present until regroup, even if their cards are gone — R34). In
    joint teams a team is present as a whole (R72)."""
    visitors = (state.battle or {}).get("present", {}).get(str(reg), [])
    seats = {*owners(state, reg), *(s for v in visitors for s in owners(state, home(state, int(v))))}
    return sorted(s for s in seats if not state.players[s].eliminated)


def current_region(state: State, seat: int) -> int:
    """The region where `seat` acts now: the battle's region if they are present in it, else home."""
    battle = state.battle
    if battle and battle.get("region") is not None:
        reg = int(battle["region"])
        if seat in present(state, reg):
            return reg
    return home(state, seat)


def initiative(state: State) -> int:
    return int(state.globals.get("initiative", 0))


def priority_order(state: State, seats: list[int]) -> list[int]:
    """`seats` in priority order: the initiative player first if among them, else the nearest
    clockwise from them, then clockwise (rulebook: Priority window)."""
    n = len(state.players)
    first = initiative(state)
    return [s for s in ((first + i) % n for i in range(n)) if s in seats]


# -- resources -------------------------------------------------------------------------------


def is_active(obj: GameObject) -> bool:
    return not obj.props.get("face_down")


def active_resources(state: State, seat: int) -> list[GameObject]:
    return [o for o in state.cards_in(resources(seat)) if is_active(o)]


def _affinity(state: State, seat: int, cards: dict[str, Card]) -> dict[str, int]:
    """`affinity`, remembered until the table changes (every card a player might play asks it); not to be
    changed by the caller."""
    def compute() -> dict[str, int]:
        out: dict[str, int] = {}
        objects = state.objects
        for i in state.zones[resources(seat)].cards:
            obj = objects[i]
            if not obj.props.get("face_down"):
                gives = cards[obj.card].affinity_gives
                if gives is not None:
                    out[gives] = out.get(gives, 0) + 1
        return out
    return state.cached(f"affinity:{seat}:{id(cards)}", compute)


def affinity(state: State, seat: int, cards: dict[str, Card]) -> dict[str, int]:
    """A player's affinity: one per active elemental resource, expended or not (R2)."""
    return dict(_affinity(state, seat, cards))


def mana(state: State, seat: int) -> int:
    """Mana a player can pay now: their active, unexpended resources (each gives 1 per turn); remembered until
    the table changes, as every card a player might play asks it."""
    def compute() -> int:
        objects = state.objects
        return sum(1 for i in state.zones[resources(seat)].cards
                   if not (o := objects[i]).exhausted and not o.props.get("face_down"))
    return state.cached(f"mana:{seat}", compute)


def means(state: State, seat: int, cards: dict[str, Card]) -> tuple[int, dict[str, int]]:
    """(`mana`, `affinity`) of a player now, for `affords`: the affinity not to be changed by the caller."""
    return mana(state, seat), _affinity(state, seat, cards)


def affords(means_now: tuple[int, dict[str, int]], card: Card) -> bool:
    """Whether a player with these `means` can pay `card`'s cost and meets its affinity."""
    have_mana, have = means_now
    if have_mana < card.cost:
        return False
    for e, n in card.affinity.items():  # a loop, not all(): it runs for every card in hand at every window
        if have.get(e, 0) < n:
            break
    else:
        return True
    return False


def meets_affinity(state: State, seat: int, card: Card, cards: dict[str, Card]) -> bool:
    if not card.affinity:
        return True
    have = _affinity(state, seat, cards)
    return all(have.get(e, 0) >= n for e, n in card.affinity.items())


def missing_affinity(state: State, seat: int, card: Card, cards: dict[str, Card]) -> list[str]:
    have = _affinity(state, seat, cards)
    return [f"{e} {have.get(e, 0)}/{n}" for e, n in card.affinity.items() if have.get(e, 0) < n]


def element_count(state: State, seat: int, element: Element, cards: dict[str, Card]) -> int:
    return _affinity(state, seat, cards).get(element, 0)
