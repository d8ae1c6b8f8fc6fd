"""Team draft: each team live-drafts from a deck of its own, 30 cards per player (rulebook: Game formats).

"Each team brings a constructed deck including 30 cards per player on the team with up to 2 copies
of each card. Their team will live draft from that deck during the game." Here each member picks a
decklist (a shipped one, one at random, or a deck file, as in constructed) and the team's deck is
their decklists together (ruling A73: so a card two members both chose may appear up to twice per
member). The game is then a live draft of split teams: packs are dealt and hands drawn from the
team's own deck, recycled cards go to its bottom, and packs pass to the next team-mate clockwise, so
they never mix one team's cards into the other's (A73).
"""

from __future__ import annotations

from collections.abc import Callable

from cardgames.engine.flow import Flow
from cardgames.engine.state import Json
from cardgames.games.algomancy.checks import create
from cardgames.games.algomancy.context import Rules


def build_team_decks(rules: Rules, flow: Flow, names: list[str], decks: dict[str, Json],
                     random_deck: Callable[[Flow], dict[str, Json]]) -> None:
    """Each team's deck: its members' decklists together, shuffled (owner: the shared pool, -1)."""
    state = flow.state
    for seat, name in enumerate(names):
        counts = decks.get(name) or random_deck(flow)
        assert isinstance(counts, dict)
        zone = f"deck:team{state.players[seat].team}"
        for cid in sorted(counts):
            for _ in range(int(str(counts[cid]))):
                create(rules, flow, cid, -1, zone)
    for team in sorted({p.team for p in state.players}):
        flow.shuffle(f"deck:team{team}")
