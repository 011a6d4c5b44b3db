"""The database schema (SQLAlchemy 2): users, tables, seats, each table's actions and chat,
and the leaderboards' ratings, finished tables' reviews and the hints players took.

A table's game is its record: options and seed on the `tables` row, one `actions` row per
accepted action. The state is never stored; it is the replay of those rows.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from contextlib import contextmanager
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
    Sequence,
    String,
    UniqueConstraint,
    create_engine,
    event,
    inspect,
    make_url,
    text,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from kaido.server.messages import json_text


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
    hints: Mapped[bool] = mapped_column(Boolean, default=False)
    """Players may ask the bot for hints (never at a rated table: kaido/server/reviews.py)."""


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


class ReviewRow(Base):
    """A finished table's review (kaido/review), made once in the background."""

    __tablename__ = "reviews"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    status: Mapped[str] = mapped_column(String(16))
    """queued (to make, also after a restart), ready or failed."""
    review: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    error: Mapped[str | None] = mapped_column(String(1000), nullable=True)
    updated_at: Mapped[float] = mapped_column(Float)


class HintRow(Base):
    """A hint a player took: the bot's best moves at one decision, as they were shown."""

    __tablename__ = "hints"
    __table_args__ = (UniqueConstraint("table_id", "version"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), index=True)
    version: Mapped[int] = mapped_column(Integer)
    """The table's move counter when it was asked (one hint per position)."""
    step: Mapped[int] = mapped_column(Integer)
    """Actions made before it: the decision it was for."""
    seat: Mapped[int] = mapped_column(Integer)
    moves: Mapped[list[Any]] = mapped_column(JSON)
    created_at: Mapped[float] = mapped_column(Float)


class NodeRow(Base):
    """A server process serving tables of this database (`kaido serve --node`). Its row
    lives while the node does: a heartbeat moves `expires_at` on, and any node deletes the
    rows of nodes that are gone, their leases with them (kaido/server/nodes.py)."""

    __tablename__ = "nodes"

    id: Mapped[int] = mapped_column(Integer, Sequence("node_ids"), primary_key=True)
    address: Mapped[str] = mapped_column(String(300))
    """Where the proxy reaches the node (nginx's `proxy_pass` address)."""
    pid: Mapped[int] = mapped_column(Integer)
    """The node's process id on its host (for operators)."""
    started_at: Mapped[float] = mapped_column(Float)
    expires_at: Mapped[float] = mapped_column(Float)
    """The database's clock (epoch seconds) past which the node is taken for gone."""


class LeaseRow(Base):
    """The one node serving a table now: it holds the table in memory, runs its bots and
    clocks and writes its moves."""

    __tablename__ = "leases"

    table_id: Mapped[str] = mapped_column(
        ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True
    )
    node_id: Mapped[int] = mapped_column(ForeignKey("nodes.id", ondelete="CASCADE"), index=True)


class RateCountRow(Base):
    """A count of the rate limits that the nodes of one server share (limits.py)."""

    __tablename__ = "rate_counts"

    key: Mapped[str] = mapped_column(String(400), primary_key=True)
    count: Mapped[int] = mapped_column(Integer)
    expires_at: Mapped[float] = mapped_column(Float)
    """The database's clock (epoch seconds) when the count's window ends."""


SCHEMA_LOCK = 0x4B41_0001
"""The advisory lock under which the schema is made."""
# ---- quick match, turns and their mail, player tournaments (docs/play.md) ---------------


class QueueRow(Base):
    """A player waiting for a quick match (one place per account), then the table they were
    seated at, kept a while so every tab of theirs finds it (kaido/server/matchmaking.py)."""

    __tablename__ = "quick_queue"

    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), primary_key=True)
    game: Mapped[str] = mapped_column(String(40))
    players: Mapped[int] = mapped_column(Integer)
    pace: Mapped[str] = mapped_column(String(16))
    """realtime or turn-based: which move clock the table gets."""
    rating: Mapped[float] = mapped_column(Float)
    """The player's rating in the game when they joined (the leaderboard's, else the start)."""
    bots_after: Mapped[float | None] = mapped_column(Float, nullable=True)
    """Seconds of waiting after which bots may fill the table; None: people only."""
    joined_at: Mapped[float] = mapped_column(Float)
    seen_at: Mapped[float] = mapped_column(Float)
    """When a page of theirs last asked (a place nobody asks about is given up)."""
    matched_at: Mapped[float | None] = mapped_column(Float, nullable=True)
    table_id: Mapped[str | None] = mapped_column(String(24), nullable=True)


class TurnRow(Base):
    """The person who decides now at a table in play, since when, and whether a mail told
    them (kaido/server/turns.py). No row: a bot decides, or the game is not in play."""

    __tablename__ = "turns"

    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), index=True)
    since: Mapped[float] = mapped_column(Float)
    mailed: Mapped[bool] = mapped_column(Boolean, default=False)


class MailRow(Base):
    """A player's address for turn mail, once they gave one (kaido/server/notify.py)."""

    __tablename__ = "mail_settings"

    user_id: Mapped[int] = mapped_column(ForeignKey("users.id"), primary_key=True)
    address: Mapped[str] = mapped_column(String(254))
    lang: Mapped[str] = mapped_column(String(4))
    confirmed: Mapped[bool] = mapped_column(Boolean, default=False)
    """The address's owner opened the link mailed to it (no other mail is sent before)."""
    turn_mail: Mapped[bool] = mapped_column(Boolean, default=True)
    last_sent: Mapped[float | None] = mapped_column(Float, nullable=True)


class TournamentRow(Base):
    """A tournament players made (kaido/server/tournaments.py)."""

    __tablename__ = "tournaments"

    id: Mapped[str] = mapped_column(String(24), primary_key=True)
    name: Mapped[str] = mapped_column(String(80))
    game: Mapped[str] = mapped_column(String(40))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    format: Mapped[str] = mapped_column(String(16))
    """swiss or elimination."""
    rounds: Mapped[int] = mapped_column(Integer)
    """Swiss rounds to play (elimination: as many as it takes)."""
    seats: Mapped[int] = mapped_column(Integer)
    capacity: Mapped[int] = mapped_column(Integer)
    start_at: Mapped[float | None] = mapped_column(Float, nullable=True)
    start_when_full: Mapped[bool] = mapped_column(Boolean)
    round_seconds: Mapped[int] = mapped_column(Integer)
    move_seconds: Mapped[int] = mapped_column(Integer)
    rated: Mapped[bool] = mapped_column(Boolean)
    bot_level: Mapped[str | None] = mapped_column(String(16), nullable=True)
    """Bots of this level fill the places left at the start; None: no bots."""
    created_by: Mapped[int] = mapped_column(ForeignKey("users.id"))
    created_at: Mapped[float] = mapped_column(Float)
    status: Mapped[str] = mapped_column(String(16), index=True)
    """registering, running, finished or cancelled."""
    round: Mapped[int] = mapped_column(Integer, default=0)
    round_started_at: Mapped[float | None] = mapped_column(Float, nullable=True)


class EntrantRow(Base):
    """A player of a tournament: an account or a bot that fills a place."""

    __tablename__ = "tournament_entrants"

    tournament_id: Mapped[str] = mapped_column(ForeignKey("tournaments.id"), primary_key=True)
    number: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[int | None] = mapped_column(ForeignKey("users.id"), nullable=True)
    bot: Mapped[str | None] = mapped_column(String(16), nullable=True)
    name: Mapped[str] = mapped_column(String(60))
    draw: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """The place drawn at the start: it seeds round 1 and breaks the last ties."""


class TournamentGameRow(Base):
    """One table of a round (or a bye: no table), its entrants by seat and, once it is
    over, their places with the no-shows last."""

    __tablename__ = "tournament_games"

    tournament_id: Mapped[str] = mapped_column(ForeignKey("tournaments.id"), primary_key=True)
    round: Mapped[int] = mapped_column(Integer, primary_key=True)
    board: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[str | None] = mapped_column(String(24), nullable=True, index=True)
    entrants: Mapped[list[int]] = mapped_column(JSON)
    places: Mapped[list[int] | None] = mapped_column(JSON, nullable=True)
    forfeits: Mapped[list[int]] = mapped_column(JSON)
    """Entrants who never came to the table (no-shows): placed last."""


class PresenceRow(Base):
    """A person who came to their tournament table (opened it or made a decision there)."""

    __tablename__ = "tournament_presence"

    table_id: Mapped[str] = mapped_column(String(24), primary_key=True)
    user_id: Mapped[int] = mapped_column(Integer, primary_key=True)


def make_engine(url: str) -> Engine:
    """An engine for `url` with the schema created; SQLite gets WAL and enforced keys."""
    if url.startswith("sqlite"):
        engine = create_engine(
            url,
            connect_args={"check_same_thread": False, "timeout": 30},
            json_serializer=json_text,
        )
        event.listen(engine, "connect", _sqlite_pragmas)
    else:
        # Connections enough for the threads that serve requests at once: past the pool
        # each one is opened and closed again, a new PostgreSQL process each time.
        engine = create_engine(
            url, pool_pre_ping=True, pool_size=16, max_overflow=16, json_serializer=json_text
        )
    with engine.begin() as connection:
        if engine.dialect.name == "postgresql":  # nodes starting at once make it once
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": SCHEMA_LOCK})
        Base.metadata.create_all(connection)
    _add_name_keys(engine)
    _add_column(engine, "tables", "hints", "BOOLEAN NOT NULL DEFAULT FALSE")
    return engine


@contextmanager
def scratch_database(url: str, prefix: str = "kaido_scratch") -> Iterator[str]:
    """The URL of a new, empty PostgreSQL database on the server `url` names (whose
    database it connects to, to make it), dropped afterwards with its connections: each
    test, or each run of a benchmark, starts from nothing."""
    name = f"{prefix}_{uuid.uuid4().hex[:16]}"
    admin = create_engine(url, isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as connection:
            connection.execute(text(f'CREATE DATABASE "{name}"'))
        yield make_url(url).set(database=name).render_as_string(hide_password=False)
    finally:
        with admin.connect() as connection:
            connection.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


def _add_name_keys(engine: Engine) -> None:
    """Databases made before names were compared by key get the column (filled in by
    `Store.fill_name_keys`)."""
    columns = {column["name"] for column in inspect(engine).get_columns("users")}
    if "name_key" in columns:
        return
    with engine.begin() as connection:
        connection.execute(text("ALTER TABLE users ADD COLUMN name_key VARCHAR(120)"))
        connection.execute(text("CREATE UNIQUE INDEX ix_users_name_key ON users (name_key)"))


def _add_column(engine: Engine, table: str, column: str, definition: str) -> None:
    """Databases made before `table` had `column` get it (with its default)."""
    if column in {c["name"] for c in inspect(engine).get_columns(table)}:
        return
    with engine.begin() as connection:
        connection.execute(text(f"ALTER TABLE {table} ADD COLUMN {column} {definition}"))


def _sqlite_pragmas(connection: Any, _record: Any) -> None:
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    # FULL: a commit is on disk before the server tells anyone of the move.
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()
