"""`kaido train`: expert iteration for one game (self-play, training, gauntlets, a learning
curve), and `kaido selfplay`: self-play data between any bots. Both resume where they
stopped when run again with the same settings."""

from __future__ import annotations

import argparse
import importlib.util
import os
from pathlib import Path
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

from kaido.agents import parse_spec
from kaido.cli.common import add_register_argument, player_specs
from kaido.core.errors import KaidoError
from kaido.core.options import Options, parse_option_text
from kaido.games import get_game, register_specs
from kaido.learn.iterate import Run, best_model, curve_json, default_plan, iterate
from kaido.learn.selfplay import SelfPlayPlan, SelfPlayStore, generate, play_selfplay
from kaido.tournament.run import make_runner


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "train",
        help="train a model for a game by expert iteration (resumable)",
        description="Expert iteration: self-play by the current search, a network fitted to "
        "the games (policy and value), kept only if its search beats the previous model's in "
        "a gauntlet; the learning curve (win rate against the heuristic by iteration, 95%% "
        "intervals) in OUT/curve.png and OUT/curve.json. Run the same command again to go on "
        "after an interruption. Needs the learn extra: pip install 'kaido[learn]'.",
    )
    parser.add_argument("game", help="the game id (see `kaido games`)")
    parser.add_argument("--players", type=int, default=None, help="seats (default: the game's)")
    parser.add_argument("--options", default="", help="game options as name=value,...")
    parser.add_argument("--iterations", type=int, default=5, help="iterations (default 5)")
    parser.add_argument("--games", type=int, default=100, help="self-play games an iteration")
    parser.add_argument(
        "--search",
        default="mcts:iterations=200",
        metavar="SPEC",
        help="the search that plays and is measured, without a model (default mcts:iterations=200)",
    )
    parser.add_argument(
        "--bootstrap",
        default=None,
        metavar="SPEC",
        help="who plays the first games (default: the game's heuristic, else the search)",
    )
    parser.add_argument(
        "--gauntlet", type=int, default=100, help="games of each gauntlet and curve point"
    )
    parser.add_argument(
        "--against", default=None, metavar="SPEC", help="the curve's opponent (default heuristic)"
    )
    parser.add_argument("--window", type=int, default=3, help="iterations of games trained on")
    parser.add_argument("--hidden", default="256,256", help="hidden layer widths (default 256,256)")
    parser.add_argument("--epochs", type=int, default=20, help="training epochs (default 20)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the whole run (default 0)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (0 = per core)")
    parser.add_argument("--ray", default=None, metavar="ADDRESS", help="run on Ray (or local)")
    parser.add_argument("--out", type=Path, default=None, help="output folder")
    add_register_argument(parser)
    parser.set_defaults(run=run)

    selfplay = subparsers.add_parser(
        "selfplay",
        help="play games between bots and keep every decision as training data (resumable)",
        description="Self-play data: every decision's encoding, legal moves and target (a "
        "search's visit counts, else the move played), and each seat's share of a win, one "
        "file per game in OUT/games. Run the same command again to go on.",
    )
    selfplay.add_argument("game", help="the game id (see `kaido games`)")
    selfplay.add_argument(
        "--players", required=True, help="bot specs, comma-separated (seats rotate by game)"
    )
    selfplay.add_argument("--options", default="", help="game options as name=value,...")
    selfplay.add_argument(
        "--teacher",
        default="",
        metavar="SPEC",
        help="a bot that labels the first --players bot's decisions (DAgger): those seats "
        "play their own moves and store the teacher's target at each of their positions",
    )
    selfplay.add_argument("--games", type=int, default=100, help="games to play")
    selfplay.add_argument("--seed", type=int, default=0, help="seed of game 1 (default 0)")
    selfplay.add_argument("--jobs", type=int, default=1, help="worker processes (0 = per core)")
    selfplay.add_argument("--ray", default=None, metavar="ADDRESS", help="run on Ray (or local)")
    selfplay.add_argument("--out", type=Path, required=True, help="output folder")
    add_register_argument(selfplay)
    selfplay.set_defaults(run=run_selfplay)


def _options(args: argparse.Namespace, players: int | None) -> Options:
    game = get_game(args.game)
    raw: dict[str, Any] = dict(parse_option_text(args.options))
    if "players" in raw:
        raise KaidoError("the player count comes from --players, not --options")
    if players is not None:
        raw["players"] = players
    return game.make_options(raw)


def _progress(console: Console) -> Progress:
    return Progress(
        "[progress.description]{task.description}",
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        "eta",
        TimeRemainingColumn(),
        console=console,
    )


def run(args: argparse.Namespace) -> int:
    missing = [name for name in ("jax", "optax") if importlib.util.find_spec(name) is None]
    if missing:
        raise KaidoError(f"kaido train needs {' and '.join(missing)}: pip install 'kaido[learn]'")
    register_specs(args.register)
    options = _options(args, args.players)
    try:
        hidden = [int(size) for size in args.hidden.split(",")]
    except ValueError:
        raise KaidoError(f"--hidden takes widths such as 256,256, not {args.hidden!r}") from None
    if not hidden or min(hidden) < 1 or args.epochs < 1:
        raise KaidoError("--hidden needs positive widths and --epochs at least 1")
    plan = default_plan(
        args.game,
        options,
        iterations=args.iterations,
        games=args.games,
        search=args.search,
        bootstrap=args.bootstrap,
        gauntlet=args.gauntlet,
        against=args.against,
        window=args.window,
        seed=args.seed,
        train={"hidden": hidden, "epochs": args.epochs},
    )
    out = args.out or Path(f"train-{plan.game}-{options['players']}p")
    console = Console()
    jobs = args.jobs if args.jobs > 0 else (os.cpu_count() or 1)
    with _progress(console) as progress:
        runs = Run(out, jobs, args.ray, tuple(args.register), progress, progress.console.print)
        records = iterate(plan, runs)
    print_curve(console, curve_json(plan, records))
    best = best_model(records)
    if best is None:
        console.print(f"no model beat the search without one; the run is in {out}")
    else:
        console.print(f"best model: {out / best} (play it with mcts:model={out / best})")
    return 0


def print_curve(console: Console, curve: dict[str, Any]) -> None:
    table = Table(title=f"{curve['game']}, {curve['players']} players: against {curve['against']}")
    for column in ("iteration", "model", "search win rate (95%)", "policy win rate (95%)"):
        table.add_column(column, justify="right")

    def rate(point: dict[str, Any] | None) -> str:
        if point is None:
            return "-"
        return f"{point['rate']:.1%} ({point['low']:.0%}-{point['high']:.0%}) of {point['games']}"

    for row in curve["iterations"]:
        model = row["model"] or "none"
        table.add_row(
            str(row["iteration"]), model, rate(row.get("search")), rate(row.get("policy"))
        )
    console.print(table)


def run_selfplay(args: argparse.Namespace) -> int:
    register_specs(args.register)
    specs = tuple(player_specs(args.players))
    options = _options(args, len(specs))
    if args.games < 1:
        raise KaidoError("--games must be at least 1")
    game = get_game(args.game)
    teacher = args.teacher.strip()
    if teacher:
        parse_spec(teacher, game)  # a KaidoError now rather than in every game
    plan = SelfPlayPlan(game.id, options, specs, args.games, args.seed, teacher)
    store = SelfPlayStore(args.out)
    console = Console()
    jobs = args.jobs if args.jobs > 0 else (os.cpu_count() or 1)
    runner = make_runner(play_selfplay, jobs, args.ray)  # before the progress bar's thread
    done = len(store.finished())
    try:
        with _progress(console) as progress:
            bar = progress.add_task(f"self-play {plan.game}", total=plan.games, completed=done)
            played = generate(store, plan, runner, lambda _: progress.advance(bar), args.register)
    except KeyboardInterrupt:
        stored = len(store.finished())
        console.print(f"interrupted: {stored} of {plan.games} games stored; run it again to go on")
        return 130
    decisions = sum(data.decisions for data in store.games())
    console.print(f"{played} games played now; {decisions} decisions stored in {args.out}")
    return 0
