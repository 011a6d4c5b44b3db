"""Cargo Empire's own agent kinds (`heuristic`). The work is in `bots.py`, which is
compiled in the compiled build; an agent class stays Python, so its settings are read
from its `__init__` (kaido.agents.settings)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from kaido.agents.base import Agent
from kaido.core.actions import Action
from kaido.core.game import Game
from kaido.games.cargo_empire.bots import TUNED, WRITTEN, Leaf, heuristic_move
from kaido.games.cargo_empire.state import CEState

if TYPE_CHECKING:
    from kaido.learn.model import Model

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
        value: str = "none",
        worth: float = 60.0,
    ) -> None:
        super().__init__(seed)
        if worlds < 1:
            raise ValueError(f"worlds must be at least 1, not {worlds}")
        if depth not in DEPTHS:
            raise ValueError(f"depth is 0 to {DEPTHS[-1]}, not {depth}")
        if not value:
            raise ValueError("value names a value model (auto, a shipped one, a file) or none")
        if not worth >= 0:
            raise ValueError(f"worth is the VP a whole win is worth, 0 or more, not {worth}")
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
        self.value = value
        """The learnt value added where each move's turn ends (named as the searches'
        `value=` names one; `auto`: `cargo_empire-Np-value` where it is shipped), or none."""
        self.worth = worth
        """The VP a whole share of a win adds to a move's projection."""
        self._looked = value == "none"
        self._leaf_model: Model | None = None

    @classmethod
    def answers_at_once(cls, settings: Mapping[str, Any]) -> bool:
        # In several deals, or deeper than one level, a decision takes up to tens of ms
        # (bench/README.md).
        return (
            settings.get("worlds", 1) == 1
            and settings.get("depth", 0) <= 1
            and settings.get("value", "none") == "none"
        )

    def describe(self) -> str:
        settings = ["tuned"] if self.weights is TUNED else []
        if self.worlds > 1:
            settings.append(f"worlds={self.worlds}")
        if self.depth:
            settings.append(f"depth={self.depth}")
        if self.value != "none":
            settings.append(f"value={self.value}, worth={self.worth:g}")
        return f"heuristic({', '.join(settings)})" if settings else "heuristic"

    def choose(self, game: Game[Any], state: Any) -> Action:
        leaf = self._leaf(game, state)
        return heuristic_move(
            game, state, self.rng, self.ahead, self.weights, self.worlds, self.depth, leaf
        )

    def _leaf(self, game: Game[Any], state: CEState) -> Leaf | None:
        """`worth` VP times the seat's share of a win where a move's turn ends: by the
        value model, or the game's own result once it is over. The model is found at the
        first decision (a shipped one depends on the player count); None without one."""
        if not self._looked:
            from kaido.learn.model import find_model  # only a bot with a value needs it

            self._looked = True
            self._leaf_model = find_model(self.value, game, state.options, value=True)
        model, worth = self._leaf_model, self.worth
        if model is None:
            return None

        def leaf(after: CEState, p: int) -> float:
            if game.is_over(after):
                return worth * game.result(after).win_shares[p]
            return worth * model.values(after, p)[p]

        return leaf
