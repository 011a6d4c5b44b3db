"""Russian Railroads' own agent kinds (`heuristic`). The work is in `bots.py`, which is
compiled in the compiled build; an agent class stays Python, so its settings are read
from its `__init__` (kaido.agents.settings)."""

from __future__ import annotations

from typing import Any

from kaido.agents.base import Agent
from kaido.core.actions import Action
from kaido.core.game import Game
from kaido.games.russian_railroads.bots import STRATEGIES, Strategy, heuristic_move


class HeuristicAgent(Agent):
    """Plays a recognisable strategy (`bots.heuristic_move`): `transsib` (Trans-Siberian
    rush), `industry` (industry and factories) or `balanced`."""

    kind = "heuristic"
    instant = True

    def __init__(self, seed: int = 0, strategy: Strategy = "balanced") -> None:
        super().__init__(seed)
        if strategy not in STRATEGIES:
            raise ValueError(f"strategy must be one of {', '.join(STRATEGIES)}")
        self.strategy = strategy

    def describe(self) -> str:
        return f"heuristic(strategy={self.strategy})"

    def choose(self, game: Game[Any], state: Any) -> Action:
        return heuristic_move(game, state, self.rng, self.strategy)
