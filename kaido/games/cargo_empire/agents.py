"""Cargo Empire's own agent kinds (`heuristic`). The work is in `bots.py`, which is
compiled in the compiled build; an agent class stays Python, so its settings are read
from its `__init__` (kaido.agents.settings)."""

from __future__ import annotations

from typing import Any

from kaido.agents.base import Agent
from kaido.core.actions import Action
from kaido.core.game import Game
from kaido.games.cargo_empire.bots import heuristic_move


class HeuristicAgent(Agent):
    """One-decision look-ahead with `projection` (`bots.heuristic_move`)."""

    kind = "heuristic"

    def __init__(self, seed: int = 0, ahead: bool = True) -> None:
        super().__init__(seed)
        self.ahead = ahead
        """Whether the projection counts the bonus spaces ahead (off: the heuristic before
        they counted, kept to measure against: bench/README.md)."""

    def choose(self, game: Game[Any], state: Any) -> Action:
        return heuristic_move(game, state, self.rng, self.ahead)
