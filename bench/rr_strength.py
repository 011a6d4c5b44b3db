"""Russian Railroads bot strength, played with `kaido.core.match` (not a CI test).

    .venv/bin/python bench/rr_strength.py heuristic-vs-random --games 200 --jobs 2
    .venv/bin/python bench/rr_strength.py mcts-vs-heuristic --games 100 --jobs 2

Seats rotate from game to game. Prints the first bot's win rate (a shared first place
counts as a win), its average score, and its average score in the games it won.
"""

from __future__ import annotations

import argparse
import json
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from kaido.agents import make_agent
from kaido.core.match import Match, play_out
from kaido.games import get_game

MATCHUPS = {
    "heuristic-vs-random": ["heuristic", "random", "random", "random"],
    "mcts-vs-heuristic": [
        "mcts:time=0.2:worlds=1:rollout=0:c=0.5",
        "heuristic",
        "heuristic",
        "heuristic",
    ],
}


def play_one(specs: list[str], seed: int) -> dict[str, Any]:
    """Game `seed`: the bot of specs[0] sits in seat seed % 4, the others after it."""
    game = get_game("russian_railroads")
    players = len(specs)
    shift = seed % players
    seats = specs[-shift:] + specs[:-shift] if shift else specs[:]
    hero = shift
    match = Match(game, game.make_options(players=players), seed, keep_history=False)
    agents = [make_agent(spec, game, seed * 10 + i) for i, spec in enumerate(seats)]
    started = time.perf_counter()
    play_out(game, match.state, agents)
    result = game.result(match.state)
    return {
        "seed": seed,
        "won": result.ranks[hero] == 1,
        "score": result.scores[hero],
        "scores": list(result.scores),
        "seconds": time.perf_counter() - started,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("matchup", choices=sorted(MATCHUPS))
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--seed", type=int, default=0, help="first seed")
    parser.add_argument("--hero", default=None, help="replace the first bot's spec")
    args = parser.parse_args()
    specs = MATCHUPS[args.matchup][:]
    if args.hero:
        specs[0] = args.hero
    seeds = range(args.seed, args.seed + args.games)
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        games = list(pool.map(play_one, [specs] * len(seeds), seeds))
    wins = [g for g in games if g["won"]]
    summary = {
        "matchup": specs,
        "games": len(games),
        "win_rate": len(wins) / len(games),
        "average_score": sum(g["score"] for g in games) / len(games),
        "average_winning_score": sum(g["score"] for g in wins) / len(wins) if wins else None,
        "seconds_per_game": sum(g["seconds"] for g in games) / len(games),
    }
    print(json.dumps(summary, indent=2))


if __name__ == "__main__":
    main()
