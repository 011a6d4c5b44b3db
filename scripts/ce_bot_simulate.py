"""Seeded heuristic Cargo Empire games against the rulebook's bot, or in vassal mode
(issue 15).

    .venv/bin/python scripts/ce_bot_simulate.py --games 1000 [--players 1 2 3] [--clans]
        [--map europe|dior] [--agent heuristic|random] [--jobs N]
    .venv/bin/python scripts/ce_bot_simulate.py --games 1000 --vassals [--clans]

For each human count plays `games` games (seeds 0..games-1) of `agent` players plus the bot
and prints: how often the humans beat the bot (solo: the human's win rate; with more humans:
games a human won, and the share of humans who outscored the bot), the score distribution
of the best human and of the bot (mean, quartiles, min-max), the bot's category shares, and
the game length in decisions. With `--vassals` it plays 2-player games with and without
the vassal mode and prints for each the game length (decisions, vassal posts placed,
no-transport turns), the score spread and the winner's margin.
"""

from __future__ import annotations

import argparse
import statistics
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from functools import partial
from typing import Any

from rich.progress import Progress

from kaido.agents import make_agent
from kaido.games import get_game

CATEGORIES = ("track", "level-3 posts", "city cards", "goal cards")


def play(
    players: int, seed: int, clans: bool, board: str, agent: str, **modes: bool
) -> tuple[Any, int]:
    """One game; its final state and the number of decisions."""
    game = get_game("cargo_empire")
    modes = modes or {"bot": True}
    options = game.make_options(None, players=players, clans=clans, map=board, **modes)
    state = game.setup(options, seed)
    agents = [make_agent(agent, game, seed=seed * 10 + p) for p in range(players)]
    decisions = 0
    while not game.is_over(state):
        game.apply(state, agents[game.to_move(state)].choose(game, state), trusted=True)
        decisions += 1
    return state, decisions


@dataclass(frozen=True)
class BotGame:
    """What the report needs of one game against the bot."""

    totals: list[int]  # every colour's score, the bot's last
    human_won: bool
    seats: int
    bot_categories: tuple[int, ...]
    decisions: int


def bot_game(seed: int, players: int, clans: bool, board: str, agent: str) -> BotGame:
    state, decisions = play(players, seed, clans, board, agent)
    result = get_game("cargo_empire").result(state)
    totals = [sum(s) for s in state.final]
    return BotGame(totals, 1 in result.ranks, state.seats, tuple(state.final[state.bot]), decisions)


def quartiles(values: list[int]) -> str:
    q = statistics.quantiles(values, n=4)
    return (
        f"mean {statistics.mean(values):.1f}, quartiles {q[0]:.0f}/{q[1]:.0f}/{q[2]:.0f}, "
        f"range {min(values)}-{max(values)}"
    )


def vassal_lines(games: int, clans: bool, board: str, agent: str) -> list[str]:
    """Two players with and without vassals: length, scores, margins."""
    lines = []
    for vassals in (True, False):
        lengths, placed, fallbacks, scores, margins = [], [], [], [], []
        for seed in range(games):
            state, decisions = play(2, seed, clans, board, agent, vassals=vassals)
            totals = sorted((sum(s) for s in state.final), reverse=True)
            lengths.append(decisions)
            placed.append(sum(state.vplaced))
            fallbacks.append(sum(state.removed))
            scores += totals
            margins.append(totals[0] - totals[1])
        lines += [
            f"2 players, vassals={vassals}, {games} games ({agent}, clans={clans}, map={board}):",
            f"  decisions a game: mean {statistics.mean(lengths):.1f} "
            f"(range {min(lengths)}-{max(lengths)})",
            f"  vassal posts a game: mean {statistics.mean(placed):.1f}; no-transport turns "
            f"a game: mean {statistics.mean(fallbacks):.2f}",
            f"  scores: {quartiles(scores)}; winner's margin mean {statistics.mean(margins):.1f}",
        ]
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--players", type=int, nargs="+", default=[1, 2, 3])
    parser.add_argument("--clans", action="store_true")
    parser.add_argument("--map", default="europe")
    parser.add_argument("--agent", default="heuristic")
    parser.add_argument("--vassals", action="store_true")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    args = parser.parse_args()
    if args.vassals:
        print("\n".join(vassal_lines(args.games, args.clans, args.map, args.agent)))
        return
    lines = []
    with Progress() as progress, ProcessPoolExecutor(args.jobs) as pool:
        for players in args.players:
            task = progress.add_task(f"{players} + bot", total=args.games)
            human_won = beat = 0
            best: list[int] = []
            bot: list[int] = []
            shares = [0, 0, 0, 0]
            lengths = []
            one = partial(
                bot_game, players=players, clans=args.clans, board=args.map, agent=args.agent
            )
            for game in pool.map(one, range(args.games)):  # seeds 0..games-1, in order
                totals, seats = game.totals, game.seats
                human_won += game.human_won
                beat += sum(1 for t in totals[:seats] if t > totals[-1])
                best.append(max(totals[:seats]))
                bot.append(totals[-1])
                shares = [a + b for a, b in zip(shares, game.bot_categories, strict=True)]
                lengths.append(game.decisions)
                progress.advance(task)
            n = args.games
            total = sum(shares) or 1
            lines += [
                f"{players} human(s) + bot, {n} games ({args.agent}, clans={args.clans}, "
                f"map={args.map}):",
                f"  a human won {human_won / n:.1%}; humans above the bot "
                f"{beat / (n * players):.1%}",
                f"  best human: {quartiles(best)}",
                f"  bot:        {quartiles(bot)}",
                "  bot's points: "
                + ", ".join(
                    f"{name} {v / total:.0%}" for name, v in zip(CATEGORIES, shares, strict=True)
                ),
                f"  decisions a game: mean {statistics.mean(lengths):.0f}",
            ]
    print("\n".join(lines))


if __name__ == "__main__":
    main()
