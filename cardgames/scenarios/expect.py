"""Check a scenario's expectations against a game; report every mismatch, expected vs actual."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardgames.engine.game import Game
from cardgames.engine.state import GameObject
from cardgames.scenarios.match import Ambiguous, NoMatch, match
from cardgames.scenarios.model import CardExpect, CardList, OutcomeExpect, Then

PLAYER_ZONES = ("hand", "territory", "reserves")


@dataclass(frozen=True)
class Mismatch:
    """One expectation that does not hold."""

    path: str
    expected: Any
    actual: Any
    note: str = ""

    def render(self) -> str:
        lines = [f"  {self.path}", f"    expected: {_show(self.expected)}",
                 f"    actual:   {_show(self.actual)}"]
        if self.note:
            lines.append(f"    ({self.note})")
        return "\n".join(lines)


def _show(value: Any) -> str:
    if isinstance(value, list):
        return "[" + ", ".join(_show(v) for v in value) + "]"
    if isinstance(value, CardExpect):
        return _card_expect_text(value)
    return str(value)


def _card_expect_text(c: CardExpect) -> str:
    parts = [f"{k} {v}" for k, v in (("damage", c.damage), ("augment", c.augment),
                                     ("exhausted", c.exhausted), ("controller", c.controller))
             if v is not None]
    parts += [f"{k} {v}" for k, v in c.counters.items()]
    return f"{c.card} ({', '.join(parts)})" if parts else c.card


def _card_text(game: Game, obj: GameObject) -> str:
    parts = [f"{k} {v}" for k, v in sorted(obj.counters.items()) if v]
    if obj.exhausted:
        parts.append("exhausted")
    return f"{obj.card} ({', '.join(parts)})" if parts else obj.card


def _card_ok(game: Game, obj: GameObject, want: str | CardExpect) -> bool:
    if isinstance(want, str):
        return obj.card == want
    if obj.card != want.card:
        return False
    for counter, value in (("damage", want.damage), ("augment", want.augment)):
        if value is not None and obj.counters.get(counter, 0) != value:
            return False
    if want.exhausted is not None and obj.exhausted != want.exhausted:
        return False
    if any(obj.counters.get(k, 0) != v for k, v in want.counters.items()):
        return False
    if want.controller is not None:
        players = game.state.players
        ctrl = obj.controller
        if not (0 <= ctrl < len(players)) or players[ctrl].name != want.controller:
            return False
    return True


def _assign(game: Game, want: CardList, objs: list[GameObject]) -> bool:
    """Whether each expected card can be matched to a different card of `objs` (backtracking)."""
    if not want:
        return True
    first, rest = want[0], want[1:]
    for i, obj in enumerate(objs):
        if _card_ok(game, obj, first) and _assign(game, rest, objs[:i] + objs[i + 1:]):
            return True
    return False


def _zone_id(game: Game, zone: str) -> str:
    """`territory:Allison` -> `territory:1`: a zone id may name a player instead of a seat."""
    head, sep, tail = zone.rpartition(":")
    if sep:
        for p in game.state.players:
            if p.name == tail:
                return f"{head}:{p.seat}"
    return zone


def _check_cards(game: Game, path: str, zone_id: str, want: int | CardList,
                 any_order: bool, out: list[Mismatch], units_only: bool = False) -> None:
    zone = game.state.zones.get(zone_id)
    if zone is None:
        near = sorted(z for z in game.state.zones if z.split(":")[0] == zone_id.split(":")[0])
        out.append(Mismatch(path, want, "no such zone",
                            f"zones like it: {', '.join(near)}" if near else "check the zone id"))
        return
    objs = [game.state.objects[i] for i in zone.cards]
    if units_only:
        objs = [o for o in objs if o.props.get("type") == "unit" and o.attached_to is None]
    if isinstance(want, int):
        if len(objs) != want:
            out.append(Mismatch(path + " (count)", want, len(objs),
                                "cards: " + ", ".join(o.card for o in objs) if objs else ""))
        return
    actual = [_card_text(game, o) for o in objs]
    if any_order:
        ok = len(objs) == len(want) and _assign(game, list(want), objs)
        if not ok:
            out.append(Mismatch(path, list(want), actual, "in any order"))
        return
    if len(objs) != len(want) or not all(
            _card_ok(game, o, w) for o, w in zip(objs, want, strict=False)):
        out.append(Mismatch(path, list(want), actual, "bottom to top"))


def _same(want: Any, have: Any) -> bool:
    """Equality, except that an expected mapping only names the keys it cares about."""
    if isinstance(want, dict) and isinstance(have, dict):
        return all(k in have and _same(v, have[k]) for k, v in want.items())
    return bool(want == have)


def _check_players(game: Game, then: Then, out: list[Mismatch]) -> None:
    by_name = {p.name: p for p in game.state.players}
    for name, facts in then.players.items():
        p = by_name.get(name)
        if p is None:
            out.append(Mismatch(f"players.{name}", "a player", "no such player",
                                f"players: {', '.join(by_name)}"))
            continue
        for key, want in facts.items():
            path = f"players.{name}.{key}"
            if key in PLAYER_ZONES:
                if not isinstance(want, int | list):
                    out.append(Mismatch(path, "a count or a list of cards", want))
                    continue
                cards: int | CardList = want if isinstance(want, int) else [
                    w if isinstance(w, str) else CardExpect.model_validate(w) for w in want]
                _check_cards(game, path, f"{key}:{p.seat}", cards, True, out)
            elif key == "units":
                if not isinstance(want, int | list):
                    out.append(Mismatch(path, "a count or a list of cards", want))
                    continue
                units: int | CardList = want if isinstance(want, int) else [
                    w if isinstance(w, str) else CardExpect.model_validate(w) for w in want]
                _check_cards(game, path, f"territory:{p.seat}", units, True, out, units_only=True)
            elif key == "eliminated":
                if p.eliminated != want:
                    out.append(Mismatch(path, want, p.eliminated))
            elif key in p.counters:
                if p.counters[key] != want:
                    out.append(Mismatch(path, want, p.counters[key]))
            elif key in p.props:
                if not _same(want, p.props[key]):
                    out.append(Mismatch(path, want, p.props[key]))
            else:
                out.append(Mismatch(path, want, "nothing by that name", (
                    f"counters: {', '.join(sorted(p.counters))}; "
                    f"props: {', '.join(sorted(p.props))}; "
                    f"zones: {', '.join(PLAYER_ZONES)}; units; eliminated")))


def _check_log(lines: list[str], want: list[str], unwanted: list[str], out: list[Mismatch]) -> None:
    row, col = 0, 0
    for i, text in enumerate(want):
        low = text.lower()
        found = False
        while row < len(lines):
            at = lines[row].lower().find(low, col)
            if at >= 0:
                col = at + len(low)
                found = True
                break
            row, col = row + 1, 0
        if not found:
            out.append(Mismatch(f"log[{i}]", repr(text), "not found (after the entries before it)",
                                "log substrings must appear in order, since the last check"))
            return
    for text in unwanted:
        hits = [line for line in lines if text.lower() in line.lower()]
        if hits:
            out.append(Mismatch("not_log", f"no line containing {text!r}", repr(hits[0])))


def check(game: Game, then: Then, log_lines: list[str]) -> list[Mismatch]:
    """Every expectation in `then` that does not hold (log_lines: the log since the last check)."""
    out: list[Mismatch] = []
    state = game.state
    names = [p.name for p in state.players]
    _check_players(game, then, out)
    for zone, want in then.zones.items():
        _check_cards(game, f"zones.{zone}", _zone_id(game, zone), want, False, out)
    _check_log(log_lines, then.log, then.not_log, out)
    if then.chain is not None:
        labels = [c.label for c in state.chain]
        ok = len(labels) == len(then.chain) and all(
            w.lower() in have.lower() for w, have in zip(then.chain, labels, strict=False))
        if not ok:
            out.append(Mismatch("chain", then.chain, labels, "label substrings, bottom to top"))
    if then.turn is not None and state.turn != then.turn:
        out.append(Mismatch("turn", then.turn, state.turn))
    if then.active is not None and names[state.active] != then.active:
        out.append(Mismatch("active", then.active, names[state.active]))
    if then.phase is not None and state.phase != then.phase:
        out.append(Mismatch("phase", then.phase, state.phase))
    if then.decision is not None:
        _check_decision(game, then, out)
    if then.outcome is not None:
        _check_outcome(game, then.outcome, names, out)
    return out


def _check_outcome(game: Game, want: OutcomeExpect, names: list[str], out: list[Mismatch]) -> None:
    oc = game.outcome
    if oc is None:
        out.append(Mismatch("outcome", want.model_dump(exclude_none=True), "the game is not over"))
        return
    winners = [names[w] for w in oc.winners]
    if want.winners is not None and sorted(want.winners) != sorted(winners):
        out.append(Mismatch("outcome.winners", want.winners, winners))
    if want.draw is not None and want.draw != oc.draw:
        out.append(Mismatch("outcome.draw", want.draw, oc.draw))
    if want.reason is not None and want.reason.lower() not in oc.reason.lower():
        out.append(Mismatch("outcome.reason", want.reason, oc.reason))


def _check_decision(game: Game, then: Then, out: list[Mismatch]) -> None:
    want = then.decision
    assert want is not None
    if game.outcome is not None:
        out.append(Mismatch("decision", want.model_dump(exclude_none=True, exclude_defaults=True),
                            "the game is over"))
        return
    d = game.decision
    if want.seat is not None and d.seat != want.seat:
        out.append(Mismatch("decision.seat", want.seat, d.seat, f"{d.kind}: {d.prompt}"))
    if want.kind is not None and d.kind != want.kind:
        out.append(Mismatch("decision.kind", want.kind, d.kind, d.prompt))
    if want.prompt is not None and want.prompt.lower() not in d.prompt.lower():
        out.append(Mismatch("decision.prompt", want.prompt, d.prompt))
    keys = [o.key for o in d.options]
    for text in want.can:
        try:
            match(game, d, text)
        except Ambiguous:
            pass
        except NoMatch:
            out.append(Mismatch("decision.can", text, "no matching option", f"options: {keys}"))
    for text in want.cannot:
        try:
            opt = match(game, d, text)
        except Ambiguous:
            out.append(Mismatch("decision.cannot", f"no option for {text!r}", "several match"))
            continue
        except NoMatch:
            continue
        out.append(Mismatch("decision.cannot", f"no option for {text!r}",
                            f"{opt.key} ({opt.label})"))
