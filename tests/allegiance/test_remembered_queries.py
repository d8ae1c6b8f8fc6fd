"""Board queries remembered until the next event (`State.cached`) agree, after every event of
seeded games, with the same query worked out afresh: none can go stale."""

from __future__ import annotations

from cardgames.bots import make_bot
from cardgames.engine.events import Event
from cardgames.engine.flow import Flow
from cardgames.engine.game import Game
from cardgames.engine.state import GameObject, State
from cardgames.games import find_ruleset
from cardgames.games.allegiance import board


def _attachments_afresh(state: State, host: int) -> list[GameObject]:
    """`board.attachments` as a scan of the whole table (what it remembers)."""
    return [state.objects[i] for p in state.players for i in state.zones[board.territory(p.seat)].cards
            if state.objects[i].attached_to == host]


def test_attachments_are_never_stale() -> None:
    ruleset = find_ruleset("allegiance")
    checked = attached = 0

    def check(flow: Flow, ev: Event) -> None:
        nonlocal checked, attached
        state = flow.state
        in_play = [i for p in state.players for i in state.zones[board.territory(p.seat)].cards]
        for host in in_play + [state.objects[i].attached_to or 0 for i in in_play]:
            got = board.attachments(state, host)  # also remembers it for the events that follow
            assert got == _attachments_afresh(state, host), (
                f"attachments of {host} after event {len(flow.events)} ({ev.TYPE}) are stale")
            checked += 1
            attached += len(got)

    for seed in range(1, 5):
        game = Game.new(ruleset, ["Ann", "Ben"], seed, {})
        game.flow.listeners.append(check)
        bot = make_bot("keen", seed)
        for _ in range(3000):
            if game.outcome is not None:
                break
            game.choose(bot.choose(game.decision))
    assert checked > 0
    assert attached > 0, "no card was ever attached in these games: the check would prove nothing"
