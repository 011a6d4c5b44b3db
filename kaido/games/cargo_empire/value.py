"""Cargo Empire's search evaluation: each player's share of a win, from a linear model of
the final VP fitted to heuristic self-play (kaido/agents/fitted.py).

`features` describes a player's position (VP by category as it stands, track markers,
cards, posts, goal progress); `scripts/fit_value.py --game cargo_empire` writes the
weights of each round to `data/value.json`.

Why fitted, not hand-set: the heuristic's `projection` hardly predicts the winner before
round 3 (in 1,500 heuristic games at 4 players it named the winner of a round-1 position
28% of the time, chance being 25%; the fitted model 35.5%), and a search valued by
it barely beat the heuristic it is built on (bench/README.md).
"""

from __future__ import annotations

from kaido.agents.fitted import FittedValue, ValueSpec
from kaido.games.cargo_empire.board import DATA_DIR
from kaido.games.cargo_empire.bots import HAND, goal_progress, origins, projection
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


def rows(st: CEState) -> list[list[float]]:
    return [features(st, p) for p in range(st.n)]


def stage(st: CEState) -> tuple[int, float]:
    """The round and the share of its turns taken."""
    return st.round, st.turn / (st.n * st.turns)


VALUE = FittedValue(
    ValueSpec(
        game="cargo_empire",
        features=FEATURES,
        rows=rows,
        rounds=ROUNDS,
        stage=stage,
        baseline=lambda st: [projection(st, p) for p in range(st.n)],
        path=DATA_DIR / "value.json",
    )
)


def evaluate_all(st: CEState) -> list[float]:
    """Each player's share of a win: the winners' at the end (CE-END-6..9), else the
    fitted model's (`VALUE.shares`)."""
    if st.phase == PHASE_OVER:
        keys = ranking_keys(st, st.final or [])
        best = max(keys)
        winners = keys.count(best)
        return [1.0 / winners if k == best else 0.0 for k in keys[: st.n]]
    return VALUE.shares(st)
