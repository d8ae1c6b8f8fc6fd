"""What one seat may see: the state filtered by zone visibility, as pydantic models."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from cardgames.engine.decisions import Decision
from cardgames.engine.ruleset import Ruleset
from cardgames.engine.state import GameObject, State, clone


class CardView(BaseModel):
    """A card as the viewer sees it: its face, or only its back."""

    id: int
    hidden: bool
    back: str
    card: str | None = None
    name: str | None = None
    owner: int
    controller: int
    exhausted: bool = False
    counters: dict[str, int] = Field(default_factory=dict)
    attached_to: int | None = None
    face: int = 0
    facts: dict[str, Any] = Field(default_factory=dict)


class ZoneView(BaseModel):
    id: str
    kind: str
    owner: int | None
    count: int
    cards: list[CardView]


class PlayerView(BaseModel):
    seat: int
    name: str
    team: int
    eliminated: bool
    counters: dict[str, int]
    props: dict[str, Any]


class ChainEntryView(BaseModel):
    id: int
    controller: int
    kind: str
    label: str
    source: int | None
    targets: dict[str, list[int]]


class OptionView(BaseModel):
    key: str
    label: str
    group: str
    ref: int | None


class DecisionView(BaseModel):
    seat: str
    kind: str
    prompt: str
    options: list[OptionView]


class GameView(BaseModel):
    """The whole table from one seat's chair."""

    game: str
    viewer: int | None
    turn: int
    active: int
    phase: str
    globals: dict[str, Any] = Field(default_factory=dict)
    """Game-wide values (e.g. who holds the initiative); public: hidden things live in hidden zones."""
    players: list[PlayerView]
    zones: dict[str, ZoneView]
    chain: list[ChainEntryView]
    battle: dict[str, Any] | None
    deciding: str | None
    """Name of the seat the game waits on."""
    decision: DecisionView | None
    """The pending decision, only when it is the viewer's own."""
    outcome: dict[str, Any] | None


def can_see(state: State, obj: GameObject, viewer: int | None) -> bool:
    """Whether `viewer` sees the card's face: by its zone's visibility; a card lying face down
    (`props["face_down"]`) in a public zone is seen only by its controller."""
    zone = state.zones[obj.zone]
    if zone.visibility == "public":
        return not obj.props.get("face_down") or viewer == obj.controller
    if zone.visibility == "owner":
        return viewer is not None and viewer == zone.owner
    return False


def card_view(rules: Ruleset, state: State, obj: GameObject, viewer: int | None) -> CardView:
    back = rules.card_back(state, obj)
    if not can_see(state, obj, viewer):
        return CardView(id=obj.id, hidden=True, back=back, owner=obj.owner, controller=obj.controller)
    return CardView(
        id=obj.id, hidden=False, back=back, card=obj.card, name=rules.card_name(state, obj),
        owner=obj.owner, controller=obj.controller, exhausted=obj.exhausted,
        counters=dict(obj.counters), attached_to=obj.attached_to, face=obj.face,
        facts=rules.card_facts(state, obj),
    )


def build_view(rules: Ruleset, state: State, viewer: int | None, decision: Decision | None) -> GameView:
    """Build `viewer`'s view (None: a spectator who sees only public zones)."""
    zones = {
        z.id: ZoneView(
            id=z.id, kind=z.kind, owner=z.owner, count=len(z.cards),
            cards=[card_view(rules, state, state.objects[i], viewer) for i in z.cards]
            if z.visibility != "hidden" else [],
        )
        for z in state.zones.values()
    }
    own = decision is not None and viewer == decision.seat_index
    return GameView(
        game=state.game, viewer=viewer, turn=state.turn, active=state.active, phase=state.phase,
        globals=clone(state.globals),
        players=[
            PlayerView(seat=p.seat, name=p.name, team=p.team, eliminated=p.eliminated,
                       counters=dict(p.counters), props=clone(p.props))
            for p in state.players
        ],
        zones=zones,
        chain=[
            ChainEntryView(id=c.id, controller=c.controller, kind=c.kind, label=c.label,
                           source=c.source, targets=clone(c.targets))
            for c in state.chain
        ],
        battle=clone(state.battle) if state.battle else None,
        deciding=decision.seat if decision else None,
        decision=DecisionView(
            seat=decision.seat, kind=decision.kind, prompt=decision.prompt,
            options=[OptionView(key=o.key, label=o.label, group=o.group, ref=o.ref) for o in decision.options],
        ) if own and decision else None,
        outcome=(
            {"winners": [state.players[w].name for w in state.outcome.winners],
             "reason": state.outcome.reason, "draw": state.outcome.draw}
            if state.outcome else None
        ),
    )
