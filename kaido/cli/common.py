"""What several subcommands share: reading a game, its options, seats and seeds."""

from __future__ import annotations

import argparse
import secrets
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

from kaido.agents import Agent, agent_seed, make_agent
from kaido.core.errors import KaidoError
from kaido.core.game import Game
from kaido.core.options import Options, parse_option_text
from kaido.games import get_game

HUMAN = "human"


def add_game_arguments(parser: argparse.ArgumentParser, *, players_help: str) -> None:
    parser.add_argument("game", help="the game id (see `kaido games`)")
    parser.add_argument("--players", required=True, help=players_help)
    parser.add_argument(
        "--options", default="", help="game options as name=value,name=value (see `kaido games`)"
    )
    parser.add_argument("--seed", type=int, default=None, help="seed of the game (default: random)")


def add_register_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--register",
        action="append",
        default=[],
        metavar="MODULE:OBJECT",
        help="also offer this game object (plug-ins and tests); may be repeated",
    )


def player_specs(text: str) -> list[str]:
    specs = [part.strip() for part in text.split(",")]
    if not all(specs):
        raise KaidoError(f"--players must be a comma-separated list of seats, got {text!r}")
    return specs


def game_and_options(args: argparse.Namespace, seats: int) -> tuple[Game[Any], Options]:
    game = get_game(args.game)
    raw: dict[str, Any] = dict(parse_option_text(args.options))
    if "players" in raw:
        raise KaidoError("the player count comes from --players, not --options")
    raw["players"] = seats
    return game, game.make_options(raw)


def seed_of(args: argparse.Namespace) -> int:
    return args.seed if args.seed is not None else secrets.randbelow(2**31)


def make_seats(game: Game[Any], specs: list[str], game_seed: int) -> list[Agent | None]:
    """One agent per bot seat; None for a human seat."""
    return [
        None if spec == HUMAN else make_agent(spec, game, agent_seed(game_seed, seat))
        for seat, spec in enumerate(specs)
    ]


def progress_bar(console: Console, *, transient: bool) -> Progress:
    """A bar with what is done of how much and the time left."""
    return Progress(
        "[progress.description]{task.description}",
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=console,
        transient=transient,
    )
