"""`kaido replay`: replay a saved record, checking every step against the rules."""

from __future__ import annotations

import argparse
from typing import Any

from rich.console import Console
from rich.markup import escape

from kaido.core.records import Record, Replayer
from kaido.games import get_game


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "replay",
        help="replay a saved game record",
        description="Replay a record (from `kaido play --save`, the terminal's `save`, or the "
        "server), checking every step against the rules.",
    )
    parser.add_argument("record", help="the record file (JSON)")
    parser.add_argument(
        "--step", action="store_true", help="pause after each move (Enter to go on, q to stop)"
    )
    parser.add_argument("--lang", choices=("en", "ja"), default="en", help="language of the text")
    parser.add_argument(
        "--viewer", type=int, default=None, help="see the game as this seat (1-based) sees it"
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    record = Record.load(args.record)
    game = get_game(record.game)
    replayer = Replayer(game, record)
    console = Console()
    viewer = None if args.viewer is None else args.viewer - 1
    lang = args.lang
    for step in replayer.steps(narrate=True):
        options = replayer.state.options
        name = escape(game.player_name(step.player, lang, options))
        action = escape(game.action_text(step.action, lang, options))
        console.print(f"[dim]{step.number:>5}[/] [bold]{name}[/]: {action}")
        for event in step.events:
            line = game.describe(event, viewer, lang, options)
            console.print(f"        {escape(line)}", highlight=False)
        if args.step:
            console.print(game.render(replayer.state, viewer, lang))
            if console.input("[dim]Enter: next, q: stop[/] ").strip().lower() == "q":
                return 0
    console.print(game.render(replayer.state, viewer, lang))
    if game.is_over(replayer.state):
        result = game.result(replayer.state)
        for player in sorted(range(len(result.ranks)), key=lambda p: result.ranks[p]):
            console.print(
                f"{result.ranks[player]}. "
                f"{escape(game.player_name(player, lang, replayer.state.options))}"
                f"  {result.scores[player]:g}"
            )
    else:
        console.print(f"The record stops after step {len(record.actions)}; the game is not over.")
    return 0
