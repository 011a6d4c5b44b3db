"""Seeded self-play: 1,000 random games at each player count, and 100 games with the
heuristic and MCTS agents; invariants are checked after every action (workers, rubles,
x2 tokens and tiles conserved, line reach, round scores recomputed). The pure Python run
plays a quarter of the seeds, the compiled run all (tests/games/samples.py)."""

from __future__ import annotations

from typing import Any

import pytest

from kaido.agents import RandomAgent, make_agent
from kaido.agents.base import Agent
from kaido.games.russian_railroads import GAME
from kaido.games.russian_railroads.markers import VALUE, reach
from kaido.games.russian_railroads.state import LOCO, PHASE_OVER, RRState
from tests.games.samples import seeds

CHUNK = 250


def play_checked(players: int, seed: int, agents: list[Agent]) -> RRState:
    state = GAME.setup(GAME.make_options(players=players), seed)
    GAME.invariants(state)
    steps = 0
    while not GAME.is_over(state):
        action = agents[GAME.to_move(state)].choose(GAME, state)
        GAME.apply(state, action, trusted=True)  # conformance checks legality itself
        GAME.invariants(state)
        steps += 1
        assert steps < 5000, "a game must end"
    assert state.phase == PHASE_OVER and state.round == state.rounds
    for b in state.boards:  # a line's reach is the sum of its locos
        assert reach(b, 0) == VALUE[b[LOCO]] + VALUE[b[LOCO + 1]]
    return state


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("chunk", range(1000 // CHUNK))
def test_random_games_keep_invariants(players: int, chunk: int) -> None:
    for seed in seeds(chunk * CHUNK, CHUNK):
        agents: list[Agent] = [RandomAgent(seed * 7 + p) for p in range(players)]
        result = GAME.result(play_checked(players, seed, agents))
        assert min(result.ranks) == 1


def _bots(players: int, seed: int) -> list[Agent]:
    strategies = ("balanced", "transsib", "industry")
    agents: list[Any] = [
        make_agent(f"heuristic:strategy={strategies[seed % 3]}", GAME, seed),
        make_agent("mcts:iterations=12:rollout=8:worlds=1", GAME, seed + 1),
    ]
    agents += [RandomAgent(seed * 5 + p) for p in range(players - 2)]
    shift = seed % players  # rotate the seats
    return agents[shift:] + agents[:shift]


@pytest.mark.parametrize("block", range(10))
def test_heuristic_and_mcts_games_keep_invariants(block: int) -> None:
    for seed in seeds(block * 10, 10):
        players = 2 + seed % 3
        state = play_checked(players, 10_000 + seed, _bots(players, seed))
        assert GAME.result(state).scores


def test_heuristic_beats_random_players() -> None:
    """A sanity check of strength (the benchmark in bench/ measures it properly)."""
    wins = 0
    for seed in range(6):
        agents: list[Agent] = [make_agent("heuristic", GAME, seed)]
        agents += [RandomAgent(seed * 3 + p) for p in range(3)]
        wins += GAME.result(play_checked(4, 20_000 + seed, agents)).ranks[0] == 1
    assert wins >= 5


def test_heuristic_strategy_from_an_agent_spec() -> None:
    agent = make_agent("heuristic:strategy=industry", GAME, 1)
    assert agent.describe() == "heuristic(strategy=industry)"
    with pytest.raises(Exception, match="strategy"):
        make_agent("heuristic:strategy=nonsense", GAME, 1)


def test_evaluate_all_matches_evaluate() -> None:
    """Search agents score a leaf for every player at once; it must agree with `evaluate`."""
    from tests.conformance.play import sampled_states

    for players in (2, 4):
        for state in sampled_states(GAME, players, seed=players, every=11):
            values = GAME.evaluate_all(state)
            assert values == pytest.approx([GAME.evaluate(state, p) for p in range(players)])
