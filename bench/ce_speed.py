"""Cargo Empire engine speed: random games and decisions per second.

    .venv/bin/python bench/ce_speed.py --games 100 --runs 5

For 2, 3 and 4 players, plays `games` seeded games between random agents (no invariant
checks, actions trusted as `legal_actions` gave them; `--clans` for the clan variant)
`runs` times and prints the median games/s and decisions/s, by the wall clock and by the
process's CPU time (the figure that holds on a machine busy with other work).
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

from kaido.agents import RandomAgent
from kaido.core.match import play_out
from kaido.games import get_game


def one_run(players: int, games: int, first_seed: int, clans: bool) -> tuple[float, float, float]:
    game = get_game("cargo_empire")
    options = game.make_options(players=players, clans=clans)
    decisions = 0
    started, cpu = time.perf_counter(), time.process_time()
    for seed in range(first_seed, first_seed + games):
        state = game.setup(options, seed)
        agents = [RandomAgent(seed * 13 + p) for p in range(players)]
        decisions += len(play_out(game, state, agents))
    elapsed, cpu = time.perf_counter() - started, time.process_time() - cpu
    return games / elapsed, decisions / elapsed, decisions / cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--clans", action="store_true", help="play the clan variant")
    args = parser.parse_args()
    out = {}
    for players in (2, 3, 4):
        runs = [
            one_run(players, args.games, run * args.games, args.clans) for run in range(args.runs)
        ]
        out[f"{players}p"] = {
            "games_per_s": round(statistics.median(r[0] for r in runs), 1),
            "decisions_per_s": round(statistics.median(r[1] for r in runs)),
            "decisions_per_cpu_s": round(statistics.median(r[2] for r in runs)),
        }
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
