"""What one seat may see: the state filtered by zone visibility, as pydantic models.

A card hidden from the viewer shows only its back, and as its `id` a handle: its id if the viewer
knows the card (watched it go where it lies), else a keyed hash that cannot be linked to the card
(see `engine.knowledge`). Every other object reference in a view (attachments, the chain, the
viewer's own options) is named the same way.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from cardgames.engine import handover, knowledge
from cardgames.engine.decisions import Decision
from cardgames.engine.knowledge import Handles
from cardgames.engine.ruleset import Ruleset
from cardgames.engine.state import GameObject, State, clone

PRIVATE_GLOBALS = frozenset({"seed"})
"""Game-wide values no view shows: the seed (it replays every shuffle, and keys the handles), and
every global whose name begins with `_` (a game's own bookkeeping, which may name hidden cards)."""


def shown_global(name: str) -> bool:
    """A global every view may carry (not the seed, not a game's `_` bookkeeping)."""
    return name not in PRIVATE_GLOBALS and not name.startswith("_")


class CardView(BaseModel):
    """A card as the viewer sees it: its face, or only its back."""

    id: int
    """The object id; for a hidden card the viewer does not know, a handle above 10**9 that
    names it in this view and leads back to nothing."""
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
    holds_hidden: bool = False
    """The player has cards the others may not see (hand sizes are public), so the public table
    offers it "look at my hand" whether or not any of them is playable now (`engine.handover`)."""


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


class HandoverView(BaseModel):
    """How the pending decision is answered at one shared terminal (`engine.handover`). Public:
    the table shows everyone whether the curtain goes up, and what is answered there."""

    public: list[str]
    """Keys of the options the deciding seat may answer on the public table; none when answering
    needs the seat's private screen (its hand, its pack: the curtain goes up)."""
    forced: str | None = None
    """Key of the one sensible answer, when there is nothing to decide (given for the seat)."""


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
    handover: HandoverView | None = None
    """How the pending decision is answered at a shared terminal (None: the game is over)."""


can_see = knowledge.can_see
"""Whether `viewer` sees the card's face: by its zone's visibility; a card lying face down
(`props["face_down"]`) in a public zone is seen only by its controller."""


def card_view(rules: Ruleset, state: State, obj: GameObject, viewer: int | None,
              names: Handles | None = None) -> CardView:
    names = names or Handles(state, viewer)
    back = rules.card_back(state, obj)
    if not names.sees(obj):
        return CardView(id=names.name(obj), hidden=True, back=back, owner=obj.owner, controller=obj.controller)
    return CardView(
        id=obj.id, hidden=False, back=back, card=obj.card, name=rules.card_name(state, obj),
        owner=obj.owner, controller=obj.controller, exhausted=obj.exhausted,
        counters=dict(obj.counters), attached_to=names.ref_or_none(obj.attached_to), face=obj.face,
        facts=rules.card_facts(state, obj),
    )


def build_view(rules: Ruleset, state: State, viewer: int | None, decision: Decision | None) -> GameView:
    """Build `viewer`'s view (None: a spectator who sees only public zones)."""
    names = Handles(state, viewer)
    zones = {
        z.id: ZoneView(
            id=z.id, kind=z.kind, owner=z.owner, count=len(z.cards),
            cards=[card_view(rules, state, state.objects[i], viewer, names) for i in z.cards]
            if z.visibility != "hidden" else [],
        )
        for z in state.zones.values()
    }
    own = decision is not None and viewer == decision.seat_index
    return GameView(
        game=state.game, viewer=viewer, turn=state.turn, active=state.active, phase=state.phase,
        globals={k: clone(v) for k, v in state.globals.items() if shown_global(k)},
        players=[
            PlayerView(seat=p.seat, name=p.name, team=p.team, eliminated=p.eliminated,
                       counters=dict(p.counters), props=clone(p.props),
                       holds_hidden=handover.holds_hidden(state, p.seat))
            for p in state.players
        ],
        zones=zones,
        chain=[
            ChainEntryView(id=c.id, controller=c.controller, kind=c.kind, label=c.label,
                           source=names.ref_or_none(c.source),
                           targets={k: [names.ref(t) for t in ts] for k, ts in c.targets.items()})
            for c in state.chain
        ],
        battle=clone(state.battle) if state.battle else None,
        deciding=decision.seat if decision else None,
        decision=DecisionView(
            seat=decision.seat, kind=decision.kind, prompt=decision.prompt,
            options=[OptionView(key=o.key, label=o.label, group=o.group, ref=names.ref_or_none(o.ref))
                     for o in decision.options],
        ) if own and decision else None,
        outcome=(
            {"winners": [state.players[w].name for w in state.outcome.winners],
             "reason": state.outcome.reason, "draw": state.outcome.draw}
            if state.outcome else None
        ),
        handover=_handover(rules, state, decision),
    )


def _handover(rules: Ruleset, state: State, decision: Decision | None) -> HandoverView | None:
    if decision is None:
        return None
    forced = handover.forced_answer(rules, state, decision)
    return HandoverView(public=[o.key for o in handover.public_options(rules, state, decision)],
                        forced=forced.key if forced is not None else None)
