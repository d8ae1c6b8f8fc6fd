"""An Algomancy cube bracket on the board (A79): the match on the table, and the bracket in a compact panel.

Only the two players of the current match are at the table (their areas and regions drawn in full);
the bracket panel says, round by round, who beat whom, the match being played, the matches still to
come and the byes; then who waits for which round, who is out of the bracket, and the champion at the
end. Everything is read from the public view: the bracket's results (`globals["bracket"]["played"]`)
and the pairing rule (`bracket.rounds`).
"""

from __future__ import annotations

from textual.markup import escape

from cardgames.engine.view import GameView
from cardgames.games.algomancy.bracket import Round, rounds, standing
from cardgames.tui.sheet import Sheet


def bracket_rounds(view: GameView) -> list[Round] | None:
    """The bracket so far (None: not a cube bracket)."""
    b = view.globals.get("bracket")
    if not isinstance(b, dict):
        return None
    return rounds(len(view.players), [list(m) for m in b.get("played") or []])


def started(view: GameView) -> bool:
    """The first match has begun (before it, the drafters are still drafting)."""
    b = view.globals.get("bracket")
    return isinstance(b, dict) and int(b.get("round") or 0) > 0


def on_table(known: list[Round]) -> tuple[int, int]:
    """The two players at the table: the current match's, or once the bracket is over, the final's."""
    current = known[-1].current()
    return current.seats if current is not None else known[-1].matches[-1].seats


def total_rounds(drafters: int) -> int:
    """How many rounds a bracket of `drafters` takes (each round halves the field, a bye rounding up)."""
    n, k = 0, drafters
    while k > 1:
        k, n = (k + 1) // 2, n + 1
    return n


def panel_title(view: GameView, known: list[Round]) -> str:
    total = total_rounds(len(view.players))
    if view.outcome is not None:
        return f"Cube bracket — over after {total} round{'s' if total != 1 else ''}"
    if not started(view):
        return f"Cube bracket — {total} round{'s' if total != 1 else ''} after the draft"
    return f"Cube bracket — round {known[-1].number} of {total}"


def standing_words(view: GameView, known: list[Round], seat: int) -> str:
    """A player's place in the bracket in a few words ("waits for round 2", "out in round 1")."""
    names = {p.seat: p.name for p in view.players}
    s = standing(known, seat)
    if not started(view):
        return "drafting"
    if s.place == "plays":
        return f"plays round {s.round}"
    if s.place == "waits":
        return f"waits for round {s.round}"
    if s.place == "out":
        return f"out of the bracket (lost to {names[s.opponent]} in round {s.round})" if s.opponent is not None \
            else "out of the bracket"
    return "champion"


def bracket_body(sheet: Sheet, view: GameView, known: list[Round]) -> None:
    """Round by round: results, the match being played (▶), those to come, the bye; then who waits
    for which round, who is out, and the champion."""
    names = {p.seat: escape(p.name) for p in view.players}
    live = started(view)
    for rnd in known:
        current = rnd.current() if live else None
        bits: list[str] = []
        upcoming = 0
        for m in rnd.matches:
            a, b = (names[s] for s in m.seats)
            if m.winner is not None:
                loser = m.seats[1] if m.winner == m.seats[0] else m.seats[0]
                bits.append(f"{names[m.winner]} beat {names[loser]}")
            elif m is current:
                bits.append(f"[b]▶ {a} v {b}[/] (playing)")
            else:
                upcoming += 1
                bits.append(f"{a} v {b}" + ((" (next)" if upcoming == 1 else " (later)") if live else ""))
        if rnd.bye is not None:
            bits.append(f"{names[rnd.bye]}: bye")
        sheet.text(f"[b]Round {rnd.number}[/]: " + " · ".join(bits))
    if not live:
        sheet.text("Drafting: " + ", ".join(names[p.seat] for p in view.players)
                   + " (round 1 pairs them in seat order)")
        return
    waiting: dict[int, list[str]] = {}
    out: list[str] = []
    champion = None
    for p in view.players:
        s = standing(known, p.seat)
        if s.place == "waits":
            waiting.setdefault(s.round, []).append(names[p.seat])
        elif s.place == "out":
            out.append(names[p.seat] + (f" (round {s.round})"))
        elif s.place == "champion":
            champion = names[p.seat]
    if waiting:
        sheet.text("Waiting: " + " · ".join(f"{', '.join(who)} for round {r}" for r, who in sorted(waiting.items())))
    if out:
        sheet.text("Out of the bracket: " + ", ".join(out))
    if champion is not None:
        sheet.text(f"[b]★ Champion: {champion}[/]")
