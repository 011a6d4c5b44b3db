"""How many MCTS iterations fit in a decision's CPU budget, so strength runs can fix the
iteration count and give the same search whatever the machine's load.

    .venv/bin/python bench/mcts_budget.py cargo_empire mcts:rollout=0 --players 4
    .venv/bin/python bench/mcts_budget.py traveling_merchants mcts --budget 0.2

Plays `--games` seeded games between `heuristic` bots; at every `--every`-th decision that
has a choice, the MCTS spec (with `iterations=--probe` added) decides the same position, and
its process time is measured. Prints the iterations per CPU second over all probes and the
iteration count that spends `--budget` seconds a decision. Pin the process to one core on
a quiet machine (`taskset -c 0`): the process clock still counts time lost to cache misses
when other processes share the core.
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

from kaido.agents import make_agent
from kaido.core.game import Game
from kaido.games import get_game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", help="game id, e.g. cargo_empire")
    parser.add_argument("spec", help="the MCTS spec without its budget, e.g. mcts:rollout=0")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=2, help="seeded games to sample from")
    parser.add_argument("--every", type=int, default=5, help="probe every Nth decision")
    parser.add_argument("--probe", type=int, default=200, help="iterations a probe runs")
    parser.add_argument("--budget", type=float, default=0.2, help="CPU seconds a decision")
    args = parser.parse_args()

    game = get_game(args.game)
    options = game.make_options(players=args.players)
    rates: list[float] = []
    for seed in range(args.games):
        state = game.setup(options, seed)
        bots = [make_agent("heuristic", game, seed * 7 + p) for p in range(args.players)]
        for decision in range(100_000):
            if game.is_over(state):
                break
            legal = game.legal_actions(state)
            if len(legal) > 1 and decision % args.every == 0:
                rates.append(_rate(game, state, args.spec, args.probe, seed + decision))
            action = bots[game.to_move(state)].choose(game, state)
            game.apply(state, action)
    per_second = statistics.median(rates)
    print(f"{len(rates)} probes of {args.probe} iterations: median {per_second:,.0f} it/s")
    print(f"iterations={round(per_second * args.budget)} spends {args.budget} s a decision")


def _rate(game: Game[Any], state: Any, spec: str, probe: int, seed: int) -> float:
    """Iterations per CPU second of one decision of `spec` at `state`."""
    agent = make_agent(f"{spec}:iterations={probe}", game, seed)
    started = time.process_time()
    agent.choose(game, state.copy())
    return probe / max(time.process_time() - started, 1e-9)


if __name__ == "__main__":
    main()
