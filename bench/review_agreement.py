"""How often the review's bot picks the strong bot's move, beside the game's heuristic and
the plain one-ply choice (the reason the review's bot follows the heuristic unless another
move looks clearly better: kaido/review/estimate.py).

    .venv/bin/python bench/review_agreement.py [--decisions 40] [--iterations 1500] [GAME ...]

For each game at its default player count, plays one seeded game between the game's
heuristic bots and takes `--decisions` positions with a choice, evenly spread. The
reference is the game's `strong` bot (its spec, `time` replaced by `--iterations`, so that
a loaded machine gives the same search); against it are counted: the heuristic's move,
the review's bot (`default_estimator`, the heuristic overruled by a move better by more
than `overrule`), and the best move of the same one-ply values without the heuristic.
"""

from __future__ import annotations

import argparse
import time

from kaido.agents import make_agent
from kaido.core.rng import Rng
from kaido.games import game_ids, get_game
from kaido.review import SearchEstimator, default_estimator


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", metavar="GAME", default=game_ids())
    parser.add_argument("--decisions", type=int, default=40)
    parser.add_argument("--iterations", type=int, default=1500)
    args = parser.parse_args()
    print("| game | positions | heuristic | review's bot | one-ply best | review's bot, CPU |")
    print("| --- | ---: | ---: | ---: | ---: | ---: |")
    for game_id in args.games:
        game = get_game(game_id)
        options = game.make_options()
        players = int(options["players"])
        state = game.setup(options, 5)
        bots = [make_agent("heuristic", game, p) for p in range(players)]
        positions = []
        while not game.is_over(state):
            if len(game.search_actions(state, game.legal_actions(state))) > 1:
                positions.append(state.copy())
            game.apply(state, bots[game.to_move(state)].choose(game, state))
        positions = positions[:: max(1, len(positions) // args.decisions)][: args.decisions]
        strong = game.bot_levels.get("strong", "mcts:time=1").replace(
            "time=1", f"iterations={args.iterations}"
        )
        agree = {"heuristic": 0, "review": 0, "one-ply": 0}
        spent = 0.0
        for n, position in enumerate(positions):
            seat = game.to_move(position)
            reference = make_agent(strong, game, n).choose(game, position)
            guide = make_agent("heuristic", game, n)
            agree["heuristic"] += guide.choose(game, position) == reference
            started = time.process_time()
            moves = default_estimator(game).estimate(game, position, seat, Rng(n)).moves
            spent += time.process_time() - started
            agree["review"] += moves[0].action == reference
            plain = SearchEstimator(overrule=0.0).estimate(game, position, seat, Rng(n)).moves
            agree["one-ply"] += max(plain, key=lambda m: m.chance).action == reference
        count = len(positions)
        print(
            f"| {game_id} | {count} | {agree['heuristic']} | {agree['review']} "
            f"| {agree['one-ply']} | {spent / count * 1000:.0f} ms |",
            flush=True,
        )


if __name__ == "__main__":
    main()
