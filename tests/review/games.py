"""Records to review: the golden games (random bots) and games between heuristic bots."""

from __future__ import annotations

from typing import Any

from kaido.agents import RandomAgent, make_agent
from kaido.core.game import Game
from kaido.core.match import Match
from kaido.core.records import Record


def golden_record(game: Game[Any], players: int, seed: int, steps: int) -> Record:
    """The first `steps` actions of a golden game (tests/golden: the same bots, seeds)."""
    match = Match(game, game.make_options(players=players), seed, keep_history=False)
    agents = [RandomAgent(seed * 101 + p) for p in range(players)]
    while not match.is_over and len(match.actions) < steps:
        match.play(agents[match.to_move].choose(game, match.state), narrate=False, trusted=True)
    return match.record()


def heuristic_record(game: Game[Any], players: int, seed: int) -> Record:
    """A whole game between the game's heuristic bots (greedy ones in a game without), a
    little noisy (so that the review finds moves worse than the bot's)."""
    match = Match(game, game.make_options(players=players), seed, keep_history=False)
    kind = "heuristic" if "heuristic" in game.agent_kinds else "greedy"
    bots = [make_agent(f"{kind}:noise=0.1", game, seed * 7 + p) for p in range(players)]
    while not match.is_over:
        match.play(bots[match.to_move].choose(game, match.state), narrate=False, trusted=True)
    return match.record()
