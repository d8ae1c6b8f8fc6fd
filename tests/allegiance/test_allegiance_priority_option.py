"""A replay checks a saved maneuver by listing only its own kind (`Maneuvers.priority_option`), not every
maneuver: at every priority decision of seeded games (random and keen players, duel and free-for-all),
each option listed is found equal by its key, and no key the list lacks is found — a card in hand not
affordable, an ability on cooldown, a battle outside the maneuver phase, a key of no kind."""

from __future__ import annotations

import random
from collections import Counter

from kit.finder import found_as_listed

from cardgames.bots import make_bot
from cardgames.engine.game import Game
from cardgames.games import find_ruleset
from cardgames.games.allegiance import board

RULES = find_ruleset("allegiance")
NAMES = ["Ann", "Bob", "Cid", "Dee"]
GAMES = [("duel", 2, 0), ("duel", 2, 1), ("duel", 2, 2), ("ffa", 3, 3), ("teams", 4, 4)]


def test_each_maneuver_is_found_by_its_kind_as_listed_and_nothing_else_is() -> None:
    seen: Counter[str] = Counter()
    man = RULES.frame_kinds["priority"].rules  # type: ignore[attr-defined]
    for fmt, n, seed in GAMES:
        rng = random.Random(f"priority-option/{fmt}/{seed}")
        game = Game.new(RULES, NAMES[:n], seed, {"format": fmt})
        keen = make_bot("keen", seed) if seed % 2 else None
        while game.outcome is None:
            d = game.decision
            if d.kind == "priority":
                state, seat, frame = game.state, d.seat_index, game.state.frames[-1]
                hero = RULES.cat.hero(str(state.players[seat].props["hero"]))  # type: ignore[attr-defined]
                tried = ["nothing", "battle:", "enlist:x", "pass:1", *(f"battle:{s}" for s in range(n)),
                         *(f"{kind}:{ab.id}" for ab in hero.abilities for kind in ("ability", "unlock"))]
                for s in range(n):
                    for z in (board.hand(s), board.territory(s)):
                        for i in state.zones[z].cards:
                            tried += [f"enlist:{i}", f"action:{i}:0", f"action:{i}:1", f"activate:{i}:0",
                                      f"activate:{i}:1", f"enlist:0{i}"]
                found_as_listed(man.priority_option, state, seat, frame, d.options, tried, seen)
            game.choose(keen.choose(d) if keen else rng.choice(d.options))
    # every kind of maneuver was found, and many keys refused: the comparison was not vacuous
    assert all(seen[k] for k in ("battle", "enlist", "ability", "action", "activate", "unlock", "refused")), seen
