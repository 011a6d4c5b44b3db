"""The review of a game: who was winning at every point, the turning points, each seat's
accuracy and the game's own facts, from its record alone (any game, through the protocol).

At every point of the game (before each decision, and at the end) each seat's chance of
winning is estimated from what that seat could see then, never from the true hidden state;
at each decision the mover's moves are valued the same way, so the move played can be set
beside the bot's. A review is seeded by `seed`, never by the game's own seed (a world dealt
from the game's generator could repeat its deck), so one record always gets one review.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Collection, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from kaido.core.errors import RecordError
from kaido.core.game import Fact, Game
from kaido.core.records import Record, Replayer
from kaido.core.rng import Rng
from kaido.review.estimate import Estimate, Estimator, default_estimator

FORMAT = "kaido-review"
VERSION = 1
SEED = 20_260_101
"""The review's own seed (any fixed number unrelated to games' seeds)."""
MARGIN = 0.03
"""A move within this much of the bot's move (in chance of winning) counts as accurate."""
TURNING_POINTS = 5

Progress = Callable[[int, int], None]
"""Told (points done, points in all) as a review goes."""


@dataclass(frozen=True)
class Decision:
    """One step of the record: who moved, what they played and what the bot preferred."""

    step: int
    """The record's action number, from 0: the replay's step `step` is the state it was
    made in, step `step + 1` the state after it."""
    seat: int
    played: list[Any]
    """The action's JSON form."""
    best: list[Any] | None = None
    """The bot's move (JSON form), if the seat had a choice."""
    played_chance: float | None = None
    best_chance: float | None = None
    hinted: bool = False
    """The seat asked for a hint before making it."""

    @property
    def loss(self) -> float | None:
        """How much chance the move gave up against the bot's, if it had a choice."""
        if self.best_chance is None or self.played_chance is None:
            return None
        return max(0.0, self.best_chance - self.played_chance)


@dataclass(frozen=True)
class TurningPoint:
    step: int
    """The decision whose move (and what it revealed) swung the chances most."""
    seat: int
    """The seat whose chance moved most."""
    swing: float
    """By how much, as that seat saw it (negative: it fell)."""


@dataclass(frozen=True)
class Accuracy:
    seat: int
    decisions: int
    """Decisions with a choice."""
    accurate: int
    """Of those, moves within `MARGIN` of the bot's."""
    hints: int

    @property
    def share(self) -> float | None:
        return self.accurate / self.decisions if self.decisions else None


@dataclass
class Review:
    game: str
    estimator: str
    seed: int
    chances: list[list[float]]
    """`chances[i][p]`: seat p's chance of winning at step i (before decision i; the last
    entry is the end), as p saw the game then."""
    decisions: list[Decision]
    turning_points: list[TurningPoint] = field(default_factory=list)
    accuracy: list[Accuracy] = field(default_factory=list)
    facts: list[Fact] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": VERSION,
            "game": self.game,
            "estimator": self.estimator,
            "seed": self.seed,
            "margin": MARGIN,
            "chances": self.chances,
            "decisions": [asdict(d) for d in self.decisions],
            "turning_points": [asdict(t) for t in self.turning_points],
            "accuracy": [{**asdict(a), "share": a.share} for a in self.accuracy],
            "facts": [asdict(f) for f in self.facts],
        }

    @classmethod
    def from_json(cls, value: dict[str, Any]) -> Review:
        if value.get("format") != FORMAT or value.get("version") != VERSION:
            raise RecordError(f"not a {FORMAT} version {VERSION}")
        return cls(
            game=value["game"],
            estimator=value["estimator"],
            seed=value["seed"],
            chances=value["chances"],
            decisions=[Decision(**d) for d in value["decisions"]],
            turning_points=[TurningPoint(**t) for t in value["turning_points"]],
            accuracy=[
                Accuracy(**{k: v for k, v in a.items() if k != "share"}) for a in value["accuracy"]
            ],
            facts=[Fact(f["step"], tuple(f["seats"]), f["text"]) for f in value["facts"]],
        )


def point_rng(seed: int, step: int, seat: int) -> Rng:
    """The generator of one seat's estimate at one step: the same whatever came before."""
    digest = hashlib.blake2b(f"{seed}/{step}/{seat}".encode(), digest_size=8).digest()
    return Rng(int.from_bytes(digest, "big"))


def review_record(
    game: Game[Any],
    record: Record,
    estimator: Estimator | None = None,
    *,
    seed: int = SEED,
    progress: Progress | None = None,
) -> Review:
    """The review of `record` (replayed and checked step by step), with the hints it
    says were taken."""
    estimator = estimator or default_estimator(game)
    hints = {(step, seat) for step, seat in record.hints or ()}
    replayer = Replayer(game, record)
    state = replayer.state
    seats = game.num_players(state)
    states, actions = [state.copy()], []
    for step in replayer.steps():
        actions.append(step.action)
        states.append(replayer.state.copy())
    total = len(states)
    chances: list[list[float]] = []
    decisions: list[Decision] = []
    for i, point in enumerate(states):
        played = actions[i] if i < len(actions) else None
        mover = game.to_move(point) if played is not None else -1
        estimates: list[Estimate] = []
        for seat in range(seats):
            include = played if seat == mover else None
            rng = point_rng(seed, i, seat)
            estimates.append(estimator.estimate(game, point, seat, rng, include=include))
        chances.append([_rounded(e.chance) for e in estimates])
        if played is not None:
            decisions.append(_decision(i, mover, played.to_json(), estimates[mover], hints))
        if progress is not None:
            progress(i + 1, total)
    return Review(
        game=game.id,
        estimator=estimator.describe(),
        seed=seed,
        chances=chances,
        decisions=decisions,
        turning_points=turning_points(chances, ended=game.is_over(states[-1])),
        accuracy=accuracy(decisions, seats),
        facts=game.review_facts(states, actions, chances),
    )


def _decision(
    step: int, seat: int, played: list[Any], estimate: Estimate, hints: Collection[tuple[int, int]]
) -> Decision:
    hinted = (step, seat) in hints
    if not estimate.moves:
        return Decision(step, seat, played, hinted=hinted)
    best = estimate.moves[0]
    mine = next((m for m in estimate.moves if m.action.to_json() == played), None)
    return Decision(
        step,
        seat,
        played,
        best.action.to_json(),
        None if mine is None else _rounded(mine.chance),
        _rounded(best.chance),
        hinted,
    )


def turning_points(
    chances: Sequence[Sequence[float]], *, ended: bool, count: int = TURNING_POINTS
) -> list[TurningPoint]:
    """The `count` decisions after which some seat's chance moved most, in the game's order.
    The move that ended a game is left out: its swing is the result becoming known (the
    last bonuses counted, the last points scored), not a turn of play."""
    swings = []
    for step in range(len(chances) - 1 - int(ended)):
        before, after = chances[step], chances[step + 1]
        deltas = [b - a for a, b in zip(before, after, strict=True)]
        seat = max(range(len(deltas)), key=lambda p: abs(deltas[p]))
        if deltas[seat]:
            swings.append(TurningPoint(step, seat, _rounded(deltas[seat])))
    largest = sorted(swings, key=lambda t: -abs(t.swing))[:count]
    return sorted(largest, key=lambda t: t.step)


def accuracy(decisions: Sequence[Decision], seats: int) -> list[Accuracy]:
    """Each seat's decisions with a choice, how many were within `MARGIN` of the bot's
    move, and the hints it took."""
    out = []
    for seat in range(seats):
        mine = [d for d in decisions if d.seat == seat]
        judged = [d.loss for d in mine if d.loss is not None]
        accurate = sum(1 for loss in judged if loss <= MARGIN)
        hints = sum(1 for d in mine if d.hinted)
        out.append(Accuracy(seat, len(judged), accurate, hints))
    return out


def _rounded(value: float) -> float:
    return round(value, 4)
