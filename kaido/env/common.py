"""What both environments share: one game with fixed options, its action table as a
`Discrete` space, masks of the legal actions, observations and final rewards."""

from __future__ import annotations

import io
from collections.abc import Mapping
from typing import Any

import numpy as np
from gymnasium import spaces
from rich.console import Console

from kaido.core.encoding import HASHED_SIZE, Encoder
from kaido.core.game import Game, result_value
from kaido.games import get_game


class GameSpec:
    """A game (an id or the object) with validated options, its action table and encoder."""

    def __init__(
        self,
        game: str | Game[Any],
        options: Mapping[str, Any] | None = None,
        observation_size: int = HASHED_SIZE,
    ) -> None:
        self.game: Game[Any] = get_game(game) if isinstance(game, str) else game
        self.options = self.game.make_options(options)
        self.players = int(self.options["players"])
        self.table = self.game.action_table(self.options)
        self.encoder = Encoder(self.game, self.game.setup(self.options, 0), observation_size)
        self.action_space = spaces.Discrete(len(self.table))
        self.vector_space = spaces.Box(-np.inf, np.inf, (self.encoder.size,), np.float32)
        self.mask_space = spaces.Box(0, 1, (len(self.table),), np.int8)

    def mask(self, state: Any) -> np.ndarray:
        """1 at the index of every action legal for the player to move now."""
        mask = np.zeros(len(self.table), dtype=np.int8)
        mask[[action.index for action in self.game.legal_actions(state)]] = 1
        return mask

    def reward(self, state: Any, player: int) -> float:
        """The finished game for `player` in [-1, 1]: 1 alone first, -1 last."""
        return 2.0 * result_value(self.game.result(state), player) - 1.0

    def render(self, state: Any) -> str:
        """The board as a spectator sees it, as plain text (as a terminal would print it)."""
        buffer = io.StringIO()
        Console(file=buffer, width=100, color_system=None).print(self.game.render(state, None))
        return buffer.getvalue()


def game_seed(rng: np.random.Generator) -> int:
    """A game seed drawn from an environment's seeded generator."""
    return int(rng.integers(0, 2**62))
