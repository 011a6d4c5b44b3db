"""Every agent of every game is reproducible: its choices are a function of the state, its
seed and its own history, never of what other agents (or earlier searches) ran before."""

from __future__ import annotations

from typing import Any

import pytest

from kaido.agents import LEARNT, agent_kinds, make_agent
from kaido.core.game import Game
from kaido.core.rng import Rng
from tests.conformance.play import sampled_states
from tests.conftest import GAMES

BUDGET = "iterations=24:rollout=2"
GENERIC_SPECS = (
    "random",
    "greedy",
    f"mcts:{BUDGET}:worlds=2",
    f"ismcts:{BUDGET}",
    f"mcts:{BUDGET}:worlds=2:others=policy",
)
"""Budgets in iterations: a budget in seconds makes a search depend on the machine. Play-outs
of two steps draw from the search's generator as longer ones do (a search sharing one
generator fails here on the tiny game at either length), at a quarter of their cost: with
eight, Forwarder's heuristic play-outs made this file 6.5 of the suite's 73 minutes of test
time."""
NOISE_BUDGET = "iterations=4:rollout=2"
"""The noise's searches: the same kinds of agent and the same code (worlds dealt, trees grown,
play-outs, replies under `others=policy`), drawing from their generators at every step, on a
sixth of the budget (at the full budget the noise alone cost Forwarder's `random` 8 s)."""


def agent_specs(game: Game[Any]) -> list[str]:
    """The generic specs and the game's own kinds; the learnt kinds need a model (their
    reproducibility is checked in tests/learn with a model made for the test)."""
    game_kinds = sorted(
        set(agent_kinds(game)) - {"random", "greedy", "mcts", "ismcts"} - set(LEARNT)
    )
    return [*GENERIC_SPECS, *game_kinds]


def noise_specs(game: Game[Any]) -> list[str]:
    """The agents that think between the tested agent's turns: every spec of the game, the
    searches on the noise's budget."""
    return [spec.replace(BUDGET, NOISE_BUDGET) for spec in agent_specs(game)]


def spec_params() -> list[Any]:
    return [
        pytest.param(game, spec, id=f"{game.id}-{spec}")
        for game in GAMES
        for spec in agent_specs(game)
    ]


def positions(game: Game[Any], players: int, seed: int, spread: int = 6) -> list[Any]:
    """Positions of a random game: the first of each kind of decision (the kinds of the
    legal actions, and whether there are more than three), and `spread` others."""
    states = [s for s in sampled_states(game, players, seed, every=1) if not game.is_over(s)]
    seen: set[tuple[frozenset[str], bool]] = set()
    firsts, rest = [], []
    for state in states:
        legal = game.legal_actions(state)
        shape = (frozenset(a.kind for a in legal), len(legal) > 3)
        (rest if shape in seen else firsts).append(state)
        seen.add(shape)
    return firsts + rest[:: max(1, len(rest) // spread)][:spread]


@pytest.mark.parametrize(("game", "spec"), spec_params())
def test_same_seed_same_choices_whatever_ran_before(game: Game[Any], spec: str) -> None:
    """Two agents with one spec and seed see the same positions in the same order; between
    their turns other agents (other seeds, other kinds) think about other positions. Both
    must choose alike at every position."""
    players = game.player_counts[-1]
    seen = positions(game, players, seed=0)
    others = positions(game, players, seed=1)
    first, second = make_agent(spec, game, 21), make_agent(spec, game, 21)
    noise = [make_agent(s, game, 99) for s in noise_specs(game)]
    for i, state in enumerate(seen):
        chosen = first.choose(game, state.copy())
        other = others[i % len(others)]
        if not game.is_over(other):
            noise[i % len(noise)].choose(game, other.copy())
        assert second.choose(game, state.copy()) is chosen, f"position {i}: {spec} differs"


@pytest.mark.parametrize("game", [pytest.param(g, id=g.id) for g in GAMES])
def test_search_hooks_are_functions_of_the_state(game: Game[Any]) -> None:
    """What a search is offered to consider, and how its play-outs move, depend on the
    position and the play-out's generator only: asked again, the game answers alike."""
    players = game.player_counts[-1]
    for seed in range(3):
        for state in sampled_states(game, players, seed, every=1):
            legal = game.legal_actions(state)
            if not legal:
                continue
            considered = list(game.search_actions(state, legal))
            moved = [game.rollout_action(state, legal, Rng(k)) for k in range(3)]
            for _ in range(2):
                assert list(game.search_actions(state, legal)) == considered
                assert [game.rollout_action(state, legal, Rng(k)) for k in range(3)] == moved
