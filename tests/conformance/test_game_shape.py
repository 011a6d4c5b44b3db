"""Every game folder has the same shape (docs/writing-a-game.md, "The shape of a game folder").

`rules.py` holds the Game subclass and assembles the parts; the parts (engine, explain,
views, text, bots, ...) import the game's own modules only at the top of the module,
never `rules.py` or the package itself, and without a cycle. A part that needs the game
object takes it as an argument. Checked statically, for every folder under kaido/games/,
registered or not, so a game in the making is held to it from its first commit.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import kaido.games

GAMES_DIR = Path(kaido.games.__file__).parent
FOLDERS = sorted(p.name for p in GAMES_DIR.iterdir() if (p / "__init__.py").exists())


def internal_imports(folder: Path, path: Path) -> list[tuple[str, int, bool]]:
    """(module of the folder, line, whether at the module's top level) for each import of
    the folder's own modules by `path`; importing the package itself counts as `__init__`."""
    package = f"kaido.games.{folder.name}"
    modules = {p.stem for p in folder.glob("*.py")}
    tree = ast.parse(path.read_text())
    top = {id(node) for node in tree.body}
    found = []
    for node in ast.walk(tree):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:  # relative: `from . import engine`, `from .state import X`
                base = package + ("." + base if base else "")
            if base == package:
                names = [
                    f"{package}.{a.name}" if a.name in modules else package for a in node.names
                ]
            else:
                names = [base]
        for name in names:
            if name == package:
                found.append(("__init__", node.lineno, id(node) in top))
            elif name.startswith(package + "."):
                found.append((name[len(package) + 1 :].split(".")[0], node.lineno, id(node) in top))
    return found


def shape_problems(folder: Path) -> list[str]:
    """What keeps `folder` from the shape every game folder shares (nothing when it has it)."""
    name = folder.name
    problems = []
    if not (folder / "rules.py").exists():
        problems.append(f"{name}: no rules.py holding the Game subclass")
    graph: dict[str, set[str]] = {}
    for path in sorted(folder.glob("*.py")):
        module = path.stem
        graph[module] = set()
        for imported, line, at_top in internal_imports(folder, path):
            graph[module].add(imported)
            where = f"{name}/{path.name}:{line}"
            if not at_top:
                problems.append(f"{where} imports {imported} inside a function or condition")
            if module != "__init__" and imported == "__init__":
                problems.append(f"{where} imports the package; take the game as an argument")
            if module not in ("__init__", "rules") and imported == "rules":
                problems.append(f"{where} imports rules.py; take the game as an argument")
    if "rules" not in graph.get("__init__", set()):
        problems.append(f"{name}: __init__.py does not export GAME from rules.py")
    problems += [f"{name}: import cycle {' -> '.join(c)}" for c in _cycles(graph)]
    return problems


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    found: list[list[str]] = []
    done: set[str] = set()

    def visit(module: str, path: list[str]) -> None:
        for nxt in sorted(graph.get(module, ())):
            if nxt in path:
                found.append([*path[path.index(nxt) :], nxt])
            elif nxt not in done:
                visit(nxt, [*path, nxt])
        done.add(module)

    for module in sorted(graph):
        if module not in done:
            visit(module, [module])
    return found


@pytest.mark.parametrize("folder", FOLDERS)
def test_game_folder_has_the_common_shape(folder: str) -> None:
    assert shape_problems(GAMES_DIR / folder) == []


def test_the_shape_check_bites(tmp_path: Path) -> None:
    """A part that imports rules.py lazily (Catan's old bots.py) is a cycle and is named."""
    folder = tmp_path / "demo"
    folder.mkdir()
    (folder / "__init__.py").write_text("from kaido.games.demo.rules import GAME\n")
    (folder / "rules.py").write_text("from kaido.games.demo import bots\n\nGAME = bots\n")
    (folder / "bots.py").write_text(
        "def to_move():\n    from kaido.games.demo.rules import GAME\n\n    return GAME\n"
    )
    assert shape_problems(folder) == [
        "demo/bots.py:2 imports rules inside a function or condition",
        "demo/bots.py:2 imports rules.py; take the game as an argument",
        "demo: import cycle rules -> bots -> rules",
    ]
    (folder / "bots.py").write_text("from kaido.games.demo import GAME\n")
    assert "demo/bots.py:1 imports the package; take the game as an argument" in shape_problems(
        folder
    )
