"""What one observation costs: a game's own encoding (`Game.encode`) against its view and
against the hashed view that `kaido.env` falls back to, in CPU µs per call.

    .venv/bin/python bench/encode.py
    .venv/bin/python bench/encode.py russian_railroads --players 4 --runs 7
    .venv/bin/python bench/encode.py cargo_empire --options clans=true map=dior

For each game and player count, keeps every state of `--games` seeded random games, then
`--runs` times encodes each of them for seat 0 in the three ways, side by side in one
process, and prints the median time per call of each and the ratios. CPU time of this
process (`time.process_time`), so the figures move less with the machine's load.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from typing import Any

from kaido.agents import RandomAgent
from kaido.core.encoding import HASHED_SIZE, Encoder
from kaido.core.game import Game
from kaido.core.match import Match
from kaido.games import all_games, get_game


def states_of(game: Game[Any], options: dict[str, Any], games: int) -> list[Any]:
    """Every state of `games` random games (seeds 1, 2, ...)."""
    states = []
    for seed in range(1, games + 1):
        match = Match(game, options, seed, keep_history=False)
        agents = [RandomAgent(seed * 13 + p) for p in range(int(options["players"]))]
        while not match.is_over:
            states.append(match.state.copy())
            match.play(agents[match.to_move].choose(game, match.state), trusted=True)
    return states


def per_call(work: Callable[[Any], object], states: list[Any]) -> float:
    """CPU µs per call of `work` over `states`."""
    started = time.process_time()
    for state in states:
        work(state)
    return (time.process_time() - started) / len(states) * 1e6


def measure(game: Game[Any], options: dict[str, Any], games: int, runs: int) -> str:
    states = states_of(game, options, games)
    hashed = Encoder(game, states[0], HASHED_SIZE)
    hashed.hashed = True  # the fallback, even for a game that encodes itself
    hashed.size = HASHED_SIZE
    length = len(game.encode(states[0], 0) or ())
    times: dict[str, list[float]] = {"encode": [], "view": [], "hashed": []}
    for _ in range(runs):
        times["encode"].append(per_call(lambda s: game.encode(s, 0), states))
        times["view"].append(per_call(lambda s: game.view(s, 0), states))
        times["hashed"].append(per_call(lambda s: hashed(s, 0), states))
    encode, view, hashed_view = (statistics.median(times[k]) for k in ("encode", "view", "hashed"))
    return (
        f"| {game.id} | {options['players']} | {length} | {len(states)} | {encode:.1f} | "
        f"{view:.1f} | {hashed_view:.1f} | {hashed_view / encode:.1f}x |"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", help="game ids (default: every game)")
    parser.add_argument("--players", type=int, nargs="*", help="default: every count")
    parser.add_argument("--options", nargs="*", default=[], help="NAME=VALUE ...")
    parser.add_argument("--games", dest="count", type=int, default=3, help="games a count")
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    raw = dict(item.split("=", 1) for item in args.options)
    print("| game | players | length | states | encode µs | view µs | hashed view µs | ratio |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for game in [get_game(g) for g in args.games] or all_games():
        for players in args.players or game.player_counts:
            options = game.make_options(raw, players=players)
            print(measure(game, options, args.count, args.runs), flush=True)


if __name__ == "__main__":
    main()
