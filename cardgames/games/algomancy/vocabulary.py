"""The Algomancy effect words: each verb's arguments, checked when the card files load."""

from __future__ import annotations

from typing import Any

REFS = ("me", "host", "controller")
"""Words that name an object without a target slot: the source ("me"; for a mod, the unit it is
on), the unit a mod is on ("host"), the controller of the effect ("controller")."""

GROUPS = ("each_enemy_unit", "each_ally_unit", "each_unit", "each_opponent", "each_player", "allies")
"""Words that name everything of a kind present in the region where the effect resolves."""

VERBS: dict[str, dict[str, str]] = {
    "damage": {"to": "ref", "amount": "amount"},
    "damage_adjacent": {"of": "ref", "amount": "amount"},
    "counters": {"on": "ref", "kind": "counter", "n": "int"},
    "stats": {"on": "ref", "power": "int", "defense": "int"},
    "base": {"on": "ref", "stats": "pair"},
    "create": {"token": "card", "count": "int", "x": "int"},
    "sacrifice": {"who": "who", "n": "int"},
    "sacrifice_me": {},
    "recall": {"target": "ref"},
    "negate": {"target": "ref"},
    "fight": {"a": "ref", "b": "ref"},
    "exchange_control": {"a": "ref", "b": "ref"},
    "spawn_from_bin": {"target": "ref", "unstable": "bool"},
    "draw": {"n": "int"},
    "recycle": {"n": "int"},
    "lose_life": {"who": "ref", "n": "int"},
    "prevent_damage": {"on": "ref"},
    "delete_tokens": {"whose": "who"},
    "give_control": {"of": "ref"},
    "lose_attribute": {"on": "ref", "attribute": "str"},
}
"""verb -> {argument: kind}. Kinds: ref (a target slot, a REFS word or a GROUPS word), amount (an
int, or "x" for a token's X), counter ("+1/+1" or "-1/-1"), int, pair ([power, defense]), card (a
card id), who ("you", "each_player", "each_opponent"), bool, str. Every argument is optional
unless listed in REQUIRED.

`sacrifice` is the forced choice "each player sacrifices N units"; `sacrifice_me` (no arguments) is
"sacrifice me": the controller of the source (for a mod, of the unit it is on) sacrifices that unit,
as in Smouldering Inferno's "After combat, sacrifice me".

YAML reads a bare `on` key as true: write the `on` argument quoted, e.g. {"on": t, kind: "+1/+1"}."""

REQUIRED: dict[str, tuple[str, ...]] = {
    "damage": ("to", "amount"), "damage_adjacent": ("of", "amount"), "counters": ("on", "kind"),
    "stats": ("on",), "base": ("on", "stats"), "create": ("token",), "sacrifice": ("who",),
    "recall": ("target",), "negate": ("target",), "fight": ("a", "b"), "exchange_control": ("a", "b"),
    "spawn_from_bin": ("target",), "lose_life": ("who", "n"), "prevent_damage": ("on",),
    "delete_tokens": ("whose",), "give_control": ("of",), "lose_attribute": ("on", "attribute"),
}

DURATION_VERBS = ("stats", "base", "prevent_damage", "lose_attribute")
"""Verbs whose change is temporary: it lasts until the next regroup."""


def step_problems(steps: list[dict[str, Any]], slots: set[str], cards: set[str]) -> list[str]:
    """What is wrong with a list of effect steps (empty: nothing)."""
    problems: list[str] = []
    for i, step in enumerate(steps):
        where = f"step {i + 1}"
        if not isinstance(step, dict) or len(step) != 1:
            problems.append(f"{where}: a step is a mapping with exactly one verb")
            continue
        ((verb, args),) = step.items()
        spec = VERBS.get(verb)
        if spec is None:
            problems.append(f"{where}: unknown verb {verb!r}; verbs: {', '.join(sorted(VERBS))}")
            continue
        if not isinstance(args, dict):
            problems.append(f"{where}: {verb} takes a mapping of arguments ({', '.join(spec)})")
            continue
        for name in REQUIRED.get(verb, ()):
            if name not in args:
                problems.append(f"{where}: {verb} needs `{name}`")
        for name, value in args.items():
            kind = spec.get(name)
            if kind is None:
                problems.append(f"{where}: {verb} has no argument {name!r} ({', '.join(spec)})")
                continue
            bad = _bad_value(kind, value, slots, cards)
            if bad:
                problems.append(f"{where}: {verb}.{name} {bad}")
    return problems


def _bad_value(kind: str, value: Any, slots: set[str], cards: set[str]) -> str | None:
    if kind == "ref":
        ok = isinstance(value, str) and (value in slots or value in REFS or value in GROUPS)
        return None if ok else f"is {value!r}: name a target slot ({', '.join(sorted(slots)) or 'none'}), " \
                               f"one of {', '.join(REFS)}, or one of {', '.join(GROUPS)}"
    if kind == "amount":
        ok = (isinstance(value, int) and not isinstance(value, bool) and value >= 0) or value == "x"
        return None if ok else f"is {value!r}: a number ≥ 0, or x"
    if kind == "int":
        return None if isinstance(value, int) and not isinstance(value, bool) else f"is {value!r}: a whole number"
    if kind == "counter":
        return None if value in ("+1/+1", "-1/-1") else f"is {value!r}: +1/+1 or -1/-1"
    if kind == "pair":
        ok = isinstance(value, list) and len(value) == 2 and all(isinstance(v, int) for v in value)
        return None if ok else f"is {value!r}: [power, defense]"
    if kind == "card":
        return None if value in cards else f"is {value!r}: no such card"
    if kind == "who":
        return None if value in ("you", "each_player", "each_opponent") else \
            f"is {value!r}: you, each_player or each_opponent"
    if kind == "bool":
        return None if isinstance(value, bool) else f"is {value!r}: true or false"
    return None if isinstance(value, str) else f"is {value!r}: text"
