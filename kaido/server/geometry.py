"""Board geometry for drawing: a game may ship `geometry.py` in its folder with
`board_geometry(options) -> dict` (coordinates computed from its own board data). The
server serves it as it is; games without one are shown by the generic table page."""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

from kaido.core.game import Game
from kaido.core.options import Options


def geometry_module(game: Game[Any]) -> ModuleType | None:
    package = type(game).__module__.rpartition(".")[0]
    name = f"{package}.geometry"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as error:
        if error.name == name:
            return None
        raise


def board_geometry(game: Game[Any], options: Options) -> dict[str, Any] | None:
    module = geometry_module(game)
    if module is None:
        return None
    geometry: dict[str, Any] = module.board_geometry(options)
    return geometry
