"""What must hold after every event: cards where they may be, counters in bounds, limits kept."""

from __future__ import annotations

from cardgames.engine.state import State
from cardgames.games.mechamancers import board as b
from cardgames.games.mechamancers import table as t
from cardgames.games.mechamancers.catalog import Catalog


def check(cat: Catalog, state: State, settled: bool) -> list[str]:
    problems: list[str] = []
    for p in state.players:
        for counter in ("mana", "vp", "stolen"):
            if p.counters.get(counter, 0) < 0:
                problems.append(f"{p.name} has {p.counters[counter]} {counter}")
        if len(state.zones[t.field(p.seat)].cards) > t.FIELD_LIMIT:
            problems.append(f"{p.name}'s field holds more than {t.FIELD_LIMIT} mecha")
    for obj in state.objects.values():
        card = cat.card(obj.card)
        zone = obj.zone
        kind = getattr(card, "kind", "")
        if kind == "mecha" and zone.split(":")[0] not in ("pile", "discard", "hand", "field", "removed"):
            problems.append(f"mecha {obj.id} in {zone}")
        if kind == "role" and zone.split(":")[0] not in ("roles", "pack", "pledge", "role"):
            problems.append(f"role {obj.id} in {zone}")
        if kind == "event" and zone.split(":")[0] not in ("events", "look"):
            problems.append(f"event {obj.id} in {zone}")
        if obj.counters.get("damage", 0) and not zone.startswith("field:"):
            problems.append(f"{obj.card} off the field keeps damage")
        if settled and zone.startswith("field:") and b.damage(obj) >= cat.mech(obj.card).health:
            problems.append(f"{obj.card} has lethal damage and is still on the field")
    if settled and state.outcome is None and not state.frames[-1].kind.startswith(("pledge", "trigger", "turn",
                                                                                    "combat", "event", "limit")):
        problems.append(f"waiting in frame {state.frames[-1].kind}")
    return problems
