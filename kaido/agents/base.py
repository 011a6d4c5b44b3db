"""The agent interface and the few helpers every agent shares."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from typing import Any, ClassVar, Protocol

from kaido.core.actions import Action
from kaido.core.game import Game
from kaido.core.rng import Rng


class StopSignal(Protocol):
    """What a search checks between iterations to know it must answer now: a
    `threading.Event`, or the server's signal for a search in another process."""

    def is_set(self) -> bool: ...


class _NeverStop:
    """The stop signal of an agent nobody cuts short: shared, since it never changes (an
    Event per agent cost the server a few percent of its time, making one per decision)."""

    def is_set(self) -> bool:
        return False


NEVER_STOP: StopSignal = _NeverStop()


class Agent(ABC):
    """A player that picks actions. Seeded: the same seed gives the same choices.

    `choose` receives the true state but may use only what its player may know:
    `legal_actions` (its own options), `view`, and `determinize` for anything hidden.
    """

    kind: ClassVar[str]
    """The name used on the command line (`random`, `mcts`, ...)."""
    instant: ClassVar[bool] = False
    """Whether every decision takes a few milliseconds at most (`answers_at_once`)."""
    humans: frozenset[int] = frozenset()
    """The seats people play (the server sets it): a bot may ask them fewer questions,
    such as trade offers each of them must answer."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)
        self.stop: StopSignal = NEVER_STOP
        """Replaced by whoever runs the agent with a signal of their own to cut a search
        short (its table ended, a time cap): searches check it between iterations and
        answer with what they found."""

    @classmethod
    def answers_at_once(cls, settings: Mapping[str, Any]) -> bool:
        """Whether every decision of an agent with these settings takes a few milliseconds
        at most, so a server may make it on its own thread rather than in a bot process
        (a process's round trip costs half a millisecond). Searches do not."""
        return cls.instant

    @abstractmethod
    def choose(self, game: Game[Any], state: Any) -> Action:
        """The action for the player to move in `state`."""

    def describe(self) -> str:
        """A short label with the settings that matter (`mcts(time=0.2)`)."""
        return getattr(self, "kind", type(self).__name__)  # a developer's bot may not name one
