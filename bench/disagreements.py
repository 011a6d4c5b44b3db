"""Where a search bot and a base bot choose differently, which move is better? Both are
played out to the end by base bots on the same worlds, and the mover's values compared.

    .venv/bin/python bench/disagreements.py cargo_empire --search mcts:rollout=0 --games 7

Plays seeded games between `--base` bots (game i from seed `--seed + i`); at every decision
of seat i mod players with a choice, asks `--search` too. Where the two differ, deals
`--playouts` worlds from the mover's view (`determinize`), plays each move out in every
world with base bots, and records the mover's mean value at the end (`evaluate_all`, a
share of the win in the games that define it so). The game goes on with the base bot's
move. Prints, per kind of decision, how many disagreements there were and by how much the
search's move was better on average.
"""

from __future__ import annotations

import argparse
import statistics
from collections import defaultdict
from typing import Any

from rich.console import Console
from rich.progress import track
from rich.table import Table

from kaido.agents import make_agent
from kaido.core.actions import Action
from kaido.core.game import Game
from kaido.core.rng import Rng
from kaido.games import get_game


def play_out(game: Game[Any], world: Any, mover: int, base: str, seed: int) -> float:
    """The mover's value at the end of `world` played out by base bots."""
    bots = [make_agent(base, game, seed * 5 + p) for p in range(game.num_players(world))]
    while not game.is_over(world):
        game.apply(world, bots[game.to_move(world)].choose(game, world), trusted=True)
    return game.evaluate_all(world)[mover]


def compare(
    game: Game[Any], state: Any, moves: tuple[Action, Action], base: str, playouts: int, seed: int
) -> float:
    """How much better the second move is than the first, in the mover's mean value."""
    mover, rng = game.to_move(state), Rng(seed)
    gain = 0.0
    for k in range(playouts):
        world = game.determinize(state, mover, rng)
        values = []
        for move in moves:
            after = world.copy()
            game.apply(after, move, trusted=True)
            values.append(play_out(game, after, mover, base, seed + 31 * k))
        gain += values[1] - values[0]
    return gain / playouts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", help="game id, e.g. cargo_empire")
    parser.add_argument("--search", required=True, help="the tested bot's spec")
    parser.add_argument("--base", default="heuristic", help="the other bots' spec")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=7)
    parser.add_argument("--seed", type=int, default=7000, help="seed of game 0")
    parser.add_argument("--playouts", type=int, default=12, help="worlds per disagreement")
    args = parser.parse_args()

    game = get_game(args.game)
    options = game.make_options(players=args.players)
    gains: dict[str, list[float]] = defaultdict(list)
    for i in track(range(args.games), description="games"):
        seed, seat = args.seed + i, i % args.players
        state = game.setup(options, seed)
        bots = [make_agent(args.base, game, seed * 7 + p) for p in range(args.players)]
        search = make_agent(args.search, game, seed * 13)
        decision = 0
        while not game.is_over(state):
            mover = game.to_move(state)
            chosen = bots[mover].choose(game, state)
            if mover == seat and len(game.legal_actions(state)) > 1:
                searched = search.choose(game, state)
                if searched.index != chosen.index:
                    moves = (chosen, searched)
                    gain = compare(
                        game, state, moves, args.base, args.playouts, seed * 1000 + decision
                    )
                    gains[chosen.kind].append(gain)
            decision += 1
            game.apply(state, chosen)
    table = Table(title=f"{args.search} against {args.base}: the search's move better by")
    for column in ("decision", "disagreements", "mean", "stdev"):
        table.add_column(column, justify="left" if column == "decision" else "right")
    for kind, values in sorted(gains.items(), key=lambda kv: -len(kv[1])):
        spread = statistics.stdev(values) if len(values) > 1 else 0.0
        table.add_row(kind, str(len(values)), f"{statistics.mean(values):+.3f}", f"{spread:.3f}")
    Console().print(table)


if __name__ == "__main__":
    main()
