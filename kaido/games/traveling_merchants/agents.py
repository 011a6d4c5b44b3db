"""The Era of Traveling Merchants' own agent kinds (`heuristic`). The work is in
`bots.py`, which is compiled in the compiled build; an agent class stays Python, so its
settings are read from its `__init__` (kaido.agents.settings)."""

from __future__ import annotations

from typing import Any

from kaido.agents.base import Agent
from kaido.core.actions import Action
from kaido.core.game import Game
from kaido.games.traveling_merchants.bots import heuristic_move


class HeuristicAgent(Agent):
    """Plans a route to the order it can fill soonest; houses on its hubs
    (`bots.heuristic_move`)."""

    kind = "heuristic"
    instant = True

    def choose(self, game: Game[Any], state: Any) -> Action:
        return heuristic_move(state, game.legal_actions(state))
