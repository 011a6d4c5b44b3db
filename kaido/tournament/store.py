"""Where tournaments live: an SQLite file by default, or any database URL SQLAlchemy knows
(the server's PostgreSQL, for instance). Tournament tables are separate from the server's.

Each finished game is one row written in its own transaction as soon as the game ends, so
a run killed at any moment (Ctrl-C, kill -9, a lost machine) keeps every game it finished
and the next run plays only the missing ones.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Engine,
    Float,
    ForeignKey,
    Integer,
    String,
    create_engine,
    event,
    select,
)
from sqlalchemy.exc import IntegrityError, OperationalError
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column, sessionmaker

from kaido.core.errors import KaidoError
from kaido.core.records import Record
from kaido.core.result import Result
from kaido.server.config import normalize_database_url
from kaido.tournament.plan import Plan

DEFAULT_FILE = "tournaments.sqlite3"


class Base(DeclarativeBase):
    pass


class TournamentRow(Base):
    __tablename__ = "tournaments"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    name: Mapped[str] = mapped_column(String(120), unique=True)
    plan: Mapped[dict[str, Any]] = mapped_column(JSON)
    games: Mapped[int] = mapped_column(Integer)
    """The planned number of games (whole rounds); a later run may plan more."""
    created_at: Mapped[float] = mapped_column(Float)


class TournamentGameRow(Base):
    __tablename__ = "tournament_games"

    tournament_id: Mapped[int] = mapped_column(ForeignKey("tournaments.id"), primary_key=True)
    game_index: Mapped[int] = mapped_column(Integer, primary_key=True)
    round: Mapped[int] = mapped_column(Integer)
    seed: Mapped[int] = mapped_column(BigInteger)
    seats: Mapped[list[str]] = mapped_column(JSON)
    scores: Mapped[list[float]] = mapped_column(JSON)
    ranks: Mapped[list[int]] = mapped_column(JSON)
    actions: Mapped[list[Any]] = mapped_column(JSON)
    seconds: Mapped[float] = mapped_column(Float)
    finished_at: Mapped[float] = mapped_column(Float)


@dataclass(frozen=True)
class Tournament:
    id: int
    name: str
    plan: Plan
    games: int


@dataclass(frozen=True)
class FinishedGame:
    """One played game of a tournament: who sat where, the result, and its actions."""

    index: int
    round: int
    seed: int
    seats: tuple[str, ...]
    scores: tuple[float, ...]
    ranks: tuple[int, ...]
    actions: list[list[Any]]
    seconds: float

    @property
    def decisions(self) -> int:
        return len(self.actions)

    def record(self, plan: Plan) -> Record:
        """The game's full record: replaying it gives every state of the game."""
        return Record(
            game=plan.game,
            rules_version=plan.rules_version,
            options=dict(plan.options),
            seed=self.seed,
            actions=self.actions,
            result=Result(self.scores, self.ranks),
            players=list(self.seats),
        )


def database_url(text: str) -> str:
    """A database URL as given, or an SQLite URL for a file path."""
    if "://" in text:
        return normalize_database_url(text)
    return f"sqlite:///{Path(text).expanduser().resolve()}"


def _plan_from_json(value: dict[str, Any]) -> Plan:
    return Plan(
        game=value["game"],
        rules_version=value["rules_version"],
        options=value["options"],
        bots=tuple(value["bots"]),
        format=value["format"],
        players=value["players"],
        seed=value["seed"],
    )


class TournamentStore:
    def __init__(self, url: str) -> None:
        self.url = url
        if url.startswith("sqlite"):
            self.engine: Engine = create_engine(url, connect_args={"timeout": 30})
            event.listen(self.engine, "connect", _sqlite_pragmas)
        else:
            self.engine = create_engine(url, pool_pre_ping=True)
        try:
            Base.metadata.create_all(self.engine)
        except OperationalError as error:
            where = self.where
            raise KaidoError(f"cannot open the tournament database {where}: {error.orig}") from None
        self._sessions = sessionmaker(self.engine, expire_on_commit=False)

    @property
    def where(self) -> str:
        """The database's URL without its password, for messages."""
        return self.engine.url.render_as_string(hide_password=True)

    def close(self) -> None:
        self.engine.dispose()

    @contextmanager
    def _session(self) -> Iterator[Session]:
        with self._sessions.begin() as session:
            yield session

    def open(self, plan: Plan, name: str, games: int) -> Tournament:
        """The tournament `name`, created with `plan` or checked against it; it now plans
        `games` games (a later run may ask for more rounds of the same tournament)."""
        with self._session() as session:
            row = session.scalars(select(TournamentRow).where(TournamentRow.name == name)).first()
            if row is None:
                row = TournamentRow(name=name, plan=plan.to_json(), games=games)
                row.created_at = time.time()
                session.add(row)
                session.flush()
            else:
                _check_same(name, _plan_from_json(row.plan), plan)
                row.games = games
            return Tournament(row.id, name, plan, games)

    def find(self, name: str) -> Tournament:
        with self._session() as session:
            row = session.scalars(select(TournamentRow).where(TournamentRow.name == name)).first()
            if row is None:
                known = ", ".join(t.name for t in self.tournaments()) or "none yet"
                raise KaidoError(f"no tournament {name!r} in {self.where} (tournaments: {known})")
            return Tournament(row.id, row.name, _plan_from_json(row.plan), row.games)

    def tournaments(self) -> list[Tournament]:
        with self._session() as session:
            rows = session.scalars(select(TournamentRow).order_by(TournamentRow.id))
            return [Tournament(r.id, r.name, _plan_from_json(r.plan), r.games) for r in rows]

    def finished_indices(self, tournament: Tournament) -> set[int]:
        with self._session() as session:
            query = select(TournamentGameRow.game_index).where(
                TournamentGameRow.tournament_id == tournament.id
            )
            return set(session.scalars(query))

    def save(self, tournament: Tournament, game: FinishedGame) -> bool:
        """Store a finished game in its own transaction; False if it was already stored."""
        row = TournamentGameRow(
            tournament_id=tournament.id,
            game_index=game.index,
            round=game.round,
            seed=game.seed,
            seats=list(game.seats),
            scores=list(game.scores),
            ranks=list(game.ranks),
            actions=game.actions,
            seconds=game.seconds,
            finished_at=time.time(),
        )
        try:
            with self._session() as session:
                session.add(row)
        except IntegrityError:
            return False
        return True

    def games(self, tournament: Tournament) -> list[FinishedGame]:
        """The tournament's finished games within its plan, in game order."""
        query = (
            select(TournamentGameRow)
            .where(TournamentGameRow.tournament_id == tournament.id)
            .where(TournamentGameRow.game_index < tournament.games)
            .order_by(TournamentGameRow.game_index)
        )
        with self._session() as session:
            return [
                FinishedGame(
                    r.game_index,
                    r.round,
                    r.seed,
                    tuple(r.seats),
                    tuple(r.scores),
                    tuple(r.ranks),
                    r.actions,
                    r.seconds,
                )
                for r in session.scalars(query)
            ]


def _check_same(name: str, stored: Plan, wanted: Plan) -> None:
    if stored == wanted:
        return
    old, new = stored.to_json(), wanted.to_json()
    changed = [key for key in new if old.get(key) != new[key]]
    details = "; ".join(f"{key} was {old.get(key)!r}, now {new[key]!r}" for key in changed)
    raise KaidoError(
        f"tournament {name!r} was started with other settings ({details}); "
        "give the same settings to go on, or another --name"
    )


def _sqlite_pragmas(connection: Any, _record: Any) -> None:
    cursor = connection.cursor()
    # WAL: readers (a report) never block the runner. A commit survives the process being
    # killed (NORMAL syncs at checkpoints only, enough unless the machine itself fails).
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()
