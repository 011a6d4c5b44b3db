"""A PettingZoo AEC environment for any Kaido game: one agent per seat, acting whenever the
game says that seat decides (off-turn decisions included)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from kaido.core.encoding import HASHED_SIZE
from kaido.core.game import Game
from kaido.env.common import GameSpec, game_seed

Observation = dict[str, np.ndarray]


class KaidoAECEnv(AECEnv[str, Observation, int]):
    """Agents `player_0`, `player_1`, ...; observations `{"observation": vector,
    "action_mask": mask}` (the mask is all zeros for an agent that does not decide now);
    rewards only at the end of the game, from its places (1 alone first, -1 last)."""

    metadata = {"render_modes": ["ansi"], "name": "kaido", "is_parallelizable": False}

    def __init__(
        self,
        game: str | Game[Any],
        options: Mapping[str, Any] | None = None,
        *,
        observation_size: int = HASHED_SIZE,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        self.game_spec = GameSpec(game, options, observation_size)
        self.metadata = {**self.metadata, "name": f"kaido_{self.game_spec.game.id}"}
        self.render_mode = render_mode
        self.possible_agents = [f"player_{p}" for p in range(self.game_spec.players)]
        space = spaces.Dict(
            {"observation": self.game_spec.vector_space, "action_mask": self.game_spec.mask_space}
        )
        self.observation_spaces = dict.fromkeys(self.possible_agents, space)
        self.action_spaces = dict.fromkeys(self.possible_agents, self.game_spec.action_space)
        self._rng = np.random.default_rng()
        self.state: Any = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        spec = self.game_spec
        self.state = spec.game.setup(spec.options, game_seed(self._rng))
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self.possible_agents[spec.game.to_move(self.state)]

    def observe(self, agent: str) -> Observation:
        spec = self.game_spec
        player = self.possible_agents.index(agent)
        deciding = not spec.game.is_over(self.state) and spec.game.to_move(self.state) == player
        mask = spec.mask(self.state) if deciding else np.zeros(len(spec.table), dtype=np.int8)
        return {"observation": spec.encoder(self.state, player), "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        spec = self.game_spec
        assert action is not None, "a live agent must act"
        spec.game.apply(self.state, spec.table[int(action)])  # IllegalAction if not legal
        self._clear_rewards()
        self._cumulative_rewards[agent] = 0.0
        if spec.game.is_over(self.state):
            for player, name in enumerate(self.possible_agents):
                self.rewards[name] = spec.reward(self.state, player)
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            self.agent_selection = self.possible_agents[spec.game.to_move(self.state)]
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        return self.game_spec.render(self.state)

    def close(self) -> None:
        pass


def aec_env(
    game: str | Game[Any], options: Mapping[str, Any] | None = None, **kwargs: Any
) -> AECEnv[str, Observation, int]:
    """The environment with PettingZoo's usual guards for board games: an illegal action
    ends the game with -1 for the agent that took it; out-of-range actions and calls out
    of order are refused."""
    env: AECEnv[str, Observation, int] = KaidoAECEnv(game, options, **kwargs)
    env = wrappers.TerminateIllegalWrapper(env, illegal_reward=-1)
    env = wrappers.AssertOutOfBoundsWrapper(env)
    return wrappers.OrderEnforcingWrapper(env)
