"""The Algomancy board: the opponent, the two regions side by side, the stack and battle, the draft, and you.

Layout, top to bottom: the opponent's area (life, hand and pack counts, deck, bin, resources);
the regions (the opponent's left, yours right; the one where a battle is fought is wider and shows
its formations as a grid); the stack with its targets and the battle's step; the draft (your hand
and the pack, while you draft); your own area with your hand.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from itertools import pairwise

from textual.app import ComposeResult
from textual.markup import escape
from textual.widgets import Static

from cardgames.engine.decisions import Decision
from cardgames.engine.view import CardView, ChainEntryView, GameView, PlayerView
from cardgames.games.algomancy import formation as fm
from cardgames.games.algomancy import table as t
from cardgames.games.algomancy.rules import Algomancy
from cardgames.tui.boards.algomancy_bracket import bracket_body, bracket_rounds, on_table, standing_words, started
from cardgames.tui.boards.algomancy_bracket import panel_title as bracket_title
from cardgames.tui.boards.algomancy_grid import cards_by_id, joint_team, region_body
from cardgames.tui.boards.base import Board, card_link, entry_face, marked_refs
from cardgames.tui.frames import Panel, Row
from cardgames.tui.session import Session
from cardgames.tui.sheet import Sheet
from cardgames.tui.tiles import Link, TileFace

STEP_NAMES = {"declare": "formation", "attack_window": "attack step (priority)", "block": "blocks",
              "block_window": "block step (priority)", "damage": "combat damage",
              "after_window": "after combat (priority)", "next": "end of the phase", "over": "over"}
ELEMENT_STYLE = {"fire": "$error", "water": "$primary", "earth": "$warning", "wood": "$success", "metal": "$text-muted"}
"""Element colours from the theme (readable in light and dark themes); the element is named too."""


class AlgomancyBoard(Board):
    """Opponent at the top, the regions side by side (one above the other during a battle, so the
    formation grid has the board's whole width), the stack, the draft, then you."""

    game = "algomancy"

    def __init__(self, session: Session) -> None:
        super().__init__(session)
        rules = session.game.ruleset
        assert isinstance(rules, Algomancy)
        self.rules = rules
        self._ordered_for: object = None
        first = session.view()
        self.seats = [p.seat for p in first.players]
        self.bracket = first.globals.get("bracket") is not None
        """A cube bracket (A79): the two players of the match at the table, the bracket in its own panel."""
        self.many = len(self.seats) > 2 and not self.bracket
        """Three or more players (FFA): every opponent compact in a row, every region side by side."""

    def compose(self) -> ComposeResult:
        if self.many:
            with Row(id="opponents"):
                for seat in self.seats:
                    yield Panel(id=f"opponent-{seat}", classes="seat")
            with Row(id="regions", classes="-many"):
                for seat in self.seats:
                    yield Panel(id=f"region-{seat}", classes="region")
        else:
            yield Panel(id="opponent", classes="seat")
            with Row(id="regions"):
                for seat in self.seats:
                    yield Panel(id=f"region-{seat}", classes="region")
            if self.bracket:
                yield Panel(id="bracket", classes="table")
        yield Panel(id="stack", classes="table")
        with Row(id="draft"):
            yield Panel(id="draft-hand", classes="table")
            yield Panel(id="draft-pack", classes="table")
        yield Panel(id="you", classes="seat -you")

    def draw(self, view: GameView, decision: Decision | None) -> None:
        if self.many:
            self._draw_many(view, decision)
            return
        me = view.viewer if view.viewer is not None else 0
        them: int | None = 1 - me
        notes: dict[int, str] = {}
        if self.bracket:
            me, them, notes = self._bracket(view)
        if self._ordered_for != (me, them):
            if them is not None:
                regions = self.query_one("#regions", Row)
                regions.move_child(self.query_one(f"#region-{them}"), before=self.query_one(f"#region-{me}"))
            self._ordered_for = (me, them)
        refs = marked_refs(decision, view.viewer)
        initiative = int(view.globals.get("initiative", 0))
        opp, you = self.query_one("#opponent", Static), self.query_one("#you", Static)
        you.border_title = player_title(view, view.players[me], initiative, notes.get(me))
        drafting = decision is not None and decision.kind == "draft" and decision.seat_index == me
        sides = [(you, me, not drafting)]
        opp.display = them is not None
        if them is not None:
            opp.border_title = player_title(view, view.players[them], initiative, notes.get(them))
            opp.set_class(view.active == them, "-active")
            sides.insert(0, (opp, them, True))
        for panel, seat, hand in sides:
            player = view.players[seat]
            self.put_drawn(panel, player_inputs(view, player, refs, hand),
                           partial(player_body, rules=self.rules, view=view, p=player, refs=refs, show_hand=hand))
        b = view.battle or {}
        names = {p.seat: p.name for p in view.players}
        self.query_one("#regions").set_class(b.get("region") is not None, "-stacked")
        table = (me,) if them is None else (me, them)
        shown = []
        for seat in self.seats:  # the row set first, then drawn: a panel's width depends on the others in it
            w = self.query_one(f"#region-{seat}", Static)
            w.display = seat in table and not (self.bracket and them is None)  # the draft: nobody plays yet
            w.set_class(b.get("region") == seat, "-battle")
            if w.display:
                shown.append((seat, w))
        for seat, w in shown:
            here = b.get("region") == seat
            w.border_title = (f"{escape(names[seat])}'s region" + (" — you" if seat == view.viewer else "")
                              + (" — the battle is here" if here else ""))
            self.put_drawn(w, region_inputs(view, seat, decision, refs),
                           partial(region_body, view=view, seat=seat, decision=decision, refs=refs, colour=self.colour))
        stack = self.query_one("#stack", Static)
        stack.border_title = "Stack and battle"
        sheet = self.sheet(stack)
        stack_body(sheet, view, decision, refs, self.colour)
        self.put(stack, sheet)
        self.query_one("#draft").display = drafting
        if drafting:
            self._show_draft(view, me, refs)

    def _bracket(self, view: GameView) -> tuple[int, int | None, dict[int, str]]:
        """A cube bracket: who sits at the table (you: the deciding player of the match, or its first;
        the other: their opponent, nobody while drafting), the bracket panel drawn, and the title notes
        ("out of the bracket", "★ champion") of the two at the table."""
        known = bracket_rounds(view)
        assert known is not None
        panel = self.query_one("#bracket", Static)
        panel.border_title = bracket_title(view, known)
        sheet = self.sheet(panel)
        bracket_body(sheet, view, known)
        self.put(panel, sheet)
        if not started(view):
            return (view.viewer if view.viewer is not None else 0), None, {}
        pair = on_table(known)
        me = view.viewer if view.viewer in pair else pair[0]
        them = pair[1] if pair[0] == me else pair[0]
        notes = {s: standing_words(view, known, s) for s in pair}
        return me, them, {s: n for s, n in notes.items() if n.startswith(("out", "champion"))}

    def _draw_many(self, view: GameView, decision: Decision | None) -> None:
        """3–6 players: the opponents compact (counts, life, resources in a line), clockwise from your
        left; every region visible, the one in battle widest with its formations; then the stack, the
        revealed intents, the draft and you."""
        me = view.viewer if view.viewer is not None else 0
        n = len(self.seats)
        if self._ordered_for != me:
            row = self.query_one("#opponents", Row)
            order = [(me + i) % n for i in range(1, n)]
            for prev, seat in pairwise(order):
                row.move_child(self.query_one(f"#opponent-{seat}"), after=self.query_one(f"#opponent-{prev}"))
            self._ordered_for = me
        refs = marked_refs(decision, view.viewer)
        initiative = int(view.globals.get("initiative", 0))
        drafting = decision is not None and decision.kind == "draft" and decision.seat_index == me
        opponents = []
        for p in view.players:  # the row set first, then drawn: a panel's width depends on the others in it
            w = self.query_one(f"#opponent-{p.seat}", Static)
            w.display = p.seat != me
            w.set_class(view.active == p.seat, "-active")
            if p.seat != me:
                opponents.append((p, w))
        for p, w in opponents:
            w.border_title = player_title(view, p, initiative)
            self.put_drawn(w, player_inputs(view, p, set(), False),
                           partial(compact_body, rules=self.rules, view=view, p=p))
        you = self.query_one("#you", Static)
        you.border_title = player_title(view, view.players[me], initiative)
        player = view.players[me]
        self.put_drawn(you, player_inputs(view, player, refs, not drafting),
                       partial(player_body, rules=self.rules, view=view, p=player, refs=refs, show_hand=not drafting))
        b = view.battle or {}
        names = {p.seat: p.name for p in view.players}
        shown = []
        for seat in self.seats:  # the row set first, then drawn: the battle's region is wider than the others
            w = self.query_one(f"#region-{seat}", Static)
            w.display = f"region:{seat}" in view.zones  # joint teams: one region per team
            w.set_class(b.get("region") == seat, "-battle")
            w.styles.width = "3fr" if b.get("region") == seat else "1fr"  # (inline: it holds at once, `fr_row_width`)
            if w.display:
                shown.append((seat, w))
        for seat, w in shown:
            here = b.get("region") == seat
            out = " — out" if view.players[seat].eliminated else ""
            owners = joint_team(view, seat)
            w.border_title = (f"{' and '.join(escape(names[s]) for s in owners)}'s region"
                              + (" — you" if view.viewer in owners else "") + out
                              + (" — the battle is here" if here else ""))
            self.put_drawn(w, region_inputs(view, seat, decision, refs),
                           partial(region_body, view=view, seat=seat, decision=decision, refs=refs, colour=self.colour))
        stack = self.query_one("#stack", Static)
        stack.border_title = "Stack and battle"
        sheet = self.sheet(stack)
        stack_body(sheet, view, decision, refs, self.colour)
        intents_text(sheet, view)
        self.put(stack, sheet)
        self.query_one("#draft").display = drafting
        if drafting:
            self._show_draft(view, me, refs)

    def colour(self, card: CardView) -> str:
        """A card's colour key: its first element (printed card data)."""
        if card.card is None or card.card not in self.rules.cards:
            return ""
        c = self.rules.cards[card.card]
        return c.elements[0] if c.elements else c.affinity_gives or ""

    def _show_draft(self, view: GameView, me: int, refs: set[int]) -> None:
        hand, pack = view.zones[t.hand(me)].cards, view.zones[t.pack(me)].cards
        h, p = self.query_one("#draft-hand", Static), self.query_one("#draft-pack", Static)
        h.border_title = f"Your hand ({len(hand)})"
        need = len(pack) - t.PACK
        left = "ready to pass" if need == 0 else f"give {-need} back" if need < 0 else f"keep {need} more"
        p.border_title = f"The pack ({len(pack)}/{t.PACK}) — {left}"
        sides = ((h, hand, "Click a card to put it in the pack."), (p, pack, "Click a card to keep it."))
        for panel, cards, hint in sides:
            sheet = self.sheet(panel)
            sheet.text(f"[dim]{hint}[/]")
            for c in cards:
                sheet.line(*hand_line(self.rules, c, refs))
            self.put(panel, sheet)

    def status(self, view: GameView) -> str:
        names = {p.seat: p.name for p in view.players}
        init = names[int(view.globals.get("initiative", 0))]
        known = bracket_rounds(view)
        match = ""
        if known is not None and started(view) and view.outcome is None:
            a, b = on_table(known)
            match = f" — bracket round {known[-1].number}: {names[a]} v {names[b]}"
        return f"Turn {view.turn} — {view.phase} — initiative: {init}{match}"

    def details(self, view: GameView, ref: int) -> str:
        card = cards_by_id(view).get(ref)
        if card is None or card.hidden or card.card is None:
            return "This card is hidden from you."
        return card_details(self.rules, view, card)

    @staticmethod
    def standing(player: PlayerView) -> str:
        return f"life {player.counters.get('life', 0)}"

    @classmethod
    def fate(cls, view: GameView, player: PlayerView) -> str:
        known = bracket_rounds(view)  # a bracket: the champion, and in which round each went out
        return super().fate(view, player) if not known else standing_words(view, known, player.seat)


def player_title(view: GameView, p: PlayerView, initiative: int, note: str | None = None) -> str:
    """A player's header: name, then what matters most first (DEFEATED, or `note`: a bracket's "out of
    the bracket", "★ champion"), so a narrow panel never cuts it off; then life, team, initiative."""
    you = " (you)" if view.viewer == p.seat else ""
    init = " — ◆ initiative" if p.seat == initiative and not p.eliminated else ""
    word = note if note is not None else "DEFEATED" if p.eliminated else ""
    mark = f" — {'★ ' if word == 'champion' else ''}{escape(word)}" if word else ""
    return f"{escape(p.name)}{you}{mark} — life {p.counters.get('life', 0)}{team_mark(view, p)}{init}"


TEAM_MARKS = ("▲", "●")



def team_mark(view: GameView, p: PlayerView) -> str:
    """In team games, the player's team at a glance: a mark per team and the team-mates' names."""
    if view.globals.get("setup") not in ("teams", "joint", "archenemy"):
        return ""
    others = [escape(q.name) for q in view.players if q.team == p.team and q.seat != p.seat]
    mark = TEAM_MARKS[p.team % len(TEAM_MARKS)]
    if view.globals.get("setup") == "archenemy" and not others:
        return f" {mark} archenemy"
    return f" {mark} team {p.team + 1}" + (f" with {', '.join(others)}" if others else "")


def resource_faces(rules: Algomancy, cards: list[CardView], refs: set[int]) -> list[TileFace]:
    """Resources as tiles, alike ones (same card, same state) stacked in one tile ("Prismite ×2");
    a resource the decision concerns gets a tile of its own, marked, so it can be picked."""
    groups: dict[tuple[str, str], list[CardView]] = {}
    faces: list[TileFace] = []
    for c in cards:
        state = "dormant" if c.hidden or c.facts.get("dormant") else "expended" if c.exhausted else "ready"
        if c.id in refs:
            faces.append(_resource_face(rules, [c], state, refs))
        else:
            groups.setdefault(("" if c.hidden else c.name or "?", state), []).append(c)
    order = {"ready": 0, "expended": 1, "dormant": 2}
    for (_, state), same in sorted(groups.items(), key=lambda g: (order[g[0][1]], g[0][0])):
        faces.append(_resource_face(rules, same, state, refs))
    return faces


def _resource_face(rules: Algomancy, same: list[CardView], state: str, refs: set[int]) -> TileFace:
    c = same[0]
    count = f" ×{len(same)}" if len(same) > 1 else ""
    if c.hidden or c.card is None:
        return TileFace(c.id, f"face down{count}", hidden=True, kind="dormant resource")
    gives = rules.cards[c.card].affinity_gives
    return TileFace(c.id, f"{c.name}{count}", statuses=(state,), notes=(f"gives {gives}",) if gives else (),
                    kind="resource", colour=gives or "", marked=c.id in refs)


def region_inputs(view: GameView, seat: int, decision: Decision | None, refs: set[int]) -> object:
    """Everything `region_body` reads of a region (`Board.put_drawn`). The battle's region reads more: the
    battle, the units in its formations wherever they are, and the places the viewer's own formation or
    block decision offers."""
    b = view.battle or {}
    zone = view.zones.get(f"region:{seat}")
    ids = {c.id for c in zone.cards} if zone else set()
    cols = decision.info.get("cols") if decision is not None and decision.kind == "formation" else None
    forming = {int(u) for c in cols for u in c} if isinstance(cols, list) else set()
    present = (b.get("present") or {}).get(str(seat))
    if b.get("region") != seat:
        mods = tuple(c for c in cards_by_id(view).values() if c.attached_to in ids)
        marked = refs & (ids | {c.id for c in mods})
        return zone, mods, present, frozenset(forming & ids), frozenset(marked)
    cards = cards_by_id(view)
    mods = tuple(c for c in cards.values() if c.attached_to is not None)
    offered = None
    if decision is not None and decision.kind in ("formation", "block"):
        offered = (decision.kind, decision.seat_index, repr(cols),
                   tuple((o.key, o.label) for o in decision.options if o.key.startswith("slot:")))
    units = fm.units_in(b.get("attack") or []) + fm.units_in(b.get("defence") or fm.no_defence())
    fighting = tuple(cards.get(u) for u in sorted({*units, *(b.get("counter") or []), *forming}))
    return zone, mods, repr(b), fighting, offered, view.viewer, frozenset(refs)


def player_inputs(view: GameView, p: PlayerView, refs: set[int], show_hand: bool) -> tuple[object, ...]:
    """Everything `player_body` and `compact_body` read of a player (`Board.put_drawn`)."""
    s = p.seat
    zones = tuple(view.zones.get(k) for k in (f"deck:{s}", t.bin_(s), t.resources(s), t.hand(s), t.pack(s)))
    cards = {c.id for z in zones if z is not None for c in z.cards}
    return p, zones, show_hand and view.viewer == s, frozenset(refs & cards)


def player_body(sheet: Sheet, rules: Algomancy, view: GameView, p: PlayerView, refs: set[int], show_hand: bool) -> None:
    s = p.seat
    z = view.zones
    deck = z.get(f"deck:{s}")
    bin_cards = z[t.bin_(s)].cards
    top = f" (top: {card_link(bin_cards[-1].id, bin_cards[-1].name or '?', refs)})" if bin_cards else ""
    res = z[t.resources(s)].cards
    active = [c for c in res if not c.hidden and not c.facts.get("dormant")]
    affinity: dict[str, int] = {}
    for c in active:
        gives = rules.cards[c.card].affinity_gives if c.card else None
        if gives:
            affinity[gives] = affinity.get(gives, 0) + 1
    aff = ", ".join(f"[{ELEMENT_STYLE[e]}]{e} {n}[/]" for e, n in sorted(affinity.items())) or "none"
    mana = sum(1 for c in active if not c.exhausted)
    acts = int(p.props.get("activations", 0))
    sheet.text(f"Hand {z[t.hand(s)].count} · pack {z[t.pack(s)].count}" + (f" · deck {deck.count}" if deck else "")
               + f" · bin {len(bin_cards)}{top} · activations {acts}/{t.MAX_ACTIVATIONS} this turn")
    sheet.text(f"Affinity {aff} · mana {mana} · resources ({len(res)}):" + ("" if res else " none"))
    sheet.tiles(resource_faces(rules, res, refs))
    hand = z[t.hand(s)].cards
    if show_hand and view.viewer == s:
        sheet.text(f"[b]Hand[/] ({len(hand)}):")
        for c in hand:
            sheet.line("  ", *hand_line(rules, c, refs))
        if not hand:
            sheet.text("  [dim]empty[/]")


def hand_line(rules: Algomancy, card: CardView, refs: set[int]) -> list[str | Link]:
    """A card in hand or pack: name (a cursor stop), cost, affinity, kind with stats and attributes, timing."""
    if card.hidden or card.card is None:
        return ["[dim]a card[/]"]
    c = rules.cards[card.card]
    bits = [f"[b]{c.cost}[/] mana"]
    if c.affinity:
        bits.append(" ".join(f"[{ELEMENT_STYLE[e]}]{e} {n}[/]" for e, n in c.affinity.items()))
    kind = c.kind.replace("_", " ")
    if c.stats:
        kind += f" {c.stats[0]}/{c.stats[1]}"
    bits.append(kind)
    if c.attributes:
        bits.append(f"[i]{escape(' '.join(c.attributes))}[/]")
    if c.timing != "deploy":
        bits.append(f"[b]{c.timing}[/]")
    return [Link(card.id, card.name or "?", card.id in refs), " · " + " · ".join(bits)]


def stack_face(view: GameView, entry: ChainEntryView, depth: int, refs: set[int],
               colour: Callable[[CardView], str]) -> TileFace:
    """A stack entry: its card (or what it is), who played it, what it targets; depth 0 is the top."""
    names = {p.seat: p.name for p in view.players}
    cards = cards_by_id(view)
    src = cards.get(entry.source) if entry.source is not None else None
    targets = [names[-r - 1] if r < 0 else cards[r].name or "?" for ts in entry.targets.values() for r in ts
               if r < 0 or r in cards]
    ref = entry.source
    return entry_face(entry, names[entry.controller], depth, src, targets, ref,
                      colour(src) if src is not None else "", ref is not None and ref in refs, f"stack:{entry.id}")


def stack_body(sheet: Sheet, view: GameView, decision: Decision | None, refs: set[int],
               colour: Callable[[CardView], str]) -> None:
    names = {p.seat: p.name for p in view.players}
    if "deck" in view.zones:
        n = view.zones['deck'].count
        sheet.text(f"Shared deck: {n} card{'' if n == 1 else 's'}")
    b = view.battle or {}
    if b.get("region") is not None:
        step = STEP_NAMES.get(str(b.get("step")), str(b.get("step")))
        if decision is not None and decision.kind in ("formation", "block"):
            step = "setting the formation" if decision.kind == "formation" else "declaring blocks"
        if b.get("ffa"):
            attackers = [escape(names[int(a)]) for a in b.get("attackers") or [b["attacker"]]]
            sheet.text(f"[b]Battle[/] (free-for-all) in {escape(names[int(b['region'])])}'s region: "
                       f"{' and '.join(attackers)} attack{'s' if len(attackers) == 1 else ''}, "
                       f"{escape(names[int(b['defender'])])} blocks — {step}")
        elif b.get("team"):
            attackers = [escape(names[int(a)]) for a in b.get("attackers") or []] or ["nobody"]
            sheet.text(f"[b]Battle[/] (teams), phase {b.get('phase')} of 2, in {escape(names[int(b['region'])])}'s "
                       f"region: {' and '.join(attackers)} attack{'s' if len(attackers) == 1 else ''}, "
                       f"{escape(names[int(b['defender'])])} blocks — {step}")
        elif view.globals.get("setup") == "joint":  # one formation a team, set by one member for it (A76)
            def team(seat: int) -> str:
                return " and ".join(escape(names[s]) for s in joint_team(view, seat))
            sheet.text(f"[b]Battle[/] (joint teams), phase {b.get('phase')} of 2, in {team(int(b['region']))}'s "
                       f"region: {team(int(b['attacker']))} attack ({escape(names[int(b['attacker'])])} sets the "
                       f"formation), {team(int(b['defender']))} block ({escape(names[int(b['defender'])])} "
                       f"declares) — {step}")
        else:
            sheet.text(f"[b]Battle[/], phase {b.get('phase')} of 2, in {escape(names[int(b['region'])])}'s "
                       f"region: {escape(names[int(b['attacker'])])} attacks, "
                       f"{escape(names[int(b['defender'])])} blocks — {step}")
    elif b.get("ffa") and b.get("step") == "intents":
        sheet.text("[b]Battle[/] (free-for-all): each player places intent cards face down, one at a time; "
                   "they flip together when all are sealed")
    if view.chain:
        sheet.text("[b]Stack[/] (first in, last out — the top resolves first, left to right):")
        sheet.tiles([stack_face(view, e, i, refs, colour) for i, e in enumerate(reversed(view.chain))])
    else:
        sheet.text("Stack: empty")
    if view.deciding and decision is not None and decision.kind == "priority":
        sheet.text(f"Priority: {escape(view.deciding)}")


def compact_body(sheet: Sheet, rules: Algomancy, view: GameView, p: PlayerView) -> None:
    """An opponent in a few lines: hand, pack, bin, mana and affinity, their resources."""
    s = p.seat
    z = view.zones
    res = z[t.resources(s)].cards
    active = [c for c in res if not c.hidden and not c.facts.get("dormant")]
    affinity: dict[str, int] = {}
    for c in active:
        gives = rules.cards[c.card].affinity_gives if c.card else None
        if gives:
            affinity[gives] = affinity.get(gives, 0) + 1
    aff = ", ".join(f"[{ELEMENT_STYLE[e]}]{e} {n}[/]" for e, n in sorted(affinity.items())) or "none"
    mana = sum(1 for c in active if not c.exhausted)
    sheet.text(f"Hand {z[t.hand(s)].count} · pack {z[t.pack(s)].count} · bin {z[t.bin_(s)].count}")
    sheet.text(f"Mana {mana} · affinity {aff} · {len(res)} resource{'' if len(res) == 1 else 's'}")


def intents_text(sheet: Sheet, view: GameView) -> None:
    """The intent cards once they are revealed: who sent what against whom (nothing before)."""
    b = view.battle or {}
    if b.get("intents") is None:
        return
    names = {p.seat: p.name for p in view.players}
    cards = cards_by_id(view)
    sent: dict[str, dict[str, list[int]]] = b.get("sent") or {}
    if not sent:
        sheet.text("[b]Intents[/] (revealed): everyone stays home")
        return
    for target, by in sorted(sent.items(), key=lambda kv: int(kv[0])):
        for seat, oids in sorted(by.items(), key=lambda kv: int(kv[0])):
            what = ", ".join(cards[o].name or "?" for o in oids if o in cards) or "(gone)"
            sheet.text(f"[b]Intent[/] {escape(names[int(seat)])} → {escape(names[int(target)])}: {escape(what)}")


def card_details(rules: Algomancy, view: GameView, card: CardView) -> str:
    """Markdown: the printed card, its stats now, damage, counters, mods."""
    assert card.card is not None
    c = rules.cards[card.card]
    f = card.facts
    elements = "/".join(e.capitalize() for e in c.elements) or "Colourless"
    lines = [f"# {card.name}", ""]
    head = f"{elements} {c.kind.replace('_', ' ')}"
    if c.kind != "resource":
        head += f" — cost {c.cost}"
        if c.affinity:
            head += ", affinity " + ", ".join(f"{e} {n}" for e, n in c.affinity.items())
        head += f" — timing: {c.timing}"
    lines.append(head)
    if c.stats:
        now = f"{f.get('power')}/{f.get('defense')}"
        printed = f"{c.stats[0]}/{c.stats[1]}"
        lines.append(f"Power/defense {now}" + (f" (printed {printed})" if now != printed else ""))
    attrs = f.get("attributes") or list(c.attributes)
    if attrs:
        lines.append("Attributes: " + ", ".join(str(a) for a in attrs))
    if c.subtypes:
        lines.append("Subtypes: " + ", ".join(c.subtypes))
    lines += ["", c.text]
    if f.get("damage"):
        lines += ["", f"Damage: {f['damage']}"]
    counters = {k: n for k, n in card.counters.items() if k != "damage" and n}
    if counters:
        lines += ["", "Counters: " + ", ".join(f"{k} × {n}" for k, n in sorted(counters.items()))]
    mods = [m for m in cards_by_id(view).values() if m.attached_to == card.id]
    if mods:
        lines += ["", "Mods: " + ", ".join(m.name or "?" for m in mods)]
    if f.get("dormant"):
        lines += ["", "Dormant (face down)."]
    elif card.exhausted:
        lines += ["", "Expended."]
    return "\n".join(lines)
