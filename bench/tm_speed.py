"""The Era of Traveling Merchants engine speed: random games and decisions per second.

    .venv/bin/python bench/tm_speed.py --games 20 --runs 3

For 2, 3 and 4 players, plays `games` seeded games between random agents (no invariant
checks, actions trusted as `legal_actions` gave them) `runs` times and prints the median
games/s and decisions/s (the goal of issue 16: 50,000 decisions/s on one core).
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

from kaido.agents import RandomAgent
from kaido.core.match import play_out
from kaido.games import get_game


def one_run(players: int, games: int, first_seed: int) -> tuple[float, float]:
    game = get_game("traveling_merchants")
    options = game.make_options(players=players)
    decisions = 0
    started = time.perf_counter()
    for seed in range(first_seed, first_seed + games):
        state = game.setup(options, seed)
        agents = [RandomAgent(seed * 13 + p) for p in range(players)]
        decisions += len(play_out(game, state, agents))
    elapsed = time.perf_counter() - started
    return games / elapsed, decisions / elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    out = {}
    for players in (2, 3, 4):
        runs = [one_run(players, args.games, run * args.games) for run in range(args.runs)]
        out[f"{players}p"] = {
            "games_per_s": round(statistics.median(r[0] for r in runs), 2),
            "decisions_per_s": round(statistics.median(r[1] for r in runs)),
        }
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
