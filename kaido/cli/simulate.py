"""`kaido simulate`: many seeded bot games, with a progress bar and a summary table."""

from __future__ import annotations

import argparse
import json
import os
import time
from typing import Any

from rich.console import Console
from rich.table import Table

from kaido.cli.common import (
    HUMAN,
    add_game_arguments,
    game_and_options,
    player_specs,
    progress_bar,
    seed_of,
)
from kaido.core.errors import KaidoError
from kaido.sim.runner import GameOutcome, make_tasks, run_tournament, summarize


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "simulate",
        help="play many bot games and summarize who wins",
        description="Play many seeded games between bots. Game i uses seed SEED+i; seats "
        "rotate between games unless --no-rotate, so each bot plays every seat.",
    )
    add_game_arguments(
        parser,
        players_help="one bot per seat, e.g. mcts:time=0.2,heuristic,random, or your "
        "own as MODULE:CLASS (docs/bots.md)",
    )
    parser.add_argument("--games", type=int, default=100, help="number of games (default 100)")
    parser.add_argument(
        "--jobs", type=int, default=1, help="worker processes (default 1; 0 = one per core)"
    )
    parser.add_argument("--no-rotate", action="store_true", help="keep every bot in its seat")
    parser.add_argument("--records", default=None, help="save every game's record in this folder")
    parser.add_argument("--json", action="store_true", help="print the summary as JSON")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    specs = player_specs(args.players)
    if HUMAN in specs:
        raise KaidoError("simulate plays bots only; use `kaido play` to play yourself")
    if args.games < 1:
        raise KaidoError("--games must be at least 1")
    game, options = game_and_options(args, len(specs))
    seed = args.seed if args.seed is not None else seed_of(args)
    jobs = args.jobs if args.jobs > 0 else (os.cpu_count() or 1)
    if args.records:
        os.makedirs(args.records, exist_ok=True)
    tasks = make_tasks(
        game.id,
        options,
        specs,
        args.games,
        seed,
        rotate=not args.no_rotate,
        records_dir=args.records,
    )
    console = Console(stderr=args.json)
    started = time.perf_counter()
    with progress_bar(console, transient=args.json) as progress:
        bar = progress.add_task(f"{game.id}", total=len(tasks))

        def done(_: GameOutcome) -> None:
            progress.advance(bar)

        outcomes = run_tournament(tasks, jobs, done)
    wall = time.perf_counter() - started
    summary = summarize(outcomes, len(specs))
    summary["timing"]["wall_seconds"] = round(wall, 3)
    summary = {
        "game": game.id,
        "options": options,
        "players": specs,
        "seed": seed,
        "rotate": not args.no_rotate,
        **summary,
    }
    if args.json:
        print(json.dumps(summary, indent=2))
    else:
        print_summary(console, summary)
    return 0


def print_summary(console: Console, summary: dict[str, Any]) -> None:
    games = summary["games"]
    bots = Table(title=f"{summary['game']}: {games} games, seeds {summary['seed']}..")
    for column in ("bot", "seats", "wins", "win rate", "mean score", "score sd", "mean place"):
        bots.add_column(column, justify="left" if column == "bot" else "right")
    for spec, row in summary["by_bot"].items():
        bots.add_row(
            spec,
            str(row["seats_played"]),
            f"{row['wins']:g}",
            f"{row['win_rate']:.1%}",
            f"{row['mean_score']:.2f}",
            f"{row['score_sd']:.2f}",
            f"{row['mean_place']:.2f}",
        )
    console.print(bots)
    seats = Table(title="wins by seat")
    for row in summary["by_seat"]:
        seats.add_column(f"seat {row['seat']}", justify="right")
    seats.add_row(*(f"{row['wins']:g} ({row['win_rate']:.0%})" for row in summary["by_seat"]))
    console.print(seats)
    length, timing = summary["length"], summary["timing"]
    console.print(
        f"length: {length['mean_decisions']:.1f} decisions per game "
        f"(sd {length['sd_decisions']:.1f}, {length['min_decisions']}-{length['max_decisions']}); "
        f"speed: {timing['decisions_per_second'] or 0:,.0f} decisions/s per core; "
        f"wall {timing['wall_seconds']:.1f}s"
    )
