"""Every database operation the server makes, each one transaction, returning plain data."""

from __future__ import annotations

import contextlib
import functools
import hashlib
import queue
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, Protocol

from sqlalchemy import (
    Dialect,
    Engine,
    bindparam,
    delete,
    func,
    insert,
    or_,
    select,
    update,
)
from sqlalchemy.engine.interfaces import DBAPIConnection
from sqlalchemy.exc import DBAPIError, IntegrityError
from sqlalchemy.orm import Session, sessionmaker
from sqlalchemy.pool import PoolProxiedConnection
from sqlalchemy.sql.dml import UpdateBase

from kaido.core.errors import KaidoError
from kaido.server.db import (
    ActionRow,
    Base,
    ChatRow,
    PreferenceRow,
    SeatRow,
    SessionRow,
    TableRow,
    UserRow,
    make_engine,
)
from kaido.server.messages import json_text
from kaido.server.names import name_key


class NameTaken(KaidoError):
    """An account name that is already in use."""


@dataclass(frozen=True)
class User:
    id: int
    name: str
    is_guest: bool


@dataclass
class Seat:
    seat: int
    kind: str
    bot: str | None = None
    user_id: int | None = None
    user_name: str | None = None
    timed_out: bool = False

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "kind": self.kind,
            "bot": self.bot,
            "user": self.user_name,
            "user_id": self.user_id,
            "timed_out": self.timed_out,
        }


@dataclass
class TableInfo:
    id: str
    game: str
    rules_version: str
    options: dict[str, Any]
    seed: int
    status: str
    private: bool
    created_by: int
    created_at: float
    updated_at: float
    version: int = 0
    move_seconds: int = 0
    deadline: float | None = None
    result: dict[str, Any] | None = None
    seats: list[Seat] = field(default_factory=list)
    hints: bool = False


@dataclass(frozen=True)
class ChatLine:
    id: int
    user_id: int
    name: str
    seat: int | None
    text: str
    at: float

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "user": self.name,
            "seat": self.seat,
            "text": self.text,
            "at": self.at,
        }


SESSIONS_A_QUERY = 500
"""Session tokens asked about in one query (`Store.session_users`)."""


class Store:
    def __init__(self, url: str) -> None:
        self.engine: Engine = make_engine(url)
        self._sessions = sessionmaker(self.engine, expire_on_commit=False)
        self._batcher = _Batcher(self.engine)
        self.fill_name_keys()

    def guard_writes(self, guard: WriteGuard) -> None:
        """Check `guard` first in every transaction of table changes (a node checks it is
        still alive: kaido/server/nodes.py)."""
        self._batcher.guard = guard

    def close(self) -> None:
        self._batcher.stop()
        self.engine.dispose()

    @contextmanager
    def _session(self) -> Iterator[Session]:
        with self._sessions.begin() as session:
            yield session

    # ---- users --------------------------------------------------------------------------

    def create_user(self, name: str, password_hash: str | None, *, is_guest: bool) -> User:
        """A new account; NameTaken if a name with the same key (auth.name_key) exists."""
        row = UserRow(
            name=name,
            name_key=name_key(name),
            password_hash=password_hash,
            is_guest=is_guest,
            created_at=time.time(),
        )
        try:
            with self._session() as session:
                session.add(row)
                session.flush()
                return User(row.id, row.name, row.is_guest)
        except IntegrityError:
            raise NameTaken(f"the name {name!r} is taken") from None

    def user_by_name(self, name: str) -> tuple[User, str | None] | None:
        """The user whose name has the key of `name`, and their password hash."""
        with self._session() as session:
            row = session.scalar(select(UserRow).where(UserRow.name_key == name_key(name)))
            if row is None:
                return None
            return User(row.id, row.name, row.is_guest), row.password_hash

    def set_password(self, user_id: int, password_hash: str) -> None:
        with self._session() as session:
            session.execute(
                update(UserRow).where(UserRow.id == user_id).values(password_hash=password_hash)
            )

    def fill_name_keys(self) -> None:
        """Give accounts made before names had keys theirs. Of two old accounts whose
        names now share a key, the later one (which could never sign in) gets a key of its
        own that no name can have."""
        with self._session() as session:
            rows = session.scalars(
                select(UserRow).where(UserRow.name_key.is_(None)).order_by(UserRow.id)
            ).all()
            for row in rows:
                key = name_key(row.name)
                taken = session.scalar(select(UserRow.id).where(UserRow.name_key == key))
                row.name_key = key if taken is None else f"{key}\n{row.id}"
                session.flush()

    # ---- sessions -----------------------------------------------------------------------

    def create_session(self, user_id: int, token: str, days: float) -> None:
        now = time.time()
        with self._session() as session:
            session.add(
                SessionRow(
                    token_hash=_token_hash(token),
                    user_id=user_id,
                    created_at=now,
                    expires_at=now + days * 24 * 3600,
                )
            )

    def session_user(self, token: str) -> User | None:
        """The user signed in with `token`, unless it was ended or has expired."""
        return self.session_users([token]).get(token)

    def session_users(self, tokens: Iterable[str]) -> dict[str, User]:
        """Of `tokens`, those of sessions neither ended nor expired, each with its user:
        one query for many (hundreds at a time, within every database's limit on a
        statement's parameters)."""
        by_hash = {_token_hash(token): token for token in tokens}
        hashes = list(by_hash)
        found: dict[str, User] = {}
        with self.engine.connect() as connection:
            for start in range(0, len(hashes), SESSIONS_A_QUERY):
                rows = connection.execute(
                    select(SessionRow.token_hash, UserRow.id, UserRow.name, UserRow.is_guest)
                    .join(UserRow, SessionRow.user_id == UserRow.id)
                    .where(
                        SessionRow.token_hash.in_(hashes[start : start + SESSIONS_A_QUERY]),
                        SessionRow.expires_at > time.time(),
                    )
                )
                for token_hash, user_id, name, is_guest in rows:
                    found[by_hash[token_hash]] = User(user_id, name, is_guest)
        return found

    def end_session(self, token: str) -> None:
        with self._session() as session:
            session.execute(delete(SessionRow).where(SessionRow.token_hash == _token_hash(token)))

    def end_sessions(self, user_id: int, *, keep: str | None = None) -> None:
        """End every session of `user_id` but `keep`'s (after a new password)."""
        with self._session() as session:
            query = delete(SessionRow).where(SessionRow.user_id == user_id)
            if keep is not None:
                query = query.where(SessionRow.token_hash != _token_hash(keep))
            session.execute(query)

    def remove_idle_guests(self, older_than: float) -> int:
        """Delete guests created before `older_than` that hold no seat and made no table,
        with their sessions; expired sessions go too. How many guests went."""
        with self._session() as session:
            seated = select(SeatRow.user_id).where(SeatRow.user_id.is_not(None))
            created = select(TableRow.created_by)
            idle = select(UserRow.id).where(
                UserRow.is_guest.is_(True),
                UserRow.created_at < older_than,
                UserRow.id.not_in(seated),
                UserRow.id.not_in(created),
            )
            ids = list(session.scalars(idle))
            session.execute(
                delete(SessionRow).where(
                    or_(SessionRow.user_id.in_(ids), SessionRow.expires_at < time.time())
                )
            )
            session.execute(delete(UserRow).where(UserRow.id.in_(ids)))
            return len(ids)

    def user(self, user_id: int) -> User | None:
        with self._session() as session:
            row = session.get(UserRow, user_id)
            return None if row is None else User(row.id, row.name, row.is_guest)

    def preferences(self, user_id: int) -> dict[str, Any]:
        with self._session() as session:
            row = session.get(PreferenceRow, user_id)
            return {} if row is None else dict(row.values)

    def set_preferences(self, user_id: int, values: dict[str, Any]) -> None:
        with self._session() as session:
            row = session.get(PreferenceRow, user_id)
            if row is None:
                session.add(PreferenceRow(user_id=user_id, values=dict(values)))
            else:
                row.values = dict(values)

    # ---- tables -------------------------------------------------------------------------

    def create_table(self, info: TableInfo) -> None:
        with self._session() as session:
            session.add(
                TableRow(
                    id=info.id,
                    game=info.game,
                    rules_version=info.rules_version,
                    options=info.options,
                    seed=info.seed,
                    status=info.status,
                    private=info.private,
                    created_by=info.created_by,
                    created_at=info.created_at,
                    updated_at=info.updated_at,
                    version=info.version,
                    move_seconds=info.move_seconds,
                    hints=info.hints,
                )
            )
            session.flush()
            for seat in info.seats:
                session.add(
                    SeatRow(
                        table_id=info.id,
                        seat=seat.seat,
                        kind=seat.kind,
                        bot=seat.bot,
                        user_id=seat.user_id,
                        timed_out=False,
                    )
                )

    def table(self, table_id: str) -> TableInfo | None:
        with self._session() as session:
            row = session.get(TableRow, table_id)
            if row is None:
                return None
            return self._info(session, row)

    def _info(self, session: Session, row: TableRow) -> TableInfo:
        seats = seats_and_users(session, row.id)
        return TableInfo(
            id=row.id,
            game=row.game,
            rules_version=row.rules_version,
            options=dict(row.options),
            seed=row.seed,
            status=row.status,
            private=row.private,
            created_by=row.created_by,
            created_at=row.created_at,
            updated_at=row.updated_at,
            version=row.version,
            move_seconds=row.move_seconds,
            deadline=row.deadline,
            result=row.result,
            seats=[
                Seat(s.seat, s.kind, s.bot, s.user_id, user.name if user else None, s.timed_out)
                for s, user in seats
            ],
            hints=row.hints,
        )

    def actions(self, table_id: str) -> list[list[Any]]:
        with self._session() as session:
            query = select(ActionRow.action).where(ActionRow.table_id == table_id)
            rows = session.scalars(query.order_by(ActionRow.ply)).all()
            return [list(value) for value in rows]

    def list_tables(self, *, status: str, user_id: int | None, limit: int = 100) -> list[TableInfo]:
        """Tables in `status`; only those where `user_id` holds a seat if it is given,
        else only public ones."""
        with self._session() as session:
            query = select(TableRow).where(TableRow.status == status)
            if user_id is not None:
                seated = select(SeatRow.table_id).where(SeatRow.user_id == user_id)
                query = query.where(TableRow.id.in_(seated))
            else:
                query = query.where(TableRow.private.is_(False))
            query = query.order_by(TableRow.updated_at.desc()).limit(limit)
            return [self._info(session, row) for row in session.scalars(query).all()]

    def count_unfinished_tables(self, user_id: int) -> int:
        """Tables `user_id` created that are waiting for players or in play."""
        with self._session() as session:
            query = select(func.count()).where(
                TableRow.created_by == user_id, TableRow.status.in_(("open", "playing"))
            )
            return int(session.scalar(query) or 0)

    def table_ids_in_play(self, idle_since: float | None = None) -> list[str]:
        """Tables in play; only those unchanged since `idle_since` if it is given."""
        with self._session() as session:
            query = select(TableRow.id).where(TableRow.status == "playing")
            if idle_since is not None:
                query = query.where(TableRow.updated_at < idle_since)
            return list(session.scalars(query))

    # ---- chat ---------------------------------------------------------------------------

    def add_chat(
        self, table_id: str, user: User, seat: int | None, text: str, *, keep: int
    ) -> ChatLine:
        """Store a chat line; the table keeps its `keep` newest lines only."""
        line = ChatLine(0, user.id, user.name, seat, text, time.time())
        with self._session() as session:
            row = ChatRow(
                table_id=table_id,
                user_id=user.id,
                name=user.name,
                seat=seat,
                text=text,
                created_at=line.at,
            )
            session.add(row)
            session.flush()
            oldest_kept = (
                select(ChatRow.id)
                .where(ChatRow.table_id == table_id)
                .order_by(ChatRow.id.desc())
                .offset(keep - 1)
                .limit(1)
                .scalar_subquery()
            )
            session.execute(
                delete(ChatRow).where(ChatRow.table_id == table_id, ChatRow.id < oldest_kept)
            )
            return ChatLine(row.id, line.user_id, line.name, seat, text, line.at)

    def chat(self, table_id: str, limit: int) -> list[ChatLine]:
        """The table's `limit` newest chat lines, oldest first."""
        with self._session() as session:
            rows = session.scalars(
                select(ChatRow)
                .where(ChatRow.table_id == table_id)
                .order_by(ChatRow.id.desc())
                .limit(limit)
            )
            lines = [ChatLine(r.id, r.user_id, r.name, r.seat, r.text, r.created_at) for r in rows]
        return lines[::-1]

    # ---- changes to one table -----------------------------------------------------------
    # Each change is a few SQL statements on one table's rows, committed before the call
    # returns; changes made at the same moment (many tables, one writer) are committed
    # together, each statement sent once for all of them (`_Batcher`).

    def _write(self, table_id: str, *ops: Op) -> None:
        """Run `ops` in a transaction committed before this returns (or raising why not)."""
        self.commit(Write(table_id, ops))

    def commit(self, write: Write) -> None:
        """Commit `write` before returning (or raise why not)."""
        failure = self._batcher.run([write])[0]
        if failure is not None:
            raise failure

    def commit_together(self, writes: list[Write]) -> list[BaseException | None]:
        """Commit `writes` in one transaction if the database takes them all (else each
        alone): each one's failure, or None, once all are settled."""
        return self._batcher.run(writes)

    def set_seat_user(self, table_id: str, seat: int, user_id: int | None) -> None:
        self._write(table_id, _seat_op(table_id, seat, user_id=user_id), _touch(table_id))

    def set_seat_bot(self, table_id: str, seat: int, bot: str, *, deadline: float | None) -> None:
        """A bot plays `seat` from now on; its player (user_id) stays on record."""
        self._write(
            table_id,
            _seat_op(table_id, seat, kind="bot", bot=bot, timed_out=False),
            _touch(table_id, deadline=deadline),
        )

    def set_timed_out(
        self, table_id: str, seat: int, timed_out: bool, *, deadline: float | None
    ) -> None:
        self._write(
            table_id,
            _seat_op(table_id, seat, timed_out=timed_out),
            _touch(table_id, deadline=deadline),
        )

    def set_status(
        self,
        table_id: str,
        status: str,
        *,
        result: dict[str, Any] | None = None,
        deadline: float | None = None,
    ) -> None:
        self._write(table_id, _touch(table_id, status=status, result=result, deadline=deadline))

    def remove_action(
        self, table_id: str, ply: int, *, version: int, deadline: float | None
    ) -> None:
        """Forget an undone action and store the new move counter, in one transaction."""
        self._write(
            table_id,
            Op(("delete action",), {"b_table": table_id, "b_ply": ply}),
            _touch(table_id, version=version, deadline=deadline),
        )


def seats_and_users(session: Session, table_id: str) -> list[tuple[SeatRow, UserRow | None]]:
    """A table's seats in order, each with the account holding it (None for a bot's)."""
    query = (
        select(SeatRow, UserRow)
        .outerjoin(UserRow, SeatRow.user_id == UserRow.id)
        .where(SeatRow.table_id == table_id)
        .order_by(SeatRow.seat)
    )
    return [(seat, user) for seat, user in session.execute(query).all()]


def _token_hash(token: str) -> str:
    """Sessions are kept by the hash of their token: a copy of the database signs no one in."""
    return hashlib.sha256(token.encode()).hexdigest()


# ---- the writer ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Op:
    """One SQL statement of a write: which (`key`, see `_statement`) and its parameters."""

    key: tuple[str, ...]
    params: dict[str, Any]


@dataclass(frozen=True)
class Write:
    """The statements of one change to one table, committed together."""

    table_id: str
    ops: tuple[Op, ...]


class WriteGuard(Protocol):
    """What every transaction of table changes checks first, on PostgreSQL: a node that it
    is still alive (kaido/server/nodes.py)."""

    def alive_query(self) -> tuple[str, dict[str, Any]]:
        """A SELECT in the driver's SQL, and its parameters, that finds a row while the
        writes may go ahead and locks what it reads until their transaction ends."""
        ...

    def refused(self) -> None:
        """Called when the query finds nothing: nothing of the transaction is committed."""
        ...


def action_write(
    table_id: str,
    ply: int,
    seat: int,
    action: list[Any],
    *,
    version: int,
    status: str,
    result: dict[str, Any] | None,
    deadline: float | None,
) -> Write:
    """An accepted action with the table's new move counter, status and clock: after its
    commit, a restart replays to exactly this state."""
    row = {"table_id": table_id, "ply": ply, "seat": seat, "action": action}
    return Write(
        table_id,
        (
            Op(("insert action",), {**row, "created_at": time.time()}),
            _touch(table_id, version=version, status=status, result=result, deadline=deadline),
        ),
    )


def _touch(table_id: str, **values: Any) -> Op:
    """The table row's new values, and the time it changed."""
    values["updated_at"] = time.time()
    columns = tuple(sorted(values))
    return Op(("table", *columns), {"b_table": table_id, **_prefixed(values)})


def _seat_op(table_id: str, seat: int, **values: Any) -> Op:
    columns = tuple(sorted(values))
    return Op(("seat", *columns), {"b_table": table_id, "b_seat": seat, **_prefixed(values)})


def _prefixed(values: dict[str, Any]) -> dict[str, Any]:
    # A bound parameter may not share its column's name in an UPDATE's SET clause.
    return {f"b_{name}": value for name, value in values.items()}


@functools.cache
def _statement(key: tuple[str, ...]) -> UpdateBase:
    """The Core statement an op names, built once."""
    tables, seats, actions = (Base.metadata.tables[name] for name in ("tables", "seats", "actions"))
    kind, *columns = key
    if kind == "insert action":
        return insert(actions)
    if kind == "delete action":
        return delete(actions).where(
            actions.c.table_id == bindparam("b_table"), actions.c.ply == bindparam("b_ply")
        )
    values: dict[str, Any] = {name: bindparam(f"b_{name}") for name in columns}
    if kind == "table":
        return update(tables).where(tables.c.id == bindparam("b_table")).values(values)
    return (
        update(seats)
        .where(seats.c.table_id == bindparam("b_table"), seats.c.seat == bindparam("b_seat"))
        .values(values)
    )


@dataclass(frozen=True, slots=True)
class _DriverStatement:
    """An op's statement as the database driver takes it: its SQL, compiled once for the
    engine's dialect; its parameters' order, for drivers that take them by position
    (sqlite3); and the conversions its columns' types make (JSON to text). The writer sends
    it on the driver's cursor: SQLAlchemy's work per execution was a third of the CPU of a
    move's commit (bench/README.md)."""

    sql: str
    order: tuple[str, ...] | None
    conversions: tuple[tuple[str, Callable[[Any], Any]], ...]

    @classmethod
    def compile(cls, statement: UpdateBase, dialect: Dialect) -> _DriverStatement:
        compiled = statement.compile(dialect=dialect)
        conversions = tuple(
            (name, convert)
            for name, bind in compiled.binds.items()
            if (convert := bind.type.dialect_impl(dialect).bind_processor(dialect)) is not None
        )
        order = tuple(compiled.positiontup or ()) if compiled.positional else None
        return cls(str(compiled), order, conversions)

    def row(self, params: dict[str, Any]) -> dict[str, Any] | tuple[Any, ...]:
        """`params` as the driver takes them."""
        params = self.converted(params)
        return params if self.order is None else tuple(params[name] for name in self.order)

    def converted(self, params: dict[str, Any]) -> dict[str, Any]:
        """`params` with each value as its column's type stores it (a new dict: a write
        tried again after its batch failed is converted again from the same op)."""
        if self.conversions:
            params = dict(params)
            for name, convert in self.conversions:
                params[name] = convert(params[name])
        return params


class _Writer:
    """Sends writes' statements on one connection, each kind once with the parameters of
    all (executemany), in the driver's SQL (`_DriverStatement`, made once per kind)."""

    def __init__(self) -> None:
        self._statements: dict[tuple[str, ...], _DriverStatement] = {}

    def statement(self, key: tuple[str, ...], dialect: Dialect) -> _DriverStatement:
        statement = self._statements.get(key)
        if statement is None:
            statement = _DriverStatement.compile(_statement(key), dialect)
            self._statements[key] = statement
        return statement

    def execute(self, connection: DBAPIConnection, dialect: Dialect, writes: list[Write]) -> None:
        """Statements of different tables commute; a table met twice starts a new group,
        so one table's statements keep their order."""
        groups: dict[tuple[str, ...], list[dict[str, Any]]] = {}
        seen: set[str] = set()
        for write in writes:
            if write.table_id in seen:
                self._send(connection, dialect, groups)
                groups, seen = {}, set()
            seen.add(write.table_id)
            for op in write.ops:
                groups.setdefault(op.key, []).append(op.params)
        self._send(connection, dialect, groups)

    def _send(
        self,
        connection: DBAPIConnection,
        dialect: Dialect,
        groups: dict[tuple[str, ...], list[dict[str, Any]]],
    ) -> None:
        with contextlib.closing(connection.cursor()) as cursor:
            for key, params in groups.items():
                statement = self.statement(key, dialect)
                rows: list[Any] = [statement.row(one) for one in params]
                with _as_sqlalchemy_errors(dialect, statement.sql, rows):
                    if len(rows) > 1:
                        cursor.executemany(statement.sql, rows)
                    else:
                        cursor.execute(statement.sql, rows[0])


class _Moves:
    """Moves of different tables, on PostgreSQL, as one statement in a transaction of its
    own (the writer's connection is in autocommit): every action inserted and every table
    row updated from one JSON document of their values (`json_to_recordset`), with the
    node's check in it. One round trip where a statement each and the COMMIT took three
    (four with the check), at 55-65% of their CPU in process; and one text parameter, made
    by orjson, where the driver's dumping of an array per column took a third of the
    writer's CPU (bench/README.md)."""

    ACTIONS = ("table_id", "ply", "seat", "action", "created_at")
    TABLES = ("version", "status", "result", "deadline", "updated_at")
    KEYS = (("insert action",), ("table", *sorted(TABLES)))
    """The statements of an `action_write` (`_touch` names its columns sorted)."""
    INSERTS = (
        "inserted AS (INSERT INTO actions (table_id, ply, seat, action, created_at) "
        "SELECT m.table_id, m.ply, m.seat, m.action, m.created_at "
        "FROM json_to_recordset(%(moves)s::json) "
        "AS m(table_id varchar, ply int, seat int, action json, created_at float8){alive}) "
    )
    UPDATES = (
        "UPDATE tables SET version = m.version, status = m.status, result = m.result, "
        "deadline = m.deadline, updated_at = m.updated_at "
        "FROM json_to_recordset(%(moves)s::json) AS m(table_id varchar, version int, "
        "status varchar, result json, deadline float8, updated_at float8) "
        "WHERE tables.id = m.table_id{alive}"
    )
    PLAIN = "WITH " + INSERTS.format(alive="") + UPDATES.format(alive="")
    CHECKED = (
        "WITH alive AS ({query}), "
        + INSERTS.format(alive=" WHERE EXISTS (SELECT FROM alive)")
        + UPDATES.format(alive=" AND EXISTS (SELECT FROM alive)")
    )

    @staticmethod
    def take(writes: list[Write]) -> bool:
        """Whether `writes` are all moves, of different tables (one row update each)."""
        moves = all(tuple(op.key for op in write.ops) == _Moves.KEYS for write in writes)
        return moves and len({write.table_id for write in writes}) == len(writes)

    @classmethod
    def commit(
        cls,
        connection: PoolProxiedConnection,
        dialect: Dialect,
        writes: list[Write],
        guard: WriteGuard | None,
    ) -> None:
        sql, params = cls.PLAIN, {"moves": cls.document(writes)}
        if guard is not None:
            query, check = guard.alive_query()
            sql = cls.CHECKED.replace("{query}", query)
            params.update(check)
        with contextlib.closing(connection.cursor()) as cursor:
            with _as_sqlalchemy_errors(dialect, sql, params):
                cursor.execute(sql, params)
            updated = cursor.rowcount
        if updated == 0 and guard is not None:  # (a missing table row fails its action's key)
            guard.refused()

    @classmethod
    def document(cls, writes: list[Write]) -> str:
        """The moves as a JSON array of objects, one per write: its action's columns and
        its table row's new values (JSON columns as JSON values, not text)."""
        rows = []
        for write in writes:
            action, table = write.ops
            row = {name: action.params[name] for name in cls.ACTIONS}
            for name in cls.TABLES:
                row[name] = table.params[f"b_{name}"]
            rows.append(row)
        return json_text(rows)


@contextmanager
def _as_sqlalchemy_errors(dialect: Dialect, statement: str, params: Any = None) -> Iterator[None]:
    """The driver's errors raised as SQLAlchemy raises them (IntegrityError,
    OperationalError, ...): the callers tell a refused write by SQLAlchemyError."""
    try:
        yield
    except dialect.loaded_dbapi.Error as error:
        raise DBAPIError.instance(
            statement, params, error, dialect.loaded_dbapi.Error, dialect=dialect
        ) from error


class _Batcher:
    """Group commit: one thread runs the writes waiting at a moment in one transaction,
    so concurrent moves share a disk flush. If that transaction fails, each write is
    tried alone, so a write the database refuses fails by itself. Writes come in on a
    `queue.SimpleQueue` and each caller waits on a bare lock (`_Outcome`): both wait and
    wake in C, where a `Condition` and a `Future` per write did it in Python."""

    def __init__(self, engine: Engine) -> None:
        self._engine = engine
        self.guard: WriteGuard | None = None
        self._inbox: queue.SimpleQueue[tuple[Write, _Outcome] | None] = queue.SimpleQueue()
        """Writes to commit; None to stop."""
        self._connection: PoolProxiedConnection | None = None
        """The driver's connection, used as it is: SQLAlchemy's `Connection` and
        transaction around it were a tenth of a commit's CPU or more (bench/README.md).
        Kept open between batches (a checkout from the pool and its reset on return were a
        quarter); on PostgreSQL in autocommit for its life, since most batches are one
        statement (`_Moves`), with an explicit transaction for the others (setting it and
        back around each batch of moves took 60-75 µs in the server, bench/README.md).
        Dropped after a failure and at the end (closed, never given back to the pool),
        opened again next."""
        self._writer = _Writer()
        self._moves_together = engine.dialect.name == "postgresql"
        """Moves go as one statement (`_Moves`), on PostgreSQL in autocommit."""
        self._closing = threading.Lock()
        self._stopped = False
        self._thread = threading.Thread(target=self._loop, name="kaido-writer", daemon=True)
        self._thread.start()

    def run(self, writes: list[Write]) -> list[BaseException | None]:
        """Commit `writes` (put in together, so one batch takes them all): each one's
        failure, or None."""
        if not writes:  # a batch whose moves were all called off: nothing to wait for
            return []
        outcomes = [_Outcome() for _write in writes]
        with self._closing:
            if self._stopped:
                raise RuntimeError("the store is closed")
            for write, outcome in zip(writes, outcomes, strict=True):
                self._inbox.put((write, outcome))
        return [outcome.wait() for outcome in outcomes]

    def stop(self) -> None:
        with self._closing:
            self._stopped = True
            self._inbox.put(None)
        self._thread.join(timeout=30)

    def _loop(self) -> None:
        stopping = False
        while not stopping:
            batch: list[tuple[Write, _Outcome]] = []
            item = self._inbox.get()
            while item is not None:  # every write waiting now joins the batch
                batch.append(item)
                try:
                    item = self._inbox.get_nowait()
                except queue.Empty:
                    break
            stopping = item is None  # the writes put before stop() are committed first
            if batch:
                self._commit(batch)
        self._drop_connection()

    def _open(self) -> PoolProxiedConnection:
        connection = self._engine.raw_connection()
        if self._moves_together:
            driver: Any = connection.driver_connection
            driver.autocommit = True
        return connection

    def _commit(self, batch: list[tuple[Write, _Outcome]]) -> None:
        try:
            connection = self._connection = self._connection or self._open()
            dialect = self._engine.dialect
            writes = [write for write, _outcome in batch]
            if not self._moves_together:
                self._change(connection, dialect, writes)
                with _as_sqlalchemy_errors(dialect, "COMMIT"):
                    connection.commit()
            elif _Moves.take(writes):
                _Moves.commit(connection, dialect, writes, self.guard)
            else:
                driver: Any = connection.driver_connection
                with _as_sqlalchemy_errors(dialect, "BEGIN/COMMIT"), driver.transaction():
                    self._change(connection, dialect, writes)
        except Exception as error:  # the database's refusal, or a bug: told to each caller
            self._drop_connection()
            if len(batch) == 1:
                batch[0][1].done(error)
                return
            for one in batch:
                self._commit([one])
            return
        for _write, outcome in batch:
            outcome.done(None)

    def _change(self, connection: DBAPIConnection, dialect: Dialect, writes: list[Write]) -> None:
        """`writes`' statements, after the node's check, in the transaction open."""
        if self.guard is not None:
            self._check(connection, dialect, self.guard)
        self._writer.execute(connection, dialect, writes)

    @staticmethod
    def _check(connection: DBAPIConnection, dialect: Dialect, guard: WriteGuard) -> None:
        query, params = guard.alive_query()
        with (
            contextlib.closing(connection.cursor()) as cursor,
            _as_sqlalchemy_errors(dialect, query, params),
        ):
            cursor.execute(query, params)
            alive = cursor.fetchone()
        if alive is None:
            guard.refused()

    def _drop_connection(self) -> None:
        """The connection closed, not given back to the pool: after a failure it may be
        broken, and on PostgreSQL it is in autocommit."""
        connection, self._connection = self._connection, None
        if connection is not None:
            with contextlib.suppress(Exception):  # it may be broken already
                connection.invalidate()


class _Outcome:
    """A write's outcome, waited for by the thread that asked: a lock held until the
    writer releases it, with the error the commit raised, if any."""

    __slots__ = ("_error", "_lock")

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._lock.acquire()
        self._error: BaseException | None = None

    def done(self, error: BaseException | None) -> None:
        self._error = error
        self._lock.release()

    def wait(self) -> BaseException | None:
        self._lock.acquire()
        return self._error
