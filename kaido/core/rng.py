"""A small seeded random generator that lives inside game states.

Python's `random` is not guaranteed to give the same sequence across versions for every
method, and copying its state is expensive. Kaido's generator is SplitMix64: one 64-bit
integer of state, identical output on every platform and Python version, copied for the
price of one object.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15


class Rng:
    """SplitMix64 (Steele, Lea, Flood 2014). Deterministic for a given seed."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = seed & _MASK

    def copy(self) -> Rng:
        other = Rng.__new__(Rng)
        other.state = self.state
        return other

    def next64(self) -> int:
        """The next 64 random bits."""
        s = (self.state + _GAMMA) & _MASK
        self.state = s
        s = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        s = ((s ^ (s >> 27)) * 0x94D049BB133111EB) & _MASK
        return s ^ (s >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n), without modulo bias (rejection sampling)."""
        if n <= 0:
            raise ValueError("Rng.below needs a positive bound")
        limit = _MASK - (_MASK + 1) % n
        while True:
            x = self.next64()
            if x <= limit:
                return x % n

    def die(self, sides: int = 6) -> int:
        """A roll of a fair die: 1..sides."""
        return self.below(sides) + 1

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def randrange(self, start: int, stop: int | None = None, step: int = 1) -> int:
        """As `random.randrange`: a uniform member of range(start, stop, step)."""
        choices = range(start) if stop is None else range(start, stop, step)
        if not choices:
            raise ValueError(f"Rng.randrange: empty range {choices}")
        return choices[self.below(len(choices))]

    def randint(self, low: int, high: int) -> int:
        """A uniform integer in [low, high], both ends included."""
        return self.randrange(low, high + 1)

    def uniform(self, low: float, high: float) -> float:
        """A float between low and high."""
        return low + (high - low) * self.random()

    def sample(self, items: Sequence[T], k: int) -> list[T]:
        """`k` distinct members of `items` in random order (partial Fisher-Yates)."""
        if not 0 <= k <= len(items):
            raise ValueError(f"Rng.sample: cannot take {k} of {len(items)}")
        pool = list(items)
        for i in range(k):
            j = i + self.below(len(pool) - i)
            pool[i], pool[j] = pool[j], pool[i]
        return pool[:k]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates, in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def random(self) -> float:
        """A float in [0, 1) with 53 random bits."""
        return (self.next64() >> 11) * (1.0 / (1 << 53))

    def spawn(self) -> Rng:
        """An independent generator seeded from this one (advances this one)."""
        return Rng(self.next64())
