"""Per-game leaderboards of the web server: openskill ratings of people and bot levels from
the games a player would call games, updated one finished game at a time.

What is rated (docs/server.md, *Leaderboards*): a finished public table with at least two
rated sides, one of them a person's account. Each account is a side, and each bot level
(`bot:easy`, `bot:normal`, `bot:strong`: each level is rated as one player); guests are
not rated. A game ended by a resignation (or a removal) counts only once a quarter of a
typical game's decisions were made (`Game.decisions_per_player` times the seats); two
accounts count at most `PAIR_GAMES_PER_DAY` games of one game together in any 24 hours. A
person who left before the end (a bot played their seat on) is placed last.

Each finished table gets its verdict once, as it ends (`Leaderboards.record`): kept in
`rated_games` (with the reason when not rated); a rated game updates its sides' rows in
`ratings` in place and adds their places and ratings after it to `rated_seats` (their
histories). That is a few rows per game, however many games were played before.
`catch_up` gives a verdict to tables that ended without one (a failed write, a database
from before ratings were kept); `rebuild` forgets a game's ratings and gives every finished
table of it a verdict again, in the order they ended (after a change of these rules).
"""

from __future__ import annotations

import itertools
import logging
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from fastapi import FastAPI
from openskill.models import PlackettLuce
from sqlalchemy import Engine, delete, func, select
from sqlalchemy.exc import IntegrityError, SQLAlchemyError
from sqlalchemy.orm import Session, aliased

from kaido.core.errors import KaidoError
from kaido.core.records import Record
from kaido.core.result import Result
from kaido.games import game_ids, get_game
from kaido.server.db import (
    ActionRow,
    RatedGameRow,
    RatedSeatRow,
    RatingRow,
    TableRow,
    UserRow,
)
from kaido.server.errors import NotFound
from kaido.server.names import name_key
from kaido.server.store import seats_and_users
from kaido.tournament.ratings import Z95, rate_game

log = logging.getLogger("kaido.server")

BOT_PREFIX = "bot:"
USER_PREFIX = "user:"
PAIR_GAMES_PER_DAY = 3
"""Rated games of one game that two accounts may play together in any 24 hours: enough for
an evening of friends, too few to farm a rating from a second account."""
DAY_SECONDS = 24 * 3600.0
REAL_SHARE = 0.25
"""The share of a typical game's decisions after which a resignation ends a rated game."""
CATCH_UP_CHUNK = 100
"""Tables given their verdicts in one transaction when catching up (one disk flush)."""
_MODEL = PlackettLuce()


@dataclass(frozen=True)
class Side:
    """Who held one seat of a finished table."""

    seat: int
    name: str
    """As on record: the account's name (a guest's too) or `bot:LEVEL`."""
    key: str | None
    """The rated player: `user:ID` or `bot:LEVEL`; None for a guest."""
    left: bool
    """The person left before the end (resigned or was removed)."""


@dataclass(frozen=True)
class Ended:
    """What a verdict needs of a finished table."""

    table_id: str
    game: str
    private: bool
    finished_at: float
    decisions: int
    result: Result
    resigned: bool
    """The game ended because a player left (resigned or removed), not by its rules."""
    sides: list[Side]

    @property
    def rated_sides(self) -> list[Side]:
        return [side for side in self.sides if side.key is not None]

    @property
    def accounts(self) -> list[str]:
        keys = {s.key for s in self.sides if s.key is not None and s.key.startswith(USER_PREFIX)}
        return sorted(keys)

    def places(self) -> Result:
        """The result with those who left placed last."""
        leavers = {side.seat for side in self.sides if side.left}
        return self.result.forfeited(leavers) if leavers else self.result


def verdict(ended: Ended) -> str | None:
    """Why `ended` is not rated, or None if it may be (the accounts' games together that
    day are counted apart, in `Leaderboards._record`)."""
    if ended.private:
        return "a private table"
    if len(ended.rated_sides) < 2:
        return "fewer than two rated sides (guests are not rated)"
    if not ended.accounts:
        return "no player with an account (guests and bots only)"
    if ended.resigned:
        needed = _decisions_needed(ended.game, len(ended.sides))
        if needed is None or ended.decisions < needed:
            return f"ended by a resignation after {ended.decisions} decisions, before {needed}"
    return None


def _decisions_needed(game_id: str, seats: int) -> int | None:
    """A real share of the game: a quarter of a typical game's decisions (None: unknown)."""
    try:
        per_player = get_game(game_id).decisions_per_player
    except KaidoError:
        return None
    return None if per_player is None else round(REAL_SHARE * per_player * seats)


# ---- reading a finished table ---------------------------------------------------------------


def ended_table(session: Session, table: TableRow) -> Ended | None:
    """The finished table as a verdict sees it (None if it has no result)."""
    if table.status != "finished" or not table.result:
        return None
    sides = []
    for seat, user in seats_and_users(session, table.id):
        if user is None:
            sides.append(
                Side(seat.seat, f"{BOT_PREFIX}{seat.bot}", f"{BOT_PREFIX}{seat.bot}", False)
            )
        else:
            key = None if user.is_guest else f"{USER_PREFIX}{user.id}"
            sides.append(Side(seat.seat, user.name, key, seat.kind == "bot"))
    resigned = bool(table.result.get("resigned"))
    decisions = 0
    if resigned:  # counted only where it matters
        query = select(func.count()).where(ActionRow.table_id == table.id)
        decisions = int(session.scalar(query) or 0)
    return Ended(
        table.id,
        table.game,
        table.private,
        table.updated_at,
        decisions,
        Result.from_json(table.result),
        resigned,
        sides,
    )


# ---- the leaderboards -----------------------------------------------------------------------


class Leaderboards:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def record(self, table_id: str) -> None:
        """Give the finished table its verdict and, if rated, update its sides' ratings.
        Done once per table (a second call, here or in another process, changes nothing);
        a failure is logged, and `catch_up` tries again later."""
        self._record_all([table_id])

    def _record_all(self, table_ids: Sequence[str]) -> None:
        """Verdicts for `table_ids` in one transaction; one by one if that fails."""
        alone = len(table_ids) == 1
        for _attempt in range(3 if alone else 1):
            try:
                with Session(self.engine) as session, session.begin():
                    for table_id in table_ids:
                        self._record(session, table_id)
                return
            except IntegrityError:  # another process gave a verdict or added a side
                if alone and self._has_verdict(table_ids[0]):
                    return
            except SQLAlchemyError as error:
                if alone:
                    log.error("table %s could not be rated now: %s", table_ids[0], error)
                    return
                break
        if not alone:
            for table_id in table_ids:
                self._record_all([table_id])

    def _has_verdict(self, table_id: str) -> bool:
        with Session(self.engine) as session:
            return session.get(RatedGameRow, table_id) is not None

    def _record(self, session: Session, table_id: str) -> None:
        table = session.get(TableRow, table_id)
        ended = None if table is None else ended_table(session, table)
        if ended is None:
            return
        # Written before any rating is read: the verdict claims the table, and on SQLite
        # (whose driver begins the transaction at its first write) the transaction holds
        # the write lock from here, so no other rating update interleaves.
        verdict_row = RatedGameRow(
            table_id=ended.table_id,
            game=ended.game,
            finished_at=ended.finished_at,
            rated=False,
            reason=None,
            players=[side.name for side in ended.sides],
        )
        session.add(verdict_row)
        session.flush()
        verdict_row.reason = verdict(ended)
        if verdict_row.reason is not None:
            return
        rows = self._locked_rows(session, ended)  # counted after the lock: one pair at a time
        pairs = itertools.combinations(ended.accounts, 2)
        if any(self._games_together(session, ended, pair) >= PAIR_GAMES_PER_DAY for pair in pairs):
            verdict_row.reason = (
                f"two of its players had played {PAIR_GAMES_PER_DAY} rated games together that day"
            )
            return
        verdict_row.rated = True
        self._rate(session, ended, rows)

    def _locked_rows(self, session: Session, ended: Ended) -> dict[str, RatingRow]:
        """The rated sides' rating rows, made if new, locked until the end of the
        transaction (PostgreSQL; in a consistent order, so two updates never deadlock)."""
        keys = sorted({side.key for side in ended.rated_sides if side.key is not None})
        if len(keys) < 2:
            return {}
        query = select(RatingRow).where(RatingRow.game == ended.game, RatingRow.player.in_(keys))
        found = {row.player: row for row in session.scalars(query.order_by(RatingRow.player))}
        for key in keys:
            if key not in found:
                fresh = _MODEL.rating()
                user_id = (
                    int(key.removeprefix(USER_PREFIX)) if key.startswith(USER_PREFIX) else None
                )
                session.add(
                    RatingRow(
                        game=ended.game,
                        player=key,
                        user_id=user_id,
                        mu=fresh.mu,
                        sigma=fresh.sigma,
                        games=0,
                        wins=0.0,
                    )
                )
        session.flush()  # a row another process added meanwhile: IntegrityError, tried again
        locked = query.order_by(RatingRow.player).with_for_update()
        return {row.player: row for row in session.scalars(locked)}

    def _games_together(self, session: Session, ended: Ended, pair: tuple[str, str]) -> int:
        """Rated games of this game the two accounts played together in the day before."""
        mine, theirs = aliased(RatedSeatRow), aliased(RatedSeatRow)
        query = (
            select(func.count(func.distinct(mine.table_id)))
            .join(theirs, theirs.table_id == mine.table_id)
            .where(
                mine.game == ended.game,
                mine.player == pair[0],
                theirs.player == pair[1],
                mine.finished_at > ended.finished_at - DAY_SECONDS,
                mine.finished_at <= ended.finished_at,
                mine.table_id != ended.table_id,
            )
        )
        return int(session.scalar(query) or 0)

    def _rate(self, session: Session, ended: Ended, rows: dict[str, RatingRow]) -> None:
        result = ended.places()
        sides = ended.rated_sides
        keys = [side.key for side in sides if side.key is not None]
        ratings = {
            key: _MODEL.rating(mu=row.mu, sigma=row.sigma, name=key) for key, row in rows.items()
        }
        rate_game(_MODEL, ratings, keys, [result.ranks[side.seat] for side in sides])
        shares = result.win_shares
        for side, key in zip(sides, keys, strict=True):
            row = rows[key]
            row.mu, row.sigma = ratings[key].mu, ratings[key].sigma
            row.games += 1
            row.wins += shares[side.seat]
            session.add(
                RatedSeatRow(
                    table_id=ended.table_id,
                    seat=side.seat,
                    game=ended.game,
                    player=key,
                    finished_at=ended.finished_at,
                    place=result.ranks[side.seat],
                    score=result.scores[side.seat],
                    mu=row.mu,
                    sigma=row.sigma,
                )
            )

    def catch_up(self, game_id: str | None = None) -> int:
        """Verdicts for the finished tables that have none, in the order they ended; how
        many were given."""
        query = (
            select(TableRow.id)
            .outerjoin(RatedGameRow, RatedGameRow.table_id == TableRow.id)
            .where(TableRow.status == "finished", RatedGameRow.table_id.is_(None))
            .order_by(TableRow.updated_at, TableRow.id)
        )
        if game_id is not None:
            query = query.where(TableRow.game == game_id)
        with Session(self.engine) as session:
            ids = list(session.scalars(query))
        for start in range(0, len(ids), CATCH_UP_CHUNK):
            self._record_all(ids[start : start + CATCH_UP_CHUNK])
        return len(ids)

    def rebuild(self, game_id: str) -> int:
        """Forget `game_id`'s ratings and verdicts, and give every finished table of it a
        verdict again in the order they ended; how many tables."""
        with Session(self.engine) as session, session.begin():
            for row in (RatedSeatRow, RatingRow, RatedGameRow):
                session.execute(delete(row).where(row.game == game_id))
        return self.catch_up(game_id)

    # ---- reading ------------------------------------------------------------------------

    def board(self, game_id: str) -> dict[str, Any]:
        _check_game(game_id)
        with Session(self.engine) as session:
            rated = select(func.count()).where(
                RatedGameRow.game == game_id, RatedGameRow.rated.is_(True)
            )
            games = int(session.scalar(rated) or 0)
            rows = session.execute(
                select(RatingRow, UserRow.name)
                .outerjoin(UserRow, RatingRow.user_id == UserRow.id)
                .where(RatingRow.game == game_id)
                .order_by(RatingRow.mu.desc(), RatingRow.sigma, RatingRow.player)
            ).all()
        return {
            "game": game_id,
            "games": games,
            "players": [
                {
                    "name": name or row.player,
                    "bot": row.player.startswith(BOT_PREFIX),
                    "rating": round(row.mu, 2),
                    "sigma": round(row.sigma, 2),
                    "rating_95": [
                        round(row.mu - Z95 * row.sigma, 2),
                        round(row.mu + Z95 * row.sigma, 2),
                    ],
                    "games": row.games,
                    "wins": round(row.wins, 2),
                    "win_rate": round(row.wins / row.games, 4) if row.games else 0.0,
                }
                for row, name in rows
            ],
        }

    def player(self, game_id: str, name: str) -> dict[str, Any]:
        """`name`'s rated games of `game_id` in the order they ended, each with their
        rating after it."""
        _check_game(game_id)
        with Session(self.engine) as session:
            key = self._key(session, name)
            rows = session.execute(
                select(RatedSeatRow, RatedGameRow.players)
                .join(RatedGameRow, RatedGameRow.table_id == RatedSeatRow.table_id)
                .where(RatedSeatRow.game == game_id, RatedSeatRow.player == key)
                .order_by(RatedSeatRow.finished_at, RatedSeatRow.table_id)
            ).all()
        if not rows:
            raise NotFound(f"{name!r} has no rated {game_id} game")
        return {
            "game": game_id,
            "name": name,
            "games": [
                {
                    "table": row.table_id,
                    "finished_at": row.finished_at,
                    "players": players,
                    "seat": row.seat,
                    "place": row.place,
                    "score": row.score,
                    "rating": round(row.mu, 2),
                    "sigma": round(row.sigma, 2),
                }
                for row, players in rows
            ],
        }

    def _key(self, session: Session, name: str) -> str | None:
        if name.startswith(BOT_PREFIX):
            return name
        user_id = session.scalar(select(UserRow.id).where(UserRow.name_key == name_key(name)))
        return None if user_id is None else f"{USER_PREFIX}{user_id}"


def _check_game(game_id: str) -> None:
    if game_id not in game_ids():
        raise NotFound(f"no game {game_id!r}")


# ---- records for reports --------------------------------------------------------------------


def finished_tables(session: Session, game_id: str) -> list[Record]:
    """The records of `game_id`'s finished tables in the order they ended, `players`
    naming who sat in each seat: an account name or `bot:LEVEL` (`kaido report`)."""
    query = select(TableRow).where(TableRow.game == game_id, TableRow.status == "finished")
    rows = session.scalars(query.order_by(TableRow.updated_at, TableRow.id)).all()
    return [_record(session, row) for row in rows]


def _record(session: Session, table: TableRow) -> Record:
    seats = seats_and_users(session, table.id)
    names = [user.name if user else f"{BOT_PREFIX}{seat.bot}" for seat, user in seats]
    actions = session.scalars(
        select(ActionRow.action).where(ActionRow.table_id == table.id).order_by(ActionRow.ply)
    ).all()
    result = Result.from_json(table.result) if table.result else None
    return Record(
        table.game, table.rules_version, table.options, table.seed, list(actions), result, names
    )


def add_leaderboard_routes(app: FastAPI, boards: Leaderboards) -> None:
    @app.get("/api/leaderboards/{game_id}")
    def board(game_id: str) -> dict[str, Any]:
        return boards.board(game_id)

    @app.get("/api/leaderboards/{game_id}/players/{name}")
    def player(game_id: str, name: str) -> dict[str, Any]:
        return boards.player(game_id, name)
