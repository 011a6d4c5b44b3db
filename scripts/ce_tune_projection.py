"""Tune the weights of Cargo Empire's projection by self-play (SPSA), as the `tuned` weights of
kaido/games/cargo_empire/data/projection.toml were found.

    .venv/bin/python scripts/ce_tune_projection.py --iterations 600 --games 32 --jobs 2 \\
        --log ce-tune.jsonl

Each weight is the written one times exp(x); x starts at 0. An iteration perturbs every x
by +-c at random (simultaneous perturbation), plays `games` 4-player deals twice, once with
each perturbed set, one seat looking ahead with them against three `heuristic` bots (the
seat goes round the table; both sets meet the same deals and seats), and steps x along the
difference of the seat's mean VP margin over the others. Every iteration is a line of the
log; run the same command again to go on from its last line. Prints the weights at the end.

`--depth N` tunes the look-ahead that finishes each move's turn by its own look-ahead N
levels deep (the heuristic's `depth=N`), and `--start tuned` starts from the shipped tuned
weights:

    .venv/bin/python scripts/ce_tune_projection.py --depth 1 --start tuned --iterations 400 \\
        --log ce-tune-greedy.jsonl
"""

from __future__ import annotations

import argparse
import json
import math
import random
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from rich.progress import Progress

from kaido.agents import make_agent
from kaido.core.actions import Action
from kaido.core.game import Game
from kaido.core.match import Match
from kaido.core.rng import Rng
from kaido.games import get_game
from kaido.games.cargo_empire.board import PROJECTION_PARTS
from kaido.games.cargo_empire.bots import TUNED, WRITTEN, heuristic_move

GAME = get_game("cargo_empire")
STEP, PERTURBATION, STABILITY = 0.04, 0.25, 20  # SPSA's a, c and A (Spall's gains)
LIMIT = 2.5  # |x| at most: no weight leaves e^-2.5..e^2.5 times the written one


class Weighted:
    """The heuristic's look-ahead with other weights (a chooser for Match)."""

    def __init__(self, weights: tuple[float, ...], seed: int, depth: int) -> None:
        self.weights, self.rng, self.depth = weights, Rng(seed), depth

    def choose(self, game: Game[Any], state: Any) -> Action:
        return heuristic_move(game, state, self.rng, True, self.weights, depth=self.depth)


def margin(weights: tuple[float, ...], seed: int, depth: int = 0) -> float:
    """The weighted seat's VP over the mean of three heuristic bots' in the deal `seed`."""
    seat = seed % 4
    match = Match(GAME, GAME.make_options(players=4), seed)
    choosers: list[Any] = [make_agent("heuristic", GAME, seed * 8 + p) for p in range(4)]
    choosers[seat] = Weighted(weights, seed * 8 + seat, depth)
    while not match.is_over:
        match.play(choosers[match.to_move].choose(GAME, match.state))
    scores = GAME.result(match.state).scores
    return scores[seat] - (sum(scores) - scores[seat]) / 3


def weights_of(x: list[float]) -> tuple[float, ...]:
    return tuple(w * math.exp(v) for w, v in zip(WRITTEN, x, strict=True))


def resume(log: Path, start: tuple[float, ...]) -> tuple[int, list[float]]:
    """The next iteration and x after the log's last line (0 and `start`'s x)."""
    lines = log.read_text().splitlines() if log.exists() else []
    if not lines:
        return 0, [math.log(w / written) for w, written in zip(start, WRITTEN, strict=True)]
    last = json.loads(lines[-1])
    return last["iteration"] + 1, last["x"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--iterations", type=int, default=600, help="iterations in all (the shipped run's 600)"
    )
    parser.add_argument("--games", type=int, default=32, help="deals per iteration")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes")
    parser.add_argument("--seed", type=int, default=1_000_000, help="the first deal")
    parser.add_argument(
        "--depth", type=int, default=0, help="the look-ahead's depth (the heuristic's `depth`)"
    )
    parser.add_argument(
        "--start", choices=("written", "tuned"), default="written", help="the weights to start from"
    )
    parser.add_argument(
        "--log", type=Path, default=Path("ce-tune.jsonl"), help="a line an iteration; resumed"
    )
    args = parser.parse_args()
    start, x = resume(args.log, TUNED if args.start == "tuned" else WRITTEN)
    depth = [args.depth] * args.games
    with ProcessPoolExecutor(args.jobs) as pool, Progress() as progress, args.log.open("a") as log:
        task = progress.add_task("SPSA", total=args.iterations, completed=start)
        for k in range(start, args.iterations):
            perturbation = PERTURBATION / (k + 1) ** 0.101
            step = STEP / (k + 1 + STABILITY) ** 0.602
            signs = [random.Random(k * 64 + i).choice((-1, 1)) for i in range(len(x))]
            plus = weights_of([v + perturbation * s for v, s in zip(x, signs, strict=True)])
            minus = weights_of([v - perturbation * s for v, s in zip(x, signs, strict=True)])
            deals = range(args.seed + k * args.games, args.seed + (k + 1) * args.games)
            up = sum(pool.map(margin, [plus] * len(deals), deals, depth)) / len(deals)
            down = sum(pool.map(margin, [minus] * len(deals), deals, depth)) / len(deals)
            gradient = (up - down) / (2 * perturbation)
            x = [
                max(-LIMIT, min(LIMIT, v + step * gradient * s))
                for v, s in zip(x, signs, strict=True)
            ]
            line = {"iteration": k, "plus": up, "minus": down, "x": x}
            log.write(json.dumps(line) + "\n")
            log.flush()
            progress.update(task, completed=k + 1)
    for part, weight in zip(PROJECTION_PARTS, weights_of(x), strict=True):
        print(f"{part} = {weight:.3f}")


if __name__ == "__main__":
    main()
