"""Game-independent agents, and `make_agent` to build one from a command-line spec.

A spec is a kind with optional settings: `random`, `greedy`, `mcts:time=0.2`,
`ismcts:iterations=400:c=1.0`. A game may add kinds of its own (`heuristic`) through its
`agent_kinds`.
"""

from __future__ import annotations

import importlib
from typing import Any

from kaido.agents.base import Agent
from kaido.agents.mcts import ISMCTSAgent, MCTSAgent
from kaido.agents.settings import parse_settings
from kaido.agents.simple import GreedyAgent, RandomAgent
from kaido.core.errors import KaidoError
from kaido.core.game import Game

GENERIC: dict[str, type[Agent]] = {
    "random": RandomAgent,
    "greedy": GreedyAgent,
    "mcts": MCTSAgent,
    "ismcts": ISMCTSAgent,
}

__all__ = [
    "GENERIC",
    "Agent",
    "GreedyAgent",
    "ISMCTSAgent",
    "MCTSAgent",
    "RandomAgent",
    "agent_kinds",
    "make_agent",
    "parse_spec",
]


def agent_kinds(game: Game[Any]) -> dict[str, str]:
    """Every agent kind playable in `game`: kind -> 'module:Class' or a generic class name."""
    kinds = {kind: f"{cls.__module__}:{cls.__name__}" for kind, cls in GENERIC.items()}
    kinds.update(game.agent_kinds)
    return kinds


def agent_seed(game_seed: int, seat: int) -> int:
    """Each seat's bot gets its own seed, derived from the game's."""
    return (game_seed * 1_000_003 + seat * 7919 + 1) % (1 << 62)


def parse_spec(spec: str, game: Game[Any]) -> tuple[str, type[Agent], dict[str, Any]]:
    """A spec such as `mcts:time=0.2` as (kind, agent class, settings), each setting
    checked and typed; a KaidoError says what is wrong."""
    kind, *parts = spec.strip().split(":")
    kinds = agent_kinds(game)
    if kind not in kinds:
        raise KaidoError(f"no agent {kind!r} for {game.id} (agents: {', '.join(kinds)})")
    module, _, attribute = kinds[kind].partition(":")
    cls = getattr(importlib.import_module(module), attribute)
    return kind, cls, parse_settings(kind, cls, parts)


def make_agent(spec: str, game: Game[Any], seed: int) -> Agent:
    """The agent a spec such as `mcts:time=0.2` describes, seeded with `seed`."""
    kind, cls, settings = parse_spec(spec, game)
    try:
        agent: Agent = cls(seed=seed, **settings)
    except ValueError as error:
        raise KaidoError(f"bad settings for agent {kind!r}: {error}") from None
    return agent
