"""Seeded random self-play with and without clans, invariants after every action (posts
conserved, cubes match the city levels, markers on existing spaces, final scores
recomputed). Big runs: `.venv/bin/python scripts/ce_selfplay.py --games 1000`."""

from __future__ import annotations

import pytest

from kaido.core.rng import Rng
from kaido.games.cargo_empire import GAME


def play(players: int, seed: int, clans: bool) -> int:
    st = GAME.setup(GAME.make_options(players=players, clans=clans), seed)
    rng = Rng(seed * 7 + players)
    fallbacks = 0
    while not GAME.is_over(st):
        legal = GAME.legal_actions(st)
        action = legal[rng.below(len(legal))]
        fallbacks += action.kind in ("refill", "take_three")
        GAME.apply(st, action, trusted=True)
        GAME.invariants(st)
    assert sum(st.left) == 0 and st.final is not None
    return fallbacks


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("clans", [False, True])
def test_random_games_keep_invariants(players: int, clans: bool) -> None:
    for seed in range(8):
        play(players, seed, clans)
