"""Small helpers that drive Allegiance games in rules tests by answering decisions.

Every helper answers only decisions the rules put to the players, with legal option keys; none
changes game state directly.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from pathlib import Path
from typing import Any

from cardgames import new_game
from cardgames.engine.game import Game
from cardgames.games.allegiance import board
from cardgames.games.allegiance.events import hero_ref

HEROES = ["beledan-kind", "thedric-egen"]
FIXTURES = Path(__file__).parent / "cards"


@cache
def fixture_ruleset() -> Any:
    """The real catalog plus the test-only cards in tests/allegiance/cards (ids start "test-")."""
    from cardgames.catalog.paths import cards_dir
    from cardgames.games.allegiance.catalog import Catalog
    from cardgames.games.allegiance.rules import Allegiance

    return Allegiance(Catalog.load([cards_dir("allegiance"), FIXTURES]))


def game(
    names: Iterable[str] = ("Paul", "Allison"),
    *,
    seed: int = 1,
    heroes: list[str] | None = None,
    first: str | None = "",
    fixtures: bool = False,
    **options: Any,
) -> Game:
    """A new game; `options` go to the ruleset (format, stop, stack, given).

    `first` names the first player ("": Paul if playing, else the first name; None: a die roll).
    """
    names = list(names)
    opts: dict[str, Any] = {"heroes": heroes or (HEROES if len(names) == 2 else None)}
    if first == "":
        first = "Paul" if "Paul" in names else names[0]
    if first is not None:
        opts["first_player"] = first
    opts.update(options)
    if fixtures:
        return Game.new(fixture_ruleset(), names, seed, opts)
    return new_game("allegiance", names, seed=seed, options=opts)


def mid(players: dict[str, dict[str, Any]], *, active: str = "Paul", turn: int = 5,
        names: Iterable[str] = ("Paul", "Allison"), **kw: Any) -> Game:
    """A game set mid-way (`given`), waiting in `active`'s maneuver phase."""
    return game(names, given={"turn": turn, "active": active, "players": players}, **kw)


# -- reading ---------------------------------------------------------------------------------


def keys(g: Game) -> list[str]:
    return [o.key for o in g.decision.options]


def key(g: Game, text: str) -> str:
    """The key of the first option whose label (or key) contains `text`."""
    for o in g.decision.options:
        if text in o.label or o.key == text:
            return o.key
    raise AssertionError(f"no option {text!r} for {g.decision.seat}'s {g.decision.kind}: "
                         f"{[o.label for o in g.decision.options]}")


def has(g: Game, text: str) -> bool:
    return any(text in o.label or o.key == text for o in g.decision.options)


def groups(g: Game) -> set[str]:
    return {o.group for o in g.decision.options}


def seat(g: Game, name: str) -> int:
    return g.seat_of(name)


def hero(g: Game, name: str) -> int:
    return hero_ref(g.seat_of(name))


def counter(g: Game, name: str, what: str) -> int:
    return int(g.state.players[g.seat_of(name)].counters.get(what, 0))


def gold(g: Game, name: str) -> int:
    return counter(g, name, "gold")


def health(g: Game, name: str) -> int:
    return counter(g, name, "health")


def cooldowns(g: Game, name: str) -> dict[str, int]:
    return dict(g.state.players[g.seat_of(name)].props.get("cooldowns") or {})


def units(g: Game, name: str, card: str | None = None) -> list[int]:
    """Ids of the units `name` controls (of one card, if given), in territory order."""
    return [u.id for u in board.units(g.state, g.seat_of(name)) if card is None or u.card == card]


def unit(g: Game, name: str, card: str) -> int:
    found = units(g, name, card)
    assert found, f"{name} controls no {card}"
    return found[0]


def hand(g: Game, name: str) -> list[str]:
    return [o.card for o in g.state.cards_in(board.hand(g.seat_of(name)))]


def hand_id(g: Game, name: str, card: str) -> int:
    for o in g.state.cards_in(board.hand(g.seat_of(name))):
        if o.card == card:
            return o.id
    raise AssertionError(f"{name} holds no {card}: {hand(g, name)}")


def pile(g: Game, zone: str) -> list[str]:
    return [o.card for o in g.state.cards_in(zone)]


def weapon(g: Game, name: str) -> int:
    return int(g.state.players[g.seat_of(name)].props["weapon"])


def armor(g: Game, name: str) -> int:
    return int(g.state.players[g.seat_of(name)].props["armor"])


def damage_on(g: Game, oid: int) -> int:
    return int(g.state.objects[oid].counters.get("damage", 0))


def in_play(g: Game, oid: int) -> bool:
    return board.in_play(g.state, g.state.objects[oid])


def chain(g: Game) -> list[str]:
    return [c.label for c in g.state.chain]


def at_main(g: Game, name: str | None = None) -> bool:
    """The active player may play any maneuver now: own maneuver phase, chain empty, no battle."""
    d = g.decision
    who = g.state.players[g.state.active].name
    return (d.kind == "priority" and d.seat == who and (name is None or name == who)
            and g.state.phase == "maneuver" and not g.state.chain and g.state.battle is None
            and any(o.key == "pass" and o.label == "End your maneuver phase" for o in d.options))


# -- acting ------------------------------------------------------------------------------------


def choose(g: Game, *answers: str | int) -> None:
    """Answer decisions in order; an int is a target (`target:<ref>`)."""
    for a in answers:
        g.choose(f"target:{a}" if isinstance(a, int) else a)


def pass_chain(g: Game) -> None:
    """Nobody responds: pass every priority decision while the chain holds something."""
    while g.outcome is None and g.decision.kind == "priority" and g.state.chain:
        g.choose("pass")


def pass_window(g: Game) -> None:
    """Everyone passes until a decision that is not a priority pass comes up, or the main phase."""
    while g.outcome is None and g.decision.kind == "priority" and not at_main(g):
        g.choose("pass")


def play(g: Game, option: str, *targets: int, respond: bool = False) -> None:
    """Announce a maneuver (by key or label text), select its targets, then (unless `respond`)
    let the chain resolve with no responses."""
    g.choose(key(g, option) if option not in keys(g) else option)
    for t in targets:
        g.choose(f"target:{t}")
    if g.decision.kind == "target" and "done" in keys(g):
        g.choose("done")
    if not respond:
        pass_chain(g)


def end_turn(g: Game) -> None:
    """From the active player's maneuver phase: everyone passes until the next turn's first
    decision."""
    turn = g.state.turn
    while g.outcome is None and g.state.turn == turn:
        d = g.decision
        assert d.kind == "priority", f"unexpected {d.kind} decision for {d.seat}: {d.prompt}"
        g.choose("pass")


def to_main(g: Game, deck: str = "action") -> None:
    """At the start of a turn: draw from `deck` (if asked) and stop in the maneuver phase."""
    if g.outcome is None and g.decision.kind == "draw":
        g.choose(f"deck:{deck}")
    pass_window(g)


def next_main(g: Game, deck: str = "action") -> None:
    """End this turn; in the next one draw from `deck` (if asked) and stop in the maneuver phase."""
    end_turn(g)
    to_main(g, deck)


def to_end_phase(g: Game) -> None:
    """From the active player's maneuver phase: everyone passes until the end of turn phase."""
    while g.outcome is None and g.state.phase == "maneuver":
        assert g.decision.kind == "priority", g.decision.prompt
        g.choose("pass")


def battle(g: Game, opponent: str, attackers: Iterable[int]) -> None:
    """Initiate a battle (nobody responds) and declare `attackers`."""
    g.choose(f"battle:{g.seat_of(opponent)}")
    pass_chain(g)
    assert g.decision.kind == "declare_attackers", g.decision.prompt
    for a in attackers:
        g.choose(f"attack:{a}")
    g.choose("done")


def defend(g: Game, blocks: dict[int, int] | None = None) -> None:
    """At the assign-defenders decision: each defender (key) blocks an attacker (value)."""
    pass_window_until(g, "assign_defenders")
    for d, a in (blocks or {}).items():
        g.choose(f"defend:{d}")
        g.choose(f"block:{a}")
    g.choose("done")


def pass_window_until(g: Game, kind: str) -> None:
    """Pass priority decisions until a decision of `kind`."""
    while g.decision.kind != kind:
        assert g.decision.kind == "priority", (
            f"expected {kind}, got {g.decision.kind}: {g.decision.prompt}"
        )
        g.choose("pass")


def finish_battle(g: Game) -> None:
    """Pass every window (answering armor with the first choice) until the battle is over."""
    while g.outcome is None and g.state.battle is not None:
        d = g.decision
        if d.kind == "priority":
            g.choose("pass")
        elif d.kind == "armor":
            g.choose(d.options[0].key)
        else:
            raise AssertionError(f"unexpected {d.kind} decision in battle: {d.prompt}")


def skip_setup(g: Game) -> None:
    """Keep the printed faces of every weapon and armor (answer the pre-game equip choices)."""
    while g.decision.kind == "equip":
        current = [o.key for o in g.decision.options if o.label.endswith("— current")]
        g.choose(current[0] if current else g.decision.options[0].key)
