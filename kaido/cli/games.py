"""`kaido games`: every game with its player counts, options and agents."""

from __future__ import annotations

import argparse
from typing import Any

from rich.console import Console
from rich.table import Table

from kaido.agents import agent_kinds
from kaido.games import all_games


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "games",
        help="list the games, their player counts, options and bots",
        description="List every game Kaido plays, with its player counts, options and bots.",
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    table = Table(title="Kaido games", show_lines=True)
    for column in ("id", "game", "players", "options (default)", "bots"):
        table.add_column(column)
    for game in all_games():
        options = "\n".join(
            f"{spec.name}={spec.default}"
            + (f" ({'|'.join(map(str, spec.choices))})" if spec.choices else "")
            + f": {spec.help}"
            for spec in game.option_specs
        )
        table.add_row(
            game.id,
            f"{game.title['en']}\n{game.title.get('ja', '')}",
            ", ".join(map(str, game.player_counts)),
            options or "-",
            ", ".join(agent_kinds(game)),
        )
    Console().print(table)
    return 0
