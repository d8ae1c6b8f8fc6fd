"""The legal targets of every target slot of the catalog, and of slots made up to set each
condition, as `targeting` finds them (slots read once into plain data, a territory's cards tested
in one loop), agree at every eleventh decision of seeded games of several formats with the
rulebook's test written out plainly for each object and hero."""

from __future__ import annotations

import pytest

from cardgames.bots import make_bot
from cardgames.engine.game import Game
from cardgames.engine.state import State
from cardgames.games import find_ruleset
from cardgames.games.allegiance import board, targeting
from cardgames.games.allegiance.cards import Cards
from cardgames.games.allegiance.events import hero_ref, hero_seat, is_hero
from cardgames.games.allegiance.schema import ActionCard, HeroCard, TargetSpec

NAMES = ["Ann", "Ben", "Cleo", "Dov"]
FORMATS = [("duel", 2), ("ffa", 3), ("sworn-enemy", 4), ("teams", 4)]


def _plain_legal(cat: Cards, state: State, spec: TargetSpec, seat: int, source: int | None,
                 ref: int) -> bool:
    """Whether `ref` fits the slot, every condition tested in turn from the spec itself."""
    if not board.alive(state, ref):
        return False
    if spec.other and ref == source:
        return False

    def side_ok(ctrl: int) -> bool:
        if spec.controller == "you":
            return ctrl == seat
        if spec.controller == "opponent":
            return ctrl in board.opponents(state, seat)
        return True

    if is_hero(ref):
        if spec.type not in ("hero", "unit_or_hero", "player"):
            return False
        if spec.type != "player" and board.hero_protected(cat, state, ref, seat, source):
            return False
        return side_ok(hero_seat(ref))
    obj = state.objects[ref]
    if spec.type in ("unit", "unit_or_hero"):
        if obj.props.get("type") != "unit" or obj.attached_to is not None:
            return False
    elif spec.type == "weapon":
        if obj.id != state.players[obj.controller].props.get("weapon"):
            return False
    elif spec.type == "attached_card":
        if obj.attached_to is None:
            return False
    else:
        return False
    if not side_ok(obj.controller):
        return False
    battle = state.battle or {}
    if spec.attacking is not None and (obj.id in (battle.get("attackers") or [])) != spec.attacking:
        return False
    if spec.exhausted is not None and obj.exhausted != spec.exhausted:
        return False
    if spec.deck is not None and obj.props.get("back") != spec.deck and obj.props.get("deck") != spec.deck:
        return False
    return not (spec.entered_this_turn is not None
                and (obj.entered_turn == state.turn) != spec.entered_this_turn)


def _every_spec(cat: Cards) -> list[TargetSpec]:
    specs: list[TargetSpec] = []
    for card in cat.cards.values():
        if isinstance(card, HeroCard):
            specs += [s for ab in card.abilities for s in ab.targets.values()]
        elif isinstance(card, ActionCard):
            specs += [s for h in card.halves for s in h.targets.values()]
            specs += [s for h in card.halves for ab in h.attached for s in ab.targets.values()]
        else:
            specs += [s for ab in getattr(card, "abilities", []) for s in ab.targets.values()]
            specs += [s for f in getattr(card, "faces", []) for ab in f.abilities
                      for s in ab.targets.values()]
    return specs


def _made_up_specs() -> list[TargetSpec]:
    """Slots the catalog may not have: each condition a slot can set, on every kind of target."""
    kinds = ("unit", "hero", "unit_or_hero", "weapon", "player", "attached_card")
    out = [TargetSpec(type=k, controller=c) for k in kinds for c in ("any", "you", "opponent")]
    out += [TargetSpec(type=k, other=True, count=2) for k in kinds]
    out += [TargetSpec(type="unit", attacking=a, exhausted=e) for a in (True, False, None)
            for e in (True, False, None)]
    out += [TargetSpec(type="unit_or_hero", deck=d, controller="opponent") for d in ("basic", "elite")]
    out += [TargetSpec(type="unit", entered_this_turn=t, up_to=True) for t in (True, False)]
    return out


@pytest.mark.parametrize("fmt, players", FORMATS)
def test_legal_targets_agree_with_the_plain_test(fmt: str, players: int) -> None:
    ruleset = find_ruleset("allegiance")
    cat = ruleset.cat
    specs = _every_spec(cat) + _made_up_specs()
    checked = found = 0
    for seed in (1, 2):
        game = Game.new(ruleset, NAMES[:players], seed, {"format": fmt})
        bot = make_bot("keen" if seed == 1 else "random", seed)
        for n in range(300):
            if game.outcome is not None:
                break
            if n % 11 == 0:
                state = game.state
                in_play = [i for p in state.players for i in state.zones[board.territory(p.seat)].cards]
                sources = [None, *in_play[:3], *state.zones[board.hand(state.active)].cards[:2]]
                for spec in specs:
                    for seat in state.live_seats():
                        for source in sources:
                            refs = [hero_ref(s) for s in state.seats_from(seat)] + in_play
                            want = [r for r in refs if _plain_legal(cat, state, spec, seat, source, r)]
                            got = targeting.candidates(cat, state, spec, seat, source)
                            assert got == want, (fmt, seed, n, spec, seat, source)
                            assert all(targeting.legal(cat, state, spec, seat, source, r) == (r in want)
                                       for r in refs)
                            assert targeting.can_announce(cat, state, {"t": spec}, seat, source) == (
                                spec.up_to or len(want) >= spec.count)
                            checked += 1
                            found += len(want)
            game.choose(bot.choose(game.decision))
    assert checked and found
