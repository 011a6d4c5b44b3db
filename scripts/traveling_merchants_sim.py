"""Balance figures and big self-play runs for The Era of Traveling Merchants.

    .venv/bin/python scripts/traveling_merchants_sim.py --games 2000            # heuristic
    .venv/bin/python scripts/traveling_merchants_sim.py --games 2000 --random --check
    .venv/bin/python scripts/traveling_merchants_sim.py --games 300 --variants --check

Heuristic mode plays seeded games between heuristic bots at 2, 3 and 4 players on the
default table and prints, per player count: game length in turns (rounds), the score
spread (winner minus last), which end trigger fired first how often, the average VP each
of the 10 titles would add per player, and the start player's win rate. `--random`
plays random bots, `--variants` cycles every variant combination (seed by seed; random
games always do), and `--check` checks the invariants after every action (36 cubes, 16
gems and the cards conserved).
"""

from __future__ import annotations

import argparse
import json
import statistics
from typing import Any

from rich.console import Console
from rich.progress import Progress

from kaido.agents import RandomAgent
from kaido.agents.base import Agent
from kaido.core.match import Match
from kaido.games.traveling_merchants import GAME, TMState
from kaido.games.traveling_merchants.agents import HeuristicAgent
from kaido.games.traveling_merchants.board import DATA
from kaido.games.traveling_merchants.engine import title_points

VARIANTS = ("road", "titles", "beginner_wagons", "literal_refill", "specials_count_for_houses")
TRIGGERS = {1: "end card", 2: "special orders", 4: "four houses", 8: "dead position"}


def options(players: int, seed: int, every_variant: bool) -> dict[str, Any]:
    if not every_variant:
        return GAME.make_options(players=players)
    chosen: dict[str, Any] = {name: bool(seed >> i & 1) for i, name in enumerate(VARIANTS)}
    chosen["map"] = ("basic", "1", "2", "3", "4", "5")[seed % 6]
    chosen["random_cities"] = seed % 3 == 0
    return GAME.make_options(players=players, **chosen)


def play(players: int, seed: int, random: bool, variants: bool, check: bool) -> TMState:
    match = Match(GAME, options(players, seed, random or variants), seed, keep_history=False)
    agents: list[Agent] = [
        RandomAgent(seed * 7 + p) if random else HeuristicAgent(seed * 7 + p)
        for p in range(players)
    ]
    while not match.is_over:
        match.play(agents[match.to_move].choose(GAME, match.state), trusted=True)
        if check:
            GAME.invariants(match.state)
    state: TMState = match.state
    return state


def fired(state: TMState) -> str:
    """The end triggers that fired (several can fire by the end of the last round)."""
    return "+".join(name for bit, name in TRIGGERS.items() if state.triggers & bit)


def summary(
    players: int, games: int, args: argparse.Namespace, progress: Progress
) -> dict[str, Any]:
    rounds: list[float] = []
    spreads: list[float] = []
    starts = 0
    triggers: dict[str, int] = {}
    title_values: dict[str, list[float]] = {t.id: [] for card in DATA.titles for t in card}
    task = progress.add_task(f"{players} players", total=games)
    for seed in range(games):
        state = play(players, seed, args.random, args.variants, args.check)
        progress.advance(task)
        result = GAME.result(state)
        rounds.append(state.turns / players)
        spreads.append(max(result.scores) - min(result.scores))
        starts += result.ranks[state.start] == 1
        name = fired(state)
        triggers[name] = triggers.get(name, 0) + 1
        state.titles = list(range(10))
        for code, points in enumerate(title_points(state)):
            title_values[DATA.titles[code // 2][code % 2].id].append(sum(points) / players)
    return {
        "games": games,
        "rounds_mean": round(statistics.mean(rounds), 1),
        "rounds_range": [min(rounds), max(rounds)],
        "spread_mean": round(statistics.mean(spreads), 1),
        "spread_sd": round(statistics.pstdev(spreads), 1),
        "triggers": dict(sorted(triggers.items())),
        "start_player_wins": round(starts / games, 3),
        "title_vp_per_player": {k: round(statistics.mean(v), 2) for k, v in title_values.items()},
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", default="2,3,4")
    parser.add_argument("--random", action="store_true", help="random bots, every variant")
    parser.add_argument("--variants", action="store_true", help="every variant combination")
    parser.add_argument("--check", action="store_true", help="invariants after every action")
    args = parser.parse_args()
    with Progress(console=Console(stderr=True), transient=True) as progress:
        out = {
            f"{n}p": summary(n, args.games, args, progress)
            for n in (int(x) for x in args.players.split(","))
        }
    print(json.dumps(out, indent=2, ensure_ascii=False))


if __name__ == "__main__":
    main()
