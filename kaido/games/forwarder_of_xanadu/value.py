"""Forwarder of Xanadu's search evaluation: each player's share of a win, from a linear
model of the final VP fitted to heuristic self-play (kaido/agents/fitted.py).

`features` describes a player's position: VP so far, what the settlements would pay as the
gauges stand, the final skill as it stands, the heuristic's score of its plans (how close
its best requests are), and what it grows and holds. `scripts/fit_value.py --game
forwarder_of_xanadu` writes the weights of each round to `data/value.json`.
"""

from __future__ import annotations

from typing import Any, Final

from kaido.agents.fitted import FittedValue, ValueSpec
from kaido.core.game import Game
from kaido.games.forwarder_of_xanadu.board import AREAS, DATA, DATA_DIR
from kaido.games.forwarder_of_xanadu.bots import potentials
from kaido.games.forwarder_of_xanadu.engine import (
    DAILY_VP_K,
    MAJORITY_K,
    PORT,
    REQUEST_VP_K,
    SETUP,
    WORKER,
    WORKER_K,
    final_skill,
    ranking,
)
from kaido.games.forwarder_of_xanadu.plans import Plans
from kaido.games.forwarder_of_xanadu.state import GROW, OVER, PICK, REFILL, FXState

FEATURES: Final[tuple[str, ...]] = (
    "vp",  # VP so far
    "mid_areas",  # the mid settlement's VP as the gauges stand, until it is paid (FX-MID-1)
    "final_areas",  # the final settlement's area VP as they stand (FX-FINAL-2)
    "final_skill",  # the company's final skill as it stands (FX-FINAL-1)
    "leftovers",  # dispatched workers left (FX-FINAL-3)
    "plans",  # the heuristic's score of its best requests (plans.py)
    "workers",  # workers left this round
    "worker_cell",  # the worker cell grown: an extra worker every round (FX-GROW-2)
    "cells",  # growth cells filled, all tracks
    "tokens_left",  # share tokens still to place
    "port_cubes",  # resources at the port
    "district_cubes",  # resources out in the districts
    "fine_cubes",  # resources of the two upper grades, anywhere
    "hand",  # skill cards in hand
    "request_skill",  # permanent +VP a request
    "daily_skill",  # permanent +VP a daily
    "majority_skill",  # permanent +VP an area led at a settlement
    "worker_skill",  # permanent extra workers
    "dailies_done",
    # the company (one of five, each 1 or 0): what its skills are worth beyond the above
    *(f"company_{c.id}" for c in DATA.companies),
)


def _areas(s: FXState) -> tuple[list[float], list[float]]:
    """The mid and final settlements' area VP for each player as the gauges stand."""
    mid, final = [0.0] * s.n, [0.0] * s.n
    mid_open = s.round <= SETUP["mid_round"]
    for area in range(AREAS):
        cls = DATA.classes[area]
        if cls:
            for place, q in enumerate(ranking(s, area)[:2]):
                final[q] += SETUP["final_vp"][cls - 1][place]
                if mid_open:
                    mid[q] += SETUP["mid_vp"][cls - 1][place]
    return mid, final


def features(s: FXState, p: int, areas: tuple[list[float], list[float]]) -> list[float]:
    """`p`'s position, in the order of FEATURES, given the table's settlement VP (`_areas`)."""
    mid, final = areas
    wh = s.wh[p * AREAS * 3 : (p + 1) * AREAS * 3]
    port = sum(wh[PORT * 3 : PORT * 3 + 3])
    perm = s.perm[p * 8 : p * 8 + 8]
    return [
        float(s.vp[p]),
        mid[p],
        final[p],
        float(final_skill(s, p)),
        float(s.disp_avail[p]),
        Plans.of(s, p).score(),
        float(s.workers[p]),
        float(s.cells[p * 5 + WORKER] > 0),
        float(sum(s.cells[p * 5 : p * 5 + 5])),
        float(s.tokens_left[p]),
        float(port),
        float(sum(wh) - port),
        float(sum(wh[1::3]) + sum(wh[2::3])),
        float(len(s.hands[p])),
        float(perm[REQUEST_VP_K]),
        float(perm[DAILY_VP_K]),
        float(perm[MAJORITY_K]),
        float(perm[WORKER_K]),
        float(s.dailies_done[p]),
        *(float(s.company[p] == c.index) for c in DATA.companies),
    ]


def stage(s: FXState) -> tuple[int, float]:
    """The round and the share of its workers placed (1 once its turns are over)."""
    if s.phase in (GROW, REFILL, PICK):
        return s.round, 1.0
    if s.round == 1:
        full = SETUP["start_workers"] * s.n
    else:
        bonus = DATA.worker_bonus
        full = sum(
            SETUP["refill_workers"]
            + (bonus if s.cells[q * 5 + WORKER] else 0)
            + s.perm[q * 8 + WORKER_K]
            for q in range(s.n)
        )
    return s.round, min(1.0, max(0.0, 1.0 - sum(s.workers) / full))


def rows(s: FXState) -> list[list[float]]:
    """Every player's features, the settlements ranked once."""
    areas = _areas(s)
    return [features(s, p, areas) for p in range(s.n)]


VALUE: Final = FittedValue(
    ValueSpec(
        game="forwarder_of_xanadu",
        features=FEATURES,
        rows=rows,
        rounds=SETUP["rounds"],
        stage=stage,
        baseline=potentials,
        path=DATA_DIR / "value.json",
    )
)


def evaluate_all(game: Game[Any], s: FXState) -> list[float]:
    """Each player's share of a win: the winners' at the end (FX-TIE-1), else the fitted
    model's (`VALUE.shares`)."""
    if s.phase == OVER:
        return game.result(s).win_shares
    return VALUE.shares(s)
