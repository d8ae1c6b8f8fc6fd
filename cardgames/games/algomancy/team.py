"""The team battle (split teams 2v2 and 3v3, and archenemy 2v1): the 1v1 attack and counter-attack across regions.

Rulebook: Team games — Team initiative, Team battle structure; Battle, Initiative; rulings R27–R31,
R71, R73. The initiative team (IT) is the team of the initiative player. The battle phase:

1. the IT declare their attacks all at once: each IT member, in turn order, sets a formation
   against each neighbouring enemy region they choose to attack (never a team-mate's);
2. a priority window in each attacked NIT region, clockwise from the initiative player;
3. the NIT declare their blocks and counter-attacks all at once: each NIT member blocks in their
   own region and sends counter-attackers toward a neighbouring IT region of their choice (the
   counter-attackers are treated as if they do not exist until phase 1 is over);
4. battle finishes in each attacked NIT region (priority window, combat damage, after combat),
   clockwise from the initiative player;
5. phase 2, in each IT region that is counter-attacked, clockwise from the initiative player: the
   NIT attackers set their formations, priority window, the IT player blocks, priority window,
   combat damage, after combat.

The battle data names the region where play is now (`region`, `attack`, `defence`...); the other
regions' formations wait in `regions` until play moves there (`_switch`).
"""

from __future__ import annotations

from typing import Any

from cardgames.engine import core_events as ce
from cardgames.engine.decisions import Ask, Option
from cardgames.engine.flow import Flow
from cardgames.engine.state import Frame, Json, State
from cardgames.games.algomancy import formation as fm
from cardgames.games.algomancy import table as t
from cardgames.games.algomancy.ffa import FfaBattle
from cardgames.games.algomancy.priority import open_region_window
from cardgames.games.algomancy.seating import enemy_neighbours, is_team_game, mates, turn_order

REGION_KEYS = ("attack", "defence", "blocked", "fronts", "attackers", "attacked", "fought")


def _fresh() -> dict[str, Json]:
    return {"attack": [], "defence": fm.no_defence(), "blocked": [], "fronts": {}, "attackers": [],
            "attacked": False, "fought": False}


class TeamBattle(FfaBattle):
    """The FFA battle (ffa.py) and the 1v1 battle (battle.py), with the team structure in team games."""

    def start(self, flow: Flow) -> None:
        state = flow.state
        if state.globals.get("waiting"):  # archenemy's head start: nobody else is in the game yet (R73)
            return
        if not is_team_game(state):
            super().start(flow)
            return
        it = t.initiative(state)
        members = [s for s in turn_order(state, it) if mates(state, s, it)]
        todo = [[m, r] for m in members for r in enemy_neighbours(state, m)]
        flow.emit(ce.BattleChanged(battle={
            "team": True, "phase": 1, "stage": "attacks", "step": "attacks", "region": None, "attacker": it,
            "defender": None, "counter": [], "counter_to": {}, "tokens": [], "present": {}, "regions": {},
            "todo": todo, "queue": [], "sent": {}, **_fresh()}))
        flow.push("battle")

    # -- moving play from region to region ---------------------------------------------------

    def _data(self, state: State, reg: int) -> dict[str, Any]:
        """A region's formations: the current one's from the top of the battle data, else as stored."""
        b = state.battle or {}
        if b.get("region") == reg:
            return {k: b[k] for k in REGION_KEYS}
        return dict(b.get("regions", {}).get(str(reg)) or _fresh())

    def _switch(self, flow: Flow, reg: int, **extra: Json) -> None:
        """Play moves to region `reg`: the current region's formations are stored, `reg`'s taken up
        (without units that left it meanwhile, e.g. a player eliminated elsewhere)."""
        state = flow.state
        b = state.battle
        assert b is not None
        regions = dict(b["regions"])
        cur = b.get("region")
        if cur is not None:
            regions[str(cur)] = {k: b[k] for k in REGION_KEYS}
        data = dict(regions.pop(str(reg), None) or _fresh())
        here = t.region(reg)
        declared = b.get("stage") in ("finish", "phase2")  # before blocks, an emptied column closes (R35)
        for key in ("attack", "defence"):
            for u in fm.units_in(data[key]):
                if u not in state.objects or state.objects[u].zone != here:
                    data[key] = fm.remove_unit(data[key], u, blocks_declared=declared or key == "defence")
        attackers = [int(a) for a in data["attackers"]]
        flow.emit(ce.BattleChanged(changes={
            "regions": regions, "region": reg, "defender": reg,
            "attacker": attackers[0] if attackers else t.initiative(state), **data, **extra}))

    def _order(self, state: State, seats: list[int]) -> list[int]:
        """Regions in resolution order: clockwise from the initiative player (R31)."""
        return [s for s in t.priority_order(state, seats) if not state.players[s].eliminated]

    # -- the stages ----------------------------------------------------------------------------

    def _run(self, flow: Flow, frame: Frame) -> Ask | None:
        b = flow.state.battle
        if b is None or not b.get("team"):
            return super()._run(flow, frame)
        b = self._settled(flow, frame)
        if b is None:
            return None
        state = flow.state
        stage = str(b["stage"])
        it = t.initiative(state)
        nit = [s for s in state.live_seats() if not mates(state, s, it)]
        if stage == "attacks":
            self._attacks(flow, nit)
        elif stage == "attack_windows":
            self._attack_windows(flow, nit)
        elif stage == "blocks":
            self._blocks(flow)
        elif stage in ("finish", "phase2"):
            reg = b.get("region")
            step = str(b["step"])
            if reg is not None and step not in ("next", "over") and not state.players[int(reg)].eliminated:
                if step == "declare":
                    self.push_formations(flow, int(reg))
                    return None
                return super()._run(flow, frame)
            queue = [int(r) for r in b["queue"]]
            while queue:
                r = queue.pop(0)
                if state.players[r].eliminated:
                    continue
                if stage == "finish":
                    if self._data(state, r)["attacked"]:
                        self._switch(flow, r, queue=queue, step="block_window")
                        return None
                    continue
                senders = [s for s in b["sent"].get(str(r), {}) if not state.players[int(s)].eliminated]
                if senders:
                    attackers = t.priority_order(state, [int(s) for s in senders])
                    self._switch(flow, r, **{**_fresh(), "queue": queue, "step": "declare", "attackers": attackers,
                                             "attacker": attackers[0]})
                    return None
            if stage == "finish":
                self._counter_attack(flow)
            else:
                flow.emit(ce.BattleChanged(changes={"step": "over", "stage": "over", "region": None, "queue": []}))
                flow.pop(frame)
        return None

    def _attacks(self, flow: Flow, nit: list[int]) -> None:
        """Step 1: the next IT member's formation against one neighbouring enemy region."""
        state = flow.state
        b = state.battle
        assert b is not None
        todo = [list(p) for p in b["todo"]]
        while todo:
            m, r = (int(x) for x in todo.pop(0))
            if state.players[m].eliminated or state.players[r].eliminated:
                continue
            pool = [o.id for o in t.in_region(state, m) if o.controller == m and self.rules.cards[o.card].is_unit]
            if not pool:
                continue
            self._switch(flow, r, todo=todo, step="declare", attacker=m)
            flow.push("formation", seat=m, pool=pool, cols=[], tokens=[], picking=None, must=False,
                      target=r)
            return
        attacked = [r for r in nit if self._data(state, r)["attacked"]]
        flow.emit(ce.BattleChanged(changes={"stage": "attack_windows", "todo": [],
                                            "queue": self._order(state, attacked)}))

    def _attack_windows(self, flow: Flow, nit: list[int]) -> None:
        """Step 2: a priority window in each attacked NIT region, in order."""
        state = flow.state
        b = state.battle
        assert b is not None
        queue = [int(r) for r in b["queue"]]
        while queue:
            r = queue.pop(0)
            if state.players[r].eliminated:
                continue
            self._switch(flow, r, queue=queue, step="attack_window")
            open_region_window(flow, r, "battle:attack_window", "Attack step")
            return
        flow.emit(ce.BattleChanged(changes={"stage": "blocks", "queue": self._order(state, nit)}))

    def _blocks(self, flow: Flow) -> None:
        """Step 3: each NIT member blocks in their region and chooses counter-attackers."""
        state = flow.state
        b = state.battle
        assert b is not None
        queue = [int(r) for r in b["queue"]]
        while queue:
            r = queue.pop(0)
            if state.players[r].eliminated:
                continue
            self._switch(flow, r, queue=queue, step="block")
            flow.push("block", seat=r, picking=None, counter=True)
            return
        it = t.initiative(state)
        nit = [s for s in state.live_seats() if not mates(state, s, it)]
        flow.emit(ce.BattleChanged(changes={"stage": "finish", "step": "next", "region": None,
                                            "queue": self._order(state, nit),
                                            "regions": {**b["regions"], str(b["region"]): {
                                                k: b[k] for k in REGION_KEYS}} if b.get("region") is not None
                                            else b["regions"]}))

    def _counter_attack(self, flow: Flow) -> None:
        """Phase 2 begins: the counter-attackers enter the IT regions they were sent to."""
        state = flow.state
        b = state.battle
        assert b is not None
        sent: dict[str, dict[str, list[int]]] = {}
        moves = []
        for u in b["counter"]:
            target = int(b["counter_to"].get(str(u), -1))
            o = state.objects.get(u)
            if o is None or target < 0 or not o.zone.startswith("region:") or state.players[target].eliminated:
                continue
            sent.setdefault(str(target), {}).setdefault(str(o.controller), []).append(u)
            moves.append((u, target))
        present = dict(b["present"])
        for r, by in sent.items():
            present[r] = sorted({*present.get(r, []), *(int(s) for s in by)})
        flow.emit(ce.BattleChanged(changes={
            "phase": 2, "stage": "phase2", "step": "next", "region": None, "counter": [], "sent": sent,
            "present": present, "regions": {}, "queue": self._order(state, [int(r) for r in sent])}))
        for u, target in moves:
            flow.emit(ce.ObjectMoved(u, t.region(target)))

    # -- counter-attackers choose where they go -----------------------------------------------

    def _block_run(self, flow: Flow, frame: Frame) -> Ask | None:
        ask = super()._block_run(flow, frame)
        b = flow.state.battle or {}
        if ask is None or not b.get("team") or not any(o.key == "counter" for o in ask.options):
            return ask
        state = flow.state
        seat = int(frame.data["seat"])
        opts: list[Option] = []
        for o in ask.options:
            if o.key != "counter":
                opts.append(o)
                continue
            for r in enemy_neighbours(state, seat):
                opts.append(Option(f"counter:{r}", f"Send to counter-attack {state.players[r].name}", "counter"))
        return Ask(ask.seat, ask.kind, ask.prompt, opts, ask.info)

    def _block_answer(self, flow: Flow, frame: Frame, option: Option) -> None:
        b = flow.state.battle
        if b is None or not b.get("team") or not option.key.startswith("counter:"):
            super()._block_answer(flow, frame, option)
            return
        unit = int(frame.data["picking"])
        flow.emit(ce.BattleChanged(changes={
            "counter": [*b["counter"], unit],
            "counter_to": {**b["counter_to"], str(unit): int(option.key.split(":")[1])}}))
        flow.update(frame, picking=None)

