"""The database schema (SQLAlchemy 2): users, tables, seats, each table's actions and chat,
and the leaderboards' ratings.

A table's game is its record: options and seed on the `tables` row, one `actions` row per
accepted action. The state is never stored; it is the replay of those rows.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Engine,
    Float,
    ForeignKey,
    Index,
    Integer,
    String,
    create_engine,
    event,
    inspect,
    text,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


class Base(DeclarativeBase):
    pass


class UserRow(Base):
    __tablename__ = "users"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    name: Mapped[str] = mapped_column(String(40), unique=True)
    name_key: Mapped[str | None] = mapped_column(String(120), unique=True, nullable=True)
    """The name as compared: NFKC, case-folded, look-alike letters mapped (auth.name_key)."""
    password_hash: Mapped[str | None] = mapped_column(String(200), nullable=True)
    is_guest: Mapped[bool] = mapped_column(Boolean, default=False)
    created_at: Mapped[float] = mapped_column(Float)


class SessionRow(Base):
    """A signed-in browser. The cookie holds a random token; only its hash is kept here,
    and deleting the row (sign-out, a new password) ends the session at once."""

    __tablename__ = "sessions"

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    created_at: Mapped[float] = mapped_column(Float)
    expires_at: Mapped[float] = mapped_column(Float)


class TableRow(Base):
    __tablename__ = "tables"

    id: Mapped[str] = mapped_column(String(24), primary_key=True)
    game: Mapped[str] = mapped_column(String(40), index=True)
    rules_version: Mapped[str] = mapped_column(String(40))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    seed: Mapped[int] = mapped_column(BigInteger)
    status: Mapped[str] = mapped_column(String(16), index=True)
    """open (waiting for players), playing, finished."""
    private: Mapped[bool] = mapped_column(Boolean, default=False)
    created_by: Mapped[int] = mapped_column(ForeignKey("users.id"))
    created_at: Mapped[float] = mapped_column(Float)
    updated_at: Mapped[float] = mapped_column(Float)
    version: Mapped[int] = mapped_column(Integer, default=0)
    """Counts accepted changes (actions and undos): the move counter requests must name."""
    move_seconds: Mapped[int] = mapped_column(Integer, default=0)
    """0: no clock; else the time a human has for each decision."""
    deadline: Mapped[float | None] = mapped_column(Float, nullable=True)
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)


class SeatRow(Base):
    __tablename__ = "seats"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(8))
    """human or bot."""
    bot: Mapped[str | None] = mapped_column(String(80), nullable=True)
    user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id"), nullable=True, index=True)
    timed_out: Mapped[bool] = mapped_column(Boolean, default=False)
    """A human seat whose clock ran out: a bot plays it until its holder takes it back."""


class ActionRow(Base):
    __tablename__ = "actions"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    ply: Mapped[int] = mapped_column(Integer, primary_key=True)
    """1 for the first action of the game."""
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[list[Any]] = mapped_column(JSON)
    created_at: Mapped[float] = mapped_column(Float)


class PreferenceRow(Base):
    """A user's settings that the server acts on (declining offers for them)."""

    __tablename__ = "preferences"

    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), primary_key=True)
    values: Mapped[dict[str, Any]] = mapped_column(JSON)


class ChatRow(Base):
    """A line of a table's chat. The name is kept as it was written under (no foreign key:
    a guest who only watched and chatted is still removed after a day)."""

    __tablename__ = "chat"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), index=True)
    user_id: Mapped[int] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(String(40))
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """The seat the writer held, or None for a spectator."""
    text: Mapped[str] = mapped_column(String(1000))
    created_at: Mapped[float] = mapped_column(Float)


class RatingRow(Base):
    """A side's current rating in one game: an account (`user:ID`) or a bot level
    (`bot:LEVEL`), updated as each rated game ends (kaido/server/leaderboard.py)."""

    __tablename__ = "ratings"
    __table_args__ = (Index("ix_ratings_board", "game", "mu"),)

    game: Mapped[str] = mapped_column(String(40), primary_key=True)
    player: Mapped[str] = mapped_column(String(40), primary_key=True)
    user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id"), nullable=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer)
    """Seats played in rated games (a bot level seated twice in one game counts twice)."""
    wins: Mapped[float] = mapped_column(Float)
    """Shares of wins (1/k for each of k tied first)."""


class RatedGameRow(Base):
    """A finished table's verdict, given once when it ended: rated, or why not."""

    __tablename__ = "rated_games"
    __table_args__ = (Index("ix_rated_games_game", "game", "rated"),)

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    game: Mapped[str] = mapped_column(String(40))
    finished_at: Mapped[float] = mapped_column(Float)
    rated: Mapped[bool] = mapped_column(Boolean)
    reason: Mapped[str | None] = mapped_column(String(200), nullable=True)
    """Why the game is not rated (None when it is)."""
    players: Mapped[list[str]] = mapped_column(JSON)
    """Who sat in each seat: account names (guests too) and `bot:LEVEL`."""


class RatedSeatRow(Base):
    """A rated side's place in a rated game and its rating after it: the player's history."""

    __tablename__ = "rated_seats"
    __table_args__ = (Index("ix_rated_seats_player", "game", "player", "finished_at"),)

    table_id: Mapped[str] = mapped_column(ForeignKey("rated_games.table_id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    game: Mapped[str] = mapped_column(String(40))
    player: Mapped[str] = mapped_column(String(40))
    finished_at: Mapped[float] = mapped_column(Float)
    place: Mapped[int] = mapped_column(Integer)
    score: Mapped[float] = mapped_column(Float)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)


def make_engine(url: str) -> Engine:
    """An engine for `url` with the schema created; SQLite gets WAL and enforced keys."""
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})
        event.listen(engine, "connect", _sqlite_pragmas)
    else:
        engine = create_engine(url, pool_pre_ping=True)
    Base.metadata.create_all(engine)
    _add_name_keys(engine)
    return engine


def _add_name_keys(engine: Engine) -> None:
    """Databases made before names were compared by key get the column (filled in by
    `Store.fill_name_keys`)."""
    columns = {column["name"] for column in inspect(engine).get_columns("users")}
    if "name_key" in columns:
        return
    with engine.begin() as connection:
        connection.execute(text("ALTER TABLE users ADD COLUMN name_key VARCHAR(120)"))
        connection.execute(text("CREATE UNIQUE INDEX ix_users_name_key ON users (name_key)"))


def _sqlite_pragmas(connection: Any, _record: Any) -> None:
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    # FULL: a commit is on disk before the server tells anyone of the move.
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()
