"""How long a finished game's review takes, per game, on one core (issue 33: a review must
be ready within a minute of the game's end).

    .venv/bin/python bench/review_time.py [--games 3] [--worlds 4] [GAME ...]

For each game at its default player count, plays `--games` seeded games between the game's
heuristic bots (a tenth of their moves random, as people's games are not a bot's), then
reviews each record as the server does (`kaido.review.review_record` with the default
estimator at `--worlds` deals) and measures the process time (one core: the review runs in
one worker process). Prints each game's decisions and the median and the longest review.
"""

from __future__ import annotations

import argparse
import statistics
import time

from kaido.agents import make_agent
from kaido.core.match import Match
from kaido.games import game_ids, get_game
from kaido.review import default_estimator, review_record
from kaido.review.estimate import WORLDS


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games_ids", nargs="*", metavar="GAME", default=game_ids())
    parser.add_argument("--games", type=int, default=3, help="games reviewed per game")
    parser.add_argument("--worlds", type=int, default=WORLDS)
    args = parser.parse_args()
    print("| game | players | decisions (median) | review, median | review, longest |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for game_id in args.games_ids:
        game = get_game(game_id)
        options = game.make_options()
        players = int(options["players"])
        seconds, decisions = [], []
        for seed in range(args.games):
            match = Match(game, options, seed, keep_history=False)
            bots = [make_agent("heuristic:noise=0.1", game, seed * 7 + p) for p in range(players)]
            while not match.is_over:
                action = bots[match.to_move].choose(game, match.state)
                match.play(action, narrate=False, trusted=True)
            record = match.record()
            started = time.process_time()
            review_record(game, record, default_estimator(game, args.worlds))
            seconds.append(time.process_time() - started)
            decisions.append(len(record.actions))
        print(
            f"| {game_id} | {players} | {statistics.median(decisions):.0f} "
            f"| {statistics.median(seconds):.1f} s | {max(seconds):.1f} s |",
            flush=True,
        )


if __name__ == "__main__":
    main()
