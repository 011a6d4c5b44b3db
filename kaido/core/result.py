"""The outcome of a finished game: scores and places after the rulebook's tie-breaks."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from kaido.core.errors import RecordError


def places(keys: Sequence[Sequence[float]]) -> tuple[int, ...]:
    """Each player's place from sort keys, larger is better (`(score, tie_break_1, ...)`):
    1 + how many are ahead, so tied players share a place and the next is skipped."""
    return tuple(1 + sum(1 for other in keys if tuple(other) > tuple(mine)) for mine in keys)


def win_shares(ranks: Sequence[int]) -> list[float]:
    """Each place's share of the win: 1 alone first, 1/k for each of k tied first, else 0
    (how tournaments count wins and searches value finished games)."""
    first = sum(1 for r in ranks if r == 1)
    return [1 / first if r == 1 else 0.0 for r in ranks]


@dataclass(frozen=True, slots=True)
class Result:
    """`scores[p]` is player p's final score; `ranks[p]` their place (1 = first).

    Players the tie-breaks cannot separate share a place, and the next place is skipped
    (1, 1, 3).
    """

    scores: tuple[float, ...]
    ranks: tuple[int, ...]

    @property
    def winners(self) -> tuple[int, ...]:
        return tuple(p for p, rank in enumerate(self.ranks) if rank == 1)

    @property
    def win_shares(self) -> list[float]:
        return win_shares(self.ranks)

    @classmethod
    def from_keys(cls, scores: Sequence[float], keys: Sequence[Sequence[float]]) -> Result:
        """Places from sort keys, larger is better: `(score, tie_break_1, ...)` per player."""
        return cls(tuple(scores), places(keys))

    def forfeited(self, leavers: set[int]) -> Result:
        """The places when `leavers` left before the end: below everyone who stayed, the
        order among the others kept (the scores stay as they were)."""
        keys = [(p not in leavers, -rank) for p, rank in enumerate(self.ranks)]
        return Result.from_keys(self.scores, keys)

    def to_json(self) -> dict[str, Any]:
        return {"scores": list(self.scores), "ranks": list(self.ranks)}

    @classmethod
    def from_json(cls, value: Any) -> Result:
        try:
            scores = tuple(value["scores"])
            ranks = tuple(value["ranks"])
        except (TypeError, KeyError):
            raise RecordError("a result needs 'scores' and 'ranks' lists") from None
        if len(scores) != len(ranks) or not all(isinstance(r, int) for r in ranks):
            raise RecordError("a result's 'scores' and 'ranks' must be lists of equal length")
        return cls(scores, ranks)
