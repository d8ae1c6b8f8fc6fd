"""The shape of the package: no import cycles anywhere (type-only and in-function imports
counted), and the layers of DESIGN.md — the engine imports no game and no UI, a game imports no
UI and no other game, the UI imports a game only in that game's board."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import grimp
import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "cardgames"


def _graph() -> grimp.ImportGraph:
    return grimp.build_graph("cardgames", exclude_type_checking_imports=False, cache_dir=None)


GRAPH = _graph()


def _cycles(graph: grimp.ImportGraph) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0
    for root in sorted(graph.modules):
        if root in index:
            continue
        work: list[tuple[str, Iterator[str]]] = [(root, iter(sorted(graph.find_modules_directly_imported_by(root))))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.find_modules_directly_imported_by(child)))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def _cycle_report(component: list[str]) -> str:
    members = set(component)
    edges = [
        f"    {a} -> {b}"
        for a in component
        for b in sorted(GRAPH.find_modules_directly_imported_by(a))
        if b in members
    ]
    return "\n".join([f"  cycle among {len(component)} modules:", *edges])


def _package_of(module: str) -> str:
    """The unit the cycle rule is read per: each game, the engine, the TUI, … (all of them)."""
    parts = module.split(".")
    return ".".join(parts[:3]) if parts[1] == "games" and len(parts) > 2 else ".".join(parts[:2])


PACKAGES = sorted({_package_of(m) for m in GRAPH.modules if m.count(".") >= 1})


@pytest.mark.parametrize("package", PACKAGES)
def test_no_import_cycle(package: str) -> None:
    cycles = [c for c in _cycles(GRAPH) if any(_package_of(m) == package for m in c)]
    assert not cycles, "import cycles (type-only imports count):\n" + "\n".join(_cycle_report(c) for c in cycles)


def test_the_cycle_finder_finds_a_cycle() -> None:
    graph = grimp.ImportGraph()
    for name in ("p.a", "p.b", "p.c"):
        graph.add_module(name)
    graph.add_import(importer="p.a", imported="p.b")
    graph.add_import(importer="p.b", imported="p.c")
    graph.add_import(importer="p.c", imported="p.a")
    assert _cycles(graph) == [["p.a", "p.b", "p.c"]]


def _layer_breaks(importer_prefix: str, forbidden: list[str]) -> list[str]:
    out = []
    for module in sorted(GRAPH.modules):
        if module != importer_prefix and not module.startswith(importer_prefix + "."):
            continue
        for imported in sorted(GRAPH.find_modules_directly_imported_by(module)):
            if any(imported == f or imported.startswith(f + ".") for f in forbidden):
                out.append(f"{module} imports {imported}")
    return out


GAMES = sorted(m for m in GRAPH.modules if m.count(".") == 2 and m.startswith("cardgames.games."))


def test_the_engine_imports_no_game_and_no_ui() -> None:
    forbidden = ["cardgames.games", "cardgames.tui", "cardgames.tools", "cardgames.cli", "cardgames.bots",
                 "cardgames.scenarios", "cardgames.api", "textual"]
    assert not _layer_breaks("cardgames.engine", forbidden)


def test_the_catalog_loader_imports_no_game_and_no_ui() -> None:
    assert not _layer_breaks("cardgames.catalog", ["cardgames.games", "cardgames.tui"])


def _board_game(module: str) -> str | None:
    """The game a board module draws (`cardgames.tui.boards.<game>` or `<game>_<part>`), if any."""
    prefix = "cardgames.tui.boards."
    if not module.startswith(prefix):
        return None
    leaf = module.removeprefix(prefix).split(".")[0]
    return next((g for g in GAMES if leaf == g.rsplit(".", 1)[1] or leaf.startswith(g.rsplit(".", 1)[1] + "_")), None)


def test_the_ui_imports_no_game_but_a_board_its_own() -> None:
    """The app learns a game from what it declares (its ruleset, found by name in the registry
    `cardgames.games`): only a game's board may import the game, and only that one."""
    found = [
        f"{module} imports {imported}"
        for module in sorted(GRAPH.modules) if module.startswith("cardgames.tui.")
        for imported in sorted(GRAPH.find_modules_directly_imported_by(module))
        for game in GAMES if imported == game or imported.startswith(game + ".")
        if _board_game(module) != game
    ]
    assert not found, "the UI imports a game outside its board:\n" + "\n".join(found)


@pytest.mark.parametrize("game", GAMES)
def test_a_game_imports_no_ui_and_no_other_game(game: str) -> None:
    others = [g for g in GAMES if g != game]
    assert not _layer_breaks(game, ["cardgames.tui", "cardgames.tools", "cardgames.cli", *others])


def _function_imports(path: Path) -> list[tuple[int, str]]:
    """(line, module) of each `import` statement inside a function."""
    tree = ast.parse(path.read_text(), str(path))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            for inner in ast.walk(node):
                if isinstance(inner, ast.ImportFrom) and inner.module:
                    found.append((inner.lineno, inner.module))
                elif isinstance(inner, ast.Import):
                    found.extend((inner.lineno, alias.name) for alias in inner.names)
    return found


def _module_file(module: str) -> Path:
    base = PACKAGE.parent / module.replace(".", "/")
    return base / "__init__.py" if base.is_dir() else base.with_suffix(".py")


@pytest.mark.parametrize("package", [p for p in PACKAGES if p not in ("cardgames.tui", "cardgames.tools")])
def test_no_import_inside_a_function_from_its_own_package(package: str) -> None:
    """An import of a sibling module inside a function hides an order a reader cannot see (it
    exists to dodge a cycle). Lazy imports of other layers, which keep start-up fast (the title
    screen opens before any game's rules load), are not this; nor are the app's and the tools'
    screens and commands, loaded when first opened (they are held to the cycle test)."""
    found = [
        f"{_module_file(m).relative_to(ROOT)}:{line} imports {imported}"
        for m in sorted(GRAPH.modules)
        if m.count(".") >= 1 and _package_of(m) == package
        for line, imported in _function_imports(_module_file(m))
        if imported.startswith("cardgames.") and _package_of(imported) == package
    ]
    assert not found, "imports inside functions (move them to the top; break the cycle instead):\n" + "\n".join(found)


def test_the_ui_imports_no_engine_state() -> None:
    """The UI draws from views (what a seat may see), the decision and what a game declares about
    itself: no module of `cardgames.tui` imports the engine's state (type-only imports count)."""
    found = _layer_breaks("cardgames.tui", ["cardgames.engine.state"])
    assert not found, "the UI imports the engine's state:\n" + "\n".join(found)


def _state_reads(source: str) -> list[int]:
    """Lines of `source` that read an attribute named `state` (`game.state`, `g.state.battle`,
    also inside f-strings, or by `getattr(x, "state")`); comments and docstrings do not count."""
    def reads(node: ast.AST) -> bool:
        if isinstance(node, ast.Attribute):
            return node.attr == "state"
        return (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "getattr"
                and any(isinstance(a, ast.Constant) and a.value == "state" for a in node.args[1:2]))

    return sorted(node.lineno for node in ast.walk(ast.parse(source)) if reads(node))


def test_the_ui_reads_no_engine_state() -> None:
    """Nothing in `cardgames/tui/` touches the engine's state (`session.game.state`, `game.state.…`):
    boards, screens and the log read `view(seat)` or the public view; "why not" is the game's own
    `Game.why_not`. A view holds what its seat may see; the state holds every hidden card."""
    found = [
        f"{path.relative_to(ROOT)}:{line}: {path.read_text().splitlines()[line - 1].strip()}"
        for path in sorted((PACKAGE / "tui").rglob("*.py"))
        for line in _state_reads(path.read_text())
    ]
    assert not found, "the UI reads the engine's state (draw from a view instead):\n" + "\n".join(found)


def test_the_state_read_finder_finds_reads() -> None:
    code = (
        '"""Docstrings may say game.state."""\n'
        "# and comments too: session.game.state\n"
        "gold = session.game.state.players[0].counters\n"
        "turn = f'{g.state.turn}'\n"
        "seats = getattr(game, 'state').players\n"
        "view = game.view(None)\n"
    )
    assert _state_reads(code) == [3, 4, 5]


def test_test_modules_have_unique_names() -> None:
    """pytest imports a test file outside a package by its name alone: two `test_cards.py` in two
    games' folders pass when each folder runs by itself and break the whole suite's collection."""
    seen: dict[str, list[str]] = {}
    for path in (ROOT / "tests").rglob("*.py"):
        if path.name != "__init__.py" and not (path.parent / "__init__.py").exists():
            seen.setdefault(path.stem, []).append(str(path.relative_to(ROOT)))
    twice = {name: paths for name, paths in seen.items() if len(paths) > 1}
    assert not twice, f"rename with the game's name in front (test_<game>_…): {twice}"
