"""How strong Kaido's Catan bots are: one bot against three others, seats rotated.

    .venv/bin/python bench/catan_strength.py heuristic random --games 200
    .venv/bin/python bench/catan_strength.py mcts:time=0.2 heuristic --games 100 --workers 1

The first agent spec plays one seat (rotated game by game), the second fills the other
three. Agents are built with `kaido.agents.make_agent` from the same specs the command
line uses, and games are played through `kaido.core.match.Match`. Each finished game is
appended as one JSON line to `--out` (so a long run can be followed, or resumed with the
same file); the summary gives the win rate with a 95% Wilson interval.
"""

from __future__ import annotations

import argparse
import json
import math
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from kaido.agents import make_agent
from kaido.core.match import Match
from kaido.games import get_game


def play_one(spec: str, others: str, players: int, game_index: int, seed: int) -> dict[str, Any]:
    game = get_game("catan")
    options = game.make_options(players=players)
    seat = game_index % players
    agents = [
        make_agent(spec if p == seat else others, game, seed * 1000 + game_index * 10 + p)
        for p in range(players)
    ]
    match = Match(game, options, seed + game_index, keep_history=False)
    start = time.perf_counter()
    while not match.is_over:
        match.play(agents[match.to_move].choose(game, match.state), narrate=False, trusted=True)
    result = game.result(match.state)
    return {
        "game": game_index,
        "seat": seat,
        "won": result.ranks[seat] == 1,
        "scores": list(result.scores),
        "turns": match.state.turns,
        "seconds": round(time.perf_counter() - start, 2),
    }


def wilson(wins: int, games: int) -> tuple[float, float]:
    if not games:
        return 0.0, 0.0
    z = 1.96
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return centre - half, centre + half


def main() -> None:
    parser = argparse.ArgumentParser(description="one Catan bot against three others")
    parser.add_argument("agent", help="the agent measured, e.g. heuristic or mcts:time=0.2")
    parser.add_argument("others", help="the agent in the other seats, e.g. random")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--out", type=Path, default=None, help="JSON-lines file of games")
    args = parser.parse_args()
    done: list[dict[str, Any]] = []
    if args.out and args.out.exists():
        done = [json.loads(line) for line in args.out.read_text().splitlines() if line]
    todo = [i for i in range(args.games) if i not in {d["game"] for d in done}]
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        futures = [
            pool.submit(play_one, args.agent, args.others, args.players, i, args.seed) for i in todo
        ]
        for future in futures:
            row = future.result()
            done.append(row)
            if args.out:
                with args.out.open("a") as handle:
                    handle.write(json.dumps(row) + "\n")
            wins = sum(d["won"] for d in done)
            print(f"game {row['game']}: won={row['won']} ({wins}/{len(done)})", flush=True)
    wins = sum(d["won"] for d in done)
    low, high = wilson(wins, len(done))
    print(
        f"{args.agent} vs 3x {args.others}: {wins}/{len(done)} wins "
        f"({100 * wins / max(1, len(done)):.1f}%, 95% CI {100 * low:.0f}-{100 * high:.0f}%)"
    )


if __name__ == "__main__":
    main()
