"""The ARC-mage board: the other kingdoms (compact), the stack and the attack, then your kingdom in full.

A kingdom, as the rulebook lays it out on the table: cities with their defense left and devotion, each
city's residents in its row; the army (creatures and global enchantments); resource vaults per faction
(unmarked and marked, face down); deck, graveyard (top card) and unbuilt cities as counts; the hand.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.markup import escape
from textual.widgets import Static

from cardgames.engine.decisions import Decision
from cardgames.engine.view import CardView, GameView, PlayerView
from cardgames.games.arcmage import table as t
from cardgames.games.arcmage.rules import Arcmage
from cardgames.games.arcmage.schema import FACTION_NAMES
from cardgames.tui.boards.base import Board, card_link, entry_face, marked_refs
from cardgames.tui.frames import Panel
from cardgames.tui.session import Session
from cardgames.tui.sheet import Sheet
from cardgames.tui.tiles import Attached, Link, TileFace

KW = {"first_strike": "first strike", "battle_scream": "battle scream 1", "warg": "2 to each blocker",
      "immune_deadly": "ignores deadly"}


class ArcmageBoard(Board):
    """Opponents at the top (compact), the stack and attack in the middle, you at the bottom."""

    game = "arcmage"

    def __init__(self, session: Session) -> None:
        super().__init__(session)
        rules = session.game.ruleset
        assert isinstance(rules, Arcmage)
        self.rules = rules

    def compose(self) -> ComposeResult:
        yield Panel(id="arc-others", classes="seat")
        yield Panel(id="arc-stack", classes="table")
        yield Panel(id="arc-you", classes="seat -you")

    def draw(self, view: GameView, decision: Decision | None) -> None:
        me = view.viewer if view.viewer is not None else view.active
        refs = marked_refs(decision, view.viewer)
        cards = {c.id: c for z in view.zones.values() for c in z.cards}
        others = self.query_one("#arc-others", Static)
        you = self.query_one("#arc-you", Static)
        order = [(me + i) % len(view.players) for i in range(1, len(view.players))]
        others.border_title = "Opponents" if len(order) > 1 else f"{escape(view.players[order[0]].name)}"
        others.set_class(view.active != me, "-active")
        sheet = self.sheet(others)
        narrow = 0 < self.panel_width(others) < 80
        for s in order:
            kingdom(sheet, self.rules, view, view.players[s], cards, refs, compact=len(order) > 1 or narrow)
        self.put(others, sheet)
        stack = self.query_one("#arc-stack", Static)
        stack.border_title = "Stack and attack"
        sheet = self.sheet(stack)
        stack_body(sheet, view, cards, refs)
        self.put(stack, sheet)
        you.border_title = title(view, view.players[me]) + (" — you" if view.viewer == me else "")
        sheet = self.sheet(you)
        kingdom(sheet, self.rules, view, view.players[me], cards, refs, compact=False)
        self.put(you, sheet)

    def status(self, view: GameView) -> str:
        """Setup (turn 0) names who is placing a first city, not the seat the first turn will belong to."""
        if view.turn == 0:
            return f"Setup — {view.deciding} places a first city" if view.deciding else "Setup"
        names = {p.seat: p.name for p in view.players}
        return f"Turn {view.turn} — {names[view.active]}'s turn — {view.phase} phase"

    def details(self, view: GameView, ref: int) -> str:
        card = next((c for z in view.zones.values() for c in z.cards if c.id == ref), None)
        if card is None or card.hidden or card.card is None:
            return "This card is hidden from you."
        return card_details(self.rules, card)

    @staticmethod
    def standing(player: PlayerView) -> str:
        return "defeated" if player.eliminated else "standing"


def title(view: GameView, p: PlayerView) -> str:
    out = " — DEFEATED" if p.eliminated else ""
    turn = " — ◆ their turn" if view.active == p.seat else ""
    deck = p.props.get("deck")
    return f"{escape(p.name)}{f' ({escape(str(deck))})' if deck else ''}{turn}{out}"


def creature_face(rules: Arcmage, c: CardView, refs: set[int], attached: list[CardView],
                  infiltrator: str = "") -> TileFace:
    if c.hidden or c.card is None:
        return TileFace(c.id, c.back, hidden=True)
    f = c.facts
    card = rules.cards[c.card]
    statuses = tuple(s for s, on in (("marked", c.exhausted), ("devoted", bool(f.get("devoted")))) if on)
    kws = tuple(KW.get(str(k), str(k)) for k in f.get("keywords", []))
    if infiltrator:
        statuses = (f"{infiltrator}'s", *statuses)
    counters = tuple((k, n) for k, n in c.counters.items() if k in SHOWN_COUNTERS and n)
    return TileFace(c.id, c.name or "?", cost=card.loyalty, stats=f"{f.get('atk')}/{f.get('def')}",
                    damage=int(f.get("damage", 0)), statuses=statuses, counters=counters,
                    notes=(" ".join(kws),) if kws else (), kind=" ".join(f.get("types", [])) or "creature",
                    colour=card.faction, marked=c.id in refs,
                    attached=tuple(Attached(a.id, a.name or "?", a.id in refs) for a in attached))


SHOWN_COUNTERS = ("atk", "def", "grassroot", "rabies", "sticky")
"""Counters a creature tile shows (damage apart): stat counters, Grassroots', rabies (R89), Poison Ivy's."""


def city_face(rules: Arcmage, c: CardView, refs: set[int], attached: list[CardView]) -> TileFace:
    assert c.card is not None
    f = c.facts
    card = rules.cards[c.card]
    levels = " ".join(f"L{lv.level}{'' if lv.lasts == 'once' else '+'}" for lv in card.levels)
    return TileFace(c.id, c.name or "?", stats=f"DEF {f.get('defense')}/{card.defense}",
                    statuses=(f"devotion {f.get('devotion', 0)}",), notes=(levels,) if levels else (),
                    kind="city", colour=card.faction, marked=c.id in refs,
                    attached=tuple(Attached(a.id, a.name or "?", a.id in refs) for a in attached))


def vault_text(view: GameView, p: PlayerView) -> str:
    """Resource vaults per faction: unmarked and marked counts (the cards are face down), produced ones."""
    counts: dict[str, list[int]] = {}
    for c in view.zones[t.vault(p.seat)].cards:
        name = c.back.replace(" (marked)", "").removesuffix(" resource")
        counts.setdefault(name, [0, 0])[1 if c.exhausted or c.back.endswith("(marked)") else 0] += 1
    parts = [f"{escape(k)} {u}" + (f" (+{m} marked)" if m else "") for k, (u, m) in sorted(counts.items())]
    pool = [f"{FACTION_NAMES[k[5:]]} {n}" for k, n in sorted(p.counters.items()) if k.startswith("pool:") and n]
    text = "Resources: " + (", ".join(parts) if parts else "none")
    return text + (f" · produced this turn: {', '.join(pool)}" if pool else "")


def kingdom(sheet: Sheet, rules: Arcmage, view: GameView, p: PlayerView, cards: dict[int, CardView],
            refs: set[int], *, compact: bool) -> None:
    s = p.seat
    z = view.zones
    if compact and view.viewer != s and len(view.players) > 2:
        sheet.text(f"[b]{title(view, p)}[/]")
    grave = z[t.grave(s)].cards
    top = [" (top: ", card_link(grave[-1].id, grave[-1].name or "?", refs), ")"] if grave else []
    sheet.line(f"Hand {z[t.hand(s)].count} · deck {z[t.deck(s)].count} · unbuilt cities {z[t.unbuilt(s)].count}"
               f" · graveyard {len(grave)}", *top)
    sheet.text(vault_text(view, p))
    ench = z[t.ench(s)].cards
    on: dict[int, list[CardView]] = {}
    for e in ench:
        if e.attached_to is not None:
            on.setdefault(e.attached_to, []).append(e)
    for c in [o for pl in view.players for o in view.zones[t.ench(pl.seat)].cards]:
        if c.attached_to is not None and c not in ench:
            on.setdefault(c.attached_to, []).append(c)
    army = z[t.army(s)].cards
    globals_ = [e for e in ench if e.attached_to is None]
    if compact:  # several opponents: one line per city and one for the army, names as cursor stops
        for city in z[t.kingdom(s)].cards:
            res = z.get(t.residents_zone(city.id))
            f = city.facts
            parts: list[str | Link] = [Link(city.id, city.name or "?", city.id in refs),
                                       f" DEF {f.get('defense')} · devotion {f.get('devotion', 0)}"]
            parts += _attached_links(on.get(city.id, []), refs)
            parts.append(": " if res is not None and res.cards else ": no residents")
            for i, r in enumerate(res.cards if res is not None else []):
                parts += [", " if i else "", *_creature_links(r, on.get(r.id, []), refs)]
            sheet.line("  ", *parts)
        if not z[t.kingdom(s)].cards:
            sheet.text("  [dim]No city in play[/]")
        parts = ["  Army: " if army or globals_ else "  Army: empty"]
        for i, c in enumerate(army):
            parts += [", " if i else "", *_creature_links(c, on.get(c.id, []), refs)]
        for e in globals_:
            parts += [", " if len(parts) > 1 else "", Link(e.id, e.name or "?", e.id in refs), " (global)"]
        sheet.line(*parts)
        return
    for city in z[t.kingdom(s)].cards:
        row = [city_face(rules, city, refs, on.get(city.id, []))]
        res = z.get(t.residents_zone(city.id))
        residents = res.cards if res is not None else []
        row += [creature_face(rules, r, refs, on.get(r.id, []), view.players[r.controller].name
                              if r.controller != city.controller else "") for r in residents]
        sheet.tiles(row)
    if not z[t.kingdom(s)].cards:
        sheet.text("[dim]No city in play[/]")
    sheet.text(f"Army ({len(army)}):" + ("" if army or globals_ else " empty"))
    faces = [creature_face(rules, c, refs, on.get(c.id, [])) for c in army]
    faces += [TileFace(e.id, e.name or "?", kind="global enchantment", marked=e.id in refs,
                       colour=rules.cards[e.card].faction if e.card else "") for e in globals_]
    if faces:
        sheet.tiles(faces)
    if grave:  # the graveyard is open to everyone, in order: the newest first
        links: list[str | Link] = ["Graveyard (newest first): "]
        for i, c in enumerate(reversed(grave)):
            links += [", " if i else "", Link(c.id, c.name or "?", c.id in refs)]
        sheet.line(*links)
    gone = z[t.gone(s)].count
    if gone:
        sheet.text(f"[dim]Out of the game: {gone}[/]")
    hand = z[t.hand(s)].cards
    if view.viewer == s and not compact:
        sheet.text(f"[b]Hand[/] ({len(hand)}):" + ("" if hand else " [dim]empty[/]"))
        for c in hand:
            sheet.line("  ", *hand_line(rules, c, refs))
        unbuilt = z[t.unbuilt(s)].cards
        if unbuilt:
            links = [x for c in unbuilt for x in (Link(c.id, c.name or "?", c.id in refs), " ")]
            sheet.line("Unbuilt cities: ", *links)


def _creature_links(c: CardView, attached: list[CardView], refs: set[int]) -> list[str | Link]:
    f = c.facts
    state = " marked" if c.exhausted else ""
    dmg = f" dmg {f['damage']}" if f.get("damage") else ""
    return [Link(c.id, c.name or "?", c.id in refs), f" {f.get('atk')}/{f.get('def')}{dmg}{state}",
            *_attached_links(attached, refs)]


def _attached_links(attached: list[CardView], refs: set[int]) -> list[str | Link]:
    out: list[str | Link] = []
    for a in attached:
        out += [" +", Link(a.id, a.name or "?", a.id in refs)]
    return out


def hand_line(rules: Arcmage, c: CardView, refs: set[int]) -> list[str | Link]:
    if c.hidden or c.card is None:
        return ["[dim]a card[/]"]
    card = rules.cards[c.card]
    cost = f"{'X+' if card.x else ''}{card.cost}"
    bits = [f"{FACTION_NAMES[card.faction]} {card.type}", f"cost [b]{cost}[/] (loyalty {card.loyalty})"]
    if card.is_creature:
        bits.append(f"{card.atk}/{card.def_}")
    if card.is_city:
        bits = [f"{FACTION_NAMES[card.faction]} city", f"DEF {card.defense} (found by skipping a turn)"]
    return [Link(c.id, c.name or "?", c.id in refs), " · " + " · ".join(bits)]


def stack_body(sheet: Sheet, view: GameView, cards: dict[int, CardView], refs: set[int]) -> None:
    names = {p.seat: p.name for p in view.players}
    if view.chain:
        sheet.text("[b]Stack[/] (last in, first out — the top resolves first):")
        faces = []
        for i, e in enumerate(reversed(view.chain)):
            src = cards.get(e.source) if e.source is not None else None
            targets = [names[-r - 1] if r < 0 else cards[r].name or "?" for ts in e.targets.values() for r in ts
                       if r < 0 or r in cards]
            faces.append(entry_face(e, names[e.controller], i, src, targets, e.source, "",
                                    e.source is not None and e.source in refs, f"stack:{e.id}"))
        sheet.tiles(faces)
    else:
        sheet.text("Stack: empty")
    b = view.battle
    if b:
        targets = [cards[int(c)].name or "?" for c in b.get("cities", [b["city"]]) if int(c) in cards]
        aims = {int(k): int(v) for k, v in dict(b.get("aims", {})).items()}
        sheet.text(f"[b]Attack[/]: {escape(names[int(b['attacker'])])} attacks "
                   f"{escape(' and '.join(targets)) or 'a city'} — battles in this order:")
        blocks: dict[int, list[int]] = {int(a): [] for a in b.get("attackers", [])}
        for dfd, att in dict(b.get("blocks", {})).items():
            blocks.setdefault(int(att), []).append(int(dfd))
        for i, a in enumerate(b.get("attackers", [])):
            att = cards.get(int(a))
            dfs = [cards[d].name or "?" for d in blocks.get(int(a), []) if d in cards]
            done = " (fought)" if i < int(b.get("at", 0)) else ""
            if len(targets) > 1 and aims.get(int(a)) in cards:
                done = f" (on {escape(cards[aims[int(a)]].name or '?')})" + done
            sheet.line(f"  #{i + 1} ", Link(int(a), att.name if att and att.name else "?", int(a) in refs),
                       " ← " + (", ".join(escape(x) for x in dfs) if dfs else "unblocked: hits the city") + done)
    if view.deciding:
        sheet.text(f"Waiting on: {escape(view.deciding)}")


def card_details(rules: Arcmage, c: CardView) -> str:
    assert c.card is not None
    card = rules.cards[c.card]
    f = c.facts
    lines = [f"# {card.name}", ""]
    head = f"{FACTION_NAMES[card.faction]} {card.type}" + (" (token)" if card.token else "")
    if card.is_city:
        head += f" — defense {card.defense}; founded by skipping a turn"
    else:
        head += f" — cost {'X+' if card.x else ''}{card.cost}, loyalty {card.loyalty}"
    lines.append(head)
    if card.is_creature:
        lines.append(f"ATK/DEF {f.get('atk', card.atk)}/{f.get('def', card.def_)} (printed {card.atk}/{card.def_})"
                     + (f" — types: {', '.join(card.types)}" if card.types else ""))
    if card.keywords:
        lines.append("Keywords: " + ", ".join(KW.get(k, k) for k in card.keywords))
    lines += ["", card.text]
    if card.levels:
        lines += ["", "Levels: " + "; ".join(f"L{lv.level} ({'once' if lv.lasts == 'once' else 'while devoted'})"
                                             for lv in card.levels)]
    if card.unbuilt:
        lines += ["", f"*Not enforced by this program yet: {card.unbuilt}.*"]
    state = [f"{k}: {v}" for k, v in f.items() if k in ("defense", "devotion", "damage", "attached to", "counters",
                                                         "devoted", "marked")]
    if state:
        lines += ["", "Now: " + "; ".join(state)]
    return "\n".join(lines)
