"""The Altered effect words: each verb's arguments, checked when the card files load.

One verb is one step (fragment 6.1.c); a step on several objects is several atomic actions that
happen together (6.1.e–f). Every verb may also take `if_roll: [low, high]`: the step happens only
if the die rolled earlier in the same effect shows low..high.
"""

from __future__ import annotations

from typing import Any

REFS = ("me", "yours", "it")
"""Words that name objects without a target slot: the source ("me"), the Characters you control
("yours"), the object the reaction reacted to ("it": the Character just played)."""

WHO = ("you", "each")
WHERE = ("chosen", "mine", "hero", "companion", "each")
"""Where a token is created: an expedition of yours the controller chooses, the source's own
expedition, your hero or companion expedition, each of your expeditions."""
EMBLEMS = ("next_card_cost", "next_permanent_cost", "next_character_boost")
UNTIL = ("turn", "afternoon")
STATUSES = ("fleeting", "asleep", "anchored")

VERBS: dict[str, dict[str, str]] = {
    "boost": {"to": "ref", "n": "int"},
    "status": {"to": "ref", "status": "status"},
    "draw": {"who": "who", "n": "int"},
    "resupply": {"who": "who", "may": "bool"},
    "sabotage": {"target": "slot"},
    "create": {"token": "card", "where": "where", "count": "int"},
    "switch": {"to": "ref"},
    "to_reserve": {"to": "ref"},
    "discard": {"to": "ref"},
    "sacrifice": {"who": "who", "in_my_expedition": "bool"},
    "roll": {},
    "hand_to_reserve": {"n": "int"},
    "emblem": {"kind": "emblem", "amount": "int", "until": "until"},
    "after_you": {},
}
"""verb -> {argument: kind}. Every argument is optional unless listed in REQUIRED."""

REQUIRED: dict[str, tuple[str, ...]] = {
    "boost": ("to", "n"),
    "status": ("to", "status"),
    "sabotage": ("target",),
    "create": ("token", "where"),
    "switch": ("to",),
    "to_reserve": ("to",),
    "discard": ("to",),
    "sacrifice": ("who",),
    "emblem": ("kind", "amount", "until"),
}

_CHOICES = {"who": WHO, "where": WHERE, "emblem": EMBLEMS, "until": UNTIL, "status": STATUSES}


def step_problems(steps: list[dict[str, Any]], slots: set[str], cards: set[str]) -> list[str]:
    """What is wrong with a list of effect steps (empty: nothing)."""
    out: list[str] = []
    for i, step in enumerate(steps):
        if not isinstance(step, dict) or len(step) != 1:
            out.append(f"step {i}: one verb per step, e.g. {{boost: {{to: me, n: 1}}}}")
            continue
        ((verb, args),) = step.items()
        if verb not in VERBS:
            out.append(f"step {i}: unknown verb {verb!r}; verbs: {', '.join(sorted(VERBS))}")
            continue
        args = args or {}
        if not isinstance(args, dict):
            out.append(f"step {i}: {verb} takes a mapping of arguments")
            continue
        allowed = {**VERBS[verb], "if_roll": "range"}
        for name in args:
            if name not in allowed:
                out.append(f"step {i}: {verb} has no argument {name!r}; arguments: {', '.join(sorted(allowed))}")
        for name in REQUIRED.get(verb, ()):
            if name not in args:
                out.append(f"step {i}: {verb} needs {name!r}")
        for name, value in args.items():
            kind = allowed.get(name)
            if kind == "ref" and value not in REFS and value not in slots:
                out.append(f"step {i}: {verb}.{name} {value!r} is not a target slot nor one of {', '.join(REFS)}")
            elif kind == "slot" and value not in slots:
                out.append(f"step {i}: {verb}.{name} {value!r} is not a target slot")
            elif kind == "card" and value not in cards:
                out.append(f"step {i}: {verb}.{name}: no card {value!r}")
            elif kind == "int" and (not isinstance(value, int) or value < 1):
                out.append(f"step {i}: {verb}.{name} is a whole number ≥ 1")
            elif kind == "bool" and not isinstance(value, bool):
                out.append(f"step {i}: {verb}.{name} is true or false")
            elif kind == "range" and not (
                isinstance(value, list) and len(value) == 2 and all(isinstance(v, int) and 1 <= v <= 6 for v in value)
            ):
                out.append(f"step {i}: {verb}.if_roll is [low, high] between 1 and 6")
            elif kind in _CHOICES and value not in _CHOICES[kind]:
                out.append(f"step {i}: {verb}.{name} {value!r}: one of {', '.join(_CHOICES[kind])}")
    return out
