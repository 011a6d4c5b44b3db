"""Which predicts a game's winner better on held-out positions: a model's value head, or the
game's own evaluation (`Game.evaluate_all`, what today's search values its leaves by with
`rollout=0`)?

    python scripts/compare_values.py runs/tm-h1 --model tm-v8.npz --games 400 --positions 16

Replays the held-out games of a self-play run (one in `--holdout`, as training holds them
out) by their stored moves, checking each stored encoding on the way, and at `--positions`
evenly spaced decisions of each game values the position both ways, the seats counted from
the mover. The evaluation's numbers are not probabilities: a softmax of `k * value + b` (the
seats' offsets `b`, the mover's first) is fitted to the results of `--calibrate` training
games first, so both are compared as forecasts of the winner: the cross-entropy to the
game's shares of a win (ln P for a uniform guess) and how often the favourite wins, by
thirds of the game; then the two calibrated together (does the value head add to the
evaluation?). The evaluation values the mover's determinized world (its view, the
hidden parts re-dealt), as the search does.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

import numpy as np
from scipy.optimize import minimize

from kaido.games import get_game
from kaido.learn.model import Network, read_network
from kaido.learn.selfplay import GameData, SelfPlayStore, evaluations, seat_relative


def evaluated(
    game: Any, options: Any, data: GameData, count: int, seed: int
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The evaluation's values (mover first) at `count` evenly spaced decisions, the
    decisions' features, their progress through the game (0 to 1) and the shares of a win
    (mover first)."""
    rows = np.unique(np.linspace(0, data.decisions - 1, count).round().astype(int))
    values = evaluations(game, options, data, rows, seed)
    shares = seat_relative(data.shares, data.movers[rows])
    progress = rows / max(data.decisions - 1, 1)
    return values, data.features[rows].astype(np.float32), progress, shares


def collect(
    game: Any, options: Any, store: SelfPlayStore, indices: list[int], count: int
) -> dict[str, np.ndarray]:
    parts = [evaluated(game, options, d, count, 7) for d in store.games(indices)]
    keys = ("evaluation", "features", "progress", "shares")
    return {key: np.concatenate([p[k] for p in parts]) for k, key in enumerate(keys)}


def log_softmax(logits: np.ndarray) -> np.ndarray:
    shifted = logits - logits.max(axis=1, keepdims=True)
    result: np.ndarray = shifted - np.log(np.exp(shifted).sum(axis=1, keepdims=True))
    return result


def calibrate(inputs: list[np.ndarray], shares: np.ndarray) -> np.ndarray:
    """A softmax's weights of `inputs` (each one number a seat) and the seats' offsets (the
    mover's 0) that best forecast `shares`."""
    fitted: np.ndarray = minimize(
        lambda params: loss(forecast(params, inputs), shares),
        np.zeros(len(inputs) + shares.shape[1] - 1),
        method="Nelder-Mead",
        options={"maxiter": 4000},
    ).x
    return fitted


def forecast(params: np.ndarray, inputs: list[np.ndarray]) -> np.ndarray:
    """The logits of a calibrated forecast (`calibrate`'s parameters)."""
    logits = sum(w * x for w, x in zip(params, inputs, strict=False))
    return np.asarray(logits) + np.concatenate([[0.0], params[len(inputs) :]])


def loss(logits: np.ndarray, shares: np.ndarray) -> float:
    return float(-(shares * log_softmax(logits)).sum(axis=1).mean())


def report(name: str, logits: np.ndarray, shares: np.ndarray, progress: np.ndarray) -> None:
    losses = -(shares * log_softmax(logits)).sum(axis=1)
    wins = shares[np.arange(len(shares)), logits.argmax(axis=1)]
    cells = [f"{losses.mean():.3f} / {wins.mean():.1%}"]
    for low, high in ((0, 1 / 3), (1 / 3, 2 / 3), (2 / 3, 1.01)):
        part = (progress >= low) & (progress < high)
        cells.append(f"{losses[part].mean():.3f} / {wins[part].mean():.1%}")
    print(f"| {name} | " + " | ".join(cells) + " |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("data", help="a self-play folder")
    parser.add_argument("--model", action="append", default=[], help="model files to compare")
    parser.add_argument("--games", type=int, default=400, help="held-out games replayed")
    parser.add_argument("--calibrate", type=int, default=400, help="training games to fit on")
    parser.add_argument("--positions", type=int, default=24, help="positions a game")
    parser.add_argument("--holdout", type=int, default=10)
    args = parser.parse_args()

    store = SelfPlayStore(Path(args.data))
    plan = store.plan()
    game, options = get_game(plan.game), plan.options
    finished = sorted(store.finished())
    held = [i for i in finished if i % args.holdout == args.holdout - 1][: args.games]
    train = [i for i in finished if i % args.holdout != args.holdout - 1][: args.calibrate]
    fit = collect(game, options, store, train, args.positions)
    test = collect(game, options, store, held, args.positions)
    params = calibrate([fit["evaluation"]], fit["shares"])
    players = test["shares"].shape[1]
    print(f"{len(held)} held-out games, {len(test['shares'])} positions; evaluation fitted on")
    print(f"{len(train)} games: scale {params[0]:.2f}, seat offsets {np.round(params[1:], 3)}")
    print(f"uniform guess: {np.log(players):.3f}\n")
    print("| forecast | all: loss / favourite wins | first third | second | last |")
    print("| --- | --- | --- | --- | --- |")
    report("evaluation (calibrated)", forecast(params, [test["evaluation"]]), *_rest(test))
    for name in args.model:
        network = read_network(Path(name))
        report(Path(name).name, value_logits(network, test), *_rest(test))
        both = calibrate([fit["evaluation"], value_logits(network, fit)], fit["shares"])
        mixed = forecast(both, [test["evaluation"], value_logits(network, test)])
        report(f"evaluation and {Path(name).name}, calibrated together", mixed, *_rest(test))


def value_logits(network: Network, part: dict[str, np.ndarray]) -> np.ndarray:
    """The value head's logits (the seats counted from the mover), with the evaluation's
    term for a model that takes it as an input."""
    arrays = network.arrays
    result: np.ndarray = network.hidden_output(part["features"]) @ arrays["value.w"]
    result = result + arrays["value.b"]
    if "value.evaluation" in arrays:
        result = result + arrays["value.evaluation"] * part["evaluation"]
    return result


def _rest(part: dict[str, np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
    return part["shares"], part["progress"]


if __name__ == "__main__":
    main()
