"""`kaido report`: a tournament's standings, and with --html a page of tables and plots;
the same from the web server's finished games."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from kaido.cli.common import add_register_argument
from kaido.cli.tournament import open_store, print_standings
from kaido.core.errors import KaidoError
from kaido.games import register_specs
from kaido.server.config import SQLITE_FILE, default_data_dir
from kaido.tournament.ratings import standings_json
from kaido.tournament.report import (
    ReportData,
    from_server,
    from_tournament,
    report_standings,
    write_report,
)
from kaido.tournament.store import database_url


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "report",
        help="standings, tables and plots of a tournament or of the server's games",
        description="Without a tournament name, list the tournaments in the database. With "
        "one, print its standings; --html DIR also writes a page of tables and plots there. "
        "--server reports the web server's finished games of --game instead.",
    )
    parser.add_argument("tournament", nargs="?", help="the tournament's name")
    parser.add_argument("--db", default=None, help="tournament SQLite file or database URL")
    parser.add_argument("--html", type=Path, default=None, metavar="DIR", help="write a page")
    parser.add_argument(
        "--server",
        nargs="?",
        const="",
        default=None,
        metavar="DB",
        help="report the web server's games: its SQLite file or database URL "
        f"(default {SQLITE_FILE} in the data directory)",
    )
    parser.add_argument("--game", default=None, help="with --server: which game")
    parser.add_argument("--players", type=int, default=None, help="with --server: player count")
    parser.add_argument("--json", action="store_true", help="print the standings as JSON")
    add_register_argument(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    register_specs(args.register)
    console = Console()
    if args.server is not None:
        if args.game is None:
            raise KaidoError("--server needs --game (which game's records to report)")
        url = database_url(args.server or str(default_data_dir() / SQLITE_FILE))
        return _report(console, from_server(url, args.game, args.players), args)
    store = open_store(args.db)
    try:
        if args.tournament is None:
            _list(console, store.tournaments())
            return 0
        data = from_tournament(store, store.find(args.tournament))
    finally:
        store.close()
    return _report(console, data, args)


def _report(console: Console, data: ReportData, args: argparse.Namespace) -> int:
    table = report_standings(data)
    if args.json:
        print(json.dumps({"title": data.title, **standings_json(table)}, indent=2))
    else:
        print_standings(console, f"{data.title}: {table.games} games", table)
    if args.html is not None:
        page = write_report(data, args.html)
        Console(stderr=args.json).print(f"report written to {page}", highlight=False)
    return 0


def _list(console: Console, tournaments: list[Any]) -> None:
    if not tournaments:
        console.print("no tournaments yet (`kaido tournament` plays one)")
        return
    table = Table(title="tournaments")
    table.add_column("name", no_wrap=True)
    for column in ("game", "format", "players", "bots", "planned games"):
        table.add_column(column)
    for t in tournaments:
        plan = t.plan
        bots = ", ".join(plan.bots)
        table.add_row(t.name, plan.game, plan.format, str(plan.players), bots, str(t.games))
    console.print(table)
