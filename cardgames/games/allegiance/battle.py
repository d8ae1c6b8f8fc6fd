"""Battles (rulebook p.20-21): declare attackers, assign defenders, battle damage, armor.

Each step is followed by a chance to play reaction maneuvers; no maneuvers during the steps.
"""

from __future__ import annotations

from itertools import pairwise

from cardgames.engine import chain as chainmod
from cardgames.engine import core_events as ce
from cardgames.engine.decisions import Ask, Option
from cardgames.engine.flow import Flow
from cardgames.engine.state import Frame, GameObject, State
from cardgames.games.allegiance import board, damage
from cardgames.games.allegiance.cards import Cards
from cardgames.games.allegiance.events import hero_ref
from cardgames.games.allegiance.offers import offer, option

STEPS = ["declare", "after_declare", "defend", "after_defend", "damage", "after_damage", "end"]
NEXT_STEP: dict[str, str | None] = {**dict(pairwise(STEPS)), "end": None}
"""The step after each step of a battle."""
WINDOW_TITLES = {"after_declare": "Attackers declared", "after_defend": "Defenders assigned",
                 "after_damage": "Battle damage dealt"}
"""The priority windows between the steps, by step."""


def weapon_may_attack(cat: Cards, state: State, seat: int) -> bool:
    """First-turn rule (p.20, p.26-27): 2 players: the first player not on their first turn;
    3+ players: nobody on their own first turn."""
    p = state.players[seat]
    if int(p.props.get("turns_taken", 0)) == 0:
        if len(state.players) > 2:
            return False
        if seat == int(state.globals.get("first_player", 0)):
            return False
    armor = board.gear(state, seat, "armor")
    return not (armor and "weapon_cannot_attack" in cat.keywords(armor))


def may_attack(cat: Cards, state: State, obj: GameObject) -> bool:
    if obj.exhausted or obj.controller != state.active:
        return False
    seat = obj.controller
    if obj.id == state.players[seat].props.get("weapon"):
        return board.attack_allowed(cat, state, obj) and weapon_may_attack(cat, state, seat)
    if obj.props.get("type") != "unit" or obj.attached_to is not None:
        return False
    if obj.card in cat.attack_restricted and not board.attack_allowed(cat, state, obj):
        return False
    if obj.entered_turn < state.turn:
        return True
    rules_ = damage.special_rules(cat, state, seat)
    if "pack-tactics" in rules_ and obj.card in ("wolf", "alpha-wolf"):
        return True
    return "may_attack_on_entry" in cat.keywords(obj) or bool(obj.counters.get("hasty"))


def eligible_attackers(cat: Cards, state: State, seat: int) -> list[int]:
    """The ids of `seat`'s cards that may be declared as attackers now (units in territory order,
    then the weapon). Remembered until the next event changes the table: declaring attackers asks
    for it again at each attacker chosen (a frame update), and once more when they are declared."""
    return state.cached(f"allegiance.attackers:{seat}", lambda: _eligible(cat, state, seat))


_ATTACK_OPTION_KEYS = tuple(f"allegiance.attack_options:{seat}" for seat in range(8))
"""The `State.cached` key of `attack_options` for each seat."""


def attack_options(cat: Cards, state: State, seat: int) -> dict[int, tuple[Option, Option]]:
    """Each of `eligible_attackers`, in order, with the options of declaring it and of taking it
    back. Remembered like them: declaring attackers lists them again at each attacker chosen."""

    def make() -> dict[int, tuple[Option, Option]]:
        out: dict[int, tuple[Option, Option]] = {}
        for c in eligible_attackers(cat, state, seat):  # cards, never heroes: named as cards
            name = cat.display_name(state.objects[c])
            out[c] = (offer("attack", c, f"Attack with {name}"),
                      option(f"unattack:{c}", f"Do not attack with {name}", "attack", c))
        return out

    return state.cached(_ATTACK_OPTION_KEYS[seat], make)


def _eligible(cat: Cards, state: State, seat: int) -> list[int]:
    out = [u.id for u in board.units(state, seat) if may_attack(cat, state, u)]
    weapon = board.gear(state, seat, "weapon")
    if weapon is not None and may_attack(cat, state, weapon):
        out.append(weapon.id)
    return out


def has_attacker(cat: Cards, state: State, seat: int) -> bool:
    """Whether `eligible_attackers` is not empty (without listing them all)."""
    objects = state.objects
    for i in state.zones[board.TERRITORIES[seat]].cards:  # `board.units`, stopping at the first
        obj = objects[i]
        if obj.props.get("type") == "unit" and obj.attached_to is None and may_attack(cat, state, obj):
            return True
    weapon = board.gear(state, seat, "weapon")
    return weapon is not None and may_attack(cat, state, weapon)


def start_battle(flow: Flow, attacker: int, defender: int) -> None:
    flow.emit(ce.BattleChanged(battle={"attacker": attacker, "defender": defender, "attackers": [],
                                       "blocks": {}, "armor": {}}))
    flow.push("battle", step="declare")


class Battle:
    """Frame kinds "battle", "declare_attackers", "assign_defenders" and "armor"."""

    def __init__(self, cat: Cards) -> None:
        self.cat = cat

    def _name(self, state: State, ref: int) -> str:
        return board.name_of(self.cat, state, ref)

    # -- the battle's steps ------------------------------------------------------------------

    def run(self, flow: Flow, frame: Frame) -> Ask | None:
        state = flow.state
        b = state.battle
        step = str(frame.data["step"])
        players = state.players
        over = (b is None or players[int(b["attacker"])].eliminated
                or players[int(b["defender"])].eliminated)
        if over and step != "end":
            step = "end"
        nxt = NEXT_STEP[step]
        if step == "end":
            expired = [m.id for m in state.modifiers if m.until == "end_of_battle"]
            expired += [s.id for s in state.shields if s.until == "end_of_battle"]
            if expired:
                flow.emit(ce.EffectsExpired(expired))
            if b is not None:
                damage.fire(
                    flow,
                    self.cat,
                    "battle_ended",
                    [
                        state.objects[a]
                        for a in b.get("attackers") or []
                        if board.in_play(state, state.objects[a])
                    ],
                )
            flow.emit(ce.BattleChanged(end=True))
            flow.pop(frame)
            return None
        assert b is not None
        flow.update(frame, step=nxt)
        if step == "declare":
            flow.push("declare_attackers", chosen=[])
        elif step == "defend":
            flow.push("assign_defenders", picking=None)
        elif step == "damage":
            self._prepare_damage(flow)
        else:
            chainmod.open_window(flow, state.active, WINDOW_TITLES[step])
        return None

    def answer(self, flow: Flow, frame: Frame, option: Option) -> None:  # pragma: no cover
        raise AssertionError("the battle frame never asks")

    # -- declare attackers ---------------------------------------------------------------

    def declare_run(self, flow: Flow, frame: Frame) -> Ask | None:
        state = flow.state
        seat = state.active
        cands = attack_options(self.cat, state, seat)
        chosen = [c for c in frame.data["chosen"] if c in cands]
        opts = [attack for c, (attack, _) in cands.items() if c not in chosen]
        opts.append(
            option(
                "done",
                f"Declare {len(chosen)} attacker{'s' if len(chosen) != 1 else ''}"
                + (" (none)" if not chosen else ""),
                "done",
            )
        )
        opts += [cands[c][1] for c in chosen]
        b = state.battle or {}
        return Ask(seat, "declare_attackers",
                   f"Declare attackers against {state.players[int(b['defender'])].name}", opts,
                   {"chosen": chosen})

    def declare_answer(self, flow: Flow, frame: Frame, option: Option) -> None:
        chosen = list(frame.data["chosen"])
        kind, _, ref = option.key.partition(":")
        if kind == "attack":
            flow.update(frame, chosen=[*chosen, int(ref)])
        elif kind == "unattack":
            flow.update(frame, chosen=[c for c in chosen if c != int(ref)])
        else:
            state = flow.state
            chosen = [c for c in chosen if c in eligible_attackers(self.cat, state, state.active)]
            flow.pop(frame)
            for c in chosen:
                flow.emit(ce.ObjectChanged(c, exhausted=True))
            flow.emit(ce.BattleChanged(changes={"attackers": chosen}))
            damage.fire(flow, self.cat, "attacks", [state.objects[c] for c in chosen])

    # -- assign defenders ----------------------------------------------------------------

    def _can_defend(self, state: State, unit: GameObject) -> bool:
        return not unit.exhausted and not board.has_keyword(self.cat, state, unit, "cannot_defend")

    def _blockable(self, state: State, defender: GameObject, attacker_id: int) -> bool:
        b = state.battle or {}
        blocks: dict[str, int] = b.get("blocks") or {}
        if str(attacker_id) in blocks:
            return False
        att = state.objects[attacker_id]
        if not board.in_play(state, att):
            return False
        return not (
            "not_blocked_by_basic" in self.cat.keywords(att)
            and defender.props.get("deck") == "basic"
        )

    def _capacity(self, unit: GameObject) -> int:
        return 2 if "defends_twice" in self.cat.keywords(unit) else 1

    def defend_run(self, flow: Flow, frame: Frame) -> Ask | None:
        state = flow.state
        b = state.battle or {}
        seat = int(b["defender"])
        blocks: dict[str, int] = b.get("blocks") or {}
        used: dict[int, int] = {}
        for d in blocks.values():
            used[d] = used.get(d, 0) + 1
        attackers = [a for a in b.get("attackers") or [] if board.in_play(state, state.objects[a])]
        name = self._name
        picking = frame.data.get("picking")
        if picking is not None:
            unit = state.objects[int(picking)]
            opts = [
                offer("block", a, f"{name(state, unit.id)} defends against {name(state, a)}")
                for a in attackers
                if self._blockable(state, unit, a)
            ]
            opts.append(option("back", "Choose another defender", "cancel"))
            return Ask(
                seat,
                "assign_defenders",
                f"Which attacker does {name(state, unit.id)} defend against?",
                opts,
                {"blocks": blocks},
            )
        opts = []
        # `_blockable` for every unit at once: the attackers not yet blocked, and whether each is
        # not blocked by basic units (a basic unit may defend unless every one of them is not)
        keywords, display_name = self.cat.keywords, self.cat.display_name
        unblocked = [
            "not_blocked_by_basic" in keywords(state.objects[a]) for a in attackers
            if str(a) not in blocks
        ]
        only_choosy = all(unblocked)
        for u in board.units(state, seat) if unblocked else ():
            if (self._can_defend(state, u) and used.get(u.id, 0) < self._capacity(u)
                    and not (only_choosy and u.props.get("deck") == "basic")):
                opts.append(offer("defend", u.id, f"Defend with {display_name(u)}"))
        opts.append(option("done", f"Done assigning defenders ({len(blocks)} assigned)", "done"))
        return Ask(
            seat,
            "assign_defenders",
            "Assign defenders (one per attacker)",
            opts,
            {"blocks": blocks},
        )

    def defend_answer(self, flow: Flow, frame: Frame, option: Option) -> None:
        kind, _, ref = option.key.partition(":")
        if kind == "defend":
            flow.update(frame, picking=int(ref))
        elif kind == "back":
            flow.update(frame, picking=None)
        elif kind == "block":
            b = flow.state.battle or {}
            blocks = dict(b.get("blocks") or {})
            defender = flow.state.objects[int(frame.data["picking"])]
            blocks[ref] = defender.id
            flow.emit(ce.BattleChanged(changes={"blocks": blocks}))
            flow.update(frame, picking=None)
            damage.fire(flow, self.cat, "assigned_defender", [
                o for o in flow.state.cards_in(board.territory(defender.controller))
            ], defender=defender.id)
        else:
            flow.pop(frame)

    # -- battle damage and armor -----------------------------------------------------------

    def _unblocked(self, state: State) -> list[tuple[int, int]]:
        """(attacker, damage) for attackers dealing damage to the defending hero."""
        b = state.battle or {}
        blocks = b.get("blocks") or {}
        out = []
        for a in b.get("attackers") or []:
            obj = state.objects[a]
            if str(a) in blocks or not self._still_attacking(state, obj):
                continue
            dmg = max(0, board.attack(self.cat, state, obj))
            if dmg:
                out.append((a, dmg))
        return out

    def _still_attacking(self, state: State, obj: GameObject) -> bool:
        b = state.battle or {}
        return board.in_play(state, obj) and obj.controller == int(b["attacker"])

    def _prepare_damage(self, flow: Flow) -> None:
        state = flow.state
        b = state.battle or {}
        seat = int(b["defender"])
        budget = board.armor_rating(self.cat, state, seat) - state.players[seat].counters.get(
            "armor_used", 0
        )
        hits = self._unblocked(state)
        total = sum(d for _, d in hits)
        if budget > 0 and total > budget and len({d for _, d in hits}) > 1:
            flow.push("armor", budget=budget, plan={})
        else:
            plan: dict[str, int] = {}
            left = max(0, budget)
            for a, d in sorted(hits, key=lambda h: -h[1]):
                use = min(left, d)
                if use:
                    plan[str(a)] = use
                left -= use
            flow.push("battle_damage", plan=plan)

    def armor_run(self, flow: Flow, frame: Frame) -> Ask | None:
        state = flow.state
        b = state.battle or {}
        plan: dict[str, int] = frame.data["plan"]
        left = int(frame.data["budget"]) - sum(plan.values())
        hits = [(a, d) for a, d in self._unblocked(state) if str(a) not in plan]
        if (
            left > 0
            and hits
            and (sum(d for _, d in hits) <= left or len({d for _, d in hits}) == 1)
        ):
            # Nothing left to choose: the rest of the budget covers every source, or the sources
            # are alike. The armor prevents all it can (ruling R43).
            plan = dict(plan)
            for a, d in sorted(hits, key=lambda h: -h[1]):
                use = min(left, d)
                if use:
                    plan[str(a)] = use
                left -= use
            hits = []
        if left <= 0 or not hits:
            flow.pop(frame)
            flow.push("battle_damage", plan=plan)
            return None
        name = self._name
        opts = [
            Option(
                f"armor:{a}",
                f"Prevent {min(left, d)} of the {d} damage from {name(state, a)}",
                "armor",
                a,
            )
            for a, d in hits
        ]
        return Ask(
            int(b["defender"]),
            "armor",
            f"Your armor prevents {left} more battle damage this turn: from which attacker?",
            opts,
        )

    def armor_answer(self, flow: Flow, frame: Frame, option: Option) -> None:
        a = int(option.key.split(":")[1])
        plan = dict(frame.data["plan"])
        left = int(frame.data["budget"]) - sum(plan.values())
        dmg = max(0, board.attack(self.cat, flow.state, flow.state.objects[a]))
        plan[str(a)] = min(left, dmg)
        flow.update(frame, plan=plan)

    def damage_run(self, flow: Flow, frame: Frame) -> Ask | None:
        """Attackers and defenders deal battle damage simultaneously (p.21)."""
        state, cat = flow.state, self.cat
        b = state.battle or {}
        plan: dict[str, int] = frame.data["plan"]
        defender_seat = int(b["defender"])
        blocks: dict[str, int] = b.get("blocks") or {}
        hits: list[tuple[int, int, int]] = []  # (target, amount, source)
        for a in b.get("attackers") or []:
            att = state.objects[a]
            if not self._still_attacking(state, att):
                continue
            power = max(0, board.attack(cat, state, att))
            if str(a) in blocks:
                dfd = state.objects[blocks[str(a)]]
                if not board.in_play(state, dfd) or dfd.controller != defender_seat:
                    continue
                to_unit = power * (2 if "double_damage_to_units" in cat.keywords(att) else 1)
                hits.append((dfd.id, to_unit, a))
                if att.props.get("type") == "unit":
                    hits.append((a, max(0, board.attack(cat, state, dfd)), dfd.id))
            else:
                hits.append((hero_ref(defender_seat), power, a))
        flow.pop(frame)
        armor_used = 0
        for target, amount, source in hits:
            prevented = 0
            if target < 0:
                prevented = min(amount, plan.get(str(source), 0))
                armor_used += prevented
            damage.deal(
                flow,
                cat,
                target,
                amount - prevented,
                source,
                battle=True,
                armor_prevented=prevented,
            )
        if armor_used:
            flow.emit(ce.PlayerCounterAdded(defender_seat, "armor_used", armor_used))
        self._fire_kills(flow, hits)
        damage.check_state(flow, cat)
        return None

    def _fire_kills(self, flow: Flow, hits: list[tuple[int, int, int]]) -> None:
        """Before lethal damage is checked: note which weapons' defenders are about to fall."""
        state, cat = flow.state, self.cat
        for target, _amount, source in hits:
            if target < 0 or source not in state.objects:
                continue
            unit, src = state.objects[target], state.objects[source]
            if board.in_play(state, unit) and unit.counters.get("damage", 0) >= board.max_health(
                cat, state, unit
            ):
                damage.fire(flow, cat, "defender_destroyed_by_this", [src])
