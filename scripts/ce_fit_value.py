"""Fit Cargo Empire's search evaluation (kaido/games/cargo_empire/value.py) to heuristic
self-play and write it to kaido/games/cargo_empire/data/value.json.

    .venv/bin/python scripts/ce_fit_value.py --games 1500 --seed 100000 [--players 4]

Plays seeded games between heuristic bots; at every other decision it records each
player's `features` and, at the end, their final VP. For each round it fits, by ridge
least squares, weights (at the round's first turn, and their change to its last) that
predict a player's final VP above the table's mean from their features above the mean,
on four games in five; then the softmax temperature that best predicts the winners. The
fifth game is held out: the figures printed compare the fit with the heuristic's
`projection` on it (how often each names the winner, and the winners' log-likelihood).
"""

from __future__ import annotations

import argparse
import json
import subprocess
from pathlib import Path
from typing import Any, NamedTuple

import numpy as np
from numpy.typing import NDArray
from rich.progress import Progress

from kaido.agents import make_agent
from kaido.games import get_game
from kaido.games.cargo_empire.bots import projection
from kaido.games.cargo_empire.state import ROUNDS
from kaido.games.cargo_empire.value import FEATURES, features

OUT = Path(__file__).parent.parent / "kaido/games/cargo_empire/data/value.json"
RIDGE = 0.01  # keeps collinear weights (cards by type and hand size) from running off
Array = NDArray[np.float64]


class Snapshot(NamedTuple):
    """A position of a heuristic game, one entry or row per player."""

    round: int
    done: float  # share of the round's turns taken
    features: Array
    projected: Array  # the heuristic's `projection`
    final: Array  # VP at the end of the game
    wins: Array  # share of the win


def play(players: int, seed: int) -> list[Snapshot]:
    """One heuristic game's snapshots, at every other decision."""
    game = get_game("cargo_empire")
    st = game.setup(game.make_options(players=players), seed)
    agents = [make_agent("heuristic", game, seed=seed * 10 + p) for p in range(players)]
    snapshots = []
    decision = 0
    while not game.is_over(st):
        if decision % 2 == 0:
            rows = np.array([features(st, p) for p in range(players)])
            projected = np.array([projection(st, p) for p in range(players)])
            snapshots.append((st.round, st.turn / (st.n * st.turns), rows, projected))
        decision += 1
        game.apply(st, agents[game.to_move(st)].choose(game, st), trusted=True)
    winners = np.array([1.0 if rank == 1 else 0.0 for rank in game.result(st).ranks])
    final = np.array([float(sum(s)) for s in st.final or []])
    wins = winners / winners.sum()
    return [Snapshot(*s, final, wins) for s in snapshots]


def log_likelihood(predicted: Array, wins: Array, temperature: float) -> float:
    z = predicted / temperature
    z -= z.max(axis=1, keepdims=True)
    log_p = z - np.log(np.exp(z).sum(axis=1, keepdims=True))
    return float((wins * log_p).sum(axis=1).mean())


def best_temperature(predicted: Array, wins: Array) -> float:
    return max(np.arange(1.0, 30.0, 0.5), key=lambda t: log_likelihood(predicted, wins, t))


def named_winner(predicted: Array, wins: Array) -> float:
    """How often the highest prediction is a winner (a shared win counts its share)."""
    return float(wins[np.arange(len(wins)), predicted.argmax(axis=1)].mean())


def fit_round(data: list[Snapshot], held_out: NDArray[np.bool_]) -> tuple[dict[str, Any], str]:
    done = np.array([d.done for d in data])
    x = np.stack([d.features for d in data])  # snapshot, player, feature
    x = np.concatenate([x, x * done[:, None, None]], axis=2)
    x -= x.mean(axis=1, keepdims=True)
    final = np.stack([d.final for d in data])
    final -= final.mean(axis=1, keepdims=True)
    wins = np.stack([d.wins for d in data])
    projected = np.stack([d.projected for d in data])
    train = ~held_out
    a = x[train].reshape(-1, x.shape[2])
    y = final[train].reshape(-1)
    weights = np.linalg.solve(a.T @ a + RIDGE * len(y) * np.eye(a.shape[1]), a.T @ y)
    predicted = x @ weights
    temperature = best_temperature(predicted[train], wins[train])
    t_projection = best_temperature(projected[train], wins[train])
    report = (
        f"held-out snapshots {int(held_out.sum())}: winner named "
        f"{named_winner(predicted[held_out], wins[held_out]):.3f} (projection "
        f"{named_winner(projected[held_out], wins[held_out]):.3f}), log-likelihood "
        f"{log_likelihood(predicted[held_out], wins[held_out], temperature):.4f} (projection "
        f"{log_likelihood(projected[held_out], wins[held_out], t_projection):.4f}), "
        f"temperature {temperature}"
    )
    k = len(FEATURES)
    model = {
        "base": [round(float(w), 4) for w in weights[:k]],
        "progress": [round(float(w), 4) for w in weights[k:]],
        "temperature": temperature,
    }
    return model, report


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1500, help="heuristic games to fit on")
    parser.add_argument("--seed", type=int, default=100000, help="seed of the first game")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--out", type=Path, default=OUT, help="where to write the model")
    args = parser.parse_args()
    by_round: dict[int, list[Snapshot]] = {r: [] for r in range(1, ROUNDS + 1)}
    games: dict[int, list[int]] = {r: [] for r in by_round}
    with Progress() as progress:
        task = progress.add_task("heuristic games", total=args.games)
        for seed in range(args.seed, args.seed + args.games):
            for snapshot in play(args.players, seed):
                by_round[snapshot.round].append(snapshot)
                games[snapshot.round].append(seed)
            progress.advance(task)
    commit = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=False
    ).stdout.strip()
    model: dict[str, Any] = {
        "source": (
            f"fitted by scripts/ce_fit_value.py --games {args.games} --seed {args.seed} "
            f"--players {args.players} at commit {commit}: ridge least squares ({RIDGE}) of "
            "each player's final VP above the table's mean on their features above the mean, "
            "heuristic self-play, one model per round; the temperature maximises the "
            "winners' likelihood"
        ),
        "features": list(FEATURES),
        "rounds": {},
    }
    for r, data in by_round.items():
        held_out = np.array([seed % 5 == 0 for seed in games[r]])
        model["rounds"][str(r)], report = fit_round(data, held_out)
        print(f"round {r}: {report}")
    args.out.write_text(json.dumps(model, indent=1) + "\n", encoding="utf-8")
    print(f"written to {args.out}")


if __name__ == "__main__":
    main()
