"""A Gymnasium environment for any Kaido game: the learner holds one seat and Kaido bots
play the others."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import gymnasium as gym
import numpy as np

from kaido.agents import Agent, agent_seed, make_agent
from kaido.core.encoding import HASHED_SIZE
from kaido.core.errors import KaidoError
from kaido.core.game import Game
from kaido.env.common import GameSpec, game_seed


class KaidoEnv(gym.Env[np.ndarray, np.int64]):
    """Observations are the learner's view as a vector; actions index the game's action
    table. `info["action_mask"]` and `action_masks()` give the legal actions. The reward
    is 0 until the game ends, then 1 alone first down to -1 last. An illegal action ends
    the episode with -1 and the refusal's clause in `info["illegal"]`."""

    metadata = {"render_modes": ["ansi"]}

    def __init__(
        self,
        game: str | Game[Any],
        options: Mapping[str, Any] | None = None,
        *,
        seat: int = 0,
        opponents: str | Sequence[str] = "random",
        observation_size: int = HASHED_SIZE,
        render_mode: str | None = None,
    ) -> None:
        self.game_spec = GameSpec(game, options, observation_size)
        players = self.game_spec.players
        if not 0 <= seat < players:
            raise KaidoError(f"seat must be 0..{players - 1}, got {seat}")
        others = [opponents] * (players - 1) if isinstance(opponents, str) else list(opponents)
        if len(others) != players - 1:
            raise KaidoError(f"{players - 1} opponents are needed, got {len(others)}")
        self.seat = seat
        self.opponent_specs = others
        for spec in others:
            make_agent(spec, self.game_spec.game, 0)  # refuse a bad spec now
        self.render_mode = render_mode
        self.observation_space = self.game_spec.vector_space
        self.action_space = self.game_spec.action_space
        self.state: Any = None
        self.bots: list[Agent | None] = []

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)
        spec = self.game_spec
        number = game_seed(self.np_random)
        self.state = spec.game.setup(spec.options, number)
        others = iter(self.opponent_specs)
        self.bots = [
            None if p == self.seat else make_agent(next(others), spec.game, agent_seed(number, p))
            for p in range(spec.players)
        ]
        self._let_bots_play()
        return self._observation(), self._info()

    def step(self, action: np.int64 | int) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        spec = self.game_spec
        chosen = spec.table[int(action)]
        if chosen not in spec.game.legal_actions(self.state):
            refusal = spec.game.explain_illegal(self.state, chosen)
            info = {**self._info(), "illegal": f"{refusal.clause}: {refusal}"}
            return self._observation(), -1.0, True, False, info
        spec.game.apply(self.state, chosen, trusted=True)
        self._let_bots_play()
        over = spec.game.is_over(self.state)
        reward = spec.reward(self.state, self.seat) if over else 0.0
        return self._observation(), reward, over, False, self._info()

    def action_masks(self) -> np.ndarray:
        """The legal actions now (none once the game is over), as sb3-contrib expects."""
        if self.state is None or self.game_spec.game.is_over(self.state):
            return np.zeros(len(self.game_spec.table), dtype=np.int8)
        return self.game_spec.mask(self.state)

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        return self.game_spec.render(self.state)

    def _let_bots_play(self) -> None:
        game, state = self.game_spec.game, self.state
        while not game.is_over(state) and game.to_move(state) != self.seat:
            bot = self.bots[game.to_move(state)]
            assert bot is not None
            game.apply(state, bot.choose(game, state), trusted=True)

    def _observation(self) -> np.ndarray:
        return self.game_spec.encoder(self.state, self.seat)

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self.action_masks()}
