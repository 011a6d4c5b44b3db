"""Cargo Empire's search evaluation: each player's share of a win, from a linear model of
the final VP fitted to heuristic self-play.

`features` describes a player's position (VP by category as it stands, track markers,
cards, posts, goal progress). The model of the round (`data/value.json`, written by
`scripts/ce_fit_value.py`) weighs them, its weights moving linearly from the round's first
turn to its last, into the player's expected final VP; a softmax with the round's fitted
temperature turns the table's expectations into shares of a win that sum to 1.

Why fitted, not hand-set: the heuristic's `projection` hardly predicts the winner before
round 3 (in 1,500 heuristic games at 4 players it named the winner of a round-1 position
28% of the time, chance being 25%; the fitted model 35.5%), and a search valued by
it barely beat the heuristic it is built on (bench/README.md).
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from kaido.games.cargo_empire.board import DATA_DIR, DataError
from kaido.games.cargo_empire.bots import HAND, goal_progress, origins
from kaido.games.cargo_empire.scoring import category_scores, ranking_keys
from kaido.games.cargo_empire.state import PHASE_OVER, ROUNDS, CEState
from kaido.games.cargo_empire.track import position

FEATURES = (
    "track_vp",  # VP scored now, by category (CE-END-1..5)
    "posts_vp",
    "cards_vp",
    "goals_vp",
    "marker_transport",  # development track positions (CE-DEV)
    "marker_city",
    "marker_upgrade",
    "car_cards",  # transport cards in hand (CE-PAY)
    "locomotive_cards",
    "ship_cards",
    "hand",  # the hand's size, capped where more cards rarely get played
    "posts_left",  # posts still in this round's reserve area
    "level2_posts",
    "demand_posts",  # posts on demand spaces of city tiles
    "origins",  # cities to start a transport from (bots.origins)
    "goal_progress",  # VP of goal tiers in proportion to the way made (bots.goal_progress)
    "present",  # cities where present (CE-DEF-1)
)


@dataclass(frozen=True, slots=True)
class RoundModel:
    """Weights at the round's first turn (`base`) plus `progress` times the share of the
    round's turns taken; `temperature` is the softmax's, in VP."""

    base: tuple[float, ...]
    progress: tuple[float, ...]
    temperature: float


def features(st: CEState, p: int) -> list[float]:
    """`p`'s position, in the order of FEATURES."""
    track, posts, cards, goals = category_scores(st, p)
    n, tp, dem, level = st.n, st.tp, st.dem, st.level
    hand = st.cards[3 * p : 3 * p + 3]
    level2 = present = 0
    for c in range(st.comp.cities):
        here = tp[c * n + p]
        if here and level[c] == 2:
            level2 += here
        if here or dem[2 * c] == p or dem[2 * c + 1] == p:
            present += 1
    return [
        float(track),
        float(posts),
        float(cards),
        float(goals),
        *(float(position(st, 3 * p + k)) for k in range(3)),
        *(float(k) for k in hand),
        float(min(sum(hand), HAND)),
        float(st.left[p]),
        float(level2),
        float(dem.count(p)),
        float(origins(st, p)),
        goal_progress(st, p),
        float(present),
    ]


def load_model(path: Path = DATA_DIR / "value.json") -> dict[int, RoundModel]:
    """The fitted model, checked: the features it was fitted on are FEATURES, in order,
    and every round has its weights and a positive temperature."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as error:
        raise DataError(f"{path.name}: cannot read the value model: {error}") from error
    if not isinstance(data, dict) or not isinstance(data.get("source"), str):
        raise DataError(f"{path.name}: needs a 'source' saying how the model was fitted")
    if tuple(data.get("features", ())) != FEATURES:
        raise DataError(
            f"{path.name}: fitted on features {data.get('features')}, the code computes "
            f"{list(FEATURES)}; refit with scripts/ce_fit_value.py"
        )
    models = {}
    for r in range(1, ROUNDS + 1):
        entry = data.get("rounds", {}).get(str(r))
        if not isinstance(entry, dict):
            raise DataError(f"{path.name}: no model for round {r}")
        base, progress = entry.get("base"), entry.get("progress")
        temperature = entry.get("temperature")
        for name, weights in (("base", base), ("progress", progress)):
            if not isinstance(weights, list) or len(weights) != len(FEATURES):
                raise DataError(f"{path.name}: round {r}: '{name}' needs {len(FEATURES)} weights")
            if not all(isinstance(w, int | float) for w in weights):
                raise DataError(f"{path.name}: round {r}: '{name}' holds a non-number")
        if not isinstance(temperature, int | float) or temperature <= 0:
            raise DataError(f"{path.name}: round {r}: 'temperature' must be a positive number")
        models[r] = RoundModel(tuple(base), tuple(progress), float(temperature))  # type: ignore[arg-type]
    return models


@cache
def fitted() -> dict[int, RoundModel]:
    """The shipped model, read once (not at import: the fitting script runs without it)."""
    return load_model()


def expected_vp(st: CEState, model: dict[int, RoundModel] | None = None) -> list[float]:
    """Each player's expected final VP, up to a constant shared by the table."""
    m = (model or fitted())[st.round]
    done = st.turn / (st.n * st.turns)
    weights = [b + done * g for b, g in zip(m.base, m.progress, strict=True)]
    return [sum(w * x for w, x in zip(weights, features(st, p), strict=True)) for p in range(st.n)]


def evaluate_all(st: CEState, model: dict[int, RoundModel] | None = None) -> list[float]:
    """Each player's share of a win: the winners' at the end (CE-END-6..9), else the
    softmax of `expected_vp`."""
    if st.phase == PHASE_OVER:
        keys = ranking_keys(st, st.final or [])
        best = max(keys)
        winners = keys.count(best)
        return [1.0 / winners if k == best else 0.0 for k in keys[: st.n]]
    expected = expected_vp(st, model)
    top = max(expected)
    temperature = (model or fitted())[st.round].temperature
    weights = [math.exp((e - top) / temperature) for e in expected]
    total = sum(weights)
    return [w / total for w in weights]
