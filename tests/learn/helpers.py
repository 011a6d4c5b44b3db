"""What the learning tests share: models of random weights made for a test."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from kaido.core.game import Game
from kaido.learn.model import EVALUATION_INPUT, Features, Network


def random_model(
    game: Game[Any], players: int, path: Path, seed: int = 0, evaluation: float | None = None
) -> Path:
    """An untrained network for `game` at `players` players, saved to `path`; with
    `evaluation`, its value head takes the game's evaluation as an input, of that weight."""
    options = game.make_options(players=players)
    header = Features(game, options).header(game, options)
    if evaluation is not None:
        header["evaluation_input"] = EVALUATION_INPUT
    network = Network.initial(header, (16,), seed)
    if evaluation is not None:
        network.arrays["value.evaluation"][:] = evaluation
    network.save(path)
    return path
