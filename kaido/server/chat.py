"""Table chat: seated players and spectators who are signed in write short lines that
everyone watching the table sees at once; each table keeps its newest lines.

A line is plain text, cleaned so that it shows what it says: control characters become
spaces, characters that hide or reorder text are removed, combining marks are capped per
letter (`clean`), and the browser shows it as text, never as HTML.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from kaido.server.errors import BadRequest
from kaido.server.limits import Limits
from kaido.server.nodes import Bus
from kaido.server.store import Store, User
from kaido.server.tables import TableManager

MAX_CHARS = 300
"""The longest line, in characters (after it is cleaned)."""
MAX_MARKS = 4
"""Combining marks kept on one character: as many as any script's letters stack (Vietnamese
two, Tibetan and Thai three or four), too few to pile a line over its neighbours."""
KEEP = 200
"""Lines kept per table (older ones are deleted)."""
SHOWN = 50
"""Lines sent to a page that opens the table."""
REMOVED_CATEGORIES = frozenset({"Cf", "Co", "Cn", "Cs"})
"""Unicode's format characters (invisible ones, text direction, joiners, tags, interlinear
annotations), private-use, unassigned and lone surrogate code points."""
FILLERS = frozenset("\u115f\u1160\u3164\uffa0")
"""Hangul fillers: letters by category that show nothing."""
_SPACES = re.compile(r"\s+")


def clean(text: Any) -> str:
    """The line as stored, or BadRequest saying why it cannot be."""
    if not isinstance(text, str):
        raise BadRequest("a chat message is text")
    kept: list[str] = []
    marks = 0
    for char in unicodedata.normalize("NFC", text):
        category = unicodedata.category(char)
        if category in REMOVED_CATEGORIES or char in FILLERS:
            continue
        if category.startswith("M"):
            marks += 1
            if marks > MAX_MARKS:
                continue
        else:
            marks = 0
        kept.append(" " if category == "Cc" else char)
    line = _SPACES.sub(" ", "".join(kept)).strip()
    if not line:
        raise BadRequest("a chat message cannot be empty")
    if len(line) > MAX_CHARS:
        raise BadRequest(f"a chat message is at most {MAX_CHARS} characters")
    return line


class Chat:
    def __init__(self, store: Store, tables: TableManager, limits: Limits, bus: Bus) -> None:
        self.store = store
        self.tables = tables
        self.limits = limits
        self.bus = bus
        bus.on("chat", self._heard)

    def post(self, user: User, table_id: str, text: Any) -> dict[str, Any]:
        """Store a line written by `user` at the table and send it to everyone watching,
        on whichever node they are connected."""
        line = clean(text)
        runtime = self.tables.get(table_id)  # NotFound for a table that does not exist
        self.limits.check(self.limits.chat_by_user, str(user.id))
        with runtime.lock:
            seat = runtime.seat_of(user.id)
        stored = self.store.add_chat(table_id, user, seat, line, keep=KEEP).to_json()
        self.bus.publish("chat", table=table_id, line=stored)
        return stored

    def _heard(self, event: dict[str, Any]) -> None:
        """A line written on any node: to the table's connections on this one."""
        self.tables.tell_watchers(event["table"], {"type": "chat", "messages": [event["line"]]})

    def recent(self, table_id: str) -> list[dict[str, Any]]:
        self.tables.get(table_id)  # NotFound for a table that does not exist
        return [line.to_json() for line in self.store.chat(table_id, SHOWN)]
