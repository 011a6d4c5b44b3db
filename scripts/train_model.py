"""Fit a model to self-play runs already played (`kaido selfplay`), with every training
setting at hand, and say where its policy disagrees with the targets on held-out games.

    python scripts/train_model.py runs/tm-h1 --out tm.npz --epochs 4 --hidden 512,512

`kaido train` plays, trains and measures in one resumable run; this script is its training
step alone, for trying settings on the same games. Prints each epoch's figures, then, on the
held-out games (one in `--holdout`, as training holds them out), how often the policy's best
legal move is the target's best, by the kind of the target's move.
"""

from __future__ import annotations

import argparse
import json
from collections import Counter
from pathlib import Path

import numpy as np

from kaido.core.actions import ActionTable
from kaido.games import get_game
from kaido.learn.model import Features, Network, read_network
from kaido.learn.selfplay import Dataset, SelfPlayStore
from kaido.learn.train import TrainSettings, load_game, train


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("data", nargs="+", help="self-play folders of one game and options")
    parser.add_argument("--out", required=True, help="the model file to write")
    parser.add_argument("--hidden", default="256,256", help="hidden layer widths")
    parser.add_argument("--epochs", type=int, default=10)
    parser.add_argument("--batch", type=int, default=256)
    parser.add_argument("--lr", type=float, default=1e-3, help="AdamW's learning rate")
    parser.add_argument("--weight-decay", type=float, default=0.01)
    parser.add_argument("--value-weight", type=float, default=1.0)
    parser.add_argument("--policy-weight", type=float, default=1.0, help="0: the value alone")
    parser.add_argument("--holdout", type=int, default=10, help="one game in this held out")
    parser.add_argument("--games", type=int, default=0, help="at most this many games a run")
    parser.add_argument("--positions", type=int, default=0, help="at most this many a game")
    parser.add_argument(
        "--winners", action="store_true", help="imitate the winning seats' moves only"
    )
    parser.add_argument(
        "--imitate",
        default="",
        metavar="SPEC",
        help="only the seats whose bot spec starts with SPEC (or one of SPEC,SPEC,...) teach "
        "the policy (e.g. mcts; mcts,policy with a teacher's labels)",
    )
    parser.add_argument(
        "--anchor",
        type=float,
        default=0.0,
        metavar="M",
        help="train the policy as policy:anchor=M plays it (logits + M at the heuristic's move)",
    )
    parser.add_argument(
        "--candidates",
        action="store_true",
        help="the policy's softmax over the moves a search considers, as the policy bot plays",
    )
    parser.add_argument(
        "--evaluation",
        action="store_true",
        help="the value head takes the game's evaluation as an input (a residual over it)",
    )
    parser.add_argument("--half", action="store_true", help="weight matrices as float16")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()

    settings = TrainSettings(
        hidden=tuple(int(size) for size in args.hidden.split(",")),
        epochs=args.epochs,
        batch=args.batch,
        learning_rate=args.lr,
        weight_decay=args.weight_decay,
        value_weight=args.value_weight,
        policy_weight=args.policy_weight,
        holdout=args.holdout,
        positions=args.positions,
        winners=args.winners,
        imitate=args.imitate,
        anchor=args.anchor,
        candidates=args.candidates,
        evaluation=args.evaluation,
        seed=args.seed,
    )
    stores = [SelfPlayStore(Path(folder)) for folder in args.data]
    plan = stores[0].plan()
    game = get_game(plan.game)
    parts = []
    for store in stores:
        indices = sorted(store.finished())
        chosen = store.games(indices[: args.games or None])
        parts += [load_game(d, settings, game, plan.options) for d in chosen]
    dataset = Dataset.join(parts, [Path(folder).name for folder in args.data])
    print(f"{len(parts)} games, {len(dataset):,} decisions, {dataset.features.shape[1]} inputs")
    header = Features(game, plan.options).header(game, plan.options)
    network, report = train(
        dataset, header, settings, lambda _epoch, row: print(json.dumps(_rounded(row)))
    )
    network.header["trained"]["selfplay"] = [store.plan().to_json() for store in stores]
    network.save(Path(args.out), half=args.half)
    print(f"kept epoch {report['kept_epoch']}; {report['train_cpu_seconds']} CPU s; {args.out}")
    table = game.action_table(plan.options)
    disagreements(read_network(Path(args.out)), dataset, settings.holdout, table, args.anchor)


def _rounded(row: dict[str, float]) -> dict[str, float]:
    return {key: round(value, 4) for key, value in row.items()}


def disagreements(
    network: Network, dataset: Dataset, holdout: int, table: ActionTable, anchor: float = 0.0
) -> None:
    """Held-out agreement of the policy's best legal move (with `anchor` added at the
    heuristic's move) with the target's, by the kind of the target's move (at the decisions
    with a target: a noisy bot's random move has none)."""
    rows = np.flatnonzero(dataset.games % holdout == holdout - 1)
    kinds = [action.kind for action in table]
    agree: Counter[str] = Counter()
    seen: Counter[str] = Counter()
    w, b = network.arrays["policy.w"], network.arrays["policy.b"]
    for chunk in np.array_split(rows, max(1, len(rows) // 4096)):
        h = network.hidden_output(dataset.features[chunk].astype(np.float32))
        logits = h @ w + b
        for k, row in enumerate(chunk):
            start, end = dataset.offsets[row], dataset.offsets[row + 1]
            if not dataset.targets[start:end].any():
                continue
            legal = dataset.legal[start:end]
            scores = logits[k, legal]
            if anchor and dataset.heuristic is not None:
                scores = scores + anchor * (legal == dataset.heuristic[row])
            target = legal[int(np.argmax(dataset.targets[start:end]))]
            kind = kinds[target]
            seen[kind] += 1
            agree[kind] += int(legal[int(np.argmax(scores))] == target)
    total = sum(seen.values())
    print(f"held-out agreement {sum(agree.values()) / max(total, 1):.1%} of {total:,}")
    for kind, count in seen.most_common():
        print(f"  {kind:16} {agree[kind] / count:6.1%} of {count:,}")


if __name__ == "__main__":
    main()
