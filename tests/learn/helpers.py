"""What the learning tests share: models of random weights made for a test."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from kaido.core.game import Game
from kaido.learn.model import Features, Network


def random_model(game: Game[Any], players: int, path: Path, seed: int = 0) -> Path:
    """An untrained network for `game` at `players` players, saved to `path`."""
    options = game.make_options(players=players)
    header = Features(game, options).header(game, options)
    Network.initial(header, (16,), seed).save(path)
    return path
