"""Seeded self-play at 3 and 4 players with invariants checked after every action:
cards (95 resource, 25 development) conserved, pieces within limits, points and road
lengths recomputed from scratch equal to the running totals (`GAME.invariants`). The pure
Python run plays a quarter of the seeds, the compiled run all (tests/games/samples.py)."""

from __future__ import annotations

from typing import Any

import pytest

from kaido.agents import MCTSAgent, RandomAgent
from kaido.agents.base import Agent
from kaido.games.catan import GAME
from kaido.games.catan.actions import DOMESTIC_KINDS
from kaido.games.catan.agents import HeuristicAgent
from tests.games.samples import seeds

RANDOM_GAMES = 1000
CHUNK = 100
HEURISTIC_MCTS_GAMES = 200
MAX_STEPS = 300_000


def play_checked(players: int, seed: int, agents: list[Agent]) -> Any:
    state = GAME.setup(GAME.make_options(players=players), seed)
    GAME.invariants(state)
    steps = 0
    while not GAME.is_over(state):
        action = agents[GAME.to_move(state)].choose(GAME, state)
        GAME.apply(state, action, trusted=True)
        GAME.invariants(state)
        steps += 1
        assert steps < MAX_STEPS, f"seed {seed}: no end after {MAX_STEPS} actions"
    result = GAME.result(state)
    assert result.ranks.count(1) == 1 and result.scores[state.winner] >= 10
    return state


def random_agents(players: int, seed: int) -> list[Agent]:
    """Every tenth game the random players also make, answer and counter domestic
    offers; the others play like the speed benchmark, without opening offers."""
    avoid = () if seed % 10 == 0 else DOMESTIC_KINDS
    return [RandomAgent(seed * 7 + p, avoid=avoid) for p in range(players)]


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("chunk", range(RANDOM_GAMES // CHUNK))
def test_random_self_play(players: int, chunk: int) -> None:
    for seed in seeds(chunk * CHUNK, CHUNK):
        play_checked(players, seed, random_agents(players, seed))


@pytest.mark.parametrize("chunk", range(4))
def test_heuristic_and_mcts_self_play(chunk: int) -> None:
    per_chunk = HEURISTIC_MCTS_GAMES // 4
    for game in seeds(chunk * per_chunk, per_chunk):
        players = 3 + game % 2
        seat = game % players
        agents: list[Agent] = [HeuristicAgent(game * 5 + p) for p in range(players)]
        agents[seat] = MCTSAgent(game, iterations=8, rollout=6, worlds=2, widen=1.0)
        play_checked(players, 10_000 + game, agents)
