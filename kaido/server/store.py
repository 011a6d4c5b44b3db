"""Every database operation the server makes, each one transaction, returning plain data."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import Engine, delete, func, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker

from kaido.core.errors import KaidoError
from kaido.server.db import ActionRow, PreferenceRow, SeatRow, TableRow, UserRow, make_engine


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


class Store:
    def __init__(self, url: str) -> None:
        self.engine: Engine = make_engine(url)
        self._sessions = sessionmaker(self.engine, expire_on_commit=False)

    def close(self) -> None:
        self.engine.dispose()

    @contextmanager
    def _session(self) -> Iterator[Session]:
        with self._sessions.begin() as session:
            yield session

    # ---- users --------------------------------------------------------------------------

    def create_user(self, name: str, password_hash: str | None, *, is_guest: bool) -> User:
        row = UserRow(
            name=name, password_hash=password_hash, is_guest=is_guest, created_at=time.time()
        )
        try:
            with self._session() as session:
                session.add(row)
                session.flush()
                return User(row.id, row.name, row.is_guest)
        except IntegrityError:
            raise NameTaken(f"the name {name!r} is taken") from None

    def user_by_name(self, name: str) -> tuple[User, str | None] | None:
        """The user called `name` (case-insensitive) and their password hash."""
        with self._session() as session:
            row = session.scalar(select(UserRow).where(func.lower(UserRow.name) == name.lower()))
            if row is None:
                return None
            return User(row.id, row.name, row.is_guest), row.password_hash

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
        seats = session.execute(
            select(SeatRow, UserRow.name)
            .outerjoin(UserRow, SeatRow.user_id == UserRow.id)
            .where(SeatRow.table_id == row.id)
            .order_by(SeatRow.seat)
        ).all()
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
            seats=[Seat(s.seat, s.kind, s.bot, s.user_id, name, s.timed_out) for s, name in seats],
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

    def table_ids_in_play(self) -> list[str]:
        with self._session() as session:
            return list(session.scalars(select(TableRow.id).where(TableRow.status == "playing")))

    # ---- changes to one table -----------------------------------------------------------

    def set_seat_user(self, table_id: str, seat: int, user_id: int | None) -> None:
        with self._session() as session:
            session.execute(
                update(SeatRow)
                .where(SeatRow.table_id == table_id, SeatRow.seat == seat)
                .values(user_id=user_id)
            )
            self._touch(session, table_id)

    def set_timed_out(
        self, table_id: str, seat: int, timed_out: bool, *, deadline: float | None
    ) -> None:
        with self._session() as session:
            session.execute(
                update(SeatRow)
                .where(SeatRow.table_id == table_id, SeatRow.seat == seat)
                .values(timed_out=timed_out)
            )
            self._touch(session, table_id, deadline=deadline)

    def set_status(
        self,
        table_id: str,
        status: str,
        *,
        result: dict[str, Any] | None = None,
        deadline: float | None = None,
    ) -> None:
        with self._session() as session:
            self._touch(session, table_id, status=status, result=result, deadline=deadline)

    def append_action(
        self,
        table_id: str,
        ply: int,
        seat: int,
        action: list[Any],
        *,
        version: int,
        status: str,
        result: dict[str, Any] | None,
        deadline: float | None,
    ) -> None:
        """Store an accepted action with the table's new move counter, status and clock, in
        one transaction: after it, a restart replays to exactly this state."""
        with self._session() as session:
            session.add(
                ActionRow(
                    table_id=table_id, ply=ply, seat=seat, action=action, created_at=time.time()
                )
            )
            self._touch(
                session, table_id, version=version, status=status, result=result, deadline=deadline
            )

    def remove_action(
        self, table_id: str, ply: int, *, version: int, deadline: float | None
    ) -> None:
        """Forget an undone action and store the new move counter, in one transaction."""
        with self._session() as session:
            session.execute(
                delete(ActionRow).where(ActionRow.table_id == table_id, ActionRow.ply == ply)
            )
            self._touch(session, table_id, version=version, deadline=deadline)

    def _touch(self, session: Session, table_id: str, **values: Any) -> None:
        session.execute(
            update(TableRow).where(TableRow.id == table_id).values(updated_at=time.time(), **values)
        )
