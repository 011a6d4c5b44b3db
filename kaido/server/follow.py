"""The client's side of a table's WebSocket, for Python clients (tests, benchmarks): whole
states and patches in, the whole state out, as the browser keeps it (kaido/web/table.js).

A state message (`type` "state") carries everything and its `revision`; a patch (`type`
"patch") carries the RFC 6902 operations from the state of revision `base` to its own
`revision`, and the log's new part. Patches are applied with the `jsonpatch` library, not
the server's own code, so following a game checks what the server sends."""

from __future__ import annotations

import marshal
from collections.abc import Collection
from typing import Any

import jsonpatch

from kaido.server.messages import LOG_KEYS

SYNC = {"type": "sync"}
"""The message that asks for the whole state again."""


class PatchGap(Exception):
    """A patch that does not follow the state held (a message was missed): send `SYNC`."""


class Follower:
    """One connection's state. `take` returns each state or patch message as the whole state
    message it stands for (the log's new part as sent, `revision` left out), and any other
    message as it came.

    `keys`: the state's fields to follow, for a client that reads only some (the load
    benchmark reads `version` and `legal`): the rest, and the patch operations under them,
    are left out, so that a client standing for many browsers costs less than they would.
    `type` and the log are always kept."""

    def __init__(self, keys: Collection[str] | None = None) -> None:
        self.revision: int | None = None
        self.fields: dict[str, Any] = {}
        self.keys = None if keys is None else frozenset({*keys, "type", *LOG_KEYS})

    def take(self, message: dict[str, Any]) -> dict[str, Any]:
        kind = message.get("type")
        if kind == "state":
            state = {
                name: value
                for name, value in message.items()
                if name != "revision" and self._kept(name)
            }
            self.revision = message.get("revision")  # None from a server without patches
            self.fields = {name: value for name, value in state.items() if name not in LOG_KEYS}
            return state
        if kind != "patch":
            return message
        if message["base"] != self.revision:
            raise PatchGap(f"a patch from revision {message['base']}, held {self.revision}")
        # Patched on a copy, so the messages returned before stay as they were: marshal's
        # copy of JSON's types takes a seventh of the time of the deep copy jsonpatch makes
        # by default, which was 43% of the load benchmark's client.
        fields = marshal.loads(marshal.dumps(self.fields))
        ops = message["ops"]
        if self.keys is not None:  # a path is "/field/...": the field is its first token
            ops = [op for op in ops if self._kept(op["path"].split("/", 2)[1])]
        self.fields = jsonpatch.apply_patch(fields, ops, in_place=True)
        self.revision = message["revision"]
        log = {name: message[name] for name in LOG_KEYS if name in message}
        return {**self.fields, **log}

    def _kept(self, name: str) -> bool:
        return self.keys is None or name in self.keys
