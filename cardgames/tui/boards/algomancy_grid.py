"""An Algomancy region on the board: who is present, its units as tiles, and the battle's formations as a grid.

The grid is drawn one formation column per row of tiles, so any number of columns fits:

              Ann attacks                           ║ Bob blocks
    column │ back               front              ║ front              back
     1     │ ╭Ember Hound─────╮ ╭Fire Imp────────╮ ║ ╭Stone Wall──────╮
    blocked│ │3/2 · swift     │ │2/2 dmg 1       │ ║ │0/5 · tough     │
           │ ╰unit────────────╯ ╰unit────────────╯ ║ ╰unit────────────╯

The attacker's rows are on the left, the blocker's on the right, facing each other across ║. A
blocked column is marked "blocked" in words (not only by colour). Attributes shown on a unit are
the ones it has now, shared down its column included (rulebook: Formations and attributes). Empty
places the pending decision offers are dashed tiles ("+ here", "+ behind", "+ block"). Where the
region is too narrow for four tiles a row, the grid falls back to one line of text per cell.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from textual.markup import escape

from cardgames.engine.decisions import Decision
from cardgames.engine.view import CardView, GameView
from cardgames.tui.boards.base import card_link, option_link
from cardgames.tui.sheet import Sheet
from cardgames.tui.tiles import Attached, Ink, Link, Spot, TileFace, fit, tile_height, tile_lines

LABEL = 7
"""Width of the column-label cell ("left", " 1", "blocked")."""
GRID_TILE = 16
"""The narrowest tile the grid draws; narrower regions get the text grid."""
ABBREVIATED = {"flying": "fly", "swift": "swift", "sluggish": "slug", "deadly": "deadly", "tough": "tough",
               "balanced": "bal", "inverted": "inv", "unaware": "unaware", "unstable": "unst"}
Colour = Callable[[CardView], str]
"""The colour key of a card (its first element), from printed card data."""


def cell_width(region_width: int) -> int:
    """The widest grid cell that fits four cells, the labels and the separators in a region this wide."""
    return max(10, min(22, (region_width - LABEL - 7) // 4))


def cards_by_id(view: GameView) -> dict[int, CardView]:
    return {c.id: c for z in view.zones.values() for c in z.cards}


def stats_text(card: CardView) -> str:
    f = card.facts
    bits = [f"{f.get('power', '?')}/{f.get('defense', '?')}"]
    if f.get("damage"):
        bits.append(f"dmg {f['damage']}")
    return " ".join(bits)


def unit_face(card: CardView, refs: set[int], mods: list[CardView], colour: Colour) -> TileFace:
    """A unit, spell unit or token: power/defense after layers, damage, attributes, counters, mods."""
    if card.hidden:
        return TileFace(card.id, card.back, hidden=True, kind="face down")
    f = card.facts
    statuses = tuple(str(a) for a in f.get("attributes") or []) + (("exhausted",) if card.exhausted else ())
    counters = tuple((k, n) for k, n in sorted(card.counters.items()) if k != "damage" and n)
    stats = f"{f.get('power', '?')}/{f.get('defense', '?')}"
    return TileFace(card.id, card.name or "?", cost=f.get("cost"), stats=stats,
                    damage=int(f.get("damage") or 0), statuses=statuses, counters=counters,
                    kind=str(f.get("kind", "unit")).replace("_", " "), colour=colour(card), marked=card.id in refs,
                    attached=tuple(Attached(m.id, m.name or "?", m.id in refs) for m in mods))


def slot_face(key: str, label: str) -> TileFace:
    return TileFace(None, label, slot=True, action=f"screen.choose_key('{key}')", key=key)


Cell = CardView | tuple[str, str] | None
"""A place in the grid: a unit, an empty place the decision offers (option key, label), or nothing."""


@dataclass
class Formation:
    """The battle's formations, column by column (each: label lines and four cells); `attacker` and
    `defender` say who does it ("Dan and Bob attack", "Cat blocks")."""

    attacker: str
    defender: str
    columns: list[tuple[list[str], list[Cell]]]
    counter: list[CardView]
    in_grid: set[int]


def _slots(decision: Decision | None, viewer: int | None, kind: str) -> dict[str, str]:
    """Slot options of the viewer's own formation/block decision: {key: label}."""
    if decision is None or (viewer is not None and decision.seat_index != viewer) or decision.kind != kind:
        return {}
    return {o.key: o.label for o in decision.options if o.key.startswith("slot:")}


def formation(view: GameView, decision: Decision | None) -> Formation | None:
    """The battle's formations as columns of cells, with the empty places the decision offers."""
    b: dict[str, Any] = view.battle or {}
    cards = cards_by_id(view)
    names = {p.seat: p.name for p in view.players}
    attack: list[list[int]] = [list(c) for c in b.get("attack") or []]
    building = (decision is not None and decision.kind == "formation"
                and (view.viewer is None or decision.seat_index == view.viewer))
    cols = decision.info.get("cols") if building and decision is not None else None
    offset = 0  # FFA: a second attacker's formation is set beside the first (its slots count from 0)
    if isinstance(cols, list) and (not attack or b.get("ffa")):
        offset = len(attack)
        attack = attack + [[int(u) for u in c] for c in cols]
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
        return None
    columns: list[tuple[list[str], list[Cell]]] = []
    for i in sorted(indexes):
        acol = attack[i] if 0 <= i < len(attack) else []
        j = i - first
        dcol = dcols[j] if 0 <= j < len(dcols) else []
        a_front = cards.get(acol[0]) if acol else None
        a_back = cards.get(acol[1]) if len(acol) > 1 else None
        d_front = cards.get(dcol[0]) if dcol else None
        d_back = cards.get(dcol[1]) if len(dcol) > 1 else None
        block: Cell = (f"slot:{i}", "+ block") if f"slot:{i}" in block_slots else None
        row: list[Cell] = [
            a_back or ((f"slot:{i - offset}", "+ behind") if i >= offset and f"slot:{i - offset}" in form_slots
                       else None),
            a_front or (("slot:new", "+ here") if i == len(attack) and "slot:new" in form_slots else None),
            d_front or block,
            d_back or (block if d_front is not None else None),
        ]
        flank = not 0 <= i < len(attack) and not building
        labels = ["left" if i < 0 else f"{i + 1:>2}", "flank" if flank else "blocked" if i in blocked else ""]
        columns.append((labels, row))
    counter = [cards[u] for u in b.get("counter") or [] if u in cards]
    in_grid = {c.id for _, row in columns for c in row if isinstance(c, CardView)} | {c.id for c in counter}
    attackers = [s for a in b.get("attackers") or [b.get("attacker", 0)] for s in joint_team(view, int(a))]
    defenders = joint_team(view, int(b.get("defender", 0)))
    return Formation(they_do([names[s] for s in attackers], "attack"), they_do([names[s] for s in defenders], "block"),
                     columns, counter, in_grid)


def they_do(who: list[str], verb: str) -> str:
    """`who` doing `verb`, in agreement: "Ann attacks", "Dan and Bob attack", "Ann, Cat and Eve block"."""
    if len(who) == 1:
        return f"{who[0]} {verb}s"
    return f"{', '.join(who[:-1])} and {who[-1]} {verb}"


def _label(text: str) -> str:
    return f"[b]{text}[/]" if text == "blocked" else escape(text)


def grid_tiles(sheet: Sheet, form: Formation, refs: set[int], mods: dict[int, list[CardView]],
               colour: Colour, width: int) -> None:
    """The grid as tiles: one formation column per row of four tiles."""
    who = fit(form.attacker, width * 2 + 1)
    sheet.text(f"{' ' * LABEL}  {escape(who)}{' ' * (width * 2 + 1 - len(who))} ║ "
               f"{escape(fit(form.defender, width * 2))}")
    sheet.text(f"column │ {'back':<{width + 1}}{'front':<{width}} ║ {'front':<{width + 1}}back")
    for labels, row in form.columns:
        faces = [slot_face(*c) if isinstance(c, tuple) else None if c is None else
                 unit_face(c, refs, mods.get(c.id, []), colour) for c in row]
        height = max([tile_height(f, width) for f in faces if f is not None] or [3])
        drawn = [tile_lines(f, width, height, sheet.focus) if f is not None else None for f in faces]
        lines: list[Ink] = []
        for y in range(height):
            label = labels[y] if y < len(labels) else ""
            ink = Ink().put(label, "bold" if label == "blocked" else "").pad(LABEL - len(label)).put("│ ")
            for k, tile in enumerate(drawn):
                if k:
                    ink.put(" ║ " if k == 2 else " ")
                if tile is None:
                    ink.put(" " * (width // 2) + ("·" if y == 1 else " "), "dim").pad(width - width // 2 - 1)
                else:
                    ink.add(tile[0][y])
            lines.append(ink)
        spots: list[Spot] = []
        for k, tile in enumerate(drawn):
            if tile is not None:
                x = LABEL + 2 + k * (width + 1) + (2 if k >= 2 else 0)
                spots += [Spot(s.key, s.ref, s.action, s.marked, s.line, s.col + x, s.width, s.height) for s in tile[1]]
        sheet.block(lines, spots)
    if form.counter:
        sheet.text("Counter-attacking:")
        sheet.tiles([unit_face(c, refs, mods.get(c.id, []), colour) for c in form.counter])


def _text_cell(c: Cell, refs: set[int], width: int, row: int) -> list[str | Link]:
    """One line of a text-grid cell (name, stats, attributes), padded to `width`."""
    if c is None:
        return [f"[dim]·[/]{' ' * (width - 1)}" if row == 0 else " " * width]
    if isinstance(c, tuple):
        key, label = c
        return [option_link(key, label) + " " * (width - len(label)) if row == 0 else " " * width]
    if row == 0:
        marked = c.id in refs
        name = fit(c.name or "?", width - 1 - (1 if marked else 0))
        return [Link(c.id, name, marked), " " * (width - len(name) - (1 if marked else 0))]
    if row == 1:
        stats = fit(stats_text(c), width - 1)
        text = escape(stats).replace("dmg", "[red]dmg[/]") if "dmg" in stats else escape(stats)
        return [text + " " * (width - len(stats))]
    attrs = fit(" ".join(ABBREVIATED.get(str(a), str(a)) for a in c.facts.get("attributes") or []), width - 1)
    return [f"[i]{escape(attrs)}[/]" + " " * (width - len(attrs))]


def grid_text(sheet: Sheet, form: Formation, refs: set[int], mods: dict[int, list[CardView]], width: int) -> None:
    """The grid in text, for narrow regions: three lines per column (name, stats, attributes)."""
    side = width * 2
    who = fit(form.attacker, side)
    sheet.text(f"{' ' * LABEL}  {escape(who)}{' ' * (side - len(who))}║ {escape(fit(form.defender, side))}")
    sheet.text(f"column │ {'back':<{width}}{'front':<{width}}║ {'front':<{width}}back")
    for labels, row in form.columns:
        for line in range(3):
            cards = [c for c in row if isinstance(c, CardView)]
            if line == 2 and not any(c.facts.get("attributes") for c in cards) and len(labels) < 3:
                continue
            if line and not cards and not (line < len(labels) and labels[line]):
                continue
            label = labels[line] if line < len(labels) else ""
            parts: list[str | Link] = [_label(label) + " " * (LABEL - len(label)) + "│ "]
            for k, c in enumerate(row):
                parts += (["║ "] if k == 2 else []) + _text_cell(c, refs, width, line)
            sheet.line(*parts)
    if form.counter:
        sheet.line("Counter-attacking: ", *_commas([Link(c.id, c.name or "?", c.id in refs) for c in form.counter]))
    in_form = {c.id: c for _, row in form.columns for c in row if isinstance(c, CardView)}
    hosted = [(m, in_form[u]) for u in in_form for m in mods.get(u, [])]
    if hosted:
        sheet.text("Mods in the battle: " + ", ".join(
            f"{card_link(m.id, m.name or '?', refs)} on {escape(host.name or '?')}" for m, host in hosted))


def _commas(links: list[Link]) -> list[str | Link]:
    out: list[str | Link] = []
    for i, link in enumerate(links):
        out += [", ", link] if i else [link]
    return out


def joint_team(view: GameView, seat: int) -> list[int]:
    """`seat`, or in joint teams its whole team: who owns a shared region, or is present with `seat` (R72)."""
    if view.globals.get("setup") != "joint":
        return [seat]
    return [p.seat for p in view.players if p.team == view.players[seat].team]


def region_body(sheet: Sheet, view: GameView, seat: int, decision: Decision | None, refs: set[int],
                colour: Colour) -> None:
    """A region: the players present, the battle grid if the battle is here, then the other units
    and spell tokens as tiles (mods as lines in their hosts' tiles)."""
    names = {p.seat: p.name for p in view.players}
    zone = view.zones.get(f"region:{seat}")
    cards = zone.cards if zone else []
    b = view.battle or {}
    visitors = [int(s) for s in (b.get("present") or {}).get(str(seat), [])]
    present = sorted({s for v in (seat, *visitors) for s in joint_team(view, v)})
    sheet.text("Present: " + ", ".join(escape(names[s]) for s in present))
    mods: dict[int, list[CardView]] = {}  # mods lie in their own zone, each naming its host
    for c in cards_by_id(view).values():
        if c.attached_to is not None:
            mods.setdefault(c.attached_to, []).append(c)
    form = formation(view, decision) if b.get("region") == seat else None
    in_grid = form.in_grid if form is not None else set()
    if form is not None:
        width = cell_width(sheet.width)
        if width >= GRID_TILE:
            grid_tiles(sheet, form, refs, mods, colour, width)
        else:
            grid_text(sheet, form, refs, mods, width)
    units = [c for c in cards if c.attached_to is None and c.facts.get("kind") in ("unit", "spell_unit", "token_unit")]
    tokens = [c for c in cards if c.attached_to is None and c.facts.get("kind") == "token_spell"]
    by_side: dict[int, list[CardView]] = {}
    for u in units:
        by_side.setdefault(u.controller, []).append(u)
    cols = decision.info.get("cols") if decision is not None and decision.kind == "formation" else None
    forming = {int(u) for c in cols for u in c} if isinstance(cols, list) else set()
    for s in sorted(by_side, key=lambda s: (s != seat, s)):
        rest = [u for u in by_side[s] if u.id not in in_grid and u.id not in forming]
        if rest:
            mine = s == seat and joint_team(view, seat) == [seat]  # a shared region names every member's units
            sheet.text("[b]Units[/]:" if mine else f"[b]{escape(names[s])}'s units here[/]:")
            sheet.tiles([unit_face(u, refs, mods.get(u.id, []), colour) for u in rest])
    if tokens:
        sheet.text("[b]Spell tokens[/]:")
        sheet.tiles([TileFace(c.id, c.name or "?", kind="spell token", notes=(f"{names[c.controller]}'s",),
                              colour=colour(c), marked=c.id in refs) for c in tokens])
    if not units and not tokens:
        sheet.text("[dim]No units.[/]")
