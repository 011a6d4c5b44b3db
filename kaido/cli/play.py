"""`kaido play`: a game in the terminal, humans and bots at one table."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from typing import Any

from rich.columns import Columns
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from kaido.agents import Agent
from kaido.cli.common import (
    HUMAN,
    add_game_arguments,
    game_and_options,
    make_seats,
    player_specs,
    seed_of,
)
from kaido.core.actions import Action
from kaido.core.errors import IllegalAction, KaidoError
from kaido.core.events import Event
from kaido.core.game import Game, Lang
from kaido.core.match import Match
from kaido.core.records import Record

TEXT: dict[Lang, dict[str, str]] = {
    "en": {
        "start": "{game}, seed {seed}. Type a number or an action; 'help' for commands.",
        "prompt": "{player}> ",
        "help": (
            "number or action text: take that action | undo: take back your last decision | "
            "board: draw the board again | save FILE: save the game | quit: leave"
        ),
        "saved": "Saved to {path}. Replay it with: kaido replay {path}",
        "undone": "Undone: {action}",
        "unknown": "{error} (type 'help' for commands)",
        "refused": "Refused: {error}",
        "over": "Game over.",
        "left": "Left the game. Save first with 'save FILE' to keep it.",
        "seat": "seat",
        "player": "player",
        "score": "score",
        "place": "place",
        "your_move": "{player}, your decision: {prompt}",
    },
    "ja": {
        "start": "{game}、シード {seed}。番号か行動を入力してください。'help' でコマンド一覧。",
        "prompt": "{player}> ",
        "help": (
            "番号または行動: その行動を行う | undo: 直前の自分の決定を取り消す | "
            "board: 盤面を再表示 | save ファイル: 保存 | quit: 終了"
        ),
        "saved": "{path} に保存しました。再生: kaido replay {path}",
        "undone": "取り消しました: {action}",
        "unknown": "{error}('help' でコマンド一覧)",
        "refused": "できません: {error}",
        "over": "ゲーム終了。",
        "left": "ゲームを離れました。残すには先に 'save ファイル' で保存してください。",
        "seat": "席",
        "player": "プレイヤー",
        "score": "得点",
        "place": "順位",
        "your_move": "{player} の番です：{prompt}",
    },
}


def add_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "play",
        help="play a game in the terminal against bots or friends",
        description="Play a game in the terminal. Seats are human or bots "
        "(random, greedy, mcts, ismcts, a game's own bots such as heuristic, or your own "
        "as MODULE:CLASS: docs/bots.md).",
    )
    add_game_arguments(
        parser, players_help="one entry per seat, e.g. human,mcts:time=0.5,heuristic,random"
    )
    parser.add_argument(
        "--resume",
        default=None,
        metavar="RECORD",
        help="continue a saved game (GAME and --players must match it; --seed/--options are "
        "taken from the record)",
    )
    parser.add_argument("--lang", choices=("en", "ja"), default="en", help="language of the text")
    parser.add_argument("--save", default=None, help="save the record to this file at the end")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    specs = player_specs(args.players)
    game, options = game_and_options(args, len(specs))
    if args.resume:
        record = Record.load(args.resume)
        if record.game != game.id:
            raise KaidoError(f"{args.resume} is a game of {record.game}, not {game.id}")
        match = Match.from_record(game, record)
        if game.num_players(match.state) != len(specs):
            raise KaidoError(f"{args.resume} has {game.num_players(match.state)} seats")
        match.players = specs
    else:
        match = Match(game, options, seed_of(args), players=specs)
    seed = match.seed
    session = TerminalSession(match, make_seats(game, specs, seed), Console(), args.lang)
    finished = session.run()
    if finished and args.save:
        session.save(args.save)
    return 0


class TerminalSession:
    """Drives a match: humans answer at the prompt, bots move with their moves narrated."""

    def __init__(
        self,
        match: Match,
        seats: Sequence[Agent | None],
        console: Console,
        lang: Lang = "en",
        ask: Callable[[str], str] | None = None,
    ) -> None:
        self.match = match
        self.game: Game[Any] = match.game
        self.seats = seats
        self.console = console
        self.lang = lang
        self.text = TEXT[lang]
        self.ask = ask or (lambda prompt: console.input(escape(prompt)))
        humans = [p for p, agent in enumerate(seats) if agent is None]
        # With one human, narrate what they may see; with several, what a spectator sees.
        self.narrator: int | None = humans[0] if len(humans) == 1 else None

    def say(self, key: str, **values: Any) -> None:
        self.console.print(self.text[key].format(**values), highlight=False)

    def run(self) -> bool:
        """Play until the game ends (True) or a human quits (False)."""
        game, match = self.game, self.match
        self.say("start", game=game.title[self.lang], seed=match.seed)
        while not match.is_over:
            player = match.to_move
            agent = self.seats[player]
            if agent is None:
                if not self.human_decision(player):
                    self.say("left")
                    return False
            else:
                action = agent.choose(game, match.state)
                self.narrate(player, action, match.play(action, trusted=True))
        self.show_result()
        return True

    def human_decision(self, player: int) -> bool:
        """Ask `player` until they act; False if they quit."""
        self.show_board(player)
        legal = self.game.legal_actions(self.match.state)
        self.show_menu(player, legal)
        name = self.game.player_name(player, self.lang, self.match.options)
        while True:
            try:
                line = self.ask(self.text["prompt"].format(player=name)).strip()
            except EOFError:
                return False
            command, _, rest = line.partition(" ")
            if not line:
                continue
            if command in ("quit", "exit", "q"):
                return False
            if command in ("help", "?"):
                self.say("help")
            elif command == "board":
                self.show_board(player)
                self.show_menu(player, legal)
            elif command == "save" and rest.strip():
                self.save(rest.strip())
            elif command == "undo":
                self.undo(player)
                return True
            else:
                action = self.pick(line, legal)
                if action is not None:
                    self.narrate(player, action, self.match.play(action))
                    return True

    def pick(self, line: str, legal: Sequence[Action]) -> Action | None:
        if line.isdigit() and 1 <= int(line) <= len(legal):
            return legal[int(line) - 1]
        try:
            return self.game.parse_action(self.match.state, line)
        except IllegalAction as error:  # an action of the game, not legal now: the clause
            self.say("refused", error=escape(str(error)))
            return None
        except KaidoError as error:
            self.say("unknown", error=escape(str(error)))
            return None

    def undo(self, player: int) -> None:
        try:
            action = self.match.undo(player)
        except KaidoError as error:
            self.console.print(escape(str(error)), style="yellow")
            return
        self.say("undone", action=self.game.action_text(action, self.lang, self.match.options))

    def save(self, path: str) -> None:
        try:
            self.match.record().save(path)
        except OSError as error:
            self.console.print(f"cannot save to {path}: {error.strerror}", style="red")
            return
        self.say("saved", path=path)

    def show_board(self, player: int | None) -> None:
        self.console.print(self.game.render(self.match.state, player, self.lang))

    def show_menu(self, player: int, legal: Sequence[Action]) -> None:
        self.say(
            "your_move",
            player=self.game.player_name(player, self.lang, self.match.options),
            prompt=escape(self.game.prompt(self.match.state, self.lang)),
        )
        options = self.match.options
        entries = [
            f"[bold]{i:>3}[/] {escape(self.game.action_text(action, self.lang, options))}"
            for i, action in enumerate(legal, start=1)
        ]
        self.console.print(Columns(entries, column_first=True, padding=(0, 3)))

    def narrate(self, player: int, action: Action, events: Sequence[Event]) -> None:
        game, lang = self.game, self.lang
        options = self.match.options
        name = game.player_name(player, lang, options)
        lines = [f"[bold]{escape(name)}[/]: {escape(game.action_text(action, lang, options))}"]
        lines += [f"   {escape(game.describe(e, self.narrator, lang, options))}" for e in events]
        self.console.print("\n".join(lines), highlight=False)

    def show_result(self) -> None:
        game, state = self.game, self.match.state
        self.show_board(None)
        self.say("over")
        result = game.result(state)
        table = Table()
        for key in ("place", "seat", "player", "score"):
            table.add_column(self.text[key])
        specs = self.match.players or ["?"] * len(result.ranks)
        for player in sorted(range(len(result.ranks)), key=lambda p: result.ranks[p]):
            table.add_row(
                str(result.ranks[player]),
                game.player_name(player, self.lang, self.match.options),
                specs[player] if specs[player] != HUMAN else "human",
                f"{result.scores[player]:g}",
            )
        self.console.print(table)
