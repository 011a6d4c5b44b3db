"""Kaido's compiled build: which modules mypyc compiles, and which build runs now.

`pip install .` compiles the modules named here to C extensions with mypyc where a C
compiler and Python's headers are there (see setup.py; `KAIDO_COMPILE=0` asks for pure
Python, `KAIDO_COMPILE=1` for the compiled build or an error). The `.py` files stay the
source: Python imports an extension module before the `.py` beside it, and the `.py`
where there is none. Editable installs (`pip install -e .`) always run the `.py` files, so
that an edit takes effect at once.

Agent classes are not compiled (their settings are read from their `__init__`, which a
compiled class no longer shows): the work they do lives in compiled modules.
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent

CORE = (
    "actions",
    "datafiles",
    "errors",
    "events",
    "game",
    "graphs",
    "match",
    "options",
    "records",
    "result",
    "rng",
    "vectors",
)

AGENTS = ("tree",)

GAME_PARTS = (
    "actions",
    "board",
    "bots",
    "components",
    "encode",
    "engine",
    "geometry",
    "markers",
    "payments",
    "plans",
    "roads",
    "rules",
    "scoring",
    "solo",
    "state",
    "track",
    "trade",
    "value",
    "views",
    "text",
)
"""The modules of each game compiled where the game has them: the rules and everything a
game or a search runs at every decision, and the views and texts the web server sends after
every move."""


def compiled_modules() -> list[str]:
    """The names of the modules the compiled build compiles (read from the source tree,
    so setup.py and a running Kaido see the same list)."""
    names = [f"kaido.core.{name}" for name in CORE]
    names += [f"kaido.agents.{name}" for name in AGENTS]
    for game in sorted(p for p in (PACKAGE / "games").iterdir() if (p / "__init__.py").exists()):
        names += [
            f"kaido.games.{game.name}.{part}"
            for part in GAME_PARTS
            if (game / f"{part}.py").exists()
        ]
    return names


def is_compiled(module_name: str) -> bool:
    """Whether `module_name` is (or would be) imported from a compiled extension."""
    spec = importlib.util.find_spec(module_name)
    origin = spec.origin if spec is not None else None
    return (origin or "").endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))


def running_build() -> str:
    """ "compiled", "pure Python", or "partly compiled" (a broken build: some of the modules
    in `compiled_modules` came from C extensions, some from their `.py` files)."""
    compiled = [is_compiled(name) for name in compiled_modules()]
    if all(compiled):
        return "compiled"
    return "partly compiled" if any(compiled) else "pure Python"
