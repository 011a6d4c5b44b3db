"""`kaido`: the command-line entry point. Each subcommand lives in its own module."""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from rich.console import Console
from rich.markup import escape

from kaido.core.errors import KaidoError

# Subcommand modules; each has `add_parser(subparsers)` and `run(args) -> int`.
COMMANDS = (
    "games",
    "play",
    "replay",
    "review",
    "simulate",
    "tournament",
    "report",
    "train",
    "serve",
    "ratings",
)

err_console = Console(stderr=True, highlight=False, soft_wrap=True)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="kaido",
        description="Play and simulate transport-and-trade board games.",
    )
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for name in COMMANDS:
        importlib.import_module(f"kaido.cli.{name}").add_parser(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        code: int = args.run(args)
    except KaidoError as error:
        err_console.print(f"[bold red]kaido:[/] {escape(str(error))}", markup=True, highlight=False)
        return 2
    except KeyboardInterrupt:
        err_console.print("kaido: interrupted")
        return 130
    except BrokenPipeError:
        return 0
    return code


if __name__ == "__main__":
    sys.exit(main())
