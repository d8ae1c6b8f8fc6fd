"""The Attack phase: target city and attackers in announced order, the defender's assignments, one battle
per attacker (first strike, the attacker's damage split, unblocked damage to the city)."""

from __future__ import annotations

from typing import Any

from cardgames.engine import chain as chainmod
from cardgames.engine import core_events as ce
from cardgames.engine.decisions import Ask, Option
from cardgames.engine.flow import Flow, FnFrame, FrameKind
from cardgames.engine.state import Frame, GameObject, State
from cardgames.games.arcmage import board, checks
from cardgames.games.arcmage import table as t
from cardgames.games.arcmage.context import Rules
from cardgames.games.arcmage.verbs_damage import deal_damage


def can_attack(rules: Rules, state: State, obj: GameObject, city: GameObject | None) -> bool:
    """Combat: only unmarked army creatures attack; Peaceful ones never (R46); "can't attack" wins
    over "must attack" (Conflicting rules)."""
    if obj.exhausted or not t.in_army(obj) or not rules.cards[obj.card].is_creature:
        return False
    if board.has_keyword(rules, state, obj, "peaceful"):
        return False
    if city is not None:
        for st in board.flag(rules, state, obj, "cannot_attack"):
            if rules.cards[city.card].faction == st.cannot_attack:
                return False
    return True


def targets(state: State, seat: int) -> list[GameObject]:
    """Cities the active player may attack: any opponent's (never their own or a teammate's)."""
    return [c for s in t.opponents(state, seat) for c in t.cities(state, s)]


def must_attack(rules: Rules, state: State, seat: int, city: GameObject | None) -> list[GameObject]:
    """Creatures forced to attack (Spearman: your unmarked army Soldiers; rabid creatures, R89) that are able to."""
    return [o for o in state.cards_in(t.army(seat))
            if (board.flag(rules, state, o, "must_attack") or o.counters.get("rabies"))
            and can_attack(rules, state, o, city)]


def max_targets(state: State, seat: int) -> int:
    """How many cities one attack may target: 1; the Aminduna overlord's Militia 2, one more for each
    team player beyond two (R80)."""
    if state.globals.get("overlord") == seat:
        return 2 + int(state.globals.get("extra_players", 0))
    return 1


def can_block(rules: Rules, state: State, defender: GameObject, attacker: GameObject) -> bool:
    """Flying attackers are blocked only by Flying or Ranged creatures; Fear of the Dark forbids
    defending against its faction's creatures."""
    kws = board.keywords(rules, state, defender)
    if board.has_keyword(rules, state, attacker, "flying") and not kws & {"flying", "ranged"}:
        return False
    for st in board.flag(rules, state, defender, "cannot_defend"):
        if rules.cards[attacker.card].faction == st.cannot_defend:
            return False
    return True


def eligible_defenders(rules: Rules, state: State, city: GameObject) -> list[GameObject]:
    """Unmarked creatures of the defender's army (and teammates' armies) and unmarked residents of the
    attacked city (Combat Sequence II); Outmaneuvered keeps the army home."""
    owner = city.controller
    out = [o for o in t.residents(state, city.id) if not o.exhausted and o.controller == owner]
    for helper in state.globals.get("aid") or []:  # Call to Aid: another city's residents come too
        c = state.objects[int(helper)]
        if int(helper) != city.id and c.controller == owner and t.in_play(c):
            out += [o for o in t.residents(state, c.id) if not o.exhausted and o.controller == owner]
    if city.id not in (state.globals.get("outmaneuvered") or []):
        for s in [owner, *t.teammates(state, owner)]:
            out += [o for o in state.cards_in(t.army(s)) if not o.exhausted and rules.cards[o.card].is_creature]
    return out


class Attack:
    """Frame kind "attack"."""

    def __init__(self, rules: Rules, flush: Any) -> None:
        self.rules = rules
        self.flush = flush

    def frame_kinds(self) -> dict[str, FrameKind]:
        return {"attack": FnFrame(self.run, self.answer)}

    def name(self, state: State, oid: int) -> str:
        return self.rules.card_name(state, state.objects[oid])

    def run(self, flow: Flow, frame: Frame) -> Ask | None:
        if self.flush(flow):
            return None
        state = flow.state
        d = frame.data
        seat = state.active
        stage = str(d["stage"])
        rules = self.rules
        if state.players[seat].eliminated:
            return self._end(flow, frame)
        chosen_cities = [int(c) for c in d.get("cities") or []]
        if stage == "target":
            cities = [c for c in targets(state, seat) if c.id not in chosen_cities
                      and any(can_attack(rules, state, o, c) for o in state.cards_in(t.army(seat)))]
            if not cities and not chosen_cities:
                return self._end(flow, frame)
            opts = [Option(f"city:{c.id}", f"Attack {self.name(state, c.id)} ({state.players[c.controller].name})",
                           "city", c.id) for c in cities]
            if chosen_cities:
                opts.append(Option("go", "Announce the attackers", "done"))
                return Ask(seat, "attack", f"Militia: attack up to {max_targets(state, seat)} cities — another one, "
                                           "or announce the attackers", opts)
            if not any(must_attack(rules, state, seat, c) for c in cities):
                opts.append(Option("noattack", "Don't attack this turn", "done"))
            return Ask(seat, "attack", "Attack phase: choose the city to attack", opts)
        if stage == "attackers":
            chosen = [int(a) for a in d["attackers"]]
            multi = len(chosen_cities) > 1
            opts = []
            for o in state.cards_in(t.army(seat)):
                if o.id in chosen:
                    continue
                for c in chosen_cities:
                    city = state.objects[c]
                    if can_attack(rules, state, o, city):
                        key = f"attacker:{o.id}:{c}" if multi else f"attacker:{o.id}"
                        on = f" on {self.name(state, c)}" if multi else ""
                        opts.append(Option(key, f"Attacker #{len(chosen) + 1}: {self.name(state, o.id)}{on}",
                                           "attacker", o.id))
            forced = [o.id for c in chosen_cities for o in must_attack(rules, state, seat, state.objects[c])
                      if o.id not in chosen]
            if chosen and not forced:
                opts.append(Option("done", "Attack with these, in this order", "done"))
            where = ", ".join(self.name(state, c) for c in chosen_cities)
            return Ask(seat, "attackers", f"Announce attackers on {where}, in battle order", opts)
        if stage == "defend":
            return self._defend(flow, frame)
        if stage == "battle":
            return self._battle(flow, frame)
        return self._end(flow, frame)

    def answer(self, flow: Flow, frame: Frame, option: Option) -> None:
        state = flow.state
        d = frame.data
        key, _, rest = option.key.partition(":")
        if key == "noattack":
            self._end(flow, frame)
        elif key == "city":
            cities = [*(d.get("cities") or []), int(rest)]
            more = len(cities) < max_targets(state, state.active)
            flow.update(frame, stage="target" if more else "attackers", cities=cities, attackers=[], aims={})
        elif key == "go":
            flow.update(frame, stage="attackers")
        elif key == "attacker":
            att, _, city = rest.partition(":")
            aims = {**dict(d.get("aims") or {}), att: int(city) if city else int(d["cities"][0])}
            flow.update(frame, attackers=[*d["attackers"], int(att)], aims=aims)
        elif key == "done" and d["stage"] == "attackers":
            aims = {str(k): int(v) for k, v in dict(d["aims"]).items()}
            cities = [c for c in d["cities"] if c in aims.values()]
            owners = list(dict.fromkeys(state.objects[c].controller for c in cities))
            sides = [s for o in owners for s in [o, *t.teammates(state, o)]]
            flow.emit(ce.BattleChanged(battle={"attacker": state.active, "city": cities[0], "cities": cities,
                                               "aims": aims, "defenders_of": list(dict.fromkeys(sides)),
                                               "attackers": list(d["attackers"]), "blocks": {}, "at": 0}))
            flow.update(frame, stage="marking", defending=0)
            flow.push("attack_mark", attack=frame.id)
            chainmod.open_window(flow, state.active, "attack", "Attackers announced")
        elif key == "block":
            dfd, att = rest.split(":")
            blocks = dict((state.battle or {}).get("blocks", {}))
            blocks[dfd] = int(att)
            flow.emit(ce.BattleChanged(changes={"blocks": blocks}))
        elif key == "done" and d["stage"] == "defend":
            nxt = int(d.get("defending", 0)) + 1
            if nxt < len((state.battle or {}).get("cities", [])):
                flow.update(frame, defending=nxt)  # Militia: the next attacked city's owner defends it
            else:
                flow.update(frame, stage="battle")
                self._blocked(flow)
                chainmod.open_window(flow, state.active, "defend", "Defenders assigned")
        elif key == "dmg":
            split = dict(d.get("split") or {})
            split[rest] = int(split.get(rest, 0)) + 1
            flow.update(frame, split=split)

    def _blocked(self, flow: Flow) -> None:
        """"When defenders are assigned against it" abilities of the attackers (Elvish Ambush)."""
        state = flow.state
        blocks = dict((state.battle or {}).get("blocks", {}))
        for a in (state.battle or {}).get("attackers", []):
            att = state.objects[int(a)]
            mine = [int(d) for d, x in blocks.items() if int(x) == att.id]
            if mine and self.rules.cards[att.card].blocked is not None:
                checks.queue(flow, att, f"card:{att.card}:blocked", vars={"blockers": mine})

    def mark_attackers(self, flow: Flow, frame: Frame) -> None:
        """Combat Sequence I: attackers still alive, in the army and unmarked are marked (Veteran: not);
        Battle Scream N: the other attackers get +N/+0 this turn."""
        state = flow.state
        battle = state.battle or {}
        keep = [a for a in battle.get("attackers", []) if t.in_army(state.objects[a])
                and not state.objects[a].exhausted and state.objects[a].controller == state.active]
        aims = {int(k): int(v) for k, v in dict(battle.get("aims", {})).items()}
        for a in keep:
            if not board.has_keyword(self.rules, state, state.objects[a], "veteran"):
                checks.mark(flow, state.objects[a])
            if self.rules.cards[state.objects[a].card].attacks is not None:
                city = aims.get(a, int(battle["city"]))
                checks.queue(flow, state.objects[a], f"card:{state.objects[a].card}:attacks",
                             vars={"hit_city": city, "city_owner": state.objects[city].controller})
        for a in keep:
            if board.has_keyword(self.rules, state, state.objects[a], "battle_scream"):
                for other in keep:
                    if other != a:
                        flow.emit(ce.ModifierAdded(flow.new_id(), other, "atk", 1, "turn", a, state.active))
        flow.emit(ce.BattleChanged(changes={"attackers": keep}))
        flow.emit(ce.GlobalSet("combat_hold", True))
        alive = any(t.in_play(state.objects[int(c)]) for c in battle.get("cities", []))
        flow.update(frame, stage="defend" if keep and alive else "end")

    def _defend(self, flow: Flow, frame: Frame) -> Ask | None:
        """Combat Sequence II, for each attacked city in turn (one, but for the Aminduna overlord's
        Militia): its owner assigns defenders against the attackers on it."""
        state = flow.state
        battle = state.battle or {}
        cities = [int(c) for c in battle.get("cities", [])]
        i = int(frame.data.get("defending", 0))
        if i >= len(cities):
            flow.update(frame, stage="battle")
            return None
        city = state.objects[cities[i]]
        aims = {int(k): int(v) for k, v in dict(battle.get("aims", {})).items()}
        if not t.in_play(city):
            flow.update(frame, defending=i + 1)
            return None
        blocks = battle.get("blocks", {})
        attackers = [state.objects[a] for a in battle.get("attackers", [])]
        opts = []
        for dfd in eligible_defenders(self.rules, state, city):
            if str(dfd.id) in blocks:
                continue
            for n, att in enumerate(attackers):
                if aims.get(att.id, city.id) == city.id and can_block(self.rules, state, dfd, att):
                    opts.append(Option(f"block:{dfd.id}:{att.id}",
                                       f"{self.name(state, dfd.id)} defends against #{n + 1} "
                                       f"{self.name(state, att.id)}",
                                       "block", dfd.id))
        opts.append(Option("done", "Done assigning defenders", "done"))
        return Ask(city.controller, "defend", f"Defend {self.name(state, city.id)}: assign defenders", opts)

    def _battle(self, flow: Flow, frame: Frame) -> Ask | None:
        """Resolving combat, one attacker at a time in the announced order."""
        state = flow.state
        rules = self.rules
        battle = state.battle or {}
        attackers = [int(a) for a in battle.get("attackers", [])]
        at = int(battle.get("at", 0))
        if at >= len(attackers):
            return self._end(flow, frame)
        att = state.objects[attackers[at]]
        aims = {int(k): int(v) for k, v in dict(battle.get("aims", {})).items()}
        city = state.objects[aims.get(att.id, int(battle["city"]))]
        if not t.in_army(att):
            flow.emit(ce.BattleChanged(changes={"at": at + 1}))
            return None
        assigned = [int(dfd) for dfd, a in battle.get("blocks", {}).items() if a == att.id]
        alive = [state.objects[d] for d in assigned if t.in_play(state.objects[d])
                 and not state.objects[d].exhausted]
        power = board.atk(rules, state, att)
        kws = board.keywords(rules, state, att)
        split: dict[str, int] = {k: int(v) for k, v in dict(frame.data.get("split") or {}).items()}
        to_city = 0
        second = frame.data.get("strike") == "second"
        if second:  # the first-strike step is over: the same split, the same unblocked damage
            to_city = int(frame.data.get("to_city") or 0)
        elif not assigned:
            to_city = power
        elif "warg" in kws:
            split = {str(d.id): 2 for d in alive}
        elif "overrun" in kws:
            left = power
            for d in alive:
                n = min(left, max(0, board.remaining_def(rules, state, d)))
                split[str(d.id)] = n
                left -= n
            to_city = left
        elif len(alive) == 1:
            split = {str(alive[0].id): power}
        elif len(alive) > 1 and sum(split.values()) < power:
            return Ask(att.controller, "assign",
                       f"{self.name(state, att.id)} deals {power - sum(split.values())} more damage: to whom?",
                       [Option(f"dmg:{d.id}", f"1 damage to {self.name(state, d.id)} "
                               f"({split.get(str(d.id), 0)} so far, DEF left {board.remaining_def(rules, state, d)})",
                               "assign", d.id) for d in alive])
        fs = any(board.has_keyword(rules, state, o, "first_strike") for o in [att, *alive])
        if fs and not second:  # R52: first strikers deal first; deaths (and any bodyguard's answer)
            self._strike(flow, att, alive, split, True)  # settle before the others strike back
            flow.update(frame, strike="second", split=split, to_city=to_city)
            return None
        self._strike(flow, att, alive, split, False if fs or second else None)
        if to_city and t.in_play(city) and board.city_defense(rules, state, city) > 0 and t.in_army(att):
            deal_damage(flow, city, to_city, att, combat=True)
            if rules.cards[att.card].hits_city is not None:
                checks.queue(flow, att, f"card:{att.card}:hits_city", vars={"city_owner": city.controller})
        flow.update(frame, split={}, strike=None, to_city=0)
        flow.emit(ce.BattleChanged(changes={"at": at + 1}))
        checks.check_state(flow)
        return None

    def _strike(self, flow: Flow, att: GameObject, defenders: list[GameObject], split: dict[str, int],
                first: bool | None) -> None:
        """One step of a battle: damage in it is simultaneous (first: only First Strike creatures; False:
        the others, if they survived the first step; None: everyone, R52)."""
        rules = self.rules
        state = flow.state
        hits: list[tuple[GameObject, int, GameObject]] = []
        if _takes_part(rules, state, att, first) and _alive(rules, state, att):
            hits += [(state.objects[int(k)], n, att) for k, n in split.items()]
        for d in defenders:
            if _takes_part(rules, state, d, first) and _alive(rules, state, d):
                hits.append((att, board.atk(rules, state, d), d))
        for target, n, src in hits:
            if t.in_play(target):
                deal_damage(flow, target, n, src, combat=True)

    def _end(self, flow: Flow, frame: Frame) -> Ask | None:
        state = flow.state
        if state.battle is not None:
            flow.emit(ce.BattleChanged(end=True))
        if state.globals.get("combat_hold"):
            flow.emit(ce.GlobalSet("combat_hold", False))
        if state.globals.get("extra_attack") == state.turn and not frame.data.get("again"):
            # Borg's Keep L3 (R88): unmark the army and take a second Attack phase.
            for o in state.cards_in(t.army(state.active)):
                checks.unmark(flow, o)
            flow.update(frame, stage="target", again=True, attackers=[], cities=[], aims={}, split={})
            return None
        flow.pop(frame)
        return None


def _takes_part(rules: Rules, state: State, obj: GameObject, first: bool | None) -> bool:
    return first is None or board.has_keyword(rules, state, obj, "first_strike") == first


def _alive(rules: Rules, state: State, obj: GameObject) -> bool:
    return t.in_play(obj) and not checks.lethal(rules, state, obj)


def attack_mark_frame(attack: Attack) -> FrameKind:
    def run(flow: Flow, frame: Frame) -> Ask | None:
        flow.pop(frame)
        if flow.state.battle is not None:
            attack.mark_attackers(flow, flow.frame(int(frame.data["attack"])))
        return None
    return FnFrame(run)
