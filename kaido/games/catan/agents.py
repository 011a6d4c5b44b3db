"""Catan's own agent kinds (`heuristic`). The work is in `bots.py`, which is compiled in
the compiled build; an agent class stays Python, so its settings are read from its
`__init__` (kaido.agents.settings)."""

from __future__ import annotations

from typing import Any

from kaido.agents.base import Agent
from kaido.core.actions import Action
from kaido.core.game import Game
from kaido.games.catan.bots import Heuristic


class HeuristicAgent(Agent):
    """Plays Catan by rules of thumb (`bots.Heuristic`); `propose=false` opens no domestic
    offers."""

    kind = "heuristic"
    instant = True

    def __init__(self, seed: int = 0, propose: bool = True) -> None:
        super().__init__(seed)
        self.propose = propose

    def describe(self) -> str:
        return "heuristic"

    def choose(self, game: Game[Any], state: Any) -> Action:
        heuristic = Heuristic(self.rng, self.propose, self.humans)
        return heuristic.decide(state, game.legal_actions(state))
