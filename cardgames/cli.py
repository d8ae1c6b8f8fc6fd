"""The `cardgames` command: dispatch to validate, schema, scenario, simulate, replay and bench."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import TextIO

PROG = "cardgames"


def _games() -> list[str]:
    from cardgames.games import GAMES

    return sorted(GAMES)


def _tui_available() -> bool:
    from importlib.util import find_spec

    return find_spec("textual") is not None and find_spec("cardgames.tui.app") is not None


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of every subcommand."""
    from cardgames import __version__
    from cardgames.bots import BOTS, DEFAULT_BOT

    games = _games()
    p = argparse.ArgumentParser(
        prog=PROG,
        description="Tabletop card games, rules enforced, hot-seat in a terminal.",
        epilog="Run `cardgames` alone in a terminal to play; `cardgames COMMAND --help` for a "
               "command's options.",
    )
    p.add_argument("--version", action="version", version=f"{PROG} {__version__}")
    sub = p.add_subparsers(dest="command", metavar="COMMAND")

    v = sub.add_parser("validate", help="check card files; report every problem with file and line",
                       description="Check card files (default: every shipped card) and report "
                                   "every problem at once, each with file, line, card id and "
                                   "field. Exit status 1 if there is any.")
    v.add_argument("paths", nargs="*", metavar="PATH", help="card files or folders")
    v.add_argument("--game", choices=games,
                   help="the game the files are for (default: from the path)")

    s = sub.add_parser("schema", help="print the JSON Schema of a game's card files",
                       description="Print the JSON Schema of a game's card files (for editors).")
    s.add_argument("game", choices=games)

    sc = sub.add_parser("scenario", help="run scenario files (see docs/scenarios.md)",
                        description="Scenario files: YAML game situations with expectations.")
    scsub = sc.add_subparsers(dest="scenario_command", metavar="ACTION", required=True)
    run = scsub.add_parser("run", help="run scenario files; exit 1 on the first failed expectation",
                           description="Run scenario files (or folders of them). A failing "
                                       "scenario prints what was expected and what happened.")
    run.add_argument("files", nargs="+", metavar="FILE")
    run.add_argument("-x", "--fail-fast", action="store_true", help="stop at the first failure")

    sim = sub.add_parser("simulate", help="play seeded bot games; count finishes and errors",
                         description="Play seeded games between bots (keen by default) and report "
                                     "games played, finished, errors, mean length and speed. Exit "
                                     "status 1 if a game raised an error.")
    sim.add_argument("game", choices=games)
    sim.add_argument("--players", type=int, help="number of players (default: the fewest the "
                     "format allows)")
    sim.add_argument("--format", dest="fmt", metavar="FORMAT",
                     help="game format (allegiance: duel, ffa, sworn-enemy, teams; algomancy: draft, "
                          "constructed, cube, teams, joint, archenemy, teamdraft, and teams-constructed, "
                          "joint-constructed, archenemy-constructed; with --players 3 to 6 a free-for-all; "
                          "arcmage: 1v1, ffa, giant, aminduna; mechamancers: two-roles)")
    sim.add_argument("--bot", default=DEFAULT_BOT, choices=BOTS,
                     help="keen: random with a player's habits (drafts to a legal pack, attacks, "
                          "finishes what it starts); random: uniform choices, for fuzzing "
                          f"(default {DEFAULT_BOT})")
    sim.add_argument("--games", type=int, default=100, help="how many games (default 100)")
    sim.add_argument("--seed", type=int, default=1, help="seed of the first game; game i uses "
                     "seed + i (default 1)")
    sim.add_argument("--max-decisions", type=int, default=20_000, metavar="N",
                     help="a game still going after N decisions counts as unfinished "
                          "(default 20000)")
    sim.add_argument("--json", action="store_true", help="print one JSON object")

    rp = sub.add_parser("replay", help="load a save and check that it reproduces exactly",
                        description="Load a save, report what it holds and whether it reproduces. "
                                    "Exit status 1 if it does not.")
    rp.add_argument("save", metavar="SAVE")
    rp.add_argument("--verify", action="store_true",
                    help="start a new game from the header, replay the choices, compare every "
                         "event")
    rp.add_argument("--allow-mismatch", action="store_true",
                    help="load a save written by other rules or cards anyway (unchecked)")

    pl = sub.add_parser("play", help="start a game in the terminal app (or continue a saved one)",
                        description="Start a hot-seat game directly (the same seed deals the same "
                                    "game as new_game(..., seed=N)), or continue one: --load FILE "
                                    "(`cardgames saves` lists them).")
    pl.add_argument("game", nargs="?", choices=games, help="the game to play")
    pl.add_argument("--players", help="comma-separated names in seat order, e.g. Ann,Bob")
    pl.add_argument("--load", metavar="FILE", help="continue the game saved in FILE")
    pl.add_argument("--format", dest="fmt", metavar="FORMAT", help="game format (allegiance: duel, ffa, "
                    "sworn-enemy, teams; algomancy: draft, constructed, cube (3-6 players play a "
                    "free-for-all), teams or joint (split or joint teams, 4 or 6 players), archenemy, "
                    "teamdraft, and teams-constructed, joint-constructed, archenemy-constructed; "
                    "arcmage: 1v1, ffa, giant, aminduna; mechamancers: two-roles, the 2-player variant)")
    pl.add_argument("--heroes", help="allegiance: comma-separated hero ids (or 'random'), one per player")
    pl.add_argument("--decks", help="algomancy constructed, arcmage: comma-separated decklist ids, deck "
                    "files (.yaml: card id → copies) or 'random', one per player; altered: deck ids, "
                    "deck files (.yaml: hero and cards) or 'random'")
    pl.add_argument("--elements", help="algomancy live draft: three elements (four with 4-6 players), "
                    "e.g. fire,water,earth (default: chosen at random)")
    pl.add_argument("--start-player", help="mechamancers: who chooses a role first in round 1 (default: random)")
    pl.add_argument("--cube-play", choices=("game", "bracket"),
                    help="algomancy cube: after the draft, one game among all (default) or a 1v1 bracket")
    pl.add_argument("--teams", help="arcmage giant: each player's team, A or B, in seat order, e.g. A,A,B "
                    "(default: seats alternate)")
    pl.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                    help="one of the game's options from the New game form, e.g. group_moves=on "
                         "(arcmage: group_moves, unmark_before_founding); repeatable")
    pl.add_argument("--seed", type=int, help="seed (default: random)")

    ln = sub.add_parser("learn", help="open a game's tutorial lessons in the terminal app",
                        description="The in-app tutorial: lessons on the real table with a coach "
                                    "(progress is kept in the data directory).")
    ln.add_argument("game", choices=games, help="the game to learn")

    sv = sub.add_parser("saves", help="list the saved games (unfinished first)",
                        description="List the games saved in the data directory: game, players, "
                                    "turn or result, when last played, and the file (for "
                                    "`cardgames play --load FILE`).")
    sv.add_argument("--json", action="store_true", help="one JSON object per game")

    shots = sub.add_parser("screenshots", help="regenerate screenshots/ (SVG, and PNG where a converter is)",
                           description="Render every screen of the app to screenshots/ as SVG, and "
                                       "as PNG when cairosvg (the `screenshots` extra) or rsvg-convert is installed.")
    shots.add_argument("--out", default="screenshots", help="folder (default: screenshots)")

    b = sub.add_parser("bench", help="measure every game: speed, latency, saves, catalog, memory, start-up, keys",
                       description="Benchmark this machine, per game (2 players, keen bots, the "
                                   "game's default format): games/s, ms per game, decisions/s, "
                                   "events folded/s, choose() latency, save load and verify of the "
                                   "longest of several seeded games, card catalog load (cold and "
                                   "warm), peak memory; and start-up to the first frame next to a "
                                   "bare Textual app; and key-to-screen latency (p50/p90/max ms "
                                   "from a key press to the settled screen), games played through "
                                   "the app headless by keys. Medians of several runs, each "
                                   "aimed-at figure next to its aim. Exit status 1 if a game "
                                   "failed, a save did not verify or a game could not be played "
                                   "by keys.")
    b.add_argument("games", nargs="*", metavar="GAME",
                   help=f"games to measure (default: every game: {', '.join(games)})")
    b.add_argument("--json", action="store_true", help="print one JSON object")
    b.add_argument("--quick", action="store_true",
                   help="fewer runs and games: rough figures in a few seconds (for tests)")
    return p


def _dispatch(args: argparse.Namespace, parser: argparse.ArgumentParser, out: TextIO) -> int:
    cmd = args.command
    if cmd is None:
        # In a terminal, `cardgames` alone opens the app; piped or without the TUI, the help.
        if out.isatty() and sys.stdin.isatty() and _tui_available():
            from cardgames.tui.app import CardgamesApp

            CardgamesApp().run()
            return 0
        parser.print_help(out)
        return 0
    if cmd == "validate":
        from cardgames.tools.validate import run_validate

        return run_validate(list(args.paths), args.game, out)
    if cmd == "schema":
        from cardgames.tools.validate import print_schema

        return print_schema(args.game, out)
    if cmd == "scenario":
        from cardgames.tools.scenario import run_scenarios

        return run_scenarios(list(args.files), args.fail_fast, out)
    if cmd == "simulate":
        from cardgames.tools.simulate import default_players, run_simulate

        players = args.players if args.players is not None else default_players(args.game, args.fmt)
        return run_simulate(args.game, players, args.fmt, args.games, args.seed, args.max_decisions,
                            args.json, out, args.bot)
    if cmd == "replay":
        from cardgames.tools.replay import run_replay

        return run_replay(args.save, args.verify, args.allow_mismatch, out)
    if cmd == "play":
        return _play(args)
    if cmd == "learn":
        return _learn(args.game)
    if cmd == "saves":
        return _saves(args.json, out)
    if cmd == "screenshots":
        from pathlib import Path

        from cardgames.tui.shots import write_screenshots

        for line in write_screenshots(Path(args.out)):
            print(line, file=out)
        return 0
    if cmd == "bench":
        from cardgames.tools.bench import run_bench

        return run_bench(list(args.games), args.json, out, args.quick)
    raise AssertionError(f"unhandled command {cmd!r}")


def _deck(given: str, game: str = "algomancy") -> object:
    """A decklist id, or the card counts of a deck file (a path ending in .yaml or .yml)."""
    from pathlib import Path

    if given.endswith((".yaml", ".yml")) and game == "altered":
        from cardgames.games.altered.rules import Altered

        return Altered().read_deck(Path(given))  # CardgamesError names the file, line and rule
    if given.endswith((".yaml", ".yml")) and game == "arcmage":
        from cardgames.games.arcmage.rules import Arcmage

        return Arcmage().read_deck(Path(given))  # DeckError names the file, line and rule
    if given.endswith((".yaml", ".yml")):
        from cardgames.games import find_ruleset
        from cardgames.games.algomancy.catalog import read_deck_file
        from cardgames.games.algomancy.rules import Algomancy

        rules = find_ruleset("algomancy")
        assert isinstance(rules, Algomancy)
        return rules.check_deck(read_deck_file(Path(given)), given)  # SetupError names the file
    return given


def _saves(as_json: bool, out: TextIO) -> int:
    import json

    from cardgames.tui.saves import data_dir, list_saves

    saves = sorted(list_saves(), key=lambda i: i.finished)  # unfinished first, each newest first
    if as_json:
        for i in saves:
            out.write(json.dumps({"file": str(i.path), "game": i.game, "players": i.players, "turn": i.turn,
                                  "finished": i.finished, "result": i.ended, "last_played": i.last_played()}) + "\n")
        return 0
    if not saves:
        print(f"No saved games in {data_dir() / 'saves'}.", file=out)
        return 0
    for i in saves:
        print(f"{i.title()} · {i.status()} · last played {i.last_played()}\n    {i.path}", file=out)
    return 0


def _load(path_text: str) -> int:
    """`play --load FILE`: check the save before the app opens (one clear line if it is bad)."""
    from pathlib import Path

    from cardgames.tui.app import CardgamesApp
    from cardgames.tui.session import Session

    session = Session.resume(Path(path_text))  # SaveError: says what is wrong with the file, exit 1
    CardgamesApp(session).run()
    return 0


def _play(args: argparse.Namespace) -> int:
    from cardgames.engine.knowledge import fresh_seed
    from cardgames.tools import UsageError
    from cardgames.tui.app import CardgamesApp

    if args.load:
        if args.game or args.players:
            raise UsageError("--load continues a saved game: give no game or players with it", 2)
        return _load(args.load)
    if not args.game or not args.players:
        raise UsageError("play needs a game and --players (or --load FILE to continue a saved game)", 2)
    names = [n.strip() for n in str(args.players).split(",") if n.strip()]
    options: dict[str, object] = {}
    if args.fmt:
        options["format"] = args.fmt
    if args.heroes:
        heroes = [h.strip() for h in str(args.heroes).split(",")]
        if len(heroes) != len(names):
            raise UsageError(f"--heroes names {len(heroes)} heroes for {len(names)} players", 2)
        options["heroes"] = [None if h in ("", "random") else h for h in heroes]
    if args.decks:
        decks = [d.strip() for d in str(args.decks).split(",")]
        if len(decks) != len(names):
            raise UsageError(f"--decks names {len(decks)} decks for {len(names)} players", 2)
        options["decks"] = {n: _deck(d, args.game) for n, d in zip(names, decks, strict=True)
                            if d not in ("", "random")}
    if args.elements:
        options["elements"] = [e.strip() for e in str(args.elements).split(",")]
    if args.start_player:
        options["start_player"] = args.start_player
    if args.cube_play:
        options["cube_play"] = args.cube_play
    if args.teams:
        teams = [x.strip().upper() for x in str(args.teams).split(",")]
        if len(teams) != len(names):
            raise UsageError(f"--teams names {len(teams)} teams for {len(names)} players", 2)
        options["teams"] = dict(zip(names, teams, strict=True))
    for item in args.option:
        key, eq, value = str(item).partition("=")
        if not eq or not key.strip():
            raise UsageError(f"--option {item!r}: give KEY=VALUE, e.g. group_moves=on", 2)
        options[key.strip()] = value.strip()
    seed = args.seed if args.seed is not None else fresh_seed()
    from cardgames.games import find_ruleset
    from cardgames.tui.settings import with_app_stops

    find_ruleset(args.game).normalize_options(names, dict(options))  # SetupError: one clear line, exit 1

    app = CardgamesApp()
    app.pending_start = (args.game, names, seed, with_app_stops(names, options))
    app.run()
    return 0


def _learn(game: str) -> int:
    """`learn GAME`: the app, opened on that game's lessons."""
    from cardgames.tools import UsageError
    from cardgames.tui.app import CardgamesApp
    from cardgames.tui.saves import data_dir
    from cardgames.tutorial import Progress
    from cardgames.tutorial.loader import broken_lessons, games_with_lessons

    if game not in games_with_lessons():
        raise UsageError(f"{game} has no lessons yet; lessons: {', '.join(games_with_lessons())}", 1)
    for broken in broken_lessons(game):  # the others still open; the list names this one too
        print(f"cardgames learn: lesson {broken.key} cannot be opened:\n{broken.error}", file=sys.stderr)
    for problem in Progress.load(data_dir()).problems:
        print(f"cardgames learn: tutorial progress: {problem}", file=sys.stderr)
    app = CardgamesApp()
    app.pending_lessons = game
    app.run()
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (0 ok, 1 failed or bad input, 2 usage)."""
    from cardgames.engine.decisions import CardgamesError
    from cardgames.tools import UsageError

    parser = build_parser()
    try:
        args = parser.parse_args(list(argv) if argv is not None else None)
    except SystemExit as exc:  # --help, --version, or a usage error (already printed)
        return int(exc.code or 0) if not isinstance(exc.code, str) else 2
    out = sys.stdout
    try:
        return _dispatch(args, parser, out)
    except UsageError as exc:
        print(f"{PROG}: {exc}", file=sys.stderr)
        return exc.code
    except CardgamesError as exc:
        print(f"{PROG}: {exc}", file=sys.stderr)
        return 1
    except OSError as exc:
        where = f"{exc.filename}: " if exc.filename else ""
        print(f"{PROG}: {where}{exc.strerror or exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print(f"{PROG}: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
