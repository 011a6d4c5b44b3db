"""A small seeded random generator that lives inside game states.

Python's `random` is not guaranteed to give the same sequence across versions for every
method, and copying its state is expensive. Kaido's generator is SplitMix64: one 64-bit
integer of state, identical output on every platform and Python version, copied for the
price of one object.

Compiled (kaido/compiled.py), the arithmetic runs in native 64-bit integers, which wrap
around as SplitMix64 needs; Python's own ints would make every step a big-integer
operation there. The same numbers come out of both: the state is kept as a signed 64-bit
value either way.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import Final, TypeVar

from mypy_extensions import i64

T = TypeVar("T")

_MASK: Final = (1 << 64) - 1
_SPAN: Final = 1 << 64
_GAMMA: Final = 0x9E3779B97F4A7C15
_MIX1: Final = 0xBF58476D1CE4E5B9
_MIX2: Final = 0x94D049BB133111EB


def _signed(x: int) -> int:
    """The 64-bit two's complement value of the low 64 bits of `x`."""
    x &= _MASK
    return x - _SPAN if x >> 63 else x


def _wraps(top: i64) -> bool:
    return top + 1 < 0


NATIVE: Final = _wraps(2**63 - 1)
"""Whether i64 arithmetic wraps around here (the module is compiled): then SplitMix64
runs in native integers, else in Python's."""

_GAMMA_I64: Final[i64] = _signed(_GAMMA)
_MIX1_I64: Final[i64] = _signed(_MIX1)
_MIX2_I64: Final[i64] = _signed(_MIX2)
_I64_MAX: Final = 2**63 - 1
_UNIT: Final = 1.0 / (1 << 53)


class Rng:
    """SplitMix64 (Steele, Lea, Flood 2014). Deterministic for a given seed."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state: i64 = _signed(seed)
        """The state as a signed 64-bit value (the same bits as SplitMix64's unsigned)."""

    def copy(self) -> Rng:
        other = Rng()
        other.state = self.state
        return other

    def next64(self) -> int:
        """The next 64 random bits."""
        if NATIVE:
            z = int(self._native())
            return z + _SPAN if z < 0 else z
        s = (self.state + _GAMMA) & _MASK
        self.state = s - _SPAN if s >> 63 else s
        s = ((s ^ (s >> 30)) * _MIX1) & _MASK
        s = ((s ^ (s >> 27)) * _MIX2) & _MASK
        return s ^ (s >> 31)

    def _native(self) -> i64:
        """`next64` as a signed value, in wrapping i64 arithmetic (only where NATIVE: Python's
        ints never wrap). A logical shift right is an arithmetic one with the sign's copies
        masked off."""
        s: i64 = self.state + _GAMMA_I64
        self.state = s
        s = (s ^ ((s >> 30) & 0x3_FFFF_FFFF)) * _MIX1_I64
        s = (s ^ ((s >> 27) & 0x1F_FFFF_FFFF)) * _MIX2_I64
        return s ^ ((s >> 31) & 0x1_FFFF_FFFF)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n), without modulo bias (rejection sampling)."""
        if n <= 0:
            raise ValueError("Rng.below needs a positive bound")
        if NATIVE and n <= _I64_MAX:
            return self._below_native(n)
        limit = _MASK - (_MASK + 1) % n
        while True:
            x = self.next64()
            if x <= limit:
                return x % n

    def _below_native(self, n: i64) -> i64:
        """`below` in i64 arithmetic (only where NATIVE), taking the draws as signed: the
        2**64 % n largest unsigned ones, rejected, are [-rest, 0); every sum stays in range."""
        half = (_I64_MAX % n + 1) % n  # 2**63 % n
        rest = half - (n - half) if half >= n - half else half + half  # 2**64 % n
        while True:
            z = self._native()
            if z >= 0:
                return z % n
            if z < -rest:
                low = z % n  # z + 2**64 is congruent to low + rest
                return low - (n - rest) if low >= n - rest else low + rest

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
        if NATIVE:
            return float((self._native() >> 11) & 0x1F_FFFF_FFFF_FFFF) * _UNIT
        return (self.next64() >> 11) * _UNIT

    def spawn(self) -> Rng:
        """An independent generator seeded from this one (advances this one)."""
        return Rng(self.next64())
