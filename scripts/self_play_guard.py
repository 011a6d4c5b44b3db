"""The big run of the guard that no bot stalls a game: seeded self-play of every game at
every player count, each game on options drawn over every variant
(`kaido.sim.variants`), ended within a cap on decisions.

    nice -n 10 .venv/bin/python scripts/self_play_guard.py --games 2000
    nice -n 10 .venv/bin/python scripts/self_play_guard.py --game traveling_merchants \
        --bots heuristic --games 11000

Prints, per game, bot and player count: games, decisions (mean and most) and every game
that did not end (its seed and options, to reproduce it with `variant_options` and
`guarded_self_play`). The conformance tests play one such game per count.
"""

from __future__ import annotations

import argparse
import json
import statistics
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from kaido.core.errors import NoEnd
from kaido.games import game_ids, get_game
from kaido.sim.variants import CAPS, guarded_self_play, variant_options


def one_game(task: tuple[str, str, int, int]) -> tuple[int, int | None, dict[str, Any]]:
    """(seed, decisions or None when it did not end, options)."""
    game_id, bot, players, seed = task
    game = get_game(game_id)
    options = variant_options(game, players, seed)
    try:
        return seed, guarded_self_play(game, options, seed, bot, CAPS[bot]), options
    except NoEnd:
        return seed, None, options


def run(game_id: str, bot: str, players: int, seeds: range, jobs: int) -> dict[str, Any]:
    tasks = [(game_id, bot, players, seed) for seed in seeds]
    with ProcessPoolExecutor(jobs) as pool:
        outcomes = list(pool.map(one_game, tasks, chunksize=20))
    lengths = [n for _seed, n, _options in outcomes if n is not None]
    return {
        "games": len(outcomes),
        "decisions_mean": round(statistics.mean(lengths), 1) if lengths else None,
        "decisions_most": max(lengths, default=None),
        "no_end": [{"seed": s, "options": o} for s, n, o in outcomes if n is None],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", action="append", choices=game_ids(), help="all by default")
    parser.add_argument("--games", type=int, default=200, help="per game, bot and count")
    parser.add_argument("--seed", type=int, default=0, help="the first seed")
    parser.add_argument("--bots", default="heuristic,random")
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    seeds = range(args.seed, args.seed + args.games)
    out: dict[str, Any] = {}
    for game_id in args.game or game_ids():
        game = get_game(game_id)
        for bot in args.bots.split(","):
            for players in game.player_counts:
                figures = run(game_id, bot, players, seeds, args.jobs)
                out[f"{game_id} {bot} {players}p"] = figures
                print(json.dumps({f"{game_id} {bot} {players}p": figures}), flush=True)
    stalled = sum(len(f["no_end"]) for f in out.values())
    played = sum(f["games"] for f in out.values())
    print(json.dumps({"games": played, "no_end": stalled}))


if __name__ == "__main__":
    main()
