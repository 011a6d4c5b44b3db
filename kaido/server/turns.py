"""Whose turn it is at each table in play, kept in the database (`turns`): the lobby lists
the games where it is yours first, pages count them in their title, and turn mail reads
them (kaido/server/notify.py).

The table manager tells this observer of every change. A change of the person deciding is
written by a thread of its own, a batch at a time (the changes of a quarter of a second) and
the latest per table only, so a move never waits for it; a row lost to a crash is written
again when the table is replayed after the restart (the same person keeps the time their
turn began and whether they were mailed).
"""

from __future__ import annotations

import functools
import logging
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

from sqlalchemy import Engine, Executable, bindparam, delete, or_, select
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import Session

from kaido.server.db import TableRow, TurnRow
from kaido.server.runtime import TableRuntime

log = logging.getLogger("kaido.server")


def _insert(engine: Engine) -> sqlite.Insert | postgresql.Insert:
    """The database's own INSERT into `turns`, which has ON CONFLICT (standard SQL has not)."""
    if engine.dialect.name == "postgresql":
        return postgresql.insert(TurnRow)
    return sqlite.insert(TurnRow)


_DELETE = delete(TurnRow).where(TurnRow.table_id == bindparam("gone"))

GATHER_SECONDS = 0.25
"""How long the writer lets changes gather before it writes them: one transaction for many
tables (and a turn that came and went meanwhile not written at all), not one per move."""


@dataclass(frozen=True, slots=True)
class Told:
    """A table's change as the writer is to store it."""

    person: int | None
    since: float
    renewed: bool
    """A new turn even if the row names the same person."""


def deciding_person(runtime: TableRuntime) -> int | None:
    """The account that decides now at the table, if a person (not a bot) does."""
    match = runtime.match
    if runtime.info.status != "playing" or match is None or match.is_over:
        return None
    seat = match.to_move
    if runtime.played_by_bot(seat):
        return None
    return runtime.seat(seat).user_id


class Turns:
    """Observes the tables; writes `turns` rows behind them."""

    def __init__(self, engine: Engine, clock: Callable[[], float]) -> None:
        self.engine = engine
        self.clock = clock
        self._known: dict[str, int | None] = {}
        """The person last told to the writer, per table in memory."""
        self._pending: dict[str, Told] = {}
        self._wake = threading.Condition()
        self._stopped = False
        self._idle = threading.Event()
        self._idle.set()
        self._thread = threading.Thread(target=self._run, name="kaido-turns", daemon=True)
        self._thread.start()

    # ---- the observer -------------------------------------------------------------------

    def changed(self, runtime: TableRuntime) -> None:
        person = deciding_person(runtime)
        table_id = runtime.id
        with self._wake:
            if table_id in self._known and self._known[table_id] == person:
                return
            if person is None and runtime.info.status != "playing":
                self._known.pop(table_id, None)
            else:
                self._known[table_id] = person
            if not self._pending:  # the writer waits for the first change, then gathers
                self._wake.notify()
            # Told twice before a write: whoever decides now begins a new turn, even if the
            # row still names them (they moved and the turn came back).
            renewed = table_id in self._pending
            self._pending[table_id] = Told(person, self.clock(), renewed)
            self._idle.clear()

    def seen(self, runtime: TableRuntime, user_id: int) -> None:
        return None

    # ---- the writer ---------------------------------------------------------------------

    def _run(self) -> None:
        while True:
            with self._wake:
                while not self._pending and not self._stopped:
                    self._idle.set()
                    self._wake.wait()
                gathered = time.monotonic() + GATHER_SECONDS
                while not self._stopped and (left := gathered - time.monotonic()) > 0:
                    self._wake.wait(left)
                if not self._pending:
                    return
                batch, self._pending = self._pending, {}
            try:
                self._write(batch)
            except SQLAlchemyError as error:  # written again when the table is replayed
                log.error("whose turn it is was not stored: %s", str(error).splitlines()[0])

    def _write(self, batch: dict[str, Told]) -> None:
        """Each table's row as told, unless it already names that person and no new turn
        began: then their turn goes on (a replay after a restart tells it again), with its
        start and mail kept."""
        # One upsert and one delete a batch, each sent once with every table's parameters:
        # reading the rows first (an IN of the batch's tables) cost more than writing them.
        people = [
            {"table_id": t, "user_id": told.person, "since": told.since, "renewed": told.renewed}
            for t, told in batch.items()
            if told.person is not None
        ]
        nobody = [{"gone": t} for t, told in batch.items() if told.person is None]
        with self.engine.begin() as connection:
            if people:
                connection.execute(self._upsert, people)
            if nobody:
                connection.execute(_DELETE, nobody)

    @functools.cached_property
    def _upsert(self) -> Executable:
        """Insert the row, or take it over if it names someone else or a new turn began."""
        statement = _insert(self.engine).values(
            table_id=bindparam("table_id"),
            user_id=bindparam("user_id"),
            since=bindparam("since"),
            mailed=False,
        )
        taken_over = or_(TurnRow.user_id != statement.excluded.user_id, bindparam("renewed"))
        return statement.on_conflict_do_update(
            index_elements=[TurnRow.table_id],
            set_={
                "user_id": statement.excluded.user_id,
                "since": statement.excluded.since,
                "mailed": False,
            },
            where=taken_over,
        )

    def flush(self, timeout: float = 10.0) -> bool:
        """Wait until every change told so far is written (tests, shutting down)."""
        return self._idle.wait(timeout)

    def close(self) -> None:
        with self._wake:
            self._stopped = True
            self._wake.notify()
        self._thread.join(timeout=10)

    # ---- reading ------------------------------------------------------------------------

    def waiting_for(self, user_id: int) -> dict[str, float]:
        """The tables in play where `user_id` decides now, and since when."""
        with Session(self.engine) as session:
            rows = session.execute(
                select(TurnRow.table_id, TurnRow.since)
                .join(TableRow, TableRow.id == TurnRow.table_id)
                .where(TurnRow.user_id == user_id, TableRow.status == "playing")
            ).all()
        return {table_id: since for table_id, since in rows}
