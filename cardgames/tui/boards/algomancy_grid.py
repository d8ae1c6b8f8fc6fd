"""An Algomancy region on the board: who is present, its units, and the battle's formations as a grid.

The grid is drawn one formation column per line group, so any number of columns fits:

    col │ back         front        ║ front        back
     1  │ Ember Hound  Fire Imp     ║ Stone Wall   ·
        │ 3/2          2/2 dmg 1    ║ 0/5
        │ swift        swift        ║ tough

The attacker's rows are on the left, the blocker's on the right, facing each other across ║. A
blocked column is marked "blocked" in words (not only by colour). Attributes shown under a unit are
the ones it has now, shared down its column included (rulebook: Formations and attributes).
"""

from __future__ import annotations

from typing import Any

from textual.markup import escape

from cardgames.engine.decisions import Decision
from cardgames.engine.view import CardView, GameView
from cardgames.tui.boards.base import card_link, option_link

CELL = 12
"""Characters per grid cell by default (a longer name is cut with …); the board widens it to fit."""
LABEL = 7
"""Width of the column-label cell ("left", " 1", "blocked")."""


def cell_width(region_width: int) -> int:
    """The widest grid cell that fits four cells and the labels in a region this wide."""
    return max(10, min(22, (region_width - LABEL - 4) // 4))
ABBREVIATED = {"flying": "fly", "swift": "swift", "sluggish": "slug", "deadly": "deadly", "tough": "tough",
               "balanced": "bal", "inverted": "inv", "unaware": "unaware", "unstable": "unst"}


def cards_by_id(view: GameView) -> dict[int, CardView]:
    return {c.id: c for z in view.zones.values() for c in z.cards}


def fit(text: str, width: int) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


def cell(plain: str, markup: str, width: int = CELL) -> str:
    """`markup` (whose visible text is `plain`) padded to `width` columns."""
    return markup + " " * max(0, width - len(plain))


def stats_text(card: CardView) -> str:
    f = card.facts
    bits = [f"{f.get('power', '?')}/{f.get('defense', '?')}"]
    if f.get("damage"):
        bits.append(f"dmg {f['damage']}")
    return " ".join(bits)


def counters_text(card: CardView) -> str:
    return " ".join(f"{k}×{n}" for k, n in sorted(card.counters.items()) if k != "damage" and n)


def unit_line(card: CardView, refs: set[int], mods: list[CardView]) -> str:
    """One unit in a region list: name, power/defense after layers, damage, attributes, counters, mods."""
    f = card.facts
    bits = [card_link(card.id, card.name or "?", refs), f"[b]{f.get('power', '?')}/{f.get('defense', '?')}[/]"]
    if f.get("damage"):
        bits.append(f"[red]dmg {f['damage']}[/]")
    attrs = [str(a) for a in f.get("attributes") or []]
    if attrs:
        bits.append(f"[i]{escape(' '.join(attrs))}[/]")
    if counters_text(card):
        bits.append(escape(counters_text(card)))
    if card.exhausted:
        bits.append("[dim](exhausted)[/]")
    lines = [" ".join(bits)]
    lines += [f"   ↳ mod: {card_link(m.id, m.name or '?', refs)}" for m in mods]
    return "\n".join(lines)


def _unit_cells(card: CardView | None, refs: set[int], slot: tuple[str, str] | None,
                width: int) -> list[tuple[str, str]]:
    """The three lines of one grid cell (name, stats, attributes) as (plain, markup) pairs."""
    if card is None:
        if slot is not None:
            key, label = slot
            return [(label, option_link(key, label)), ("", ""), ("", "")]
        return [("·", "[dim]·[/]"), ("", ""), ("", "")]
    marked = card.id in refs
    name = fit(card.name or "?", width - 1 - (1 if marked else 0))
    plain = ("▸" if marked else "") + name
    stats = fit(stats_text(card), width - 1)
    attrs = fit(" ".join(ABBREVIATED.get(str(a), str(a)) for a in card.facts.get("attributes") or []), width - 1)
    stats_markup = escape(stats).replace("dmg", "[red]dmg[/]") if "dmg" in stats else escape(stats)
    return [(plain, card_link(card.id, name, refs)), (stats, stats_markup), (attrs, f"[i]{escape(attrs)}[/]")]


def _slots(decision: Decision | None, viewer: int | None, kind: str) -> dict[str, str]:
    """Slot options of the viewer's own formation/block decision: {key: label}."""
    if decision is None or (viewer is not None and decision.seat_index != viewer) or decision.kind != kind:
        return {}
    return {o.key: o.label for o in decision.options if o.key.startswith("slot:")}


def formation_grid(view: GameView, decision: Decision | None, refs: set[int], width: int = CELL) -> list[str]:
    """The battle's formations, column by column, with clickable empty slots while declaring."""
    b: dict[str, Any] = view.battle or {}
    cards = cards_by_id(view)
    names = {p.seat: p.name for p in view.players}
    attack: list[list[int]] = [list(c) for c in b.get("attack") or []]
    building = (decision is not None and decision.kind == "formation"
                and (view.viewer is None or decision.seat_index == view.viewer))
    cols = decision.info.get("cols") if building and decision is not None else None
    if not attack and isinstance(cols, list):
        attack = [[int(u) for u in c] for c in cols]
    defence = b.get("defence") or {"first": 0, "columns": []}
    first = int(defence.get("first", 0))
    dcols: list[list[int]] = [list(c) for c in defence.get("columns") or []]
    blocked = {int(i) for i in b.get("blocked") or []}
    form_slots = _slots(decision, view.viewer, "formation")
    block_slots = _slots(decision, view.viewer, "block")
    indexes = set(range(len(attack))) | {first + j for j in range(len(dcols))}
    indexes |= {int(k.split(":")[1]) for k in block_slots}
    if "slot:new" in form_slots:
        indexes.add(len(attack))
    if not indexes:
        return []
    attacker, defender = int(b.get("attacker", 0)), int(b.get("defender", 0))
    side = width * 2
    who = fit(names[attacker] + " attacks", side)
    head = f"{cell('', '', LABEL)}  {cell(who, escape(who), side)}║ {escape(fit(names[defender] + ' blocks', side))}"
    lines = [head, f"column │ {cell('back', 'back', width)}{cell('front', 'front', width)}║ "
                   f"{cell('front', 'front', width)}back"]
    for i in sorted(indexes):
        acol = attack[i] if 0 <= i < len(attack) else []
        j = i - first
        dcol = dcols[j] if 0 <= j < len(dcols) else []
        a_front = cards.get(acol[0]) if acol else None
        a_back = cards.get(acol[1]) if len(acol) > 1 else None
        d_front = cards.get(dcol[0]) if dcol else None
        d_back = cards.get(dcol[1]) if len(dcol) > 1 else None
        a_slot_front = ("slot:new", "+ here") if i == len(attack) and "slot:new" in form_slots else None
        a_slot_back = (f"slot:{i}", "+ behind") if f"slot:{i}" in form_slots else None
        b_slot = (f"slot:{i}", "+ block") if f"slot:{i}" in block_slots else None
        parts = [
            _unit_cells(a_back, refs, a_slot_back, width),
            _unit_cells(a_front, refs, a_slot_front, width),
            _unit_cells(d_front, refs, b_slot if d_front is None else None, width),
            _unit_cells(d_back, refs, b_slot if d_front is not None and d_back is None else None, width),
        ]
        flank = not 0 <= i < len(attack) and not building
        labels = ["left" if i < 0 else f"{i + 1:>2}", "flank" if flank else "blocked" if i in blocked else "", ""]
        for row in range(3):
            if row and not any(parts[k][row][0] for k in range(4)) and not labels[row]:
                continue
            left = "".join(cell(*parts[k][row], width) for k in (0, 1))
            right = "".join(cell(*parts[k][row], width) for k in (2, 3))
            label = f"[b]{labels[row]}[/]" if labels[row] == "blocked" else escape(labels[row])
            lines.append(f"{cell(labels[row], label, LABEL)}│ {left}║ {right}".rstrip())
    counter = [cards[u] for u in b.get("counter") or [] if u in cards]
    if counter:
        lines.append("Counter-attacking: " + ", ".join(card_link(c.id, c.name or "?", refs) for c in counter))
    return lines


def region_body(view: GameView, seat: int, decision: Decision | None, refs: set[int], width: int = CELL) -> str:
    """A region: the players present, the battle grid if the battle is here, then the other units,
    spell tokens and mods stacked under their hosts."""
    names = {p.seat: p.name for p in view.players}
    zone = view.zones.get(f"region:{seat}")
    cards = zone.cards if zone else []
    b = view.battle or {}
    here = b.get("region") == seat
    present = sorted({seat, *[int(s) for s in (b.get("present") or {}).get(str(seat), [])]})
    lines = ["Present: " + ", ".join(escape(names[s]) for s in present)]
    in_grid: set[int] = set()
    if here:
        grid = formation_grid(view, decision, refs, width)
        if grid:
            lines += grid
            for col in b.get("attack") or []:
                in_grid |= {int(u) for u in col}
            for col in (b.get("defence") or {}).get("columns") or []:
                in_grid |= {int(u) for u in col}
            for u in b.get("counter") or []:
                in_grid.add(int(u))
    mods: dict[int, list[CardView]] = {}  # mods lie in their own zone, each naming its host
    for c in cards_by_id(view).values():
        if c.attached_to is not None:
            mods.setdefault(c.attached_to, []).append(c)
    units = [c for c in cards if c.attached_to is None and c.facts.get("kind") in ("unit", "spell_unit",
                                                                                     "token_unit")]
    tokens = [c for c in cards if c.attached_to is None and c.facts.get("kind") == "token_spell"]
    by_side: dict[int, list[CardView]] = {}
    for u in units:
        by_side.setdefault(u.controller, []).append(u)
    cols = decision.info.get("cols") if decision is not None and decision.kind == "formation" else None
    forming = {int(u) for c in cols for u in c} if isinstance(cols, list) else set()
    for s in sorted(by_side, key=lambda s: (s != seat, s)):
        rest = [u for u in by_side[s] if u.id not in in_grid and u.id not in forming]
        if not rest:
            continue
        who = "Units" if s == seat else f"{escape(names[s])}'s units here"
        lines.append(f"[b]{who}[/]:")
        lines += ["  " + unit_line(u, refs, mods.get(u.id, [])) for u in rest]
    if in_grid:
        hosted = [m for u in in_grid for m in mods.get(u, [])]
        if hosted:
            lines.append("Mods in the battle: " + ", ".join(
                f"{card_link(m.id, m.name or '?', refs)} on {escape(cards_by_id(view)[m.attached_to].name or '?')}"
                for m in hosted if m.attached_to is not None and m.attached_to in cards_by_id(view)))
    if tokens:
        lines.append("Spell tokens: " + ", ".join(
            f"{card_link(c.id, c.name or '?', refs)} [dim]({escape(names[c.controller])})[/]" for c in tokens))
    if not units and not tokens:
        lines.append("[dim]No units.[/]")
    return "\n".join(lines)
