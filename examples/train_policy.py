"""Train a small policy on any Kaido game with numpy alone, then check it beats random bots.

    pip install 'kaido[rl,report]'
    python examples/train_policy.py GAME --players 2 --episodes 1000 --out out/

The learner plays `kaido.env.KaidoEnv` against random bots, in a seat that changes every
game. The policy is linear: a score for each action from the observation vector, a softmax
over the legal actions only. It learns by REINFORCE with a running-mean baseline from the
final reward (1 alone first, -1 last). Before training (when it is as good as a random
player) and every `--eval-every` games it plays `--eval-games` fixed-seed test games; the
win rates with their 95% intervals are printed and drawn with the learning curve in
`OUT/learning-curve.png` (the figures in `OUT/learning-curve.json`).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

import numpy as np

from kaido.env import KaidoEnv
from kaido.tournament.ratings import wilson


class LinearPolicy:
    """Action scores `W @ x + b`, a softmax over the legal actions."""

    def __init__(self, actions: int, features: int, rng: np.random.Generator) -> None:
        self.weights = rng.normal(0.0, 0.01, (actions, features)).astype(np.float32)
        self.bias = np.zeros(actions, dtype=np.float32)

    def probabilities(self, x: np.ndarray, legal: np.ndarray) -> np.ndarray:
        scores = self.weights[legal] @ x + self.bias[legal]
        scores -= scores.max()
        weights = np.exp(scores)
        result: np.ndarray = weights / weights.sum()
        return result

    def learn(self, x: np.ndarray, legal: np.ndarray, taken: int, step: float) -> None:
        """One REINFORCE step: raise the log-probability of `taken` by `step`."""
        gradient = -self.probabilities(x, legal)
        gradient[taken] += 1.0
        self.weights[legal] += step * np.outer(gradient, x)
        self.bias[legal] += step * gradient


def play(
    env: KaidoEnv, policy: LinearPolicy, seed: int, rng: np.random.Generator
) -> tuple[float, list[tuple[np.ndarray, np.ndarray, int]]]:
    """One game, each action sampled from the policy."""
    x, info = env.reset(seed=seed)
    steps: list[tuple[np.ndarray, np.ndarray, int]] = []
    over, reward = False, 0.0
    while not over:
        legal = np.flatnonzero(info["action_mask"])
        p = policy.probabilities(x, legal)
        taken = int(rng.choice(len(legal), p=p))
        steps.append((x, legal, taken))
        x, reward, over, _, info = env.step(legal[taken])
    return float(reward), steps


def evaluate(envs: list[KaidoEnv], policy: LinearPolicy, games: int) -> dict[str, float]:
    """Win rate in `games` fixed-seed games, the learner's seat rotating."""
    wins, rng = 0, np.random.default_rng(2**31)
    for number in range(games):
        reward, _ = play(envs[number % len(envs)], policy, 1_000_000 + number, rng)
        wins += reward == 1.0
    low, high = wilson(wins, games)
    return {"win_rate": wins / games, "low": low, "high": high}


def train(args: argparse.Namespace) -> dict[str, Any]:
    options = {"players": args.players}
    envs = [KaidoEnv(args.game, options, seat=s) for s in range(args.players)]
    rng = np.random.default_rng(args.seed)
    size = envs[0].observation_space.shape[0]
    policy = LinearPolicy(int(envs[0].action_space.n), size, rng)
    before = evaluate(envs, policy, args.eval_games)
    baseline, rewards, curve = 0.0, [], []
    for episode in range(args.episodes):
        reward, steps = play(envs[episode % len(envs)], policy, args.seed + episode, rng)
        for x, legal, taken in steps:
            policy.learn(x, legal, taken, args.learning_rate * (reward - baseline))
        baseline += 0.01 * (reward - baseline)
        rewards.append(reward)
        if (episode + 1) % args.eval_every == 0 or episode + 1 == args.episodes:
            curve.append((episode + 1, evaluate(envs, policy, args.eval_games)))
            print(f"episode {episode + 1}: win rate {curve[-1][1]['win_rate']:.1%}", flush=True)
    return {"before": before, "after": curve[-1][1], "curve": curve, "rewards": rewards}


def draw(results: dict[str, Any], args: argparse.Namespace, path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots(figsize=(8, 4.5))
    rewards = np.asarray(results["rewards"])
    window = max(1, min(100, len(rewards) // 10))
    smooth = np.convolve(rewards, np.ones(window) / window, mode="valid")
    axes.plot(
        np.arange(window, len(rewards) + 1),
        (smooth + 1) / 2,
        alpha=0.5,
        label=f"training games: mean (reward+1)/2 over {window}",
    )
    episodes = [0] + [episode for episode, _ in results["curve"]]
    evals = [results["before"]] + [value for _, value in results["curve"]]
    rates = [e["win_rate"] for e in evals]
    below = [rate - e["low"] for rate, e in zip(rates, evals, strict=True)]
    above = [e["high"] - rate for rate, e in zip(rates, evals, strict=True)]
    errors = [below, above]
    axes.errorbar(
        episodes,
        rates,
        yerr=errors,
        marker="o",
        capsize=3,
        label=f"win rate in {args.eval_games} test games (95%)",
    )
    axes.axhline(1 / args.players, color="grey", linestyle="--", label="a random player's share")
    axes.set(
        xlabel="training games",
        ylabel="win rate",
        ylim=(0, 1),
        title=f"{args.game}, {args.players} players: linear policy against random bots",
    )
    axes.legend(loc="lower right")
    figure.tight_layout()
    figure.savefig(path, dpi=110)
    plt.close(figure)


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--episodes", type=int, default=1000)
    parser.add_argument("--eval-every", type=int, default=100)
    parser.add_argument("--eval-games", type=int, default=200)
    parser.add_argument("--learning-rate", type=float, default=0.01)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, default=Path("out"))
    args = parser.parse_args(argv)
    results = train(args)
    args.out.mkdir(parents=True, exist_ok=True)
    draw(results, args, args.out / "learning-curve.png")
    (args.out / "learning-curve.json").write_text(json.dumps(results, indent=1))
    before, after = results["before"], results["after"]
    print(f"before training: {before['win_rate']:.1%} ({before['low']:.1%}-{before['high']:.1%})")
    print(f"after training:  {after['win_rate']:.1%} ({after['low']:.1%}-{after['high']:.1%})")
    print(f"a random player's share: {1 / args.players:.1%}")
    return results


if __name__ == "__main__":
    main()
