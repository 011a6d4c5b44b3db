"""Observations as fixed-length vectors, for learning agents (the RL environments and the
networks of `kaido.learn`; numpy only, so a bot playing a model needs nothing more).

A game may encode what a seat sees itself (`Game.encode`); otherwise its `view` (plain
JSON data of varying shape) is hashed into a fixed number of slots: every leaf of the view
adds to the slot its path selects (`hands.2`, `banks.0.1`), numbers as a signed logarithm
and strings and booleans as present-or-not flags, with a sign from the hash so that
collisions cancel out on average rather than pile up (the hashing trick of Weinberger et
al., 2009). The hash is CRC-32, the same on every machine and Python run.
"""

from __future__ import annotations

import math
import zlib
from typing import Any

import numpy as np

from kaido.core.game import Game

HASHED_SIZE = 1024
"""Slots of a hashed view: enough that the larger games' views rarely collide."""


class Encoder:
    """Encodes the observations of one game with fixed options, always to `size` numbers."""

    def __init__(self, game: Game[Any], state: Any, size: int = HASHED_SIZE) -> None:
        self.game = game
        own = game.encode(state, 0)
        self.hashed = own is None
        self.size = size if own is None else len(own)
        self._slots: dict[str, tuple[int, float]] = {}

    def __call__(self, state: Any, player: int) -> np.ndarray:
        if not self.hashed:
            values = self.game.encode(state, player)
            if values is None or len(values) != self.size:
                given = "nothing" if values is None else f"{len(values)} numbers"
                raise ValueError(f"{self.game.id}.encode gave {given}, not {self.size} numbers")
            # fromiter: a list of Python floats in a third less time than asarray's.
            return np.fromiter(values, dtype=np.float32, count=self.size)
        vector = np.zeros(self.size, dtype=np.float32)
        self._add(vector, "", self.game.view(state, player))
        return vector

    def _slot(self, path: str) -> tuple[int, float]:
        slot = self._slots.get(path)
        if slot is None:
            code = zlib.crc32(path.encode())
            slot = self._slots[path] = (code % self.size, 1.0 if code & (1 << 31) else -1.0)
        return slot

    def _add(self, vector: np.ndarray, path: str, value: Any) -> None:
        if isinstance(value, dict):
            for key, item in value.items():
                self._add(vector, f"{path}.{key}", item)
        elif isinstance(value, list | tuple):
            for index, item in enumerate(value):
                self._add(vector, f"{path}.{index}", item)
        elif isinstance(value, bool):
            if value:
                index, sign = self._slot(path)
                vector[index] += sign
        elif isinstance(value, int | float):
            index, sign = self._slot(path)
            vector[index] += sign * math.copysign(math.log1p(abs(value)), value)
        elif isinstance(value, str):
            index, sign = self._slot(f"{path}={value}")
            vector[index] += sign
