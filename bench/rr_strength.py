"""Russian Railroads bot strength, played with `kaido.core.match` (not a CI test).

    .venv/bin/python bench/rr_strength.py heuristic-vs-random --games 200 --jobs 2
    .venv/bin/python bench/rr_strength.py mcts-vs-heuristic --games 100 --jobs 1 --out mcts.jsonl

Seats rotate from game to game. Prints the first bot's win rate (a shared first place
counts as a win) with its 95% Wilson interval, its average score, and its average score
in the games it won; `--out FILE` also writes one JSON line per game.
"""

from __future__ import annotations

import argparse
import json
import math
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from kaido.agents import make_agent
from kaido.core.match import Match, play_out
from kaido.games import get_game

MATCHUPS = {
    "heuristic-vs-random": ["heuristic", "random", "random", "random"],
    "mcts-vs-heuristic": [
        "mcts:time=0.2:worlds=1:rollout=0:c=0.25",
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


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate."""
    if not games:
        return (0.0, 1.0)
    rate = wins / games
    centre = rate + z * z / (2 * games)
    spread = z * math.sqrt(rate * (1 - rate) / games + z * z / (4 * games * games))
    scale = 1 + z * z / games
    return ((centre - spread) / scale, (centre + spread) / scale)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("matchup", choices=sorted(MATCHUPS))
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--seed", type=int, default=0, help="first seed")
    parser.add_argument("--hero", default=None, help="replace the first bot's spec")
    parser.add_argument("--out", default=None, help="write one JSON line per game here")
    args = parser.parse_args()
    specs = MATCHUPS[args.matchup][:]
    if args.hero:
        specs[0] = args.hero
    seeds = range(args.seed, args.seed + args.games)
    games: list[dict[str, Any]] = []
    out = open(args.out, "w", encoding="utf-8") if args.out else None  # noqa: SIM115
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for g in pool.map(play_one, [specs] * len(seeds), seeds):
            games.append(g)
            if out:  # as the games finish, so an interrupted run keeps what it played
                out.write(json.dumps(g) + "\n")
                out.flush()
    if out:
        out.close()
    wins = [g for g in games if g["won"]]
    low, high = wilson(len(wins), len(games))
    summary = {
        "matchup": specs,
        "games": len(games),
        "wins": len(wins),
        "win_rate": len(wins) / len(games),
        "win_rate_95": [round(low, 3), round(high, 3)],
        "average_score": sum(g["score"] for g in games) / len(games),
        "average_winning_score": sum(g["score"] for g in wins) / len(wins) if wins else None,
        "seconds_per_game": sum(g["seconds"] for g in games) / len(games),
    }
    print(json.dumps(summary, indent=2))


if __name__ == "__main__":
    main()
