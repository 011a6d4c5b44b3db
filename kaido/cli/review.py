"""`kaido review`: a finished game's review in the terminal (kaido/review)."""

from __future__ import annotations

import argparse
import json
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from kaido.cli.common import progress_bar
from kaido.core.game import Game, Lang
from kaido.core.options import Options
from kaido.core.records import Record, Replayer
from kaido.games import get_game
from kaido.review import Review, default_estimator, review_record
from kaido.review.estimate import WORLDS
from kaido.review.review import MARGIN

SPARKS = "▁▂▃▄▅▆▇█"
WIDTH = 60
"""Columns of the chances' sparklines."""

WORDS: dict[Lang, dict[str, str]] = {
    "en": {
        "reviewing": "reviewing",
        "chances": "Chance of winning, as each player saw the game",
        "turning": "Turning points",
        "step": "step",
        "bot": "bot",
        "accuracy": "Accuracy (moves within {margin:.0%} of the bot's)",
        "player": "player",
        "decisions": "decisions",
        "accurate": "accurate",
        "hints": "hints",
        "facts": "Facts",
        "hinted": "hint taken",
        "estimator": "estimates: {name}",
    },
    "ja": {
        "reviewing": "検討中",
        "chances": "勝つ見込み（各プレイヤーから見た）",
        "turning": "転換点",
        "step": "手",
        "bot": "ボット",
        "accuracy": "正確さ（ボットの手との差が{margin:.0%}以内の手）",
        "player": "プレイヤー",
        "decisions": "選択",
        "accurate": "正確",
        "hints": "ヒント",
        "facts": "出来事",
        "hinted": "ヒント使用",
        "estimator": "見積もり: {name}",
    },
}


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "review",
        help="review a finished game: chances, turning points, accuracy",
        description="Review a record: each player's chance of winning at every point as "
        "they saw the game, the turning points, each player's accuracy against the bot "
        "and the game's own facts.",
    )
    parser.add_argument("record", help="the record file (JSON)")
    parser.add_argument("--lang", choices=("en", "ja"), default="en", help="language of the text")
    parser.add_argument(
        "--worlds",
        type=int,
        default=WORLDS,
        help="deals of the hidden information per estimate (more: steadier, slower)",
    )
    parser.add_argument(
        "--json", action="store_true", help="print the review as JSON instead of text"
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    record = Record.load(args.record)
    game = get_game(record.game)
    options = Replayer(game, record).options  # checks game, version and options first
    console = Console(stderr=args.json)
    words = WORDS[args.lang]
    with progress_bar(console, transient=True) as progress:
        bar = progress.add_task(words["reviewing"], total=len(record.actions) + 1)

        def advance(done: int, total: int) -> None:
            progress.update(bar, completed=done, total=total)

        estimator = default_estimator(game, args.worlds)
        review = review_record(game, record, estimator, progress=advance)
    if args.json:
        print(json.dumps(review.to_json(), ensure_ascii=False))
        return 0
    show(console, game, options, record, review, args.lang)
    return 0


def show(
    console: Console, game: Game[Any], options: Options, record: Record, review: Review, lang: Lang
) -> None:
    words = WORDS[lang]
    names = [_name(game, options, record, seat, lang) for seat in range(len(review.chances[0]))]
    table = game.action_table(options)

    def move(value: list[Any]) -> str:
        return escape(game.action_text(table.from_json(value), lang, options))

    console.print(f"[bold]{escape(words['chances'])}[/]")
    label = max(len(name) for name in names)
    width = max(10, min(WIDTH, console.width - label - 10))
    for seat, name in enumerate(names):
        curve = [point[seat] for point in review.chances]
        console.print(f"  {escape(name):<{label}} {sparkline(curve, width)} {curve[-1]:>4.0%}")
    console.print(f"\n[bold]{escape(words['turning'])}[/]")
    for point in review.turning_points:
        decision = review.decisions[point.step]
        bot = ""
        if decision.best is not None and decision.best != decision.played:
            bot = f" ({words['bot']}: {move(decision.best)})"
        console.print(
            f"  {words['step']} {point.step:>4}  {escape(names[decision.seat])}: "
            f"{move(decision.played)}{bot}  →  {escape(names[point.seat])} {point.swing:+.0%}"
        )
    console.print(f"\n[bold]{escape(words['accuracy'].format(margin=MARGIN))}[/]")
    grid = Table(words["player"], words["decisions"], words["accurate"], words["hints"])
    for row in review.accuracy:
        share = "—" if row.share is None else f"{row.share:.0%}"
        grid.add_row(escape(names[row.seat]), str(row.decisions), share, str(row.hints))
    console.print(grid)
    if review.facts:
        console.print(f"[bold]{escape(words['facts'])}[/]")
        for fact in review.facts:
            console.print(f"  {words['step']} {fact.step:>4}  {escape(fact.text[lang])}")
    hinted = [d for d in review.decisions if d.hinted]
    for decision in hinted:
        console.print(
            f"  {words['step']} {decision.step:>4}  {escape(names[decision.seat])}: "
            f"{words['hinted']}"
        )
    console.print(f"[dim]{escape(words['estimator'].format(name=review.estimator))}[/]")


def sparkline(values: list[float], width: int = WIDTH) -> str:
    """`values` (chances in [0, 1]) as a row of `width` bars, each the mean of its slice."""
    count = len(values)
    columns = min(width, count)
    out = []
    for k in range(columns):
        part = values[k * count // columns : (k + 1) * count // columns]
        mean = sum(part) / len(part)
        out.append(SPARKS[min(len(SPARKS) - 1, int(mean * len(SPARKS)))])
    return "".join(out)


def _name(game: Game[Any], options: Options, record: Record, seat: int, lang: Lang) -> str:
    name = game.player_name(seat, lang, options)
    if record.players and seat < len(record.players):
        return f"{name} ({record.players[seat]})"
    return name
