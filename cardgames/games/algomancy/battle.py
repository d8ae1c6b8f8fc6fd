"""The battle phase, 1v1: phase 1 in the non-initiative region, phase 2 (counter-attack) in the initiative one.

Each phase: the attacker sets a formation, priority window, the defender blocks (in phase 1 also
choosing counter-attackers), priority window, combat damage (first, regular, last), after-combat
window (rulebook: Battle, Initiative; Teams/1v1 turn chart). Regroup ends the battle.
"""

from __future__ import annotations

from typing import Any

from cardgames.engine import core_events as ce
from cardgames.engine.decisions import Ask, Option
from cardgames.engine.flow import Flow, FnFrame, FrameKind
from cardgames.engine.state import Frame, State
from cardgames.games.algomancy import board, damage_step
from cardgames.games.algomancy import formation as fm
from cardgames.games.algomancy import table as t
from cardgames.games.algomancy.checks import check_state
from cardgames.games.algomancy.context import Rules
from cardgames.games.algomancy.events import AttackDeclared, BlocksDeclared
from cardgames.games.algomancy.priority import open_region_window
from cardgames.games.algomancy.triggers import flush, queue_trigger_event

STEPS = ("declare", "attack_window", "block", "block_window", "damage", "after_window", "next")


class Battle:
    """Frame kinds "battle", "formation" and "block", and the battle's queries."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules

    def frame_kinds(self) -> dict[str, FrameKind]:
        return {"battle": FnFrame(self._run), "formation": FnFrame(self._form_run, self._form_answer),
                "block": FnFrame(self._block_run, self._block_answer), **damage_step.frame_kinds()}

    # -- queries: a unit's attributes and stats now (board.py) ---------------------------------

    def attributes(self, state: State, obj: int) -> list[str]:
        return board.attributes(self.rules, state, state.objects[obj])

    def stats(self, state: State, obj: int) -> tuple[int, int]:
        return board.stats_of(self.rules, state, state.objects[obj])

    # -- the phase ---------------------------------------------------------------------------

    def start(self, flow: Flow) -> None:
        state = flow.state
        it = t.initiative(state)
        nit = next(s for s in t.priority_order(state, state.live_seats()) if not t.allied(state, s, it) and s != it)
        flow.emit(ce.BattleChanged(battle={
            "phase": 1, "step": "declare", "region": t.home(state, nit), "attacker": it, "defender": nit,
            "attack": [], "defence": fm.no_defence(), "blocked": [], "counter": [], "tokens": [],
            "present": {}, "attacked": False, "fought": False}))
        flow.push("battle")

    def _settled(self, flow: Flow, frame: Frame) -> dict[str, Any] | None:
        """The battle under way once state checks and waiting triggers are done; None if either
        acted (the frame runs again) or the battle has ended (its frame is popped)."""
        if check_state(self.rules, flow) or flush(self.rules, flow):
            return None
        b = flow.state.battle
        if b is None:
            flow.pop(frame)
        return b

    def _run(self, flow: Flow, frame: Frame) -> Ask | None:
        b = self._settled(flow, frame)
        if b is None:
            return None
        state = flow.state
        step = str(b["step"])
        reg = int(b["region"])
        attacker, defender = int(b["attacker"]), int(b["defender"])
        nxt = STEPS[STEPS.index(step) + 1] if step != "next" else "next"
        if step == "declare":
            flow.emit(ce.BattleChanged(changes={"step": nxt}))
            if int(b["phase"]) == 1:
                pool = [o.id for o in t.in_region(state, t.home(state, attacker))
                        if t.allied(state, o.controller, attacker) and self.rules.cards[o.card].is_unit]
                flow.push("formation", seat=attacker, pool=pool, cols=[], tokens=[], picking=None, must=False)
            else:
                flow.push("formation", seat=attacker, pool=list(b["counter"]), cols=[], tokens=[], picking=None,
                          must=True)
        elif step in ("attack_window", "block_window", "after_window"):
            flow.emit(ce.BattleChanged(changes={"step": nxt}))
            if not b.get("attacked") and step != "after_window":
                return None
            if step == "after_window":
                if not b.get("fought"):
                    return None
                for o in list(t.in_region(state, reg)):  # after combat (R24): only where combat happened
                    queue_trigger_event(self.rules, flow, "after_combat", o.id, o.controller, reg)
            title = {"attack_window": "Attack step", "block_window": "Block step",
                     "after_window": "After combat"}[step]
            open_region_window(flow, reg, f"battle:{step}", title)
        elif step == "block":
            flow.emit(ce.BattleChanged(changes={"step": nxt}))
            allow_counter = int(b["phase"]) == 1
            if b.get("attacked") or allow_counter:
                flow.push("block", seat=defender, picking=None, counter=allow_counter)
        elif step == "damage":
            flow.emit(ce.BattleChanged(changes={"step": nxt}))
            if b.get("attacked"):  # even if every attacker was removed first (R24)
                damage_step.start(flow)
        else:
            self._next_phase(flow, frame)
        return None

    def _next_phase(self, flow: Flow, frame: Frame) -> None:
        state = flow.state
        b = state.battle
        assert b is not None
        if int(b["phase"]) == 1 and b["counter"]:
            it, nit, here = int(b["attacker"]), int(b["defender"]), int(b["region"])
            there = t.home(state, it)
            present = dict(b["present"])
            present[str(there)] = [nit]
            flow.emit(ce.BattleChanged(changes={
                "phase": 2, "step": "declare", "region": there, "attacker": nit, "defender": it,
                "attack": [], "defence": fm.no_defence(), "blocked": [], "present": present, "attacked": False,
                "fought": False}))
            for u in b["counter"]:
                if u in state.objects and state.objects[u].zone == t.region(here):
                    flow.emit(ce.ObjectMoved(u, t.region(there)))
            return
        flow.emit(ce.BattleChanged(changes={"step": "over", "region": None}))
        flow.pop(frame)

    # -- setting a formation -----------------------------------------------------------------

    def _form_run(self, flow: Flow, frame: Frame) -> Ask | None:
        if check_state(self.rules, flow):  # a column's shared attributes change stats as it forms
            return None
        state = flow.state
        d = frame.data
        seat = int(d["seat"])
        cols: list[list[int]] = [list(c) for c in d["cols"]]
        placed = {u for c in cols for u in c}
        name = self.rules.card_name
        pool = [u for u in d["pool"] if u in state.objects and state.objects[u].zone.startswith("region:")]
        if d["picking"] is not None:
            u = int(d["picking"])
            opts = [Option("slot:new", f"New column {len(cols) + 1}, front row", "slot")]
            opts += [Option(f"slot:{i}", f"Column {i + 1}, back row (behind {name(state, state.objects[c[0]])})",
                            "slot") for i, c in enumerate(cols) if len(c) == 1]
            opts.append(Option("back", "Back", "cancel"))
            return Ask(seat, "formation", f"Where does {name(state, state.objects[u])} go?", opts,
                       {"cols": cols})
        opts = []
        for u in pool:
            if u not in placed:
                opts.append(Option(f"unit:{u}", f"Place {name(state, state.objects[u])}", "unit", u))
        if cols:  # spell tokens follow at least one unit into battle, a counter-attack too (Spell tokens, p.15)
            for o in t.in_region(state, t.home(state, seat)):
                if t.allied(state, o.controller, seat) and self.rules.cards[o.card].kind == "token_spell":
                    on = o.id in d["tokens"]
                    opts.append(Option(f"token:{o.id}", f"{'Leave' if on else 'Bring'} {name(state, o)}",
                                       "token", o.id))
        if cols:
            opts.append(Option("clear", "Start the formation again", "cancel"))
        if not d["must"] or len(placed) == len(pool):
            label = ("Attack with this formation" if cols else "Do not attack") if not d["must"] \
                else "Set this formation"
            opts.insert(0, Option("done", label, "done"))
        shown = " | ".join("/".join(name(state, state.objects[u]) for u in c) for c in cols) or "empty"
        return Ask(seat, "formation", f"Set your attacking formation (front/back by column): {shown}", opts,
                   {"cols": cols})

    def _form_answer(self, flow: Flow, frame: Frame, option: Option) -> None:
        d = frame.data
        key = option.key
        cols = [list(c) for c in d["cols"]]
        if key.startswith("unit:"):
            flow.update(frame, picking=int(key.split(":")[1]))
        elif key == "back":
            flow.update(frame, picking=None)
        elif key.startswith("slot:"):
            u = int(d["picking"])
            where = key.split(":")[1]
            if where == "new":
                cols.append([u])
            else:
                cols[int(where)].append(u)
            flow.update(frame, cols=cols, picking=None)
        elif key.startswith("token:"):
            tok = int(key.split(":")[1])
            toks = [x for x in d["tokens"] if x != tok] if tok in d["tokens"] else [*d["tokens"], tok]
            flow.update(frame, tokens=toks)
        elif key == "clear":
            flow.update(frame, cols=[], tokens=[], picking=None)
        elif key == "done":
            flow.pop(frame)
            state = flow.state
            b = state.battle
            assert b is not None
            seat = int(d["seat"])
            tokens = [int(x) for x in d["tokens"]]
            if cols or any(u in state.objects and state.objects[u].zone.startswith("region:") for u in d["pool"]):
                # the log's line, where the formation is declared (not when there was nothing to attack with)
                flow.emit(AttackDeclared(seat, int(b["region"]), cols, tokens, counter=int(b["phase"]) == 2))
            self.declare(flow, seat, cols, tokens)

    def declare(self, flow: Flow, seat: int, cols: list[list[int]], tokens: list[int]) -> None:
        """The formation is set: the units (and spell tokens that follow them) enter the region."""
        state = flow.state
        b = state.battle
        assert b is not None
        if not cols:
            return
        reg = int(b["region"])
        present = dict(b["present"])
        present[str(reg)] = sorted({*present.get(str(reg), []), seat})
        flow.emit(ce.BattleChanged(changes={"attack": cols, "present": present, "attacked": True}))
        for u in [*(u for c in cols for u in c), *tokens]:
            if state.objects[u].zone != t.region(reg):
                flow.emit(ce.ObjectMoved(u, t.region(reg)))

    # -- blocks (and counter-attackers) ------------------------------------------------------

    def _block_run(self, flow: Flow, frame: Frame) -> Ask | None:
        if check_state(self.rules, flow):  # a column's shared attributes change stats as it forms
            return None
        state = flow.state
        b = state.battle
        assert b is not None
        seat = int(frame.data["seat"])
        reg = int(b["region"])
        name = self.rules.card_name
        defence = b["defence"]
        busy = set(fm.units_in(defence)) | set(b["counter"])
        free = [o for o in t.in_region(state, reg) if t.allied(state, o.controller, seat)
                and self.rules.cards[o.card].is_unit and o.id not in busy]
        attack = b["attack"]
        picking = frame.data["picking"]
        if picking is not None:
            u = int(picking)
            opts = []
            for i in range(-1, len(attack) + 1):
                column = fm.column_at(defence, i)
                if len(column) >= fm.ROWS or not self.may_block(state, u, i, column):
                    continue
                row = "front" if not column else "back"
                if 0 <= i < len(attack):
                    facing = "/".join(name(state, state.objects[a]) for a in fm.column_at(attack, i))
                    label = f"Column {i + 1}, {row} row: blocks {facing}"
                else:  # a flanking column beside the attack: it blocks nothing (R36)
                    label = f"{'Left' if i < 0 else 'Right'} flank, {row} row: blocks nothing"
                opts.append(Option(f"slot:{i}", label, "slot"))
            if frame.data["counter"]:
                opts.append(Option("counter", "Send to counter-attack", "counter"))
            opts.append(Option("back", "Back", "cancel"))
            return Ask(seat, "block", f"Where does {name(state, state.objects[u])} go?", opts)
        opts = [Option("done", "Done: declare blocks" + (" and counter-attack" if frame.data["counter"] else ""),
                       "done")]
        opts += [Option(f"unit:{o.id}", f"Use {name(state, o)}", "unit", o.id) for o in free]
        if busy:
            opts.append(Option("clear", "Start again", "cancel"))
        what = "block" + (" or send units to counter-attack" if frame.data["counter"] else "")
        return Ask(seat, "block", f"Declare blocks: choose units to {what}", opts)

    def may_block(self, state: State, unit: int, index: int, column: list[int]) -> bool:
        """Flying (R40): a flying attacking column can be blocked only by a column with flying."""
        b = state.battle or {}
        if not 0 <= index < len(b.get("attack", [])):
            return True
        attackers = fm.column_at(b["attack"], index)
        if not attackers or "flying" not in self.attributes(state, attackers[0]):
            return True
        for u in [*column, unit]:
            o = state.objects[u]
            card = self.rules.cards[o.card]
            abilities = [*card.abilities, *(card.augment.abilities if card.augment else [])]
            for m in board.mods_on(state, o):
                aug = self.rules.cards[m.card].augment
                abilities += aug.abilities if aug is not None else []
            if "flying" in board.own_attributes(self.rules, state, o) or any(
                    a.static is not None and a.static.can_block_flying for a in abilities):
                return True
        return False

    def _block_answer(self, flow: Flow, frame: Frame, option: Option) -> None:
        state = flow.state
        b = state.battle
        assert b is not None
        key = option.key
        if key.startswith("unit:"):
            flow.update(frame, picking=int(key.split(":")[1]))
        elif key == "back":
            flow.update(frame, picking=None)
        elif key == "counter":
            flow.emit(ce.BattleChanged(changes={"counter": [*b["counter"], int(frame.data["picking"])]}))
            flow.update(frame, picking=None)
        elif key.startswith("slot:"):
            i = int(key.split(":")[1])
            cols: dict[int, list[int]] = {}
            d = b["defence"]
            for j, c in enumerate(d["columns"]):
                cols[int(d["first"]) + j] = list(c)
            cols.setdefault(i, []).append(int(frame.data["picking"]))
            flow.emit(ce.BattleChanged(changes={"defence": _defence(cols)}))
            flow.update(frame, picking=None)
        elif key == "clear":
            flow.emit(ce.BattleChanged(changes={"defence": fm.no_defence(), "counter": []}))
        elif key == "done":
            flow.pop(frame)
            flow.emit(ce.BattleChanged(changes={"blocked": fm.blocked_columns(b["attack"], b["defence"])}))
            self._blocks_declared(flow, int(frame.data["seat"]), bool(frame.data["counter"]))

    def _blocks_declared(self, flow: Flow, seat: int, counters: bool) -> None:
        """The log's line for the blocks just declared: each attacking column and its blockers, the units
        beside the attack, the counter-attackers and where they go (unless nothing was attacked or sent)."""
        state = flow.state
        b = state.battle
        assert b is not None
        reg = int(b["region"])
        attack, defence = b["attack"], b["defence"]
        blocks = [[list(c), fm.column_at(defence, i)] for i, c in enumerate(attack) if c and fm.column_at(defence, i)]
        facing = {u for _, blockers in blocks for u in blockers}
        flank = [u for u in fm.units_in(defence) if u not in facing]
        home = t.home(state, int(b["attacker"]))
        counter: dict[str, list[int]] = {}
        for u in b["counter"] if counters else []:  # (phase 1's counter-attackers, still in the region)
            if u in state.objects and state.objects[u].zone == t.region(reg):
                counter.setdefault(str(b.get("counter_to", {}).get(str(u), home)), []).append(u)
        if b.get("attacked") or counter:
            flow.emit(BlocksDeclared(seat, reg, blocks, flank, counter, bool(b.get("attacked"))))

    # -- regroup -----------------------------------------------------------------------------

    def regroup(self, flow: Flow) -> None:
        """Regroup (rulebook): units return home, damage and temporary changes end, spell tokens
        are erased, formations dissolve. Nobody gets priority."""
        state = flow.state
        for z in [z for z in state.zones.values() if z.id.startswith("region:")]:
            for oid in list(z.cards):
                o = state.objects[oid]
                card = self.rules.cards[o.card]
                if card.kind == "token_spell":
                    flow.emit(ce.ObjectMoved(oid, "erased", reset=True))
                    continue
                if o.zone != t.region(t.home(state, o.controller)):
                    flow.emit(ce.ObjectMoved(oid, t.region(t.home(state, o.controller))))
                if o.counters.get("damage"):
                    flow.emit(ce.CounterAdded(oid, "damage", -o.counters["damage"]))
                for prop in ("deadly_hit", "prevent_all", "base", "lost"):
                    if prop in o.props:
                        flow.emit(ce.ObjectPropSet(oid, prop, None))
        temp = [m.id for m in state.modifiers if m.until == "regroup"]
        if temp:
            flow.emit(ce.EffectsExpired(temp))
        if state.battle is not None:
            flow.emit(ce.BattleChanged(end=True))


def _defence(cols: dict[int, list[int]]) -> Any:
    return fm.make_defence(cols)
