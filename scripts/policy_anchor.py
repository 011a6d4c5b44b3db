"""How a policy model agrees with a bot's moves on held-out games, alone and anchored on the
game's heuristic (`policy:anchor=MARGIN`), to choose the margin on data the model never saw.

    python scripts/policy_anchor.py runs/rr-search.npz runs/rr-mix --imitate mcts

Replays the held-out games of self-play folders (one in `--holdout` by their order, as
`scripts/train_model.py` holds them out) and, at each decision of the seats whose spec
starts with `--imitate`, compares the target's best move (the move played, or the search's
most visited) with the heuristic's move and the model's: the policy alone, and anchored with
each margin of `--margins` (`kaido.learn.agents.anchored_choice`), among the moves the
policy bot chooses among (a search's candidates and the heuristic's). Prints, for each, its
agreement with the target overall, where the target departs from the heuristic, and how
often it departs from the heuristic itself.
"""

from __future__ import annotations

import argparse
from pathlib import Path

import numpy as np
from rich.console import Console

from kaido.cli.common import progress_bar
from kaido.games import get_game
from kaido.learn.agents import anchored_choice, policy_candidates
from kaido.learn.model import load_model
from kaido.learn.selfplay import SelfPlayStore, heuristic_moves, replay


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("model", help="a policy model file")
    parser.add_argument("data", nargs="+", help="self-play folders of one game and options")
    parser.add_argument("--imitate", default="", metavar="SPEC", help="the seats to compare")
    parser.add_argument("--holdout", type=int, default=10, help="one game in this held out")
    parser.add_argument("--games", type=int, default=0, help="at most this many games a run")
    parser.add_argument("--margins", default="0,0.5,1,1.5,2,3,4,6,1000")
    args = parser.parse_args()

    stores = [SelfPlayStore(Path(folder)) for folder in args.data]
    plan = stores[0].plan()
    game = get_game(plan.game)
    options = game.make_options(plan.options)
    model = load_model(args.model, game, options)
    margins = [float(m) for m in args.margins.split(",")]
    held_out = [
        (store, index)
        for store in stores
        for index in sorted(store.finished())[: args.games or None]
    ][args.holdout - 1 :: args.holdout]
    rows = []  # (target, heuristic's move, the model's logits over legal, legal)
    with progress_bar(Console(stderr=True), transient=True) as bar:
        for store, index in bar.track(held_out, description="replaying"):
            data = next(store.games([index]))
            wanted = [
                d for d, m in enumerate(data.movers) if data.seats[m].startswith(args.imitate)
            ]
            fallbacks = dict(
                zip(wanted, heuristic_moves(game, options, data, np.array(wanted)), strict=True)
            )
            table = game.action_table(options)
            for decision, state, mover in replay(game, options, data, ()):
                if decision not in fallbacks:
                    continue
                start, end = data.offsets[decision], data.offsets[decision + 1]
                target = int(data.legal[start + int(np.argmax(data.targets[start:end]))])
                fallback = table[int(fallbacks[decision])]
                legal = policy_candidates(game, state, game.legal_actions(state), fallback)
                logits = model.policy_logits(state, mover, legal)
                rows.append((target, fallback, logits, legal))
    departs = [t != h.index for t, h, _, _ in rows]
    print(
        f"{len(rows):,} held-out decisions; the target departs from the heuristic at "
        f"{sum(departs):,} ({sum(departs) / len(rows):.1%})"
    )
    for margin in margins:
        chosen = [
            anchored_choice(legal, logits, fallback, margin)
            if margin
            else legal[int(np.argmax(logits))]
            for _, fallback, logits, legal in rows
        ]
        agree = [c.index == t for c, (t, _, _, _) in zip(chosen, rows, strict=True)]
        own = [c != h for c, (_, h, _, _) in zip(chosen, rows, strict=True)]
        at_departures = [a for a, d in zip(agree, departs, strict=True) if d]
        print(
            f"margin {margin:g}: agrees {np.mean(agree):.1%}, where the target departs "
            f"{np.mean(at_departures):.1%}, departs from the heuristic {np.mean(own):.1%}"
        )


if __name__ == "__main__":
    main()
