""""Why can't I?": for each card or action the seat cannot use now, the rule that stops it."""

from __future__ import annotations

from cardgames.engine.state import State
from cardgames.games.mechamancers import board as b
from cardgames.games.mechamancers import table as t
from cardgames.games.mechamancers.catalog import Catalog

TURN, ABILITIES, HAVE, MECHA = (f" (rule: {section})" for section in (
    "Your turn", "Abilities", "What you have", "Mecha turn as they take damage"))
"""The rules page's sections (docs/rules/mechamancers.md) a reason ends with, as every game's do."""


def reasons(cat: Catalog, state: State, seat: int, legal: set[str]) -> list[tuple[str, str]]:
    """From the seat's own hand and the public table only."""
    out: list[tuple[str, str]] = []
    phase = state.phase
    mine = state.active == seat and phase not in ("pledge", "event")
    mana = t.mana(state, seat)
    for o in state.cards_in(t.hand(seat)):
        card = cat.mech(o.card)
        if f"activate:{o.id}" in legal:
            continue
        what = f"Activate {card.name}"
        if not mine or phase != "activation":
            out.append((what, "mecha are activated in your own activation phase (Activation phase)" + TURN))
        elif card.cost > mana:
            out.append((what, f"costs {card.cost} mana; you have {mana} (Activation phase: pay its cost)" + TURN))
    for o in t.field_cards(state, seat):
        card = cat.mech(o.card)
        if card.type == "attack" and f"strike:{o.id}" not in legal and not any(k.startswith("base:") for k in legal):
            if not mine or phase not in ("combat", "assault"):
                out.append((f"Attack with {card.name}", "mecha attack in your own combat phase (Combat phase)" + TURN))
            elif b.attacks_left(cat, o) == 0:
                st = b.state_of(cat, o)
                out.append((f"Attack with {card.name}",
                            f"it has made its {st.swords + int(o.props.get('bonus_swords', 0))} attack(s) this turn "
                            "(one attack per sword, H23)" + TURN))
        elif card.type in ("defense", "bulwark"):
            out.append((f"Attack with {card.name}", "a shield mecha never attacks (Defense cards)" + MECHA))
        elif card.type == "unique" and card.ability is not None:
            if o.props.get("ability_used"):
                out.append((f"{card.ability.name} ({card.name})", "used once this turn already (H30)" + ABILITIES))
            elif card.ability.tag in ("activation", "strike") and not any(k.endswith(f":{o.id}") for k in legal):
                when = "your activation phase" if card.ability.tag == "activation" else "your Strike step"
                out.append((f"{card.ability.name} ({card.name})",
                            f"a [{card.ability.tag}] ability works in {when} (H30)" + ABILITIES))
    if len(state.zones[t.field(seat)].cards) >= t.FIELD_LIMIT:
        out.append(("Add a 7th mecha",
                    f"a field holds {t.FIELD_LIMIT}: activating one more scraps one first (H21)" + HAVE))
    if len(state.zones[t.hand(seat)].cards) >= t.HAND_LIMIT:
        out.append(("Keep more cards", f"a hand holds {t.HAND_LIMIT}: discard down to it (H20)" + HAVE))
    out.append(("Assault your own base", "you cannot assault your own base (H28)" + TURN))
    return out
