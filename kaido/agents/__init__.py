"""Game-independent agents, and `make_agent` to build one from a command-line spec.

A spec is a kind with optional settings: `random`, `greedy`, `mcts:time=0.2`,
`ismcts:iterations=400:c=1.0`; every kind also takes `noise=P`, a random legal action
with probability P instead of its own (`heuristic:noise=0.2`). A game may add kinds of
its own (`heuristic`) through its `agent_kinds`. A developer's own bot is a spec too:
`MODULE:CLASS` (a subclass of `Agent`, settings after it: `mybots:Careful:depth=2`), a
kind registered by `register_agent` (the command line's `--register-bot
KIND=MODULE:CLASS`) or an installed package's entry point in the group `kaido.agents`.
"""

from __future__ import annotations

import functools
import importlib
import sys
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any

from kaido.agents.base import Agent
from kaido.agents.mcts import ISMCTSAgent, MCTSAgent
from kaido.agents.settings import NAME, parse_settings
from kaido.agents.simple import GreedyAgent, NoisyAgent, RandomAgent
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
    "NoisyAgent",
    "RandomAgent",
    "agent_kinds",
    "load_agent_class",
    "make_agent",
    "parse_spec",
    "register_agent",
]


LEARNT = {"policy": "kaido.learn.agents:PolicyAgent"}
"""Kinds of `kaido.learn`, imported only when a spec names them (learn builds on agents)."""

REGISTERED: dict[str, str] = {}
"""Kinds added at run time (`register_agent`): kind -> 'module:Class'."""


def agent_kinds(game: Game[Any]) -> dict[str, str]:
    """Every agent kind playable in `game`: kind -> 'module:Class'."""
    kinds = {kind: f"{cls.__module__}:{cls.__name__}" for kind, cls in GENERIC.items()}
    kinds.update(LEARNT)
    kinds.update(_plugin_kinds())
    kinds.update(REGISTERED)
    kinds.update(game.agent_kinds)
    return kinds


@functools.cache
def _plugin_kinds() -> dict[str, str]:
    """Agent kinds installed packages offer (entry points `kaido.agents`). Read once: the
    scan reads every installed package's metadata (milliseconds), and a server makes an
    agent for each bot seat it resumes or starts."""
    return {point.name: point.value for point in entry_points(group="kaido.agents")}


def register_agent(kind: str, target: str) -> None:
    """Offer the agent class `target` ('module:Class') as `kind` in every game."""
    if not NAME.fullmatch(kind) or kind in GENERIC or kind in LEARNT:
        raise KaidoError(f"a bot kind is a new lower-case name, not {kind!r}")
    load_agent_class(target)
    REGISTERED[kind] = target


def load_agent_class(target: str) -> type[Agent]:
    """The class 'module:Class' names, checked to be an Agent; a KaidoError says what is
    wrong. Modules are also looked for in the current directory, as Python itself does."""
    module_name, sep, attribute = target.partition(":")
    if not sep or not module_name or not attribute:
        raise KaidoError(f"a bot class is MODULE:CLASS, got {target!r}")
    if "" not in sys.path and str(Path.cwd()) not in sys.path:
        sys.path.append(str(Path.cwd()))
    try:
        module = importlib.import_module(module_name)
    except ImportError as error:
        raise KaidoError(f"cannot import {module_name!r} for bot {target!r}: {error}") from None
    cls = getattr(module, attribute, None)
    if not (isinstance(cls, type) and issubclass(cls, Agent)):
        raise KaidoError(f"{target!r} is not an agent class (a subclass of kaido.agents.Agent)")
    return cls


def agent_seed(game_seed: int, seat: int) -> int:
    """Each seat's bot gets its own seed, derived from the game's."""
    return (game_seed * 1_000_003 + seat * 7919 + 1) % (1 << 62)


def parse_spec(spec: str, game: Game[Any]) -> tuple[str, type[Agent], dict[str, Any]]:
    """A spec such as `mcts:time=0.2` as (kind, agent class, settings), each setting
    checked and typed (`noise` among them, for any kind); a KaidoError says what is
    wrong."""
    kind, cls, settings = _parsed(spec.strip(), game, frozenset(REGISTERED.items()))
    return kind, cls, dict(settings)


@functools.lru_cache(maxsize=256)
def _parsed(
    spec: str, game: Game[Any], registered: frozenset[tuple[str, str]]
) -> tuple[str, type[Agent], dict[str, Any]]:
    """`parse_spec`'s answer, kept (for the kinds `registered` at the time): a server makes
    an agent for every decision of a bot that answers at once, and reading its spec cost
    more than the bot's choice."""
    kind, *parts = spec.split(":")
    kinds = agent_kinds(game)
    if kind in kinds:
        cls = load_agent_class(kinds[kind])
    elif parts and "=" not in parts[0]:  # MODULE:CLASS, then its settings
        kind, cls, parts = f"{kind}:{parts[0]}", load_agent_class(f"{kind}:{parts[0]}"), parts[1:]
    else:
        raise KaidoError(
            f"no agent {kind!r} for {game.id} (agents: {', '.join(kinds)}, or MODULE:CLASS)"
        )
    noisy = [p for p in parts if p.partition("=")[0] == NOISE]
    settings = parse_settings(kind, cls, [p for p in parts if p not in noisy])
    settings.update(parse_settings(kind, NoisyAgent, noisy))
    return kind, cls, settings


NOISE = "noise"


def make_agent(spec: str, game: Game[Any], seed: int) -> Agent:
    """The agent a spec such as `mcts:time=0.2` describes, seeded with `seed`."""
    kind, cls, settings = parse_spec(spec, game)
    noise = settings.pop(NOISE, None)
    try:
        agent: Agent = cls(seed=seed, **settings)
        if noise is not None:
            agent = NoisyAgent(agent, noise, seed=seed ^ 0x5EED)
    except ValueError as error:
        raise KaidoError(f"bad settings for agent {kind!r}: {error}") from None
    return agent
