"""`cardgames screenshots`: render every screen of the app to SVG (and PNG where a converter is)."""

from __future__ import annotations

import asyncio
import os
import shutil
import subprocess
import tempfile
from collections.abc import Awaitable, Callable
from pathlib import Path

from cardgames.engine.game import Game
from cardgames.tui.app import CardgamesApp
from cardgames.tui.screens.curtain import CurtainScreen
from cardgames.tui.session import Session

SIZE = (140, 45)
DUEL = ["Paul", "Allison"]
HEROES = ["beledan-kind", "thedric-egen"]


def pick(game: Game, prefix: str, card: str | None = None) -> None:
    """Answer with the first option whose key starts with `prefix` (and is about `card`, as the
    deciding seat sees it)."""
    d = game.decision
    seen = {c.id: c.card for z in game.view(d.seat_index).zones.values() for c in z.cards if not c.hidden}
    for o in d.options:
        if not o.key.startswith(prefix):
            continue
        if card is not None and (o.ref is None or seen.get(o.ref) != card):
            continue
        game.choose(o)
        return
    raise LookupError(f"no option {prefix} {card or ''} in {[o.key for o in game.decision.options]}")


def sample_turn_four(path: Path) -> Session:
    """The rulebook's sample game at turn 4: Allison attacks with Lance and two Militia Recruits."""
    session = Session.start("allegiance", DUEL, 1, {
        "heroes": HEROES, "first_player": "Paul", "stop": {"Paul": "always"},
        "given": {"turn": 4, "active": "Allison", "players": {
            "Paul": {"gold": 2, "health": 37, "production": 6, "hand": ["skilled-strike", "infantry"],
                     "territory": ["halberdier", {"card": "infantry", "exhausted": True}],
                     "weapon": "Valdruun Warhammer", "armor": "Anointed Platemail"},
            "Allison": {"gold": 4, "production": 7, "hand": ["battle-surge", "crossbowman"],
                        "territory": [{"card": "militia-recruit", "augment": 1},
                                      {"card": "militia-recruit", "augment": 1}],
                        "weapon": "Lance of Dominion", "armor": "Adamantine Platemail",
                        "cooldowns": {"new-recruits": 3, "advanced-training": 3, "equip": 3}}}}}, path)
    return session


def to_battle(session: Session) -> None:
    """Allison declares her attackers and Paul blocks one Recruit with his Halberdier."""
    g = session.game
    pick(g, "battle:")
    while g.decision.kind == "priority":
        pick(g, "pass")
    while g.decision.kind == "declare_attackers" and any(o.key.startswith("attack:") for o in g.decision.options):
        pick(g, "attack:")
    pick(g, "done")
    while g.decision.kind in ("target", "optional_trigger", "priority"):
        d = g.decision
        if d.kind == "target":
            pick(g, "target:") if any(o.key.startswith("target:") for o in d.options) else pick(g, "done")
        elif d.kind == "optional_trigger":
            pick(g, "use")
        else:
            pick(g, "pass")
    pick(g, "defend:", "halberdier")
    pick(g, "block:")
    pick(g, "done")


def to_chain(session: Session) -> None:
    """Battle Surge on the defended Recruit, and Paul's Skilled Strike in response."""
    to_battle(session)
    g = session.game
    pick(g, "action:", "battle-surge")
    blocked = [int(a) for a in (g.view(None).battle or {}).get("blocks", {})]
    g.choose(f"target:{blocked[0]}")
    while g.decision.seat != "Paul":
        pick(g, "pass")
    pick(g, "action:", "skilled-strike")
    g.choose(f"target:{blocked[0]}")


def played_out(path: Path) -> Session:
    session = Session.start("allegiance", DUEL, 2, {"heroes": HEROES}, path)
    g = session.game
    while g.outcome is None:
        g.choose(g.decision.options[0])
    return session


def mid_game(path: Path, players: list[str], options: dict[str, object], decisions: int) -> Session:
    session = Session.start("allegiance", players, 4, options, path)
    g = session.game
    for _ in range(decisions):
        if g.outcome is not None:
            break
        g.choose(g.decision.options[0])
    return session


Scene = Callable[[CardgamesApp], Awaitable[None]]


async def _shoot(app: CardgamesApp, out: Path, name: str, before: Scene | None = None) -> Path:
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        if before is not None:
            await before(app)
            await pilot.pause()
        await pilot.pause()
        app.save_screenshot(f"{name}.svg", path=str(out))
    return out / f"{name}.svg"


async def _enter(app: CardgamesApp) -> None:
    if isinstance(app.screen, CurtainScreen):
        await app.screen.run_action("dismiss_curtain")


async def _look(app: CardgamesApp) -> None:
    """At the public table: the deciding seat takes the screen (the curtain goes up)."""
    from cardgames.tui.screens.game import LOOK, GameScreen

    if isinstance(app.screen, GameScreen):
        app.screen.answer(LOOK)


def _seated(session: Session) -> Session:
    session.sit()
    return session


async def _all(out: Path, work: Path) -> list[Path]:
    saved = work / "shots.save"
    shots = [await _shoot(CardgamesApp(save_path=saved), out, "title")]

    async def to_setup(app: CardgamesApp) -> None:
        from cardgames.tui.screens.setup import SetupScreen

        await app.push_screen(SetupScreen())

    shots.append(await _shoot(CardgamesApp(save_path=saved), out, "setup", to_setup))
    s = sample_turn_four(saved)
    shots.append(await _shoot(CardgamesApp(s, saved), out, "public-table"))
    s = sample_turn_four(saved)
    to_chain(s)
    s.game.choose("pass")
    shots.append(await _shoot(CardgamesApp(s, saved), out, "public-table-answer"))
    s = sample_turn_four(saved)
    shots.append(await _shoot(CardgamesApp(s, saved), out, "curtain", _look))
    s = _seated(sample_turn_four(saved))
    shots.append(await _shoot(CardgamesApp(s, saved), out, "board-turn-4"))
    s = sample_turn_four(saved)
    to_battle(s)
    shots.append(await _shoot(CardgamesApp(_seated(s), saved), out, "battle-defenders-assigned"))
    s = sample_turn_four(saved)
    to_chain(s)
    shots.append(await _shoot(CardgamesApp(_seated(s), saved), out, "chain-with-response"))
    s = _seated(mid_game(saved, ["Ann", "Bob", "Cid", "Dee"], {"format": "teams"}, 160))
    shots.append(await _shoot(CardgamesApp(s, saved), out, "four-players-teams"))

    async def to_rules(app: CardgamesApp) -> None:
        from cardgames.tui.screens.text import rules_screen

        await app.push_screen(rules_screen("allegiance"))

    shots.append(await _shoot(CardgamesApp(save_path=saved), out, "rules", to_rules))
    s = played_out(saved)
    shots.append(await _shoot(CardgamesApp(_seated(s), saved), out, "game-over"))
    from cardgames.tui import scenes_algomancy as algomancy

    for scene in ("draft", "board", "blocks", "stack"):
        s = getattr(algomancy, scene)(saved)
        shots.append(await _shoot(CardgamesApp(s, saved), out, f"algomancy-{scene}"))
    from cardgames.tui import scenes_altered as altered

    for scene in ("board", "dusk", "arena"):
        s = getattr(altered, scene)(saved)
        shots.append(await _shoot(CardgamesApp(s, saved), out, f"altered-{scene}"))
    from cardgames.tui import scenes_mechamancers as mechamancers

    for scene in ("pledge", "damaged", "combat4"):
        s = getattr(mechamancers, scene)(saved)
        shots.append(await _shoot(CardgamesApp(s, saved), out, f"mechamancers-{scene}"))
    from cardgames.tui import scenes_arcmage as arcmage

    for scene in ("board", "attack", "ffa"):
        s = getattr(arcmage, scene)(saved)
        shots.append(await _shoot(CardgamesApp(s, saved), out, f"arcmage-{scene}"))
    from cardgames.tui import scenes_algomancy_ffa as algomancy_ffa

    for scene, name in (("board", "ffa-board"), ("reveal", "ffa-intents"), ("teams_battle", "2v2-battle"),
                        ("joint_battle", "joint-battle"), ("bracket", "cube-bracket")):
        s = getattr(algomancy_ffa, scene)(saved)
        shots.append(await _shoot(CardgamesApp(s, saved), out, f"algomancy-{name}"))
    shots += await _tutorial(out, saved)
    return shots


async def _tutorial(out: Path, saved: Path) -> list[Path]:
    """The lesson list, and the first lesson of Algomancy at its first step."""
    from cardgames.tui.screens.lesson import LessonScreen
    from cardgames.tui.screens.tutorials import TutorialsScreen
    from cardgames.tutorial import load_lesson
    from cardgames.tutorial.loader import lesson_dirs

    async def to_list(app: CardgamesApp) -> None:
        await app.push_screen(TutorialsScreen())

    async def to_lesson(app: CardgamesApp) -> None:
        await app.push_screen(LessonScreen.open(load_lesson(lesson_dirs("algomancy")[0])))

    return [await _shoot(CardgamesApp(save_path=saved), out, "tutorials", to_list),
            await _shoot(CardgamesApp(save_path=saved), out, "lesson", to_lesson)]


def _png(svg: Path) -> Path | None:
    """A PNG beside the SVG: by cairosvg (exact columns), else rsvg-convert (it ignores the
    SVG's text lengths, so columns drift), else none."""
    png = svg.with_suffix(".png")
    try:
        import cairosvg  # type: ignore[import-not-found,import-untyped,unused-ignore]
    except ImportError:
        if shutil.which("rsvg-convert"):
            subprocess.run(["rsvg-convert", "-o", str(png), str(svg)], check=True)
            return png
        return None
    # Fira Code, the SVG's font, has no ▸ or ◆; DejaVu Sans Mono has every glyph the app draws.
    text = svg.read_text(encoding="utf-8").replace('"Fira Code"', '"DejaVu Sans Mono"')
    cairosvg.svg2png(bytestring=text.encode("utf-8"), write_to=str(png))
    return png


def write_screenshots(out: Path) -> list[str]:
    """Render every scene into `out`; returns one line per file written."""
    out.mkdir(parents=True, exist_ok=True)
    lines: list[str] = []
    with tempfile.TemporaryDirectory() as work:
        old = os.environ.get("CARDGAMES_HOME")
        os.environ["CARDGAMES_HOME"] = work
        try:
            shots = asyncio.run(_all(out, Path(work)))
        finally:
            if old is None:
                os.environ.pop("CARDGAMES_HOME", None)
            else:
                os.environ["CARDGAMES_HOME"] = old
    for svg in shots:
        png = _png(svg)
        lines.append(f"wrote {svg}" + (f" and {png.name}" if png else " (no PNG converter: pip install cairosvg)"))
    return lines
