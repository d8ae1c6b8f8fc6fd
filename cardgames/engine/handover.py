"""Hot-seat hand-overs: which answers need a seat's private screen, and one terminal's screen.

Between two seats' private screens stands the public table (what a spectator sees). A decision
is answered there, by the seat named on screen, unless answering needs that seat's private
information: an option about a card only that seat may see (a card in its hand, its pack, its
face-down cards) is *private*, and so is one whose label or prompt names such a card (the targets
of a card still in hand) or one of the game's `private_groups` (which resource comes into play face
down); a *sealed* decision (the game's `sealed_decisions`, e.g. a draft pick) is private whole. The
curtain goes up — and the terminal changes hands — only when a seat needs its private screen.
`Table` follows one terminal through a game; the app and the simulation both count with it, so the
figures `cardgames simulate` reports are what players get.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardgames.engine.decisions import Decision, Option
from cardgames.engine.knowledge import can_see
from cardgames.engine.ruleset import Ruleset
from cardgames.engine.state import State


def _secrets(rules: Ruleset, state: State, seat: int) -> tuple[set[int], set[str]]:
    """The cards `seat` sees and some other seat does not (ids, and names not also face up for
    everyone): the cards in its own zones (hand, pack) and its face-down cards on the table.
    Remembered until the next event changes the table."""
    return state.cached(f"handover.secrets.{seat}", lambda: _find_secrets(rules, state, seat))


def _find_secrets(rules: Ruleset, state: State, seat: int) -> tuple[set[int], set[str]]:
    others = [s for s in range(len(state.players)) if s != seat]
    ids: set[int] = set()
    public_names: set[str] = set()
    for zone in state.zones.values():
        if zone.visibility == "owner":
            if zone.owner == seat and others:
                ids.update(zone.cards)
        elif zone.visibility == "public":
            for oid in zone.cards:
                obj = state.objects[oid]
                if not obj.props.get("face_down"):
                    public_names.add(rules.card_name(state, obj))
                elif obj.controller == seat and others:
                    ids.add(oid)
    names = {rules.card_name(state, state.objects[i]) for i in ids}
    return ids, names - public_names


def _mentions(text: str, names: set[str]) -> bool:
    return any(name in text for name in names)


def option_is_private(rules: Ruleset, state: State, seat: int, option: Option) -> bool:
    """Whether choosing the option shows a card only `seat` may see: it is about one (`ref`), or
    its label names one (a name also face up for everyone does not count)."""
    ids, names = _secrets(rules, state, seat)
    return (option.group in rules.private_groups or (option.ref is not None and option.ref in ids)
            or _mentions(option.label, names))


def public_options(rules: Ruleset, state: State, decision: Decision) -> list[Option]:
    """The options the seat may choose on the public table: none for a sealed decision or one
    whose prompt names a private card (e.g. the targets of a card still in hand), else those
    that show no private card."""
    if decision.kind in rules.sealed_decisions:
        return []
    ids, names = _secrets(rules, state, decision.seat_index)
    if _mentions(decision.prompt, names):
        return []
    return [o for o in decision.options if not (o.group in rules.private_groups
                                                or (o.ref is not None and o.ref in ids) or _mentions(o.label, names))]


def needs_private(rules: Ruleset, state: State, decision: Decision) -> bool:
    """Whether the decision cannot be answered on the public table at all."""
    return not public_options(rules, state, decision)


BACK_KEYS = frozenset({"back", "cancel"})
"""Answers that take back what the seat just chose: they do not make a second thing to do."""


def forced_answer(rules: Ruleset, state: State, decision: Decision) -> Option | None:
    """The one sensible answer, when there is nothing to decide: a single option (besides going
    back on what the seat just chose), offered on the public table too, in a decision whose
    options cannot depend on the seat's hidden cards (it holds none, or the kind is one of the
    game's `public_decisions`) — so answering it for the seat reveals nothing."""
    real = [o for o in decision.options if o.key not in BACK_KEYS]
    if len(real) != 1 or decision.kind in rules.sealed_decisions:
        return None
    if decision.kind not in rules.public_decisions and holds_hidden(state, decision.seat_index):
        return None
    only = real[0]
    return only if only in public_options(rules, state, decision) else None


def holds_hidden(state: State, seat: int) -> bool:
    """Whether the seat has cards the others may not see (public: hand sizes are known), so the
    public table offers it "look at my hand" whether or not any of them is playable now."""
    others = [s for s in range(len(state.players)) if s != seat]
    for zone in state.zones.values():
        if zone.visibility == "owner" and zone.owner == seat and zone.cards:
            return True
    return any(
        obj.controller == seat and obj.props.get("face_down") and state.zones[obj.zone].visibility == "public"
        and any(not can_see(state, obj, s) for s in others)
        for obj in state.objects.values()
    )


@dataclass
class Table:
    """One terminal through a game: whose screen it shows (None: the public table), and counts."""

    screen: int | None = None
    curtains: int = 0
    """Hand-overs: the curtain went up and a seat took the terminal for its private screen."""
    public_answers: int = 0
    """Answers given on the public table by the seat named there."""
    forced_answers: int = 0
    """Decisions with one sensible answer, given for the seat (`forced_answer`): no screen."""
    private_answers: int = 0
    """Answers given on a seat's own private screen."""

    def show(self, rules: Ruleset, state: State, decision: Decision) -> int | None:
        """Where `decision` is shown: the deciding seat's own screen if it is already up or the
        decision needs it, else the public table (None). Does not count a curtain."""
        seat = decision.seat_index
        if self.screen == seat or needs_private(rules, state, decision):
            return seat
        return None

    def answer(self, rules: Ruleset, state: State, decision: Decision, option: Option) -> None:
        """Count the answer `option` to `decision` (call before the game applies it): private
        answers from anywhere but the seat's own screen need a curtain first."""
        seat = decision.seat_index
        if self.screen != seat and forced_answer(rules, state, decision) == option:
            self.forced_answers += 1
        elif self.screen == seat:
            self.private_answers += 1
        elif option not in public_options(rules, state, decision):
            self.curtains += 1
            self.screen = seat
            self.private_answers += 1
        else:
            self.screen = None
            self.public_answers += 1
