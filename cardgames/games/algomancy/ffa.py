"""The free-for-all battle: sealed intent cards, revealed together, then each attacked region in turn.

Rulebook: Multiplayer — Free for all (FFA), Intent cards, Three players in one region, Multiplayer
priority; rulings R27, R28, R31, R32, R70. Each player with units at home places an intent in
front of each unit and spell token — stay, attack the player to the left, or to the right — one
seat at a time, sealed. When every seat has sealed, all intents flip together and the attacks
"take place instantly": the units go into the regions they attack. Then each attacked region,
clockwise from the initiative player's left and ending with the initiative player's own, runs
the FFA battle structure: each attacker sets a formation, priority window, the defender blocks,
priority window, combat damage, after-combat window. There are no counter-attacks.

Several attackers in one region set their formations side by side, in priority order; the
defender blocks column by column, so each blocker stands against one attacking formation (R32).
Adjacency never crosses from one attacker's formation to another's (`seating.same_formation`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardgames.engine import core_events as ce
from cardgames.engine.decisions import Ask, Option
from cardgames.engine.events import Event, applies, event
from cardgames.engine.flow import Flow, FnFrame, FrameKind
from cardgames.engine.state import Frame, GameObject, Json, State
from cardgames.games.algomancy import formation as fm
from cardgames.games.algomancy import table as t
from cardgames.games.algomancy.battle import Battle
from cardgames.games.algomancy.context import Rules
from cardgames.games.algomancy.seating import ffa_region_order, is_ffa, left, right

DIRECTIONS = ("stay", "left", "right")


@event("algomancy.IntentsRevealed")
@dataclass(frozen=True, slots=True)
class IntentsRevealed(Event):
    """Every sealed intent card flips at once: {seat: {"left"/"right": [units and tokens sent]}}.
    It shows what each seat chose in secret, so undo cannot reach back across it."""

    REVEALS = True

    intents: dict[str, dict[str, list[int]]]


@applies(IntentsRevealed)
def _revealed(s: State, e: IntentsRevealed) -> None:
    """The battle data that records the intents is set by the BattleChanged that follows."""


class FfaBattle(Battle):
    """The 1v1 battle (battle.py), with the FFA structure when three or more players are left."""

    def frame_kinds(self) -> dict[str, FrameKind]:
        return {**super().frame_kinds(), "intents": FnFrame(self._intents_run, self._intents_answer)}

    # -- the phase ---------------------------------------------------------------------------

    def start(self, flow: Flow) -> None:
        state = flow.state
        if not is_ffa(state):
            super().start(flow)
            return
        flow.emit(ce.BattleChanged(battle={
            "ffa": True, "phase": 0, "step": "intents", "region": None, "attacker": None, "defender": None,
            "attackers": [], "attack": [], "defence": fm.no_defence(), "blocked": [], "counter": [], "tokens": [],
            "present": {}, "attacked": False, "fought": False, "fronts": {}, "intents": None, "sent": {},
            "queue": []}))
        flow.push("battle")
        order = [s for s in t.priority_order(state, state.live_seats()) if self._home_units(state, s)]
        flow.push("intents", order=order, i=0, picks={}, picking=None)

    def _run(self, flow: Flow, frame: Frame) -> Ask | None:
        b = flow.state.battle
        if b is None or not b.get("ffa"):
            return super()._run(flow, frame)
        b = self._settled(flow, frame)
        if b is None:
            return None
        state = flow.state
        step = str(b["step"])
        reg = b.get("region")
        if step == "next" or reg is None or state.players[int(reg)].eliminated:
            self._next_region(flow, frame)
            return None
        if step == "declare":
            self.push_formations(flow, int(reg))
            return None
        return super()._run(flow, frame)

    def push_formations(self, flow: Flow, reg: int) -> None:
        """Each attacker sets the formation of the units it sent into `reg`, in priority order."""
        state = flow.state
        b = state.battle
        assert b is not None
        flow.emit(ce.BattleChanged(changes={"step": "attack_window"}))
        sent = b["sent"][str(reg)]
        for a in reversed([int(s) for s in b["attackers"]]):
            here = [state.objects[u] for u in sent.get(str(a), []) if u in state.objects]
            pool = [o.id for o in here if o.zone == t.region(reg) and self.rules.cards[o.card].is_unit]
            if pool:
                flow.push("formation", seat=a, pool=pool, cols=[], tokens=[], picking=None, must=True, join=True)

    def _next_region(self, flow: Flow, frame: Frame) -> None:
        """The next attacked region in resolution order, or the end of the battle phase."""
        state = flow.state
        b = state.battle
        assert b is not None
        queue = [int(r) for r in b["queue"]]
        while queue:
            reg = queue.pop(0)
            if state.players[reg].eliminated:
                continue
            sent = b["sent"].get(str(reg), {})
            attackers = [s for s in t.priority_order(state, [int(k) for k in sent]) if not state.players[s].eliminated]
            if not attackers:
                continue
            flow.emit(ce.BattleChanged(changes={
                "step": "declare", "region": reg, "defender": reg, "attacker": attackers[0], "attackers": attackers,
                "attack": [], "defence": fm.no_defence(), "blocked": [], "fronts": {}, "attacked": False,
                "fought": False, "queue": queue}))
            return
        flow.emit(ce.BattleChanged(changes={"step": "over", "region": None, "queue": []}))
        flow.pop(frame)

    # -- each attacker's formation joins the region's attack ------------------------------------

    def _form_run(self, flow: Flow, frame: Frame) -> Ask | None:
        ask = super()._form_run(flow, frame)
        if ask is None or not frame.data.get("join"):
            return ask
        # the spell tokens came with their intents: none is brought or left now
        return Ask(ask.seat, ask.kind, ask.prompt, [o for o in ask.options if o.group != "token"], ask.info)

    def declare(self, flow: Flow, seat: int, cols: list[list[int]], tokens: list[int]) -> None:
        """FFA and team games: the formation joins any other attacker's in the region, side by side."""
        state = flow.state
        b = state.battle
        if b is None or not (b.get("ffa") or b.get("team")):
            super().declare(flow, seat, cols, tokens)
            return
        if not cols:
            return
        reg = int(b["region"])
        fronts = dict(b["fronts"])
        for u in (u for c in cols for u in c):
            fronts[str(u)] = seat
        present = dict(b["present"])
        present[str(reg)] = sorted({*present.get(str(reg), []), seat})
        flow.emit(ce.BattleChanged(changes={"attack": [*b["attack"], *cols], "fronts": fronts, "attacked": True,
                                            "attackers": [*(a for a in b.get("attackers", []) if a != seat), seat]
                                            if seat not in b.get("attackers", []) else b["attackers"],
                                            "present": present}))
        for u in [*(u for c in cols for u in c), *tokens]:
            if state.objects[u].zone != t.region(reg):  # FFA: already there since the intents flipped
                flow.emit(ce.ObjectMoved(u, t.region(reg)))

    # -- intents ------------------------------------------------------------------------------

    def _home_units(self, state: State, seat: int) -> list[GameObject]:
        """What may carry an intent: the units and spell tokens `seat` controls in its own region."""
        return [o for o in t.in_region(state, seat) if o.controller == seat
                and (self.rules.cards[o.card].is_unit or self.rules.cards[o.card].kind == "token_spell")]

    def _where(self, state: State, seat: int, way: str) -> str:
        if way == "stay":
            return "stay home"
        target = left(state, seat) if way == "left" else right(state, seat)
        return f"attack {state.players[target].name} ({way})"

    def _intents_run(self, flow: Flow, frame: Frame) -> Ask | None:
        state = flow.state
        d = frame.data
        order = [int(s) for s in d["order"]]
        i = int(d["i"])
        if i >= len(order):
            self._reveal(flow, frame)
            return None
        seat = order[i]
        mine: dict[str, str] = dict(d["picks"].get(str(seat), {}))
        name = self.rules.card_name
        things = self._home_units(state, seat)
        if d["picking"] is not None:
            obj = state.objects[int(d["picking"])]
            opts = [Option(f"way:{w}", _cap(self._where(state, seat, w)), "intent", obj.id) for w in DIRECTIONS]
            opts.append(Option("back", "Back", "cancel"))
            return Ask(seat, "intent", f"Intent card for {name(state, obj)}", opts)
        going = sum(1 for o in things if mine.get(str(o.id), "stay") != "stay" and self.rules.cards[o.card].is_unit)
        opts = [Option("done", f"Seal my intents ({going} unit{'s' if going != 1 else ''} attacking)", "done")]
        for w in DIRECTIONS:
            opts.append(Option(f"all:{w}", f"Every unit and token: {self._where(state, seat, w)}", "all"))
        for o in things:
            now = self._where(state, seat, mine.get(str(o.id), "stay"))
            opts.append(Option(f"pick:{o.id}", f"{name(state, o)} — {now}", "unit", o.id))
        shown = "; ".join(f"{name(state, o)}: {mine.get(str(o.id), 'stay')}" for o in things)
        return Ask(seat, "intent", f"Place your intent cards face down (sealed until all flip): {shown}", opts)

    def _intents_answer(self, flow: Flow, frame: Frame, option: Option) -> None:
        d = frame.data
        seat = int(d["order"][int(d["i"])])
        picks: dict[str, Any] = {k: dict(v) for k, v in d["picks"].items()}
        mine: dict[str, str] = picks.setdefault(str(seat), {})
        key = option.key
        if key == "done":
            flow.update(frame, i=int(d["i"]) + 1, picking=None)
        elif key == "back":
            flow.update(frame, picking=None)
        elif key.startswith("pick:"):
            flow.update(frame, picking=int(key.split(":")[1]))
        elif key.startswith("way:"):
            _set(mine, int(d["picking"]), key.split(":")[1])
            flow.update(frame, picks=picks, picking=None)
        elif key.startswith("all:"):
            for o in self._home_units(flow.state, seat):
                _set(mine, o.id, key.split(":")[1])
            flow.update(frame, picks=picks)

    def _reveal(self, flow: Flow, frame: Frame) -> None:
        """All intents flip together; the attacks take place instantly (Intent cards). A spell
        token whose intent names a region no unit of its controller goes to stays home (R70)."""
        state = flow.state
        flow.pop(frame)
        revealed: dict[str, dict[str, list[int]]] = {}
        sent: dict[str, dict[str, list[int]]] = {}
        moves: list[tuple[int, int]] = []
        for seat_key, mine in sorted(frame.data["picks"].items(), key=lambda kv: int(kv[0])):
            seat = int(seat_key)
            home = {o.id: o for o in self._home_units(state, seat)}
            ways: dict[str, list[int]] = {}
            for way in ("left", "right"):
                chosen = [oid for oid in sorted(home) if mine.get(str(oid)) == way]
                units = [oid for oid in chosen if self.rules.cards[home[oid].card].is_unit]
                if not units:
                    continue
                ways[way] = chosen
                target = left(state, seat) if way == "left" else right(state, seat)
                sent.setdefault(str(target), {}).setdefault(str(seat), []).extend(chosen)
                moves += [(oid, target) for oid in chosen]
            if ways:
                revealed[str(seat)] = ways
        present: dict[str, Json] = {r: sorted(int(s) for s in by) for r, by in sent.items()}
        b = state.battle or {}
        queue = [r for r in ffa_region_order(state, t.initiative(state)) if str(r) in sent]
        flow.emit(IntentsRevealed(revealed))
        flow.emit(ce.BattleChanged(changes={"intents": revealed, "sent": sent, "present": present, "queue": queue,
                                            "step": "next" if b else "over"}))
        for oid, target in moves:
            flow.emit(ce.ObjectMoved(oid, t.region(target)))


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _set(mine: dict[str, str], oid: int, way: str) -> None:
    if way == "stay":
        mine.pop(str(oid), None)
    else:
        mine[str(oid)] = way


def describe(rules: Rules, state: State, ev: Event) -> str | None:
    """The log line of the reveal: who sends what where (everyone else stays home)."""
    if not isinstance(ev, IntentsRevealed):
        return None
    if not ev.intents:
        return "Intent cards flip: everyone stays home"
    parts = []
    for seat_key, ways in sorted(ev.intents.items(), key=lambda kv: int(kv[0])):
        seat = int(seat_key)
        for way, oids in ways.items():
            target = left(state, seat) if way == "left" else right(state, seat)
            names = ", ".join(rules.card_name(state, state.objects[o]) for o in oids if o in state.objects)
            parts.append(f"{state.players[seat].name} sends {names} against {state.players[target].name}")
    return "Intent cards flip: " + "; ".join(parts)
