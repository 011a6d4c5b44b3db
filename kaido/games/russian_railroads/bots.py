"""Russian Railroads evaluation and a heuristic agent (filled in below)."""

from __future__ import annotations

from typing import Any

from kaido.core.game import result_value


def evaluate(game: Any, state: Any, player: int) -> float:
    if game.is_over(state):
        return result_value(game.result(state), player)
    return 0.5
