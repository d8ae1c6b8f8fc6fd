"""The effect words ARC-mage cards may use, and the check that a card's steps use them rightly."""

from __future__ import annotations

from typing import Any

VERBS: dict[str, frozenset[str]] = {
    "damage": frozenset({"to", "amount", "if_resident"}),
    "doom": frozenset(),
    "pay_draw": frozenset({"n"}),
    "steal_resource": frozenset({"who"}),
    "return_resource": frozenset(),
    "draw": frozenset({"who", "n"}),
    "mill": frozenset({"who", "n"}),
    "discard": frozenset({"who", "n"}),
    "toll": frozenset({"who", "n"}),
    "defense": frozenset({"to", "amount"}),
    "token": frozenset({"card", "where", "marked"}),
    "mark": frozenset({"what", "hold", "lock"}),
    "unmark": frozenset({"what"}),
    "buff": frozenset({"to", "atk", "def"}),
    "counter": frozenset({"to", "atk", "def", "name", "n"}),
    "grant": frozenset({"to", "keyword", "lose"}),
    "destroy": frozenset({"what"}),
    "top_of_deck": frozenset({"what"}),
    "produce": frozenset({"faction", "n", "more_if"}),
    "raise": frozenset({"to", "from", "types", "exile", "attach"}),
    "relocate": frozenset({"what", "to", "unmarked"}),
    "tutor": frozenset({"faction", "types", "to"}),
    "reveal_top": frozenset({"n", "types"}),
    "drop": frozenset({"types", "to"}),
    "crumble": frozenset({"who"}),
    "wipe": frozenset(),
    "no_draw": frozenset({"who"}),
    "counter_card": frozenset({"what"}),
    "no_army_defence": frozenset({"city"}),
    "sacrifice_resources": frozenset({"per"}),
    "extra_attack": frozenset(),
    "destroy_other_cities": frozenset(),
    "assemble": frozenset({"types"}),
    "lose_creature": frozenset({"who", "not_faction"}),
    "mark_more": frozenset({"n"}),
    "peek": frozenset({"who"}),
    "show_hand": frozenset({"who"}),
    "fetch": frozenset({"card"}),
    "stack_top": frozenset({"types"}),
    "drop_city": frozenset({"types"}),
    "shield": frozenset({"what"}),
    "aid": frozenset({"city"}),
    "carry": frozenset(),
    "vengeance": frozenset(),
}
"""Each verb and the argument names it takes (see `verbs.py` for what each does)."""

WORDS = frozenset({"self", "host", "here", "hand", "you", "each", "opponents", "city_owner", "victim", "blockers",
                   "hit_city", "army", "city", "x"})
"""Words an argument may use instead of a target slot."""


def step_problems(steps: list[dict[str, Any]], slots: set[str], card_ids: set[str]) -> list[str]:
    """What is wrong with a list of effect steps (unknown verbs, arguments, slots or cards)."""
    out: list[str] = []
    for step in steps:
        if not isinstance(step, dict) or len(step) != 1:
            out.append(f"an effect step is one verb with its arguments, not {step!r}")
            continue
        ((verb, args),) = step.items()
        if verb not in VERBS:
            out.append(f"unknown effect word {verb!r}; words: {', '.join(sorted(VERBS))}")
            continue
        if not isinstance(args, dict):
            out.append(f"{verb}: arguments are a mapping")
            continue
        extra = set(args) - VERBS[verb]
        if extra:
            out.append(f"{verb}: unknown argument(s) {', '.join(sorted(extra))}")
        for key in ("to", "what", "who", "city"):
            ref = args.get(key)
            if isinstance(ref, str) and ref not in slots and ref not in WORDS:
                out.append(f"{verb}: {key} {ref!r} is neither a target slot ({', '.join(sorted(slots)) or 'none'}) "
                           f"nor one of {', '.join(sorted(WORDS))}")
        card = args.get("card")
        if card is not None and card not in card_ids:
            out.append(f"{verb}: no card {card!r}")
    return out
