"""Helpers for the conformance checks: seeded random self-play with every state kept."""

from __future__ import annotations

import pickle
from typing import Any

from kaido.agents import RandomAgent, make_agent
from kaido.core.game import Game
from kaido.core.match import Match
from kaido.core.options import Options


def self_play(game: Game[Any], players: int, seed: int, *, check: bool = True) -> Match:
    """A random game, invariants checked after every action when `check`."""
    options = game.make_options(players=players)
    match = Match(game, options, seed, keep_history=False)
    agents = [RandomAgent(seed * 31 + p) for p in range(players)]
    game.invariants(match.state)
    while not match.is_over:
        action = agents[match.to_move].choose(game, match.state)
        match.play(action, narrate=False, trusted=True)
        if check:
            game.invariants(match.state)
    return match


def sampled_states(game: Game[Any], players: int, seed: int, every: int = 7) -> list[Any]:
    """Copies of every `every`-th state of a random game (the first and last included)."""
    return played_states(game, game.make_options(players=players), seed, "random", every)


def played_states(
    game: Game[Any], options: Options, seed: int, agent: str = "random", every: int = 7
) -> list[Any]:
    """Copies of every `every`-th state of a game between `agent` bots (the first and last
    included)."""
    match = Match(game, options, seed, keep_history=False)
    agents = [make_agent(agent, game, seed * 17 + p) for p in range(int(options["players"]))]
    states = [match.state.copy()]
    step = 0
    while not match.is_over:
        match.play(agents[match.to_move].choose(game, match.state), narrate=False, trusted=True)
        step += 1
        if step % every == 0:
            states.append(match.state.copy())
    states.append(match.state.copy())
    return states


def fingerprint(state: Any) -> bytes:
    """Every bit of a state, to prove that something did not change it."""
    return pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL)


def all_views(game: Game[Any], state: Any) -> list[Any]:
    return [game.view(state, p) for p in [None, *range(game.num_players(state))]]
