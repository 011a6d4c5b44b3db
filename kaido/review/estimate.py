"""How a review values a position: one seat's chance of winning as that seat sees it, and,
when it decides, its moves ranked by the bot with the chance after each.

An `Estimator` may use only what the seat could see: everything it looks at is a world
dealt by `game.determinize` from the seat's view (so a review can never reveal what no
seat saw, such as the order of a deck), and its random choices come from the generator it
is given (so a review is the same on every run).

`SearchEstimator` is the best evaluation every game has today, the search's: each world is
valued by the game's own evaluation (what the MCTS bots value their leaves with), made a
share of one win. A move is valued over the same worlds, one ply deep, and the bot's
choice follows the game's heuristic unless another move looks better by more than
`overrule`, as the strong search does ("the search never knows less than the heuristic it
is built on"; at a second a decision the strong bot plays the heuristic's move in most
positions, bench/README.md). A game whose trained model lands replaces it by an estimator
that asks the model's value and policy (docs/review.md).
"""

from __future__ import annotations

import functools
from abc import ABC, abstractmethod
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from kaido.agents import Agent, load_agent_class
from kaido.core.actions import Action
from kaido.core.game import Game
from kaido.core.rng import Rng


@dataclass(frozen=True)
class MoveValue:
    action: Action
    chance: float
    """The mover's chance of winning after this move, as it sees the game."""


@dataclass(frozen=True)
class Estimate:
    """One seat's estimate at one point of a game."""

    chance: float
    """The seat's chance of winning, in [0, 1], from what it could see."""
    moves: tuple[MoveValue, ...] = ()
    """When the seat decides between several moves: the bot's choice first, then the
    others from the best chance down. Empty otherwise."""


class Estimator(ABC):
    """Values positions for reviews and hints, from one seat's view only."""

    @abstractmethod
    def describe(self) -> str:
        """A short label with the settings that matter, kept with each review."""

    @abstractmethod
    def estimate(
        self,
        game: Game[Any],
        state: Any,
        seat: int,
        rng: Rng,
        *,
        include: Action | None = None,
    ) -> Estimate:
        """`seat`'s estimate in `state`; its moves too when it decides now (`include`, the
        move it played, always among them). Must depend only on `game.view(state, seat)`
        and `rng`."""


def win_chances(game: Game[Any], world: Any) -> list[float]:
    """Each seat's chance of winning in a full state: its share of the win once the game is
    over, else the game's evaluation made into shares of one win (the evaluations of a
    game of one seat, against the game's own bot, are chances already)."""
    if game.is_over(world):
        return list(game.result(world).win_shares)
    values = game.evaluate_all(world)
    total = sum(values)
    if len(values) < 2:
        return list(values)
    if total <= 0:
        return [1 / len(values)] * len(values)
    return [value / total for value in values]


WORLDS = 4
"""Worlds a review's estimates deal by default: a review of any game in well under a minute
of one core (bench/README.md)."""


def default_estimator(game: Game[Any], worlds: int = WORLDS) -> Estimator:
    """The estimator reviews and hints use for `game`, `worlds` being its budget: the
    search's evaluation today. Where a game's trained model lands, this returns an
    estimator asking the model instead (docs/review.md)."""
    return SearchEstimator(worlds)


class SearchEstimator(Estimator):
    """The search's evaluation over `worlds` worlds dealt from the seat's view."""

    def __init__(self, worlds: int = WORLDS, overrule: float = 0.03) -> None:
        if worlds < 1:
            raise ValueError("worlds must be positive")
        if overrule < 0:
            raise ValueError("overrule must not be negative")
        self.worlds = worlds
        self.overrule = overrule

    def describe(self) -> str:
        return f"search(worlds={self.worlds}, overrule={self.overrule})"

    def estimate(
        self,
        game: Game[Any],
        state: Any,
        seat: int,
        rng: Rng,
        *,
        include: Action | None = None,
    ) -> Estimate:
        # From here on only the dealt worlds are read: they depend on the seat's view alone.
        worlds = [game.determinize(state, seat, rng) for _ in range(self.worlds)]
        chance = _mean(win_chances(game, world)[seat] for world in worlds)
        first = worlds[0]
        if game.is_over(first) or game.to_move(first) != seat:
            return Estimate(chance)
        legal = game.legal_actions(first)
        candidates = list(game.search_actions(first, legal))
        if include is not None and include not in candidates:
            candidates.append(include)
        if len(candidates) < 2:
            return Estimate(chance)
        values = {action: self._after(game, worlds, seat, action) for action in candidates}
        ranked = sorted(candidates, key=lambda a: -values[a])  # stable: the game's order on ties
        guided = self._guide(game, first, rng)
        bot = ranked[0]
        if guided in values and values[bot] - values[guided] <= self.overrule:
            bot = guided
        order = [bot, *(a for a in ranked if a != bot)]
        return Estimate(chance, tuple(MoveValue(a, values[a]) for a in order))

    def _after(self, game: Game[Any], worlds: Sequence[Any], seat: int, action: Action) -> float:
        """The seat's mean chance over the worlds once `action` is made."""
        total = 0.0
        for world in worlds:
            after = world.copy()
            game.apply(after, action, trusted=True)
            total += win_chances(game, after)[seat]
        return total / len(worlds)

    def _guide(self, game: Game[Any], world: Any, rng: Rng) -> Action | None:
        """The game's heuristic's move in `world` (a world, never the true state), or None
        for a game without one."""
        agent = heuristic(game, rng.next64() % (1 << 62))
        return None if agent is None else agent.choose(game, world)


def heuristic(game: Game[Any], seed: int) -> Agent | None:
    """A fresh heuristic bot of `game` (none if the game has no heuristic): fresh each
    time, so that nothing it remembers from one position carries into another."""
    target = game.agent_kinds.get("heuristic")
    return None if target is None else _agent_class(target)(seed=seed)


@functools.cache
def _agent_class(target: str) -> type[Agent]:
    return load_agent_class(target)


def _mean(values: Iterable[float]) -> float:
    items = list(values)
    return sum(items) / len(items)
