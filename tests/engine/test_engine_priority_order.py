"""A priority window passes round the order a ruleset gives it (teams asked together), else clockwise."""

from __future__ import annotations

from cardgames.engine import chain
from cardgames.engine.decisions import Option
from cardgames.engine.events import Event
from cardgames.engine.flow import Flow, FrameKind
from cardgames.engine.state import Frame, Player, State


class PassOnly:
    """A ruleset whose priority windows offer nothing but pass."""

    name = "pass-only"

    def __init__(self) -> None:
        self.frame_kinds: dict[str, FrameKind] = {"priority": chain.PriorityWindow(self)}

    def priority_options(self, state: State, seat: int, frame: Frame) -> list[Option]:
        return []

    def pass_label(self, state: State, seat: int, frame: Frame) -> str:
        return "Pass"

    def wants_priority(self, state: State, seat: int, frame: Frame) -> bool:
        return True

    def begin_maneuver(self, flow: Flow, seat: int, option: Option, frame: Frame) -> None:
        raise AssertionError("nothing to play")

    def resolve_top(self, flow: Flow) -> None:
        raise AssertionError("nothing on the chain")

    def flush_triggers(self, flow: Flow) -> bool:
        return False


def asked(order: list[int] | None, out: tuple[int, ...] = ()) -> list[int]:
    """Everyone passes a window among four seats opened at seat 0: who was asked, in order."""
    state = State(game="pass-only", players=[Player(seat=i, name=n, team=i % 2) for i, n in enumerate("ABCD")])
    for s in out:
        state.players[s].eliminated = True
    events: list[Event] = []
    flow = Flow(PassOnly(), state, events)
    chain.open_window(flow, 0, "w", seats=[0, 1, 2, 3], order=order)
    seats = []
    while (ask := flow.advance()) is not None:
        seats.append(ask.seat)
        window = state.frames[-1]
        flow.kind(window).answer(flow, window, Option(chain.PASS, "Pass", "pass"))
    return seats


def test_a_window_passes_clockwise_by_default() -> None:
    assert asked(None) == [0, 1, 2, 3]


def test_a_window_with_an_order_passes_round_it_and_steps_over_a_player_who_is_out() -> None:
    assert asked([0, 2, 1, 3]) == [0, 2, 1, 3]
    assert asked([0, 2, 1, 3], out=(2,)) == [0, 1, 3]


def test_a_window_asks_in_the_games_own_words() -> None:
    """The prompt names what a seat may do: the engine's default is no one game's vocabulary
    (Algomancy and ARC-mage were asked to "play a maneuver", Allegiance's word); a game gives its own."""
    def prompt(window: chain.PriorityWindow) -> str:
        state = State(game="pass-only", players=[Player(seat=0, name="A", team=0), Player(seat=1, name="B", team=1)])
        rules = PassOnly()
        rules.frame_kinds["priority"] = window
        flow = Flow(rules, state, [])
        chain.open_window(flow, 0, "w", "Battle", seats=[0, 1])
        ask = flow.advance()
        assert ask is not None
        return ask.prompt
    assert prompt(chain.PriorityWindow(PassOnly())) == "Battle: play a card, use an ability or pass"
    assert prompt(chain.PriorityWindow(PassOnly(), act="play a maneuver or pass")) == "Battle: play a maneuver or pass"
