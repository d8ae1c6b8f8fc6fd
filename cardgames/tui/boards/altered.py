"""The Altered board: the adventure track across the screen with every expedition marker and each
region's terrain, the Dusk statistics that meet there, and each player's area (Hero, expeditions,
Landmarks, Reserve, Mana Orbs, Hand, Deck and discard counts).

It renders only a `GameView` (what the seated player may see); printed card data comes in the view's
card facts. Tiles and names are clickable: clicking one picks the option that refers to it.
"""

from __future__ import annotations

from typing import Any

from textual.markup import escape
from textual.widgets import Static

from cardgames.engine.decisions import Decision
from cardgames.engine.view import CardView, GameView, PlayerView
from cardgames.tui.boards.base import SeatsBoard, marked_refs
from cardgames.tui.sheet import Sheet
from cardgames.tui.tiles import Link, TileFace

TRACK = 8
TERRAIN = {"forest": "F", "mountain": "M", "water": "W"}


def stats_text(stats: list[int] | None) -> str:
    return "/".join(str(x) for x in stats) if stats else ""


def card_face(card: CardView, refs: set[int]) -> TileFace:
    """A card on the table (or a back, if hidden)."""
    if card.hidden:
        return TileFace(card.id, card.back, hidden=True, kind="face down", colour="")
    f = card.facts
    cost = f.get("cost")
    statuses = tuple(f.get("statuses") or ()) + (("exhausted",) if card.exhausted else ())
    counters = tuple((k, n) for k, n in sorted(card.counters.items()) if n)
    kind = str(f.get("kind", ""))
    if kind == "permanent":
        kind = "landmark"
        notes_text = str(f.get("text") or "").split("\n")[0]
        if notes_text:
            return TileFace(
                card.id,
                card.name or "?",
                cost=f"{cost[0]}/{cost[1]}" if cost else None,
                statuses=statuses,
                notes=(notes_text,),
                kind=kind,
                colour=str(f.get("faction") or ""),
                marked=card.id in refs,
            )
    notes = tuple(str(k) for k in f.get("keywords") or ())
    if kind == "hero" and f.get("limits"):
        notes += (f"Reserve {f['limits'][0]} · Land. {f['limits'][1]}",)
    return TileFace(
        card.id,
        card.name or "?",
        cost=f"{cost[0]}/{cost[1]}" if cost else None,
        stats=stats_text(f.get("stats")),
        statuses=statuses,
        counters=counters,
        notes=notes,
        kind=kind,
        colour=str(f.get("faction") or ""),
        marked=card.id in refs,
    )


def region_line(view: GameView) -> list[str]:
    """Each region's types as letters ("?" for a face-down tumult card)."""
    g = view.globals
    if g.get("arena"):
        return ["FMW"] * TRACK
    out = ["FMW"] + ["?"] * 6 + ["FMW"]
    for k in range(3):
        cards = view.zones[f"region:{k}"].cards
        if cards and not cards[0].hidden:
            halves = cards[0].facts.get("halves") or [[], []]
            for half in (0, 1):
                out[1 + 2 * k + half] = "".join(TERRAIN[x] for x in halves[half])
    return out


def expedition_stats(view: GameView, p: PlayerView, kind: str) -> list[int]:
    """What the player's expedition brings to Dusk (from its Hero card's public facts)."""
    hero = view.zones[f"hero:{p.seat}"].cards
    return list((hero[0].facts.get("expeditions") or {}).get(kind) or []) if hero else []


def track_body(sheet: Sheet, view: GameView) -> None:
    """The adventure: one column per region, the markers on it, and the Dusk statistics."""
    types = region_line(view)
    width = max(6, min(14, sheet.width // TRACK))
    names = (
        ["1 Hero"] + [f"{2 + i} T{1 + i // 2}{'ab'[i % 2]}" for i in range(6)] + ["8 Comp." if width > 7 else "8 Cmp"]
    )
    if view.globals.get("arena"):
        sheet.text(
            "[b]The Arena[/b] (tiebreakers): all expeditions are here; Forest, Mountain and Water. "
            "At Dusk each player adds up all their Characters; whoever wins more statistics wins."
        )
    else:
        shown = [c for k in range(3) for c in view.zones[f"region:{k}"].cards if not c.hidden]
        if shown:  # the tumult cards face up, each a cursor stop (i shows its two halves)
            sheet.flow("Tumult cards face up: ", [(Link(c.id, c.name or "?"), "") for c in shown])
        sheet.text("".join(f"{n:<{width}}" for n in names))
        sheet.text("".join(f"{ty:<{width}}" for ty in types))
        for p in view.players:
            row = ["" for _ in range(TRACK)]
            for kind, mark in (("hero", "H"), ("companion", "C")):
                at = int(p.props.get(f"{kind}_at", 0))
                row[at] += mark
            initial = escape(p.name[:3])
            sheet.text("".join(f"{(initial + ':' + r) if r else '·':<{width}}" for r in row))
    if view.globals.get("arena"):
        sheet.text("At Dusk, all Characters of both expeditions (Forest/Mountain/Water):")
        for p in view.players:
            hero = view.zones[f"hero:{p.seat}"].cards
            sums = list(hero[0].facts.get("arena") or []) if hero else []
            sheet.text(f"  {escape(p.name)}: [b]{stats_text(sums)}[/b]")
        return
    sheet.text("At Dusk (Forest/Mountain/Water), if the table stays as it is:")
    for p in view.players:
        hero = view.zones[f"hero:{p.seat}"].cards
        moving = list(hero[0].facts.get("moves_at_dusk") or []) if hero else []
        parts = []
        for kind in ("hero", "companion"):
            s = expedition_stats(view, p, kind)
            arrow = " [b]▶ moves forward[/b]" if kind in moving else ""
            parts.append(f"{kind} {stats_text(s)}{arrow}")
        sheet.text(f"  {escape(p.name)}: " + " · ".join(parts))


def seat_title(view: GameView, p: PlayerView) -> str:
    hero = view.zones[f"hero:{p.seat}"].cards
    name = hero[0].name if hero else "no Hero"
    you = " (you)" if view.viewer == p.seat else ""
    first = " — first player" if view.globals.get("first") == p.seat else ""
    acting = " — acting" if view.deciding == p.name else ""
    passed = " — passed" if p.props.get("passed") else ""
    return f"{escape(p.name)}{you}: {escape(name or '?')}{first}{passed}{acting}"


def seat_body(sheet: Sheet, view: GameView, p: PlayerView, decision: Decision | None) -> None:
    refs = marked_refs(decision, view.viewer)
    s = p.seat
    z = view.zones
    orbs = z[f"mana:{s}"].count
    spent = p.counters.get("orbs_exhausted", 0)
    sheet.text(
        f"Mana Orbs: [b]{orbs - spent} ready[/b], {spent} exhausted · Hand {z[f'hand:{s}'].count} · "
        f"Deck {z[f'deck:{s}'].count} · Discard {z[f'discard:{s}'].count}"
    )
    sheet.tiles([card_face(c, refs) for c in z[f"hero:{s}"].cards + z[f"landmarks:{s}"].cards])
    for kind in ("hero", "companion"):
        cards = z[f"exp:{s}:{kind}"].cards
        stats = expedition_stats(view, p, kind)
        arena = bool(view.globals.get("arena"))
        where = "in the Arena" if arena else f"region {int(p.props.get(f'{kind}_at', 0)) + 1}"
        sheet.text(f"{kind.capitalize()} expedition ({where}, {stats_text(stats)}): " + ("" if cards else "empty"))
        if cards:
            sheet.tiles([card_face(c, refs) for c in cards])
    reserve = z[f"reserve:{s}"].cards
    sheet.text(f"Reserve ({len(reserve)}):" + ("" if reserve else " empty"))
    if reserve:
        sheet.tiles([card_face(c, refs) for c in reserve])
    hand = z[f"hand:{s}"]
    if view.viewer == s:
        sheet.text(f"Hand ({hand.count}):" + ("" if hand.cards else " empty"))
        for c in hand.cards:
            sheet.line("  ", *hand_line(c, refs))
        mana = z[f"mana:{s}"].cards
        sheet.text("Your Mana Orbs (face down): " + (", ".join(escape(c.name or "?") for c in mana) or "none"))


def hand_line(c: CardView, refs: set[int]) -> list[str | Link]:
    """A card in the hand, readable without inspecting it: kind, Hand/Reserve cost, statistics
    (Forest/Mountain/Water) and keywords."""
    if c.hidden:
        return ["a card"]
    f = c.facts
    kind = "landmark" if f.get("kind") == "permanent" else str(f.get("kind") or "card")
    cost = f.get("cost")
    bits = [kind, f"cost [b]{cost[0]}[/] (Reserve {cost[1]})" if cost else ""]
    if f.get("stats"):
        bits.append(f"[b]{stats_text(f.get('stats'))}[/]")
    bits += [escape(str(k)) for k in f.get("keywords") or ()]
    return [Link(c.id, c.name or "?", c.id in refs), " · " + " · ".join(b for b in bits if b)]


EMBLEMS = {
    "next_card_cost": "the next card you play costs {n} less",
    "next_permanent_cost": "the next Permanent you play costs {n} less",
    "next_character_boost": "the next Character you play gains {n} boost",
}


def emblem_text(e: dict[str, Any]) -> str:
    """An Ongoing Emblem in Limbo, as its card wrote it, and its duration."""
    what = EMBLEMS.get(str(e.get("kind")), str(e.get("kind"))).format(n=e.get("amount", 1))
    return f"{what} (this {e.get('until')})"


def card_details(view: GameView, ref: int) -> str:
    for zone in view.zones.values():
        for c in zone.cards:
            if c.id == ref:
                return _details(c)
    return "Not on the table."


def _details(c: CardView) -> str:
    if c.hidden:
        return "This card is hidden from you."
    f: dict[str, Any] = c.facts
    lines = [f"# {c.name}", ""]
    kind = str(f.get("kind", ""))
    sub = " – ".join(f.get("subtypes") or [])
    lines.append(
        f"**{kind.capitalize()}**{' – ' + sub if sub else ''}"
        f"{' · ' + str(f.get('faction')).capitalize() if f.get('faction') else ''}"
    )
    if f.get("cost"):
        lines.append(f"Hand cost {f['cost'][0]} · Reserve cost {f['cost'][1]}")
    if f.get("stats"):
        lines.append(
            f"Forest {f['stats'][0]} · Mountain {f['stats'][1]} · Water {f['stats'][2]}"
            f" (printed {stats_text(f.get('printed'))})"
        )
    if f.get("halves"):
        lines.append("Regions: " + " | ".join(", ".join(h) for h in f["halves"]))
    if f.get("limits"):
        lines.append(f"Reserve limit {f['limits'][0]} · Landmark limit {f['limits'][1]}")
    if f.get("keywords"):
        lines.append("Keywords: " + ", ".join(f["keywords"]))
    if f.get("statuses") or c.exhausted:
        lines.append("Status: " + ", ".join([*(f.get("statuses") or []), *(["exhausted"] if c.exhausted else [])]))
    if c.counters:
        lines.append("Counters: " + ", ".join(f"{k} {n}" for k, n in c.counters.items()))
    if f.get("text"):
        lines += ["", str(f["text"]).replace("\n", "\n\n")]
    return "\n\n".join(lines)


class AlteredBoard(SeatsBoard):
    """The opponent at the top, the adventure track in the middle, you at the bottom."""

    game = "altered"

    def draw(self, view: GameView, decision: Decision | None) -> None:
        self.order_seats(view)
        for p in view.players:
            w = self.query_one(f"#seat-{p.seat}", Static)
            w.border_title = seat_title(view, p)
            w.set_class(p.seat == view.viewer, "-you")
            w.set_class(view.deciding == p.name, "-active")
            sheet = self.sheet(w)
            seat_body(sheet, view, p, decision)
            self.put(w, sheet)
        table = self.query_one("#table", Static)
        table.border_title = "The adventure" if not view.globals.get("arena") else "The Arena"
        sheet = self.sheet(table)
        track_body(sheet, view)
        limbo = view.zones["limbo"].cards
        if limbo:
            sheet.text("Limbo:")
            sheet.tiles([card_face(c, marked_refs(decision, view.viewer)) for c in limbo])
        for r in view.globals.get("reactions") or []:
            sheet.text(f"Reaction in Limbo: {escape(str(r.get('label')))}")
        names = {p.seat: p.name for p in view.players}
        for e in view.globals.get("emblems") or []:
            sheet.text(f"Ongoing Emblem ({escape(names.get(int(e['seat']), '?'))}): {emblem_text(e)}")
        self.put(table, sheet)

    def status(self, view: GameView) -> str:
        names = {p.seat: p.name for p in view.players}
        day = view.globals.get("day", 1)
        who = view.deciding or names.get(view.active, "")
        return f"Day {day} — {view.phase.capitalize()} — {who} acts"

    def details(self, view: GameView, ref: int) -> str:
        return card_details(view, ref)

    @staticmethod
    def standing(player: PlayerView) -> str:
        return (
            f"hero expedition at region {int(player.props.get('hero_at', 0)) + 1}, "
            f"companion at {int(player.props.get('companion_at', 7)) + 1}"
        )
