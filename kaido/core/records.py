"""Records: `{game, rules_version, options, seed, actions, result}`.

A record is the whole game: replaying its actions from the seeded set-up reproduces every
state exactly. Saved games, server persistence, bug reports and golden tests are records.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

from kaido.core.actions import Action
from kaido.core.errors import ActionFormatError, IllegalAction, KaidoError, RecordError
from kaido.core.events import Event
from kaido.core.game import Game
from kaido.core.options import Options
from kaido.core.result import Result

FORMAT: Final = "kaido-record"
REQUIRED: Final = ("game", "rules_version", "options", "seed", "actions")


@dataclass
class Record:
    game: str
    rules_version: str
    options: Options
    seed: int
    actions: list[list[Any]] = field(default_factory=list)
    result: Result | None = None
    players: list[str] | None = None
    """Who sat in each seat (a name or a bot's description); not needed to replay."""
    hints: list[list[int]] | None = None
    """`[step, seat]` of each hint a player took (kaido/review), the step being the number
    of actions made before it; not needed to replay."""

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "format": FORMAT,
            "game": self.game,
            "rules_version": self.rules_version,
            "options": self.options,
            "seed": self.seed,
            "actions": self.actions,
            "result": self.result.to_json() if self.result else None,
        }
        if self.players is not None:
            out["players"] = self.players
        if self.hints is not None:
            out["hints"] = self.hints
        return out

    def dumps(self) -> str:
        """Readable JSON with one action per line, so records diff well."""
        body = self.to_json()
        actions = body.pop("actions")
        text = json.dumps(body, indent=2, ensure_ascii=False)
        lines = ",\n".join("    " + json.dumps(a, ensure_ascii=False) for a in actions)
        block = f'"actions": [\n{lines}\n  ]' if actions else '"actions": []'
        return text[:-2] + ",\n  " + block + "\n}\n"

    @classmethod
    def from_json(cls, value: Any) -> Record:
        if not isinstance(value, dict):
            raise RecordError("a record must be a JSON object")
        missing = [key for key in REQUIRED if key not in value]
        if missing:
            raise RecordError(f"the record has no {', '.join(repr(k) for k in missing)}")
        checks: list[tuple[str, Callable[[Any], bool], str]] = [
            ("game", lambda v: isinstance(v, str), "a string"),
            ("rules_version", lambda v: isinstance(v, str), "a string"),
            ("options", lambda v: isinstance(v, dict), "an object"),
            ("seed", lambda v: isinstance(v, int) and not isinstance(v, bool), "an integer"),
            ("actions", lambda v: isinstance(v, list), "a list"),
        ]
        for key, ok, kind in checks:
            if not ok(value[key]):
                raise RecordError(f"the record's {key!r} must be {kind}")
        players = value.get("players")
        if players is not None and not (
            isinstance(players, list) and all(isinstance(p, str) for p in players)
        ):
            raise RecordError("the record's 'players' must be a list of strings")
        hints = value.get("hints")
        if hints is not None and not (
            isinstance(hints, list) and all(_is_step_and_seat(h) for h in hints)
        ):
            raise RecordError("the record's 'hints' must be a list of [step, seat] pairs")
        result = value.get("result")
        return cls(
            game=value["game"],
            rules_version=value["rules_version"],
            options=value["options"],
            seed=value["seed"],
            actions=value["actions"],
            result=Result.from_json(result) if result is not None else None,
            players=players,
            hints=hints,
        )

    @classmethod
    def loads(cls, text: str) -> Record:
        try:
            value = json.loads(text)
        except json.JSONDecodeError as error:
            raise RecordError(f"not a JSON record: {error}") from None
        return cls.from_json(value)

    def save(self, path: str | Path) -> None:
        Path(path).write_text(self.dumps(), encoding="utf-8")

    @classmethod
    def load(cls, path: str | Path) -> Record:
        try:
            text = Path(path).read_text(encoding="utf-8")
        except OSError as error:
            raise RecordError(f"cannot read {path}: {error.strerror or error}") from None
        except UnicodeDecodeError:
            raise RecordError(f"{path} is not a text file") from None
        return cls.loads(text)


def _is_step_and_seat(value: Any) -> bool:
    return (
        isinstance(value, list)
        and len(value) == 2
        and all(isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in value)
    )


@dataclass(frozen=True)
class Step:
    """One replayed step: its number (from 1), who acted, the action and its events."""

    number: int
    player: int
    action: Action
    events: tuple[Event, ...]


class Replayer:
    """Replays a record step by step, checking every action against the rules."""

    def __init__(self, game: Game[Any], record: Record) -> None:
        if record.game != game.id:
            raise RecordError(f"the record is of {record.game!r}, not {game.id!r}")
        if record.rules_version != game.rules_version:
            raise RecordError(
                f"the record was made under {game.id} rules version {record.rules_version!r}; "
                f"this Kaido plays version {game.rules_version!r}"
            )
        try:
            self.options = game.make_options(record.options)
        except KaidoError as error:
            raise RecordError(f"the record's options: {error}") from None
        self.game = game
        self.record = record
        self.table = game.action_table(self.options)
        self.state = game.setup(self.options, record.seed)

    def steps(self, *, narrate: bool = False) -> Iterator[Step]:
        game, state = self.game, self.state
        for number, value in enumerate(self.record.actions, start=1):
            try:
                action = self.table.from_json(value)
            except ActionFormatError as error:
                raise RecordError(f"step {number}: {error}") from None
            if game.is_over(state):
                raise RecordError(f"step {number}: the game was already over")
            player = game.to_move(state)
            try:
                events = game.apply(state, action, narrate=narrate)
            except IllegalAction as error:
                written = game.action_text(action, "en", state.options)
                raise RecordError(f"step {number} ({written}) is illegal: {error}") from None
            yield Step(number, player, action, tuple(events))

    def run(self) -> Any:
        """Replay every step; the final state. Checks the stored result if there is one."""
        for _ in self.steps():
            pass
        if self.record.result is not None:
            if not self.game.is_over(self.state):
                raise RecordError("the record has a result but its game is not over")
            if self.game.result(self.state) != self.record.result:
                raise RecordError("the record's result differs from the replayed game's")
        return self.state


def replay(game: Game[Any], record: Record) -> Any:
    """The final state of `record`, replayed and checked step by step."""
    return Replayer(game, record).run()
