"""A search evaluation fitted to self-play: each player's share of a win from a linear
model of their final VP.

A game describes a player's position by named features (`ValueSpec`); the model of each
round (a JSON data file written by `scripts/fit_value.py`) weighs them, its weights moving
linearly from the round's start to its end, into the player's expected final VP above the
table's mean; a softmax with the round's fitted temperature turns the table's expectations
into shares of a win that sum to 1.

Why fitted, not hand-set: a heuristic's own projection of the final score predicts the
winner poorly early in a game, and a search valued by it barely beats the heuristic it is
built on (bench/README.md has the figures for Forwarder of Xanadu). A better predictor is
not always a better guide, though: Cargo Empire's search played far worse on such a model
than on its heuristic's projection, and values positions with that (bench/README.md).
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kaido.core.errors import ModelError


@dataclass(frozen=True, slots=True)
class ValueSpec:
    """What a game gives the model: its features, where a position stands, a baseline."""

    game: str  # the game id, for `scripts/fit_value.py --game`
    features: tuple[str, ...]
    rows: Callable[[Any], list[list[float]]]  # each player's features, in `features` order
    rounds: int
    stage: Callable[[Any], tuple[int, float]]  # the round and the share of it played
    baseline: Callable[[Any], list[float]]  # the heuristic's projection, for comparison
    path: Path  # the shipped model


@dataclass(frozen=True, slots=True)
class RoundModel:
    """Weights at the round's start (`base`) plus `progress` times the share of the round
    played; `temperature` is the softmax's, in VP."""

    base: tuple[float, ...]
    progress: tuple[float, ...]
    temperature: float


def load_model(spec: ValueSpec, path: Path | None = None) -> dict[int, RoundModel]:
    """The model in `path` (the shipped one by default), checked: fitted on the spec's
    features, in order, every round with its weights and a positive temperature."""
    path = path or spec.path
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as error:
        raise ModelError(f"{path.name}: cannot read the value model: {error}") from error
    if not isinstance(data, dict) or not isinstance(data.get("source"), str):
        raise ModelError(f"{path.name}: needs a 'source' saying how the model was fitted")
    if tuple(data.get("features", ())) != spec.features:
        raise ModelError(
            f"{path.name}: fitted on features {data.get('features')}, the code computes "
            f"{list(spec.features)}; refit with scripts/fit_value.py --game {spec.game}"
        )
    rounds = data.get("rounds")
    return {r: _round(path.name, r, rounds, len(spec.features)) for r in range(1, spec.rounds + 1)}


def _round(name: str, r: int, rounds: Any, size: int) -> RoundModel:
    entry = rounds.get(str(r)) if isinstance(rounds, dict) else None
    if not isinstance(entry, dict):
        raise ModelError(f"{name}: no model for round {r}")
    for key in ("base", "progress"):
        weights = entry.get(key)
        if not isinstance(weights, list) or len(weights) != size:
            raise ModelError(f"{name}: round {r}: '{key}' needs {size} weights")
        if not all(isinstance(w, int | float) and not isinstance(w, bool) for w in weights):
            raise ModelError(f"{name}: round {r}: '{key}' holds a non-number")
    temperature = entry.get("temperature")
    if not isinstance(temperature, int | float) or temperature <= 0:
        raise ModelError(f"{name}: round {r}: 'temperature' must be a positive number")
    return RoundModel(tuple(entry["base"]), tuple(entry["progress"]), float(temperature))


class FittedValue:
    """A game's fitted evaluation, its model read on first use (not at import: the fitting
    script runs without one)."""

    def __init__(self, spec: ValueSpec) -> None:
        self.spec = spec
        self._model: dict[int, RoundModel] | None = None

    @property
    def model(self) -> dict[int, RoundModel]:
        if self._model is None:
            self._model = load_model(self.spec)
        return self._model

    def expected(self, state: Any) -> list[float]:
        """Each player's expected final VP, up to a constant shared by the table."""
        r, done = self.spec.stage(state)
        return self._expected(state, self.model[r], done)

    def shares(self, state: Any) -> list[float]:
        """The softmax of `expected` at the round's temperature: shares of a win."""
        r, done = self.spec.stage(state)
        m = self.model[r]
        return softmax(self._expected(state, m, done), m.temperature)

    def _expected(self, state: Any, m: RoundModel, done: float) -> list[float]:
        weights = [b + done * g for b, g in zip(m.base, m.progress, strict=True)]
        return [
            sum(w * x for w, x in zip(weights, row, strict=True)) for row in self.spec.rows(state)
        ]


def softmax(values: Sequence[float], temperature: float) -> list[float]:
    top = max(values)
    weights = [math.exp((v - top) / temperature) for v in values]
    total = sum(weights)
    return [w / total for w in weights]
