"""`kaido tournament`: bots against each other in every seating, stored game by game (the
same command goes on after an interruption), with openskill standings."""

from __future__ import annotations

import argparse
import json
import os
import time
from typing import Any

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table

from kaido.cli.common import add_register_argument
from kaido.core.errors import KaidoError
from kaido.core.options import parse_option_text
from kaido.games import get_game, register_specs
from kaido.server.config import default_data_dir
from kaido.tournament.plan import FORMATS, default_players, make_plan
from kaido.tournament.ratings import Played, Standings, standings, standings_json
from kaido.tournament.run import GameJob, Runner, make_runner, play, play_missing
from kaido.tournament.store import (
    DEFAULT_FILE,
    FinishedGame,
    Tournament,
    TournamentStore,
    database_url,
)


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "tournament",
        help="rate bots against each other in every seating (resumable)",
        description="Play bots against each other: every seating of every line-up, a fixed "
        "seed per round, games stored as they finish. Run the same command again after an "
        "interruption to go on where it stopped.",
    )
    parser.add_argument("game", help="the game id (see `kaido games`)")
    parser.add_argument("--bots", nargs="+", required=True, metavar="SPEC", help="bot specs")
    parser.add_argument("--format", choices=FORMATS, default="round-robin", help="who meets")
    parser.add_argument(
        "--games", type=int, default=100, help="games to play, rounded up to whole rounds"
    )
    parser.add_argument("--players", type=int, default=None, help="seats per game")
    parser.add_argument("--options", default="", help="game options as name=value,...")
    parser.add_argument("--seed", type=int, default=0, help="seed of round 1 (default 0)")
    parser.add_argument("--db", default=None, help="SQLite file or database URL")
    parser.add_argument("--name", default=None, help="tournament name (default from settings)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (0 = per core)")
    parser.add_argument("--ray", default=None, metavar="ADDRESS", help="run on Ray (or local)")
    parser.add_argument("--json", action="store_true", help="print the standings as JSON")
    add_register_argument(parser)
    parser.set_defaults(run=run)


def open_store(db: str | None) -> TournamentStore:
    """The tournament database named on the command line, else the default SQLite file."""
    if db is None:
        default_data_dir().mkdir(parents=True, exist_ok=True)
        db = str(default_data_dir() / DEFAULT_FILE)
    return TournamentStore(database_url(db))


def run(args: argparse.Namespace) -> int:
    if args.games < 1:
        raise KaidoError("--games must be at least 1")
    register_specs(args.register)
    game = get_game(args.game)
    raw: dict[str, Any] = dict(parse_option_text(args.options))
    if "players" in raw:
        raise KaidoError("the player count comes from --players, not --options")
    raw["players"] = args.players or default_players(game, len(args.bots), args.format)
    plan = make_plan(game, game.make_options(raw), args.bots, args.format, args.seed)
    games = plan.rounds_for(args.games) * len(plan.seatings())
    store = open_store(args.db)
    try:
        tournament = store.open(plan, args.name or plan.default_name(), games)
        console = Console(stderr=args.json)
        jobs = args.jobs if args.jobs > 0 else (os.cpu_count() or 1)
        runner = make_runner(play, jobs, args.ray)  # before the progress bar starts its thread
        started = time.perf_counter()
        try:
            played = _play_with_progress(store, tournament, runner, console, args)
        except KeyboardInterrupt:
            stored = len(store.finished_indices(tournament))
            Console(stderr=True).print(
                f"interrupted: {stored} of {tournament.games} games stored; "
                "run the same command to go on",
                highlight=False,
            )
            return 130
        wall = time.perf_counter() - started
        table = tournament_standings(store, tournament)
    finally:
        store.close()
    if args.json:
        header = {"tournament": tournament.name, **tournament.plan.to_json()}
        header["planned_games"] = tournament.games
        print(json.dumps({**header, **standings_json(table)}, indent=2))
    else:
        print_standings(console, tournament_title(tournament, table), table)
        rate = f", {played / wall:.1f} games/s" if played and wall > 0 else ""
        console.print(
            f"{played} games played now{rate}; stored as [bold]{tournament.name}[/] in "
            f"{store.where} (`kaido report {tournament.name}` draws it)"
        )
    return 0


def _play_with_progress(
    store: TournamentStore,
    tournament: Tournament,
    runner: Runner[GameJob, FinishedGame],
    console: Console,
    args: argparse.Namespace,
) -> int:
    done = len(store.finished_indices(tournament) & set(range(tournament.games)))
    with Progress(
        "[progress.description]{task.description}",
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        "eta",
        TimeRemainingColumn(),
        console=console,
        transient=args.json,
    ) as progress:
        bar = progress.add_task(tournament.name, total=tournament.games, completed=done)

        def advance(_: FinishedGame) -> None:
            progress.advance(bar)

        return play_missing(store, tournament, runner, advance, args.register)


def tournament_standings(store: TournamentStore, tournament: Tournament) -> Standings:
    plan = tournament.plan
    played = [Played(g.seats, g.scores, g.ranks) for g in store.games(tournament)]
    return standings(plan.bots, plan.players, played)


def tournament_title(tournament: Tournament, table: Standings) -> str:
    plan = tournament.plan
    return (
        f"{tournament.name}: {plan.game}, {plan.players} players, {plan.format}, "
        f"{table.games}/{tournament.games} games"
    )


def print_standings(console: Console, title: str, table: Standings) -> None:
    bots = Table(title=title)
    columns = ("#", "bot", "rating (95%)", "seats", "win rate (95%)", "mean place", "mean score")
    for column in columns:
        bots.add_column(column, justify="left" if column == "bot" else "right")
    for number, row in enumerate(table.bots, start=1):
        low, high = row.rating_interval
        win_low, win_high = row.win_interval
        bots.add_row(
            str(number),
            row.bot,
            f"{row.mu:.1f} ({low:.1f}-{high:.1f})",
            str(row.games),
            f"{row.win_rate:.1%} ({win_low:.0%}-{win_high:.0%})",
            f"{row.mean_place:.2f}",
            f"{row.mean_score:.2f}",
        )
    console.print(bots)
    seats = Table(title="win rate by seat")
    seats.add_column("bot")
    for seat in range(len(table.seats)):
        seats.add_column(f"seat {seat + 1}", justify="right")
    for row in table.bots:
        seats.add_row(row.bot, *(f"{r.win_rate:.0%} of {r.games}" for r in row.seats))
    seats.add_row("[bold]all[/]", *(f"[bold]{r.win_rate:.0%}[/]" for r in table.seats))
    console.print(seats)
