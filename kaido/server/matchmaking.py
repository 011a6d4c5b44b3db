"""Quick match: "Play now" puts a player in the queue of a game, a player count and a pace
(real time or turn-based); the matchmaker seats players of about the same rating together,
the window of ratings it accepts widening as they wait, and fills the seats left with bots
of about their strength once they waited as long as they chose (if they allowed bots).

The queue is in the database (`quick_queue`), one place per account: every tab of a player
sees the same place, a reload finds it again, and it outlives a restart (the matchmaker
gives everyone waiting a fresh `STALE_SECONDS` to come back after one). A place that no page
asks about for `STALE_SECONDS` is given up: its player closed every tab. The matchmaker runs
in one process only (kaido/server/duties.py).
"""

from __future__ import annotations

import logging
import random
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from fastapi import FastAPI, Request
from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy import Engine, delete, func, select, update
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import Session

from kaido.core.errors import KaidoError
from kaido.games import get_game
from kaido.server.bots import LEVELS
from kaido.server.db import QueueRow, UserRow
from kaido.server.errors import BadRequest
from kaido.server.store import User
from kaido.server.tables import SeatRequest, TableManager

log = logging.getLogger("kaido.server")

DEFAULT_RATING = 25.0
"""A player without a rating in the game: openskill's starting mean."""
BOT_RATINGS = {"easy": 20.0, "normal": 25.0, "strong": 30.0}
"""Designed: a level's place on the rating scale until the game's leaderboard rates it
(easy below a newcomer, normal at one, strong above)."""
WINDOW_BASE = 2.0
"""Two players are seated together at once when their ratings differ by this much..."""
WINDOW_GROWTH = 0.1
"""... and the window widens by this much a second of waiting (the shorter wait counts)."""
STALE_SECONDS = 30.0
"""A place no page of its player asked about for this long is given up."""
MATCHED_KEEP_SECONDS = 600.0
"""How long the table a player was seated at is kept for their pages to find."""
MAX_BOTS_AFTER = 3600.0


@dataclass(frozen=True)
class Waiting:
    """A place in a queue, as the matching sees it."""

    user_id: int
    rating: float
    joined_at: float
    bots_after: float | None


def window(place: Waiting, now: float) -> float:
    return WINDOW_BASE + WINDOW_GROWTH * max(0.0, now - place.joined_at)


def compatible(a: Waiting, b: Waiting, now: float) -> bool:
    """Each one's window holds the other's rating."""
    return abs(a.rating - b.rating) <= min(window(a, now), window(b, now))


def bots_due(place: Waiting, now: float) -> bool:
    return place.bots_after is not None and now - place.joined_at >= place.bots_after


def form_tables(places: Sequence[Waiting], players: int, now: float) -> list[list[Waiting]]:
    """The groups to seat now, from one queue. The longest waiting player first gathers the
    nearest ratings that suit everyone gathered; a full group is seated, and so is one that
    bots may complete: its first player waited the time they chose and everyone in it
    allows bots. Otherwise that player waits on and the next one gathers."""
    left = sorted(places, key=lambda p: (p.joined_at, p.user_id))
    groups = []
    while left:
        first = left[0]
        group = gather(first, left[1:], players, now, lambda _p: True)
        if len(group) < players and bots_due(first, now):
            group = gather(first, left[1:], players, now, lambda p: p.bots_after is not None)
        elif len(group) < players:
            group = []
        if group:
            groups.append(group)
        left = [p for p in left if p not in group and p is not first]
    return groups


def gather(
    first: Waiting,
    others: Sequence[Waiting],
    players: int,
    now: float,
    allowed: Callable[[Waiting], bool],
) -> list[Waiting]:
    group = [first]
    for other in sorted(others, key=lambda p: (abs(p.rating - first.rating), p.joined_at)):
        if len(group) == players:
            break
        if allowed(other) and all(compatible(other, member, now) for member in group):
            group.append(other)
    return group


def bot_level(ratings: Sequence[float], bot_ratings: dict[str, float]) -> str:
    """The level whose rating is nearest the players' mean."""
    mean = sum(ratings) / len(ratings)
    return min(LEVELS, key=lambda level: abs(bot_ratings[level] - mean))


class QuickMatchIn(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    game: str = Field(max_length=40)
    players: int
    pace: Literal["realtime", "turn-based"] = "realtime"
    bots_after: float | None = None
    """Seconds; None: people only."""


class Matchmaker:
    def __init__(
        self,
        engine: Engine,
        tables: TableManager,
        clock: Callable[[], float],
        ratings: Callable[[str], dict[str, float]],
        move_seconds: dict[str, int],
    ) -> None:
        self.engine = engine
        self.tables = tables
        self.clock = clock
        self.ratings = ratings
        """A game's leaderboard: rating by player name (people and `bot:LEVEL`)."""
        self.move_seconds = move_seconds
        """The move clock of each pace."""
        self._fresh_start = True
        self._random = random.SystemRandom()
        self._ticking = threading.Lock()

    # ---- a player's place ---------------------------------------------------------------

    def join(self, user: User, body: QuickMatchIn) -> dict[str, Any]:
        """Take a place in a queue (instead of any place held before)."""
        try:
            game = get_game(body.game)
        except KaidoError as error:
            raise BadRequest(str(error)) from None
        if body.players not in game.player_counts:
            counts = ", ".join(map(str, game.player_counts))
            raise BadRequest(f"{game.id} is played by {counts} players")
        if body.bots_after is not None and not 0 <= body.bots_after <= MAX_BOTS_AFTER:
            raise BadRequest(f"bots_after is 0 to {MAX_BOTS_AFTER:.0f} seconds, or null")
        rating = self.ratings(game.id).get(user.name, DEFAULT_RATING)
        now = self.clock()
        with Session(self.engine) as session, session.begin():
            session.execute(delete(QueueRow).where(QueueRow.user_id == user.id))
            session.add(
                QueueRow(
                    user_id=user.id,
                    game=game.id,
                    players=body.players,
                    pace=body.pace,
                    rating=rating,
                    bots_after=body.bots_after,
                    joined_at=now,
                    seen_at=now,
                )
            )
        return self.status(user)

    def status(self, user: User) -> dict[str, Any]:
        """Where the player stands: idle, waiting (with how long and how wide their window
        is) or seated at a table. Asking keeps the place."""
        now = self.clock()
        with Session(self.engine) as session, session.begin():
            row = session.get(QueueRow, user.id)
            if row is None:
                return {"state": "idle"}
            if row.table_id is not None:
                return {"state": "matched", "table": row.table_id, "game": row.game}
            if now - row.seen_at > STALE_SECONDS / 3:  # fewer writes than one per ask
                row.seen_at = now
            if row.matched_at is not None:
                return {"state": "seating", "game": row.game}
            others = session.scalar(
                select(func.count()).where(
                    QueueRow.game == row.game,
                    QueueRow.players == row.players,
                    QueueRow.pace == row.pace,
                    QueueRow.matched_at.is_(None),
                )
            )
            place = Waiting(row.user_id, row.rating, row.joined_at, row.bots_after)
            return {
                "state": "waiting",
                "game": row.game,
                "players": row.players,
                "pace": row.pace,
                "rating": round(row.rating, 2),
                "waited": round(now - row.joined_at, 1),
                "window": round(window(place, now), 2),
                "bots_after": row.bots_after,
                "in_queue": int(others or 0),
            }

    def leave(self, user: User) -> dict[str, Any]:
        """Give the place up (or forget the table found, once the page went there). A
        place being seated right now is not left: the answer names the table then."""
        with Session(self.engine) as session, session.begin():
            row = session.get(QueueRow, user.id)
            if row is not None and (row.matched_at is None or row.table_id is not None):
                session.delete(row)
                return {"state": "idle"}
        return self.status(user)

    # ---- the matchmaker -----------------------------------------------------------------

    def tick(self) -> int:
        """Seat whoever can be seated now; how many tables were made."""
        with self._ticking:
            return self._tick()

    def _tick(self) -> int:
        now = self.clock()
        with Session(self.engine) as session, session.begin():
            if self._fresh_start:  # after a restart, everyone waiting may come back
                session.execute(
                    update(QueueRow).where(QueueRow.matched_at.is_(None)).values(seen_at=now)
                )
                self._fresh_start = False
            session.execute(
                delete(QueueRow).where(
                    (QueueRow.matched_at.is_(None) & (QueueRow.seen_at < now - STALE_SECONDS))
                    | (QueueRow.matched_at < now - MATCHED_KEEP_SECONDS)
                )
            )
            rows = session.scalars(
                select(QueueRow).where(QueueRow.matched_at.is_(None)).order_by(QueueRow.joined_at)
            ).all()
            queues: dict[tuple[str, int, str], list[Waiting]] = {}
            for row in rows:
                place = Waiting(row.user_id, row.rating, row.joined_at, row.bots_after)
                queues.setdefault((row.game, row.players, row.pace), []).append(place)
        made = 0
        for (game_id, players, pace), places in queues.items():
            for group in form_tables(places, players, now):
                made += self._seat(game_id, players, pace, group, now)
        return made

    def _seat(self, game_id: str, players: int, pace: str, group: list[Waiting], now: float) -> int:
        ids = [place.user_id for place in group]
        with Session(self.engine) as session, session.begin():
            claimed = session.scalars(
                update(QueueRow)
                .where(QueueRow.user_id.in_(ids), QueueRow.matched_at.is_(None))
                .values(matched_at=now)
                .returning(QueueRow.user_id)
            ).all()
            if len(claimed) != len(ids):  # someone left meanwhile: they all wait on
                session.rollback()
                return 0
            users = {
                row.id: User(row.id, row.name, row.is_guest)
                for row in session.scalars(select(UserRow).where(UserRow.id.in_(ids)))
            }
        held: list[User | None] = [users[i] for i in ids]
        seats = [SeatRequest("human")] * len(ids)
        if len(ids) < players:
            level = self._bot_level(game_id, [p.rating for p in group])
            held += [None] * (players - len(ids))
            seats += [SeatRequest("bot", level)] * (players - len(ids))
        order = list(range(players))
        self._random.shuffle(order)
        try:
            runtime = self.tables.create_seated(
                game_id,
                {},
                [seats[n] for n in order],
                [held[n] for n in order],
                created_by=ids[0],
                private=False,
                move_seconds=self.move_seconds[pace],
            )
        except (KaidoError, SQLAlchemyError) as error:
            log.error("a quick match table could not be made: %s", error)
            self._unclaim(ids)
            return 0
        with Session(self.engine) as session, session.begin():
            session.execute(
                update(QueueRow).where(QueueRow.user_id.in_(ids)).values(table_id=runtime.id)
            )
        return 1

    def _unclaim(self, ids: list[int]) -> None:
        with Session(self.engine) as session, session.begin():
            session.execute(
                update(QueueRow).where(QueueRow.user_id.in_(ids)).values(matched_at=None)
            )

    def _bot_level(self, game_id: str, ratings: list[float]) -> str:
        board = self.ratings(game_id)
        rated = {level: board.get(f"bot:{level}", BOT_RATINGS[level]) for level in LEVELS}
        return bot_level(ratings, rated)


def add_quickmatch_routes(
    app: FastAPI, matchmaker: Matchmaker, signed_in: Callable[[Request], User]
) -> None:
    @app.get("/api/quickmatch")
    def status(request: Request) -> dict[str, Any]:
        return matchmaker.status(signed_in(request))

    @app.post("/api/quickmatch")
    def join(body: QuickMatchIn, request: Request) -> dict[str, Any]:
        return matchmaker.join(signed_in(request), body)

    @app.post("/api/quickmatch/leave")
    def leave(request: Request) -> dict[str, Any]:
        return matchmaker.leave(signed_in(request))
