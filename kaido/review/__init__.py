"""A finished game's review: each seat's chance of winning at every point as it saw the
game, the turning points, each seat's accuracy against the bot, the game's own facts; and
hints, the bot's best moves for the seat deciding now."""

from kaido.review.estimate import (
    Estimate,
    Estimator,
    MoveValue,
    SearchEstimator,
    default_estimator,
    win_chances,
)
from kaido.review.review import (
    Accuracy,
    Decision,
    Review,
    TurningPoint,
    point_rng,
    review_record,
)

__all__ = [
    "Accuracy",
    "Decision",
    "Estimate",
    "Estimator",
    "MoveValue",
    "Review",
    "SearchEstimator",
    "TurningPoint",
    "default_estimator",
    "point_rng",
    "review_record",
    "win_chances",
]
