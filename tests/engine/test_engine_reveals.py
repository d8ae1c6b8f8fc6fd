"""Undo stops at every reveal, for every game, by construction (DESIGN.md "Events are the truth"):
the engine, not each game, decides that an event revealed a card - a seat sees it after the event
and could not before (a draw to the drawer, a card played from a hand, a pack handed on, a card
turned face up) - and refuses to undo an answer across it."""

from __future__ import annotations

from collections import Counter

import pytest
from seen_play import ALL_FORMAT_IDS, ALL_FORMATS, HANDLE_FLOOR, face_up, over, start, tiny

from cardgames.bots.keen_bot import KeenBot
from cardgames.engine import core_events as ce
from cardgames.engine.decisions import UndoRefused
from cardgames.engine.events import Event
from cardgames.engine.flow import Flow
from cardgames.engine.game import Game
from cardgames.engine.knowledge import can_see

REVEALED = "hidden information was revealed"


Faces = tuple[set[int], dict[int, str]]
"""What one seat's view shows: the ids face up (on the table, or named by an option of its
decision: a search lists cards of a deck), and the ids it lists by id (not by a handle), with
the zone each lies in."""


def _faces(game: Game) -> dict[int, Faces]:
    """For each seat, the ids its view shows face up - on the table, or named by an option of its
    decision - and the ids it lists by their id (face up, or a back it watched go where it lies)."""
    out = {}
    for s in range(len(game.state.players)):
        view = game.view(s)
        listed = {c.id: zid for zid, z in view.zones.items() for c in z.cards if c.id <= HANDLE_FLOOR}
        named = {o.ref for o in view.decision.options if o.ref is not None and 0 <= o.ref <= HANDLE_FLOOR} \
            if view.decision else set()
        out[s] = (set(face_up(view)) | named, listed)
    return out


def _newly_seen(game: Game, held: dict[int, str], ids: set[int]) -> set[int]:
    """Of `ids` (seen after the answer), those the seat did not hold before - or held only as a
    card lying in a hidden zone that it has left since (a card drawn from a deck is a reveal even
    to a seat that once looked at it: it could not tell where in the deck it lay)."""
    out = set()
    for i in ids:
        was = held.get(i)
        now = game.state.objects[i].zone if i in game.state.objects else None
        if was is None or (game.state.zones[was].visibility == "hidden" and now != was):
            out.add(i)
    return out


class _Watch:
    """Listen to one answer's events: cards that pass face up through a place a seat sees and
    leave it before the next decision (a card turned up from a deck and put back under it), cards
    an event shows a seat where they lie (`Event.shows`: a peek at a deck), and cards shuffled."""

    def __init__(self, game: Game) -> None:
        seats = range(len(game.state.players))
        self.passing: dict[int, set[int]] = {s: set() for s in seats}
        self.shown: dict[int, dict[int, str]] = {s: {} for s in seats}
        self.scrambled: set[int] = set()
        game.flow.listeners.append(self.listen)

    def listen(self, flow: Flow, ev: Event) -> None:
        state = flow.state
        for oid in ev.touched(state):
            obj = state.objects.get(oid)
            if obj is not None:
                for s in self.passing:
                    if can_see(state, obj, s):
                        self.passing[s].add(oid)
        if type(ev).SCRAMBLES:  # a shuffle: nobody can tell the cards apart any more
            self.scrambled.update(ev.touched(state))
        for oid, seat in ev.shows(state):
            self.shown[seat][oid] = state.objects[oid].zone


def _declared_reveal(game: Game, events: list[Event]) -> bool:
    """Whether one of these events says it reveals and touches no card (a sealed choice turned up,
    e.g. Algomancy's intent cards): information the views show in no card's face."""
    return any(type(e).REVEALS and not e.touched(game.state) for e in events)


@pytest.mark.parametrize(("game", "fmt", "players"), ALL_FORMATS, ids=ALL_FORMAT_IDS)
def test_undo_is_refused_exactly_when_a_hidden_card_became_visible_since_the_last_answer(
        game: str, fmt: str, players: int) -> None:
    """From the views (and the places cards pass through): an answer revealed a card if after it
    some seat's view shows face up a card (that existed before the answer) that its view before
    the answer did not hold - neither showed face up nor named by its id - or the card passed
    face up through a place the seat sees on the way. The answering seat may undo exactly when its
    answer revealed nothing; no other seat may undo."""
    counts: Counter[str] = Counter()
    for seed in (1, 2):
        g = start(game, fmt, players, seed)
        bot = KeenBot(seed)
        before, existed = _faces(g), set(g.state.objects)
        looked: dict[int, dict[int, str]] = {s: {} for s in range(players)}
        """Cards each seat was named in a decision or shown where they lie (in a hidden zone)."""
        while g.outcome is None and sum(counts.values()) < 1200 * seed:
            d = g.decision
            mark = len(g.events)
            watch = _Watch(g)
            g.choose(bot.choose(d))
            g.flow.listeners.remove(watch.listen)
            if over(g):
                break
            after = _faces(g)
            shown = {}
            for s in after:
                for i in watch.scrambled:
                    looked[s].pop(i, None)
                held = {**looked[s], **before[s][1]}
                seen = (after[s][0] | watch.passing[s] | set(watch.shown[s])) & existed
                shown[s] = _newly_seen(g, held, seen)
                looked[s].update(watch.shown[s])
                looked[s].update({i: g.state.objects[i].zone for i in after[s][0] - set(after[s][1])
                                  if i in g.state.objects})
            revealed = any(shown.values()) or _declared_reveal(g, g.events[mark:])
            reason = g.undo_reason(d.seat_index)
            if revealed:
                assert reason is not None and reason.startswith(REVEALED), (
                    f"{d.seat}'s answer {d.kind} showed {shown}, yet undo: {reason}")
            else:
                assert reason is None, f"{d.seat}'s answer {d.kind} showed nothing, yet: {reason}"
            counts["revealed" if revealed else "kept hidden"] += 1
            for s in range(players):
                if s != d.seat_index:
                    assert g.undo_reason(s) == (
                        f"{d.seat} has decided since {g.state.players[s].name}'s last choice")
            before, existed = after, set(g.state.objects)
    assert counts["revealed"] > 20 and counts["kept hidden"] > 20, counts


def test_the_engine_decides_what_is_a_reveal_whatever_the_events_say() -> None:
    """The tiny game's events never say they reveal (`REVEALS`): the engine finds every reveal."""
    def after(g: Game, key: str) -> str | None:
        g.choose(key)
        return g.undo_reason("Ann")

    g = tiny(3)
    assert (after(g, "draw") or "").startswith(REVEALED)  # to the drawer
    oid = g.state.zones["hand:0"].cards[-1]
    assert (after(g, f"play:{oid}") or "").startswith(REVEALED)  # from a hand onto the table
    assert after(g, f"bounce:{oid}") is None  # back to the hand: everyone saw it already
    assert after(g, f"hide:{oid}") is None  # face down: only its controller sees it, who saw it
    assert (after(g, f"flip:{oid}") or "").startswith(REVEALED)  # turned face up
    g.choose(f"bounce:{oid}")
    assert after(g, f"tuck:{oid}") is None  # into the deck: nobody sees it
    assert after(g, "shuffle") is None
    g.choose("draw")
    other = g.state.zones["hand:0"].cards[-1]
    assert (after(g, f"give:{other}:2") or "").startswith(REVEALED)  # handed on: the receiver sees it
    assert after(g, "next") is None


def test_undo_takes_back_an_answer_that_revealed_nothing() -> None:
    g = tiny(2)
    g.choose("draw")
    oid = g.state.zones["hand:0"].cards[-1]
    g.choose(f"hide:{oid}")
    events = list(g.events)
    g.choose(f"bounce:{oid}")  # unseen, face down, back to the hand
    g.undo()
    assert g.events == events
    g.choose(f"flip:{oid}")
    with pytest.raises(UndoRefused, match=REVEALED):
        g.undo()


def test_a_card_shown_where_it_lies_is_a_reveal_once() -> None:
    """What zones cannot tell - a seat looks at the top card of the deck - an event says
    (`Event.shows`); a second look at the same card shows nothing new."""
    g = tiny(2)
    g.choose("peek")
    reason = g.undo_reason()
    assert reason is not None and reason.startswith(REVEALED) and "tiny.Peeked" in reason
    g.choose("peek")
    assert g.undo_reason() is None
    g.choose("draw")  # the card it looked at: it knew it, yet it was hidden in the deck
    assert (g.undo_reason() or "").startswith(REVEALED)


def test_an_event_of_older_code_that_says_it_reveals_still_blocks_undo() -> None:
    g = tiny(2)
    g.choose("gasp")
    assert "tiny.Gasped" in (g.undo_reason() or "")


def _moves(g: Game) -> list[tuple[str, int, str, str]]:
    """Listen for cards that leave a hand or a pack: (kind, id, from, to)."""
    moves: list[tuple[str, int, str, str]] = []
    where = {o.id: o.zone for o in g.state.objects.values()}

    def listen(flow: Flow, ev: Event) -> None:
        if isinstance(ev, ce.ObjectMoved):
            src = where.get(ev.id, "")
            if src.startswith("hand:") and ev.to == "stack":
                moves.append(("played from a hand", ev.id, src, ev.to))
            elif src.startswith("pack:") and ev.to.startswith("pack:") and src != ev.to:
                moves.append(("pack handed on", ev.id, src, ev.to))
        for oid in () if ev.FLOW else ev.touched(g.state):
            if oid in g.state.objects:
                where[oid] = g.state.objects[oid].zone

    g.flow.listeners.append(listen)
    return moves


def test_an_algomancy_card_played_from_hand_or_a_pack_handed_on_cannot_be_undone() -> None:
    """The measured gap: Algomancy marked only its draws as reveals. A card played from a hand
    shows its face to the other seat; a pack handed on shows the receiver every card of it it
    did not hold already (one it saw in that pack before it passed it on)."""
    refused: Counter[str] = Counter()
    for seed in (1, 2, 3):
        g = start("algomancy", "draft", 2, seed)
        bot = KeenBot(seed)
        moves = _moves(g)
        while g.outcome is None and len(g.choices()) < 800:
            d = g.decision
            held = {s: _faces(g)[s][1] for s in range(2)}
            del moves[:]
            g.choose(bot.choose(d))
            if over(g):
                break
            for kind, oid, src, to in moves:
                receivers = [1 - int(src.split(":")[1])] if kind.startswith("played") else [int(to.split(":")[1])]
                if any(oid not in held[r] for r in receivers):
                    assert g.undo_reason(d.seat_index) is not None, f"{kind} by {d.seat}, yet undo is allowed"
                    refused[kind] += 1
    assert refused["played from a hand"] > 5 and refused["pack handed on"] > 5, refused
