"""`kaido ratings`: a game's leaderboard in the web server's database, and rebuilding it
from the finished games (after a change of what is rated, or to check the kept ratings)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from kaido.core.errors import KaidoError
from kaido.games import get_game
from kaido.server.config import SQLITE_FILE, default_data_dir
from kaido.server.db import make_engine
from kaido.server.leaderboard import Leaderboards
from kaido.tournament.store import database_url


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "ratings",
        help="a game's leaderboard on the web server; --rebuild recomputes it",
        description="Print a game's leaderboard as the web server keeps it. --rebuild first "
        "forgets its ratings and rates every finished game again, in the order they ended "
        "(the server may keep running).",
    )
    parser.add_argument("game", help="the game's id (kaido games)")
    parser.add_argument(
        "--server",
        default="",
        metavar="DB",
        help=f"the web server's SQLite file or database URL (default {SQLITE_FILE} in the "
        "data directory)",
    )
    parser.add_argument("--rebuild", action="store_true", help="rate every game again first")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    game = get_game(args.game)
    url = database_url(args.server or str(default_data_dir() / SQLITE_FILE))
    if url.startswith("sqlite:///") and not Path(url.removeprefix("sqlite:///")).is_file():
        raise KaidoError(f"no server database at {url.removeprefix('sqlite:///')}")
    engine = make_engine(url)
    try:
        boards = Leaderboards(engine)
        console = Console()
        if args.rebuild:
            console.print(f"{boards.rebuild(game.id)} finished games given a verdict again")
        board = boards.board(game.id)
    finally:
        engine.dispose()
    table = Table(title=f"{game.title['en']}: {board['games']} rated games")
    for column in ("player", "rating", "95% range", "games", "wins"):
        table.add_column(column, justify="left" if column == "player" else "right")
    for row in board["players"]:
        low, high = row["rating_95"]
        table.add_row(
            row["name"],
            f"{row['rating']:.2f}",
            f"{low:.1f}-{high:.1f}",
            str(row["games"]),
            f"{row['wins']:g}",
        )
    console.print(table)
    return 0
