"""The Allegiance board: each hero's area (health, gold, gear, units, abilities, hand) and the table.

It renders only a `GameView` (what the seated player may see) plus printed card data from the
catalog. Names are clickable: clicking one picks the option that refers to it.
"""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.markup import escape
from textual.widgets import Static

from cardgames.engine.decisions import Decision
from cardgames.engine.state import State
from cardgames.engine.view import CardView, GameView, PlayerView
from cardgames.games.allegiance.catalog import Catalog
from cardgames.games.allegiance.rules import Allegiance
from cardgames.games.allegiance.schema import HeroCard
from cardgames.tui.boards.base import Board, card_link, marked_refs
from cardgames.tui.session import Session

DECK_NAMES = ("basic", "elite", "action")


def _name(card: CardView, refs: set[int]) -> str:
    return card_link(card.id, card.name or "?", refs)


def _unit(card: CardView, refs: set[int], attached: list[CardView]) -> str:
    f = card.facts
    dmg = card.counters.get("damage", 0)
    stats = f"{f.get('attack', '?')}/{f.get('health', '?')}"
    bits = [f"{_name(card, refs)} [b]{stats}[/]"]
    if dmg:
        bits.append(f"[red]dmg {dmg}[/]")
    for counter, n in sorted(card.counters.items()):
        if counter not in ("damage", "hasty"):
            bits.append(f"{counter} {n}")
    if card.exhausted:
        bits.append("[dim](exhausted)[/]")
    for att in attached:
        bits.append(f"[i]+ {_name(att, refs)}[/]")
    return " ".join(bits)


def _gear(card: CardView | None, kind: str, refs: set[int]) -> str:
    if card is None:
        return f"{kind}: —"
    f = card.facts
    stat = f"attack {f.get('attack')}" if kind == "Weapon" else f"armor {f.get('armor')}"
    tired = " [dim](exhausted)[/]" if card.exhausted else ""
    return f"{kind}: {_name(card, refs)} [b]{stat}[/]{tired}"


def seat_title(view: GameView, cat: Catalog, p: PlayerView) -> str:
    hero = cat.hero(str(p.props.get("hero")))
    you = " (you)" if view.viewer == p.seat else ""
    if len({q.team for q in view.players}) < len(view.players):
        you += f" [team {p.team + 1}]"
    turn = " — their turn" if view.active == p.seat and view.viewer != p.seat else ""
    turn = " — your turn" if view.active == p.seat and view.viewer == p.seat else turn
    out = " — DEFEATED" if p.eliminated else ""
    return f"{escape(p.name)}{you}: {escape(hero.name)}, {escape(hero.title)}{turn}{out}"


def seat_body(view: GameView, cat: Catalog, p: PlayerView, decision: Decision | None) -> str:
    """The markup of one player's area."""
    refs = marked_refs(decision, view.viewer)
    c = p.counters
    hero: HeroCard = cat.hero(str(p.props.get("hero")))
    armor_left = 0
    terr = view.zones[f"territory:{p.seat}"].cards
    weapon = next((x for x in terr if x.id == p.props.get("weapon")), None)
    armor = next((x for x in terr if x.id == p.props.get("armor")), None)
    if armor is not None:
        armor_left = max(0, int(armor.facts.get("armor") or 0) - c.get("armor_used", 0))
    hero_ref = -(p.seat + 1)
    hero_name = f"[@click=screen.pick('{hero_ref}')][reverse b]▸hero[/][/] " if hero_ref in refs else ""
    lines = [
        f"{hero_name}[b]health {c.get('health', 0)}/{c.get('max_health', 0)}[/]   "
        f"gold [b]{c.get('gold', 0)}[/]   production {c.get('production', 0)}   "
        f"armor left this turn {armor_left}" + (f"   focus {c['focus']}" if c.get("focus") else ""),
        f"{_gear(weapon, 'Weapon', refs)}    {_gear(armor, 'Armor', refs)}",
    ]
    units = [x for x in terr if x.facts.get("type") == "unit" and x.attached_to is None]
    hosted = {u.id: [x for x in terr if x.attached_to == u.id] for u in units}
    lines.append("Units: " + (" │ ".join(_unit(u, refs, hosted[u.id]) for u in units) if units else "none"))
    cds: dict[str, int] = dict(p.props.get("cooldowns") or {})
    abil = []
    for ab in hero.abilities:
        tag = "*" if ab.reaction else ""
        if ab.id in cds:
            state = "[green]ready[/]" if cds[ab.id] == 0 else f"[yellow]{cds[ab.id]} to go[/]"
            abil.append(f"L{ab.level} {escape(ab.name)}{tag} {state}")
        elif view.viewer == p.seat:
            abil.append(f"L{ab.level} {escape(ab.name)}{tag} [dim]locked, {ab.cost} gold[/]")
    locked = sum(1 for ab in hero.abilities if ab.id not in cds)
    tail = f" · [dim]{locked} locked[/]" if view.viewer != p.seat and locked else ""
    lines.append(f"[@click=screen.inspect('{-(p.seat + 1)}')]Abilities[/]: " + " · ".join(abil) + tail)
    hand = view.zones[f"hand:{p.seat}"]
    if view.viewer == p.seat:
        faces = [f"{_name(x, refs)} ({x.facts.get('cost', '?')})" for x in hand.cards]
        lines.append(f"Hand ({hand.count}): " + (", ".join(faces) if faces else "empty"))
    else:
        backs: dict[str, int] = {}
        for x in hand.cards:
            backs[x.back] = backs.get(x.back, 0) + 1
        shown = ", ".join(f"{n} {b}" for b, n in sorted(backs.items())) or "empty"
        lines.append(f"Hand ({hand.count}): {shown}")
    reserves = view.zones[f"reserves:{p.seat}"].cards
    if reserves:
        lines.append("Reserves: " + ", ".join(escape(x.name or "?") for x in reserves))
    return "\n".join(lines)


def table_body(view: GameView, cat: Catalog, decision: Decision | None) -> str:
    """Decks, discard piles, the chain (newest on top) and the battle in progress."""
    refs = marked_refs(decision, view.viewer)
    piles = []
    for d in DECK_NAMES:
        deck = view.zones[f"deck:{d}"].count
        pile = view.zones[f"discard:{d}"]
        top = escape(pile.cards[-1].name or "?") if pile.cards else "—"
        piles.append(f"{d.title()}: deck {deck}, discard {pile.count} (top: {top})")
    lines = ["   ".join(piles)]
    names = {p.seat: p.name for p in view.players}
    if view.chain:
        lines.append("[b]Chain[/] (resolves from the top):")
        for i, entry in enumerate(reversed(view.chain)):
            targets = [_ref_name(view, cat, t) for ts in entry.targets.values() for t in ts]
            to = f" → {', '.join(targets)}" if targets else ""
            mark = "▲" if i == 0 else " "
            lines.append(f" {mark} {escape(entry.label)}{escape(to)}  [dim]({escape(names[entry.controller])})[/]")
    else:
        lines.append("Chain: empty")
    b = view.battle
    if b:
        atk = [_ref_name(view, cat, a) for a in b.get("attackers") or []]
        lines.append(f"[b]Battle[/]: {escape(names[int(b['attacker'])])} attacks "
                     f"{escape(names[int(b['defender'])])}; attackers: {escape(', '.join(atk) or 'none yet')}")
        for a, d in (b.get("blocks") or {}).items():
            lines.append(f"   {escape(_ref_name(view, cat, d))} defends against {escape(_ref_name(view, cat, int(a)))}")
    limbo = view.zones.get("limbo")
    if limbo and limbo.cards:
        lines.append("Announced: " + ", ".join(_name(x, refs) for x in limbo.cards))
    return "\n".join(lines)


def _ref_name(view: GameView, cat: Catalog, ref: int) -> str:
    if ref < 0:
        p = view.players[-ref - 1]
        return f"{p.name}'s hero"
    for z in view.zones.values():
        for c in z.cards:
            if c.id == ref:
                return c.name or "a card"
    return "a card"


def card_details(view: GameView, cat: Catalog, ref: int) -> str:
    """Everything printed on a visible card, and its current state, for the inspect screen."""
    for z in view.zones.values():
        for c in z.cards:
            if c.id == ref and not c.hidden:
                return _details(c)
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


def _details(c: CardView) -> str:
    f: dict[str, Any] = c.facts
    lines = [f"# {c.name}", ""]
    kind = f.get("type")
    if kind == "unit":
        lines.append(f"{str(f.get('deck', '')).title()} unit — cost {f.get('cost')} — "
                     f"attack {f.get('attack')}, health {f.get('health')}")
    elif kind in ("weapon", "armor"):
        lines.append(f"{kind.title()} — sides: {' / '.join(f.get('sides') or [])}")
    elif f.get("cost") is not None:
        lines.append(f"Action — cost {f.get('cost')}")
    if f.get("text"):
        lines += ["", str(f["text"])]
    if c.counters:
        lines += ["", "Counters: " + ", ".join(f"{k} {v}" for k, v in sorted(c.counters.items()))]
    if c.exhausted:
        lines.append("Exhausted.")
    return "\n".join(lines)


class AllegianceBoard(Board):
    """Opponents at the top (clockwise from the seated player), the table, then you."""

    game = "allegiance"

    def __init__(self, session: Session) -> None:
        super().__init__(session)
        rules = session.game.ruleset
        assert isinstance(rules, Allegiance)
        self.rules = rules
        self.seats = [p.seat for p in session.game.state.players]
        self._ordered_for: int | None = -1

    def compose(self) -> ComposeResult:
        for seat in self.seats:
            yield Static(id=f"seat-{seat}", classes="seat")
        yield Static(id="table", classes="table")

    def _order_seats(self, me: int) -> None:
        n = len(self.seats)
        order = [f"#seat-{(me + i) % n}" for i in range(1, n)] + ["#table", f"#seat-{me}"]
        for i, sel in enumerate(order[1:], start=1):
            self.move_child(self.query_one(sel), after=self.query_one(order[i - 1]))
        self._ordered_for = me

    def show(self, view: GameView, decision: Decision | None) -> None:
        me = view.viewer or 0
        if self._ordered_for != me:
            self._order_seats(me)
        cat = self.rules.cat
        for p in view.players:
            w = self.query_one(f"#seat-{p.seat}", Static)
            w.border_title = seat_title(view, cat, p)
            w.set_class(p.seat == view.viewer, "-you")
            w.set_class(p.seat == view.active, "-active")
            self.set(w, seat_body(view, cat, p, decision))
        self.set(self.query_one("#table", Static), table_body(view, cat, decision))

    def status(self, view: GameView) -> str:
        if not view.turn:
            return "Setting up: choose your weapon and armor"
        names = {p.seat: p.name for p in view.players}
        return f"Turn {view.turn} — {names[view.active]}'s turn — {view.phase} phase"

    def details(self, view: GameView, ref: int) -> str:
        return card_details(view, self.rules.cat, ref)

    @staticmethod
    def standing(state: State, seat: int) -> str:
        c = state.players[seat].counters
        return f"health {c.get('health')}/{c.get('max_health')}"

    def why_not(self, seat: int, legal: set[str]) -> list[tuple[str, str]]:
        from cardgames.games.allegiance.why_not import reasons

        return reasons(self.rules, self.session.game.state, seat, legal)

    def confirm(self, decision: Decision, key: str) -> str | None:
        """Ending a phase with gold left is usually a slip: ask first."""
        label = next((o.label for o in decision.options if o.key == key), "")
        gold = self.session.game.state.players[decision.seat_index].counters.get("gold", 0)
        if key == "pass" and label.startswith("End your") and gold > 0:
            return f"{label} with {gold} gold left?"
        return None
