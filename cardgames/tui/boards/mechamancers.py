"""The Mechamancers board: each player's role card, field of mecha (each showing its state now and
the state it turns to next) and hand; the piles, the event pile and the pledge in the middle.

It renders only a `GameView` (what the seated player may see) and the card facts the ruleset puts
in it; the catalog is read only for printed text on the inspect screen.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from textual.markup import escape
from textual.widgets import Static

from cardgames.engine.decisions import Decision
from cardgames.engine.view import CardView, GameView, PlayerView
from cardgames.games.mechamancers.rules import Mechamancers
from cardgames.tui.boards.base import SeatsBoard, marked_refs, zones_marked
from cardgames.tui.session import Session
from cardgames.tui.sheet import Sheet
from cardgames.tui.tiles import Link, TileFace

PILES = ("attack", "defense", "unique")
PHASES = {"pledge": "pledge", "turns": "turns", "resource": "resource phase", "activation": "activation phase",
          "combat": "combat: Strike step", "assault": "combat: Assault step", "event": "event"}


def mecha_face(card: CardView, refs: set[int]) -> TileFace:
    """A mecha: its state now and (→) the one it turns to at the next damage; health left; ability."""
    f: dict[str, Any] = card.facts
    if card.hidden:
        return TileFace(card.id, f"{card.back} mecha", hidden=True, kind="face down", colour=card.back)
    health, dmg = int(f.get("health", 1)), int(f.get("damage", 0))
    notes = []
    if f.get("ability"):
        notes.append(f"{f['ability']} [{str(f.get('tag', '')).replace('_', ' ')}]")
    if f.get("attacks_left") is not None:
        notes.append(f"{f['attacks_left']} attack(s) left")
    if f.get("shield") is not None and f"S{f['shield']}" != f.get("state"):
        notes.append(f"shield now {f['shield']}")
    return TileFace(card.id, card.name or "?", cost=f.get("cost"), stats=f"{f.get('state')} → {f.get('next')}",
                    damage=dmg, notes=tuple(notes), kind=f"{f.get('type')} · hp {health - dmg}/{health}",
                    colour=str(f.get("type")), marked=card.id in refs)


def role_face(card: CardView, refs: set[int]) -> TileFace:
    """A role card: turn order, draws, mana, base defend and privilege."""
    f: dict[str, Any] = card.facts
    if card.hidden:
        return TileFace(card.id, "role (sealed)", hidden=True, kind="pledged", colour="role")
    alias = f" ({f['alias']})" if f.get("alias") else ""
    draws = " + ".join(str(d) for d in f.get("draws", []))
    return TileFace(card.id, f"{card.name}{alias}", cost=f.get("order"),
                    stats=f"mana {f.get('mana')} · defend {f.get('defend')}",
                    notes=(f"draws {draws}", f"{f.get('privilege')}"), kind=f"role · turn {f.get('order')}",
                    colour="role", marked=card.id in refs)


def event_face(card: CardView, refs: set[int]) -> TileFace:
    if card.hidden:
        return TileFace(card.id, "event", hidden=True, kind="face down", colour="event")
    return TileFace(card.id, card.name or "?", notes=(str(card.facts.get("text", "")),), kind="event",
                    colour="event", marked=card.id in refs)


def seat_title(view: GameView, p: PlayerView) -> str:
    you = " (you)" if view.viewer == p.seat else ""
    turn = ""
    if view.active == p.seat and view.phase not in ("pledge", "turns", "event", "setup"):
        turn = " — your turn" if view.viewer == p.seat else " — their turn"
    c = p.counters
    return f"{escape(p.name)}{you}: VP {c.get('vp', 0)} · mana {c.get('mana', 0)}{turn}"


SEAT_ZONES = ("role", "pledge", "field", "hand", "look", "pack")
"""The zones of a seat `seat_body` reads."""


def seat_body(sheet: Sheet, view: GameView, p: PlayerView, decision: Decision | None) -> None:
    """The role card, the field (with the base defend in the sum of shields), the hand."""
    refs = marked_refs(decision, view.viewer)
    role = view.zones[f"role:{p.seat}"].cards
    pledged = view.zones[f"pledge:{p.seat}"].cards
    field = view.zones[f"field:{p.seat}"].cards
    faces = [role_face(c, refs) for c in role + pledged]
    faces += [mecha_face(c, refs) for c in field]
    sheet.tiles(faces)
    shields = sum(int(c.facts.get("shield", 0)) for c in field)
    defend = max((int(c.facts.get("defend", 0)) for c in role), default=0)  # two roles: the higher
    sheet.text(f"Field {len(field)}/6 · shields {shields} + base defend {defend}"
               + (" (Eclipse: 0)" if view.globals.get("eclipse_round") == view.globals.get("round") else ""))
    hand = view.zones[f"hand:{p.seat}"]
    if view.viewer == p.seat:
        items = [(Link(c.id, c.name or "?", c.id in refs), f" ({c.facts.get('cost')}, {c.facts.get('type')})")
                 for c in hand.cards]
        sheet.flow(f"Hand ({hand.count}/7): " + ("" if items else "empty"), items)
        looked = view.zones[f"look:{p.seat}"].cards
        if looked:
            sheet.text("[b]Foresight[/] — the top of the event pile, top first (only you see this):")
            sheet.tiles([event_face(c, refs) for c in looked])
        pack = view.zones[f"pack:{p.seat}"].cards
        if pack:
            sheet.text("[b]Pledge[/] — the roles passed to you; keep one in secret:")
            sheet.tiles([role_face(c, refs) for c in pack])
    else:
        backs: dict[str, int] = {}
        for c in hand.cards:
            backs[c.back] = backs.get(c.back, 0) + 1
        sheet.text(f"Hand ({hand.count}): " + (", ".join(f"{n} {b}" for b, n in sorted(backs.items())) or "empty"))


def table_body(sheet: Sheet, view: GameView, decision: Decision | None) -> None:
    """Round, piles, the event pile and the events resolved, the roles in the middle, the pledge."""
    refs = marked_refs(decision, view.viewer)
    names = {p.seat: p.name for p in view.players}
    g = view.globals
    rnd = g.get("round", 0)
    mods = [m for m, key in (("Eclipse: base defend 0", "eclipse_round"), ("Bloodlust: +1 VP per theft",
                                                                          "bloodlust_round")) if g.get(key) == rnd]
    sheet.text(f"[b]Round {rnd}[/] of 7 · event pile {view.zones['events'].count}"
               + (" · " + " · ".join(mods) if mods else ""))
    piles = []
    for k in PILES:
        piles.append(f"{k.title()}: {view.zones[f'pile:{k}'].count} (discard {view.zones[f'discard:{k}'].count})")
    sheet.text("   ".join(piles))
    order = [int(s) for s, _ in g.get("turns") or []] or [int(s) for s in g.get("turn_order") or []]
    if order:
        sheet.text("Turn order: " + " → ".join(escape(names[s]) for s in order))
    elif view.phase == "pledge":
        pledged = [escape(names[p.seat]) for p in view.players if view.zones[f"pledge:{p.seat}"].count]
        holding = [escape(names[p.seat]) for p in view.players if view.zones[f"pack:{p.seat}"].count]
        sheet.text("Pledge: " + (f"{', '.join(pledged)} pledged in secret; " if pledged else "")
                   + (f"{holding[0]} chooses" if holding else ""))
    middle = view.zones["roles"].cards + view.zones["roles:aside"].cards
    if middle:
        sheet.text("Roles sitting out:" if view.zones["roles:aside"].cards else "Roles:")
        sheet.tiles([role_face(c, refs) for c in middle])
    done = view.zones["events:done"].cards
    if done:
        sheet.text("Events resolved (the last one on the right):")
        sheet.tiles([event_face(c, refs) for c in done[-4:]])


def card_details(view: GameView, board: MechamancersBoard, ref: int) -> str:
    """Everything printed on a visible card and its state now, for the inspect screen."""
    for z in view.zones.values():
        for c in z.cards:
            if c.id == ref and not c.hidden:
                return _details(c)
    return "This card is hidden from you."


def _details(c: CardView) -> str:
    f: dict[str, Any] = c.facts
    lines = [f"# {c.name}", ""]
    if f.get("kind") == "mecha":
        lines.append(f"{str(f.get('type')).title()} mecha — cost {f.get('cost')} mana — health {f.get('health')}")
        rotation = list(f.get("rotation", []))
        dmg = int(f.get("damage", 0))
        lines += ["", "Rotation (one quarter turn per point of damage; **now** in bold):", ""]
        lines += [f"- {'**' + s + '**' if i == dmg else s}" + (" ← now" if i == dmg else "")
                  for i, s in enumerate(rotation)]
        if f.get("ability"):
            lines += ["", f"**{f['ability']}** [{str(f.get('tag')).replace('_', ' ')}]: {f.get('ability_text')}"]
        if f.get("text"):
            lines += ["", str(f["text"])]
        if f.get("attacks_left") is not None:
            lines += ["", f"Attacks left this turn: {f['attacks_left']}"]
        if f.get("shield") is not None:
            lines += ["", f"Shield now: {f['shield']}"]
    elif f.get("kind") == "role":
        alias = f" — the {f['alias']}" if f.get("alias") else ""
        lines += [f"Role card{alias}", "", f"- Turn order: {f.get('order')}",
                  f"- Draws: {', '.join(str(d) for d in f.get('draws', []))}", f"- Mana harvested: {f.get('mana')}",
                  f"- Base defend: {f.get('defend')}", f"- Privilege: **{f.get('privilege')}** — {f.get('text')}"]
    else:
        lines += ["Event card", "", str(f.get("text", ""))]
    return "\n".join(lines)


class MechamancersBoard(SeatsBoard):
    """Opponents at the top (in seat order after the seated player), the table, then you."""

    game = "mechamancers"

    def __init__(self, session: Session) -> None:
        super().__init__(session)
        rules = session.game.ruleset
        assert isinstance(rules, Mechamancers)
        self.rules = rules

    def draw(self, view: GameView, decision: Decision | None) -> None:
        self.order_seats(view)
        for p in view.players:
            w = self.query_one(f"#seat-{p.seat}", Static)
            w.border_title = seat_title(view, p)
            w.set_class(p.seat == view.viewer, "-you")
            w.set_class(p.seat == view.active and view.phase not in ("pledge", "event"), "-active")
            zones, marked = zones_marked(view, decision, [f"{z}:{p.seat}" for z in SEAT_ZONES])
            eclipse = view.globals.get("eclipse_round") == view.globals.get("round")
            inputs = (p, zones, view.viewer == p.seat, eclipse, marked)
            self.put_drawn(w, inputs, partial(seat_body, view=view, p=p, decision=decision))
        table = self.query_one("#table", Static)
        sheet = self.sheet(table)
        table_body(sheet, view, decision)
        self.put(table, sheet)

    def status(self, view: GameView) -> str:
        names = {p.seat: p.name for p in view.players}
        rnd = view.globals.get("round", 0)
        phase = PHASES.get(view.phase, view.phase)
        if view.phase in ("pledge", "event", "turns", "setup"):
            return f"Round {rnd} — {phase}"
        return f"Round {rnd} — {names[view.active]}'s turn — {phase}"

    def details(self, view: GameView, ref: int) -> str:
        return card_details(view, self, ref)

    @staticmethod
    def standing(player: PlayerView) -> str:
        c = player.counters
        return f"VP {c.get('vp', 0)} · mana {c.get('mana', 0)}"
