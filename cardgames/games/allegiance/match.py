"""The competitive match (rulebook: Competitive Match, p.26): a best-of-N series of duels.

- An odd number of games; the first player to win more than half of them wins the match.
- Before each game each player is dealt a random hero; a hero is played at most once in the match
  (the rulebook deals one weapon card per hero and does not put dealt cards back).
- Game 1: a die roll decides who plays first. Later games: the loser of the previous game chooses,
  after the heroes are dealt, whether to play first or second.

Our rulings (docs/rulings/allegiance.md): a drawn game counts for nobody and another game is
played with newly dealt heroes, its first player decided by a die roll; all randomness comes from
the match seed.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from cardgames.engine.decisions import CardgamesError
from cardgames.engine.game import Game
from cardgames.engine.state import Json
from cardgames.games.allegiance.rules import Allegiance


class MatchError(CardgamesError, ValueError):
    """The match cannot be set up or continued as asked; the message says why."""


@dataclass(frozen=True)
class MatchGame:
    """One finished game of the match."""

    number: int
    heroes: dict[str, str]
    """Player name -> hero id."""
    first: str
    winner: str | None
    """None for a drawn game."""


class Match:
    """A best-of-`best_of` series between two players; drive it with `deal`, `start`, `record`."""

    def __init__(self, players: list[str], *, best_of: int = 3, seed: int = 0,
                 ruleset: Allegiance | None = None, heroes: list[str] | None = None) -> None:
        if len(players) != 2 or len(set(players)) != 2 or not all(p.strip() for p in players):
            raise MatchError("a competitive match is for two players with distinct names")
        if best_of < 1 or best_of % 2 == 0:
            raise MatchError(
                f"a match is an odd number of games (best of 1, 3, 5...), not {best_of}"
            )
        self.ruleset = ruleset or Allegiance()
        known = sorted(h.id for h in self.ruleset.cat.heroes())
        pool = sorted(heroes) if heroes is not None else known
        unknown = [h for h in pool if h not in known]
        if unknown:
            raise MatchError(f"unknown heroes {unknown}; heroes: {', '.join(known)}")
        if len(pool) < 2 * best_of:
            raise MatchError(
                f"a best-of-{best_of} match needs {2 * best_of} heroes (each is played "
                f"once at most); only {len(pool)} are available"
            )
        self.players = list(players)
        self.best_of = best_of
        self.seed = seed
        self.pool = pool
        self.used: list[str] = []
        self.results: list[MatchGame] = []
        self.dealt: dict[str, str] | None = None
        self._random = 0

    # -- reading ---------------------------------------------------------------------------------

    @property
    def wins(self) -> dict[str, int]:
        return {p: sum(1 for r in self.results if r.winner == p) for p in self.players}

    @property
    def winner(self) -> str | None:
        """The player who has won more than half of the games, if any."""
        return next((p for p, n in self.wins.items() if n > self.best_of // 2), None)

    @property
    def over(self) -> bool:
        return self.winner is not None

    @property
    def chooser(self) -> str | None:
        """Who chooses to play first or second in the next game: the loser of the previous game
        (None for the first game and after a draw, when a die roll decides)."""
        if not self.results or self.results[-1].winner is None:
            return None
        return next(p for p in self.players if p != self.results[-1].winner)

    # -- playing -----------------------------------------------------------------------------------

    def _rng(self) -> random.Random:
        self._random += 1
        return random.Random(f"{self.seed}/match/{self._random}")

    def deal(self) -> dict[str, str]:
        """Deal each player a random hero not yet played in this match (before choosing order)."""
        if self.over:
            raise MatchError(f"the match is over: {self.winner} won")
        if self.dealt is None:
            left = [h for h in self.pool if h not in self.used]
            if len(left) < 2:
                raise MatchError("no heroes left to deal: every hero has been played in this match")
            picks = self._rng().sample(left, 2)
            self.dealt = dict(zip(self.players, picks, strict=True))
        return dict(self.dealt)

    def start(self, *, play_first: bool | None = None, **options: Json) -> Game:
        """Start the next game. After a lost game, the loser (`chooser`) says whether they play
        first (`play_first`); otherwise a die roll decides and `play_first` must be left out.

        `options` go to the game as well (e.g. `stop`, or `given` for a tutorial or a test); the
        format, heroes and first player are the match's to set.
        """
        taken = {"format", "heroes", "first_player"} & set(options)
        if taken:
            raise MatchError(f"the match sets {', '.join(sorted(taken))} itself")
        heroes = self.deal()
        chooser = self.chooser
        if chooser is None:
            if play_first is not None:
                raise MatchError("a die roll decides who plays first in this game")
            first = self.players[self._rng().randint(0, 1)]
        else:
            if play_first is None:
                raise MatchError(
                    f"{chooser} lost the previous game and chooses to play first or second"
                )
            other = next(p for p in self.players if p != chooser)
            first = chooser if play_first else other
        number = len(self.results) + 1
        return Game.new(self.ruleset, self.players, self.seed * 1000 + number, {
            **options, "format": "duel", "heroes": [heroes[p] for p in self.players],
            "first_player": first,
        })

    def record(self, game: Game) -> MatchGame:
        """Record a finished game of this match (its heroes are then used up)."""
        if game.outcome is None:
            raise MatchError("that game is not over yet")
        if self.dealt is None:
            raise MatchError("no game of this match is in progress")
        heroes = [str(p.props.get("hero")) for p in game.state.players]
        if game.players != self.players or heroes != [self.dealt[p] for p in self.players]:
            raise MatchError("that game is not the one this match started")
        winner = (
            None
            if game.outcome.draw or not game.outcome.winners
            else game.players[game.outcome.winners[0]]
        )
        first = game.players[int(game.state.globals.get("first_player", 0))]
        result = MatchGame(len(self.results) + 1, dict(self.dealt), first, winner)
        self.results.append(result)
        self.used.extend(self.dealt.values())
        self.dealt = None
        return result
