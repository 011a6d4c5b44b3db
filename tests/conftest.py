"""Shared fixtures: the games every conformance check runs on."""

from __future__ import annotations

from typing import Any

from kaido.core.game import Game
from kaido.games import all_games
from tests.core.tiny_game import TINY

# The tiny test game runs through the same checks as every registered game.
GAMES: list[Game[Any]] = [TINY, *all_games()]


def game_params() -> list[Any]:
    import pytest

    return [pytest.param(game, id=game.id) for game in GAMES]


def game_count_params() -> list[Any]:
    import pytest

    return [
        pytest.param(game, n, id=f"{game.id}-{n}p") for game in GAMES for n in game.player_counts
    ]
