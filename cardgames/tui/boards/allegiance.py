"""The Allegiance board: each hero's area (hero, gear and units as tiles, abilities, hand) and the table.

It renders only a `GameView` (what the seated player may see) plus printed card data from the
catalog. Tiles and names are clickable: clicking one picks the option that refers to it.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from textual.markup import escape
from textual.widgets import Static

from cardgames.engine.decisions import Decision
from cardgames.engine.view import CardView, ChainEntryView, GameView, PlayerView
from cardgames.games.allegiance.catalog import Catalog
from cardgames.games.allegiance.rules import Allegiance
from cardgames.games.allegiance.schema import ActionCard, Face, GearCard, HeroCard
from cardgames.games.allegiance.why_not import ready_in
from cardgames.tui.boards.base import SeatsBoard, card_link, entry_face, marked_refs, zones_marked
from cardgames.tui.session import Session
from cardgames.tui.sheet import Sheet
from cardgames.tui.tiles import Attached, Link, TileFace

DECK_NAMES = ("basic", "elite", "action")


def unit_face(card: CardView, refs: set[int], attached: list[CardView]) -> TileFace:
    """A unit: attack/health, damage, counters, exhausted, and the cards attached to it."""
    f = card.facts
    deck = str(f.get("deck") or card.back)
    counters = tuple((k, n) for k, n in sorted(card.counters.items()) if k not in ("damage", "hasty") and n)
    return TileFace(
        card.id, card.name or "?", cost=f.get("cost"), stats=f"{f.get('attack', '?')}/{f.get('health', '?')}",
        damage=int(card.counters.get("damage", 0)), statuses=("exhausted",) if card.exhausted else (),
        counters=counters, kind=f"{deck} unit", colour=deck, marked=card.id in refs,
        attached=tuple(Attached(a.id, a.name or "?", a.id in refs) for a in attached))


def gear_face(card: CardView, kind: str, refs: set[int], armor_left: int | None = None) -> TileFace:
    """A weapon or armor: the face-up side, its number, and the side printed on its back."""
    f = card.facts
    stat = f"attack {f.get('attack')}" if kind == "weapon" else f"armor {f.get('armor')}"
    if armor_left is not None:
        stat += f" · {armor_left} left"
    other = [s for s in f.get("sides") or [] if s != card.name]
    return TileFace(card.id, card.name or "?", stats=stat, statuses=("exhausted",) if card.exhausted else (),
                    notes=tuple(f"⇄ {s}" for s in other), kind=kind, colour="gear", marked=card.id in refs)


def card_face(card: CardView, refs: set[int]) -> TileFace:
    """Any other card on the table (or a back, if hidden)."""
    if card.hidden:
        return TileFace(card.id, card.back, hidden=True, kind="face down", colour=card.back)
    kind = str(card.facts.get("type") or card.back)
    return TileFace(card.id, card.name or "?", cost=card.facts.get("cost"), kind=kind,
                    statuses=("exhausted",) if card.exhausted else (), colour=card.back, marked=card.id in refs)


def hero_face(view: GameView, cat: Catalog, p: PlayerView, refs: set[int], armor_left: int) -> TileFace:
    """The hero card: health, gold, production, the armor left this turn (and focus)."""
    c = p.counters
    hero: HeroCard = cat.hero(str(p.props.get("hero")))
    counters = [("gold", c.get("gold", 0)), ("prod", c.get("production", 0)), ("armor left", armor_left)]
    if c.get("focus"):
        counters.append(("focus", c["focus"]))
    ref = -(p.seat + 1)
    return TileFace(ref, hero.name, stats=f"health {c.get('health', 0)}/{c.get('max_health', 0)}",
                    counters=tuple(counters), kind="hero", colour="hero", marked=ref in refs)


def seat_title(view: GameView, cat: Catalog, p: PlayerView) -> str:
    hero = cat.hero(str(p.props.get("hero")))
    you = " (you)" if view.viewer == p.seat else ""
    if len({q.team for q in view.players}) < len(view.players):
        you += f" [team {p.team + 1}]"
    turn = " — their turn" if view.active == p.seat and view.viewer != p.seat else ""
    turn = " — your turn" if view.active == p.seat and view.viewer == p.seat else turn
    out = " — DEFEATED" if p.eliminated else ""
    return f"{escape(p.name)}{you}: {escape(hero.name)}, {escape(hero.title)}{turn}{out}"


def seat_body(sheet: Sheet, view: GameView, cat: Catalog, p: PlayerView, decision: Decision | None) -> None:
    """One player's area: the hero, gear and units as tiles, the abilities, the hand."""
    refs = marked_refs(decision, view.viewer)
    hero: HeroCard = cat.hero(str(p.props.get("hero")))
    terr = view.zones[f"territory:{p.seat}"].cards
    weapon = next((x for x in terr if x.id == p.props.get("weapon")), None)
    armor = next((x for x in terr if x.id == p.props.get("armor")), None)
    armor_left = 0
    if armor is not None:
        armor_left = max(0, int(armor.facts.get("armor") or 0) - p.counters.get("armor_used", 0))
    faces = [hero_face(view, cat, p, refs, armor_left)]
    faces += [gear_face(weapon, "weapon", refs)] if weapon is not None else []
    faces += [gear_face(armor, "armor", refs)] if armor is not None else []
    units = [x for x in terr if x.facts.get("type") == "unit" and x.attached_to is None]
    hosted = {u.id: [x for x in terr if x.attached_to == u.id] for u in units}
    faces += [unit_face(u, refs, hosted[u.id]) for u in units]
    shown = {x.id for x in (weapon, armor) if x is not None} | {u.id for u in units}
    shown |= {x.id for xs in hosted.values() for x in xs}
    faces += [card_face(x, refs) for x in terr if x.id not in shown]
    sheet.tiles(faces)
    cds: dict[str, int] = dict(p.props.get("cooldowns") or {})
    abilities: list[tuple[Link, str]] = []
    for ab in hero.abilities:  # each one a cursor stop: Enter or a click shows its text
        link = Link(-(p.seat + 1), f"L{ab.level} {ab.name}{'*' if ab.reaction else ''}",
                    key=f"ability:{p.seat}:{ab.id}", action=f"screen.inspect_key('ability:{p.seat}:{ab.id}')")
        if ab.id in cds:
            abilities.append((link, " [green]ready[/]" if cds[ab.id] == 0 else f" [yellow]{cds[ab.id]} to go[/]"))
        elif view.viewer == p.seat:
            abilities.append((link, f" [dim]locked, {ab.cost} gold[/]"))
    locked = sum(1 for ab in hero.abilities if ab.id not in cds)
    if view.viewer != p.seat and locked:  # others' locked abilities: on the hero's card (i on it)
        hero_link = Link(-(p.seat + 1), f"{locked} locked", key=f"locked:{p.seat}",
                         action=f"screen.inspect('{-(p.seat + 1)}')")
        abilities.append((hero_link, ""))
    sheet.flow(f"[@click=screen.inspect('{-(p.seat + 1)}')]Abilities[/]: ", abilities, sep=" · ")
    hand = view.zones[f"hand:{p.seat}"]
    if view.viewer == p.seat:
        items = [(Link(x.id, x.name or "?", x.id in refs), f" ({hand_cost(x)})") for x in hand.cards]
        sheet.flow(f"Hand ({hand.count}): " + ("" if items else "empty"), items)
    else:
        backs: dict[str, int] = {}
        for x in hand.cards:
            backs[x.back] = backs.get(x.back, 0) + 1
        shown_backs = ", ".join(f"{n} {b}" for b, n in sorted(backs.items())) or "empty"
        sheet.text(f"Hand ({hand.count}): {shown_backs}")
    reserves = view.zones[f"reserves:{p.seat}"].cards
    if reserves:
        sheet.text("Reserves: " + ", ".join(escape(x.name or "?") for x in reserves))




def chain_face(view: GameView, entry: ChainEntryView, depth: int, refs: set[int]) -> TileFace:
    """A chain entry: its card (or what it is), who put it there, what it targets; depth 0 is the top."""
    who = {p.seat: p.name for p in view.players}[entry.controller]
    src = _card(view, entry.source) if entry.source is not None else None
    targets = [_ref_name(view, t) for ts in entry.targets.values() for t in ts]
    ref = entry.source if entry.source is not None else -(entry.controller + 1)
    colour = str((src.facts.get("deck") or src.back) if src is not None else "action")
    return entry_face(entry, who, depth, src, targets, ref, colour, ref in refs, f"chain:{entry.id}")


def table_body(sheet: Sheet, view: GameView, cat: Catalog, decision: Decision | None) -> None:
    """Decks, discard piles, the chain as tiles (the top first) and the battle in progress."""
    refs = marked_refs(decision, view.viewer)
    piles = []
    for d in DECK_NAMES:
        deck = view.zones[f"deck:{d}"].count
        pile = view.zones[f"discard:{d}"]
        top = escape(pile.cards[-1].name or "?") if pile.cards else "—"
        piles.append(f"{d.title()}: deck {deck}, discard {pile.count} (top: {top})")
    sheet.text("   ".join(piles))
    names = {p.seat: p.name for p in view.players}
    if view.chain:
        sheet.text("[b]Chain[/] (resolves from the top, left to right):")
        sheet.tiles([chain_face(view, e, i, refs) for i, e in enumerate(reversed(view.chain))])
    else:
        sheet.text("Chain: empty")
    b = view.battle
    if b:
        atk = [_ref_name(view, a) for a in b.get("attackers") or []]
        sheet.text(f"[b]Battle[/]: {escape(names[int(b['attacker'])])} attacks "
                   f"{escape(names[int(b['defender'])])}; attackers: {escape(', '.join(atk) or 'none yet')}")
        for a, d in (b.get("blocks") or {}).items():
            sheet.text(f"   {escape(_ref_name(view, d))} defends against {escape(_ref_name(view, int(a)))}")
    limbo = view.zones.get("limbo")
    sources = {e.source for e in view.chain}
    announced = [x for x in limbo.cards if x.id not in sources] if limbo else []
    if announced:
        sheet.text("Announced: " + ", ".join(card_link(x.id, x.name or "?", refs) for x in announced))


def _card(view: GameView, ref: int) -> CardView | None:
    return next((c for z in view.zones.values() for c in z.cards if c.id == ref), None)


def _ref_name(view: GameView, ref: int) -> str:
    if ref < 0:
        p = view.players[-ref - 1]
        return f"{p.name}'s hero"
    card = _card(view, ref)
    return card.name or "a card" if card is not None and not card.hidden else "a card"


def card_details(view: GameView, cat: Catalog, ref: int) -> str:
    """Everything printed on a visible card, and its current state, for the inspect screen."""
    for z in view.zones.values():
        for c in z.cards:
            if c.id == ref and not c.hidden:
                return _details(c, cat)
    if ref < 0:
        p = view.players[-ref - 1]
        hero = cat.hero(str(p.props.get("hero")))
        lines = [f"# {hero.name}, {hero.title}", f"Maximum health {hero.health}", ""]
        lines += [f"- {r}" for r in hero.rules_text]
        for ab in hero.abilities:
            react = " (reaction)" if ab.reaction else ""
            lines.append(f"- **L{ab.level} {ab.name}**{react}: {ab.cost} gold to unlock, delay {ab.delay}. {ab.text}")
        return "\n".join(lines)
    return "This card is hidden from you."


def hand_cost(card: CardView) -> str:
    """A card's cost as the options say it: a split card's halves each for their own ("1 or 2")."""
    costs = card.facts.get("costs")
    return " or ".join(str(c) for c in costs) if costs else str(card.facts.get("cost", "?"))


def ability_details(view: GameView, cat: Catalog, seat: int, ability: str) -> str:
    """One hero ability: what unlocking it costs, its delay, where its cooldown stands, its text."""
    p = view.players[seat]
    hero = cat.hero(str(p.props.get("hero")))
    ab = next(a for a in hero.abilities if a.id == ability)
    cds: dict[str, int] = dict(p.props.get("cooldowns") or {})
    if ab.id not in cds:
        where = f"Locked: {ab.cost} gold to unlock."
    else:
        where = "Unlocked: ready to use." if cds[ab.id] == 0 else f"Unlocked: {ready_in(cds[ab.id])}."
    kind = "reaction (may be used on the chain in answer to another move)" if ab.reaction else "maneuver"
    return "\n".join([f"# {ab.name}", "", f"{hero.name}'s level {ab.level} ability, a {kind}.",
                      f"Unlock cost {ab.cost} gold · delay {ab.delay} (the cooldown after each use).", "",
                      where, "", ab.text])


def _face_lines(face: Face, heading: str) -> list[str]:
    number = f"attack {face.attack}" if face.type == "weapon" else f"armor {face.armor}"
    text = ["", face.text] if face.text else []
    return [f"## {heading}: {face.name}", "", f"{face.type.title()} — {number}", *text, ""]


def _details(c: CardView, cat: Catalog) -> str:
    f: dict[str, Any] = c.facts
    lines = [f"# {c.name}", ""]
    kind = f.get("type")
    printed = cat.card(c.card) if c.card else None
    if isinstance(printed, GearCard):  # both sides in full: the one face up, and the one it turns to
        up = printed.faces[min(c.face, len(printed.faces) - 1)]
        lines += [f"{up.type.title()} — now attack {f.get('attack')}" if up.type == "weapon"
                  else f"{up.type.title()} — armor {f.get('armor')}", ""]
        lines += _face_lines(up, "Face up")
        lines += [line for other in printed.faces if other is not up for line in _face_lines(other, "Other side")]
        f = {k: v for k, v in f.items() if k != "text"}
    elif isinstance(printed, ActionCard) and printed.split:  # a split card: each half with its own cost
        halves = " or ".join(f"{h.name} ({h.cost} gold)" for h in printed.halves)
        lines.append(f"Action, split — play one half: {halves}")
        for half in printed.halves:
            lines += ["", f"## {half.name} — cost {half.cost} gold", "", half.text]
        f = {k: v for k, v in f.items() if k != "text"}
    elif kind == "unit":
        lines.append(f"{str(f.get('deck', '')).title()} unit — cost {f.get('cost')} — "
                     f"attack {f.get('attack')}, health {f.get('health')}")
    elif f.get("cost") is not None:
        lines.append(f"Action — cost {f.get('cost')}")
    if f.get("text"):
        lines += ["", str(f["text"])]
    if c.counters:
        lines += ["", "Counters: " + ", ".join(f"{k} {v}" for k, v in sorted(c.counters.items()))]
    if c.exhausted:
        lines.append("Exhausted.")
    return "\n".join(lines)


class AllegianceBoard(SeatsBoard):
    """Opponents at the top (clockwise from the seated player), the table, then you."""

    game = "allegiance"

    def __init__(self, session: Session) -> None:
        super().__init__(session)
        rules = session.game.ruleset
        assert isinstance(rules, Allegiance)
        self.rules = rules

    def draw(self, view: GameView, decision: Decision | None) -> None:
        self.order_seats(view)
        cat = self.rules.cat
        for p in view.players:
            w = self.query_one(f"#seat-{p.seat}", Static)
            w.border_title = seat_title(view, cat, p)
            w.set_class(p.seat == view.viewer, "-you")
            w.set_class(p.seat == view.active, "-active")
            zones, marked = zones_marked(view, decision, [f"{z}:{p.seat}" for z in ("territory", "hand", "reserves")],
                                         also=[-(p.seat + 1)])  # (the hero's ref)
            inputs = (p, zones, view.viewer == p.seat, marked)
            self.put_drawn(w, inputs, partial(seat_body, view=view, cat=cat, p=p, decision=decision))
        table = self.query_one("#table", Static)
        sheet = self.sheet(table)
        table_body(sheet, view, cat, decision)
        self.put(table, sheet)

    def status(self, view: GameView) -> str:
        if not view.turn:
            return "Setting up: choose your weapon and armor"
        names = {p.seat: p.name for p in view.players}
        return f"Turn {view.turn} — {names[view.active]}'s turn — {view.phase} phase"

    def details(self, view: GameView, ref: int) -> str:
        return card_details(view, self.rules.cat, ref)

    def details_of(self, view: GameView, key: str) -> str:
        """"ability:<seat>:<id>": one hero ability in full (its level, cost, delay, cooldown)."""
        if key.startswith("ability:"):
            _, seat, ability = key.split(":", 2)
            return ability_details(view, self.rules.cat, int(seat), ability)
        return super().details_of(view, key)

    @staticmethod
    def standing(player: PlayerView) -> str:
        c = player.counters
        return f"health {c.get('health')}/{c.get('max_health')}"

    def confirm(self, decision: Decision, key: str) -> str | None:
        """Ending a phase with gold left is usually a slip: ask first (gold is public)."""
        label = next((o.label for o in decision.options if o.key == key), "")
        gold = self.session.view().players[decision.seat_index].counters.get("gold", 0)
        if key == "pass" and label.startswith("End your") and gold > 0:
            return f"{label} with {gold} gold left?"
        return None
