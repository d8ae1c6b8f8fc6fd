"""Hidden cards carry handles that lead back to nothing (DESIGN.md "Visibility"): object ids are
handed out in catalog order, the same in every game, so a view that showed a hidden card's id
would name it to anyone who has read the program. A seat keeps the id of a card it watched go
where it lies; a card drawn, shuffled or handed on gets a new handle."""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Iterator
from typing import Any

import pytest
from seen_play import (
    FORMAT_IDS,
    FORMATS,
    HANDLE_FLOOR,
    NAMES,
    card_in,
    decisions,
    face_up,
    shown,
    start,
    strings_in,
    tiny,
    viewers,
)

from cardgames.bots.keen_bot import KeenBot
from cardgames.engine.events import Event, apply
from cardgames.engine.flow import Flow
from cardgames.engine.game import Game
from cardgames.engine.knowledge import knows, sight
from cardgames.engine.state import State
from cardgames.engine.view import GameView

TRAIN_SEEDS = (1, 2, 3, 4)
"""The attacker's own games, played to learn which id is which card."""
TEST_SEEDS = (101, 102)
"""Other games, whose hidden cards the attacker then names."""


def _mode(counts: Counter[str]) -> str | None:
    return counts.most_common(1)[0][0] if counts else None


def _id_table(game: str, fmt: str, players: int) -> dict[int, str]:
    """What an attacker learns from games of its own, where it knows every card (it plays every
    seat, and may read the state): each id any view shows, face up or as a back, and each
    object's id -> the card behind it."""
    seen: defaultdict[int, Counter[str]] = defaultdict(Counter)
    for seed in TRAIN_SEEDS:
        g = start(game, fmt, players, seed)
        for obj in g.state.objects.values():
            seen[obj.id][obj.card] += 1
        for i, _ in enumerate(decisions(g, seed, 2000)):
            if i % 2 == 0:
                for v in viewers(g):
                    for card in shown(g, g.view(v)):
                        seen[card.view_id][card.card] += 1
    return {oid: str(_mode(cards)) for oid, cards in seen.items()}


@pytest.mark.parametrize(("game", "fmt", "players"), FORMATS, ids=FORMAT_IDS)
def test_an_attacker_who_read_the_program_names_hidden_cards_no_better_than_chance(
        game: str, fmt: str, players: int) -> None:
    """Name every hidden card of every view (each seat's and the public table's) by its id, with
    a table built from games of one's own; the baseline guesses the most common card of the
    pool behind the same back. Cards the viewer saw face up earlier in the game are left out
    (following them is legitimate): what is left must be named no better than by chance."""
    table = _id_table(game, fmt, players)
    assert len(table) > 20, "the attacker learned nothing: the training games show no cards"
    total = hits = chance = 0
    for seed in TEST_SEEDS:
        g = start(game, fmt, players, seed)
        pool: defaultdict[str, Counter[str]] = defaultdict(Counter)
        for obj in g.state.objects.values():
            pool[g.ruleset.card_back(g.state, obj)][obj.card] += 1
        memory: dict[int | None, dict[int, str]] = {v: {} for v in viewers(g)}
        for i, _ in enumerate(decisions(g, seed, 700)):
            for v in viewers(g):
                view = g.view(v)
                if i % 3 == 0:
                    for card in shown(g, view):
                        if not card.hidden or card.view_id in memory[v]:
                            continue
                        base = _mode(pool[card.back])
                        total += 1
                        chance += base == card.card
                        hits += table.get(card.view_id, base) == card.card
                memory[v].update(face_up(view))
    assert total >= 300, f"only {total} hidden cards to name"
    rate, baseline = hits / total, chance / total
    assert rate <= baseline + 0.03, (
        f"hidden cards named by id: {hits}/{total} ({rate:.1%}); by chance: {chance}/{total} ({baseline:.1%})")


@pytest.mark.parametrize(("game", "fmt", "players"), FORMATS, ids=FORMAT_IDS)
def test_the_public_table_shows_no_private_card(game: str, fmt: str, players: int) -> None:
    """A spectator's view shows every card out of its sight as a back, with a handle (or the id
    of a card the whole table watched go there), and no name of a card only some seats see."""
    checked = 0
    for seed in (5, 6):
        g = start(game, fmt, players, seed)
        for i, _ in enumerate(decisions(g, seed, 1500)):
            if i % 5:
                continue
            state = g.state
            view = g.view(None)
            public: set[str] = set()
            private: set[str] = set()
            for card in shown(g, view):
                obj = state.objects[card.object_id]
                names = {obj.card, g.ruleset.card_name(state, obj)}
                zone = state.zones[card.zone]
                if zone.visibility == "public" and not obj.props.get("face_down"):
                    assert not card.hidden and card.view_id == obj.id
                    public |= names
                    continue
                checked += 1
                assert card.hidden, f"{obj.card} in {card.zone} shows its face on the public table"
                if card.view_id == obj.id:
                    assert knows(state, obj, None), f"{obj.card} in {card.zone} carries its id"
                else:
                    assert card.view_id > HANDLE_FLOOR and card.view_id not in state.objects
                    private |= names
            leaked = (private - public) & set(strings_in(view.model_dump()))
            assert not leaked, f"{sorted(leaked)} only seats may see, yet the public table shows them"
    assert checked > 100


@pytest.mark.parametrize(("game", "fmt", "players"), FORMATS, ids=FORMAT_IDS)
def test_whoever_sees_a_card_knows_it(game: str, fmt: str, players: int) -> None:
    """The engine follows every move of every game (its own draw events too): after every
    event, each seat that sees a card's face knows it (so a card a game moved without the
    engine noticing would show up here)."""
    g = start(game, fmt, players, 3)
    checked = 0

    def check(flow: Flow, ev: Event) -> None:
        nonlocal checked
        for obj in flow.state.objects.values():
            seen = sight(flow.state, obj)
            assert (
                seen & ~obj.known == 0
            ), f"after {ev.TYPE}: {obj.card} in {obj.zone} is seen by {seen:b} and known by {obj.known:b}"
            checked += 1

    g.flow.listeners.append(check)
    for _ in decisions(g, 3, 400):
        pass
    assert checked > 1000


def test_a_card_watched_into_a_hand_keeps_its_id_until_a_shuffle() -> None:
    g = tiny(3)
    g.choose("draw")
    oid = g.state.zones["hand:0"].cards[-1]
    assert card_in(g, 0, "hand:0", oid).id == oid  # its holder sees it
    drawn = card_in(g, 1, "hand:0", oid)
    assert drawn.hidden and drawn.id > HANDLE_FLOOR  # nobody else knows what was drawn
    g.choose(f"play:{oid}")
    g.choose(f"bounce:{oid}")  # face up on the table, then back to the hand: everyone watched
    for viewer in (1, 2, None):
        back = card_in(g, viewer, "hand:0", oid)
        assert back.hidden and back.id == oid and back.card is None
    g.choose(f"tuck:{oid}")
    g.choose("shuffle")
    while oid not in g.state.zones["hand:0"].cards:
        g.choose("draw")
    again = card_in(g, 1, "hand:0", oid)
    assert again.hidden and again.id > HANDLE_FLOOR and again.id != drawn.id


def test_a_card_handed_on_out_of_a_seats_sight_gets_a_new_handle() -> None:
    g = tiny(3)
    g.choose("draw")
    oid = g.state.zones["hand:0"].cards[-1]
    before = card_in(g, 1, "hand:0", oid).id
    assert before == card_in(g, None, "hand:0", oid).id  # one handle per card and generation
    g.choose(f"give:{oid}:2")
    after = card_in(g, 1, "hand:2", oid)
    assert after.hidden and after.id > HANDLE_FLOOR and after.id != before
    assert card_in(g, 0, "hand:2", oid).id == oid  # the giver knows what it gave
    assert card_in(g, 2, "hand:2", oid).id == oid and not card_in(g, 2, "hand:2", oid).hidden


def test_a_face_down_card_is_known_to_its_controller_only_until_it_is_turned_up() -> None:
    g = tiny(2)
    g.choose("draw")
    oid = g.state.zones["hand:0"].cards[-1]
    g.choose(f"hide:{oid}")
    assert not card_in(g, 0, "table", oid).hidden
    down = card_in(g, 1, "table", oid)
    assert down.hidden and down.id > HANDLE_FLOOR
    g.choose(f"flip:{oid}")
    up = card_in(g, 1, "table", oid)
    assert not up.hidden and up.id == oid


def test_a_view_names_a_hidden_card_everywhere_by_the_same_handle() -> None:
    """A chain entry aimed at a card in another's hand, an option about it: they name it as the
    zone shows it (a UI can point at it), and a handle leads back to nothing."""
    g = tiny(2)
    g.choose("next")
    g.choose("draw")  # Bob draws
    oid = g.state.zones["hand:1"].cards[-1]
    g.choose("next")
    aim = g.decision.option("aim:1")
    assert aim.ref == oid
    view = g.view(0)
    shown_as = card_in(g, 0, "hand:1", oid).id
    assert shown_as > HANDLE_FLOOR
    assert view.decision is not None
    assert [o.ref for o in view.decision.options if o.key == aim.key] == [shown_as]
    g.choose(aim.key)
    assert g.view(0).chain[-1].targets == {"t": [shown_as]}
    assert g.view(1).chain[-1].targets == {"t": [oid]}  # its holder sees it


def _moves_to_a_hand_in_sight(g: Game) -> list[tuple[int, str]]:
    """Listen for cards moved from a face-up place on the table into a hand: (id, hand)."""
    moves: list[tuple[int, str]] = []
    where = {o.id: (o.zone, bool(o.props.get("face_down"))) for o in g.state.objects.values()}

    def listen(flow: Flow, ev: Event) -> None:
        for oid in ev.touched(flow.state) if not ev.FLOW else ():
            obj = flow.state.objects.get(oid)
            if obj is None:
                continue
            zone, down = where.get(oid, ("", True))
            if (obj.zone.startswith("hand:") and zone != obj.zone and not down
                    and zone in flow.state.zones and flow.state.zones[zone].visibility == "public"):
                moves.append((oid, obj.zone))
            where[oid] = (obj.zone, bool(obj.props.get("face_down")))

    g.flow.listeners.append(listen)
    return moves


@pytest.mark.parametrize(("game", "fmt", "players"), [FORMATS[0], FORMATS[6]], ids=[FORMAT_IDS[0], FORMAT_IDS[6]])
def test_a_card_returned_to_a_hand_keeps_its_id_for_every_seat(game: str, fmt: str, players: int) -> None:
    """The games' own return-to-hand: the card was face up, everyone watched it go back."""
    for seed in range(1, 40):
        g = start(game, fmt, players, seed)
        moves = _moves_to_a_hand_in_sight(g)
        for _ in decisions(g, seed, 3000):
            for oid, hand in moves:
                if g.state.objects[oid].zone != hand:
                    continue
                for viewer in viewers(g):
                    seen = card_in(g, viewer, hand, oid)
                    assert seen.id == oid, f"{viewer} watched {oid} go into {hand}, yet sees {seen.id}"
                return
    pytest.fail("no card went back to a hand in these games")


def test_views_are_the_same_for_the_same_seed_and_answers() -> None:
    for game, fmt, players in (FORMATS[0], FORMATS[6]):
        a, b = start(game, fmt, players, 9), start(game, fmt, players, 9)
        bot = KeenBot(9)
        for n in range(400):
            if a.outcome is not None:
                break
            if n % 10 == 0:
                for v in viewers(a):
                    assert a.view(v) == b.view(v)
            key = bot.choose(a.decision).key
            a.choose(key)
            b.choose(key)
        assert a.events == b.events


def test_no_view_shows_the_seed() -> None:
    g = start("allegiance", "duel", 2, 123456)
    assert g.state.globals["seed"] == 123456
    for v in viewers(g):
        view = g.view(v)
        assert "seed" not in view.globals
        assert 123456 not in set(_listed(view.model_dump(), True))
        assert not any("123456" in text for text in strings_in(view.model_dump()))


def test_no_view_shows_a_global_whose_name_begins_with_an_underscore() -> None:
    # a game's own bookkeeping (Algomancy's bracket keeps each drafter's cards under `_cube_decks`)
    g = start("allegiance", "duel", 2, 7)
    g.state.globals["_drafted"] = {"0": [1, 2, 3]}
    g.state.globals["shown"] = 1
    for v in viewers(g):
        assert "_drafted" not in g.view(v).globals and g.view(v).globals["shown"] == 1


def _refs(view: GameView) -> Iterator[tuple[str, int]]:
    """Every object reference a view carries outside the cards' own ids."""
    for z in view.zones.values():
        for c in z.cards:
            if c.attached_to is not None:
                yield "attached_to", c.attached_to
    for entry in view.chain:
        if entry.source is not None:
            yield "chain source", entry.source
        for ts in entry.targets.values():
            for t in ts:
                yield "chain target", t
    if view.decision is not None:
        for o in view.decision.options:
            if o.ref is not None:
                yield f"option {o.key}", o.ref


def _listed(value: Any, lists: bool) -> Iterator[int]:
    """The numbers a structure holds the way it holds object ids: as the keys of a mapping by id,
    and (with `lists`) in lists; not the scalar counts kept under names."""
    if isinstance(value, bool):
        return
    if isinstance(value, int) and lists:
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            if isinstance(k, str) and k.isdigit():
                yield int(k)
            yield from _listed(v, lists)
    elif isinstance(value, list | tuple):
        for v in value:
            yield from _listed(v, lists)


@pytest.mark.parametrize(("game", "fmt", "players"), FORMATS, ids=FORMAT_IDS)
def test_no_reference_in_a_view_names_a_card_hidden_from_its_viewer(game: str, fmt: str, players: int) -> None:
    """Attachments, the chain, the viewer's own options: a hidden card is named by its handle.
    The battle, the globals and players' facts are the game's own data, with ids of cards on the
    table among numbers of every kind: the battle may list no id of a card hidden from the
    viewer, and none of them may be keyed by one (scalar counts kept under a name, lists of
    turns and amounts outside the battle, and numbers below 10 - seats, columns, phases - are
    left out: they would match ids by accident)."""
    seen = 0
    for seed in (7, 8):
        g = start(game, fmt, players, seed)
        for i, _ in enumerate(decisions(g, seed, 1500)):
            if i % 3:
                continue
            state = g.state
            for v in viewers(g):
                view = g.view(v)
                secret = {o.id for o in state.objects.values() if not knows(state, o, v)}
                for where, ref in _refs(view):
                    seen += 1
                    assert ref not in secret, f"{where} names hidden card {ref} to {v}"
                loose = {n for n in [*_listed(view.battle, True),
                                     *_listed([view.globals, [p.props for p in view.players]], False)] if n >= 10}
                assert not loose & secret, f"{sorted(loose & secret)} hidden from {v} show in the view"
    assert seen > 50


@pytest.mark.parametrize(("game", "fmt", "players"), FORMATS, ids=FORMAT_IDS)
def test_the_players_log_names_no_hidden_card_by_id(game: str, fmt: str, players: int) -> None:
    """Each line of a seat's log, rendered from an event, carries no id of a card that the event
    touched and that the seat does not know (nor anything written like an id: #12, id 12)."""
    g = start(game, fmt, players, 11)
    for _ in decisions(g, 11, 1500):
        pass
    for viewer in viewers(g):
        shadow = State(game=g.ruleset.name, players=[])
        lines = 0
        for ev in g.events:
            touched = list(ev.touched(shadow)) if not ev.FLOW else []
            apply(shadow, ev)
            if ev.INTERNAL:
                continue
            line = g.ruleset.describe(shadow, ev, viewer)
            if not line:
                continue
            lines += 1
            assert not re.search(r"#\s*\d|\bid\s*\d", line), line
            for oid in touched:
                obj = shadow.objects.get(oid)
                if obj is not None and not knows(shadow, obj, viewer):
                    assert not re.search(rf"\b{oid}\b", line), f"{line!r} names hidden card {oid} to {viewer}"
        assert lines > 20
    assert g.log(NAMES[0]) != g.log(None)


def test_a_game_started_without_a_seed_gets_63_random_bits() -> None:
    """The seed keys the handles: the app and `cardgames play` draw it from the OS, 63 bits, so no
    one can find it (and so the handles) by trying seeds; 30 bits could be tried in an evening."""
    from cardgames.engine.knowledge import fresh_seed

    seeds = {fresh_seed() for _ in range(64)}
    assert len(seeds) == 64 and all(0 < s < 2**63 for s in seeds)
    assert max(seeds).bit_length() >= 58  # 64 draws below 2**58 would be a 1 in 2**320 chance
