"""Seeded self-play with and without clans, invariants after every action (posts
conserved, cubes match the city levels, markers on existing spaces, final scores
recomputed). Samples only; the big runs are `.venv/bin/python scripts/ce_selfplay.py`."""

from __future__ import annotations

import pytest

from kaido.agents import make_agent
from kaido.games.cargo_empire import GAME


def play(
    players: int,
    seed: int,
    clans: bool,
    bot: str = "random",
    tracks: str = "basic",
    board: str = "europe",
) -> int:
    """One game between `bot` agents ('random' or 'heuristic'); the fallbacks it saw."""
    options = GAME.make_options(players=players, clans=clans, tracks=tracks, map=board)
    st = GAME.setup(options, seed)
    agents = [make_agent(bot, GAME, seed=seed * 10 + p) for p in range(players)]
    fallbacks = 0
    while not GAME.is_over(st):
        action = agents[GAME.to_move(st)].choose(GAME, st)
        fallbacks += action.kind in ("refill", "take_three")
        GAME.apply(st, action, trusted=bot == "random")
        GAME.invariants(st)
    assert sum(st.left) == 0 and st.final is not None
    return fallbacks


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("clans", [False, True])
def test_random_games_keep_invariants(players: int, clans: bool) -> None:
    for seed in range(8):
        play(players, seed, clans)


@pytest.mark.parametrize(("players", "clans"), [(2, True), (3, False), (5, True)])
@pytest.mark.parametrize("tracks", ["advanced", "mixed"])
def test_advanced_track_games_keep_invariants(players: int, clans: bool, tracks: str) -> None:
    """CE-XV-7: advanced tracks with any player count, with and without clans."""
    for seed in range(6):
        play(players, seed, clans, tracks=tracks)


@pytest.mark.parametrize(
    ("players", "clans", "tracks"),
    [(2, False, "basic"), (3, True, "basic"), (5, True, "advanced"), (4, False, "mixed")],
)
def test_dior_games_keep_invariants(players: int, clans: bool, tracks: str) -> None:
    """CE-XV-7: the Dior map alone and with clans, five players and advanced tracks."""
    for seed in range(6):
        play(players, seed, clans, tracks=tracks, board="dior")


@pytest.mark.parametrize(
    ("players", "clans", "tracks", "board"),
    [
        (2, False, "basic", "europe"),
        (4, True, "basic", "europe"),
        (5, False, "advanced", "europe"),
        (3, True, "mixed", "dior"),
        (4, False, "basic", "dior"),
    ],
)
def test_heuristic_games_keep_invariants(
    players: int, clans: bool, tracks: str, board: str
) -> None:
    play(players, 3, clans, "heuristic", tracks, board)
