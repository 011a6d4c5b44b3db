"""What the server sends about a game, built only from what the viewer may see.

Every game-dependent part of a message comes from `game.view(state, viewer)`,
`Event.for_viewer(viewer)` (with `describe`), `game.prompt` (what is asked now, public) and,
for the player who decides now, their own `legal_actions`. Nothing else about the state
leaves the server.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import orjson

from kaido.core.events import Event
from kaido.core.game import Game, Lang
from kaido.core.options import Options


@dataclass(frozen=True)
class LogStep:
    """One accepted action as the log shows it: who acted and what happened."""

    number: int
    player: int
    events: tuple[Event, ...]


def log_entry(
    game: Game[Any], step: LogStep, viewer: int | None, lang: Lang, options: Options
) -> dict[str, Any]:
    """A step of the move log as `viewer` may see it. The action itself is not included:
    another player's choice may be secret (which cards they discarded); events say what
    may be said."""
    return {
        "step": step.number,
        "player": step.player,
        "events": [
            {"data": event.for_viewer(viewer), "text": game.describe(event, viewer, lang, options)}
            for event in step.events
        ],
    }


FORESEEN = 40
"""Legal actions up to this many are each played out on a copy for their help
(`Game.action_help`); a longer list (Cargo Empire's hundreds of transports) is not."""


def legal_list(game: Game[Any], state: Any, lang: Lang) -> list[dict[str, Any]]:
    legal = game.legal_actions(state)
    foresee = len(legal) <= FORESEEN
    return [
        {
            "action": action.to_json(),
            "text": game.action_text(action, lang, state.options),
            "help": game.action_help(state, action, lang, foresee=foresee),
        }
        for action in legal
    ]


def game_part(
    game: Game[Any],
    state: Any,
    log: Sequence[LogStep],
    viewer: int | None,
    lang: Lang,
    *,
    log_from: int,
    may_act: bool,
) -> dict[str, Any]:
    """The game-dependent fields of a state message. `may_act`: the viewer holds the seat
    that decides now and plays it in person, so its legal actions are listed."""
    over = game.is_over(state)
    to_move = game.to_move(state)
    return {
        "to_move": to_move,
        "view": game.view(state, viewer),
        "prompt": game.prompt(state, lang),
        "legal": legal_list(game, state, lang) if may_act and not over else [],
        "log_from": log_from,
        "log": [log_entry(game, step, viewer, lang, state.options) for step in log[log_from:]],
        "result": game.result(state).to_json() if over else None,
        "players": [
            game.player_name(p, lang, state.options) for p in range(game.num_players(state))
        ],
    }


def json_text(value: Any) -> str:
    """`value` as JSON text, as the json module writes it but for spacing and non-ASCII
    characters (written as themselves): by orjson, which takes a seventh of the json
    module's time on a move's message (bench/README.md). An integer past 64 bits, which
    orjson refuses, is written by the json module."""
    try:
        return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode()
    except orjson.JSONEncodeError:
        return json.dumps(value)


LOG_KEYS = ("log_from", "log")
"""A state message's log part: already sent as what is new (entries from `log_from` on), so
it is left out of the changes between two messages."""


Texts = dict[Any, "str | Texts"]
"""A message's fields as JSON text, an object's keys one by one: what a connection was last
sent, kept as strings (which the garbage collector never looks at) and compared as text."""


def texts_of(fields: dict[Any, Any], leave_out: tuple[str, ...] = ()) -> Texts:
    """`fields` as `Texts`, but the top-level keys in `leave_out`: each value encoded once,
    objects key by key."""
    return {
        key: texts_of(value) if type(value) is dict else json_text(value)
        for key, value in fields.items()
        if key not in leave_out
    }


def changes(before: Texts, after: Texts) -> list[dict[str, Any]]:
    """RFC 6902 (JSON Patch) operations that turn the message `before` into `after`:
    objects are compared key by key, anything else that differs is replaced whole (a
    view's lists are short, and finding what moved in them costs more than it saves).
    Values are the texts themselves (`orjson.Fragment`), not encoded again."""
    operations: list[dict[str, Any]] = []
    _compare(before, after, "", operations)
    return operations


def _compare(before: Texts, after: Texts, path: str, out: list[dict[str, Any]]) -> None:
    for key, value in after.items():
        if key not in before:
            out.append({"op": "add", "path": f"{path}/{_pointer_token(key)}", "value": _raw(value)})
            continue
        old = before[key]
        if old == value:
            continue  # most keys: their path is not worth writing
        at = f"{path}/{_pointer_token(key)}"
        if type(old) is dict and type(value) is dict:
            _compare(old, value, at, out)
        else:
            out.append({"op": "replace", "path": at, "value": _raw(value)})
    for key in before:
        if key not in after:
            out.append({"op": "remove", "path": f"{path}/{_pointer_token(key)}"})


def encoded(value: Any) -> orjson.Fragment:
    """`value` encoded now, to be written as it is inside a message encoded later."""
    return orjson.Fragment(json_text(value))


def _raw(texts: str | Texts) -> orjson.Fragment:
    return orjson.Fragment(texts if isinstance(texts, str) else _object_text(texts))


def _object_text(texts: Texts) -> str:
    members = (
        f"{json_text(_key_text(key))}:{value if isinstance(value, str) else _object_text(value)}"
        for key, value in texts.items()
    )
    return "{" + ",".join(members) + "}"


def _key_text(key: Any) -> str:
    """A key as JSON writes it as an object's key (1 -> "1", True -> "true")."""
    return key if isinstance(key, str) else json.dumps(key)


def _pointer_token(key: Any) -> str:
    """A key as a JSON Pointer token (RFC 6901); keys that are not strings as JSON writes
    them as object keys (1 -> "1", True -> "true")."""
    return _key_text(key).replace("~", "~0").replace("/", "~1")
