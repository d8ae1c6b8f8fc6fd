"""The words Mechamancers cards may name: mecha ability keywords (with their tag) and event effects."""

from __future__ import annotations

ABILITIES: dict[str, str] = {
    "armored": "passive",        # Bulwark: at most 1 damage from each hit (H7)
    "lance": "passive",          # +1 damage to shield mecha
    "siege": "passive",          # ignores Armored; +1 damage in an assault
    "self-destruct": "on_destroyed",  # owner deals 1 ability damage to any one mecha
    "scavenger": "on_kill",      # +1 mana when one of its attacks destroys a mecha
    "conductive": "passive",     # +1 Shield per unique mecha you control (max +2)
    "decoy": "passive",          # opponents cannot target your other shield mecha
    "reflect": "on_damaged",     # an attack that damages it: the attacker takes 1
    "spikes": "on_destroyed",    # an attack that destroys it: the attacker takes 2
    "repair": "activation",      # heal up to N among your mecha
    "pierce": "passive",         # your assaults treat the defender's shield as N lower
    "arc": "strike",             # 1 ability damage to each of up to N mecha of one opponent
    "rally": "passive",          # first attack of each (or one) attack mecha +1 damage
    "project": "passive",        # +1 Shield to each (or one) of your shield mecha
    "generate": "resource",      # gain N mana at the start of your resource phase
    "overclock": "strike",       # +1 sword (state 1) or +1 damage on one attack (state 2)
    "salvage": "on_destroyed",   # another of your mecha destroyed: +1 mana, at most 2 a round
}
"""Ability keyword -> the tag it must carry (spec H30)."""

EVENT_WORDS: frozenset[str] = frozenset({
    "mana-surge", "mana-drought", "forge-tremor", "asteras-mercy", "supply-drop", "arms-race",
    "tithe-of-steel", "short-circuit", "asteras-whim", "bounty", "eclipse", "bloodlust",
})
"""The event effects (spec §12), one per event card."""
