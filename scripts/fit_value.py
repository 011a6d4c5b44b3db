"""Fit a game's search evaluation (kaido/agents/fitted.py) to heuristic self-play and
write it to the game's data/value.json.

    .venv/bin/python scripts/fit_value.py --game forwarder_of_xanadu --games 1000 --jobs 2

Plays seeded games between heuristic bots; at every other decision it records each
player's features (the game's `value.VALUE.spec`) and, at the end, their final VP. For each
round it fits, by ridge least squares, weights (at the round's start, and their change to
its end) that predict a player's final VP above the table's mean from their features above
the mean, on four games in five; then the softmax temperature that best predicts the
winners. The fifth game is held out: the figures printed compare the fit with the
heuristic's own projection on it (how often each names the winner, and the winners'
log-likelihood). `--snapshots FILE` keeps the positions played (an .npz file) and, when
the file exists, fits on it instead of playing again: a model on fewer features (one taken
out of the game's FEATURES) is then fitted in seconds.
"""

from __future__ import annotations

import argparse
import importlib
import json
import subprocess
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any, NamedTuple

import numpy as np
from numpy.typing import NDArray
from rich.progress import Progress

from kaido.agents import make_agent
from kaido.agents.fitted import ValueSpec
from kaido.games import get_game

RIDGE = 0.01  # keeps collinear weights (cards by type and hand size) from running off
Array = NDArray[np.float64]


class Snapshot(NamedTuple):
    """A position of a heuristic game, one entry or row per player."""

    round: int
    done: float  # share of the round played
    features: Array
    projected: Array  # the heuristic's projection
    final: Array  # VP at the end of the game
    wins: Array  # share of the win


Played = list[tuple[int, Snapshot]]  # snapshots with their game's seed


def spec_of(game_id: str) -> ValueSpec:
    spec: ValueSpec = importlib.import_module(f"kaido.games.{game_id}.value").VALUE.spec
    return spec


def play(game_id: str, players: int, seed: int) -> list[Snapshot]:
    """One heuristic game's snapshots, at every other decision."""
    game, spec = get_game(game_id), spec_of(game_id)
    st = game.setup(game.make_options(players=players), seed)
    agents = [make_agent("heuristic", game, seed=seed * 10 + p) for p in range(players)]
    snapshots = []
    decision = 0
    while not game.is_over(st):
        if decision % 2 == 0:
            rows = np.array(spec.rows(st))
            projected = np.array(spec.baseline(st))
            snapshots.append((*spec.stage(st), rows, projected))
        decision += 1
        game.apply(st, agents[game.to_move(st)].choose(game, st), trusted=True)
    result = game.result(st)
    winners = np.array([1.0 if rank == 1 else 0.0 for rank in result.ranks])
    final = np.array([float(v) for v in result.scores])
    return [Snapshot(*s, final, winners / winners.sum()) for s in snapshots]


def _play(job: tuple[str, int, int]) -> list[Snapshot]:
    return play(*job)


def log_likelihood(predicted: Array, wins: Array, temperature: float) -> float:
    z = predicted / temperature
    z -= z.max(axis=1, keepdims=True)
    log_p = z - np.log(np.exp(z).sum(axis=1, keepdims=True))
    return float((wins * log_p).sum(axis=1).mean())


def best_temperature(predicted: Array, wins: Array) -> float:
    return max(np.arange(0.5, 30.0, 0.5), key=lambda t: log_likelihood(predicted, wins, t))


def named_winner(predicted: Array, wins: Array) -> float:
    """How often the highest prediction is a winner (a shared win counts its share)."""
    return float(wins[np.arange(len(wins)), predicted.argmax(axis=1)].mean())


def fit_round(
    data: list[Snapshot], held_out: NDArray[np.bool_], size: int
) -> tuple[dict[str, Any], str]:
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
    model = {
        "base": [round(float(w), 4) for w in weights[:size]],
        "progress": [round(float(w), 4) for w in weights[size:]],
        "temperature": float(temperature),
    }
    return model, report


def play_all(game_id: str, players: int, seeds: range, jobs: int) -> Played:
    """Every snapshot of the seeded games, with its game's seed."""
    out: Played = []
    with Progress() as progress, ProcessPoolExecutor(jobs) as pool:
        task = progress.add_task("heuristic games", total=len(seeds))
        tasks = [(game_id, players, seed) for seed in seeds]
        for seed, snapshots in zip(seeds, pool.map(_play, tasks, chunksize=4), strict=True):
            out += [(seed, snapshot) for snapshot in snapshots]
            progress.advance(task)
    return out


def save(path: Path, names: tuple[str, ...], played: Played, played_by: str) -> None:
    columns: dict[str, Any] = {
        field: np.array([getattr(s, field) for _, s in played]) for field in Snapshot._fields
    }
    columns["seed"] = np.array([seed for seed, _ in played])
    np.savez_compressed(path, names=np.array(names), played_by=np.array(played_by), **columns)


def load(path: Path, names: tuple[str, ...]) -> tuple[Played, str]:
    """The saved snapshots, their features cut down to `names` (which the file must hold),
    and the command that played them."""
    data = np.load(path)
    saved = [str(name) for name in data["names"]]
    missing = [name for name in names if name not in saved]
    if missing:
        raise SystemExit(f"{path}: no feature {', '.join(missing)}; play again without it")
    columns = [saved.index(name) for name in names]
    fields = {field: data[field] for field in Snapshot._fields}
    fields["features"] = fields["features"][:, :, columns]
    played = [
        (int(seed), Snapshot(*(fields[f][i] for f in Snapshot._fields)))
        for i, seed in enumerate(data["seed"])
    ]
    return played, str(data["played_by"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", required=True, choices=("forwarder_of_xanadu",), help="game id")
    parser.add_argument("--games", type=int, default=1500, help="heuristic games to fit on")
    parser.add_argument("--seed", type=int, default=100000, help="seed of the first game")
    parser.add_argument("--players", type=int, default=4, help="seats per game")
    parser.add_argument("--jobs", type=int, default=1, help="games played side by side")
    parser.add_argument("--out", help="where to write the model (default: the shipped one)")
    parser.add_argument("--snapshots", type=Path, help="an .npz file to keep the games in")
    args = parser.parse_args()
    spec = spec_of(args.game)
    if args.snapshots and args.snapshots.exists():
        played, played_by = load(args.snapshots, spec.features)
    else:
        commit = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=False
        ).stdout.strip()
        played_by = (
            f"scripts/fit_value.py --game {args.game} --games {args.games} --seed {args.seed} "
            f"--players {args.players} at commit {commit}"
        )
        played = play_all(
            args.game, args.players, range(args.seed, args.seed + args.games), args.jobs
        )
        if args.snapshots:
            save(args.snapshots, spec.features, played, played_by)
    by_round: dict[int, list[Snapshot]] = {r: [] for r in range(1, spec.rounds + 1)}
    games: dict[int, list[int]] = {r: [] for r in by_round}
    for seed, snapshot in played:
        by_round[snapshot.round].append(snapshot)
        games[snapshot.round].append(seed)
    model: dict[str, Any] = {
        "source": (
            f"fitted by {played_by}: ridge least squares ({RIDGE}) of each player's final "
            "VP above the table's mean on their features above the mean, heuristic "
            "self-play, one model per round; the temperature maximises the winners' "
            "likelihood"
        ),
        "features": list(spec.features),
        "rounds": {},
    }
    for r, data in by_round.items():
        held_out = np.array([seed % 5 == 0 for seed in games[r]])
        model["rounds"][str(r)], report = fit_round(data, held_out, len(spec.features))
        print(f"round {r}: {report}")
    out = args.out or spec.path
    with open(out, "w", encoding="utf-8") as file:
        file.write(json.dumps(model, indent=1) + "\n")
    print(f"written to {out}")


if __name__ == "__main__":
    main()
