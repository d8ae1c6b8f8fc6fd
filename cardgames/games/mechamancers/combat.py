"""The combat phase: the Strike step (attacks on mecha, Strike abilities) and the Assault step (H25)."""

from __future__ import annotations

from cardgames.engine import core_events as ce
from cardgames.engine.decisions import Ask, Option
from cardgames.engine.flow import Flow, FnFrame, FrameKind
from cardgames.engine.state import Frame, GameObject
from cardgames.games.mechamancers import board as b
from cardgames.games.mechamancers import table as t
from cardgames.games.mechamancers.catalog import Catalog
from cardgames.games.mechamancers.damage import deal, settle
from cardgames.games.mechamancers.events import Assaulted


class Combat:
    """The `combat` frame of one turn; its data says the step and what the turn has used."""

    def __init__(self, cat: Catalog) -> None:
        self.cat = cat

    def frame_kinds(self) -> dict[str, FrameKind]:
        return {"combat": FnFrame(self.run, self.answer)}

    def label(self, flow: Flow, obj: GameObject) -> str:
        who = flow.state.players[obj.controller].name
        card = self.cat.mech(obj.card)
        return f"{card.name} {b.state_label(card, b.state_of(self.cat, obj))} ({who})"

    def strikers(self, flow: Flow, frame: Frame, seat: int) -> list[tuple[GameObject, bool]]:
        """Attack mecha that may attack now, each with whether it takes the Warlock's extra attack."""
        out = []
        for o in t.field_cards(flow.state, seat):
            if b.attacks_left(self.cat, o) > 0:
                out.append((o, False))
            elif frame.data.get("overdrive") and b.can_overdrive(self.cat, o):
                out.append((o, True))
        return out

    # -- asking ---------------------------------------------------------------------------------

    def run(self, flow: Flow, frame: Frame) -> Ask | None:
        if settle(flow):
            return None
        state = flow.state
        seat, step = int(frame.data["seat"]), str(frame.data["step"])
        if step == "strike":
            opts = []
            targets = {o.id for o in b.targetable(self.cat, state, seat)}
            for o, extra in self.strikers(flow, frame, seat):
                if not targets - {o.id}:
                    continue  # nothing it could hit (it never hits itself)
                what = "Overdrive: extra attack" if extra else f"{b.attacks_left(self.cat, o)} left"
                opts.append(Option(f"strike:{o.id}", f"Attack with {self.label(flow, o)} — {what}", "strike", o.id))
            for o in t.field_cards(state, seat):
                w = b.word(self.cat, o)
                if w in ("arc", "overclock") and not o.props.get("ability_used"):
                    text = b.state_of(self.cat, o).label
                    opts.append(Option(f"{w}:{o.id}", f"{self.cat.mech(o.card).name}: {text}", "ability", o.id))
            if any(True for _ in self.strikers(flow, frame, seat)) and len(state.players) > 1:
                opts.append(Option("assault", "Assault step: send your remaining attacks at bases", "assault"))
            opts.append(Option("end", "End your turn", "done"))
            return Ask(seat, "combat", "Strike step: attack a mecha, use a Strike ability, or go to the assault", opts)
        if step == "target":
            attacker = state.objects[int(frame.data["attacker"])]
            opts = [Option(f"at:{o.id}", f"Hit {self.label(flow, o)}", "target", o.id)
                    for o in b.targetable(self.cat, state, seat) if o.id != attacker.id]
            return Ask(seat, "attack_target", f"{self.label(flow, attacker)} attacks: choose the mecha it hits",
                       [*opts, Option("cancel", "Back", "cancel")])
        if step == "arc":
            coil = state.objects[int(frame.data["coil"])]
            picks = [int(x) for x in frame.data.get("picks", [])]
            victim = state.objects[picks[0]].controller if picks else None
            opts = [Option(f"zap:{o.id}", f"Arc to {self.label(flow, o)}", "target", o.id)
                    for o in b.targetable(self.cat, state, seat)
                    if o.controller != seat and o.id not in picks and (victim is None or o.controller == victim)]
            left = b.state_of(self.cat, coil).potency - len(picks)
            end = Option("done", "Fire the arc", "done") if picks else Option("cancel", "Back", "cancel")
            return Ask(seat, "arc", f"Tesla Coil: choose up to {left} more mecha of one opponent", [*opts, end])
        if step == "overclock":
            opts = [Option(f"oc:{o.id}", f"Overclock {self.label(flow, o)}", "target", o.id)
                    for o in t.field_cards(state, seat) if b.is_attack(self.cat, o)]
            return Ask(seat, "overclock", "Overclock Core: choose one of your attack mecha",
                       [*opts, Option("cancel", "Back", "cancel")])
        # the Assault step
        opts = []
        foes = [s for s in range(len(state.players)) if s != seat]
        for o, extra in self.strikers(flow, frame, seat):
            for s in foes:
                opts.append(Option(f"base:{o.id}:{s}", f"{self.label(flow, o)} attacks {state.players[s].name}'s base"
                                   + (" (Overdrive)" if extra else ""), "base", o.id))
        if any(b.attacks_left(self.cat, o) for o in t.field_cards(state, seat)):
            for s in foes:
                opts.append(Option(f"all:{s}", f"All remaining attacks at {state.players[s].name}'s base", "base"))
        sent = {int(k): int(v) for k, v in dict(frame.data.get("assault", {})).items()}
        summary = ", ".join(f"{state.players[s].name} {a}" for s, a in sorted(sent.items())) or "none yet"
        opts.append(Option("resolve", "Resolve the assaults and end your turn", "done"))
        return Ask(seat, "assault", f"Assault step: attacks sent ({summary})", opts)

    # -- answering -------------------------------------------------------------------------------

    def answer(self, flow: Flow, frame: Frame, option: Option) -> None:
        state = flow.state
        seat = int(frame.data["seat"])
        verb, _, arg = option.key.partition(":")
        if verb == "strike":
            flow.update(frame, step="target", attacker=int(arg))
        elif verb == "cancel":
            flow.update(frame, step="strike", attacker=None, coil=None, picks=[], core=None)
        elif verb == "at":
            attacker = int(frame.data["attacker"])
            flow.update(frame, step="strike", attacker=None)
            target = state.objects[int(arg)]
            amount = self.swing(flow, frame, state.objects[attacker], assault=False, target=target)
            deal(self.cat, flow, target.id, amount, by=attacker, hit=True)
        elif verb == "arc":
            flow.update(frame, step="arc", coil=int(arg), picks=[])
        elif verb == "zap":
            picks = [*frame.data.get("picks", []), int(arg)]
            coil = state.objects[int(frame.data["coil"])]
            if len(picks) >= b.state_of(self.cat, coil).potency:
                self._fire(flow, frame, coil.id, picks)
            else:
                flow.update(frame, picks=picks)
        elif verb == "done":
            self._fire(flow, frame, int(frame.data["coil"]), [int(x) for x in frame.data.get("picks", [])])
        elif verb == "overclock":
            flow.update(frame, step="overclock", core=int(arg))
        elif verb == "oc":
            core = state.objects[int(frame.data["core"])]
            flow.emit(ce.ObjectPropSet(core.id, "ability_used", True))
            target = state.objects[int(arg)]
            if b.state_of(self.cat, core).potency >= 2:
                flow.emit(ce.ObjectPropSet(target.id, "bonus_swords", int(target.props.get("bonus_swords", 0)) + 1))
            else:
                flow.emit(ce.ObjectPropSet(target.id, "hit_bonus", int(target.props.get("hit_bonus", 0)) + 1))
            flow.update(frame, step="strike", core=None)
        elif verb == "assault":
            flow.update(frame, step="assault")
            flow.emit(ce.PhaseBegan("assault"))
        elif verb == "base":
            oid, victim = (int(x) for x in arg.split(":"))
            self._send(flow, frame, state.objects[oid], victim)
        elif verb == "all":
            for o in t.field_cards(state, seat):
                while b.attacks_left(self.cat, o) > 0:
                    self._send(flow, frame, o, int(arg))
        elif verb == "resolve":
            self._resolve(flow, frame, seat)
        elif verb == "end":
            flow.pop(frame)

    def swing(self, flow: Flow, frame: Frame, attacker: GameObject, assault: bool,
              target: GameObject | None = None) -> int:
        """One attack: mark it made (or the Warlock's extra one) and return its damage with bonuses:
        War Banner on its first attack, Overclock's +1, Lance against shield mecha, Siege in an assault."""
        seat = attacker.controller
        amount = b.state_of(self.cat, attacker).damage
        rally = b.rally_bonus(self.cat, flow.state, seat, attacker, bool(frame.data.get("rally_one")))
        if rally:
            flow.update(frame, rally_one=True)
        amount += rally + int(attacker.props.get("hit_bonus", 0))
        if b.attacks_left(self.cat, attacker) > 0:
            flow.emit(ce.ObjectPropSet(attacker.id, "used", int(attacker.props.get("used", 0)) + 1))
        else:
            flow.update(frame, overdrive=False)
            flow.emit(ce.ObjectPropSet(attacker.id, "overdriven", True))
        if not attacker.props.get("rallied"):
            flow.emit(ce.ObjectPropSet(attacker.id, "rallied", True))
        if attacker.props.get("hit_bonus"):
            flow.emit(ce.ObjectPropSet(attacker.id, "hit_bonus", None))
        word = b.word(self.cat, attacker)
        if target is not None and word == "lance" and b.is_shield(self.cat, target):
            amount += 1
        if assault and word == "siege":
            amount += 1
        return amount

    def _send(self, flow: Flow, frame: Frame, attacker: GameObject, victim: int) -> None:
        amount = self.swing(flow, frame, attacker, assault=True)
        sent = dict(frame.data.get("assault", {}))
        sent[str(victim)] = int(sent.get(str(victim), 0)) + amount
        flow.update(frame, assault=sent)

    def _fire(self, flow: Flow, frame: Frame, coil: int, picks: list[int]) -> None:
        flow.emit(ce.ObjectPropSet(coil, "ability_used", True))
        flow.update(frame, step="strike", coil=None, picks=[])
        for oid in picks:
            deal(self.cat, flow, oid, 1)

    def _resolve(self, flow: Flow, frame: Frame, seat: int) -> None:
        """Each assaulted opponent: A against S; the excess is stolen, up to what they hold (H25, H27)."""
        state = flow.state
        for key, attack in sorted(dict(frame.data.get("assault", {})).items()):
            victim = int(key)
            shield = b.total_shield(self.cat, state, victim, seat)
            amount = b.stolen(int(attack), shield, t.vp(state, victim), t.bloodlust(state))
            flow.emit(Assaulted(seat, victim, amount, int(attack), shield))
        flow.pop(frame)
