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
    console = Console()
    summary = Table(title="Kaido games")
    summary.add_column("id", no_wrap=True, style="bold")
    summary.add_column("game")
    summary.add_column("players", no_wrap=True)
    summary.add_column("bots (--players)")
    for game in all_games():
        summary.add_row(
            game.id,
            f"{game.title['en']} / {game.title.get('ja', '')}",
            ", ".join(map(str, game.player_counts)),
            ", ".join(agent_kinds(game)),
        )
    console.print(summary)
    for game in all_games():
        if not game.option_specs:
            continue
        options = Table(title=f"{game.id} options (--options name=value,...)", title_justify="left")
        options.add_column("option", no_wrap=True, style="bold")
        options.add_column("default", no_wrap=True)
        options.add_column("values")
        options.add_column("meaning")
        for spec in game.option_specs:
            values = (
                " | ".join(map(str, spec.choices)) if spec.choices else type(spec.default).__name__
            )
            default = (
                str(spec.default).lower() if isinstance(spec.default, bool) else str(spec.default)
            )
            options.add_row(spec.name, default, values, spec.help)
        console.print(options)
    return 0
