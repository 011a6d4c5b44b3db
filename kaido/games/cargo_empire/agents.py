"""Cargo Empire's own agent kinds (`heuristic`). The work is in `bots.py`, which is
compiled in the compiled build; an agent class stays Python, so its settings are read
from its `__init__` (kaido.agents.settings)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kaido.agents.base import Agent
from kaido.core.actions import Action
from kaido.core.game import Game
from kaido.games.cargo_empire.bots import TUNED, WRITTEN, heuristic_move

DEPTHS = range(4)
"""How deep the look-ahead that finishes a move's turn goes: 0 (the cheap choices) to 3."""


class HeuristicAgent(Agent):
    """One-decision look-ahead with `projection` (`bots.heuristic_move`)."""

    kind = "heuristic"

    def __init__(
        self,
        seed: int = 0,
        ahead: bool = True,
        tuned: bool = False,
        worlds: int = 1,
        depth: int = 0,
    ) -> None:
        super().__init__(seed)
        if worlds < 1:
            raise ValueError(f"worlds must be at least 1, not {worlds}")
        if depth not in DEPTHS:
            raise ValueError(f"depth is 0 to {DEPTHS[-1]}, not {depth}")
        self.ahead = ahead
        """Whether the projection counts the bonus spaces ahead (off: the heuristic before
        they counted, kept to measure against: bench/README.md)."""
        self.weights = TUNED if tuned else WRITTEN
        """The projection's weights: hand-written, or tuned by self-play against them
        (data/projection.toml)."""
        self.worlds = worlds
        """Deals of the hidden cards each move is valued in, summed: one is the quick bot,
        more a steadier one (bench/README.md, Cargo Empire)."""
        self.depth = depth
        """How a move's turn is played out before it is valued: by cheap choices (0: the
        fewest cards, the first option) or by the look-ahead's own, each of its decisions
        finished one level shallower (slower, stronger: bench/README.md)."""

    @classmethod
    def answers_at_once(cls, settings: Mapping[str, Any]) -> bool:
        # In several deals, or deeper than one level, a decision takes up to tens of ms
        # (bench/README.md).
        return settings.get("worlds", 1) == 1 and settings.get("depth", 0) <= 1

    def describe(self) -> str:
        settings = ["tuned"] if self.weights is TUNED else []
        if self.worlds > 1:
            settings.append(f"worlds={self.worlds}")
        if self.depth:
            settings.append(f"depth={self.depth}")
        return f"heuristic({', '.join(settings)})" if settings else "heuristic"

    def choose(self, game: Game[Any], state: Any) -> Action:
        return heuristic_move(
            game, state, self.rng, self.ahead, self.weights, self.worlds, self.depth
        )
