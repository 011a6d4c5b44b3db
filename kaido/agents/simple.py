"""Agents that do not search: uniformly random, and one-ply greedy."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from kaido.agents.base import Agent, StopSignal
from kaido.core.actions import Action
from kaido.core.game import Game


class RandomAgent(Agent):
    """Picks uniformly among the legal actions, optionally never taking some kinds."""

    kind = "random"
    instant = True

    def __init__(self, seed: int = 0, avoid: Iterable[str] = ()) -> None:
        super().__init__(seed)
        self.avoid = frozenset(avoid)

    def choose(self, game: Game[Any], state: Any) -> Action:
        legal = game.legal_actions(state)
        if self.avoid:
            kept = [a for a in legal if a.kind not in self.avoid]
            legal = kept or legal
        if len(legal) == 1:
            return legal[0]
        return legal[self.rng.below(len(legal))]

    def describe(self) -> str:
        return f"random(avoid={'+'.join(sorted(self.avoid))})" if self.avoid else "random"


class GreedyAgent(Agent):
    """Tries every legal action once on a state dealt from its own view and keeps the one
    the game's evaluation likes best (ties broken at random)."""

    kind = "greedy"
    instant = True

    def choose(self, game: Game[Any], state: Any) -> Action:
        legal = game.legal_actions(state)
        if len(legal) == 1:
            return legal[0]
        player = game.to_move(state)
        world = game.determinize(state, player, self.rng)
        best: list[Action] = []
        best_value = -1.0
        for action in legal:
            after = world.copy()
            game.apply(after, action, trusted=True)
            value = game.evaluate(after, player)
            if value > best_value + 1e-12:
                best, best_value = [action], value
            elif value > best_value - 1e-12:
                best.append(action)
        return best[self.rng.below(len(best))]


class NoisyAgent(Agent):
    """Another agent that, with probability `noise`, plays a uniformly random legal action
    instead: `heuristic:noise=0.3` (the web application's easy bot). Any spec takes it."""

    kind = "noisy"

    def __init__(self, inner: Agent, noise: float, seed: int = 0) -> None:
        if not 0.0 <= noise <= 1.0:
            raise ValueError(f"noise is a probability from 0 to 1, not {noise}")
        self.inner = inner
        super().__init__(seed)
        self.noise = noise
        self.randomized = False
        """Whether the last choice was the random one (self-play data gives it no target)."""

    # The runner sets `stop` and `humans` on the agent it holds: the inner agent needs them.
    @property
    def stop(self) -> StopSignal:
        return self.inner.stop

    @stop.setter
    def stop(self, event: StopSignal) -> None:
        self.inner.stop = event

    @property
    def humans(self) -> frozenset[int]:
        return self.inner.humans

    @humans.setter
    def humans(self, seats: frozenset[int]) -> None:
        self.inner.humans = seats

    def choose(self, game: Game[Any], state: Any) -> Action:
        self.randomized = self.rng.random() < self.noise
        if self.randomized:
            legal = game.legal_actions(state)
            return legal[self.rng.below(len(legal))]
        return self.inner.choose(game, state)

    def describe(self) -> str:
        return f"{self.inner.describe()} noise={self.noise:g}"
