"""Match a scenario's written choice ("play skilled-strike", "pass") to a decision's option.

Tried in order: the exact option key; "pass"; "<group> <thing>" (the option's group or key prefix,
"play" meaning "action", and the card id or player the option is about, or the rest of its key);
then a unique case-insensitive substring of the label. A thing may carry `@<player>` (its
controller) and `#<n>` (the n-th of several matches). Options that cannot be told apart (same
label, same card, same place, same state) count as one.
"""

from __future__ import annotations

from cardgames.engine.decisions import Decision, Option
from cardgames.engine.game import Game
from cardgames.engine.state import GameObject

GROUP_ALIASES = {"play": "action"}


class NoMatch(Exception):
    """The written choice matches no option, or several that differ; the message says which."""


class Ambiguous(NoMatch):
    """The written choice matches several options that can be told apart."""


def _obj(game: Game, ref: int | None) -> GameObject | None:
    if ref is None or ref < 0:
        return None
    return game.state.objects.get(ref)


def thing_of(game: Game, option: Option) -> str | None:
    """What the option is about, as a scenario writes it: a card id or a player's name."""
    ref = option.ref
    if ref is None:
        return None
    if ref < 0:
        seat = -ref - 1
        players = game.state.players
        return players[seat].name if 0 <= seat < len(players) else None
    obj = _obj(game, ref)
    return obj.card if obj is not None else None


def spelling(game: Game, option: Option) -> str:
    """The "<group> <thing>" form that selects this option (for error messages and docs)."""
    if option.key == "pass":
        return "pass"
    prefix, _, rest = option.key.partition(":")
    word = "play" if prefix == "action" else prefix
    thing = thing_of(game, option)
    if thing is not None:
        return f"{word} {thing}"
    return f"{word} {rest}" if rest else option.key


def _thing_matches(game: Game, option: Option, thing: str, owner: str | None) -> bool:
    want = thing.lower()
    ref = option.ref
    if ref is not None and ref < 0:
        seat = -ref - 1
        if not 0 <= seat < len(game.state.players):
            return False
        p = game.state.players[seat]
        names = {p.name.lower(), str(p.props.get("hero", "")).lower()}
        return want in names and (owner is None or owner.lower() == p.name.lower())
    obj = _obj(game, ref)
    if obj is not None:
        if obj.card.lower() != want and game.ruleset.card_name(game.state, obj).lower() != want:
            return False
        if owner is not None:
            ctrl = obj.controller if obj.controller >= 0 else obj.owner
            return 0 <= ctrl < len(game.state.players) and \
                game.state.players[ctrl].name.lower() == owner.lower()
        return True
    return False


def _signature(game: Game, option: Option) -> tuple[object, ...]:
    """Options with the same signature are interchangeable (e.g. two copies of a card in hand)."""
    obj = _obj(game, option.ref)
    if obj is None:
        return (option.label, option.group, option.ref, option.key)
    return (option.label, option.group, obj.card, obj.zone, obj.controller, obj.exhausted, obj.face,
            tuple(sorted(obj.counters.items())), obj.attached_to)


def _split_qualifiers(text: str) -> tuple[str, str | None, int | None]:
    """"infantry@Allison#2" -> ("infantry", "Allison", 2)."""
    nth: int | None = None
    owner: str | None = None
    if "#" in text:
        text, _, n = text.rpartition("#")
        if not n.strip().isdigit() or int(n) < 1:
            raise NoMatch(f"`#{n}` must be a number from 1 (the n-th matching option)")
        nth = int(n)
    if "@" in text:
        text, _, owner = text.partition("@")
        owner = owner.strip()
    return text.strip(), owner, nth


def _pick(game: Game, found: list[Option], nth: int | None, text: str, how: str) -> Option:
    if nth is not None:
        if nth > len(found):
            raise NoMatch(f"{text!r} asks for match #{nth}, but only {len(found)} option(s) match")
        return found[nth - 1]
    if len({_signature(game, o) for o in found}) == 1:
        return found[0]
    listed = "; ".join(f"{o.key} ({o.label})" for o in found)
    raise Ambiguous(f"{text!r} is ambiguous ({how}): it matches {listed}. "
                  "Add `@<player>` (controller), `#<n>` (the n-th) or write the option key")


def match(game: Game, decision: Decision, text: str, *, target: bool = False) -> Option:
    """The option of `decision` that `text` names; raises NoMatch saying why not.

    With `target`, a bare thing ("infantry", "Allison") is first read as "target <thing>".
    """
    raw = text.strip()
    options = decision.options
    for o in options:
        if o.key == raw:
            return o
    if raw.lower() == "pass":
        for o in options:
            if o.key == "pass":
                return o
        raise NoMatch("`pass` is not an option here")
    body, owner, nth = _split_qualifiers(raw)
    attempts: list[tuple[str, str]] = []
    if target:
        attempts.append(("target", body))
    word, _, thing = body.partition(" ")
    if thing.strip():
        attempts.append((GROUP_ALIASES.get(word.lower(), word.lower()), thing.strip()))
        if word.lower() in GROUP_ALIASES:  # a game whose key prefix is the word itself (Algomancy's `play:`)
            attempts.append((word.lower(), thing.strip()))
    for group, thing in attempts:
        by_prefix = [o for o in options if o.key.partition(":")[0] == group]
        by_group = [o for o in options if o.group == group and o not in by_prefix]
        for pool in (by_prefix, by_group):
            found = [o for o in pool
                     if o.key == f"{group}:{thing}" or _thing_matches(game, o, thing, owner)]
            if found:
                return _pick(game, found, nth, raw, f"{group} {thing}")
    low = body.lower()
    found = [o for o in options if low in o.label.lower()]
    if found:
        return _pick(game, found, nth, raw, "label substring")
    raise NoMatch(f"no option matches {raw!r}")


def describe_decision(game: Game, decision: Decision) -> str:
    """The decision and its options, with the key, label and the scenario spelling of each."""
    lines = [f"{decision.seat}'s {decision.kind} decision: {decision.prompt}"]
    width = max(len(o.key) for o in decision.options)
    for o in decision.options:
        lines.append(f"  {o.key:<{width}}  {o.label}   [{spelling(game, o)}]")
    return "\n".join(lines)
