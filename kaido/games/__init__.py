"""The registry of Kaido's games: id -> game object, imported only when first asked for."""

from __future__ import annotations

import importlib
from collections.abc import Iterable
from typing import Any

from kaido.core.errors import KaidoError
from kaido.core.game import Game

# id -> "module:attribute" of the game object. A game joins Kaido by adding one line here.
_GAMES: dict[str, str] = {
    "catan": "kaido.games.catan:GAME",
    "russian_railroads": "kaido.games.russian_railroads:GAME",
    "cargo_empire": "kaido.games.cargo_empire:GAME",
    "traveling_merchants": "kaido.games.traveling_merchants:GAME",
    "forwarder_of_xanadu": "kaido.games.forwarder_of_xanadu:GAME",
}

_loaded: dict[str, Game[Any]] = {}


def game_ids() -> list[str]:
    return list(_GAMES)


def get_game(game_id: str) -> Game[Any]:
    """The game registered as `game_id` (in any case, with dashes for underscores:
    `Russian-Railroads`), or a KaidoError naming the games there are."""
    game_id = game_id.strip().lower().replace("-", "_")
    if game_id not in _loaded:
        if game_id not in _GAMES:
            known = ", ".join(_GAMES) or "none yet"
            raise KaidoError(f"no game {game_id!r} (games: {known})")
        module, _, attribute = _GAMES[game_id].partition(":")
        _loaded[game_id] = getattr(importlib.import_module(module), attribute)
    return _loaded[game_id]


def modules() -> list[str]:
    """The modules of the games in the registry (those added at run time excepted)."""
    return [target.partition(":")[0] for target in _GAMES.values() if _RUN_TIME not in target]


def added_at_run_time() -> list[Game[Any]]:
    """The game objects `register` added (plug-ins, tests): other processes get them as
    objects, since no registry line names them."""
    return [_loaded[game_id] for game_id, target in _GAMES.items() if _RUN_TIME in target]


_RUN_TIME = "<registered>"


def register(game: Game[Any]) -> None:
    """Add a game object to the registry at run time (plug-ins and tests)."""
    _GAMES[game.id] = f"{type(game).__module__}:{_RUN_TIME}"
    _loaded[game.id] = game


def register_specs(specs: Iterable[str]) -> None:
    """Register game objects named `MODULE:OBJECT` (the command line's `--register`)."""
    for spec in specs:
        module, sep, attribute = spec.partition(":")
        if not sep:
            raise KaidoError(f"--register takes MODULE:OBJECT, got {spec!r}")
        try:
            register(getattr(importlib.import_module(module), attribute))
        except (ImportError, AttributeError) as error:
            raise KaidoError(f"cannot register {spec!r}: {error}") from None


def unregister(game_id: str) -> None:
    _GAMES.pop(game_id, None)
    _loaded.pop(game_id, None)


def all_games() -> list[Game[Any]]:
    return [get_game(game_id) for game_id in _GAMES]
