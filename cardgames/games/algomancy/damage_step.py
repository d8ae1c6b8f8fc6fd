"""The combat damage step as a frame: three sub-steps, and the dealer's choice to over-assign to the front unit.

Frame kind "combat_damage" runs the sub-steps first, regular, last (R45). Before a sub-step deals its
damage, the controller of each blocked column that could give its front target more than lethal is
asked how much the front unit takes (rulebook Q&A: "the player dealing damage may choose to assign
additional damage beyond lethal to a unit"); the first option is the usual split, lethal first.
"""

from __future__ import annotations

from cardgames.engine import core_events as ce
from cardgames.engine.decisions import Ask, Option
from cardgames.engine.flow import Flow, FnFrame, FrameKind
from cardgames.engine.state import Frame, State
from cardgames.games.algomancy import board
from cardgames.games.algomancy import combat as cm
from cardgames.games.algomancy import formation as fm
from cardgames.games.algomancy.checks import check_state
from cardgames.games.algomancy.context import Rules, rules_of
from cardgames.games.algomancy.lethal import stats_now
from cardgames.games.algomancy.verbs import deal_damage


def plain(rules: Rules, flow: Flow) -> cm.Battle:
    """The battle in the current region as plain data for the combat calculation."""
    state = flow.state
    b = state.battle
    assert b is not None
    units: dict[str, cm.CombatUnit] = {}
    in_play = stats_now(rules, flow)  # the stats the state checks keep
    for u in fm.units_in(b["attack"]) + fm.units_in(b["defence"]):
        o = state.objects[u]
        stats = in_play.get(u)
        p, d = stats if stats is not None else board.stats_of(rules, state, o)
        units[str(u)] = {"power": p, "defense": d, "damage": o.counters.get("damage", 0),
                         "attributes": board.own_attributes(rules, state, o)}
    return {"attack": b["attack"], "defence": b["defence"], "blocked": list(b["blocked"]), "units": units}


def dealer(state: State, receiver: int) -> int | None:
    """A unit of the column facing `receiver` (so a Deadly column's damage is deadly)."""
    b = state.battle or {}
    for mine, theirs in (("attack", "defence"), ("defence", "attack")):
        form = b.get(mine)
        if form and (col := fm.column_of(form, receiver)) is not None:
            facing = fm.column_at(b[theirs], col)
            return facing[0] if facing else None
    return None


def frame_kinds() -> dict[str, FrameKind]:
    return {"combat_damage": FnFrame(_run, _answer)}


def start(flow: Flow) -> None:
    """The damage step begins: which sub-steps each column acts in is fixed now (R45)."""
    rules = rules_of(flow)
    plan = cm.schedule(plain(rules, flow))
    flow.emit(ce.BattleChanged(changes={"fought": True}))
    flow.push("combat_damage", plan=plan, sub=0, assign={})


def _run(flow: Flow, frame: Frame) -> Ask | None:
    rules = rules_of(flow)
    if check_state(rules, flow):  # until nothing more dies: a back unit moved up may have lost its buff
        return None
    state = flow.state
    sub = int(frame.data["sub"])
    b = state.battle
    if b is None or state.outcome is not None or sub >= len(cm.SUBSTEPS):
        flow.pop(frame)
        return None
    step = cm.SUBSTEPS[sub]
    plan: dict[str, list[str]] = dict(frame.data["plan"])
    assign: dict[str, int] = {str(k): int(v) for k, v in dict(frame.data["assign"]).items()}
    battle = plain(rules, flow)
    for ch in cm.assignment_choices(battle, step, plan):
        if ch["column"] not in assign:
            return _ask(rules, flow, ch)
    events = cm.substep_damage(battle, step, plan, {k: v for k, v in assign.items()})
    hitters = iter(cm.player_hitters(battle, step, plan))  # which column hits the player, for the log
    defender = int(b["defender"])
    flow.update(frame, sub=sub + 1, assign={})
    for ev in events:
        if ev[0] == "player":
            front = cm.column_units(battle, "attack", next(hitters))[0]
            deal_damage(flow, -(defender + 1), int(ev[1]), front, combat=True)
        else:
            unit, amount = int(ev[1]), int(ev[2])
            if unit in state.objects and state.objects[unit].zone.startswith("region:"):
                deal_damage(flow, unit, amount, dealer(state, unit), combat=True)
    check_state(rules, flow)
    return None


def _ask(rules: Rules, flow: Flow, ch: cm.AssignmentChoice) -> Ask:
    state = flow.state
    b = state.battle or {}
    side = ch["column"].split(":")[0]
    seat = int(b["attacker"] if side == "attack" else b["defender"])
    if side == "attack" and b.get("fronts"):  # FFA: the column's own attacker (ffa.py)
        column = fm.column_at(b["attack"], int(ch["column"].split(":")[1]))
        seat = int(b["fronts"].get(str(column[0]), seat)) if column else seat
    name = rules.card_name
    front, back = name(state, state.objects[ch["front"]]), name(state, state.objects[ch["back"]])
    amount, lethal = ch["amount"], ch["lethal"]
    opts = []
    for n in range(lethal, amount + 1):
        usual = " (the usual split: lethal to the front first)" if n == lethal else ""
        opts.append(Option(f"front:{n}", f"Deal {n} to {front} and {amount - n} to {back}{usual}", "assign",
                           ch["front"]))
    col = int(ch["column"].split(":")[1]) + 1
    return Ask(seat, "assign_damage", f"Column {col} deals {amount} combat damage: how much goes to {front} in "
               f"front (at least {lethal} before any reaches {back})?", opts)


def _answer(flow: Flow, frame: Frame, option: Option) -> None:
    rules = rules_of(flow)
    plan: dict[str, list[str]] = dict(frame.data["plan"])
    step = cm.SUBSTEPS[int(frame.data["sub"])]
    assign = {str(k): int(v) for k, v in dict(frame.data["assign"]).items()}
    ch = next(c for c in cm.assignment_choices(plain(rules, flow), step, plan)
              if c["column"] not in assign)
    assign[ch["column"]] = int(option.key.split(":")[1]) - ch["lethal"]
    flow.update(frame, assign=assign)
